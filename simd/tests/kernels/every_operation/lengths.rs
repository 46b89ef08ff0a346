//! The length and count functions of every kernel against scalar on long inputs made
//! of the bytes and units that hit their tests most: the vector accumulators count
//! in bytes and are summed before they could overflow, and the main loop takes
//! several vectors at a time, so lengths around those batch sizes (for 16-, 32- and
//! 64-byte vectors) and every tail length are checked, valid or not.

use utfast_scalar::Endian;
use utfast_simd::{Kernel, SCALAR};
use utfast_testkit::{kernels, quick, Rng};

/// Input lengths: every length up to 600 bytes, and around the accumulator batches
/// (85, 127 and 255 steps of 4 vectors of 16, 32 or 64 bytes). Quick runs (QEMU, the
/// AVX-512 model) take every 13th length.
fn lengths() -> Vec<usize> {
    let mut v: Vec<usize> = (0..=600).collect();
    for steps in [85usize, 127, 255] {
        for bytes in [16usize, 32, 64] {
            for times in [1, 2] {
                // Up to four vectors and a tail on either side.
                let (at, r) = (steps * bytes * times, 4 * bytes + 4);
                v.extend(at.saturating_sub(r)..at + r);
            }
        }
    }
    v.sort_unstable();
    v.dedup();
    if quick() {
        v = v.into_iter().step_by(13).collect();
    }
    v
}

/// Bytes drawn from `pool` (so that nearly every byte or unit hits a test).
fn bytes(rng: &mut Rng, pool: &[u8], n: usize) -> Vec<u8> {
    (0..n).map(|_| pool[rng.below(pool.len())]).collect()
}

/// A length function of a kernel, by name; UTF-16/UTF-32 ones take a byte order.
type Length = (&'static str, fn(&Kernel, &[u8], Endian) -> usize);

/// The functions over bytes (UTF-8, Latin-1).
const OVER_BYTES: [Length; 3] = [
    ("count_utf8", |k, s, _| k.count_utf8(s)),
    ("utf16_len_from_utf8", |k, s, _| k.utf16_len_from_utf8(s)),
    ("utf8_len_from_latin1", |k, s, _| k.utf8_len_from_latin1(s)),
];

/// The functions over UTF-16 or UTF-32 units.
const OVER_UNITS: [Length; 4] = [
    ("count_utf16", |k, s, e| k.count_utf16(s, e)),
    ("utf8_len_from_utf16", |k, s, e| k.utf8_len_from_utf16(s, e)),
    ("utf8_len_from_utf32", |k, s, e| k.utf8_len_from_utf32(s, e)),
    ("utf16_len_from_utf32", |k, s, e| {
        k.utf16_len_from_utf32(s, e)
    }),
];

#[test]
fn lengths_and_counts_at_batch_edges() {
    let ks = kernels();
    let mut rng = Rng(0x1e57);
    // UTF-8 and Latin-1 bytes: continuation bytes, 4-byte leads, ASCII, high bytes.
    let byte_pools: [&[u8]; 4] = [
        &[0x80, 0xBF],
        &[0xF0, 0xF4, 0xFF],
        &[0x80, 0xF0, b'a'],
        &[0],
    ];
    // UTF-16/UTF-32 byte pools: zero bytes make every unit small (all "below"
    // tests hit); 0xD8/0xDC make surrogates; the last pool makes units on either
    // side of the UTF-8 length limits (0x7F/0x80, 0x7FF/0x800, 0xFFFF/0x10000) and
    // above 0x7FFF_FFFF (an unsigned compare).
    let unit_pools: [&[u8]; 4] = [
        &[0],
        &[0, 0x07, 0xD8, 0xDC],
        &[0, 0x01, 0x10, 0xFF],
        &[0, 0x7F, 0x80, 0xFF, 0x07, 0x08],
    ];
    let mut checked = 0usize;
    for n in lengths() {
        let cases = byte_pools
            .iter()
            .map(|p| (p, &OVER_BYTES[..], &[Endian::Little][..]))
            .chain(
                unit_pools
                    .iter()
                    .map(|p| (p, &OVER_UNITS[..], &[Endian::Little, Endian::Big][..])),
            );
        for (pool, functions, endians) in cases {
            let src = bytes(&mut rng, pool, n);
            for &e in endians {
                for (name, f) in functions {
                    let want = f(&SCALAR, &src, e);
                    for k in ks {
                        let got = f(k, &src, e);
                        assert_eq!(got, want, "{} {name} {n} bytes {e:?} {pool:?}", k.name());
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 1_000, "{checked} checks");
}

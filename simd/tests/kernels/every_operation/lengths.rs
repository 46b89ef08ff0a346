//! The length and count functions of every kernel against scalar on long inputs made
//! of the bytes and units that hit their tests most: the vector accumulators count
//! in bytes and are summed before they could overflow, and the main loop takes
//! several vectors at a time, so lengths around those batch sizes (for 16-, 32- and
//! 64-byte vectors) and every tail length are checked, valid or not.

use utfast_scalar::Endian;
use utfast_simd::SCALAR;
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
    // tests hit); 0xD8/0xDC make surrogates.
    let unit_pools: [&[u8]; 3] = [&[0], &[0, 0x07, 0xD8, 0xDC], &[0, 0x01, 0x10, 0xFF]];
    let lens = lengths();
    let mut checked = 0usize;
    for &n in &lens {
        for pool in byte_pools {
            let src = bytes(&mut rng, pool, n);
            for k in ks {
                let name = k.name();
                assert_eq!(
                    k.count_utf8(&src),
                    SCALAR.count_utf8(&src),
                    "{name} count_utf8 {n}"
                );
                assert_eq!(
                    k.utf16_len_from_utf8(&src),
                    SCALAR.utf16_len_from_utf8(&src),
                    "{name} utf16_len_from_utf8 {n} {pool:?}"
                );
                assert_eq!(
                    k.utf8_len_from_latin1(&src),
                    SCALAR.utf8_len_from_latin1(&src),
                    "{name} utf8_len_from_latin1 {n} {pool:?}"
                );
                checked += 3;
            }
        }
        for pool in unit_pools {
            let src = bytes(&mut rng, pool, n);
            for e in [Endian::Little, Endian::Big] {
                for k in ks {
                    let name = k.name();
                    let ctx = format!("{n} {e:?} {pool:?}");
                    assert_eq!(
                        k.count_utf16(&src, e),
                        SCALAR.count_utf16(&src, e),
                        "{name} count_utf16 {ctx}"
                    );
                    assert_eq!(
                        k.utf8_len_from_utf16(&src, e),
                        SCALAR.utf8_len_from_utf16(&src, e),
                        "{name} utf8_len_from_utf16 {ctx}"
                    );
                    assert_eq!(
                        k.utf8_len_from_utf32(&src, e),
                        SCALAR.utf8_len_from_utf32(&src, e),
                        "{name} utf8_len_from_utf32 {ctx}"
                    );
                    assert_eq!(
                        k.utf16_len_from_utf32(&src, e),
                        SCALAR.utf16_len_from_utf32(&src, e),
                        "{name} utf16_len_from_utf32 {ctx}"
                    );
                    checked += 4;
                }
            }
        }
    }
    assert!(checked > 1_000, "{checked} checks");
}

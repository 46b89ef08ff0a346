//! `make_well_formed_utf16` of every kernel against scalar: lone, reversed and
//! paired surrogates at every unit of inputs that reach the validator's chunk loop,
//! at every start address modulo 64 (odd ones too), every length up to 300 bytes
//! (odd ones: the final byte is left alone), dense random surrogates; each result
//! compared byte for byte, with guard bytes around the slice that must not change.

use utfast_scalar::Endian;
use utfast_simd::SCALAR;
use utfast_testkit::{exact_vec, kernels, quick, Rng};

const GUARD: u8 = 0xA5;

fn bytes_of(units: &[u16], e: Endian) -> Vec<u8> {
    units.iter().flat_map(|&u| e.write_u16(u)).collect()
}

/// Runs every kernel on a copy of `src` placed `off` bytes after a 64-byte boundary
/// with guard bytes on both sides; compares with scalar.
fn check(src: &[u8], e: Endian, off: usize, what: &dyn Fn() -> String) {
    let mut want = src.to_vec();
    let count = SCALAR.make_well_formed_utf16(&mut want, e);
    let mut buf = vec![GUARD; src.len() + 192];
    let start = buf.as_ptr().align_offset(64) + off;
    for &k in kernels() {
        buf.fill(GUARD);
        buf[start..start + src.len()].copy_from_slice(src);
        let n = k.make_well_formed_utf16(&mut buf[start..start + src.len()], e);
        assert_eq!(n, count, "{} {e:?} count: {}", k.name(), what());
        assert_eq!(
            &buf[start..start + src.len()],
            &want[..],
            "{} {e:?}: {}",
            k.name(),
            what()
        );
        assert!(
            buf[..start]
                .iter()
                .chain(&buf[start + src.len()..])
                .all(|&b| b == GUARD),
            "{} {e:?} wrote outside the slice: {}",
            k.name(),
            what()
        );
        // And at the end of its own allocation.
        let mut exact = exact_vec(src);
        assert_eq!(k.make_well_formed_utf16(&mut exact, e), count);
        assert_eq!(exact, want, "{} {e:?} exact: {}", k.name(), what());
    }
}

#[test]
fn surrogates_at_every_unit_and_alignment() {
    let specials: &[&[u16]] = &[
        &[0xDC00],
        &[0xDBFF],
        &[0xD800, 0xD800],
        &[0xDFFF, 0xDBFF],
        &[0xD83D, 0xDE00],
        &[0xD83D, 0xDE00, 0xDC00],
        &[0xD83D, 0xD83D, 0xDE00],
    ];
    let units = 600; // 1200 bytes: the aligned chunk loop at every width
    let base: Vec<u16> = (0..units).map(|i| 0x41 + (i % 26) as u16).collect();
    let offsets: Vec<usize> = if quick() {
        vec![0, 1, 2, 46, 63]
    } else {
        (0..64).collect()
    };
    let positions: Vec<usize> = if quick() {
        (0..units - 3).step_by(5).collect()
    } else {
        (0..units - 3).collect()
    };
    for e in [Endian::Little, Endian::Big] {
        for &off in &offsets {
            for sp in specials {
                for &at in &positions {
                    let mut u = base.clone();
                    u[at..at + sp.len()].copy_from_slice(sp);
                    let src = bytes_of(&u, e);
                    check(&src, e, off, &|| {
                        format!("{sp:04X?} at unit {at}, start {off}")
                    });
                }
            }
        }
    }
}

#[test]
fn every_length_odd_ones_too() {
    let mut rng = Rng(33);
    let pick = [0x61u16, 0xE9, 0xD83D, 0xDE00, 0xDBFF, 0xDC00, 0x4E2D];
    for e in [Endian::Little, Endian::Big] {
        for len in 0..=300usize {
            for density in [0usize, 1, 3, 7] {
                let units: Vec<u16> = (0..len / 2)
                    .map(|_| {
                        if density > 0 && rng.below(density + 1) == 0 {
                            pick[2 + rng.below(4)]
                        } else {
                            pick[rng.below(2)]
                        }
                    })
                    .collect();
                let mut src = bytes_of(&units, e);
                if len % 2 == 1 {
                    // A final odd byte after a high surrogate or after anything.
                    if let Some(last) = src.len().checked_sub(2) {
                        if rng.below(2) == 0 {
                            src[last..].copy_from_slice(&e.write_u16(0xD800));
                        }
                    }
                    src.push(0xD8);
                }
                check(&src, e, len % 64, &|| {
                    format!("len {len} density {density}")
                });
            }
        }
    }
}

#[test]
fn dense_surrogates_in_long_inputs() {
    let mut rng = Rng(0x33A);
    let rounds = if quick() { 20 } else { 200 };
    for round in 0..rounds {
        let e = if round % 2 == 0 {
            Endian::Little
        } else {
            Endian::Big
        };
        let len = 64 + rng.below(4000);
        let units: Vec<u16> = (0..len)
            .map(|_| match rng.below(16) {
                0 => 0xD800 + rng.below(0x400) as u16,
                1 => 0xDC00 + rng.below(0x400) as u16,
                2..=4 => 0xE000 + rng.below(0x2000) as u16,
                _ => 0x20 + rng.below(0x60) as u16,
            })
            .collect();
        let mut src = bytes_of(&units, e);
        if round % 3 == 0 {
            src.push(0xDC);
        }
        check(&src, e, rng.below(64), &|| {
            format!("round {round} len {len}")
        });
    }
}

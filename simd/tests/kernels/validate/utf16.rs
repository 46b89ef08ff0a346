//! UTF-16 validation of every kernel at every start address modulo 64: inputs of
//! 256 bytes and more are checked up to their first 64-byte boundary (an even number
//! of bytes in) unaligned, then by the aligned loop, which carries a high surrogate
//! just before the boundary. Lone, reversed and paired surrogates at every unit
//! around that boundary, against the scalar reference.

use utfast_scalar::Endian;
use utfast_testkit::{kernels, quick};

#[test]
fn surrogates_around_the_aligned_start() {
    let ks = kernels();
    let specials: &[&[u16]] = &[
        &[0xDC00],
        &[0xDBFF],
        &[0xD800, 0xD800],
        &[0xDFFF, 0xDBFF],
        &[0xD83D, 0xDE00],
        &[0xD83D, 0xDE00, 0xD83D, 0xDE00],
    ];
    let units = 200;
    let base: Vec<u16> = (0..units).map(|i| 0x41 + (i % 26) as u16).collect();
    let mut buf = vec![0u8; 2 * units + 192];
    let offsets: Vec<usize> = if quick() {
        vec![2, 18, 46, 62]
    } else {
        (0..64).step_by(2).collect()
    };
    for e in [Endian::Little, Endian::Big] {
        for &off in &offsets {
            let start = buf.as_ptr().align_offset(64) + off;
            for sp in specials {
                for at in 0..=48 {
                    let mut u = base.clone();
                    u[at..at + sp.len()].copy_from_slice(sp);
                    for (k, &x) in u.iter().enumerate() {
                        let b = if e == Endian::Little {
                            x.to_le_bytes()
                        } else {
                            x.to_be_bytes()
                        };
                        buf[start + 2 * k..start + 2 * k + 2].copy_from_slice(&b);
                    }
                    let src = &buf[start..start + 2 * units];
                    let want = utfast_scalar::utf16::validate_utf16_bytes(src, e);
                    for k in ks {
                        assert_eq!(
                            k.validate_utf16(src, e),
                            want,
                            "{} {e:?} start {off} mod 64, {sp:04X?} at unit {at}",
                            k.name()
                        );
                    }
                }
            }
        }
    }
}

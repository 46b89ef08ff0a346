//! UTF-16 -> UTF-8 packing tables.
//!
//! ## `PACK3`: four characters of one to three bytes
//!
//! Each of four 32-bit lanes holds the UTF-8 bytes of one unit below U+D800 or
//! above U+DFFF as `[first, middle, last, 0]` (a two-byte character is
//! `[first, -, last, 0]`). The index has two bits per unit `k`: bit `2k` is set
//! when the unit is ASCII (keep byte 0), bit `2k + 1` when it is below U+0800
//! (keep bytes 0 and 2 unless ASCII); with neither, the unit keeps bytes 0, 1, 2.
//! The combination that cannot occur, ASCII but not below U+0800, keeps bytes 0
//! and 2, so unit `k` keeps `3 - popcount(its two bits)` bytes and a group
//! produces `12 - popcount(index)` bytes.
//!
//! `PACK3[index]` is the `pshufb` control that moves the kept bytes of the four
//! lanes together, in order; the remaining entries are `0x80` (zero).
//! Size: 256 x 16 = 4096 bytes.
//!
//! ## `PACK2`: eight characters of one or two bytes
//!
//! Each of eight 16-bit lanes holds a character: an ASCII one in its byte 0, a
//! two-byte one as `[second, first]` (the little-endian 16-bit number
//! `first << 8 | second`). Bit `k` of the index is set when unit `k` is ASCII and
//! keeps only its byte 0, else bytes 1 and 0 in that order, so a group produces
//! `16 - popcount(index)` bytes. `PACK2[index]` is the `pshufb` control that moves
//! the kept bytes together, the rest `0x80`.
//! Size: 256 x 16 = 4096 bytes.

/// A table aligned to a cache line, so that no 16-byte entry straddles two lines
/// (a split load costs extra on every access; unaligned, one entry in four would
/// be one).
#[repr(C, align(64))]
pub(crate) struct Aligned<T>(pub(crate) T);

/// Packing controls for four `[first, middle, last, 0]` lanes (4096 bytes).
pub(crate) static PACK3: Aligned<[[u8; 16]; 256]> = Aligned(build_pack3());

/// Packing controls for eight `[second, first]` (or ASCII) lanes (4096 bytes).
pub(crate) static PACK2: Aligned<[[u8; 16]; 256]> = Aligned(build_pack2());

const fn build_pack2() -> [[u8; 16]; 256] {
    let mut t = [[0x80u8; 16]; 256];
    let mut idx = 0;
    while idx < 256 {
        let mut k = 0;
        let mut unit = 0;
        while unit < 8 {
            if (idx >> unit) & 1 == 0 {
                t[idx][k] = (2 * unit + 1) as u8;
                k += 1;
            }
            t[idx][k] = (2 * unit) as u8;
            k += 1;
            unit += 1;
        }
        idx += 1;
    }
    t
}

const fn build_pack3() -> [[u8; 16]; 256] {
    let mut t = [[0x80u8; 16]; 256];
    let mut idx = 0;
    while idx < 256 {
        let mut k = 0;
        let mut unit = 0;
        while unit < 4 {
            let bits = (idx >> (2 * unit)) & 3;
            // Bytes 0, 1, 2 of the lane; byte 1 only with three bytes, byte 2 unless ASCII.
            t[idx][k] = (4 * unit) as u8;
            k += 1;
            if bits == 0 {
                t[idx][k] = (4 * unit + 1) as u8;
                k += 1;
            }
            if bits != 3 {
                t[idx][k] = (4 * unit + 2) as u8;
                k += 1;
            }
            unit += 1;
        }
        idx += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    fn apply(src: &[u8; 16], ctl: &[u8; 16]) -> Vec<u8> {
        ctl.iter()
            .map(|&c| if c & 0x80 != 0 { 0 } else { src[c as usize] })
            .collect()
    }

    #[test]
    fn pack2_keeps_each_units_bytes_in_order() {
        let src: [u8; 16] = core::array::from_fn(|i| 50 + i as u8);
        for (idx, ctl) in PACK2.0.iter().enumerate() {
            let mut want = Vec::new();
            for unit in 0..8 {
                if idx >> unit & 1 == 1 {
                    want.push(src[2 * unit]);
                } else {
                    want.extend_from_slice(&[src[2 * unit + 1], src[2 * unit]]);
                }
            }
            assert_eq!(want.len(), 16 - (idx as u32).count_ones() as usize);
            let got = apply(&src, ctl);
            assert_eq!(&got[..want.len()], &want[..], "index {idx:#010b}");
            assert!(
                got[want.len()..].iter().all(|&b| b == 0),
                "index {idx:#010b}"
            );
        }
    }

    #[test]
    fn pack3_keeps_each_units_bytes_in_order() {
        let mut src = [0u8; 16];
        for (i, b) in src.iter_mut().enumerate() {
            *b = 100 + i as u8;
        }
        for (idx, ctl) in PACK3.0.iter().enumerate() {
            let mut want = Vec::new();
            for unit in 0..4 {
                let ascii = idx >> (2 * unit) & 1 == 1;
                let below_800 = idx >> (2 * unit + 1) & 1 == 1;
                let lane = &src[4 * unit..4 * unit + 4];
                match (ascii, below_800) {
                    (true, true) => want.push(lane[0]),
                    (false, false) => want.extend_from_slice(&lane[..3]),
                    _ => want.extend_from_slice(&[lane[0], lane[2]]),
                }
            }
            assert_eq!(want.len(), 12 - (idx as u32).count_ones() as usize);
            let got = apply(&src, ctl);
            assert_eq!(&got[..want.len()], &want[..], "index {idx:#010b}");
            assert!(
                got[want.len()..].iter().all(|&b| b == 0),
                "index {idx:#010b}"
            );
        }
    }
}

//! Byte compression tables: keep the bytes selected by a mask, in order.
//!
//! `COMPRESS8[m]` is a `pshufb` control for an 8-byte group: its first
//! `m.count_ones()` entries are the indices (0..8) of the set bits of `m`, in
//! increasing order; the remaining entries are `0x80` (the shuffle writes zero).
//! Size: 256 x 8 = 2048 bytes.
//!
//! `PAIR_COMPACT[s]` compacts four 32-bit lanes, each holding one or two UTF-16
//! units, into a run of 16-bit units: lane `i < 3` keeps its low unit, and its high
//! unit too when bit `i` of `s` is set (a surrogate pair); lane 3 is dropped.
//! Size: 8 x 16 = 128 bytes.
//!
//! `PAIR_COMPACT4[s]` does the same for all four lanes (UTF-32 -> UTF-16: a lane
//! holds a BMP unit, or a surrogate pair when bit `i` of `s` is set), and
//! `PAIR_COMPACT4_LEN[s]` is the length of its result in bytes (`8 + 2 *
//! s.count_ones()`). Size: 16 x 16 + 16 = 272 bytes.

/// Keep-mask compression controls for 8-byte groups (2048 bytes).
pub(crate) static COMPRESS8: [[u8; 8]; 256] = build_compress8();

/// Surrogate-pair compaction controls for three 32-bit lanes (128 bytes).
pub(crate) static PAIR_COMPACT: [[u8; 16]; 8] = build_pair_compact();

/// Surrogate-pair compaction controls for four 32-bit lanes (256 bytes).
pub(crate) static PAIR_COMPACT4: [[u8; 16]; 16] = build_pair_compact4();

/// Bytes kept by each [`PAIR_COMPACT4`] control.
pub(crate) static PAIR_COMPACT4_LEN: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut s = 0;
    while s < 16 {
        t[s] = 8 + 2 * (s as u32).count_ones() as u8;
        s += 1;
    }
    t
};

const fn build_compress8() -> [[u8; 8]; 256] {
    let mut t = [[0x80u8; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if m & (1 << bit) != 0 {
                t[m][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        m += 1;
    }
    t
}

const fn build_pair_compact() -> [[u8; 16]; 8] {
    let mut t = [[0x80u8; 16]; 8];
    let mut s = 0;
    while s < 8 {
        let mut k = 0;
        let mut lane = 0;
        while lane < 3 {
            let base = (lane * 4) as u8;
            t[s][k] = base;
            t[s][k + 1] = base + 1;
            k += 2;
            if s & (1 << lane) != 0 {
                t[s][k] = base + 2;
                t[s][k + 1] = base + 3;
                k += 2;
            }
            lane += 1;
        }
        s += 1;
    }
    t
}

const fn build_pair_compact4() -> [[u8; 16]; 16] {
    let mut t = [[0x80u8; 16]; 16];
    let mut s = 0;
    while s < 16 {
        let mut k = 0;
        let mut lane = 0;
        while lane < 4 {
            let base = (lane * 4) as u8;
            let keep = if s & (1 << lane) != 0 { 4 } else { 2 };
            let mut b = 0;
            while b < keep {
                t[s][k] = base + b;
                k += 1;
                b += 1;
            }
            lane += 1;
        }
        s += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies a pshufb-style control to `src` (0x80 gives zero).
    fn shuffle<const N: usize>(src: &[u8; N], ctl: &[u8; N]) -> [u8; N] {
        let mut out = [0u8; N];
        for (o, &c) in out.iter_mut().zip(ctl) {
            *o = if c & 0x80 != 0 { 0 } else { src[c as usize] };
        }
        out
    }

    #[test]
    fn compress8_keeps_selected_bytes_in_order() {
        let src: [u8; 8] = [10, 11, 12, 13, 14, 15, 16, 17];
        for (m, ctl) in COMPRESS8.iter().enumerate() {
            let want: std::vec::Vec<u8> =
                (0..8).filter(|b| m >> b & 1 == 1).map(|b| src[b]).collect();
            let got = shuffle(&src, ctl);
            assert_eq!(&got[..want.len()], &want[..], "mask {m:#010b}");
            assert!(got[want.len()..].iter().all(|&b| b == 0), "mask {m:#010b}");
        }
    }

    #[test]
    fn pair_compact_matches_definition() {
        let mut src = [0u8; 16];
        for (i, b) in src.iter_mut().enumerate() {
            *b = 100 + i as u8;
        }
        for (s, ctl) in PAIR_COMPACT.iter().enumerate() {
            let mut want = std::vec::Vec::new();
            for lane in 0..3 {
                want.extend_from_slice(&src[lane * 4..lane * 4 + 2]);
                if s >> lane & 1 == 1 {
                    want.extend_from_slice(&src[lane * 4 + 2..lane * 4 + 4]);
                }
            }
            let got = shuffle(&src, ctl);
            assert_eq!(&got[..want.len()], &want[..]);
        }
    }

    #[test]
    fn pair_compact4_matches_definition() {
        let src: [u8; 16] = core::array::from_fn(|i| 100 + i as u8);
        for (s, ctl) in PAIR_COMPACT4.iter().enumerate() {
            let want: std::vec::Vec<u8> = (0..4)
                .flat_map(|lane| {
                    let n = if s >> lane & 1 == 1 { 4 } else { 2 };
                    src[lane * 4..lane * 4 + n].iter().copied()
                })
                .collect();
            let got = shuffle(&src, ctl);
            assert_eq!(&got[..want.len()], &want[..], "lanes {s:#06b}");
            assert!(got[want.len()..].iter().all(|&b| b == 0), "lanes {s:#06b}");
            assert_eq!(usize::from(PAIR_COMPACT4_LEN[s]), want.len());
        }
    }
}

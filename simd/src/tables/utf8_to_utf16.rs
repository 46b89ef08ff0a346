//! UTF-8 -> UTF-16 tables indexed by a 12-bit mask of code-point ends
//! (the scheme of Lemire & Muła, "Transcoding Billions of Unicode Characters per
//! Second with SIMD Instructions", 2022; generated here from the definition).
//!
//! Bit `i` of the mask is set when byte `i` of a 12-byte window is the last byte
//! of a character. Starting at a character boundary, the window is split into
//! characters of lengths `l1, l2, ...` and one of three shapes is chosen:
//!
//! - **A** (ids `0..64`): the first six characters have 1 or 2 bytes. The control
//!   puts character `k` into 16-bit lane `k` as `[last byte, lead byte or zero]`.
//!   Id = sum of `(l_k - 1) << k`.
//! - **B** (ids `64..145`): the first four characters have 1..=3 bytes. Character
//!   `k` goes to 32-bit lane `k` as `[last, middle, lead, 0]` (absent bytes zero).
//!   Id = 64 + sum of `(l_k - 1) * 3^k`.
//! - **C** (ids `145..209`): the first three characters have 1..=4 bytes, into
//!   32-bit lanes `0..3` as `[last, ..., lead]`; lane 3 is zero.
//!   Id = 145 + sum of `(l_k - 1) * 4^k`.
//! - **Fallback** (id `209`): only for ill-formed windows (never after validation):
//!   bytes 0, 1 and 2 as three one-byte characters in shape C. It consumes 3 bytes
//!   and produces 3 units, so garbage in `Mode::Valid` stays within the
//!   2-output-bytes-per-input-byte bound.
//!
//! Sizes: `INDEX` 4096 bytes, `SHUFFLE` 210 x 16 = 3360 bytes, `CONSUMED` 210 bytes.
//!
//! [`COMPRESS16`] serves the whole-block conversion of one- to three-byte
//! characters (`generic::utf8_block`): `COMPRESS16[m]` is a `pshufb` / `tbl`
//! control that keeps the 16-bit lanes `i` of eight with bit `i` of `m` set, in
//! order, at the start of the vector (zeros after them). Size: 256 x 16 = 4096 bytes.

/// Number of shape-A entries.
pub(crate) const SHAPE_A: u8 = 64;
/// First id after the shape-B entries.
pub(crate) const SHAPE_B_END: u8 = 64 + 81;
const SHAPE_C_START: usize = SHAPE_B_END as usize;
const FALLBACK: usize = SHAPE_C_START + 64;
const ENTRIES: usize = FALLBACK + 1;

/// The three tables of the UTF-8 -> UTF-16 converter.
pub(crate) struct Utf8ToUtf16 {
    /// 12-bit end mask -> entry id.
    pub(crate) index: [u8; 4096],
    /// Entry id -> `pshufb` control (0x80 = zero).
    pub(crate) shuffle: [[u8; 16]; ENTRIES],
    /// Entry id -> input bytes consumed.
    pub(crate) consumed: [u8; ENTRIES],
}

/// The generated tables.
pub(crate) static UTF8_TO_UTF16: Utf8ToUtf16 = build();

/// 16-bit lane compression controls: keep the lanes selected by an 8-bit mask.
pub(crate) static COMPRESS16: [[u8; 16]; 256] = build_compress16();

const fn build_compress16() -> [[u8; 16]; 256] {
    let mut t = [[0x80u8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut k, mut lane) = (0, 0);
        while lane < 8 {
            if m & (1 << lane) != 0 {
                t[m][2 * k] = 2 * lane as u8;
                t[m][2 * k + 1] = 2 * lane as u8 + 1;
                k += 1;
            }
            lane += 1;
        }
        m += 1;
    }
    t
}

/// Shape-B control of a window of four three-byte characters (bytes 0..12):
/// lane `k` is `[3k + 2, 3k + 1, 3k, zero]`.
pub(crate) const THREE_BYTE_WINDOW: [u8; 16] = {
    let mut t = [0x80u8; 16];
    let mut k = 0;
    while k < 4 {
        t[4 * k] = 3 * k as u8 + 2;
        t[4 * k + 1] = 3 * k as u8 + 1;
        t[4 * k + 2] = 3 * k as u8;
        k += 1;
    }
    t
};

/// The lead bytes of twenty three-byte characters at bytes 0, 3, .., 57 of a
/// block, as four 16-byte masks: `0xF0` at a lead, `0x00` elsewhere (bytes 60..63
/// included). `v & mask == 0xE0 & mask` exactly when every lead is E0..EF.
pub(crate) static THREE_BYTE_LEADS: [[u8; 16]; 4] = {
    let mut t = [[0u8; 16]; 4];
    let mut i = 0;
    while i < 60 {
        t[i / 16][i % 16] = 0xF0;
        i += 3;
    }
    t
};

/// The continuation mask (bit `i`: byte `i` is `10xxxxxx`) of bytes 0..=60 of a
/// block that starts with twenty three-byte characters (and whose byte 60 starts
/// the next character).
pub(crate) const THREE_BYTE_CONT: u64 = {
    let mut m = 0u64;
    let mut k = 0;
    while k < 20 {
        m |= 0b110 << (3 * k);
        k += 1;
    }
    m
};

/// Lengths of the first characters of a 12-bit end mask; returns (lengths, count).
const fn char_lengths(mask: usize) -> ([u8; 12], usize) {
    let mut lens = [0u8; 12];
    let mut n = 0;
    let mut start = 0;
    let mut i = 0;
    while i < 12 {
        if mask & (1 << i) != 0 {
            lens[n] = (i + 1 - start) as u8;
            n += 1;
            start = i + 1;
        }
        i += 1;
    }
    (lens, n)
}

/// All of `lens[..k]` are at most `max` (and there are at least `k` of them).
const fn first_fit(lens: &[u8; 12], n: usize, k: usize, max: u8) -> bool {
    if n < k {
        return false;
    }
    let mut i = 0;
    while i < k {
        if lens[i] > max {
            return false;
        }
        i += 1;
    }
    true
}

/// The entry id chosen for a 12-bit end mask.
const fn entry_for(mask: usize) -> usize {
    let (lens, n) = char_lengths(mask);
    if first_fit(&lens, n, 6, 2) {
        let mut id = 0;
        let mut k = 0;
        while k < 6 {
            id |= ((lens[k] - 1) as usize) << k;
            k += 1;
        }
        id
    } else if first_fit(&lens, n, 4, 3) {
        let mut id = 0;
        let mut k = 4;
        while k > 0 {
            k -= 1;
            id = id * 3 + (lens[k] - 1) as usize;
        }
        SHAPE_A as usize + id
    } else if first_fit(&lens, n, 3, 4) {
        let mut id = 0;
        let mut k = 3;
        while k > 0 {
            k -= 1;
            id = id * 4 + (lens[k] - 1) as usize;
        }
        SHAPE_C_START + id
    } else {
        FALLBACK
    }
}

/// Decodes an entry id into its shape's lane width, character count and lengths.
const fn entry_shape(id: usize) -> (usize, usize, [u8; 6]) {
    let mut lens = [0u8; 6];
    if id < SHAPE_A as usize {
        let mut k = 0;
        while k < 6 {
            lens[k] = 1 + ((id >> k) & 1) as u8;
            k += 1;
        }
        (2, 6, lens)
    } else if id < SHAPE_C_START {
        let mut r = id - SHAPE_A as usize;
        let mut k = 0;
        while k < 4 {
            lens[k] = 1 + (r % 3) as u8;
            r /= 3;
            k += 1;
        }
        (4, 4, lens)
    } else if id < FALLBACK {
        let mut r = id - SHAPE_C_START;
        let mut k = 0;
        while k < 3 {
            lens[k] = 1 + (r % 4) as u8;
            r /= 4;
            k += 1;
        }
        (4, 3, lens)
    } else {
        (4, 3, [1, 1, 1, 0, 0, 0])
    }
}

const fn build() -> Utf8ToUtf16 {
    let mut t = Utf8ToUtf16 {
        index: [0; 4096],
        shuffle: [[0x80; 16]; ENTRIES],
        consumed: [0; ENTRIES],
    };
    let mut id = 0;
    while id < ENTRIES {
        let (width, count, lens) = entry_shape(id);
        let mut start = 0usize;
        let mut k = 0;
        while k < count {
            let len = lens[k] as usize;
            // Lane k gets the character's bytes from last to first.
            let mut j = 0;
            while j < len {
                t.shuffle[id][k * width + j] = (start + len - 1 - j) as u8;
                j += 1;
            }
            start += len;
            k += 1;
        }
        t.consumed[id] = start as u8;
        id += 1;
    }
    let mut m = 0;
    while m < 4096 {
        t.index[m] = entry_for(m) as u8;
        m += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    /// Independent model: split the window into characters and pick the shape.
    fn model(mask: usize) -> (usize, Vec<usize>) {
        let mut lens = Vec::new();
        let mut start = 0;
        for i in 0..12 {
            if mask >> i & 1 == 1 {
                lens.push(i + 1 - start);
                start = i + 1;
            }
        }
        let fits = |k: usize, max: usize| lens.len() >= k && lens[..k].iter().all(|&l| l <= max);
        if fits(6, 2) {
            (2, lens[..6].to_vec())
        } else if fits(4, 3) {
            (4, lens[..4].to_vec())
        } else if fits(3, 4) {
            (4, lens[..3].to_vec())
        } else {
            (4, std::vec![1, 1, 1])
        }
    }

    #[test]
    fn every_mask_maps_to_its_characters() {
        let t = &UTF8_TO_UTF16;
        for mask in 0..4096usize {
            let (width, lens) = model(mask);
            let id = t.index[mask] as usize;
            let mut want = [0x80u8; 16];
            let mut start = 0;
            for (k, &len) in lens.iter().enumerate() {
                for j in 0..len {
                    want[k * width + j] = (start + len - 1 - j) as u8;
                }
                start += len;
            }
            assert_eq!(t.shuffle[id], want, "mask {mask:#014b}");
            assert_eq!(t.consumed[id] as usize, start, "mask {mask:#014b}");
            let shape_ok = match width {
                2 => id < SHAPE_A as usize,
                _ if lens.len() == 4 => (SHAPE_A as usize..SHAPE_C_START).contains(&id),
                _ => id >= SHAPE_C_START,
            };
            assert!(shape_ok, "mask {mask:#014b} -> id {id}");
        }
    }

    #[test]
    fn compress16_keeps_selected_lanes_in_order() {
        let src: [u16; 8] = core::array::from_fn(|i| 0x1100 * (i as u16 + 1) + 0x22);
        for (m, ctl) in COMPRESS16.iter().enumerate() {
            let want: Vec<u16> = (0..8).filter(|l| m >> l & 1 == 1).map(|l| src[l]).collect();
            let bytes: Vec<u8> = src.iter().flat_map(|u| u.to_le_bytes()).collect();
            let got: Vec<u8> = ctl
                .iter()
                .map(|&c| if c & 0x80 != 0 { 0 } else { bytes[c as usize] })
                .collect();
            let units: Vec<u16> = got
                .chunks(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect();
            assert_eq!(&units[..want.len()], &want[..], "mask {m:#010b}");
            assert!(
                units[want.len()..].iter().all(|&u| u == 0),
                "mask {m:#010b}"
            );
        }
    }

    #[test]
    fn three_byte_tables_match_definition() {
        let t = &UTF8_TO_UTF16;
        assert_eq!(
            THREE_BYTE_WINDOW,
            t.shuffle[t.index[0b1001_0010_0100] as usize]
        );
        for i in 0..64 {
            let lead = i < 60 && i % 3 == 0;
            assert_eq!(
                THREE_BYTE_LEADS[i / 16][i % 16],
                if lead { 0xF0 } else { 0 }
            );
            let cont = i < 60 && i % 3 != 0;
            assert_eq!(THREE_BYTE_CONT >> i & 1 == 1, cont, "byte {i}");
        }
    }

    #[test]
    fn every_entry_is_reachable_and_bounded() {
        let t = &UTF8_TO_UTF16;
        let mut seen = [false; ENTRIES];
        for &id in t.index.iter() {
            seen[id as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert!(t.consumed.iter().all(|&c| (3..=12).contains(&c)));
    }
}

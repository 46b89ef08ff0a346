//! Output lengths and code point counts, for valid input.
//!
//! Inputs are bytes (UTF-16/UTF-32 in the given byte order); results are in units of
//! the *output* form: UTF-16 units, UTF-8 bytes or code points. On invalid input the
//! results are unspecified but these functions never panic; a trailing partial
//! UTF-16/UTF-32 unit is ignored. UTF-8 and Latin-1 are processed eight bytes at a
//! time.

use crate::types::Endian;

const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Calls `f` on each 8-byte word of `src` and `g` on each byte of the tail; sums.
#[inline(always)]
fn sum_words(src: &[u8], f: impl Fn(u64) -> usize, g: impl Fn(u8) -> usize) -> usize {
    let mut chunks = src.chunks_exact(8);
    let mut total = 0;
    for c in chunks.by_ref() {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        total += f(u64::from_le_bytes(w));
    }
    total + chunks.remainder().iter().map(|&b| g(b)).sum::<usize>()
}

/// Sums `f` over the 16-bit units of `src` in byte order `endian` (the byte order is
/// resolved once, outside the loop, so the loop can be vectorised).
#[inline(always)]
fn sum_units16(src: &[u8], endian: Endian, f: impl Fn(u16) -> usize) -> usize {
    let units = src.chunks_exact(2);
    match endian {
        Endian::Little => units.map(|p| f(u16::from_le_bytes([p[0], p[1]]))).sum(),
        Endian::Big => units.map(|p| f(u16::from_be_bytes([p[0], p[1]]))).sum(),
    }
}

/// Sums `f` over the 32-bit units of `src` in byte order `endian`.
#[inline(always)]
fn sum_units32(src: &[u8], endian: Endian, f: impl Fn(u32) -> usize) -> usize {
    let units = src.chunks_exact(4);
    match endian {
        Endian::Little => units
            .map(|c| f(u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
            .sum(),
        Endian::Big => units
            .map(|c| f(u32::from_be_bytes([c[0], c[1], c[2], c[3]])))
            .sum(),
    }
}

/// Number of continuation bytes (`10xxxxxx`) in the word: bit 7 set, bit 6 clear.
#[inline(always)]
fn continuation_bytes(w: u64) -> usize {
    (w & !(w << 1) & HIGH_BITS).count_ones() as usize
}

/// Number of code points in valid UTF-8 (bytes that are not continuation bytes).
///
/// ```
/// assert_eq!(utfast_scalar::len::count_utf8("aé€😀".as_bytes()), 4);
/// ```
pub fn count_utf8(src: &[u8]) -> usize {
    src.len() - sum_words(src, continuation_bytes, |b| usize::from(b & 0xC0 == 0x80))
}

/// Number of code points in valid UTF-16 bytes (units that are not low surrogates).
///
/// ```
/// use utfast_scalar::{len::count_utf16, Endian};
/// assert_eq!(count_utf16(&[0x61, 0x00, 0x3D, 0xD8, 0x00, 0xDE], Endian::Little), 2);
/// ```
pub fn count_utf16(src: &[u8], endian: Endian) -> usize {
    sum_units16(src, endian, |u| usize::from(u & 0xFC00 != 0xDC00))
}

/// UTF-16 units needed for valid UTF-8 `src`: one per code point, two for each
/// 4-byte sequence.
///
/// ```
/// assert_eq!(utfast_scalar::len::utf16_len_from_utf8("a€😀".as_bytes()), 4);
/// ```
pub fn utf16_len_from_utf8(src: &[u8]) -> usize {
    // Bytes >= 0xF0 (four-byte leads) have their top four bits set.
    let four_byte_leads =
        |w: u64| (w & (w << 1) & (w << 2) & (w << 3) & HIGH_BITS).count_ones() as usize;
    sum_words(
        src,
        |w| 8 - continuation_bytes(w) + four_byte_leads(w),
        |b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0),
    )
}

/// UTF-8 bytes needed for valid UTF-16 bytes `src`.
///
/// ```
/// use utfast_scalar::{len::utf8_len_from_utf16, Endian};
/// // "é" then U+1F600 (a surrogate pair), big-endian: 2 + 4 bytes of UTF-8.
/// assert_eq!(utf8_len_from_utf16(&[0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00], Endian::Big), 6);
/// ```
pub fn utf8_len_from_utf16(src: &[u8], endian: Endian) -> usize {
    // Each surrogate counts 2 bytes: a pair makes 4.
    sum_units16(src, endian, |u| {
        1 + usize::from(u >= 0x80) + usize::from(u >= 0x800 && u & 0xF800 != 0xD800)
    })
}

/// UTF-8 bytes needed for valid UTF-32 bytes `src`.
///
/// ```
/// use utfast_scalar::{len::utf8_len_from_utf32, Endian};
/// assert_eq!(utf8_len_from_utf32(&[0x61, 0, 0, 0, 0x00, 0xF6, 0x01, 0x00], Endian::Little), 5);
/// ```
pub fn utf8_len_from_utf32(src: &[u8], endian: Endian) -> usize {
    sum_units32(src, endian, |u| {
        1 + usize::from(u >= 0x80) + usize::from(u >= 0x800) + usize::from(u >= 0x10000)
    })
}

/// UTF-16 units needed for valid UTF-32 bytes `src`.
///
/// ```
/// use utfast_scalar::{len::utf16_len_from_utf32, Endian};
/// assert_eq!(utf16_len_from_utf32(&[0, 0, 0, 0x61, 0x00, 0x01, 0xF6, 0x00], Endian::Big), 3);
/// ```
pub fn utf16_len_from_utf32(src: &[u8], endian: Endian) -> usize {
    sum_units32(src, endian, |u| 1 + usize::from(u >= 0x10000))
}

/// UTF-8 bytes needed for Latin-1 `src` (exact: Latin-1 is always valid).
///
/// ```
/// assert_eq!(utfast_scalar::len::utf8_len_from_latin1(b"caf\xE9"), 5);
/// ```
pub fn utf8_len_from_latin1(src: &[u8]) -> usize {
    src.len()
        + sum_words(
            src,
            |w| (w & HIGH_BITS).count_ones() as usize,
            |b| usize::from(b >= 0x80),
        )
}

#[cfg(test)]
mod tests {
    extern crate alloc;
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    const STRINGS: &[&str] = &[
        "",
        "a",
        "plain ASCII text that is longer than sixteen bytes",
        "\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFF}\u{10000}\u{10FFFF}",
        "héllo wörld €uro 😀 𝄞 ẞ, 0123456789abcdef😀😀😀 and a tail",
        "caf\u{E9} na\u{EF}ve \u{FF}\u{A0}",
    ];

    fn utf16(s: &str, e: Endian) -> Vec<u8> {
        s.encode_utf16().flat_map(|u| e.write_u16(u)).collect()
    }
    fn utf32(s: &str, e: Endian) -> Vec<u8> {
        s.chars().flat_map(|c| e.write_u32(c as u32)).collect()
    }

    #[test]
    fn lengths_match_std() {
        for s in STRINGS {
            for e in [Endian::Little, Endian::Big] {
                let (u16s, u32s) = (utf16(s, e), utf32(s, e));
                assert_eq!(count_utf16(&u16s, e), s.chars().count());
                assert_eq!(utf8_len_from_utf16(&u16s, e), s.len());
                assert_eq!(utf8_len_from_utf32(&u32s, e), s.len());
                assert_eq!(utf16_len_from_utf32(&u32s, e), s.encode_utf16().count());
                // A trailing partial unit is ignored.
                let mut odd = u16s.clone();
                odd.push(0xFF);
                assert_eq!(utf8_len_from_utf16(&odd, e), s.len());
                let mut partial = u32s.clone();
                partial.extend_from_slice(&[0xFF, 0xFF, 0xFF]);
                assert_eq!(utf8_len_from_utf32(&partial, e), s.len());
            }
            for cut in 0..=s.len() {
                if let Some(t) = s.get(cut..) {
                    assert_eq!(count_utf8(t.as_bytes()), t.chars().count());
                    assert_eq!(utf16_len_from_utf8(t.as_bytes()), t.encode_utf16().count());
                }
            }
            let latin1 = s.as_bytes();
            let as_utf8: String = latin1.iter().map(|&b| char::from(b)).collect();
            assert_eq!(utf8_len_from_latin1(latin1), as_utf8.len());
        }
    }

    #[test]
    fn garbage_does_not_panic() {
        let junk: Vec<u8> = (0..=255u8).chain(0..=254).collect();
        for n in [0, 1, 2, 3, 7, 9, junk.len()] {
            let j = &junk[..n];
            assert!(count_utf8(j) <= n);
            assert!(utf16_len_from_utf8(j) <= n);
            assert!(utf8_len_from_latin1(j) <= 2 * n);
            for e in [Endian::Little, Endian::Big] {
                assert!(count_utf16(j, e) <= n / 2);
                assert!(utf8_len_from_utf16(j, e) <= 3 * (n / 2));
                assert!(utf8_len_from_utf32(j, e) <= n);
                assert!(utf16_len_from_utf32(j, e) <= n / 2);
            }
        }
    }
}

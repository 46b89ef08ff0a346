//! Output lengths and code point counts, for valid input (STUBS: to be written).
//!
//! On invalid input the results are unspecified (but never panic).

use crate::encoding::Endian;

/// Number of code points in valid UTF-8 (bytes that are not continuation bytes).
pub fn count_utf8(src: &[u8]) -> usize {
    src.iter().filter(|&&b| (b as i8) >= -0x40).count()
}
/// Number of code points in valid UTF-16 bytes (units that are not low surrogates).
pub fn count_utf16(src: &[u8], endian: Endian) -> usize {
    let _ = (src, endian);
    todo!()
}
/// UTF-16 units needed for valid UTF-8 `src`.
pub fn utf16_len_from_utf8(src: &[u8]) -> usize {
    let _ = src;
    todo!()
}
/// UTF-8 bytes needed for valid UTF-16 bytes `src`.
pub fn utf8_len_from_utf16(src: &[u8], endian: Endian) -> usize {
    let _ = (src, endian);
    todo!()
}
/// UTF-8 bytes needed for valid UTF-32 bytes `src`.
pub fn utf8_len_from_utf32(src: &[u8], endian: Endian) -> usize {
    let _ = (src, endian);
    todo!()
}
/// UTF-16 units needed for valid UTF-32 bytes `src`.
pub fn utf16_len_from_utf32(src: &[u8], endian: Endian) -> usize {
    let _ = (src, endian);
    todo!()
}
/// UTF-8 bytes needed for Latin-1 `src`.
pub fn utf8_len_from_latin1(src: &[u8]) -> usize {
    src.len() + src.iter().filter(|&&b| b >= 0x80).count()
}

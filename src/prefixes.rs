//! ASCII and Latin-1 prefixes: where the first unit outside the range is, for
//! bytes, native UTF-16 and native UTF-32 (what JavaScript engines ask before they
//! store a string as Latin-1), and well-formed UTF-16 in place.

use crate::kernel::active;
use utfast_scalar::Endian;
use utfast_simd::SHORT_INPUT as SHORT;

/// The length of the ASCII prefix of `src`: the index of the first byte at or above
/// 0x80, or `src.len()` if every byte is ASCII (encoding_rs's
/// `mem::ascii_valid_up_to`, simdutf's `validate_ascii_with_errors`).
///
/// ```
/// assert_eq!(utfast::ascii_valid_up_to(b"plain text"), 10);
/// assert_eq!(utfast::ascii_valid_up_to("naïve".as_bytes()), 2);
/// assert_eq!(utfast::ascii_valid_up_to(b""), 0);
/// ```
#[inline]
pub fn ascii_valid_up_to(src: &[u8]) -> usize {
    if src.len() < SHORT {
        utfast_scalar::utf8::ascii_valid_up_to(src)
    } else {
        active().ascii_valid_up_to(src)
    }
}

/// The length in units of the ASCII prefix of native-endian UTF-16: the index of the
/// first unit at or above U+0080 (surrogates included), or `src.len()`.
///
/// ```
/// let s: Vec<u16> = "abc€".encode_utf16().collect();
/// assert_eq!(utfast::ascii_valid_up_to_utf16(&s), 3);
/// ```
#[inline]
pub fn ascii_valid_up_to_utf16(src: &[u16]) -> usize {
    let bytes: &[u8] = bytemuck::cast_slice(src);
    if bytes.len() < SHORT {
        utfast_scalar::utf16::ascii_valid_up_to(src)
    } else {
        active().ascii_valid_up_to_utf16(bytes, Endian::NATIVE) / 2
    }
}

/// Whether every unit of native-endian UTF-16 is below U+0080 (simdutf's
/// `validate_utf16_as_ascii`).
///
/// ```
/// let s: Vec<u16> = "plain".encode_utf16().collect();
/// assert!(utfast::is_ascii_utf16(&s));
/// assert!(!utfast::is_ascii_utf16(&[0x61, 0xE9]));
/// ```
#[inline]
pub fn is_ascii_utf16(src: &[u16]) -> bool {
    ascii_valid_up_to_utf16(src) == src.len()
}

/// The length in units of the Latin-1 prefix of native-endian UTF-16: the index of
/// the first unit at or above U+0100 (surrogates included), or `src.len()`; the units
/// before it convert to Latin-1 one for one.
///
/// ```
/// let s: Vec<u16> = "café €5".encode_utf16().collect();
/// assert_eq!(utfast::latin1_valid_up_to_utf16(&s), 5);
/// ```
#[inline]
pub fn latin1_valid_up_to_utf16(src: &[u16]) -> usize {
    let bytes: &[u8] = bytemuck::cast_slice(src);
    if bytes.len() < SHORT {
        utfast_scalar::utf16::latin1_valid_up_to(src)
    } else {
        active().latin1_valid_up_to_utf16(bytes, Endian::NATIVE) / 2
    }
}

/// Whether every unit of native-endian UTF-16 is below U+0100: the string can be
/// stored as Latin-1 (encoding_rs's `mem::is_utf16_latin1`).
///
/// ```
/// let s: Vec<u16> = "déjà vu".encode_utf16().collect();
/// assert!(utfast::is_latin1_utf16(&s));
/// assert!(!utfast::is_latin1_utf16(&[0x61, 0x20AC]));
/// ```
#[inline]
pub fn is_latin1_utf16(src: &[u16]) -> bool {
    latin1_valid_up_to_utf16(src) == src.len()
}

/// The length in units of the ASCII prefix of native-endian UTF-32: the index of the
/// first unit at or above U+0080 (invalid values included), or `src.len()`.
///
/// ```
/// assert_eq!(utfast::ascii_valid_up_to_utf32(&[0x61, 0x62, 0x1F600]), 2);
/// ```
#[inline]
pub fn ascii_valid_up_to_utf32(src: &[u32]) -> usize {
    let bytes: &[u8] = bytemuck::cast_slice(src);
    if bytes.len() < SHORT {
        utfast_scalar::utf32::ascii_valid_up_to(src)
    } else {
        active().ascii_valid_up_to_utf32(bytes, Endian::NATIVE) / 4
    }
}

/// Whether every unit of native-endian UTF-32 is below U+0080.
///
/// ```
/// assert!(utfast::is_ascii_utf32(&[0x61, 0x7F]));
/// assert!(!utfast::is_ascii_utf32(&[0x61, 0x80]));
/// ```
#[inline]
pub fn is_ascii_utf32(src: &[u32]) -> bool {
    ascii_valid_up_to_utf32(src) == src.len()
}

/// The length in units of the Latin-1 prefix of native-endian UTF-32: the index of
/// the first unit at or above U+0100 (invalid values included), or `src.len()`.
///
/// ```
/// assert_eq!(utfast::latin1_valid_up_to_utf32(&[0xE9, 0xFF, 0x100]), 2);
/// ```
#[inline]
pub fn latin1_valid_up_to_utf32(src: &[u32]) -> usize {
    let bytes: &[u8] = bytemuck::cast_slice(src);
    if bytes.len() < SHORT {
        utfast_scalar::utf32::latin1_valid_up_to(src)
    } else {
        active().latin1_valid_up_to_utf32(bytes, Endian::NATIVE) / 4
    }
}

/// Whether every unit of native-endian UTF-32 is below U+0100.
///
/// ```
/// assert!(utfast::is_latin1_utf32(&[0x61, 0xFF]));
/// assert!(!utfast::is_latin1_utf32(&[0x61, 0x1F600]));
/// ```
#[inline]
pub fn is_latin1_utf32(src: &[u32]) -> bool {
    latin1_valid_up_to_utf32(src) == src.len()
}

/// Makes native-endian UTF-16 well-formed in place: every unpaired surrogate is
/// replaced by U+FFFD (JavaScript's `String.prototype.toWellFormed`, simdutf's
/// `to_well_formed_utf16`, encoding_rs's `mem::ensure_utf16_validity`). Returns how
/// many units were replaced; 0 means `src` was valid UTF-16 and is unchanged. Paired
/// surrogates and all other units are kept, so the length never changes.
///
/// On valid text this costs what [`validate_utf16`](crate::validate_utf16) costs:
/// nothing is written.
///
/// ```
/// let mut s = [0x61, 0xD83D, 0xDE00, 0xDC00, 0x62, 0xD800];
/// assert_eq!(utfast::make_well_formed_utf16(&mut s), 2);
/// assert_eq!(s, [0x61, 0xD83D, 0xDE00, 0xFFFD, 0x62, 0xFFFD]);
/// assert_eq!(String::from_utf16(&s).unwrap(), "a😀\u{FFFD}b\u{FFFD}");
/// ```
#[inline]
pub fn make_well_formed_utf16(src: &mut [u16]) -> usize {
    if src.len() < SHORT / 2 {
        utfast_scalar::utf16::make_well_formed(src)
    } else {
        active().make_well_formed_utf16(bytemuck::cast_slice_mut(src), Endian::NATIVE)
    }
}

/// [`make_well_formed_utf16`] of UTF-16LE bytes. Only whole units are read and
/// written: an odd final byte is left as it is (it is not a unit, and U+FFFD needs
/// two bytes), so the result is well-formed UTF-16 followed by that byte; a high
/// surrogate just before it has no low surrogate and is replaced. To get well-formed
/// text from odd-length input, decide about that byte first (drop it, or append a
/// byte and count the pair as one more replacement).
///
/// ```
/// let mut s = *b"a\x00\x3D\xD8b\x00\x00\xD8z";
/// assert_eq!(utfast::make_well_formed_utf16le(&mut s), 2);
/// assert_eq!(&s, b"a\x00\xFD\xFFb\x00\xFD\xFFz"); // the odd final `z` kept
/// assert!(utfast::validate_utf16le(&s[..8]).is_ok());
/// ```
#[inline]
pub fn make_well_formed_utf16le(src: &mut [u8]) -> usize {
    active().make_well_formed_utf16(src, Endian::Little)
}

/// [`make_well_formed_utf16`] of UTF-16BE bytes (an odd final byte is left as it
/// is, see [`make_well_formed_utf16le`]).
///
/// ```
/// let mut s = *b"\x00a\xDC\x00\xD8\x3D\xDE\x00";
/// assert_eq!(utfast::make_well_formed_utf16be(&mut s), 1);
/// assert_eq!(&s, b"\x00a\xFF\xFD\xD8\x3D\xDE\x00");
/// ```
#[inline]
pub fn make_well_formed_utf16be(src: &mut [u8]) -> usize {
    active().make_well_formed_utf16(src, Endian::Big)
}

//! UTF-32 validation and the ASCII and Latin-1 prefixes (native units and
//! byte-oriented LE/BE).

use crate::error::{ErrorKind, Utf32Error};
use crate::types::Endian;

/// Classifies one UTF-32 unit: `None` if it is a Unicode scalar value.
#[inline(always)]
pub const fn unit_error(u: u32) -> Option<ErrorKind> {
    if u > 0x10FFFF {
        Some(ErrorKind::TooLarge)
    } else if u >= 0xD800 && u <= 0xDFFF {
        Some(ErrorKind::Surrogate)
    } else {
        None
    }
}

/// Validates native-endian UTF-32 units; `valid_up_to` counts units.
///
/// ```
/// use utfast_scalar::{utf32::validate_utf32, ErrorKind};
/// assert!(validate_utf32(&[0x61, 0x10FFFF]).is_ok());
/// assert_eq!(validate_utf32(&[0xD800]).unwrap_err().kind(), ErrorKind::Surrogate);
/// ```
pub fn validate_utf32(src: &[u32]) -> Result<(), Utf32Error> {
    for (i, &u) in src.iter().enumerate() {
        if let Some(kind) = unit_error(u) {
            return Err(Utf32Error::new(i, kind));
        }
    }
    Ok(())
}

/// Validates UTF-32 bytes in the given byte order; `valid_up_to` counts bytes. A
/// length that is not a multiple of 4 is a [`ErrorKind::TruncatedUnit`] at the start
/// of the incomplete unit.
///
/// ```
/// use utfast_scalar::{utf32::validate_utf32_bytes, Endian, ErrorKind};
/// let e = validate_utf32_bytes(b"a\x00\x00\x00b", Endian::Little).unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (4, ErrorKind::TruncatedUnit));
/// ```
pub fn validate_utf32_bytes(src: &[u8], endian: Endian) -> Result<(), Utf32Error> {
    let mut chunks = src.chunks_exact(4);
    for (i, c) in chunks.by_ref().enumerate() {
        let u = endian.read_u32([c[0], c[1], c[2], c[3]]);
        if let Some(kind) = unit_error(u) {
            return Err(Utf32Error::new(4 * i, kind));
        }
    }
    if chunks.remainder().is_empty() {
        Ok(())
    } else {
        Err(Utf32Error::new(src.len() / 4 * 4, ErrorKind::TruncatedUnit))
    }
}

/// The number of units before the first one at or above `limit`.
#[inline(always)]
fn units_below(n: usize, limit: u32, unit: impl Fn(usize) -> u32) -> usize {
    (0..n).find(|&i| unit(i) >= limit).unwrap_or(n)
}

/// The length in units of the ASCII prefix of native-endian UTF-32: the index of
/// the first unit at or above U+0080, or `src.len()`.
///
/// ```
/// use utfast_scalar::utf32::ascii_valid_up_to;
/// assert_eq!(ascii_valid_up_to(&[0x61, 0x1F600]), 1);
/// ```
pub fn ascii_valid_up_to(src: &[u32]) -> usize {
    units_below(src.len(), 0x80, |i| src[i])
}

/// The length in units of the Latin-1 prefix of native-endian UTF-32: the index of
/// the first unit at or above U+0100, or `src.len()`.
///
/// ```
/// use utfast_scalar::utf32::latin1_valid_up_to;
/// assert_eq!(latin1_valid_up_to(&[0xFF, 0x100]), 1);
/// ```
pub fn latin1_valid_up_to(src: &[u32]) -> usize {
    units_below(src.len(), 0x100, |i| src[i])
}

/// [`ascii_valid_up_to`] of UTF-32 bytes in byte order `endian`, in **bytes** (a
/// multiple of 4). Only whole units are read: with nothing above U+007F the result
/// is `src.len()` rounded down to a multiple of 4.
///
/// ```
/// use utfast_scalar::{utf32::ascii_valid_up_to_bytes, Endian};
/// assert_eq!(ascii_valid_up_to_bytes(b"a\x00\x00\x00\xE9\x00\x00\x00", Endian::Little), 4);
/// ```
pub fn ascii_valid_up_to_bytes(src: &[u8], endian: Endian) -> usize {
    4 * units_below(src.len() / 4, 0x80, |i| {
        endian.read_u32([src[4 * i], src[4 * i + 1], src[4 * i + 2], src[4 * i + 3]])
    })
}

/// [`latin1_valid_up_to`] of UTF-32 bytes in byte order `endian`, in **bytes** (see
/// [`ascii_valid_up_to_bytes`]).
///
/// ```
/// use utfast_scalar::{utf32::latin1_valid_up_to_bytes, Endian};
/// assert_eq!(latin1_valid_up_to_bytes(b"\x00\x00\x00\xE9\x00\x00\x01\x00", Endian::Big), 4);
/// ```
pub fn latin1_valid_up_to_bytes(src: &[u8], endian: Endian) -> usize {
    4 * units_below(src.len() / 4, 0x100, |i| {
        endian.read_u32([src[4 * i], src[4 * i + 1], src[4 * i + 2], src[4 * i + 3]])
    })
}

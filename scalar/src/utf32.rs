//! UTF-32 validation (native units and byte-oriented LE/BE).

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

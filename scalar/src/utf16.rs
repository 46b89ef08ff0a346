//! UTF-16 validation (native units and byte-oriented LE/BE).

use crate::error::{ErrorKind, Utf16Error};
use crate::types::Endian;

/// Validates native-endian UTF-16 units; `valid_up_to` counts units.
///
/// ```
/// use utfast_scalar::{utf16::validate_utf16, ErrorKind};
/// assert!(validate_utf16(&[0xD83D, 0xDE00]).is_ok());
/// assert_eq!(validate_utf16(&[0xDC00]).unwrap_err().kind(), ErrorKind::UnpairedLowSurrogate);
/// ```
pub fn validate_utf16(src: &[u16]) -> Result<(), Utf16Error> {
    validate_units(src.len(), |i| src[i]).map_err(|(at, kind)| Utf16Error::new(at, kind))
}

/// Validates UTF-16 bytes in the given byte order; `valid_up_to` counts bytes.
/// An odd length is a [`ErrorKind::TruncatedUnit`] at the last byte (or at a high
/// surrogate just before it).
///
/// ```
/// use utfast_scalar::{utf16::validate_utf16_bytes, Endian, ErrorKind};
/// let e = validate_utf16_bytes(b"a\x00b", Endian::Little).unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (2, ErrorKind::TruncatedUnit));
/// ```
pub fn validate_utf16_bytes(src: &[u8], endian: Endian) -> Result<(), Utf16Error> {
    let units = src.len() / 2;
    let r = validate_units(units, |i| endian.read_u16([src[2 * i], src[2 * i + 1]]));
    match r {
        Err((at, ErrorKind::UnpairedHighSurrogate)) if at + 1 == units && src.len() % 2 == 1 => {
            // A high surrogate cut off by the end of the input: one truncated sequence.
            Err(Utf16Error::new(2 * at, ErrorKind::TruncatedUnit))
        }
        Err((at, kind)) => Err(Utf16Error::new(2 * at, kind)),
        Ok(()) if src.len() % 2 == 1 => {
            Err(Utf16Error::new(src.len() - 1, ErrorKind::TruncatedUnit))
        }
        Ok(()) => Ok(()),
    }
}

/// Shared loop: `unit(i)` reads unit `i` of `n`; returns (unit index, kind) of the first error.
#[inline(always)]
fn validate_units(n: usize, unit: impl Fn(usize) -> u16) -> Result<(), (usize, ErrorKind)> {
    let mut i = 0;
    while i < n {
        let u = unit(i);
        if !(0xD800..=0xDFFF).contains(&u) {
            i += 1;
        } else if u >= 0xDC00 {
            return Err((i, ErrorKind::UnpairedLowSurrogate));
        } else if i + 1 < n && (0xDC00..=0xDFFF).contains(&unit(i + 1)) {
            i += 2;
        } else {
            return Err((i, ErrorKind::UnpairedHighSurrogate));
        }
    }
    Ok(())
}

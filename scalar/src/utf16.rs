//! UTF-16 validation, the ASCII and Latin-1 prefixes, and well-formed UTF-16 in
//! place (native units and byte-oriented LE/BE).

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

/// The number of units of `src` before the first one at or above `limit`.
#[inline(always)]
fn units_below(n: usize, limit: u16, unit: impl Fn(usize) -> u16) -> usize {
    (0..n).find(|&i| unit(i) >= limit).unwrap_or(n)
}

/// The length in units of the ASCII prefix of native-endian UTF-16: the index of
/// the first unit at or above U+0080, or `src.len()`.
///
/// ```
/// use utfast_scalar::utf16::ascii_valid_up_to;
/// assert_eq!(ascii_valid_up_to(&[0x61, 0x62, 0xE9]), 2);
/// assert_eq!(ascii_valid_up_to(&[0x61, 0x7F]), 2);
/// ```
pub fn ascii_valid_up_to(src: &[u16]) -> usize {
    units_below(src.len(), 0x80, |i| src[i])
}

/// The length in units of the Latin-1 prefix of native-endian UTF-16: the index of
/// the first unit at or above U+0100, or `src.len()`.
///
/// ```
/// use utfast_scalar::utf16::latin1_valid_up_to;
/// assert_eq!(latin1_valid_up_to(&[0x61, 0xE9, 0x20AC]), 2);
/// ```
pub fn latin1_valid_up_to(src: &[u16]) -> usize {
    units_below(src.len(), 0x100, |i| src[i])
}

/// [`ascii_valid_up_to`] of UTF-16 bytes in byte order `endian`, in **bytes** (even:
/// the offset of the first unit at or above U+0080). Only whole units are read: with
/// an odd length and nothing above U+007F the result is `src.len() - 1`.
///
/// ```
/// use utfast_scalar::{utf16::ascii_valid_up_to_bytes, Endian};
/// assert_eq!(ascii_valid_up_to_bytes(b"a\x00\xE9\x00", Endian::Little), 2);
/// assert_eq!(ascii_valid_up_to_bytes(b"\x00a\x00", Endian::Big), 2);
/// ```
pub fn ascii_valid_up_to_bytes(src: &[u8], endian: Endian) -> usize {
    2 * units_below(src.len() / 2, 0x80, |i| {
        endian.read_u16([src[2 * i], src[2 * i + 1]])
    })
}

/// [`latin1_valid_up_to`] of UTF-16 bytes in byte order `endian`, in **bytes** (see
/// [`ascii_valid_up_to_bytes`]).
///
/// ```
/// use utfast_scalar::{utf16::latin1_valid_up_to_bytes, Endian};
/// assert_eq!(latin1_valid_up_to_bytes(b"\xE9\x00\xAC\x20", Endian::Little), 2);
/// ```
pub fn latin1_valid_up_to_bytes(src: &[u8], endian: Endian) -> usize {
    2 * units_below(src.len() / 2, 0x100, |i| {
        endian.read_u16([src[2 * i], src[2 * i + 1]])
    })
}

/// Replaces every unpaired surrogate of native-endian UTF-16 by U+FFFD, in place
/// (JavaScript's `String.prototype.toWellFormed`); returns how many were replaced.
/// Paired surrogates and every other unit are left as they are.
///
/// ```
/// use utfast_scalar::utf16::make_well_formed;
/// let mut s = [0x61, 0xD800, 0xD83D, 0xDE00, 0xDC00];
/// assert_eq!(make_well_formed(&mut s), 2);
/// assert_eq!(s, [0x61, 0xFFFD, 0xD83D, 0xDE00, 0xFFFD]);
/// ```
pub fn make_well_formed(src: &mut [u16]) -> usize {
    let n = src.len();
    well_formed_units(src, n, |s, i| s[i], |s, i| s[i] = 0xFFFD)
}

/// [`make_well_formed`] of UTF-16 bytes in byte order `endian`. Only whole units are
/// read and written: an odd final byte is left as it is (it is not a unit, and two
/// bytes of U+FFFD do not fit in its place), so a high surrogate just before it is
/// unpaired and replaced.
///
/// ```
/// use utfast_scalar::{utf16::make_well_formed_bytes, Endian};
/// let mut s = *b"a\x00\x00\xDCb";
/// assert_eq!(make_well_formed_bytes(&mut s, Endian::Little), 1);
/// assert_eq!(&s, b"a\x00\xFD\xFFb");
/// ```
pub fn make_well_formed_bytes(src: &mut [u8], endian: Endian) -> usize {
    let n = src.len() / 2;
    let fffd = endian.write_u16(0xFFFD);
    well_formed_units(
        src,
        n,
        |s, i| endian.read_u16([s[2 * i], s[2 * i + 1]]),
        |s, i| s[2 * i..2 * i + 2].copy_from_slice(&fffd),
    )
}

/// Shared loop of the well-formed repair: `read(s, i)` reads unit `i` of `n`,
/// `replace(s, i)` writes U+FFFD there.
#[inline(always)]
fn well_formed_units<T: ?Sized>(
    s: &mut T,
    n: usize,
    read: impl Fn(&T, usize) -> u16,
    replace: impl Fn(&mut T, usize),
) -> usize {
    let (mut i, mut replaced) = (0, 0);
    while i < n {
        let u = read(s, i);
        if !(0xD800..=0xDFFF).contains(&u) {
            i += 1;
        } else if u <= 0xDBFF && i + 1 < n && (0xDC00..=0xDFFF).contains(&read(s, i + 1)) {
            i += 2;
        } else {
            replace(s, i);
            replaced += 1;
            i += 1;
        }
    }
    replaced
}

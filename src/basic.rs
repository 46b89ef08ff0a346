//! simdutf8's `basic` API, name for name: UTF-8 validation with a zero-size error,
//! the fastest check ([`crate::is_utf8`]), for code that only needs "valid or not".
//!
//! Migrating from simdutf8 is replacing `simdutf8::basic::` with `utfast::basic::`:
//! the functions, the error type, its derives, `Debug` and `Display` are the same
//! (simdutf8's own test suite runs against this module, `tests/simdutf8_suite.rs`).
//! For the position of the error use [`crate::compat`] or [`crate::validate_utf8`].
//!
//! ```
//! use utfast::basic::{from_utf8, Utf8Error};
//! assert_eq!(from_utf8(b"caf\xC3\xA9"), Ok("café"));
//! assert_eq!(from_utf8(b"caf\xC3"), Err(Utf8Error));
//! assert_eq!(core::mem::size_of::<Utf8Error>(), 0);
//! ```

use crate::unchecked::{str_from_validated, str_from_validated_mut};
use core::fmt;

/// The input is not UTF-8: a zero-size error without a position (simdutf8's
/// `basic::Utf8Error`).
///
/// ```
/// let e = utfast::basic::from_utf8(b"\xFF").unwrap_err();
/// assert_eq!(e.to_string(), "invalid utf-8 sequence");
/// assert_eq!(format!("{e:?}"), "Utf8Error");
/// ```
#[derive(Copy, Eq, PartialEq, Clone, Debug)]
pub struct Utf8Error;

impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // simdutf8's text.
        f.write_str("invalid utf-8 sequence")
    }
}

impl core::error::Error for Utf8Error {}

/// `core::str::from_utf8` with a zero-size error: `Ok(&str)` if `input` is UTF-8.
///
/// Errors: [`Utf8Error`], which says nothing about where the input is invalid.
///
/// ```
/// assert_eq!(utfast::basic::from_utf8("Grüße 😀".as_bytes()), Ok("Grüße 😀"));
/// assert!(utfast::basic::from_utf8(b"\xED\xA0\x80").is_err()); // a surrogate
/// ```
#[inline]
pub fn from_utf8(input: &[u8]) -> Result<&str, Utf8Error> {
    if crate::is_utf8(input) {
        Ok(str_from_validated(input))
    } else {
        Err(Utf8Error)
    }
}

/// `core::str::from_utf8_mut` with a zero-size error: `Ok(&mut str)` if `input` is
/// UTF-8.
///
/// Errors: [`Utf8Error`], as [`from_utf8`].
///
/// ```
/// let mut buf = *b"hello";
/// utfast::basic::from_utf8_mut(&mut buf).unwrap().make_ascii_uppercase();
/// assert_eq!(&buf, b"HELLO");
/// assert!(utfast::basic::from_utf8_mut(&mut [0xC0, 0x80]).is_err());
/// ```
#[inline]
pub fn from_utf8_mut(input: &mut [u8]) -> Result<&mut str, Utf8Error> {
    if crate::is_utf8(input) {
        Ok(str_from_validated_mut(input))
    } else {
        Err(Utf8Error)
    }
}

//! simdutf8's `compat` API, name for name: UTF-8 validation with std's error
//! positions ([`Utf8Error::valid_up_to`], [`Utf8Error::error_len`]).
//!
//! Migrating from simdutf8 is replacing `simdutf8::compat::` with
//! `utfast::compat::`: the functions, the error type, its methods, derives, `Debug`
//! and `Display` are the same (simdutf8's own test suite runs against this module,
//! `tests/simdutf8_suite.rs`). [`crate::validate_utf8`] reports the same positions
//! and also the [`ErrorKind`](crate::ErrorKind); [`crate::std_compat`] returns std's
//! own error type.
//!
//! ```
//! use utfast::compat::from_utf8;
//! let e = from_utf8(b"ok\xE2\x82").unwrap_err();
//! assert_eq!((e.valid_up_to(), e.error_len()), (2, None));
//! let e = from_utf8(b"ok\xE2\x82!").unwrap_err();
//! assert_eq!((e.valid_up_to(), e.error_len()), (2, Some(2)));
//! ```

use crate::unchecked::{str_from_validated, str_from_validated_mut};
use core::fmt;

/// Where and how long the first invalid sequence is: the information of
/// `core::str::Utf8Error` (simdutf8's `compat::Utf8Error`).
///
/// ```
/// let e = utfast::compat::from_utf8(b"a\xF0a").unwrap_err();
/// assert_eq!(e.to_string(), "invalid utf-8 sequence of 1 bytes from index 1");
/// assert_eq!(format!("{e:?}"), "Utf8Error { valid_up_to: 1, error_len: Some(1) }");
/// ```
#[derive(Copy, Eq, PartialEq, Clone, Debug)]
pub struct Utf8Error {
    // The names and types of simdutf8's fields: the derived `Debug` prints them.
    valid_up_to: usize,
    error_len: Option<u8>,
}

impl Utf8Error {
    /// The length of the longest valid prefix, in bytes (as
    /// `core::str::Utf8Error::valid_up_to`).
    ///
    /// ```
    /// assert_eq!(utfast::compat::from_utf8(b"abc\xFF").unwrap_err().valid_up_to(), 3);
    /// ```
    #[inline]
    #[must_use]
    pub fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// The length of the invalid maximal subpart at `valid_up_to()` (1 to 3), or
    /// `None` if the input ends inside a sequence that more bytes could complete (as
    /// `core::str::Utf8Error::error_len`).
    ///
    /// ```
    /// assert_eq!(utfast::compat::from_utf8(b"\xF0\x9F").unwrap_err().error_len(), None);
    /// assert_eq!(utfast::compat::from_utf8(b"\xF0\x9Fa").unwrap_err().error_len(), Some(2));
    /// ```
    #[inline]
    #[must_use]
    pub fn error_len(&self) -> Option<usize> {
        self.error_len.map(usize::from)
    }
}

impl From<crate::Utf8Error> for Utf8Error {
    /// The positions of utfast's error, without its kind.
    ///
    /// ```
    /// let e = utfast::validate_utf8(b"a\xFF").unwrap_err();
    /// assert_eq!(utfast::compat::Utf8Error::from(e).valid_up_to(), 1);
    /// ```
    #[inline]
    fn from(e: crate::Utf8Error) -> Self {
        Utf8Error {
            valid_up_to: e.valid_up_to(),
            // A maximal subpart has 1 to 3 bytes.
            error_len: e.error_len().map(|n| n as u8),
        }
    }
}

impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // std's and simdutf8's text.
        match self.error_len {
            Some(n) => write!(
                f,
                "invalid utf-8 sequence of {} bytes from index {}",
                n, self.valid_up_to
            ),
            None => write!(
                f,
                "incomplete utf-8 byte sequence from index {}",
                self.valid_up_to
            ),
        }
    }
}

impl core::error::Error for Utf8Error {}

/// `core::str::from_utf8` with std's error positions: `Ok(&str)` if `input` is
/// UTF-8.
///
/// Errors: [`Utf8Error`] with the `valid_up_to()` and `error_len()` that
/// `core::str::from_utf8` reports.
///
/// ```
/// assert_eq!(utfast::compat::from_utf8("日本語".as_bytes()), Ok("日本語"));
/// let e = utfast::compat::from_utf8(b"ab\xC0\x80").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (2, Some(1)));
/// ```
#[inline]
pub fn from_utf8(input: &[u8]) -> Result<&str, Utf8Error> {
    crate::validate_utf8(input)?;
    Ok(str_from_validated(input))
}

/// `core::str::from_utf8_mut` with std's error positions: `Ok(&mut str)` if `input`
/// is UTF-8.
///
/// Errors: [`Utf8Error`], as [`from_utf8`].
///
/// ```
/// let mut buf = *b"abc";
/// utfast::compat::from_utf8_mut(&mut buf).unwrap().make_ascii_uppercase();
/// assert_eq!(&buf, b"ABC");
/// let e = utfast::compat::from_utf8_mut(&mut [b'a', 0xE2]).unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (1, None));
/// ```
#[inline]
pub fn from_utf8_mut(input: &mut [u8]) -> Result<&mut str, Utf8Error> {
    crate::validate_utf8(input)?;
    Ok(str_from_validated_mut(input))
}

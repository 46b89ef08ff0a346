//! UTF-8 validation that returns **std's own types**: `core::str::Utf8Error` and
//! `std::string::FromUtf8Error`, for crates whose public API uses them (a decoder
//! that returns `Result<String, FromUtf8Error>`, an extractor whose error wraps
//! `Utf8Error`), so that switching to utfast changes no type.
//!
//! Valid input is checked once, by the SIMD kernel ([`crate::is_utf8`]). std has
//! no public constructor for its error types, so on invalid input std itself is
//! asked for the error: `core::str::from_utf8` (or `String::from_utf8`) runs on the
//! same bytes and its result is returned. **The cost of the error path** is the
//! SIMD pass over the whole input plus std's validation of the valid prefix up to
//! the error (std stops there): at most about one `core::str::from_utf8` more than
//! std alone would take. Valid input never pays it. For the fastest error
//! positions use [`crate::validate_utf8`] or [`crate::compat`].
//!
//! ```
//! let e: core::str::Utf8Error = utfast::std_compat::from_utf8(b"ok\xFF").unwrap_err();
//! assert_eq!(e, core::str::from_utf8(b"ok\xFF").unwrap_err());
//! ```

#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};

use crate::unchecked::{str_from_validated, str_from_validated_mut};

/// `core::str::from_utf8`, validated by the SIMD kernel: the same result, std's
/// error type.
///
/// Errors: std's [`core::str::Utf8Error`], computed by std on invalid input only
/// (see the module documentation for its cost).
///
/// ```
/// assert_eq!(utfast::std_compat::from_utf8("Grüße".as_bytes()), Ok("Grüße"));
/// let bad = b"ab\xE2\x82";
/// assert_eq!(utfast::std_compat::from_utf8(bad), core::str::from_utf8(bad));
/// ```
#[inline]
pub fn from_utf8(v: &[u8]) -> Result<&str, core::str::Utf8Error> {
    if crate::is_utf8(v) {
        Ok(str_from_validated(v))
    } else {
        invalid(v)
    }
}

/// std builds the error of invalid input (out of line: the valid path stays small).
#[cold]
#[inline(never)]
fn invalid(v: &[u8]) -> Result<&str, core::str::Utf8Error> {
    core::str::from_utf8(v)
}

/// `core::str::from_utf8_mut`, validated by the SIMD kernel: the same result, std's
/// error type.
///
/// Errors: std's [`core::str::Utf8Error`], as [`from_utf8`].
///
/// ```
/// let mut buf = *b"hi!";
/// utfast::std_compat::from_utf8_mut(&mut buf).unwrap().make_ascii_uppercase();
/// assert_eq!(&buf, b"HI!");
/// let mut bad = *b"\xC0\x80";
/// let e: core::str::Utf8Error = utfast::std_compat::from_utf8_mut(&mut bad).unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (0, Some(1)));
/// ```
#[inline]
pub fn from_utf8_mut(v: &mut [u8]) -> Result<&mut str, core::str::Utf8Error> {
    if crate::is_utf8(v) {
        Ok(str_from_validated_mut(v))
    } else {
        invalid_mut(v)
    }
}

/// std builds the error of invalid input.
#[cold]
#[inline(never)]
fn invalid_mut(v: &mut [u8]) -> Result<&mut str, core::str::Utf8Error> {
    core::str::from_utf8_mut(v)
}

/// `String::from_utf8`, validated by the SIMD kernel (feature `alloc`): valid input
/// becomes the `String` without a copy; the error is std's, with the bytes in it.
///
/// Errors: std's [`alloc::string::FromUtf8Error`] (`into_bytes()` gives the
/// buffer back), computed by std on invalid input only (see the module
/// documentation for its cost).
///
/// ```
/// let v = "héllo".as_bytes().to_vec();
/// let ptr = v.as_ptr();
/// let s = utfast::std_compat::string_from_utf8(v).unwrap();
/// assert_eq!((s.as_str(), s.as_ptr()), ("héllo", ptr)); // the same buffer
///
/// let e: std::string::FromUtf8Error = utfast::std_compat::string_from_utf8(b"a\xFF".to_vec()).unwrap_err();
/// assert_eq!(e, String::from_utf8(b"a\xFF".to_vec()).unwrap_err());
/// assert_eq!(e.into_bytes(), b"a\xFF");
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn string_from_utf8(vec: Vec<u8>) -> Result<String, alloc::string::FromUtf8Error> {
    if crate::is_utf8(&vec) {
        Ok(crate::unchecked::string_from_validated(vec))
    } else {
        invalid_vec(vec)
    }
}

/// std builds the error of invalid input.
#[cfg(feature = "alloc")]
#[cold]
#[inline(never)]
fn invalid_vec(vec: Vec<u8>) -> Result<String, alloc::string::FromUtf8Error> {
    String::from_utf8(vec)
}

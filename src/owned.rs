//! Owned-buffer drop-ins for `String::from_utf8` and friends (feature `alloc`), and
//! [`utf8_chunks`], std's `<[u8]>::utf8_chunks` at SIMD speed.
//!
//! Valid input is never copied: the `Vec<u8>` becomes the `String` (validated once,
//! by the active kernel). Invalid input keeps its bytes in the error
//! ([`FromUtf8Error::into_bytes`]), as std does.

use crate::unchecked::{str_from_validated, string_from_validated};
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use utfast_scalar::{TranscodeError, Utf8Error};

/// The error of [`string_from_utf8`]: the bytes that were not UTF-8, and where and
/// why. The counterpart of [`std::string::FromUtf8Error`](https://doc.rust-lang.org/std/string/struct.FromUtf8Error.html),
/// with the same methods and the same `Display`.
///
/// ```
/// let e = utfast::string_from_utf8(b"ok\xFF".to_vec()).unwrap_err();
/// assert_eq!(e.as_bytes(), b"ok\xFF");
/// assert_eq!(e.utf8_error().valid_up_to(), 2);
/// assert_eq!(e.to_string(), "invalid utf-8 sequence of 1 bytes from index 2");
/// assert_eq!(e.into_bytes(), b"ok\xFF"); // the caller gets its buffer back
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FromUtf8Error {
    bytes: Vec<u8>,
    error: Utf8Error,
}

impl FromUtf8Error {
    /// The bytes that were given to [`string_from_utf8`].
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The bytes that were given to [`string_from_utf8`], without a copy.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// Where and why the bytes are not UTF-8 (exactly `core::str::Utf8Error`'s
    /// `valid_up_to()` and `error_len()`, plus the [`ErrorKind`](crate::ErrorKind)).
    pub fn utf8_error(&self) -> Utf8Error {
        self.error
    }

    /// The bytes converted lossily (each maximal invalid subpart becomes U+FFFD),
    /// reusing the buffer where possible: `String::from_utf8(v).unwrap_or_else(|e|
    /// e.into_utf8_lossy())` in std's words.
    ///
    /// ```
    /// let e = utfast::string_from_utf8(b"a\xE2\x82b".to_vec()).unwrap_err();
    /// assert_eq!(e.into_utf8_lossy(), "a\u{FFFD}b");
    /// ```
    pub fn into_utf8_lossy(self) -> String {
        lossy_from(self.bytes, self.error.valid_up_to())
    }
}

impl fmt::Display for FromUtf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl core::error::Error for FromUtf8Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Turns a `Vec<u8>` into a `String` if it is UTF-8: a drop-in for
/// `String::from_utf8`, validated with the active SIMD kernel. Valid input is not
/// copied and nothing is allocated.
///
/// Errors: [`FromUtf8Error`], which gives the bytes back
/// ([`into_bytes`](FromUtf8Error::into_bytes)) and the exact [`Utf8Error`].
///
/// ```
/// let v = "Grüße 😀".as_bytes().to_vec();
/// let ptr = v.as_ptr();
/// let s = utfast::string_from_utf8(v)?;
/// assert_eq!(s, "Grüße 😀");
/// assert_eq!(s.as_ptr(), ptr); // the same buffer
///
/// let e = utfast::string_from_utf8(vec![b'a', 0xF0, 0x9F]).unwrap_err();
/// assert_eq!((e.utf8_error().valid_up_to(), e.utf8_error().error_len()), (1, None));
/// # Ok::<(), utfast::FromUtf8Error>(())
/// ```
pub fn string_from_utf8(bytes: Vec<u8>) -> Result<String, FromUtf8Error> {
    match crate::validate_utf8(&bytes) {
        Ok(()) => Ok(string_from_validated(bytes)),
        Err(error) => Err(FromUtf8Error { bytes, error }),
    }
}

/// UTF-8 to `str`, replacing each maximal invalid subpart with U+FFFD: the same
/// result as `String::from_utf8_lossy`, borrowing `src` (no allocation) when it is
/// valid.
///
/// ```
/// use std::borrow::Cow;
/// assert!(matches!(utfast::string_from_utf8_lossy(b"valid"), Cow::Borrowed("valid")));
/// let bad = b"a\xF0\x9F\x98b\xFF";
/// assert_eq!(utfast::string_from_utf8_lossy(bad), String::from_utf8_lossy(bad));
/// ```
pub fn string_from_utf8_lossy(src: &[u8]) -> Cow<'_, str> {
    match crate::validate_utf8(src) {
        Ok(()) => Cow::Borrowed(str_from_validated(src)),
        Err(e) => Cow::Owned(lossy_tail(src, e.valid_up_to())),
    }
}

/// The former name of [`string_from_utf8_lossy`].
#[deprecated(
    since = "0.2.0",
    note = "renamed to `string_from_utf8_lossy` (std's name)"
)]
pub fn utf8_to_string_lossy(src: &[u8]) -> Cow<'_, str> {
    string_from_utf8_lossy(src)
}

/// Turns a `Vec<u8>` into a `String`, replacing each maximal invalid subpart with
/// U+FFFD: std's (unstable) `String::from_utf8_lossy_owned`. Valid input reuses the
/// `Vec` (no copy, no allocation); invalid input is repaired into a new buffer.
///
/// ```
/// let v = b"caf\xC3\xA9".to_vec();
/// let ptr = v.as_ptr();
/// let s = utfast::string_from_utf8_lossy_owned(v);
/// assert_eq!((s.as_str(), s.as_ptr()), ("café", ptr));
/// assert_eq!(utfast::string_from_utf8_lossy_owned(b"caf\xC3".to_vec()), "caf\u{FFFD}");
/// ```
pub fn string_from_utf8_lossy_owned(bytes: Vec<u8>) -> String {
    match crate::validate_utf8(&bytes) {
        Ok(()) => string_from_validated(bytes),
        Err(e) => lossy_from(bytes, e.valid_up_to()),
    }
}

/// `bytes`, valid up to `valid`, repaired. The output is built in a new buffer (the
/// repair can grow the text: one invalid byte becomes three).
fn lossy_from(bytes: Vec<u8>, valid: usize) -> String {
    lossy_tail(&bytes, valid)
}

/// The lossy conversion of `src`, known to be valid up to `valid`, allocated once at
/// its exact length.
fn lossy_tail(src: &[u8], valid: usize) -> String {
    let (head, rest) = src.split_at(valid);
    let len = valid + crate::utf8_len_from_utf8_lossy(rest);
    let mut out = String::with_capacity(len);
    out.push_str(str_from_validated(head));
    for chunk in utf8_chunks(rest) {
        out.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            out.push(char::REPLACEMENT_CHARACTER);
        }
    }
    debug_assert_eq!(out.len(), len);
    out
}

/// Converts UTF-16LE bytes to a `String` with the active kernel (std's unstable
/// `String::from_utf16le` is scalar). Errors: as
/// [`utf16le_to_utf8`](crate::utf16le_to_utf8), positions in **bytes** (an odd
/// length is `TruncatedUnit`).
///
/// ```
/// assert_eq!(utfast::utf16le_to_string(b"h\x00\xE9\x00")?, "hé");
/// let e = utfast::utf16le_to_string(b"h\x00\x00\xDC").unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to()), (utfast::ErrorKind::UnpairedLowSurrogate, 2));
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
#[doc(alias = "from_utf16le")]
pub fn utf16le_to_string(src: &[u8]) -> Result<String, TranscodeError> {
    bytes_to_string(src, crate::Encoding::Utf16Le, crate::Mode::Strict)
}

/// Converts UTF-16BE bytes to a `String`; see [`utf16le_to_string`].
///
/// ```
/// assert_eq!(utfast::utf16be_to_string(b"\x00h\xD8\x3D\xDE\x00")?, "h😀");
/// assert!(utfast::utf16be_to_string(b"\x00h\x00").is_err());
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
#[doc(alias = "from_utf16be")]
pub fn utf16be_to_string(src: &[u8]) -> Result<String, TranscodeError> {
    bytes_to_string(src, crate::Encoding::Utf16Be, crate::Mode::Strict)
}

/// Converts UTF-16LE bytes to a `String`, replacing each unpaired surrogate with
/// U+FFFD: std's unstable `String::from_utf16le_lossy`, except that an odd final
/// byte and a high surrogate right before it are one U+FFFD together (one truncated
/// final character, as in every lossy conversion of this crate), where std writes two.
///
/// ```
/// assert_eq!(utfast::utf16le_to_string_lossy(b"h\x00\x00\xD8i\x00\x00"), "h\u{FFFD}i\u{FFFD}");
/// ```
#[doc(alias = "from_utf16le_lossy")]
pub fn utf16le_to_string_lossy(src: &[u8]) -> String {
    bytes_to_string(src, crate::Encoding::Utf16Le, crate::Mode::Lossy)
        .expect("lossy conversion into an exact buffer cannot fail")
}

/// Converts UTF-16BE bytes to a `String`, lossily; see [`utf16le_to_string_lossy`].
///
/// ```
/// assert_eq!(utfast::utf16be_to_string_lossy(b"\x00h\xDC\x00"), "h\u{FFFD}");
/// ```
#[doc(alias = "from_utf16be_lossy")]
pub fn utf16be_to_string_lossy(src: &[u8]) -> String {
    bytes_to_string(src, crate::Encoding::Utf16Be, crate::Mode::Lossy)
        .expect("lossy conversion into an exact buffer cannot fail")
}

/// UTF-16 bytes to a `String`, allocated once at the exact output size (strict:
/// the size for valid input, which invalid input never exceeds before its error).
fn bytes_to_string(
    src: &[u8],
    from: crate::Encoding,
    mode: crate::Mode,
) -> Result<String, TranscodeError> {
    let len = match mode {
        crate::Mode::Lossy => crate::lossy_output_len(src, from, crate::Encoding::Utf8),
        _ => crate::max_output_len(from, crate::Encoding::Utf8, src.len()),
    };
    let mut out = alloc::vec![0u8; len];
    let n = crate::transcode(src, &mut out, from, crate::Encoding::Utf8, mode)?;
    out.truncate(n);
    Ok(crate::unchecked::string_from_output(out))
}

/// Splits `src` into runs of valid UTF-8, each followed by at most one invalid
/// maximal subpart: exactly std's `<[u8]>::utf8_chunks` (and the basis of
/// `String::from_utf8_lossy`), with each valid run found by the active SIMD kernel.
///
/// The last chunk's `invalid()` is empty unless `src` ends in an invalid or
/// incomplete sequence; an empty `src` gives no chunks.
///
/// ```
/// let chunks: Vec<(&str, &[u8])> = utfast::utf8_chunks(b"ab\xF0\x9F\x98c\xFF")
///     .map(|c| (c.valid(), c.invalid()))
///     .collect();
/// assert_eq!(chunks, [("ab", &b"\xF0\x9F\x98"[..]), ("c", b"\xFF")]);
/// assert_eq!(utfast::utf8_chunks(b"ok").map(|c| c.valid()).collect::<Vec<_>>(), ["ok"]);
/// assert_eq!(utfast::utf8_chunks(b"").count(), 0);
/// ```
pub fn utf8_chunks(src: &[u8]) -> Utf8Chunks<'_> {
    Utf8Chunks { rest: src }
}

/// An iterator over the [`Utf8Chunk`]s of a byte slice; see [`utf8_chunks`].
#[derive(Debug, Clone)]
pub struct Utf8Chunks<'a> {
    rest: &'a [u8],
}

/// A run of valid UTF-8 and the invalid bytes that follow it (see [`utf8_chunks`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Utf8Chunk<'a> {
    valid: &'a str,
    invalid: &'a [u8],
}

impl<'a> Utf8Chunk<'a> {
    /// The valid UTF-8 (may be empty).
    pub fn valid(&self) -> &'a str {
        self.valid
    }

    /// The invalid maximal subpart after it (1 to 3 bytes), or the incomplete
    /// sequence that ends the input, or empty for the last chunk of input that ends
    /// in valid UTF-8.
    pub fn invalid(&self) -> &'a [u8] {
        self.invalid
    }
}

impl<'a> Iterator for Utf8Chunks<'a> {
    type Item = Utf8Chunk<'a>;

    fn next(&mut self) -> Option<Utf8Chunk<'a>> {
        if self.rest.is_empty() {
            return None;
        }
        let src = self.rest;
        let (valid, invalid_len) = match crate::validate_utf8(src) {
            Ok(()) => (src.len(), 0),
            Err(e) => {
                let at = e.valid_up_to();
                (at, e.error_len().unwrap_or(src.len() - at))
            }
        };
        let (valid, rest) = src.split_at(valid);
        let (invalid, rest) = rest.split_at(invalid_len);
        self.rest = rest;
        Some(Utf8Chunk {
            valid: str_from_validated(valid),
            invalid,
        })
    }
}

impl core::iter::FusedIterator for Utf8Chunks<'_> {}

//! CESU-8 with borrowed results, in the shape of the `simd_cesu8` crate (and with
//! the `cesu8` crate's names): decode to `Cow<str>`, borrowing the input when it is
//! already UTF-8 with the same meaning; encode to `Cow<[u8]>`, borrowing the text
//! when it has no supplementary character. Java's Modified UTF-8 is [`crate::mutf8`].
//!
//! Migrating is replacing `simd_cesu8::` by `utfast::cesu8::` (and
//! `simd_cesu8::mutf8::` by `utfast::mutf8::`), or `cesu8::` by `utfast::cesu8::`:
//! the doc examples of both crates run against these functions
//! (`tests/cesu8_crates.rs`).
//!
//! - [`decode`] and [`decode_lossy`] borrow any valid UTF-8, four-byte sequences
//!   included, as `simd_cesu8` and `cesu8` do (CESU-8 producers never write them, so
//!   accepting them costs nothing and saves a scan); [`decode_strict`] and
//!   [`decode_lossy_strict`] accept CESU-8 only and borrow valid UTF-8 without
//!   four-byte sequences (valid UTF-8 has no surrogates, so its meaning is the same).
//! - Lossy decoding writes U+FFFD for each maximal subpart as
//!   `String::from_utf8_lossy` does, the three bytes of a lone surrogate counting as
//!   three (as UTF-8 reads them, and as `simd_cesu8` writes them).
//! - Owned results come from the SIMD CESU-8 transcoders (the `Encoding::Cesu8`
//!   conversions), allocated once.
//!
//! ```
//! use std::borrow::Cow;
//! assert!(matches!(utfast::cesu8::decode_strict(b"plain"), Ok(Cow::Borrowed("plain"))));
//! assert_eq!(utfast::cesu8::decode_strict(b"\xED\xA0\xBD\xED\xB8\x80").unwrap(), "😀");
//! assert_eq!(utfast::cesu8::encode("😀"), &b"\xED\xA0\xBD\xED\xB8\x80"[..]);
//! assert!(matches!(utfast::cesu8::encode("é"), Cow::Borrowed(_)));
//! ```

use crate::unchecked::string_from_output;
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use utfast_scalar::{Encoding, ErrorKind, Mode};

/// The input is not CESU-8 (or not Modified UTF-8): a zero-size error without a
/// position, as `simd_cesu8::DecodingError` (the positions are in
/// [`crate::validate_cesu8`] and [`crate::validate_mutf8`]).
///
/// ```
/// let e = utfast::cesu8::decode(b"\xFF").unwrap_err();
/// assert_eq!((e.to_string(), format!("{e:?}")), ("invalid input".into(), "DecodingError".into()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DecodingError(());

impl fmt::Debug for DecodingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DecodingError")
    }
}

impl fmt::Display for DecodingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // simd_cesu8's text.
        f.write_str("invalid input")
    }
}

impl core::error::Error for DecodingError {}

/// CESU-8 or Modified UTF-8 (`encoding`): the shared code of this module and
/// [`crate::mutf8`].
pub(crate) mod shared {
    use super::*;

    /// Whether UTF-8 `bytes` mean something else (or nothing) in `encoding`: a
    /// four-byte sequence, or for MUTF-8 a `00` byte.
    #[inline]
    pub(crate) fn differs(bytes: &[u8], encoding: Encoding) -> bool {
        if encoding == Encoding::Mutf8 {
            bytes.iter().any(|&b| b == 0 || b >= 0xF0)
        } else {
            bytes.iter().any(|&b| b >= 0xF0)
        }
    }

    /// `bytes` borrowed when they are UTF-8 (`strict`: UTF-8 with the same meaning
    /// in `encoding`).
    #[inline]
    fn borrowed(bytes: &[u8], encoding: Encoding, strict: bool) -> Option<&str> {
        let s = crate::basic::from_utf8(bytes).ok()?;
        (!strict || !differs(bytes, encoding)).then_some(s)
    }

    pub(crate) fn decode(
        bytes: &[u8],
        encoding: Encoding,
        strict: bool,
    ) -> Result<Cow<'_, str>, DecodingError> {
        match borrowed(bytes, encoding, strict) {
            Some(s) => Ok(Cow::Borrowed(s)),
            None => crate::transcode_to_string(bytes, encoding, Mode::Strict)
                .map(Cow::Owned)
                .map_err(|_| DecodingError(())),
        }
    }

    pub(crate) fn decode_lossy(bytes: &[u8], encoding: Encoding, strict: bool) -> Cow<'_, str> {
        match borrowed(bytes, encoding, strict) {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(lossy(bytes, encoding)),
        }
    }

    /// The lossy decoding: valid runs converted by the kernel, U+FFFD for each
    /// maximal subpart between them (one per byte of a lone surrogate).
    fn lossy(bytes: &[u8], encoding: Encoding) -> String {
        let validate = if encoding == Encoding::Mutf8 {
            crate::validate_mutf8
        } else {
            crate::validate_cesu8
        };
        // Valid runs shrink (C0 80, surrogate pairs) and each replaced byte becomes
        // at most 3.
        let mut out = Vec::with_capacity(bytes.len());
        let mut rest = bytes;
        loop {
            let (valid, bad, reps) = match validate(rest) {
                Ok(()) => (rest.len(), 0, 0),
                Err(e) => {
                    let at = e.valid_up_to();
                    let bad = e.error_len().unwrap_or(rest.len() - at);
                    let lone_surrogate = matches!(
                        e.kind(),
                        ErrorKind::UnpairedHighSurrogate | ErrorKind::UnpairedLowSurrogate
                    );
                    (at, bad, if lone_surrogate { bad } else { 1 })
                }
            };
            let start = out.len();
            // A valid run's UTF-8 is never longer than its CESU-8 or MUTF-8.
            out.resize(start + valid, 0);
            let n = crate::transcode(
                &rest[..valid],
                &mut out[start..],
                encoding,
                Encoding::Utf8,
                Mode::Strict,
            )
            .expect("utfast bug: a validated run failed to convert");
            out.truncate(start + n);
            for _ in 0..reps {
                out.extend_from_slice("\u{FFFD}".as_bytes());
            }
            rest = &rest[valid + bad..];
            if rest.is_empty() {
                return string_from_output(out);
            }
        }
    }

    pub(crate) fn encode(value: &str, encoding: Encoding) -> Cow<'_, [u8]> {
        if differs(value.as_bytes(), encoding) {
            Cow::Owned(convert(value, encoding))
        } else {
            Cow::Borrowed(value.as_bytes())
        }
    }

    /// `value` in `encoding`, allocated once at its exact length.
    fn convert(value: &str, encoding: Encoding) -> Vec<u8> {
        crate::transcode_to_vec(value.as_bytes(), Encoding::Utf8, encoding, Mode::Strict)
            .expect("utfast bug: a &str failed to convert")
    }

    pub(crate) fn encode_into(value: &str, encoding: Encoding, buf: &mut Vec<u8>) {
        let src = value.as_bytes();
        if !differs(src, encoding) {
            buf.extend_from_slice(src);
            return;
        }
        let v = convert(value, encoding);
        if buf.is_empty() {
            *buf = v;
        } else {
            buf.extend_from_slice(&v);
        }
    }
}

/// Decodes CESU-8, borrowing `bytes` when they are valid UTF-8 (four-byte
/// sequences included: see the module documentation), as `simd_cesu8::decode` and
/// `cesu8::from_cesu8`.
///
/// Errors: [`DecodingError`] if `bytes` are neither UTF-8 nor CESU-8.
///
/// ```
/// use std::borrow::Cow;
/// assert_eq!(utfast::cesu8::decode(b"\xED\xA0\x81\xED\xB0\x81")?, "\u{10401}");
/// assert!(matches!(utfast::cesu8::decode("😀".as_bytes())?, Cow::Borrowed("😀")));
/// assert!(utfast::cesu8::decode(b"\xED\xA0\x81").is_err()); // a lone surrogate
/// # Ok::<(), utfast::cesu8::DecodingError>(())
/// ```
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, DecodingError> {
    shared::decode(bytes, Encoding::Cesu8, false)
}

/// Decodes CESU-8 only: borrowed when `bytes` are UTF-8 without four-byte
/// sequences, owned when they hold surrogate pairs (`simd_cesu8::decode_strict`).
///
/// Errors: [`DecodingError`] if `bytes` are not CESU-8 (a four-byte UTF-8 sequence
/// is not).
///
/// ```
/// assert_eq!(utfast::cesu8::decode_strict(b"\xED\xA0\xBD\xED\xB8\x80")?, "😀");
/// assert!(utfast::cesu8::decode_strict("😀".as_bytes()).is_err());
/// # Ok::<(), utfast::cesu8::DecodingError>(())
/// ```
pub fn decode_strict(bytes: &[u8]) -> Result<Cow<'_, str>, DecodingError> {
    shared::decode(bytes, Encoding::Cesu8, true)
}

/// Decodes CESU-8 lossily, borrowing valid UTF-8 (`simd_cesu8::decode_lossy`).
///
/// ```
/// assert_eq!(utfast::cesu8::decode_lossy(b"a\xED\xA0\x81b"), "a\u{FFFD}\u{FFFD}\u{FFFD}b");
/// assert_eq!(utfast::cesu8::decode_lossy("😀".as_bytes()), "😀");
/// ```
pub fn decode_lossy(bytes: &[u8]) -> Cow<'_, str> {
    shared::decode_lossy(bytes, Encoding::Cesu8, false)
}

/// Decodes CESU-8 only, lossily: a four-byte UTF-8 sequence is replaced too
/// (`simd_cesu8::decode_lossy_strict`).
///
/// ```
/// assert_eq!(utfast::cesu8::decode_lossy_strict("a😀".as_bytes()), "a\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}");
/// ```
pub fn decode_lossy_strict(bytes: &[u8]) -> Cow<'_, str> {
    shared::decode_lossy(bytes, Encoding::Cesu8, true)
}

/// Encodes `value` as CESU-8, borrowing it when it has no supplementary character
/// (`simd_cesu8::encode`, `cesu8::to_cesu8`).
///
/// ```
/// use std::borrow::Cow;
/// assert!(matches!(utfast::cesu8::encode("aé日"), Cow::Borrowed(b"a\xC3\xA9\xE6\x97\xA5")));
/// assert_eq!(utfast::cesu8::encode("\u{10401}"), &b"\xED\xA0\x81\xED\xB0\x81"[..]);
/// ```
pub fn encode(value: &str) -> Cow<'_, [u8]> {
    shared::encode(value, Encoding::Cesu8)
}

/// Appends the CESU-8 of `value` to `buf` (`simd_cesu8::encode_into`).
///
/// ```
/// let mut buf = b"> ".to_vec();
/// utfast::cesu8::encode_into("\u{10401}", &mut buf);
/// assert_eq!(buf, b"> \xED\xA0\x81\xED\xB0\x81");
/// ```
pub fn encode_into(value: &str, buf: &mut Vec<u8>) {
    shared::encode_into(value, Encoding::Cesu8, buf)
}

/// Whether `value`'s CESU-8 differs from its UTF-8: it has a supplementary
/// character (`simd_cesu8::needs_encoded`).
///
/// ```
/// assert!(!utfast::cesu8::needs_encoded("€"));
/// assert!(utfast::cesu8::needs_encoded("𐐀"));
/// ```
pub fn needs_encoded(value: &str) -> bool {
    shared::differs(value.as_bytes(), Encoding::Cesu8)
}

/// `cesu8::from_cesu8`: [`decode`].
///
/// ```
/// assert_eq!(utfast::cesu8::from_cesu8(b"\xED\xA0\x81\xED\xB0\x81").unwrap(), "\u{10401}");
/// ```
pub fn from_cesu8(bytes: &[u8]) -> Result<Cow<'_, str>, DecodingError> {
    decode(bytes)
}

/// `cesu8::to_cesu8`: [`encode`].
///
/// ```
/// assert_eq!(utfast::cesu8::to_cesu8("\u{10401}"), &b"\xED\xA0\x81\xED\xB0\x81"[..]);
/// ```
pub fn to_cesu8(text: &str) -> Cow<'_, [u8]> {
    encode(text)
}

/// `cesu8::from_java_cesu8`: [`crate::mutf8::decode`].
///
/// ```
/// assert_eq!(utfast::cesu8::from_java_cesu8(b"\xC0\x80\xC0\x80").unwrap(), "\0\0");
/// ```
pub fn from_java_cesu8(bytes: &[u8]) -> Result<Cow<'_, str>, DecodingError> {
    crate::mutf8::decode(bytes)
}

/// `cesu8::to_java_cesu8`: [`crate::mutf8::encode`].
///
/// ```
/// assert_eq!(utfast::cesu8::to_java_cesu8("\0"), &b"\xC0\x80"[..]);
/// ```
pub fn to_java_cesu8(text: &str) -> Cow<'_, [u8]> {
    crate::mutf8::encode(text)
}

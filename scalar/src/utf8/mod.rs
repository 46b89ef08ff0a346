//! UTF-8 validation: a shift-based DFA with a word-at-a-time ASCII skip.
//!
//! - [`validate_utf8`] / [`is_utf8`]: any input. Inputs shorter than
//!   [`SHORT_INPUT_LEN`] take an inlined single-stream path; longer ones an outlined
//!   path that runs four DFA streams side by side (see `streams`).
//! - [`validate_utf8_short`] / [`is_utf8_short`]: the inlined single-stream path
//!   alone, for callers that already know the input is short (the SIMD validator's
//!   exact-error pass over a window of a few blocks).
//! - [`classify_error`]: kind and length of the ill-formed sequence at a position.
//!
//! Errors are exactly those of `core::str::from_utf8`: the fast paths only decide
//! valid/invalid (and which part of the input failed first); the position comes
//! from an exact pass over the failing part, the kind and length from
//! [`classify_error`].

mod dfa;
mod streams;

use crate::error::{ErrorKind, Utf8Error};

/// Inputs shorter than this take the inlined short path in [`validate_utf8`] and
/// [`is_utf8`].
pub const SHORT_INPUT_LEN: usize = 64;

/// Validates `src` as UTF-8, with the exact error of `core::str::from_utf8`
/// (`valid_up_to`, `error_len`) plus its [`ErrorKind`].
///
/// ```
/// let e = utfast_scalar::utf8::validate_utf8(b"a\xFFb").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (1, Some(1)));
/// assert_eq!(e.kind(), utfast_scalar::ErrorKind::InvalidLeadByte);
/// assert!(utfast_scalar::utf8::validate_utf8("Grüße, 世界".as_bytes()).is_ok());
/// ```
#[inline]
pub fn validate_utf8(src: &[u8]) -> Result<(), Utf8Error> {
    // The test of the shortest strings inlines into the caller; the rest is a call.
    // One function holding both is too large to inline, and its entry saves the
    // registers the DFA needs before it looks at the string: a cost as large as the
    // whole check of a string of one to three bytes.
    if tiny_ascii(src) {
        Ok(())
    } else {
        validate_utf8_any(src)
    }
}

/// [`validate_utf8`] but for its inlined test of the shortest strings.
#[inline(never)]
fn validate_utf8_any(src: &[u8]) -> Result<(), Utf8Error> {
    if src.len() < SHORT_INPUT_LEN {
        validate_utf8_short(src)
    } else {
        validate_utf8_long(src)
    }
}

/// [`validate_utf8`] with a single DFA stream, small enough to inline: the fastest
/// choice below [`SHORT_INPUT_LEN`] bytes, correct (but slower) for any length.
///
/// ```
/// let e = utfast_scalar::utf8::validate_utf8_short(b"ab\xE2\x82").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (2, None));
/// ```
#[inline]
pub fn validate_utf8_short(src: &[u8]) -> Result<(), Utf8Error> {
    if tiny_ascii(src) || dfa::is_accept(dfa::run_skipping_ascii(dfa::ACCEPT, src)) {
        Ok(())
    } else {
        exact_error(src, 0)
    }
}

/// Whether `src` is valid UTF-8. Faster than `validate_utf8(src).is_ok()` on
/// invalid input: no error position is computed.
///
/// ```
/// assert!(utfast_scalar::utf8::is_utf8("héllo".as_bytes()));
/// assert!(!utfast_scalar::utf8::is_utf8(b"\xED\xA0\x80")); // a surrogate
/// ```
#[inline]
pub fn is_utf8(src: &[u8]) -> bool {
    // As in `validate_utf8`: the shortest strings are tested inline.
    tiny_ascii(src) || is_utf8_any(src)
}

/// [`is_utf8`] but for its inlined test of the shortest strings.
#[inline(never)]
fn is_utf8_any(src: &[u8]) -> bool {
    if src.len() < SHORT_INPUT_LEN {
        is_utf8_short(src)
    } else {
        is_utf8_long(src)
    }
}

/// [`is_utf8`] with a single DFA stream, small enough to inline: the fastest choice
/// below [`SHORT_INPUT_LEN`] bytes, correct (but slower) for any length.
///
/// ```
/// assert!(utfast_scalar::utf8::is_utf8_short("€".as_bytes()));
/// assert!(!utfast_scalar::utf8::is_utf8_short(b"\xE2\x82"));
/// ```
#[inline]
pub fn is_utf8_short(src: &[u8]) -> bool {
    tiny_ascii(src) || dfa::is_accept(dfa::run_skipping_ascii(dfa::ACCEPT, src))
}

/// Whether `src` has fewer than four bytes, all ASCII: three loads and one test
/// cover every byte (a string of one byte that is valid is always ASCII, and
/// most of two or three are), where the DFA would take a dependent table lookup
/// per byte.
#[inline(always)]
fn tiny_ascii(src: &[u8]) -> bool {
    let n = src.len();
    (1..4).contains(&n) && (src[0] | src[n / 2] | src[n - 1]) < 0x80
}

#[inline(never)]
fn validate_utf8_long(src: &[u8]) -> Result<(), Utf8Error> {
    match run_long(src) {
        Ok(()) => Ok(()),
        Err(from) => exact_error(src, from),
    }
}

#[inline(never)]
fn is_utf8_long(src: &[u8]) -> bool {
    run_long(src).is_ok()
}

/// `Ok` if valid, else a character boundary `from` with `src[..from]` valid.
#[inline(always)]
fn run_long(src: &[u8]) -> Result<(), usize> {
    // Skip an ASCII prefix first: all of it for ASCII text.
    let start = dfa::ascii_prefix_len(src);
    let rest = &src[start..];
    let result = if rest.len() >= streams::MIN_LEN {
        streams::validate(rest)
    } else if dfa::is_accept(dfa::run_skipping_ascii(dfa::ACCEPT, rest)) {
        Ok(())
    } else {
        Err(0)
    };
    result.map_err(|from| start + from)
}

/// The exact error, given that `src[..from]` is valid and `from` is a character
/// boundary.
#[cold]
#[inline(never)]
fn exact_error(src: &[u8], from: usize) -> Result<(), Utf8Error> {
    let Err(pos) = dfa::first_error(src, from) else {
        return Ok(());
    };
    let (kind, len) = classify_error(&src[pos..]);
    Err(Utf8Error::new(pos, len, kind))
}

/// Classifies the ill-formed sequence at the start of `rest`: its kind and the
/// length of its maximal subpart (`Some(1..=3)`), or `None` if `rest` ends inside a
/// sequence that could still be completed (kind [`ErrorKind::TooShort`]).
///
/// Call it at the `valid_up_to()` of an error. If `rest` does not start with an
/// ill-formed sequence (it is empty, or starts with a well-formed character), there
/// is nothing to classify and the result is `(ErrorKind::TooShort, Some(0))`: a
/// maximal subpart of length 0. It never panics.
///
/// ```
/// use utfast_scalar::{utf8::classify_error, ErrorKind};
/// assert_eq!(classify_error(b"\xE0\x80"), (ErrorKind::Overlong, Some(1)));
/// assert_eq!(classify_error(b"\xE2\x82"), (ErrorKind::TooShort, None));
/// assert_eq!(classify_error(b"\xE2\x82a"), (ErrorKind::TooShort, Some(2)));
/// assert_eq!(classify_error(b"\xED\xA0\x80"), (ErrorKind::Surrogate, Some(1)));
/// assert_eq!(classify_error(b"\xF4\x90\x80\x80"), (ErrorKind::TooLarge, Some(1)));
/// assert_eq!(classify_error(b"\xC0\xAF"), (ErrorKind::InvalidLeadByte, Some(1)));
/// assert_eq!(classify_error(b"\x80"), (ErrorKind::UnexpectedContinuation, Some(1)));
/// // Nothing ill-formed at the start:
/// assert_eq!(classify_error(b"a\xFF"), (ErrorKind::TooShort, Some(0)));
/// assert_eq!(classify_error(b""), (ErrorKind::TooShort, Some(0)));
/// ```
pub fn classify_error(rest: &[u8]) -> (ErrorKind, Option<u8>) {
    const NOTHING: (ErrorKind, Option<u8>) = (ErrorKind::TooShort, Some(0));
    let Some(&b0) = rest.first() else {
        return NOTHING;
    };
    // Bytes after the lead, and the range of the second byte (Table 3-7); a second
    // byte that is a continuation byte outside that range is an error of `range_kind`.
    let (need, lo, hi, range_kind) = match b0 {
        0x00..=0x7F => return NOTHING,
        0x80..=0xBF => return (ErrorKind::UnexpectedContinuation, Some(1)),
        0xC2..=0xDF => (1, 0x80, 0xBF, ErrorKind::TooShort),
        0xE0 => (2, 0xA0, 0xBF, ErrorKind::Overlong),
        0xED => (2, 0x80, 0x9F, ErrorKind::Surrogate),
        0xE1..=0xEC | 0xEE..=0xEF => (2, 0x80, 0xBF, ErrorKind::TooShort),
        0xF0 => (3, 0x90, 0xBF, ErrorKind::Overlong),
        0xF4 => (3, 0x80, 0x8F, ErrorKind::TooLarge),
        0xF1..=0xF3 => (3, 0x80, 0xBF, ErrorKind::TooShort),
        0xC0 | 0xC1 | 0xF5..=0xFF => return (ErrorKind::InvalidLeadByte, Some(1)),
    };
    let Some(&b1) = rest.get(1) else {
        return (ErrorKind::TooShort, None);
    };
    if !(lo..=hi).contains(&b1) {
        let kind = if (0x80..=0xBF).contains(&b1) {
            range_kind
        } else {
            ErrorKind::TooShort
        };
        return (kind, Some(1));
    }
    let mut i = 2;
    while i <= need {
        match rest.get(i) {
            None => return (ErrorKind::TooShort, None),
            Some(0x80..=0xBF) => {}
            Some(_) => return (ErrorKind::TooShort, Some(i as u8)),
        }
        i += 1;
    }
    NOTHING
}

/// Whether every byte of `src` is ASCII (below 0x80).
///
/// ```
/// assert!(utfast_scalar::utf8::is_ascii(b"plain"));
/// assert!(!utfast_scalar::utf8::is_ascii("é".as_bytes()));
/// ```
#[inline]
pub fn is_ascii(src: &[u8]) -> bool {
    src.is_ascii()
}

/// The length of the ASCII prefix of `src`: the index of the first byte at or above
/// 0x80, or `src.len()` if there is none (encoding_rs's `mem::ascii_valid_up_to`,
/// simdutf's `validate_ascii_with_errors`).
///
/// ```
/// assert_eq!(utfast_scalar::utf8::ascii_valid_up_to(b"abc"), 3);
/// assert_eq!(utfast_scalar::utf8::ascii_valid_up_to("abé".as_bytes()), 2);
/// ```
#[inline]
pub fn ascii_valid_up_to(src: &[u8]) -> usize {
    // Eight bytes at a time up to the word with a high bit, then byte by byte.
    let mut at = 0;
    for c in src.chunks_exact(8) {
        let w = u64::from_ne_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        if w & 0x8080_8080_8080_8080 != 0 {
            break;
        }
        at += 8;
    }
    at + src[at..]
        .iter()
        .position(|&b| b >= 0x80)
        .unwrap_or(src.len() - at)
}

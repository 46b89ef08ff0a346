//! WTF-8, and the "generalized UTF-8" decoder shared with CESU-8 and Modified UTF-8
//! ([`crate::cesu8`]).
//!
//! # The three encodings
//!
//! All three write U+0000..U+FFFF exactly as UTF-8 does, and also accept the
//! three-byte form of a surrogate code point (`ED A0..BF 80..BF`), which UTF-8
//! forbids. They differ in the rest:
//!
//! | | supplementary characters | surrogates | U+0000 |
//! |---|---|---|---|
//! | WTF-8 | one 4-byte sequence (as UTF-8) | a lone surrogate is one 3-byte sequence; a lead surrogate followed by a trail surrogate is an error (the pair must be the 4-byte sequence) | `00` |
//! | CESU-8 | a lead+trail surrogate pair, two 3-byte sequences | only in lead+trail pairs; `F0..F4` are not lead bytes | `00` |
//! | Modified UTF-8 (MUTF-8) | as CESU-8 | as CESU-8 | `C0 80`; a `00` byte is an error |
//!
//! # Errors and their positions
//!
//! Errors are reported as UTF-8 errors are ([`Utf8Error`]: `valid_up_to`, the length
//! of the maximal subpart as `error_len`, or `None` when the input ends inside a
//! sequence that more input could still complete), with the UTF-8 error kinds, plus:
//!
//! - WTF-8: a lead surrogate sequence followed by a trail surrogate sequence is
//!   [`ErrorKind::Surrogate`] at the lead, `error_len` 3 (the lead sequence). The
//!   trail that follows is then a lone trail surrogate (valid WTF-8).
//! - CESU-8/MUTF-8: a lead surrogate not followed by a trail is
//!   [`ErrorKind::UnpairedHighSurrogate`], a lone trail surrogate
//!   [`ErrorKind::UnpairedLowSurrogate`], `error_len` 3 each; a lead surrogate at the
//!   end of the input, alone or followed by the start of a trail (`ED`, `ED B0..BF`),
//!   is `UnpairedHighSurrogate` with `error_len` `None`. `F0..F4` are
//!   [`ErrorKind::InvalidLeadByte`] (`error_len` 1).
//! - MUTF-8: a `00` byte is `InvalidLeadByte`; `C0 80` is U+0000, `C0` before another
//!   continuation byte is [`ErrorKind::Overlong`] and before anything else `TooShort`
//!   (`error_len` 1); `C1` stays `InvalidLeadByte`.
//!
//! Converting WTF-8 to UTF-16 is lossless (lone surrogates become lone units) and so
//! is UTF-16 to WTF-8, for any sequence of 16-bit units. A lone surrogate read from
//! WTF-8 cannot be written to UTF-8, UTF-32, Latin-1, CESU-8 or MUTF-8: strict mode
//! stops with `UnpairedHighSurrogate`/`UnpairedLowSurrogate` at its first byte, lossy
//! mode writes one U+FFFD for its three bytes.
//!
//! Lossy decoding writes one U+FFFD per error, covering `error_len` bytes (all
//! remaining bytes for an incomplete sequence at the end; for an unpaired lead
//! surrogate at the end, the lead's three bytes, then one more U+FFFD for the cut
//! trail), then continues after them, exactly like UTF-8's maximal subparts.
//! Trusted-valid mode is lossy mode here (the output on invalid input is unspecified).

use crate::error::{ErrorKind, TranscodeError, Utf8Error};
use crate::transcode::decode::{decode_utf16, invalid};
use crate::transcode::sink::{Be, Le, Sink, Utf16Sink, Utf8Sink};
use crate::types::{Endian, Mode};

/// Which member of the UTF-8 family a decoder reads (WTF-8, CESU-8 or Modified UTF-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Flavor {
    /// WTF-8.
    Wtf8,
    /// CESU-8.
    Cesu8,
    /// Java's Modified UTF-8.
    Mutf8,
}

/// One step of the decoder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Item {
    /// A code point (possibly a lone surrogate, WTF-8 only) and its length in bytes.
    Char(u32, usize),
    /// An ill-formed part: its kind, the bytes it covers (1..=3; what lossy mode
    /// replaces), and whether the input ends inside it (`error_len` `None`).
    Bad(ErrorKind, usize, bool),
}

/// Whether `b` is a continuation byte.
#[inline(always)]
fn cont(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// One sequence at the start of `rest` (non-empty), with surrogates allowed as
/// three-byte sequences; no pairing rules.
#[inline]
fn sequence(rest: &[u8], f: Flavor) -> Item {
    let b0 = rest[0];
    let (need, lo, hi, range_kind) = match b0 {
        0x00 if f == Flavor::Mutf8 => return Item::Bad(ErrorKind::InvalidLeadByte, 1, false),
        0x00..=0x7F => return Item::Char(u32::from(b0), 1),
        0x80..=0xBF => return Item::Bad(ErrorKind::UnexpectedContinuation, 1, false),
        0xC0 if f == Flavor::Mutf8 => (1, 0x80, 0x80, ErrorKind::Overlong),
        0xC2..=0xDF => (1, 0x80, 0xBF, ErrorKind::TooShort),
        0xE0 => (2, 0xA0, 0xBF, ErrorKind::Overlong),
        0xE1..=0xEF => (2, 0x80, 0xBF, ErrorKind::TooShort),
        0xF0..=0xF4 if f != Flavor::Wtf8 => return Item::Bad(ErrorKind::InvalidLeadByte, 1, false),
        0xF0 => (3, 0x90, 0xBF, ErrorKind::Overlong),
        0xF4 => (3, 0x80, 0x8F, ErrorKind::TooLarge),
        0xF1..=0xF3 => (3, 0x80, 0xBF, ErrorKind::TooShort),
        _ => return Item::Bad(ErrorKind::InvalidLeadByte, 1, false),
    };
    let Some(&b1) = rest.get(1) else {
        return Item::Bad(ErrorKind::TooShort, rest.len(), true);
    };
    if !(lo..=hi).contains(&b1) {
        let kind = if cont(b1) {
            range_kind
        } else {
            ErrorKind::TooShort
        };
        return Item::Bad(kind, 1, false);
    }
    let mut cp = u32::from(b0) & (0x7F >> b0.leading_ones());
    cp = (cp << 6) | u32::from(b1 & 0x3F);
    for i in 2..=need {
        match rest.get(i) {
            None => return Item::Bad(ErrorKind::TooShort, rest.len(), true),
            Some(&b) if cont(b) => cp = (cp << 6) | u32::from(b & 0x3F),
            Some(_) => return Item::Bad(ErrorKind::TooShort, i, false),
        }
    }
    Item::Char(cp, need + 1)
}

/// Whether `rest` (what follows a lead surrogate) is a prefix of a trail surrogate
/// sequence that the end of the input cut: `ED` or `ED B0..BF`.
#[inline]
fn cut_trail(rest: &[u8]) -> bool {
    match rest {
        [0xED] => true,
        [0xED, b] => (0xB0..=0xBF).contains(b),
        _ => false,
    }
}

/// The next character or ill-formed part at `src[i..]` (non-empty) under the rules
/// of `f`, surrogate pairs included. In WTF-8, lone surrogates are characters.
#[inline]
pub(crate) fn next(src: &[u8], i: usize, f: Flavor) -> Item {
    let rest = &src[i..];
    let item = sequence(rest, f);
    let Item::Char(cp, 3) = item else {
        return item;
    };
    if !(0xD800..=0xDFFF).contains(&cp) {
        return item;
    }
    if cp >= 0xDC00 {
        // A trail surrogate here is never part of a pair (pairs are taken whole at
        // their lead).
        return match f {
            Flavor::Wtf8 => item,
            _ => Item::Bad(ErrorKind::UnpairedLowSurrogate, 3, false),
        };
    }
    let after = &rest[3..];
    let trail = match after.first() {
        Some(_) => match sequence(after, f) {
            Item::Char(lo, 3) if (0xDC00..=0xDFFF).contains(&lo) => Some(lo),
            _ => None,
        },
        None => None,
    };
    match (f, trail) {
        (Flavor::Wtf8, Some(_)) => Item::Bad(ErrorKind::Surrogate, 3, false),
        (Flavor::Wtf8, None) => item,
        (_, Some(lo)) => Item::Char(0x10000 + (((cp & 0x3FF) << 10) | (lo & 0x3FF)), 6),
        (_, None) => Item::Bad(
            ErrorKind::UnpairedHighSurrogate,
            3,
            after.is_empty() || cut_trail(after),
        ),
    }
}

/// Validates `src` under the rules of `f`.
pub(crate) fn validate(src: &[u8], f: Flavor) -> Result<(), Utf8Error> {
    let mut i = 0;
    while i < src.len() {
        // ASCII runs (a 00 byte is checked by `next` for MUTF-8).
        if src[i] < 0x80 && (src[i] != 0 || f != Flavor::Mutf8) {
            i += 1;
            continue;
        }
        match next(src, i, f) {
            Item::Char(_, len) => i += len,
            Item::Bad(kind, len, incomplete) => {
                let len = if incomplete { None } else { Some(len as u8) };
                return Err(Utf8Error::new(i, len, kind));
            }
        }
    }
    Ok(())
}

/// Decodes `src` (rules of `f`) into `sink`; returns the bytes written. Lone
/// surrogates (WTF-8) go to sinks that hold them (`S::LONE_SURROGATES`: UTF-16 and
/// WTF-8) and are `UnpairedHighSurrogate`/`UnpairedLowSurrogate` errors elsewhere.
pub(crate) fn decode<S: Sink>(
    src: &[u8],
    sink: &mut S,
    mode: Mode,
    f: Flavor,
) -> Result<usize, TranscodeError> {
    let n = src.len();
    let mut i = 0;
    while i < n {
        let b = src[i];
        if b < 0x80 && b != 0 {
            let mut j = i + 1;
            while j < n && src[j] < 0x80 && src[j] != 0 {
                j += 1;
            }
            if !sink.push_ascii(&src[i..j]) {
                // Fewer fit: one at a time, to stop at the exact position.
                while i < j {
                    sink.push(u32::from(src[i]))
                        .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
                    i += 1;
                }
            }
            i = j;
            continue;
        }
        match next(src, i, f) {
            Item::Char(cp, len) => {
                if (0xD800..=0xDFFF).contains(&cp) && !S::LONE_SURROGATES {
                    let kind = if cp < 0xDC00 {
                        ErrorKind::UnpairedHighSurrogate
                    } else {
                        ErrorKind::UnpairedLowSurrogate
                    };
                    invalid(sink, mode, kind, i)?;
                } else {
                    sink.push(cp)
                        .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
                }
                i += len;
            }
            Item::Bad(kind, len, _) => {
                invalid(
                    sink,
                    if mode == Mode::Valid {
                        Mode::Lossy
                    } else {
                        mode
                    },
                    kind,
                    i,
                )?;
                i += len;
            }
        }
    }
    Ok(sink.written())
}

/// WTF-8 validation with the positions and error lengths of [`Utf8Error`] (see the
/// [module documentation](self) for the rules and error kinds).
///
/// ```
/// use utfast_scalar::{wtf8::validate_wtf8, ErrorKind};
/// assert!(validate_wtf8(b"a\xED\xA0\x80b").is_ok()); // a lone lead surrogate
/// assert!(validate_wtf8("😀".as_bytes()).is_ok());
/// // A surrogate pair must be one 4-byte sequence, not two 3-byte ones:
/// let e = validate_wtf8(b"\xED\xA0\xBD\xED\xB8\x80").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len(), e.kind()), (0, Some(3), ErrorKind::Surrogate));
/// ```
pub fn validate_wtf8(src: &[u8]) -> Result<(), Utf8Error> {
    validate(src, Flavor::Wtf8)
}

/// WTF-8 -> UTF-16 in byte order `to`: lossless, lone surrogates become lone units.
/// Returns the bytes written. Buffer size: 2 bytes per input byte.
///
/// ```
/// use utfast_scalar::{wtf8::wtf8_to_utf16, Endian, Mode};
/// let mut dst = [0u8; 4];
/// assert_eq!(wtf8_to_utf16(b"a\xED\xB0\x80", &mut dst, Endian::Little, Mode::Strict), Ok(4));
/// assert_eq!(dst, [0x61, 0, 0x00, 0xDC]);
/// ```
pub fn wtf8_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => decode(src, &mut Utf16Sink::<Le>::new(dst), mode, Flavor::Wtf8),
        Endian::Big => decode(src, &mut Utf16Sink::<Be>::new(dst), mode, Flavor::Wtf8),
    }
}

/// WTF-8 -> UTF-8: a validated copy; a lone surrogate is an error (strict) or one
/// U+FFFD (lossy). Returns the bytes written. Buffer size: 3 bytes per input byte.
///
/// ```
/// use utfast_scalar::{wtf8::wtf8_to_utf8, ErrorKind, Mode};
/// let mut dst = [0u8; 8];
/// let e = wtf8_to_utf8(b"a\xED\xA0\x80", &mut dst, Mode::Strict).unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to()), (ErrorKind::UnpairedHighSurrogate, 1));
/// assert_eq!(wtf8_to_utf8(b"a\xED\xA0\x80", &mut dst, Mode::Lossy), Ok(4));
/// assert_eq!(&dst[..4], "a\u{FFFD}".as_bytes());
/// ```
pub fn wtf8_to_utf8(src: &[u8], dst: &mut [u8], mode: Mode) -> Result<usize, TranscodeError> {
    decode(src, &mut Utf8Sink::new(dst), mode, Flavor::Wtf8)
}

/// Any 16-bit units (byte order `from`) -> WTF-8: lossless, lone surrogates become
/// three-byte sequences. The only input error is an odd final byte
/// ([`ErrorKind::TruncatedUnit`]). Returns the bytes written. Buffer size: 3 bytes
/// per unit, plus 3 for an odd final byte.
///
/// ```
/// use utfast_scalar::{wtf8::utf16_to_wtf8, Endian, Mode};
/// let mut dst = [0u8; 8];
/// assert_eq!(utf16_to_wtf8(&[0x00, 0xD8, 0x61, 0x00], &mut dst, Endian::Little, Mode::Strict), Ok(4));
/// assert_eq!(&dst[..4], b"\xED\xA0\x80a");
/// ```
pub fn utf16_to_wtf8(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let mut sink = Wtf8Sink::new(dst);
    match from {
        Endian::Little => decode_utf16::<Le, _>(src, &mut sink, mode),
        Endian::Big => decode_utf16::<Be, _>(src, &mut sink, mode),
    }
}

/// Writes WTF-8: UTF-8, plus lone surrogates as three-byte sequences.
pub(crate) struct Wtf8Sink<'a>(Utf8Sink<'a>);

impl<'a> Wtf8Sink<'a> {
    pub(crate) fn new(dst: &'a mut [u8]) -> Self {
        Wtf8Sink(Utf8Sink::new(dst))
    }
}

impl Sink for Wtf8Sink<'_> {
    const LONE_SURROGATES: bool = true;
    const KEEP_UTF16_SURROGATES: bool = true;
    #[inline(always)]
    fn written(&self) -> usize {
        self.0.written()
    }
    #[inline(always)]
    fn push(&mut self, cp: u32) -> Result<(), ErrorKind> {
        // Utf8Sink writes a surrogate code point as its three-byte form.
        self.0.push(cp)
    }
    #[inline(always)]
    fn push_ascii(&mut self, ascii: &[u8]) -> bool {
        self.0.push_ascii(ascii)
    }
}

/// The end of the run of characters and ill-formed parts at `src[i..]` (`i` on a
/// character boundary, `i < src.len()`) that UTF-8 does not share under the rules
/// of `f`: surrogate sequences and pairs, `C0 80` (MUTF-8), `F0..F4` leads (CESU-8,
/// MUTF-8) and errors. At least one item is consumed; the run ends before the next
/// character that UTF-8 writes the same way, or at the end. The SIMD kernels
/// convert UTF-8-compatible stretches with the UTF-8 algorithms and hand such runs
/// to this crate: the result is the same as one call on the whole input, because
/// the items are decided with the whole input in view and the run ends on an item
/// boundary that no pairing rule crosses.
///
/// ```
/// use utfast_scalar::wtf8::{special_run_end, Flavor};
/// let s = b"a\xED\xA0\xBD\xED\xB8\x80b";
/// assert_eq!(special_run_end(s, 1, Flavor::Cesu8), 7);
/// assert_eq!(special_run_end(s, 1, Flavor::Wtf8), 7); // an error, then a lone trail
/// assert_eq!(special_run_end(b"\xED\xA0\x80a", 0, Flavor::Wtf8), 3);
/// ```
pub fn special_run_end(src: &[u8], i: usize, f: Flavor) -> usize {
    let n = src.len();
    let mut j = i;
    while j < n {
        let (len, plain) = match next(src, j, f) {
            Item::Char(cp, len) => {
                let surrogate = (0xD800..=0xDFFF).contains(&cp);
                (len, !surrogate && len != 6 && !(cp == 0 && len == 2))
            }
            Item::Bad(_, len, _) => (len, false),
        };
        if plain && j > i {
            return j;
        }
        j += len;
    }
    n
}

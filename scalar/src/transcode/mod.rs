//! Transcoders between UTF-8, UTF-16LE/BE, UTF-32LE/BE and Latin-1, and [`transcode`]
//! for any pair of encodings (the Cyrillic code pages, WTF-8, CESU-8 and MUTF-8
//! included; their own functions are in [`crate::codepage`], [`crate::wtf8`] and
//! [`crate::cesu8`]).
//!
//! Every function is byte-oriented: `src` and `dst` are bytes, positions in
//! [`TranscodeError`] are bytes, and the `Ok` value is the number of bytes written
//! to the front of `dst`.
//!
//! # Error contract (shared by every kernel)
//!
//! The input is converted character by character, in order, and the first event
//! wins:
//! - an ill-formed sequence (strict mode) or, for a Latin-1 target, a character above
//!   U+00FF (strict mode, [`ErrorKind::NotLatin1`](crate::ErrorKind::NotLatin1)) stops
//!   the conversion with that error kind; `valid_up_to()` is where the sequence starts;
//! - a character (or, in lossy mode, a replacement) that does not fit in what is left
//!   of `dst` stops it with [`ErrorKind::OutputTooSmall`](crate::ErrorKind::OutputTooSmall);
//!   `valid_up_to()` is the end of the longest prefix, on a character boundary, whose
//!   conversion fit. At one position, an ill-formed sequence or a `NotLatin1`
//!   character is reported before a lack of space; in lossy mode the U+FFFD (or `?`)
//!   that replaces an ill-formed sequence is one character: it fits whole or not at all.
//!
//! To resume after `OutputTooSmall`, call again with `src[valid_up_to()..]` and a new
//! buffer: conversion is stateless at character boundaries (SIMD kernels rely on this
//! to hand tails to these functions, adding their own offsets to the positions).
//!
//! In both cases `dst[..written()]` holds the conversion of `src[..valid_up_to()]` and
//! nothing was written past the end of `dst`. These scalar functions leave the bytes
//! after `written()` untouched; the SIMD kernels of `utfast-simd`, which must give the
//! same results, may use them as scratch space, except after `OutputTooSmall`, so the
//! bytes after the output are not part of the contract.
//! No function panics, whatever the input and the size of `dst`.
//!
//! # Modes
//!
//! - [`Mode::Strict`]: stop at the first error.
//! - [`Mode::Lossy`]: one U+FFFD per maximal subpart of ill-formed UTF-8 (exactly as
//!   `String::from_utf8_lossy`), per unpaired surrogate, per invalid UTF-32 unit, and
//!   one for a truncated final unit (an odd trailing byte of UTF-16, possibly together
//!   with a high surrogate just before it; 1..=3 trailing bytes of UTF-32). A Latin-1
//!   target gets `?` for U+FFFD and every other character above U+00FF.
//! - [`Mode::Valid`]: the caller promises valid input (for a Latin-1 target: also no
//!   character above U+00FF) and no validation is done. On invalid input the output is
//!   unspecified but memory-safe and never longer than [`max_output_len`];
//!   `OutputTooSmall` is reported exactly as in strict mode for valid input.
//!
//! # Buffer size
//!
//! A `dst` of [`max_output_len`]`(from, to, src.len())` bytes never yields
//! `OutputTooSmall`, in any mode. The exact size for valid input is given by the
//! functions of [`crate::len`].

pub(crate) mod decode;
pub(crate) mod from_utf8;
// WTF-8, CESU-8, MUTF-8 and the code pages
pub(crate) mod generalized;
pub(crate) mod sink;

use crate::error::TranscodeError;
use crate::types::{code_pages, Encoding, Endian, Mode};
use decode::{copy_bytes, decode_latin1, decode_utf16, decode_utf32};
use from_utf8::decode_utf8;
use sink::{Be, CountSink, Latin1Sink, Le, Sink, Utf16Sink, Utf32Sink, Utf8Sink};

/// Decodes UTF-16 bytes in byte order `from` into `sink`.
#[inline]
fn from_utf16<S: Sink>(
    src: &[u8],
    sink: &mut S,
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match from {
        Endian::Little => decode_utf16::<Le, S>(src, sink, mode),
        Endian::Big => decode_utf16::<Be, S>(src, sink, mode),
    }
}

/// Decodes UTF-32 bytes in byte order `from` into `sink`.
#[inline]
fn from_utf32<S: Sink>(
    src: &[u8],
    sink: &mut S,
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match from {
        Endian::Little => decode_utf32::<Le, S>(src, sink, mode),
        Endian::Big => decode_utf32::<Be, S>(src, sink, mode),
    }
}

/// Converts UTF-8 to UTF-16 in byte order `to`. Returns the bytes written.
///
/// Errors: the UTF-8 error kinds of [`crate::utf8::classify_error`] (strict mode)
/// and `OutputTooSmall`, as described in the [module documentation](self).
/// Buffer size: 2 bytes per input byte always suffice
/// (`max_output_len(Utf8, Utf16Le, n)`); `2 * len::utf16_len_from_utf8(src)` for valid input.
///
/// ```
/// use utfast_scalar::{transcode::utf8_to_utf16, Endian, ErrorKind, Mode};
/// let mut dst = [0u8; 8];
/// assert_eq!(utf8_to_utf16("h€".as_bytes(), &mut dst, Endian::Little, Mode::Strict), Ok(4));
/// assert_eq!(dst[..4], [0x68, 0x00, 0xAC, 0x20]);
/// // Lossy: one U+FFFD per maximal subpart.
/// assert_eq!(utf8_to_utf16(b"a\xE2\x82", &mut dst, Endian::Big, Mode::Lossy), Ok(4));
/// assert_eq!(dst[..4], [0x00, 0x61, 0xFF, 0xFD]);
/// let e = utf8_to_utf16(b"a\xC0\x80", &mut dst, Endian::Big, Mode::Strict).unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to(), e.written()), (ErrorKind::InvalidLeadByte, 1, 2));
/// ```
pub fn utf8_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => decode_utf8(src, &mut Utf16Sink::<Le>::new(dst), mode),
        Endian::Big => decode_utf8(src, &mut Utf16Sink::<Be>::new(dst), mode),
    }
}

/// Converts UTF-8 to UTF-32 in byte order `to`. Returns the bytes written.
///
/// Errors: UTF-8 error kinds (strict mode) and `OutputTooSmall` (see the
/// [module documentation](self)). Buffer size: 4 bytes per input byte always suffice;
/// `4 * len::count_utf8(src)` for valid input.
///
/// ```
/// use utfast_scalar::{transcode::utf8_to_utf32, Endian, Mode};
/// let mut dst = [0u8; 8];
/// assert_eq!(utf8_to_utf32("a😀".as_bytes(), &mut dst, Endian::Big, Mode::Strict), Ok(8));
/// assert_eq!(dst, [0, 0, 0, 0x61, 0, 0x01, 0xF6, 0x00]);
/// ```
pub fn utf8_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => decode_utf8(src, &mut Utf32Sink::<Le>::new(dst), mode),
        Endian::Big => decode_utf8(src, &mut Utf32Sink::<Be>::new(dst), mode),
    }
}

/// Converts UTF-8 to Latin-1. Returns the bytes written.
///
/// Errors: UTF-8 error kinds and `NotLatin1` for a character above U+00FF (strict
/// mode; lossy mode writes `?` for both), and `OutputTooSmall` (see the
/// [module documentation](self)). Buffer size: one byte per input byte always suffices;
/// `len::count_utf8(src)` for valid input.
///
/// ```
/// use utfast_scalar::{transcode::utf8_to_latin1, ErrorKind, Mode};
/// let mut dst = [0u8; 4];
/// assert_eq!(utf8_to_latin1("café".as_bytes(), &mut dst, Mode::Strict), Ok(4));
/// assert_eq!(&dst, b"caf\xE9");
/// let e = utf8_to_latin1("a€".as_bytes(), &mut dst, Mode::Strict).unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to(), e.written()), (ErrorKind::NotLatin1, 1, 1));
/// assert_eq!(utf8_to_latin1("a€".as_bytes(), &mut dst, Mode::Lossy), Ok(2));
/// assert_eq!(&dst[..2], b"a?");
/// ```
pub fn utf8_to_latin1(src: &[u8], dst: &mut [u8], mode: Mode) -> Result<usize, TranscodeError> {
    decode_utf8(src, &mut Latin1Sink::new(dst, mode), mode)
}

/// Copies UTF-8 to `dst`: validated copy (strict), repair with one U+FFFD per maximal
/// subpart (lossy, like `String::from_utf8_lossy`) or plain copy (trusted-valid).
/// Returns the bytes written.
///
/// Errors: UTF-8 error kinds (strict mode) and `OutputTooSmall`, in which case the
/// copy stops on a character boundary (see the [module documentation](self)).
/// Buffer size: `src.len()` in strict and trusted-valid mode, `3 * src.len()` in lossy
/// mode in the worst case (each byte may become `EF BF BD`).
///
/// ```
/// use utfast_scalar::{transcode::utf8_to_utf8, ErrorKind, Mode};
/// let mut dst = [0u8; 8];
/// assert_eq!(utf8_to_utf8(b"a\xFFb", &mut dst, Mode::Lossy), Ok(5));
/// assert_eq!(&dst[..5], "a\u{FFFD}b".as_bytes());
/// // Too small: stops before the 2-byte 'é' that does not fit.
/// let e = utf8_to_utf8("aé".as_bytes(), &mut dst[..2], Mode::Strict).unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to(), e.written()), (ErrorKind::OutputTooSmall, 1, 1));
/// ```
pub fn utf8_to_utf8(src: &[u8], dst: &mut [u8], mode: Mode) -> Result<usize, TranscodeError> {
    from_utf8::utf8_to_utf8(src, dst, mode)
}

/// Converts UTF-16 bytes in byte order `from` to UTF-8. Returns the bytes written.
///
/// Errors (strict mode): `UnpairedHighSurrogate`, `UnpairedLowSurrogate`, and
/// `TruncatedUnit` for an odd length (at the odd byte, or at a high surrogate just
/// before it); `OutputTooSmall` in every mode (see the [module documentation](self)).
/// Buffer size: 3 bytes per 2 input bytes, plus 3 for an odd final byte, always
/// suffice; `len::utf8_len_from_utf16(src, from)` for valid input.
///
/// ```
/// use utfast_scalar::{transcode::utf16_to_utf8, Endian, ErrorKind, Mode};
/// let mut dst = [0u8; 8];
/// let src = [0x3D, 0xD8, 0x00, 0xDE]; // U+1F600, little-endian
/// assert_eq!(utf16_to_utf8(&src, &mut dst, Endian::Little, Mode::Strict), Ok(4));
/// assert_eq!(&dst[..4], "😀".as_bytes());
/// let e = utf16_to_utf8(&src[..2], &mut dst, Endian::Little, Mode::Strict).unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to()), (ErrorKind::UnpairedHighSurrogate, 0));
/// assert_eq!(utf16_to_utf8(&src[..3], &mut dst, Endian::Little, Mode::Lossy), Ok(3));
/// assert_eq!(&dst[..3], "\u{FFFD}".as_bytes());
/// ```
pub fn utf16_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    from_utf16(src, &mut Utf8Sink::new(dst), from, mode)
}

/// Converts UTF-16 (`from`) to UTF-16 (`to`): validated copy or byte swap (strict),
/// repair with U+FFFD (lossy), or plain copy/swap (trusted-valid). Returns the bytes
/// written.
///
/// Errors: as [`utf16_to_utf8`]. Buffer size: `src.len()` rounded up to even.
///
/// ```
/// use utfast_scalar::{transcode::utf16_to_utf16, Endian, Mode};
/// let mut dst = [0u8; 4];
/// let n = utf16_to_utf16(&[0x61, 0x00, 0x00, 0xDC], &mut dst, Endian::Little, Endian::Big, Mode::Lossy);
/// assert_eq!(n, Ok(4));
/// assert_eq!(dst, [0x00, 0x61, 0xFF, 0xFD]);
/// ```
pub fn utf16_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => from_utf16(src, &mut Utf16Sink::<Le>::new(dst), from, mode),
        Endian::Big => from_utf16(src, &mut Utf16Sink::<Be>::new(dst), from, mode),
    }
}

/// Converts UTF-16 (`from`) to UTF-32 (`to`). Returns the bytes written.
///
/// Errors: as [`utf16_to_utf8`]. Buffer size: 4 bytes per 2 input bytes, plus 4 for
/// an odd final byte; `4 * len::count_utf16(src, from)` for valid input.
///
/// ```
/// use utfast_scalar::{transcode::utf16_to_utf32, Endian, Mode};
/// let mut dst = [0u8; 4];
/// let n = utf16_to_utf32(&[0xD8, 0x3D, 0xDE, 0x00], &mut dst, Endian::Big, Endian::Little, Mode::Strict);
/// assert_eq!(n, Ok(4));
/// assert_eq!(dst, [0x00, 0xF6, 0x01, 0x00]);
/// ```
pub fn utf16_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => from_utf16(src, &mut Utf32Sink::<Le>::new(dst), from, mode),
        Endian::Big => from_utf16(src, &mut Utf32Sink::<Be>::new(dst), from, mode),
    }
}

/// Converts UTF-16 (`from`) to Latin-1. Returns the bytes written.
///
/// Errors: as [`utf16_to_utf8`], plus `NotLatin1` (strict mode; lossy mode writes
/// `?`). Buffer size: one byte per 2 input bytes, plus one for an odd final byte.
///
/// ```
/// use utfast_scalar::{transcode::utf16_to_latin1, Endian, ErrorKind, Mode};
/// let mut dst = [0u8; 2];
/// assert_eq!(utf16_to_latin1(&[0xE9, 0x00, 0x41, 0x00], &mut dst, Endian::Little, Mode::Strict), Ok(2));
/// assert_eq!(&dst, b"\xE9A");
/// let e = utf16_to_latin1(&[0x41, 0x00, 0xAC, 0x20], &mut dst, Endian::Little, Mode::Strict);
/// assert_eq!(e.unwrap_err().kind(), ErrorKind::NotLatin1);
/// ```
pub fn utf16_to_latin1(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    from_utf16(src, &mut Latin1Sink::new(dst, mode), from, mode)
}

/// Converts UTF-32 (`from`) to UTF-8. Returns the bytes written.
///
/// Errors (strict mode): `Surrogate`, `TooLarge`, and `TruncatedUnit` for 1..=3
/// trailing bytes (at the start of the incomplete unit); `OutputTooSmall` in every
/// mode (see the [module documentation](self)). Buffer size: 4 bytes per unit, plus 3
/// for a truncated final unit; `len::utf8_len_from_utf32(src, from)` for valid input.
///
/// ```
/// use utfast_scalar::{transcode::utf32_to_utf8, Endian, ErrorKind, Mode};
/// let mut dst = [0u8; 8];
/// assert_eq!(utf32_to_utf8(&[0xAC, 0x20, 0, 0], &mut dst, Endian::Little, Mode::Strict), Ok(3));
/// assert_eq!(&dst[..3], "€".as_bytes());
/// let e = utf32_to_utf8(&[0, 0, 0xD8, 0], &mut dst, Endian::Big, Mode::Strict).unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to()), (ErrorKind::Surrogate, 0));
/// ```
pub fn utf32_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    from_utf32(src, &mut Utf8Sink::new(dst), from, mode)
}

/// Converts UTF-32 (`from`) to UTF-16 (`to`). Returns the bytes written.
///
/// Errors: as [`utf32_to_utf8`]. Buffer size: 4 bytes per unit, plus 2 for a
/// truncated final unit; `2 * len::utf16_len_from_utf32(src, from)` for valid input.
///
/// ```
/// use utfast_scalar::{transcode::utf32_to_utf16, Endian, Mode};
/// let mut dst = [0u8; 4];
/// let n = utf32_to_utf16(&[0x00, 0xF6, 0x01, 0x00], &mut dst, Endian::Little, Endian::Big, Mode::Strict);
/// assert_eq!(n, Ok(4));
/// assert_eq!(dst, [0xD8, 0x3D, 0xDE, 0x00]);
/// ```
pub fn utf32_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => from_utf32(src, &mut Utf16Sink::<Le>::new(dst), from, mode),
        Endian::Big => from_utf32(src, &mut Utf16Sink::<Be>::new(dst), from, mode),
    }
}

/// Converts UTF-32 (`from`) to UTF-32 (`to`): validated copy or byte swap (strict),
/// repair (lossy) or plain copy/swap (trusted-valid). Returns the bytes written.
///
/// Errors: as [`utf32_to_utf8`]. Buffer size: `src.len()` rounded up to a multiple of 4.
///
/// ```
/// use utfast_scalar::{transcode::utf32_to_utf32, Endian, Mode};
/// let mut dst = [0u8; 8];
/// let n = utf32_to_utf32(&[0x61, 0, 0, 0, 0, 0, 0x11, 0], &mut dst, Endian::Little, Endian::Big, Mode::Lossy);
/// assert_eq!(n, Ok(8));
/// assert_eq!(dst, [0, 0, 0, 0x61, 0, 0, 0xFF, 0xFD]);
/// ```
pub fn utf32_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => from_utf32(src, &mut Utf32Sink::<Le>::new(dst), from, mode),
        Endian::Big => from_utf32(src, &mut Utf32Sink::<Be>::new(dst), from, mode),
    }
}

/// Converts UTF-32 (`from`) to Latin-1. Returns the bytes written.
///
/// Errors: as [`utf32_to_utf8`], plus `NotLatin1` (strict mode; lossy mode writes
/// `?`). Buffer size: one byte per unit, plus one for a truncated final unit.
///
/// ```
/// use utfast_scalar::{transcode::utf32_to_latin1, Endian, Mode};
/// let mut dst = [0u8; 2];
/// let src = [0xE9, 0, 0, 0, 0xAC, 0x20, 0, 0];
/// assert_eq!(utf32_to_latin1(&src, &mut dst, Endian::Little, Mode::Lossy), Ok(2));
/// assert_eq!(&dst, b"\xE9?");
/// ```
pub fn utf32_to_latin1(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    from_utf32(src, &mut Latin1Sink::new(dst, mode), from, mode)
}

/// Converts Latin-1 to UTF-8. Returns the bytes written.
///
/// Latin-1 is always valid, so the only error is `OutputTooSmall` (see the
/// [module documentation](self)). Buffer size: `2 * src.len()` always suffices;
/// `len::utf8_len_from_latin1(src)` exactly.
///
/// ```
/// use utfast_scalar::{transcode::latin1_to_utf8, ErrorKind};
/// let mut dst = [0u8; 5];
/// assert_eq!(latin1_to_utf8(b"caf\xE9", &mut dst), Ok(5));
/// assert_eq!(&dst, "café".as_bytes());
/// let e = latin1_to_utf8(b"caf\xE9", &mut dst[..4]).unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to(), e.written()), (ErrorKind::OutputTooSmall, 3, 3));
/// ```
pub fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
    decode_latin1(src, &mut Utf8Sink::new(dst))
}

/// Converts Latin-1 to UTF-16 in byte order `to`. Returns the bytes written.
///
/// The only error is `OutputTooSmall`. Buffer size: `2 * src.len()` exactly.
///
/// ```
/// use utfast_scalar::{transcode::latin1_to_utf16, Endian};
/// let mut dst = [0u8; 4];
/// assert_eq!(latin1_to_utf16(b"a\xE9", &mut dst, Endian::Big), Ok(4));
/// assert_eq!(dst, [0x00, 0x61, 0x00, 0xE9]);
/// ```
pub fn latin1_to_utf16(src: &[u8], dst: &mut [u8], to: Endian) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => decode_latin1(src, &mut Utf16Sink::<Le>::new(dst)),
        Endian::Big => decode_latin1(src, &mut Utf16Sink::<Be>::new(dst)),
    }
}

/// Converts Latin-1 to UTF-32 in byte order `to`. Returns the bytes written.
///
/// The only error is `OutputTooSmall`. Buffer size: `4 * src.len()` exactly.
///
/// ```
/// use utfast_scalar::{transcode::latin1_to_utf32, Endian};
/// let mut dst = [0u8; 4];
/// assert_eq!(latin1_to_utf32(b"\xFF", &mut dst, Endian::Little), Ok(4));
/// assert_eq!(dst, [0xFF, 0, 0, 0]);
/// ```
pub fn latin1_to_utf32(src: &[u8], dst: &mut [u8], to: Endian) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => decode_latin1(src, &mut Utf32Sink::<Le>::new(dst)),
        Endian::Big => decode_latin1(src, &mut Utf32Sink::<Be>::new(dst)),
    }
}

/// Size in bytes of one code unit of `e`, and of U+FFFD (or `?`) encoded in `e`.
const fn unit_and_replacement(e: Encoding) -> (usize, usize) {
    match e {
        Encoding::Utf8 => (1, 3),
        Encoding::Utf16Le | Encoding::Utf16Be => (2, 2),
        Encoding::Utf32Le | Encoding::Utf32Be => (4, 4),
        Encoding::Latin1 => (1, 1),
        // Code pages: `?` replaces what they lack.
        code_pages!() => (1, 1),
        // WTF-8, CESU-8, MUTF-8
        Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => (1, 3),
    }
}

/// Worst-case output size in bytes of converting `src_len` bytes from `from` to `to`,
/// over every mode and every input (lossy repair and trusted-valid mode on invalid
/// input included): a `dst` this large never yields `OutputTooSmall`. The bound is
/// exact: some input of `src_len` bytes needs all of it. Saturates at `usize::MAX`.
///
/// Per input unit (a truncated final UTF-16/UTF-32 unit needs one replacement more):
///
/// | from \ to | UTF-8 | UTF-16 | UTF-32 | Latin-1 |
/// |---|---|---|---|---|
/// | UTF-8 (byte) | 3 (lossy: `EF BF BD` per byte) | 2 | 4 | 1 |
/// | UTF-16 (2 bytes) | 3 | 2 | 4 | 1 |
/// | UTF-32 (4 bytes) | 4 | 4 | 4 | 1 |
/// | Latin-1 (byte) | 2 | 2 | 4 | 1 |
///
/// A Cyrillic code page (KOI8-R, windows-1251, IBM866) as source: 3 UTF-8 bytes, 2
/// UTF-16 or 4 UTF-32 bytes, 1 single byte per input byte; as target: 1 byte per
/// input unit (as Latin-1).
/// WTF-8, CESU-8 and MUTF-8 read like UTF-8 (one byte is a unit) and are written with
/// 3 bytes per input unit, except from UTF-32 to CESU-8/MUTF-8 (6 bytes: a
/// supplementary character is two three-byte surrogates) and from Latin-1 (2).
///
/// ```
/// use utfast_scalar::{transcode::max_output_len, Encoding::*};
/// assert_eq!(max_output_len(Utf8, Utf8, 10), 30);
/// assert_eq!(max_output_len(Utf16Le, Utf8, 5), 2 * 3 + 3);
/// assert_eq!(max_output_len(Utf32Be, Utf16Le, 8), 8);
/// assert_eq!(max_output_len(Utf32Be, Utf16Le, 9), 10);
/// assert_eq!(max_output_len(Latin1, Utf8, usize::MAX), usize::MAX);
/// ```
pub const fn max_output_len(from: Encoding, to: Encoding, src_len: usize) -> usize {
    use Encoding::*;
    let (unit, _) = unit_and_replacement(from);
    let (_, replacement) = unit_and_replacement(to);
    let per_unit = match (from, to) {
        // Code pages: a byte is one BMP character (up to 3 UTF-8 bytes).
        (code_pages!(), Utf8) => 3,
        (code_pages!(), Utf16Le | Utf16Be) => 2,
        (_, code_pages!()) => 1,
        // WTF-8, CESU-8, MUTF-8
        (Utf32Le | Utf32Be, Cesu8 | Mutf8) => 6,
        (Utf32Le | Utf32Be, Wtf8) => 4,
        (Latin1, Wtf8 | Cesu8 | Mutf8) => 2,
        (_, Wtf8 | Cesu8 | Mutf8) => 3,
        (Wtf8 | Cesu8 | Mutf8, Utf8) => 3,
        (Wtf8 | Cesu8 | Mutf8, Utf16Le | Utf16Be) => 2,
        (Utf8, Utf8) => 3,
        (Utf8 | Latin1, Utf16Le | Utf16Be) => 2,
        (Latin1, Utf8) => 2,
        (_, Latin1) => 1,
        (_, Utf32Le | Utf32Be) => 4,
        (Utf16Le | Utf16Be, Utf8) => 3,
        (Utf16Le | Utf16Be, Utf16Le | Utf16Be) => 2,
        (Utf32Le | Utf32Be, Utf8 | Utf16Le | Utf16Be) => 4,
    };
    let units = src_len / unit;
    let partial = if !src_len.is_multiple_of(unit) {
        replacement
    } else {
        0
    };
    units.saturating_mul(per_unit).saturating_add(partial)
}

/// Converts `src` from `from` to `to` in `mode`: any pair of encodings. Same-form pairs
/// validate and copy (strict), repair (lossy) or copy, swapping the byte order when
/// needed; Latin-1 to Latin-1 is a plain copy. Returns the bytes written.
///
/// Errors and buffer size: as the specific function for the pair (see the
/// [module documentation](self) and [`max_output_len`]).
///
/// ```
/// use utfast_scalar::{transcode::transcode, Encoding, Mode};
/// let mut dst = [0u8; 8];
/// let n = transcode("é".as_bytes(), &mut dst, Encoding::Utf8, Encoding::Utf16Be, Mode::Strict);
/// assert_eq!(n, Ok(2));
/// assert_eq!(dst[..2], [0x00, 0xE9]);
/// let n = transcode(&dst[..2].to_vec(), &mut dst, Encoding::Utf16Be, Encoding::Latin1, Mode::Strict);
/// assert_eq!(n, Ok(1));
/// assert_eq!(dst[0], 0xE9);
/// ```
pub fn transcode(
    src: &[u8],
    dst: &mut [u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    use Encoding::*;
    let fe = from.endian().unwrap_or(Endian::NATIVE);
    let te = to.endian().unwrap_or(Endian::NATIVE);
    match (from, to) {
        (Utf8, Utf8) => utf8_to_utf8(src, dst, mode),
        (Utf8, Utf16Le | Utf16Be) => utf8_to_utf16(src, dst, te, mode),
        (Utf8, Utf32Le | Utf32Be) => utf8_to_utf32(src, dst, te, mode),
        (Utf8, Latin1) => utf8_to_latin1(src, dst, mode),
        (Utf16Le | Utf16Be, Utf8) => utf16_to_utf8(src, dst, fe, mode),
        (Utf16Le | Utf16Be, Utf16Le | Utf16Be) => utf16_to_utf16(src, dst, fe, te, mode),
        (Utf16Le | Utf16Be, Utf32Le | Utf32Be) => utf16_to_utf32(src, dst, fe, te, mode),
        (Utf16Le | Utf16Be, Latin1) => utf16_to_latin1(src, dst, fe, mode),
        (Utf32Le | Utf32Be, Utf8) => utf32_to_utf8(src, dst, fe, mode),
        (Utf32Le | Utf32Be, Utf16Le | Utf16Be) => utf32_to_utf16(src, dst, fe, te, mode),
        (Utf32Le | Utf32Be, Utf32Le | Utf32Be) => utf32_to_utf32(src, dst, fe, te, mode),
        (Utf32Le | Utf32Be, Latin1) => utf32_to_latin1(src, dst, fe, mode),
        (Latin1, Utf8) => latin1_to_utf8(src, dst),
        (Latin1, Utf16Le | Utf16Be) => latin1_to_utf16(src, dst, te),
        (Latin1, Utf32Le | Utf32Be) => latin1_to_utf32(src, dst, te),
        (Latin1, Latin1) => copy_bytes(src, dst),
        // WTF-8, CESU-8, MUTF-8 and the code pages
        (Wtf8 | Cesu8 | Mutf8 | code_pages!(), _) | (_, Wtf8 | Cesu8 | Mutf8 | code_pages!()) => {
            generalized::transcode(src, dst, from, to, mode)
        }
    }
}

/// The exact length in bytes of the lossy conversion of `src` from `from` to `to`
/// (what [`transcode`] in [`Mode::Lossy`] writes), for any input: a buffer of this
/// size holds the whole lossy output, and no smaller one does.
///
/// It runs the lossy decoder of `from` into a sink that counts instead of writing,
/// so each replacement is counted exactly where the conversion makes one.
///
/// ```
/// use utfast_scalar::{transcode::lossy_output_len, Encoding::*};
/// assert_eq!(lossy_output_len(b"a\xE2\x82b", Utf8, Utf8), 5); // "a" U+FFFD "b"
/// assert_eq!(lossy_output_len(b"a\xE2\x82b", Utf8, Utf16Le), 6);
/// assert_eq!(lossy_output_len(b"\x00\xD8a\x00b", Utf16Le, Utf8), 3 + 1 + 3);
/// assert_eq!(lossy_output_len("é€".as_bytes(), Utf8, Latin1), 2); // "\xE9?"
/// ```
pub fn lossy_output_len(src: &[u8], from: Encoding, to: Encoding) -> usize {
    if to == Encoding::Wtf8 {
        // WTF-8 keeps lone surrogates: the decoders pass them to such a sink.
        count_lossy(src, from, &mut CountSink::<true>::new(to))
    } else {
        count_lossy(src, from, &mut CountSink::<false>::new(to))
    }
}

/// [`lossy_output_len`] with a given counting sink.
fn count_lossy<S: Sink>(src: &[u8], from: Encoding, sink: &mut S) -> usize {
    // A counting sink is never full and lossy mode reports no ill-formed input.
    generalized::decode_from(src, sink, from, Mode::Lossy).unwrap_or_else(|e| e.written())
}

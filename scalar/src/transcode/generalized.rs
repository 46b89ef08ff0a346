//! Every pair that involves WTF-8, CESU-8, MUTF-8 or a Cyrillic code page: the
//! decoder of `from` into the sink of `to`.
//!
//! Each encoding is matched by name on both sides, so a code page reaches its own
//! table by the type system (no lookup that could fail and fall back to another).

use super::decode::{copy_bytes, decode_latin1, decode_utf16, decode_utf32};
use super::from_utf8::decode_utf8;
use super::sink::{Be, Latin1Sink, Le, Sink, Utf16Sink, Utf32Sink, Utf8Sink};
use crate::cesu8::Cesu8Sink;
use crate::codepage::{decode_code_page, CodePage, CodePageSink};
use crate::error::TranscodeError;
use crate::types::{code_pages, Encoding, Mode};
use crate::wtf8::{decode, Flavor, Wtf8Sink};

/// Decodes `src` from any encoding `from` into `sink`.
pub(crate) fn decode_from<S: Sink>(
    src: &[u8],
    sink: &mut S,
    from: Encoding,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match from {
        Encoding::Utf8 => decode_utf8(src, sink, mode),
        Encoding::Utf16Le => decode_utf16::<Le, S>(src, sink, mode),
        Encoding::Utf16Be => decode_utf16::<Be, S>(src, sink, mode),
        Encoding::Utf32Le => decode_utf32::<Le, S>(src, sink, mode),
        Encoding::Utf32Be => decode_utf32::<Be, S>(src, sink, mode),
        Encoding::Latin1 => decode_latin1(src, sink),
        Encoding::Wtf8 => decode(src, sink, mode, Flavor::Wtf8),
        Encoding::Cesu8 => decode(src, sink, mode, Flavor::Cesu8),
        Encoding::Mutf8 => decode(src, sink, mode, Flavor::Mutf8),
        // One call site for the pages: the decoder is instantiated (and inlined into
        // its loop) once per sink, not once per page.
        code_pages!() => decode_code_page(src, sink, page(from), mode),
    }
}

/// `transcode` for the pairs with WTF-8, CESU-8, MUTF-8 or a code page on either
/// side (any pair, in fact: every decoder and every sink is here).
pub(crate) fn transcode(
    src: &[u8],
    dst: &mut [u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    if from == to && CodePage::of(from).is_some_and(CodePage::is_total) {
        // Every byte is a character: a copy.
        return copy_bytes(src, dst);
    }
    match to {
        Encoding::Utf8 => decode_from(src, &mut Utf8Sink::new(dst), from, mode),
        Encoding::Utf16Le => decode_from(src, &mut Utf16Sink::<Le>::new(dst), from, mode),
        Encoding::Utf16Be => decode_from(src, &mut Utf16Sink::<Be>::new(dst), from, mode),
        Encoding::Utf32Le => decode_from(src, &mut Utf32Sink::<Le>::new(dst), from, mode),
        Encoding::Utf32Be => decode_from(src, &mut Utf32Sink::<Be>::new(dst), from, mode),
        Encoding::Latin1 => decode_from(src, &mut Latin1Sink::new(dst, mode), from, mode),
        Encoding::Wtf8 => decode_from(src, &mut Wtf8Sink::new(dst), from, mode),
        Encoding::Cesu8 => decode_from(src, &mut Cesu8Sink::new(dst, false), from, mode),
        Encoding::Mutf8 => decode_from(src, &mut Cesu8Sink::new(dst, true), from, mode),
        code_pages!() => to_code_page(src, dst, from, page(to), mode),
    }
}

/// The code page of `e`, one of the code-page encodings (the callers' match arm
/// admits only those).
fn page(e: Encoding) -> CodePage {
    CodePage::of(e).unwrap_or(CodePage::Windows1252)
}

/// Decodes `src` from `from` into code page `cp`.
fn to_code_page(
    src: &[u8],
    dst: &mut [u8],
    from: Encoding,
    cp: CodePage,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    decode_from(src, &mut CodePageSink::new(dst, cp, mode), from, mode)
}

//! Every pair that involves WTF-8, CESU-8 or MUTF-8: the decoder of `from` into the
//! sink of `to`.

use super::decode::{decode_latin1, decode_utf16, decode_utf32};
use super::from_utf8::decode_utf8;
use super::sink::{Be, Latin1Sink, Le, Sink, Utf16Sink, Utf32Sink, Utf8Sink};
use crate::cesu8::Cesu8Sink;
use crate::encoding::{Encoding, Mode};
use crate::error::TranscodeError;
use crate::wtf8::{decode, Flavor, Wtf8Sink};

/// Decodes `src` from `from` into `sink`.
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
        // Cyrillic code pages
        Encoding::Koi8R | Encoding::Windows1251 | Encoding::Ibm866 => {
            let cp =
                crate::codepage::CodePage::of(from).unwrap_or(crate::codepage::CodePage::Koi8R);
            crate::codepage::decode_code_page(src, sink, cp)
        }
    }
}

/// `transcode` for the pairs with WTF-8, CESU-8 or MUTF-8 on either side.
pub(crate) fn transcode(
    src: &[u8],
    dst: &mut [u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
) -> Result<usize, TranscodeError> {
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
        // Cyrillic code pages
        Encoding::Koi8R | Encoding::Windows1251 | Encoding::Ibm866 => {
            crate::codepage::transcode_code_page(src, dst, from, to, mode)
        }
    }
}

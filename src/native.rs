//! Transcoders on native-endian units: `&[u8]` (UTF-8, Latin-1), `&[u16]` (UTF-16),
//! `&[u32]` (UTF-32). Positions and counts are in units of the slices.

use crate::kernel::active;
use utfast_scalar::{Encoding, Endian, Mode, TranscodeError};

/// The encoding of native-endian units: UTF-8 (`u8`), UTF-16 (`u16`), UTF-32 (`u32`),
/// or Latin-1 (`u8`) where the direction's name says so. Shared with `len.rs`.
macro_rules! native_encoding {
    (utf8) => {
        utfast_scalar::Encoding::Utf8
    };
    (latin1) => {
        utfast_scalar::Encoding::Latin1
    };
    (utf16) => {
        if cfg!(target_endian = "little") {
            utfast_scalar::Encoding::Utf16Le
        } else {
            utfast_scalar::Encoding::Utf16Be
        }
    };
    (utf32) => {
        if cfg!(target_endian = "little") {
            utfast_scalar::Encoding::Utf32Le
        } else {
            utfast_scalar::Encoding::Utf32Be
        }
    };
}
pub(crate) use native_encoding;

/// Runs a byte-oriented kernel transcoder on native-unit slices and converts the
/// byte counts back to units (casting `[u16]`/`[u32]` to bytes always succeeds).
#[inline]
pub(crate) fn run<S: bytemuck::Pod, D: bytemuck::Pod>(
    (from, to): (Encoding, Encoding),
    src: &[S],
    dst: &mut [D],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let s = core::mem::size_of::<S>();
    let d = core::mem::size_of::<D>();
    debug_assert_eq!(from.endian().unwrap_or(Endian::NATIVE), Endian::NATIVE);
    let bytes = bytemuck::cast_slice(src);
    match active().transcode(bytes, bytemuck::cast_slice_mut(dst), from, to, mode) {
        Ok(n) => Ok(n / d),
        Err(e) => Err(crate::bytes::with_context(e, bytes, from, to).in_units(s, d)),
    }
}

/// Defines the strict, lossy and trusted-valid functions of one direction, with docs.
macro_rules! transcoder {
    (
        $strict:ident, $lossy:ident, $valid:ident: [$S:ty] -> [$D:ty] via $from_enc:ident -> $to_enc:ident,
        $from:literal -> $to:literal, max $max:ident, exact $exact:ident,
        text $text:literal, src $src:literal, dst $dst:literal,
        bad $bad:literal at $bad_at:literal ($bad_kind:ident), lossy $lossy_text:literal $(,)?
    ) => {
        #[doc = concat!("Converts ", $from, " to ", $to, ", stopping at the first ill-formed sequence.")]
        #[doc = ""]
        #[doc = concat!("Returns the number of units written to `dst`. Buffer size: `dst.len() >= [`", stringify!($max), "`](crate::", stringify!($max), ")(src.len())` always suffices; for valid input [`", stringify!($exact), "`](crate::", stringify!($exact), ") is exact.")]
        #[doc = ""]
        #[doc = "Errors ([`TranscodeError`], positions in units of `src` and `dst`): ill-formed input gives its kind and `valid_up_to()`, the input units before it; a too-small `dst` gives `OutputTooSmall` with the longest prefix that fit. Either way `dst[..written()]` holds the conversion of `src[..valid_up_to()]`."]
        #[doc = ""]
        #[doc = concat!("```\nlet text = \"", $text, "\";\nlet src = ", $src, ";\n",
            "let mut dst = vec![0; utfast::", stringify!($max), "(src.len())];\n",
            "let n = utfast::", stringify!($strict), "(&src, &mut dst)?;\n",
            "assert_eq!(dst[..n], ", $dst, "[..]);\n\n",
            "let bad = ", $bad, ";\n",
            "let e = utfast::", stringify!($strict), "(&bad, &mut dst).unwrap_err();\n",
            "assert_eq!((e.kind(), e.valid_up_to(), e.written()), (utfast::ErrorKind::", stringify!($bad_kind), ", ", stringify!($bad_at), ", 1));\n\n",
            "let e = utfast::", stringify!($strict), "(&src, &mut dst[..1]).unwrap_err();\n",
            "assert!(e.is_output_too_small());\n",
            "assert_eq!((e.valid_up_to(), e.written()), (1, 1));\n",
            "# Ok::<(), utfast::TranscodeError>(())\n```")]
        #[inline]
        pub fn $strict(src: &[$S], dst: &mut [$D]) -> Result<usize, TranscodeError> {
            run((native_encoding!($from_enc), native_encoding!($to_enc)), src, dst, Mode::Strict)
        }

        #[doc = concat!("Converts ", $from, " to ", $to, ", replacing ill-formed sequences with U+FFFD (the same replacements as `String::from_utf8_lossy` / `from_utf16_lossy`; `?` for characters a Latin-1 target cannot hold).")]
        #[doc = ""]
        #[doc = concat!("Returns the number of units written. Buffer size: `dst.len() >= [`", stringify!($max), "`](crate::", stringify!($max), ")(src.len())` always suffices. The only error is `OutputTooSmall` (positions in units, `dst[..written()]` is the conversion of `src[..valid_up_to()]`).")]
        #[doc = ""]
        #[doc = concat!("```\nlet bad = ", $bad, ";\n",
            "let mut dst = vec![0; utfast::", stringify!($max), "(bad.len())];\n",
            "let n = utfast::", stringify!($lossy), "(&bad, &mut dst)?;\n",
            "let text = \"", $lossy_text, "\";\n",
            "assert_eq!(dst[..n], ", $dst, "[..]);\n",
            "# Ok::<(), utfast::TranscodeError>(())\n```")]
        #[inline]
        pub fn $lossy(src: &[$S], dst: &mut [$D]) -> Result<usize, TranscodeError> {
            run((native_encoding!($from_enc), native_encoding!($to_enc)), src, dst, Mode::Lossy)
        }

        #[doc = concat!("Converts ", $from, " that the caller guarantees to be valid to ", $to, ", without validating (faster).")]
        #[doc = ""]
        #[doc = concat!("On invalid input the output is unspecified, but this never panics, never reads or writes out of bounds. Returns the number of units written. Buffer size as for [`", stringify!($strict), "`]; the only error is `OutputTooSmall`.")]
        #[doc = ""]
        #[doc = concat!("```\nlet text = \"", $text, "\";\nlet src = ", $src, ";\n",
            "let mut dst = vec![0; utfast::", stringify!($exact), "(&src)];\n",
            "let n = utfast::", stringify!($valid), "(&src, &mut dst)?;\n",
            "assert_eq!(dst[..n], ", $dst, "[..]);\n",
            "# Ok::<(), utfast::TranscodeError>(())\n```")]
        #[inline]
        pub fn $valid(src: &[$S], dst: &mut [$D]) -> Result<usize, TranscodeError> {
            run((native_encoding!($from_enc), native_encoding!($to_enc)), src, dst, Mode::Valid)
        }
    };
}

/// Defines the one function of a direction from Latin-1 (always valid input).
macro_rules! from_latin1 {
    ($name:ident: [$D:ty] via $from_enc:ident -> $to_enc:ident, $to:literal, max $max:ident, dst $dst:literal) => {
        #[doc = concat!("Converts Latin-1 (ISO-8859-1: each byte is U+0000..U+00FF) to ", $to, ".")]
        #[doc = ""]
        #[doc = concat!("Latin-1 is always valid, so there are no lossy or trusted variants. Returns the number of units written. Buffer size: `dst.len() >= [`", stringify!($max), "`](crate::", stringify!($max), ")(src.len())` always suffices. The only error is `OutputTooSmall` (positions in units; `dst[..written()]` is the conversion of `src[..valid_up_to()]`).")]
        #[doc = ""]
        #[doc = concat!("```\nlet text = \"hé\";\nlet src = b\"h\\xE9\";\n",
            "let mut dst = vec![0; utfast::", stringify!($max), "(src.len())];\n",
            "let n = utfast::", stringify!($name), "(src, &mut dst)?;\n",
            "assert_eq!(dst[..n], ", $dst, "[..]);\n",
            "let e = utfast::", stringify!($name), "(src, &mut dst[..1]).unwrap_err();\n",
            "assert_eq!((e.valid_up_to(), e.written()), (1, 1));\n",
            "# Ok::<(), utfast::TranscodeError>(())\n```")]
        #[inline]
        pub fn $name(src: &[u8], dst: &mut [$D]) -> Result<usize, TranscodeError> {
            run((native_encoding!($from_enc), native_encoding!($to_enc)), src, dst, Mode::Strict)
        }
    };
}

transcoder! {
    utf8_to_utf16, utf8_to_utf16_lossy, utf8_to_utf16_valid: [u8] -> [u16] via utf8 -> utf16,
    "UTF-8" -> "native-endian UTF-16", max utf16_len_max_from_utf8, exact utf16_len_from_utf8,
    text "hé€😀", src "text.as_bytes().to_vec()", dst "text.encode_utf16().collect::<Vec<u16>>()",
    bad r#"*b"a\xFFb""# at 1 (InvalidLeadByte), lossy "a\u{FFFD}b",
}
transcoder! {
    utf8_to_utf32, utf8_to_utf32_lossy, utf8_to_utf32_valid: [u8] -> [u32] via utf8 -> utf32,
    "UTF-8" -> "native-endian UTF-32", max utf32_len_max_from_utf8, exact utf32_len_from_utf8,
    text "hé€😀", src "text.as_bytes().to_vec()", dst "text.chars().map(u32::from).collect::<Vec<u32>>()",
    bad r#"*b"a\xFFb""# at 1 (InvalidLeadByte), lossy "a\u{FFFD}b",
}
transcoder! {
    utf8_to_latin1, utf8_to_latin1_lossy, utf8_to_latin1_valid: [u8] -> [u8] via utf8 -> latin1,
    "UTF-8" -> "Latin-1 (a character above U+00FF is `NotLatin1`)", max latin1_len_max_from_utf8, exact latin1_len_from_utf8,
    text "hé", src "text.as_bytes().to_vec()", dst "text.chars().map(|c| c as u8).collect::<Vec<u8>>()",
    bad r#"*b"a\xFFb""# at 1 (InvalidLeadByte), lossy "a?b",
}
transcoder! {
    utf16_to_utf8, utf16_to_utf8_lossy, utf16_to_utf8_valid: [u16] -> [u8] via utf16 -> utf8,
    "native-endian UTF-16" -> "UTF-8", max utf8_len_max_from_utf16, exact utf8_len_from_utf16,
    text "hé€😀", src "text.encode_utf16().collect::<Vec<u16>>()", dst "text.as_bytes()",
    bad "[0x61u16, 0xD800, 0x62]" at 1 (UnpairedHighSurrogate), lossy "a\u{FFFD}b",
}
transcoder! {
    utf16_to_utf32, utf16_to_utf32_lossy, utf16_to_utf32_valid: [u16] -> [u32] via utf16 -> utf32,
    "native-endian UTF-16" -> "native-endian UTF-32", max utf32_len_max_from_utf16, exact utf32_len_from_utf16,
    text "hé€😀", src "text.encode_utf16().collect::<Vec<u16>>()", dst "text.chars().map(u32::from).collect::<Vec<u32>>()",
    bad "[0x61u16, 0xDC00, 0x62]" at 1 (UnpairedLowSurrogate), lossy "a\u{FFFD}b",
}
transcoder! {
    utf16_to_latin1, utf16_to_latin1_lossy, utf16_to_latin1_valid: [u16] -> [u8] via utf16 -> latin1,
    "native-endian UTF-16" -> "Latin-1 (a character above U+00FF is `NotLatin1`)", max latin1_len_max_from_utf16, exact latin1_len_from_utf16,
    text "hé", src "text.encode_utf16().collect::<Vec<u16>>()", dst "text.chars().map(|c| c as u8).collect::<Vec<u8>>()",
    bad "[0x61u16, 0xD800, 0x62]" at 1 (UnpairedHighSurrogate), lossy "a?b",
}
transcoder! {
    utf32_to_utf8, utf32_to_utf8_lossy, utf32_to_utf8_valid: [u32] -> [u8] via utf32 -> utf8,
    "native-endian UTF-32" -> "UTF-8", max utf8_len_max_from_utf32, exact utf8_len_from_utf32,
    text "hé€😀", src "text.chars().map(u32::from).collect::<Vec<u32>>()", dst "text.as_bytes()",
    bad "[0x61u32, 0x110000, 0x62]" at 1 (TooLarge), lossy "a\u{FFFD}b",
}
transcoder! {
    utf32_to_utf16, utf32_to_utf16_lossy, utf32_to_utf16_valid: [u32] -> [u16] via utf32 -> utf16,
    "native-endian UTF-32" -> "native-endian UTF-16", max utf16_len_max_from_utf32, exact utf16_len_from_utf32,
    text "hé€😀", src "text.chars().map(u32::from).collect::<Vec<u32>>()", dst "text.encode_utf16().collect::<Vec<u16>>()",
    bad "[0x61u32, 0xD800, 0x62]" at 1 (Surrogate), lossy "a\u{FFFD}b",
}
transcoder! {
    utf32_to_latin1, utf32_to_latin1_lossy, utf32_to_latin1_valid: [u32] -> [u8] via utf32 -> latin1,
    "native-endian UTF-32" -> "Latin-1 (a character above U+00FF is `NotLatin1`)", max latin1_len_max_from_utf32, exact latin1_len_from_utf32,
    text "hé", src "text.chars().map(u32::from).collect::<Vec<u32>>()", dst "text.chars().map(|c| c as u8).collect::<Vec<u8>>()",
    bad "[0x61u32, 0x110000, 0x62]" at 1 (TooLarge), lossy "a?b",
}

from_latin1!(latin1_to_utf8: [u8] via latin1 -> utf8, "UTF-8", max utf8_len_max_from_latin1, dst "text.as_bytes()");
from_latin1!(latin1_to_utf16: [u16] via latin1 -> utf16, "native-endian UTF-16", max utf16_len_max_from_latin1, dst "text.encode_utf16().collect::<Vec<u16>>()");
from_latin1!(latin1_to_utf32: [u32] via latin1 -> utf32, "native-endian UTF-32", max utf32_len_max_from_latin1, dst "text.chars().map(u32::from).collect::<Vec<u32>>()");

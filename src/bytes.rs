//! Byte-oriented transcoders for explicit byte orders (UTF-16LE/BE, UTF-32LE/BE),
//! and the generic [`transcode`]. Every position and count here is in **bytes**.

use crate::kernel::active;
use utfast_scalar::{Encoding, ErrorKind, Mode, TranscodeError};

/// Converts `src` from encoding `from` to encoding `to` in the given [`Mode`]; the
/// general form of every transcoder of this crate. Returns the number of bytes
/// written. Same-encoding pairs validate and copy (strict), repair (lossy) or copy.
///
/// Buffer size: `dst.len() >= max_output_len(from, to, src.len())` always suffices.
/// Errors: [`TranscodeError`] with positions in bytes (see the crate docs for the
/// contract; byte-oriented UTF-16/32 input of a length that is not a multiple of the
/// unit size ends in `TruncatedUnit` in strict mode).
///
/// ```
/// use utfast::{Encoding, ErrorKind, Mode};
/// let src = "hé".as_bytes();
/// let mut dst = vec![0u8; utfast::max_output_len(Encoding::Utf8, Encoding::Utf16Be, src.len())];
/// let n = utfast::transcode(src, &mut dst, Encoding::Utf8, Encoding::Utf16Be, Mode::Strict)?;
/// assert_eq!(&dst[..n], b"\x00h\x00\xE9");
///
/// let e = utfast::transcode(b"a\x00b", &mut dst, Encoding::Utf16Le, Encoding::Utf8, Mode::Strict)
///     .unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to(), e.written()), (ErrorKind::TruncatedUnit, 2, 1));
/// assert_eq!(e.to_string(), "invalid UTF-16LE at byte 2: truncated code unit");
///
/// // Valid input with a character the target lacks:
/// let e = utfast::transcode("Цена: 5 €".as_bytes(), &mut [0u8; 32], Encoding::Utf8, Encoding::Koi8R, Mode::Strict)
///     .unwrap_err();
/// assert_eq!(e.to_string(), "U+20AC at byte 12 is not representable in KOI8-R");
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
#[inline]
pub fn transcode(
    src: &[u8],
    dst: &mut [u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    active()
        .transcode(src, dst, from, to, mode)
        .map_err(|e| with_context(e, src, from, to))
}

/// `e` (positions in bytes of `src`) with what its message needs: the encodings
/// and, for a character the target lacks, that character, decoded again from `src`
/// (on the error path only, so the kernels need not carry it).
#[cold]
#[inline(never)]
pub(crate) fn with_context(
    e: TranscodeError,
    src: &[u8],
    from: Encoding,
    to: Encoding,
) -> TranscodeError {
    let e = e.with_encodings(from, to);
    if !matches!(e.kind(), ErrorKind::NotLatin1 | ErrorKind::NotInCodePage) {
        return e;
    }
    // The character is whole in its first 6 bytes (a CESU-8 surrogate pair).
    let rest = src.get(e.valid_up_to()..).unwrap_or(&[]);
    let rest = &rest[..rest.len().min(6)];
    let mut cp = [0u8; 4];
    // A 4-byte buffer takes exactly one character: then `OutputTooSmall`.
    let r =
        utfast_scalar::transcode::transcode(rest, &mut cp, from, Encoding::Utf32Le, Mode::Strict);
    let whole = match r {
        Ok(n) => n == 4,
        Err(x) => x.written() == 4,
    };
    match char::from_u32(u32::from_le_bytes(cp)) {
        Some(c) if whole => e.with_character(c),
        _ => e,
    }
}

/// Defines the strict, lossy and trusted-valid byte-oriented functions of one direction.
macro_rules! bytes_transcoder {
    (
        $strict:ident, $lossy:ident, $valid:ident: $F:ident -> $T:ident,
        src $src:literal, dst $dst:literal,
        bad $bad:literal at $bad_at:literal written $bad_w:literal ($bad_kind:ident),
        small $small:literal => ($su:literal, $sw:literal) $(,)?
    ) => {
        #[doc = concat!("Converts ", stringify!($F), " bytes to ", stringify!($T), " bytes, stopping at the first ill-formed sequence. Returns the number of bytes written.")]
        #[doc = ""]
        #[doc = concat!("Buffer size: `dst.len() >= max_output_len(Encoding::", stringify!($F), ", Encoding::", stringify!($T), ", src.len())` always suffices. Errors ([`TranscodeError`], positions in **bytes**): ill-formed input (a truncated final unit included) or `OutputTooSmall`; `dst[..written()]` holds the conversion of `src[..valid_up_to()]`.")]
        #[doc = ""]
        #[doc = concat!("```\nuse utfast::{Encoding, ErrorKind};\nlet text = \"hé😀\";\nlet src = ", $src, ";\n",
            "let mut dst = vec![0u8; utfast::max_output_len(Encoding::", stringify!($F), ", Encoding::", stringify!($T), ", src.len())];\n",
            "let n = utfast::", stringify!($strict), "(&src, &mut dst)?;\n",
            "assert_eq!(dst[..n], ", $dst, "[..]);\n\n",
            "let bad = ", $bad, ";\n",
            "let e = utfast::", stringify!($strict), "(&bad, &mut dst).unwrap_err();\n",
            "assert_eq!((e.kind(), e.valid_up_to(), e.written()), (ErrorKind::", stringify!($bad_kind), ", ", stringify!($bad_at), ", ", stringify!($bad_w), "));\n\n",
            "let e = utfast::", stringify!($strict), "(&src, &mut dst[..", stringify!($small), "]).unwrap_err();\n",
            "assert_eq!((e.kind(), e.valid_up_to(), e.written()), (ErrorKind::OutputTooSmall, ", stringify!($su), ", ", stringify!($sw), "));\n",
            "# Ok::<(), utfast::TranscodeError>(())\n```")]
        #[inline]
        pub fn $strict(src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
            transcode(src, dst, Encoding::$F, Encoding::$T, Mode::Strict)
        }

        #[doc = concat!("Converts ", stringify!($F), " bytes to ", stringify!($T), " bytes, replacing each ill-formed sequence (and a truncated final unit) with U+FFFD. Returns the number of bytes written.")]
        #[doc = ""]
        #[doc = concat!("Buffer size: `dst.len() >= max_output_len(Encoding::", stringify!($F), ", Encoding::", stringify!($T), ", src.len())` always suffices. The only error is `OutputTooSmall` (positions in bytes).")]
        #[doc = ""]
        #[doc = concat!("```\nuse utfast::Encoding;\nlet bad = ", $bad, ";\n",
            "let mut dst = vec![0u8; utfast::max_output_len(Encoding::", stringify!($F), ", Encoding::", stringify!($T), ", bad.len())];\n",
            "let n = utfast::", stringify!($lossy), "(&bad, &mut dst)?;\n",
            "let text = \"a\u{FFFD}b\";\n",
            "assert_eq!(dst[..n], ", $dst, "[..]);\n",
            "# Ok::<(), utfast::TranscodeError>(())\n```")]
        #[inline]
        pub fn $lossy(src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
            transcode(src, dst, Encoding::$F, Encoding::$T, Mode::Lossy)
        }

        #[doc = concat!("Converts ", stringify!($F), " bytes that the caller guarantees to be valid to ", stringify!($T), " bytes, without validating. On invalid input the output is unspecified (never a panic, never out of bounds). Returns the number of bytes written; the only error is `OutputTooSmall`.")]
        #[doc = ""]
        #[doc = concat!("```\nuse utfast::Encoding;\nlet text = \"hé😀\";\nlet src = ", $src, ";\n",
            "let mut dst = vec![0u8; utfast::max_output_len(Encoding::", stringify!($F), ", Encoding::", stringify!($T), ", src.len())];\n",
            "let n = utfast::", stringify!($valid), "(&src, &mut dst)?;\n",
            "assert_eq!(dst[..n], ", $dst, "[..]);\n",
            "# Ok::<(), utfast::TranscodeError>(())\n```")]
        #[inline]
        pub fn $valid(src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
            transcode(src, dst, Encoding::$F, Encoding::$T, Mode::Valid)
        }
    };
}

bytes_transcoder! {
    utf8_to_utf16le, utf8_to_utf16le_lossy, utf8_to_utf16le_valid: Utf8 -> Utf16Le,
    src "text.as_bytes()", dst "text.encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<u8>>()",
    bad r#"*b"a\xFFb""# at 1 written 2 (InvalidLeadByte), small 2 => (1, 2),
}
bytes_transcoder! {
    utf8_to_utf16be, utf8_to_utf16be_lossy, utf8_to_utf16be_valid: Utf8 -> Utf16Be,
    src "text.as_bytes()", dst "text.encode_utf16().flat_map(u16::to_be_bytes).collect::<Vec<u8>>()",
    bad r#"*b"a\xFFb""# at 1 written 2 (InvalidLeadByte), small 2 => (1, 2),
}
bytes_transcoder! {
    utf8_to_utf32le, utf8_to_utf32le_lossy, utf8_to_utf32le_valid: Utf8 -> Utf32Le,
    src "text.as_bytes()", dst "text.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect::<Vec<u8>>()",
    bad r#"*b"a\xFFb""# at 1 written 4 (InvalidLeadByte), small 4 => (1, 4),
}
bytes_transcoder! {
    utf8_to_utf32be, utf8_to_utf32be_lossy, utf8_to_utf32be_valid: Utf8 -> Utf32Be,
    src "text.as_bytes()", dst "text.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect::<Vec<u8>>()",
    bad r#"*b"a\xFFb""# at 1 written 4 (InvalidLeadByte), small 4 => (1, 4),
}
bytes_transcoder! {
    utf16le_to_utf8, utf16le_to_utf8_lossy, utf16le_to_utf8_valid: Utf16Le -> Utf8,
    src "text.encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<u8>>()", dst "text.as_bytes()",
    bad "[0x61u8, 0x00, 0x00, 0xD8, 0x62, 0x00]" at 2 written 1 (UnpairedHighSurrogate), small 1 => (2, 1),
}
bytes_transcoder! {
    utf16be_to_utf8, utf16be_to_utf8_lossy, utf16be_to_utf8_valid: Utf16Be -> Utf8,
    src "text.encode_utf16().flat_map(u16::to_be_bytes).collect::<Vec<u8>>()", dst "text.as_bytes()",
    bad "[0x00u8, 0x61, 0xDC, 0x00, 0x00, 0x62]" at 2 written 1 (UnpairedLowSurrogate), small 1 => (2, 1),
}
bytes_transcoder! {
    utf32le_to_utf8, utf32le_to_utf8_lossy, utf32le_to_utf8_valid: Utf32Le -> Utf8,
    src "text.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect::<Vec<u8>>()", dst "text.as_bytes()",
    bad "[0x61u8, 0, 0, 0, 0x00, 0xD8, 0, 0, 0x62, 0, 0, 0]" at 4 written 1 (Surrogate), small 1 => (4, 1),
}
bytes_transcoder! {
    utf32be_to_utf8, utf32be_to_utf8_lossy, utf32be_to_utf8_valid: Utf32Be -> Utf8,
    src "text.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect::<Vec<u8>>()", dst "text.as_bytes()",
    bad "[0u8, 0, 0, 0x61, 0, 0x11, 0, 0, 0, 0, 0, 0x62]" at 4 written 1 (TooLarge), small 1 => (4, 1),
}

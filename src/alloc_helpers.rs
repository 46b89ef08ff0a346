//! Allocating helpers (feature `alloc`): transcode into a new `Vec` or `String`.
//!
//! The output is allocated at the worst-case size for the input length (the
//! `*_len_max_from_*` functions) and truncated to the converted length, so its
//! capacity may exceed its length. Lossy helpers cannot fail. `String` results are
//! checked with the active kernel's UTF-8 validator before they are returned.

use crate::unchecked::string_from_output;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use utfast_scalar::{Encoding, Mode, TranscodeError};

/// Runs `f` into a zeroed buffer of `cap` units and truncates it to the output.
fn collect<S, D: bytemuck::Zeroable + Clone>(
    src: &[S],
    cap: usize,
    f: fn(&[S], &mut [D]) -> Result<usize, TranscodeError>,
) -> Result<Vec<D>, TranscodeError> {
    let mut out = vec![D::zeroed(); cap];
    let n = f(src, &mut out)?;
    out.truncate(n);
    Ok(out)
}

/// For lossy conversions into a worst-case buffer: they cannot fail.
fn infallible<T>(r: Result<T, TranscodeError>) -> T {
    r.expect("utfast bug: a lossy conversion into a worst-case buffer failed")
}

/// Converts UTF-8 to a new `Vec` of native-endian UTF-16 units.
///
/// Errors: the first ill-formed sequence, as in [`utf8_to_utf16`](crate::utf8_to_utf16)
/// (positions in bytes of `src`; `written()` counts the units that would have been
/// produced before it).
///
/// ```
/// assert_eq!(utfast::utf8_to_utf16_vec("hé😀".as_bytes())?, "hé😀".encode_utf16().collect::<Vec<_>>());
/// assert_eq!(utfast::utf8_to_utf16_vec(b"a\xFF").unwrap_err().valid_up_to(), 1);
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn utf8_to_utf16_vec(src: &[u8]) -> Result<Vec<u16>, TranscodeError> {
    collect(
        src,
        crate::utf16_len_max_from_utf8(src.len()),
        crate::utf8_to_utf16,
    )
}

/// Converts UTF-8 to native-endian UTF-16, replacing ill-formed sequences with U+FFFD.
///
/// ```
/// assert_eq!(utfast::utf8_to_utf16_vec_lossy(b"a\xFF"), [0x61, 0xFFFD]);
/// ```
pub fn utf8_to_utf16_vec_lossy(src: &[u8]) -> Vec<u16> {
    infallible(collect(
        src,
        crate::utf16_len_max_from_utf8(src.len()),
        crate::utf8_to_utf16_lossy,
    ))
}

/// Converts UTF-8 to a new `Vec` of UTF-32 units (code points).
/// Errors: as [`utf8_to_utf32`](crate::utf8_to_utf32).
///
/// ```
/// assert_eq!(utfast::utf8_to_utf32_vec("h😀".as_bytes())?, [0x68, 0x1F600]);
/// assert!(utfast::utf8_to_utf32_vec(b"\xC0\x80").is_err());
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn utf8_to_utf32_vec(src: &[u8]) -> Result<Vec<u32>, TranscodeError> {
    collect(
        src,
        crate::utf32_len_max_from_utf8(src.len()),
        crate::utf8_to_utf32,
    )
}

/// Converts UTF-8 to UTF-32, replacing ill-formed sequences with U+FFFD.
///
/// ```
/// assert_eq!(utfast::utf8_to_utf32_vec_lossy(b"\xF0\x9F\x98a"), [0xFFFD, 0x61]);
/// ```
pub fn utf8_to_utf32_vec_lossy(src: &[u8]) -> Vec<u32> {
    infallible(collect(
        src,
        crate::utf32_len_max_from_utf8(src.len()),
        crate::utf8_to_utf32_lossy,
    ))
}

/// Converts UTF-8 to Latin-1. Errors: as [`utf8_to_latin1`](crate::utf8_to_latin1)
/// (a character above U+00FF is [`ErrorKind::NotLatin1`](crate::ErrorKind::NotLatin1)).
///
/// ```
/// use utfast::ErrorKind;
/// assert_eq!(utfast::utf8_to_latin1_vec("hé".as_bytes())?, b"h\xE9");
/// let e = utfast::utf8_to_latin1_vec("h€".as_bytes()).unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to()), (ErrorKind::NotLatin1, 1));
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn utf8_to_latin1_vec(src: &[u8]) -> Result<Vec<u8>, TranscodeError> {
    collect(
        src,
        crate::latin1_len_max_from_utf8(src.len()),
        crate::utf8_to_latin1,
    )
}

/// Converts UTF-8 to Latin-1: ill-formed sequences and characters above U+00FF
/// become `?`.
///
/// ```
/// assert_eq!(utfast::utf8_to_latin1_vec_lossy("é€\u{FF}".as_bytes()), b"\xE9?\xFF");
/// ```
pub fn utf8_to_latin1_vec_lossy(src: &[u8]) -> Vec<u8> {
    infallible(collect(
        src,
        crate::latin1_len_max_from_utf8(src.len()),
        crate::utf8_to_latin1_lossy,
    ))
}

/// Converts native-endian UTF-16 to a `String`.
/// Errors: as [`utf16_to_utf8`](crate::utf16_to_utf8) (positions in units of `src`).
///
/// ```
/// let s: Vec<u16> = "hé😀".encode_utf16().collect();
/// assert_eq!(utfast::utf16_to_string(&s)?, "hé😀");
/// assert_eq!(utfast::utf16_to_string(&[0x61, 0xDC00]).unwrap_err().valid_up_to(), 1);
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn utf16_to_string(src: &[u16]) -> Result<String, TranscodeError> {
    let v = collect(
        src,
        crate::utf8_len_max_from_utf16(src.len()),
        crate::utf16_to_utf8,
    )?;
    Ok(string_from_output(v))
}

/// Converts native-endian UTF-16 to a `String`, replacing each unpaired surrogate with
/// U+FFFD: the same result as `String::from_utf16_lossy`.
///
/// ```
/// let src = [0x61, 0xD800, 0x62];
/// assert_eq!(utfast::utf16_to_string_lossy(&src), String::from_utf16_lossy(&src));
/// ```
pub fn utf16_to_string_lossy(src: &[u16]) -> String {
    let v = infallible(collect(
        src,
        crate::utf8_len_max_from_utf16(src.len()),
        crate::utf16_to_utf8_lossy,
    ));
    string_from_output(v)
}

/// Converts native-endian UTF-32 to a `String`.
/// Errors: as [`utf32_to_utf8`](crate::utf32_to_utf8) (positions in units of `src`).
///
/// ```
/// assert_eq!(utfast::utf32_to_string(&[0x68, 0x1F600])?, "h😀");
/// assert!(utfast::utf32_to_string(&[0xD800]).is_err());
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn utf32_to_string(src: &[u32]) -> Result<String, TranscodeError> {
    let v = collect(
        src,
        crate::utf8_len_max_from_utf32(src.len()),
        crate::utf32_to_utf8,
    )?;
    Ok(string_from_output(v))
}

/// Converts native-endian UTF-32 to a `String`, replacing each invalid unit with U+FFFD.
///
/// ```
/// assert_eq!(utfast::utf32_to_string_lossy(&[0x61, 0x110000]), "a\u{FFFD}");
/// ```
pub fn utf32_to_string_lossy(src: &[u32]) -> String {
    let v = infallible(collect(
        src,
        crate::utf8_len_max_from_utf32(src.len()),
        crate::utf32_to_utf8_lossy,
    ));
    string_from_output(v)
}

/// Converts Latin-1 to a `String` (cannot fail: every byte is a character).
///
/// ```
/// assert_eq!(utfast::latin1_to_string(b"caf\xE9"), "café");
/// ```
pub fn latin1_to_string(src: &[u8]) -> String {
    let v = infallible(collect(
        src,
        crate::utf8_len_max_from_latin1(src.len()),
        crate::latin1_to_utf8,
    ));
    string_from_output(v)
}

/// Converts native-endian UTF-16 to UTF-32. Errors: as [`utf16_to_utf32`](crate::utf16_to_utf32).
///
/// ```
/// let s: Vec<u16> = "h😀".encode_utf16().collect();
/// assert_eq!(utfast::utf16_to_utf32_vec(&s)?, [0x68, 0x1F600]);
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn utf16_to_utf32_vec(src: &[u16]) -> Result<Vec<u32>, TranscodeError> {
    collect(
        src,
        crate::utf32_len_max_from_utf16(src.len()),
        crate::utf16_to_utf32,
    )
}

/// Converts native-endian UTF-16 to UTF-32, replacing unpaired surrogates with U+FFFD.
///
/// ```
/// assert_eq!(utfast::utf16_to_utf32_vec_lossy(&[0xDC00, 0x61]), [0xFFFD, 0x61]);
/// ```
pub fn utf16_to_utf32_vec_lossy(src: &[u16]) -> Vec<u32> {
    infallible(collect(
        src,
        crate::utf32_len_max_from_utf16(src.len()),
        crate::utf16_to_utf32_lossy,
    ))
}

/// Converts native-endian UTF-32 to UTF-16. Errors: as [`utf32_to_utf16`](crate::utf32_to_utf16).
///
/// ```
/// assert_eq!(utfast::utf32_to_utf16_vec(&[0x68, 0x1F600])?, [0x68, 0xD83D, 0xDE00]);
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn utf32_to_utf16_vec(src: &[u32]) -> Result<Vec<u16>, TranscodeError> {
    collect(
        src,
        crate::utf16_len_max_from_utf32(src.len()),
        crate::utf32_to_utf16,
    )
}

/// Converts native-endian UTF-32 to UTF-16, replacing invalid units with U+FFFD.
///
/// ```
/// assert_eq!(utfast::utf32_to_utf16_vec_lossy(&[0xD800, 0x61]), [0xFFFD, 0x61]);
/// ```
pub fn utf32_to_utf16_vec_lossy(src: &[u32]) -> Vec<u16> {
    infallible(collect(
        src,
        crate::utf16_len_max_from_utf32(src.len()),
        crate::utf32_to_utf16_lossy,
    ))
}

/// Converts `src` from `from` to `to` in `mode` into a new `Vec<u8>` (the allocating
/// form of [`transcode`](crate::transcode); positions in bytes).
///
/// Errors: strict mode reports the first ill-formed sequence (or `NotLatin1`); lossy
/// and trusted-valid modes cannot fail.
///
/// ```
/// use utfast::{Encoding, Mode};
/// let v = utfast::transcode_to_vec(b"\x00h\x00\xE9", Encoding::Utf16Be, Encoding::Utf8, Mode::Strict)?;
/// assert_eq!(v, "hé".as_bytes());
/// let v = utfast::transcode_to_vec(b"h\x00\x00", Encoding::Utf16Le, Encoding::Utf8, Mode::Lossy)?;
/// assert_eq!(v, "h\u{FFFD}".as_bytes());
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn transcode_to_vec(
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
) -> Result<Vec<u8>, TranscodeError> {
    let mut out = vec![0u8; crate::max_output_len(from, to, src.len())];
    let n = crate::transcode(src, &mut out, from, to, mode)?;
    out.truncate(n);
    Ok(out)
}

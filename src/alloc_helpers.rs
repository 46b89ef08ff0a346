//! Allocating helpers (feature `alloc`): transcode into a new `Vec` or `String`.
//!
//! [`transcode_to_vec`] and [`transcode_to_string`] allocate once, exactly the
//! output's length: the input is validated (and counted) by the kernel first, then
//! converted without validating again. The native-unit helpers (`utf8_to_utf16_vec`,
//! ...) allocate the worst-case size for the input length (the `*_len_max_from_*`
//! functions) and truncate to the converted length, so their capacity may exceed
//! their length. Lossy helpers cannot fail. `String` results are checked with the
//! active kernel's UTF-8 validator before they are returned.

use crate::kernel::active;
use crate::len::{first_error, lossy_output_len_with, valid_output_len};
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
/// form of [`transcode`](crate::transcode); positions in bytes), allocated once at
/// exactly the output's length.
///
/// How: the active kernel validates `src` and counts the output, then converts it
/// in trusted-valid mode, so valid input is validated once. Where the target may
/// lack characters of the source (Latin-1, the code pages, and WTF-8's lone
/// surrogates) the conversion checks them as it goes. On invalid input a lossy
/// conversion counts the exact lossy length first; a strict one finds its error
/// again with the strict transcoder in a small buffer, without allocating.
///
/// Errors: strict mode reports the first ill-formed sequence, or the first
/// character the target lacks (`NotLatin1`, `NotInCodePage`); lossy and
/// trusted-valid modes cannot fail.
///
/// ```
/// use utfast::{Encoding, Mode};
/// let v = utfast::transcode_to_vec(b"\x00h\x00\xE9", Encoding::Utf16Be, Encoding::Utf8, Mode::Strict)?;
/// assert_eq!(v, "hé".as_bytes());
/// assert_eq!(v.capacity(), v.len()); // one allocation, of the exact size
/// let v = utfast::transcode_to_vec(b"h\x00\x00", Encoding::Utf16Le, Encoding::Utf8, Mode::Lossy)?;
/// assert_eq!(v, "h\u{FFFD}".as_bytes());
/// let e = utfast::transcode_to_vec("a€".as_bytes(), Encoding::Utf8, Encoding::Windows1251, Mode::Strict);
/// assert!(e.is_ok()); // windows-1251 has the euro sign (0x88)
/// let e = utfast::transcode_to_vec("a€".as_bytes(), Encoding::Utf8, Encoding::Koi8R, Mode::Strict).unwrap_err();
/// assert_eq!(e.to_string(), "U+20AC at byte 1 is not representable in KOI8-R");
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn transcode_to_vec(
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
) -> Result<Vec<u8>, TranscodeError> {
    let k = active();
    let trusted = mode == Mode::Valid;
    if !trusted && first_error(k, src, from).is_err() {
        if mode != Mode::Lossy {
            if let Some(e) = strict_error(src, from, to) {
                return Err(e);
            }
        }
        // Lossy, or a target that holds what the source validator rejects (UTF-16's
        // lone surrogates in WTF-8): the exact length of the lossy conversion, which
        // writes the same as the strict one where the strict one succeeds.
        let mut out = vec![0u8; lossy_output_len_with(k, src, from, to)];
        let n = crate::transcode(src, &mut out, from, to, mode)?;
        out.truncate(n);
        return Ok(out);
    }
    // Valid (or trusted) input: the exact length, then no second validation where
    // every character of `from` exists in `to`.
    let mut out = vec![0u8; valid_output_len(k, src, from, to)];
    let conv = if holds_every_character(from, to) {
        Mode::Valid
    } else {
        mode
    };
    match crate::transcode(src, &mut out, from, to, conv) {
        Ok(n) => {
            out.truncate(n);
            Ok(out)
        }
        // Trusted input that is not valid may need more room than its count.
        Err(e) if e.is_output_too_small() && trusted => {
            let mut out = vec![0u8; crate::max_output_len(from, to, src.len())];
            let n = crate::transcode(src, &mut out, from, to, mode)?;
            out.truncate(n);
            Ok(out)
        }
        Err(e) => Err(e),
    }
}

/// Whether every character that valid `from` text holds can be written in `to`, so
/// that validated input converts in trusted-valid mode with the strict result.
/// (WTF-8's lone surrogates fit only WTF-8 and UTF-16; Latin-1 and the code pages
/// lack most characters.)
fn holds_every_character(from: Encoding, to: Encoding) -> bool {
    use Encoding::*;
    // (A code page with undefined bytes decodes them as U+FFFD only in lossy mode.)
    let scalar_values = matches!(
        from,
        Utf8 | Utf16Le | Utf16Be | Utf32Le | Utf32Be | Latin1 | Cesu8 | Mutf8
    ) || crate::CodePage::of(from).is_some_and(crate::CodePage::is_total);
    let all = matches!(
        to,
        Utf8 | Utf16Le | Utf16Be | Utf32Le | Utf32Be | Wtf8 | Cesu8 | Mutf8
    );
    // non_exhaustive: an encoding added later converts strictly until listed here.
    scalar_values && all
}

/// The error of the strict conversion of `src`, which the source's validator
/// rejected: the strict transcoder run over `src` in steps of a stack buffer, so
/// the error path allocates nothing. `None` if the conversion succeeds (UTF-16 with
/// lone surrogates to WTF-8).
#[cold]
#[inline(never)]
fn strict_error(src: &[u8], from: Encoding, to: Encoding) -> Option<TranscodeError> {
    let mut buf = [0u8; 1024];
    let (mut pos, mut written) = (0, 0);
    loop {
        match crate::transcode(&src[pos..], &mut buf, from, to, Mode::Strict) {
            Err(e) if e.is_output_too_small() && e.valid_up_to() > 0 => {
                pos += e.valid_up_to();
                written += e.written();
            }
            Err(e) => {
                let e = TranscodeError::new(e.kind(), pos + e.valid_up_to(), written + e.written());
                return Some(crate::bytes::with_context(e, src, from, to));
            }
            Ok(_) => return None,
        }
    }
}

/// Converts `src` from `from` to a new `String` (UTF-8) in `mode`: the text of a
/// body in any encoding, allocated once at exactly its length
/// ([`transcode_to_vec`] to UTF-8).
///
/// Errors: as [`transcode_to_vec`] (strict mode: the first ill-formed sequence,
/// positions in bytes of `src`; lossy and trusted-valid modes cannot fail).
///
/// ```
/// use utfast::{Encoding, Mode};
/// let body = b"\xcf\xf0\xe8\xe2\xe5\xf2"; // "Привет" in windows-1251
/// let from: Encoding = "windows1251".parse()?;
/// assert_eq!(utfast::transcode_to_string(body, from, Mode::Strict)?, "Привет");
/// assert_eq!(utfast::transcode_to_string(b"\xFFa", Encoding::Utf8, Mode::Lossy)?, "\u{FFFD}a");
/// let e = utfast::transcode_to_string(b"a\x00\x00\xD8", Encoding::Utf16Le, Mode::Strict).unwrap_err();
/// assert_eq!(e.to_string(), "invalid UTF-16LE at byte 2: unpaired high surrogate");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn transcode_to_string(
    src: &[u8],
    from: Encoding,
    mode: Mode,
) -> Result<String, TranscodeError> {
    if from == Encoding::Utf8 {
        // UTF-8 to UTF-8: validate once and copy (or repair).
        // (Trusted-valid input that is not gets the lossy result, a valid `String`.)
        return match mode {
            Mode::Lossy | Mode::Valid => Ok(crate::string_from_utf8_lossy(src).into_owned()),
            _ => match crate::validate_utf8(src) {
                Ok(()) => Ok(String::from(crate::unchecked::str_from_validated(src))),
                Err(e) => {
                    let at = e.valid_up_to();
                    let e = TranscodeError::new(e.kind(), at, at);
                    Err(crate::bytes::with_context(e, src, from, from))
                }
            },
        };
    }
    transcode_to_vec(src, from, Encoding::Utf8, mode).map(string_from_output)
}

/// Converts native-endian 16-bit units (UTF-16 that may hold lone surrogates) to a
/// new `Vec` of WTF-8 bytes, losslessly: [`utf16_to_wtf8`](crate::utf16_to_wtf8)
/// into a `Vec` (cannot fail).
///
/// ```
/// let wide: Vec<u16> = vec![0x61, 0xDC00];
/// assert_eq!(utfast::utf16_to_wtf8_vec(&wide), b"a\xED\xB0\x80");
/// ```
pub fn utf16_to_wtf8_vec(src: &[u16]) -> Vec<u8> {
    let cap = crate::max_output_len(Encoding::UTF16_NATIVE, Encoding::Wtf8, 2 * src.len());
    infallible(collect(src, cap, crate::utf16_to_wtf8))
}

/// Converts WTF-8 to a new `Vec` of native-endian 16-bit units, losslessly:
/// [`wtf8_to_utf16`](crate::wtf8_to_utf16) into a `Vec`.
///
/// Errors: ill-formed WTF-8, as [`wtf8_to_utf16`](crate::wtf8_to_utf16) (positions
/// in bytes of `src`).
///
/// ```
/// assert_eq!(utfast::wtf8_to_utf16_vec(b"a\xED\xB0\x80")?, [0x61, 0xDC00]);
/// assert!(utfast::wtf8_to_utf16_vec(b"\xED\xA0\x80\xED\xB0\x80").is_err()); // a pair must be 4 bytes
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn wtf8_to_utf16_vec(src: &[u8]) -> Result<Vec<u16>, TranscodeError> {
    // At most one unit per byte.
    collect(src, src.len(), crate::wtf8_to_utf16)
}

//! Output lengths: exact ones for valid input (`*_len_from_*`, `count_*`) and
//! worst-case bounds for any input (`*_len_max_from_*`, `const fn`).
//!
//! Exact lengths assume valid input; on invalid input the result is unspecified
//! (but they never panic). Native-unit functions count units of the output form.

use crate::kernel::active;
use crate::native::native_encoding;
use utfast_scalar::transcode::max_output_len;
use utfast_scalar::{CodePage, Encoding, Endian};

/// Worst case in output units for `n` input units (any mode), from the byte-level
/// `max_output_len`. Byte order does not change sizes, so LE stands for native.
const fn max_units(from: Encoding, to: Encoding, n: usize) -> usize {
    max_output_len(from, to, n.saturating_mul(from.unit_size())).div_ceil(to.unit_size())
}

macro_rules! max_fn {
    ($name:ident, $from:ident, $to:ident, $in:literal, $out:literal, $ex:literal) => {
        #[doc = concat!("Worst-case output size, in ", $out, ", of converting `n` ", $in, " (any input, any mode, lossy included): a buffer this large never gives `OutputTooSmall`.")]
        #[doc = ""]
        #[doc = concat!("```\nconst N: usize = utfast::", stringify!($name), "(16);\nassert!(N >= ", $ex, ");\n```")]
        pub const fn $name(n: usize) -> usize {
            max_units(Encoding::$from, Encoding::$to, n)
        }
    };
}

max_fn!(
    utf16_len_max_from_utf8,
    Utf8,
    Utf16Le,
    "UTF-8 bytes",
    "UTF-16 units",
    "16"
);
max_fn!(
    utf32_len_max_from_utf8,
    Utf8,
    Utf32Le,
    "UTF-8 bytes",
    "UTF-32 units",
    "16"
);
max_fn!(
    latin1_len_max_from_utf8,
    Utf8,
    Latin1,
    "UTF-8 bytes",
    "Latin-1 bytes",
    "16"
);
max_fn!(
    utf8_len_max_from_utf16,
    Utf16Le,
    Utf8,
    "UTF-16 units",
    "UTF-8 bytes",
    "48"
);
max_fn!(
    utf32_len_max_from_utf16,
    Utf16Le,
    Utf32Le,
    "UTF-16 units",
    "UTF-32 units",
    "16"
);
max_fn!(
    latin1_len_max_from_utf16,
    Utf16Le,
    Latin1,
    "UTF-16 units",
    "Latin-1 bytes",
    "16"
);
max_fn!(
    utf8_len_max_from_utf32,
    Utf32Le,
    Utf8,
    "UTF-32 units",
    "UTF-8 bytes",
    "64"
);
max_fn!(
    utf16_len_max_from_utf32,
    Utf32Le,
    Utf16Le,
    "UTF-32 units",
    "UTF-16 units",
    "32"
);
max_fn!(
    latin1_len_max_from_utf32,
    Utf32Le,
    Latin1,
    "UTF-32 units",
    "Latin-1 bytes",
    "16"
);
max_fn!(
    utf8_len_max_from_latin1,
    Latin1,
    Utf8,
    "Latin-1 bytes",
    "UTF-8 bytes",
    "32"
);
max_fn!(
    utf16_len_max_from_latin1,
    Latin1,
    Utf16Le,
    "Latin-1 bytes",
    "UTF-16 units",
    "16"
);
max_fn!(
    utf32_len_max_from_latin1,
    Latin1,
    Utf32Le,
    "Latin-1 bytes",
    "UTF-32 units",
    "16"
);

/// Number of code points in valid UTF-8.
///
/// ```
/// assert_eq!(utfast::count_utf8("hé😀".as_bytes()), 3);
/// ```
#[inline]
pub fn count_utf8(src: &[u8]) -> usize {
    active().count_utf8(src)
}

/// Number of code points in valid native-endian UTF-16 (a surrogate pair counts once).
///
/// ```
/// let s: Vec<u16> = "hé😀".encode_utf16().collect();
/// assert_eq!(utfast::count_utf16(&s), 3);
/// ```
#[inline]
pub fn count_utf16(src: &[u16]) -> usize {
    active().count_utf16(bytemuck::cast_slice(src), Endian::NATIVE)
}

/// Number of code points in valid UTF-16LE bytes.
///
/// ```
/// assert_eq!(utfast::count_utf16le(b"h\x00\x3D\xD8\x00\xDE"), 2);
/// ```
#[inline]
pub fn count_utf16le(src: &[u8]) -> usize {
    active().count_utf16(src, Endian::Little)
}

/// Number of code points in valid UTF-16BE bytes.
///
/// ```
/// assert_eq!(utfast::count_utf16be(b"\x00h\xD8\x3D\xDE\x00"), 2);
/// ```
#[inline]
pub fn count_utf16be(src: &[u8]) -> usize {
    active().count_utf16(src, Endian::Big)
}

/// UTF-16 units needed for valid UTF-8 `src` (the exact output of `utf8_to_utf16`).
///
/// ```
/// assert_eq!(utfast::utf16_len_from_utf8("hé😀".as_bytes()), 4);
/// ```
#[inline]
pub fn utf16_len_from_utf8(src: &[u8]) -> usize {
    active().utf16_len_from_utf8(src)
}

/// UTF-32 units (code points) needed for valid UTF-8 `src`.
///
/// ```
/// assert_eq!(utfast::utf32_len_from_utf8("hé😀".as_bytes()), 3);
/// ```
#[inline]
pub fn utf32_len_from_utf8(src: &[u8]) -> usize {
    count_utf8(src)
}

/// Latin-1 bytes produced from valid UTF-8 `src` (one per code point).
///
/// ```
/// assert_eq!(utfast::latin1_len_from_utf8("hé".as_bytes()), 2);
/// ```
#[inline]
pub fn latin1_len_from_utf8(src: &[u8]) -> usize {
    count_utf8(src)
}

/// UTF-8 bytes needed for valid native-endian UTF-16 `src`.
///
/// ```
/// let s: Vec<u16> = "hé😀".encode_utf16().collect();
/// assert_eq!(utfast::utf8_len_from_utf16(&s), 7);
/// ```
#[inline]
pub fn utf8_len_from_utf16(src: &[u16]) -> usize {
    active().utf8_len_from_utf16(bytemuck::cast_slice(src), Endian::NATIVE)
}

/// UTF-8 bytes needed for valid UTF-16LE bytes `src`.
///
/// ```
/// assert_eq!(utfast::utf8_len_from_utf16le(b"h\x00\xE9\x00"), 3);
/// ```
#[inline]
pub fn utf8_len_from_utf16le(src: &[u8]) -> usize {
    active().utf8_len_from_utf16(src, Endian::Little)
}

/// UTF-8 bytes needed for valid UTF-16BE bytes `src`.
///
/// ```
/// assert_eq!(utfast::utf8_len_from_utf16be(b"\x00h\x00\xE9"), 3);
/// ```
#[inline]
pub fn utf8_len_from_utf16be(src: &[u8]) -> usize {
    active().utf8_len_from_utf16(src, Endian::Big)
}

/// UTF-32 units (code points) needed for valid native-endian UTF-16 `src`.
///
/// ```
/// let s: Vec<u16> = "h😀".encode_utf16().collect();
/// assert_eq!(utfast::utf32_len_from_utf16(&s), 2);
/// ```
#[inline]
pub fn utf32_len_from_utf16(src: &[u16]) -> usize {
    count_utf16(src)
}

/// Latin-1 bytes produced from valid native-endian UTF-16 `src` (one per code point).
///
/// ```
/// let s: Vec<u16> = "hé".encode_utf16().collect();
/// assert_eq!(utfast::latin1_len_from_utf16(&s), 2);
/// ```
#[inline]
pub fn latin1_len_from_utf16(src: &[u16]) -> usize {
    count_utf16(src)
}

/// UTF-8 bytes needed for valid native-endian UTF-32 `src`.
///
/// ```
/// assert_eq!(utfast::utf8_len_from_utf32(&[0x68, 0xE9, 0x1F600]), 7);
/// ```
#[inline]
pub fn utf8_len_from_utf32(src: &[u32]) -> usize {
    active().utf8_len_from_utf32(bytemuck::cast_slice(src), Endian::NATIVE)
}

/// UTF-8 bytes needed for valid UTF-32LE bytes `src`.
///
/// ```
/// assert_eq!(utfast::utf8_len_from_utf32le(b"\x00\xF6\x01\x00"), 4);
/// ```
#[inline]
pub fn utf8_len_from_utf32le(src: &[u8]) -> usize {
    active().utf8_len_from_utf32(src, Endian::Little)
}

/// UTF-8 bytes needed for valid UTF-32BE bytes `src`.
///
/// ```
/// assert_eq!(utfast::utf8_len_from_utf32be(b"\x00\x01\xF6\x00"), 4);
/// ```
#[inline]
pub fn utf8_len_from_utf32be(src: &[u8]) -> usize {
    active().utf8_len_from_utf32(src, Endian::Big)
}

/// UTF-16 units needed for valid native-endian UTF-32 `src`.
///
/// ```
/// assert_eq!(utfast::utf16_len_from_utf32(&[0x68, 0x1F600]), 3);
/// ```
#[inline]
pub fn utf16_len_from_utf32(src: &[u32]) -> usize {
    active().utf16_len_from_utf32(bytemuck::cast_slice(src), Endian::NATIVE)
}

/// Latin-1 bytes produced from valid UTF-32 `src`: one per unit.
///
/// ```
/// assert_eq!(utfast::latin1_len_from_utf32(&[0x68, 0xE9]), 2);
/// ```
#[inline]
pub fn latin1_len_from_utf32(src: &[u32]) -> usize {
    src.len()
}

/// UTF-8 bytes needed for Latin-1 `src` (1 below 0x80, else 2).
///
/// ```
/// assert_eq!(utfast::utf8_len_from_latin1(b"h\xE9"), 3);
/// ```
#[inline]
pub fn utf8_len_from_latin1(src: &[u8]) -> usize {
    active().utf8_len_from_latin1(src)
}

/// UTF-16 units needed for Latin-1 `src`: one per byte.
///
/// ```
/// assert_eq!(utfast::utf16_len_from_latin1(b"h\xE9"), 2);
/// ```
#[inline]
pub fn utf16_len_from_latin1(src: &[u8]) -> usize {
    src.len()
}

/// UTF-32 units needed for Latin-1 `src`: one per byte.
///
/// ```
/// assert_eq!(utfast::utf32_len_from_latin1(b"h\xE9"), 2);
/// ```
#[inline]
pub fn utf32_len_from_latin1(src: &[u8]) -> usize {
    src.len()
}

/// The exact output length in bytes of converting **valid** `src` from `from` to
/// `to`, with kernel `k` (the SIMD counters).
pub(crate) fn valid_output_len(
    k: &utfast_simd::Kernel,
    src: &[u8],
    from: Encoding,
    to: Encoding,
) -> usize {
    use Encoding::*;
    let fe = from.endian().unwrap_or(Endian::NATIVE);
    match (from, to) {
        // WTF-8, CESU-8, MUTF-8: the scalar counter (valid input: its lossy length is
        // the exact length).
        (Wtf8 | Cesu8 | Mutf8, _) | (_, Wtf8 | Cesu8 | Mutf8) => {
            utfast_scalar::transcode::lossy_output_len(src, from, to)
        }
        (Utf8, Utf8) => src.len(),
        (Utf8, Utf16Le | Utf16Be) => 2 * k.utf16_len_from_utf8(src),
        (Utf8, Utf32Le | Utf32Be) => 4 * k.count_utf8(src),
        (Utf8, Latin1) => k.count_utf8(src),
        (Utf16Le | Utf16Be, Utf8) => k.utf8_len_from_utf16(src, fe),
        (Utf16Le | Utf16Be, Utf16Le | Utf16Be) => src.len(),
        (Utf16Le | Utf16Be, Utf32Le | Utf32Be) => 4 * k.count_utf16(src, fe),
        (Utf16Le | Utf16Be, Latin1) => k.count_utf16(src, fe),
        (Utf32Le | Utf32Be, Utf8) => k.utf8_len_from_utf32(src, fe),
        (Utf32Le | Utf32Be, Utf16Le | Utf16Be) => 2 * k.utf16_len_from_utf32(src, fe),
        (Utf32Le | Utf32Be, Utf32Le | Utf32Be) => src.len(),
        (Utf32Le | Utf32Be, Latin1) => src.len() / 4,
        (Latin1, Utf8) => k.utf8_len_from_latin1(src),
        (Latin1, Utf16Le | Utf16Be) => 2 * src.len(),
        (Latin1, Utf32Le | Utf32Be) => 4 * src.len(),
        (Latin1, Latin1) => src.len(),
        // Code pages: one byte per character, every character in the BMP (an
        // undefined byte, lossy: U+FFFD).
        _ if CodePage::of(from).is_some() || CodePage::of(to).is_some() => {
            match (CodePage::of(from), to) {
                (Some(cp), Utf8) => utfast_scalar::codepage::utf8_len_from_codepage(src, cp),
                (Some(_), Utf16Le | Utf16Be) => 2 * src.len(),
                (Some(_), Utf32Le | Utf32Be) => 4 * src.len(),
                (Some(_), _) => src.len(),
                (None, _) => match from {
                    Utf8 => k.count_utf8(src),
                    Utf16Le | Utf16Be => k.count_utf16(src, fe),
                    Utf32Le | Utf32Be => src.len() / 4,
                    _ => src.len(),
                },
            }
        }
        // non_exhaustive: an encoding added to utfast-scalar (valid input: its lossy
        // length is the exact length).
        _ => utfast_scalar::transcode::lossy_output_len(src, from, to),
    }
}

/// `Err(valid_up_to)` (bytes) for the first ill-formed sequence of `src`, checked
/// with kernel `k`.
pub(crate) fn first_error(
    k: &utfast_simd::Kernel,
    src: &[u8],
    from: Encoding,
) -> Result<(), usize> {
    let e = from.endian().unwrap_or(Endian::NATIVE);
    match from {
        Encoding::Utf8 => k.validate_utf8(src).map_err(|e| e.valid_up_to()),
        Encoding::Utf16Le | Encoding::Utf16Be => {
            k.validate_utf16(src, e).map_err(|e| e.valid_up_to())
        }
        Encoding::Utf32Le | Encoding::Utf32Be => {
            k.validate_utf32(src, e).map_err(|e| e.valid_up_to())
        }
        // WTF-8, CESU-8, MUTF-8
        Encoding::Wtf8 => k.validate_wtf8(src).map_err(|e| e.valid_up_to()),
        Encoding::Cesu8 => k.validate_cesu8(src).map_err(|e| e.valid_up_to()),
        Encoding::Mutf8 => k.validate_mutf8(src).map_err(|e| e.valid_up_to()),
        // Every byte is a character in Latin-1 and most code pages.
        Encoding::Latin1 => Ok(()),
        e if CodePage::of(e).is_some() => {
            match CodePage::of(e).and_then(|cp| cp.first_undefined(src)) {
                Some(at) => Err(at),
                None => Ok(()),
            }
        }
        // non_exhaustive: an encoding added to utfast-scalar.
        _ => crate::validate::validate_with_scalar(src, from).map_err(|(at, _)| at),
    }
}

/// Bytes after an error that the scalar counter takes before the kernel resumes.
const AFTER_ERROR: usize = 64;

/// The exact length in bytes of the lossy conversion of `src` from `from` to `to`
/// (what [`transcode`](crate::transcode) writes in [`Mode::Lossy`](crate::Mode::Lossy)),
/// for **any** input: allocate this much and convert once.
///
/// Fast on valid text: the active kernel validates and counts. After each error the
/// scalar counter takes over for a few bytes, up to a [`piece_boundary`](crate::piece_boundary),
/// and the kernel resumes there; the sum is the same as one scalar count (see
/// `utfast_scalar::transcode::lossy_output_len`, the reference).
///
/// ```
/// use utfast::Encoding;
/// let src = b"ab\xF0\x9F\x98c\xFF"; // two maximal subparts
/// let n = utfast::lossy_output_len(src, Encoding::Utf8, Encoding::Utf16Be);
/// assert_eq!(n, 2 * (2 + 1 + 1 + 1));
/// let mut dst = vec![0u8; n];
/// let written = utfast::transcode(src, &mut dst, Encoding::Utf8, Encoding::Utf16Be, utfast::Mode::Lossy)?;
/// assert_eq!(written, n);
/// # Ok::<(), utfast::TranscodeError>(())
/// ```
pub fn lossy_output_len(src: &[u8], from: Encoding, to: Encoding) -> usize {
    lossy_output_len_with(active(), src, from, to)
}

/// [`lossy_output_len`] with kernel `k`.
pub(crate) fn lossy_output_len_with(
    k: &utfast_simd::Kernel,
    src: &[u8],
    from: Encoding,
    to: Encoding,
) -> usize {
    let mut total = 0usize;
    let mut pos = 0;
    while pos < src.len() {
        let rest = &src[pos..];
        match first_error(k, rest, from) {
            Ok(()) => return total + valid_output_len(k, rest, from, to),
            Err(valid) => {
                total += valid_output_len(k, &rest[..valid], from, to);
                // The error starts a piece; the scalar counter takes it and what
                // follows up to a boundary where the kernel can resume.
                let start = pos + valid;
                let end = match start.checked_add(AFTER_ERROR) {
                    Some(at) if at < src.len() => crate::piece_boundary(from, src, at),
                    _ => src.len(),
                };
                total += utfast_scalar::transcode::lossy_output_len(&src[start..end], from, to);
                pos = end;
            }
        }
    }
    total
}

/// Defines the native-unit exact lossy length of one direction.
macro_rules! lossy_len {
    ($name:ident: [$S:ty] -> $to:ident in $unit:literal, $from:ident, $ex:literal => $want:literal, $what:literal) => {
        #[doc = concat!("The exact number of ", $unit, " that the lossy conversion of ", $what, " writes, for any input (each replacement included): allocate this much and convert once. Valid input is counted by the active kernel.")]
        #[doc = ""]
        #[doc = concat!("```\nlet src = ", $ex, ";\nassert_eq!(utfast::", stringify!($name), "(&src), ", $want, ");\n```")]
        pub fn $name(src: &[$S]) -> usize {
            let from = native_encoding!($from);
            let to = native_encoding!($to);
            lossy_output_len(bytemuck::cast_slice(src), from, to) / to.unit_size()
        }
    };
}

lossy_len!(utf8_len_from_utf8_lossy: [u8] -> utf8 in "UTF-8 bytes", utf8, r#"*b"a\xE2\x82\xFFb""# => 8, "UTF-8 (`String::from_utf8_lossy`)");
lossy_len!(utf16_len_from_utf8_lossy: [u8] -> utf16 in "UTF-16 units", utf8, r#"*b"a\xE2\x82\xFF\xF0\x9F\x98\x80""# => 5, "UTF-8 to UTF-16");
lossy_len!(utf32_len_from_utf8_lossy: [u8] -> utf32 in "UTF-32 units", utf8, r#"*b"a\xE2\x82\xFF\xF0\x9F\x98\x80""# => 4, "UTF-8 to UTF-32");
lossy_len!(latin1_len_from_utf8_lossy: [u8] -> latin1 in "Latin-1 bytes", utf8, r#"*b"a\xE2\x82\xFF\xF0\x9F\x98\x80""# => 4, "UTF-8 to Latin-1 (`?` for characters above U+00FF)");
lossy_len!(utf8_len_from_utf16_lossy: [u16] -> utf8 in "UTF-8 bytes", utf16, "[0x61u16, 0xD800, 0x20AC]" => 7, "native-endian UTF-16 to UTF-8");
lossy_len!(utf32_len_from_utf16_lossy: [u16] -> utf32 in "UTF-32 units", utf16, "[0x61u16, 0xD800, 0xD83D, 0xDE00]" => 3, "native-endian UTF-16 to UTF-32");
lossy_len!(latin1_len_from_utf16_lossy: [u16] -> latin1 in "Latin-1 bytes", utf16, "[0x61u16, 0xDC00, 0x20AC]" => 3, "native-endian UTF-16 to Latin-1");
lossy_len!(utf8_len_from_utf32_lossy: [u32] -> utf8 in "UTF-8 bytes", utf32, "[0x61u32, 0x110000, 0x1F600]" => 8, "native-endian UTF-32 to UTF-8");
lossy_len!(utf16_len_from_utf32_lossy: [u32] -> utf16 in "UTF-16 units", utf32, "[0x61u32, 0xD800, 0x1F600]" => 4, "native-endian UTF-32 to UTF-16");
lossy_len!(latin1_len_from_utf32_lossy: [u32] -> latin1 in "Latin-1 bytes", utf32, "[0x61u32, 0xD800, 0x1F600]" => 3, "native-endian UTF-32 to Latin-1");

//! Output lengths: exact ones for valid input (`*_len_from_*`, `count_*`) and
//! worst-case bounds for any input (`*_len_max_from_*`, `const fn`).
//!
//! Exact lengths assume valid input; on invalid input the result is unspecified
//! (but they never panic). Native-unit functions count units of the output form.

use crate::kernel::active;
use utfast_scalar::transcode::max_output_len;
use utfast_scalar::{Encoding, Endian};

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

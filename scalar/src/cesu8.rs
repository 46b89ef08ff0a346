//! CESU-8 and Java's Modified UTF-8 (MUTF-8): validation, decoding and encoding.
//!
//! The rules, error kinds and positions are in the [`crate::wtf8`] module
//! documentation (the three encodings share one decoder). In short: CESU-8 is UTF-8
//! where a supplementary character is its UTF-16 surrogate pair, each surrogate a
//! three-byte sequence (`F0..F4` never occur, a surrogate outside a lead+trail pair
//! is an error); Modified UTF-8 is CESU-8 where U+0000 is `C0 80` and a `00` byte is
//! an error. Encoding to them cannot fail except for an input error or a full `dst`.

use crate::error::{ErrorKind, TranscodeError, Utf8Error};
use crate::transcode::decode::decode_utf16;
use crate::transcode::sink::{Be, Le, Sink, Utf16Sink, Utf8Sink};
use crate::types::{Endian, Mode};
use crate::wtf8::{decode, validate, Flavor};

/// CESU-8 validation (positions and error lengths as [`Utf8Error`]).
///
/// ```
/// use utfast_scalar::{cesu8::validate_cesu8, ErrorKind};
/// assert!(validate_cesu8(b"\xED\xA0\xBD\xED\xB8\x80").is_ok()); // U+1F600
/// let e = validate_cesu8("😀".as_bytes()).unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (0, ErrorKind::InvalidLeadByte));
/// let e = validate_cesu8(b"a\xED\xA0\xBD").unwrap_err(); // the trail may still come
/// assert_eq!((e.valid_up_to(), e.error_len()), (1, None));
/// ```
pub fn validate_cesu8(src: &[u8]) -> Result<(), Utf8Error> {
    validate(src, Flavor::Cesu8)
}

/// Modified UTF-8 validation (positions and error lengths as [`Utf8Error`]).
///
/// ```
/// use utfast_scalar::{cesu8::validate_mutf8, ErrorKind};
/// assert!(validate_mutf8(b"a\xC0\x80b").is_ok()); // U+0000
/// let e = validate_mutf8(b"a\x00").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (1, ErrorKind::InvalidLeadByte));
/// ```
pub fn validate_mutf8(src: &[u8]) -> Result<(), Utf8Error> {
    validate(src, Flavor::Mutf8)
}

/// The flavor of CESU-8 (`mutf8 == false`) or MUTF-8.
const fn flavor(mutf8: bool) -> Flavor {
    if mutf8 {
        Flavor::Mutf8
    } else {
        Flavor::Cesu8
    }
}

/// CESU-8 (`mutf8 == false`) or MUTF-8 -> UTF-16 in byte order `to`. Returns the
/// bytes written. Buffer size: 2 bytes per input byte.
///
/// ```
/// use utfast_scalar::{cesu8::cesu8_to_utf16, Endian, Mode};
/// let mut dst = [0u8; 4];
/// let n = cesu8_to_utf16(b"\xED\xA0\xBD\xED\xB8\x80", &mut dst, Endian::Big, Mode::Strict, false);
/// assert_eq!((n, dst), (Ok(4), [0xD8, 0x3D, 0xDE, 0x00]));
/// ```
pub fn cesu8_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    to: Endian,
    mode: Mode,
    mutf8: bool,
) -> Result<usize, TranscodeError> {
    let f = flavor(mutf8);
    match to {
        Endian::Little => decode(src, &mut Utf16Sink::<Le>::new(dst), mode, f),
        Endian::Big => decode(src, &mut Utf16Sink::<Be>::new(dst), mode, f),
    }
}

/// CESU-8 (`mutf8 == false`) or MUTF-8 -> UTF-8. Returns the bytes written. Buffer
/// size: 3 bytes per input byte (lossy); `src.len()` for valid input.
///
/// ```
/// use utfast_scalar::{cesu8::cesu8_to_utf8, Mode};
/// let mut dst = [0u8; 8];
/// assert_eq!(cesu8_to_utf8(b"\xC0\x80\xED\xA0\xBD\xED\xB8\x80", &mut dst, Mode::Strict, true), Ok(5));
/// assert_eq!(&dst[..5], "\0😀".as_bytes());
/// ```
pub fn cesu8_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
    mutf8: bool,
) -> Result<usize, TranscodeError> {
    decode(src, &mut Utf8Sink::new(dst), mode, flavor(mutf8))
}

/// UTF-16 (byte order `from`) -> CESU-8 (`mutf8 == false`) or MUTF-8. Input errors
/// as [`crate::transcode::utf16_to_utf8`]. Returns the bytes written. Buffer size: 3
/// bytes per unit, plus 3 for an odd final byte.
///
/// ```
/// use utfast_scalar::{cesu8::utf16_to_cesu8, Endian, Mode};
/// let mut dst = [0u8; 8];
/// let n = utf16_to_cesu8(&[0x00, 0x00, 0x3D, 0xD8, 0x00, 0xDE], &mut dst, Endian::Little, Mode::Strict, true);
/// assert_eq!(n, Ok(8));
/// assert_eq!(&dst[..8], b"\xC0\x80\xED\xA0\xBD\xED\xB8\x80");
/// ```
pub fn utf16_to_cesu8(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    mode: Mode,
    mutf8: bool,
) -> Result<usize, TranscodeError> {
    let mut sink = Cesu8Sink::new(dst, mutf8);
    match from {
        Endian::Little => decode_utf16::<Le, _>(src, &mut sink, mode),
        Endian::Big => decode_utf16::<Be, _>(src, &mut sink, mode),
    }
}

/// UTF-8 -> CESU-8 (`mutf8 == false`) or MUTF-8. Input errors as
/// [`crate::transcode::utf8_to_utf16`]. Returns the bytes written. Buffer size: 3
/// bytes per input byte (lossy); 1.5 per byte for valid input (`00` -> `C0 80`,
/// 4-byte sequences -> 6 bytes).
///
/// ```
/// use utfast_scalar::{cesu8::utf8_to_cesu8, Mode};
/// let mut dst = [0u8; 8];
/// assert_eq!(utf8_to_cesu8("😀".as_bytes(), &mut dst, Mode::Strict, false), Ok(6));
/// assert_eq!(&dst[..6], b"\xED\xA0\xBD\xED\xB8\x80");
/// ```
pub fn utf8_to_cesu8(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
    mutf8: bool,
) -> Result<usize, TranscodeError> {
    crate::transcode::from_utf8::decode_utf8(src, &mut Cesu8Sink::new(dst, mutf8), mode)
}

/// Writes CESU-8, or MUTF-8 (`C0 80` for U+0000).
pub(crate) struct Cesu8Sink<'a> {
    inner: Utf8Sink<'a>,
    mutf8: bool,
}

impl<'a> Cesu8Sink<'a> {
    pub(crate) fn new(dst: &'a mut [u8], mutf8: bool) -> Self {
        Cesu8Sink {
            inner: Utf8Sink::new(dst),
            mutf8,
        }
    }
}

impl Sink for Cesu8Sink<'_> {
    #[inline(always)]
    fn written(&self) -> usize {
        self.inner.written()
    }
    #[inline(always)]
    fn push(&mut self, cp: u32) -> Result<(), ErrorKind> {
        if cp == 0 && self.mutf8 {
            return self.inner.push_raw(&[0xC0, 0x80]);
        }
        if cp < 0x10000 {
            return self.inner.push(cp);
        }
        // Trusted-valid garbage above U+10FFFF keeps its low 20 bits of payload.
        let v = (cp - 0x10000) & 0xF_FFFF;
        let hi = 0xD800 | (v >> 10);
        let lo = 0xDC00 | (v & 0x3FF);
        let s = |u: u32| {
            [
                0xED,
                0x80 | ((u >> 6) & 0x3F) as u8,
                0x80 | (u & 0x3F) as u8,
            ]
        };
        let (a, b) = (s(hi), s(lo));
        self.inner.push_raw(&[a[0], a[1], a[2], b[0], b[1], b[2]])
    }
    #[inline(always)]
    fn push_ascii(&mut self, ascii: &[u8]) -> bool {
        if self.mutf8 && ascii.contains(&0) {
            return false;
        }
        self.inner.push_ascii(ascii)
    }
}

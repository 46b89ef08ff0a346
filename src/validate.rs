//! Validation: UTF-8 (with the exact `core::str::Utf8Error`), UTF-16, UTF-32, ASCII,
//! and encoding detection.

use crate::kernel::active;
use crate::unchecked::{str_from_validated, str_from_validated_mut};
use core::fmt;
use utfast_scalar::{Encoding, EncodingSet, Endian, ErrorKind, Utf16Error, Utf32Error, Utf8Error};

use utfast_simd::SHORT_INPUT as SHORT;

/// Validates `src` as UTF-8.
///
/// Errors: [`Utf8Error`] with exactly the `valid_up_to()` and `error_len()` that
/// [`core::str::from_utf8`] reports, plus the [`ErrorKind`](crate::ErrorKind).
///
/// ```
/// use utfast::ErrorKind;
/// assert!(utfast::validate_utf8("Grüße 😀".as_bytes()).is_ok());
/// let e = utfast::validate_utf8(b"ab\xED\xA0\x80").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len(), e.kind()), (2, Some(1), ErrorKind::Surrogate));
/// let e = utfast::validate_utf8(b"ab\xE2\x82").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (2, None)); // incomplete at the end
/// ```
#[inline]
pub fn validate_utf8(src: &[u8]) -> Result<(), Utf8Error> {
    if src.len() < SHORT {
        utfast_scalar::utf8::validate_utf8(src)
    } else {
        active().validate_utf8(src)
    }
}

/// Validates `src` as UTF-8 and returns it as `&str`: a drop-in replacement for
/// [`core::str::from_utf8`] (same error positions), using the SIMD kernel.
///
/// ```
/// assert_eq!(utfast::from_utf8(b"caf\xC3\xA9"), Ok("café"));
/// let e = utfast::from_utf8(b"caf\xC3").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (3, None));
/// ```
#[inline]
pub fn from_utf8(src: &[u8]) -> Result<&str, Utf8Error> {
    validate_utf8(src)?;
    Ok(str_from_validated(src))
}

/// Mutable version of [`from_utf8`] (drop-in for [`core::str::from_utf8_mut`]).
///
/// ```
/// let mut buf = *b"hello";
/// let s = utfast::from_utf8_mut(&mut buf).unwrap();
/// s.make_ascii_uppercase();
/// assert_eq!(&buf, b"HELLO");
/// assert!(utfast::from_utf8_mut(&mut [0xC0, 0x80]).is_err());
/// ```
#[inline]
pub fn from_utf8_mut(src: &mut [u8]) -> Result<&mut str, Utf8Error> {
    validate_utf8(src)?;
    Ok(str_from_validated_mut(src))
}

/// Whether `src` is valid UTF-8: the fastest check, without an error position.
///
/// ```
/// assert!(utfast::is_utf8("日本語".as_bytes()));
/// assert!(!utfast::is_utf8(b"\xC0\xAF")); // overlong '/'
/// ```
#[inline]
pub fn is_utf8(src: &[u8]) -> bool {
    if src.len() < SHORT {
        utfast_scalar::utf8::is_utf8(src)
    } else {
        active().is_utf8(src)
    }
}

/// Whether every byte of `src` is ASCII (below 0x80).
///
/// ```
/// assert!(utfast::is_ascii(b"plain text"));
/// assert!(!utfast::is_ascii("é".as_bytes()));
/// ```
#[inline]
pub fn is_ascii(src: &[u8]) -> bool {
    if src.len() < SHORT {
        src.is_ascii()
    } else {
        active().is_ascii(src)
    }
}

/// Validates native-endian UTF-16 units. Errors: [`Utf16Error`] with
/// `valid_up_to()` in **units** and the kind (unpaired high or low surrogate).
///
/// ```
/// use utfast::ErrorKind;
/// let ok: Vec<u16> = "a😀".encode_utf16().collect();
/// assert!(utfast::validate_utf16(&ok).is_ok());
/// let e = utfast::validate_utf16(&[0x61, 0xD83D, 0x62]).unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (1, ErrorKind::UnpairedHighSurrogate));
/// ```
pub fn validate_utf16(src: &[u16]) -> Result<(), Utf16Error> {
    active()
        .validate_utf16(bytemuck::cast_slice(src), Endian::NATIVE)
        .map_err(|e| Utf16Error::new(e.valid_up_to() / 2, e.kind()))
}

/// Validates native-endian UTF-32 units. Errors: [`Utf32Error`] with
/// `valid_up_to()` in **units** and the kind (surrogate or above U+10FFFF).
///
/// ```
/// use utfast::ErrorKind;
/// assert!(utfast::validate_utf32(&[0x61, 0x1F600]).is_ok());
/// let e = utfast::validate_utf32(&[0x61, 0xDFFF]).unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (1, ErrorKind::Surrogate));
/// ```
pub fn validate_utf32(src: &[u32]) -> Result<(), Utf32Error> {
    active()
        .validate_utf32(bytemuck::cast_slice(src), Endian::NATIVE)
        .map_err(|e| Utf32Error::new(e.valid_up_to() / 4, e.kind()))
}

/// Validates UTF-16LE bytes. Errors: [`Utf16Error`] with `valid_up_to()` in
/// **bytes**; an odd length is [`ErrorKind::TruncatedUnit`](crate::ErrorKind::TruncatedUnit).
///
/// ```
/// use utfast::ErrorKind;
/// assert!(utfast::validate_utf16le(b"h\x00i\x00").is_ok());
/// let e = utfast::validate_utf16le(b"h\x00\x00\xDC").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (2, ErrorKind::UnpairedLowSurrogate));
/// assert_eq!(utfast::validate_utf16le(b"h\x00i").unwrap_err().kind(), ErrorKind::TruncatedUnit);
/// ```
pub fn validate_utf16le(src: &[u8]) -> Result<(), Utf16Error> {
    active().validate_utf16(src, Endian::Little)
}

/// Validates UTF-16BE bytes; positions in **bytes** (see [`validate_utf16le`]).
///
/// ```
/// assert!(utfast::validate_utf16be(b"\x00h\xD8\x3D\xDE\x00").is_ok());
/// assert_eq!(utfast::validate_utf16be(b"\x00h\xD8\x3D").unwrap_err().valid_up_to(), 2);
/// ```
pub fn validate_utf16be(src: &[u8]) -> Result<(), Utf16Error> {
    active().validate_utf16(src, Endian::Big)
}

/// Validates UTF-32LE bytes. Errors: [`Utf32Error`] with `valid_up_to()` in
/// **bytes**; a length that is not a multiple of 4 is `TruncatedUnit`.
///
/// ```
/// use utfast::ErrorKind;
/// assert!(utfast::validate_utf32le(b"h\x00\x00\x00").is_ok());
/// let e = utfast::validate_utf32le(b"h\x00\x00\x00\x00\x00\x11\x00").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.kind()), (4, ErrorKind::TooLarge));
/// ```
pub fn validate_utf32le(src: &[u8]) -> Result<(), Utf32Error> {
    active().validate_utf32(src, Endian::Little)
}

/// Validates UTF-32BE bytes; positions in **bytes** (see [`validate_utf32le`]).
///
/// ```
/// use utfast::ErrorKind;
/// assert!(utfast::validate_utf32be(b"\x00\x01\xF6\x00").is_ok());
/// assert_eq!(utfast::validate_utf32be(b"\x00\x00").unwrap_err().kind(), ErrorKind::TruncatedUnit);
/// ```
pub fn validate_utf32be(src: &[u8]) -> Result<(), Utf32Error> {
    active().validate_utf32(src, Endian::Big)
}

/// Validates `src` in any [`Encoding`]. Errors: a [`DecodeError`] with the kind of
/// the first error and its position in **bytes** (`offset`), as every other
/// validator reports. Latin-1 and the Cyrillic code pages are always valid (every
/// byte is a character).
///
/// ```
/// use utfast::{Encoding, ErrorKind};
/// assert!(utfast::validate(b"\xFF\xFE", Encoding::Utf16Le).is_ok());
/// let e = utfast::validate(b"ab\xFF", Encoding::Utf8).unwrap_err();
/// assert_eq!((e.offset, e.kind, e.encoding), (2, ErrorKind::InvalidLeadByte, Encoding::Utf8));
/// let e = utfast::validate(b"\xDC\x00", Encoding::Utf16Be).unwrap_err();
/// assert_eq!((e.offset, e.kind), (0, ErrorKind::UnpairedLowSurrogate));
/// assert!(utfast::validate(b"ab\xFF", Encoding::Latin1).is_ok());
/// ```
pub fn validate(src: &[u8], encoding: Encoding) -> Result<(), DecodeError> {
    let k = active();
    let endian = encoding.endian().unwrap_or(Endian::NATIVE);
    let (valid_up_to, kind) = match encoding {
        Encoding::Utf8 => match validate_utf8(src) {
            Ok(()) => return Ok(()),
            Err(e) => (e.valid_up_to(), e.kind()),
        },
        Encoding::Utf16Le | Encoding::Utf16Be => match k.validate_utf16(src, endian) {
            Ok(()) => return Ok(()),
            Err(e) => (e.valid_up_to(), e.kind()),
        },
        Encoding::Utf32Le | Encoding::Utf32Be => match k.validate_utf32(src, endian) {
            Ok(()) => return Ok(()),
            Err(e) => (e.valid_up_to(), e.kind()),
        },
        Encoding::Latin1 => return Ok(()),
        // Code pages: every byte is a character but the undefined ones of a few.
        e if utfast_scalar::CodePage::of(e).is_some() => {
            match utfast_scalar::CodePage::of(e).and_then(|cp| cp.first_undefined(src)) {
                Some(at) => (at, ErrorKind::UndefinedByte),
                None => return Ok(()),
            }
        }
        // WTF-8, CESU-8, MUTF-8
        Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => {
            let r = match encoding {
                Encoding::Wtf8 => k.validate_wtf8(src),
                Encoding::Cesu8 => k.validate_cesu8(src),
                _ => k.validate_mutf8(src),
            };
            match r {
                Ok(()) => return Ok(()),
                Err(e) => (e.valid_up_to(), e.kind()),
            }
        }
        // non_exhaustive: an encoding added to utfast-scalar.
        _ => match validate_with_scalar(src, encoding) {
            Ok(()) => return Ok(()),
            Err(e) => e,
        },
    };
    Err(DecodeError {
        offset: valid_up_to as u64,
        kind,
        encoding,
    })
}

/// Validates `src` in any encoding with the scalar reference (a strict conversion to
/// UTF-32 in steps of a small stack buffer): `Err((valid_up_to, kind))`. For an
/// encoding the kernels do not know yet (`Encoding` is `#[non_exhaustive]`).
pub(crate) fn validate_with_scalar(
    src: &[u8],
    encoding: Encoding,
) -> Result<(), (usize, ErrorKind)> {
    let mut buf = [0u8; 1024];
    let mut pos = 0;
    loop {
        let r = utfast_scalar::transcode::transcode(
            &src[pos..],
            &mut buf,
            encoding,
            Encoding::Utf32Le,
            utfast_scalar::Mode::Strict,
        );
        match r {
            Ok(_) => return Ok(()),
            Err(e) if e.kind() == ErrorKind::OutputTooSmall && e.valid_up_to() > 0 => {
                pos += e.valid_up_to();
            }
            Err(e) => return Err((pos + e.valid_up_to(), e.kind())),
        }
    }
}

/// Ill-formed input in some [`Encoding`], found by [`validate`] or by a streaming
/// adapter ([`io`](crate::io), `async_io`): where, what, and in which encoding.
///
/// ```
/// let e = utfast::validate(b"ok\xC0", utfast::Encoding::Utf8).unwrap_err();
/// assert_eq!(e.to_string(), "invalid UTF-8 at byte 2: invalid byte");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DecodeError {
    /// Byte offset of the error from the start of the input (of the stream, for the
    /// streaming adapters): the length of the valid prefix.
    pub offset: u64,
    /// What is wrong.
    pub kind: ErrorKind,
    /// The encoding of the input.
    pub encoding: Encoding,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if matches!(self.kind, ErrorKind::NotLatin1 | ErrorKind::NotInCodePage) {
            write!(
                f,
                "{} input at byte {} cannot be converted: {}",
                self.encoding, self.offset, self.kind
            )
        } else {
            write!(
                f,
                "invalid {} at byte {}: {}",
                self.encoding, self.offset, self.kind
            )
        }
    }
}

impl core::error::Error for DecodeError {}

/// The set of encodings in which `src` is valid text (Latin-1 always is), checked
/// with the active kernel. A BOM is neither required nor interpreted; see
/// [`detect_bom`](crate::detect_bom) for that. The Cyrillic code pages, which
/// accept every byte too, are not listed (as in
/// [`utfast_scalar::encoding::detect_encodings`]).
///
/// ```
/// use utfast::Encoding;
/// let s = utfast::detect_encodings("é".as_bytes());
/// assert!(s.contains(Encoding::Utf8) && s.contains(Encoding::Utf16Le));
/// assert!(!s.contains(Encoding::Utf32Le));
/// let s = utfast::detect_encodings(b"\xFF\xFF\xFF");
/// assert_eq!(s.iter().collect::<Vec<_>>(), [Encoding::Latin1]);
/// ```
pub fn detect_encodings(src: &[u8]) -> EncodingSet {
    let mut set = EncodingSet::EMPTY;
    for e in Encoding::ALL {
        // Cyrillic code pages: told apart only by a detector, not listed; WTF-8,
        // CESU-8, MUTF-8 are not guessed (most UTF-8 is valid in them too).
        if utfast_scalar::CodePage::of(e).is_some()
            || matches!(e, Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8)
        {
            continue;
        }
        if validate(src, e).is_ok() {
            set.insert(e);
        }
    }
    set
}

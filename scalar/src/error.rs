//! Error types shared by every kernel.
//!
//! Positions are counted in *units of the input slice's element type*: bytes for
//! `&[u8]` input (UTF-8, Latin-1, and the byte-oriented UTF-16LE/BE and UTF-32LE/BE
//! functions), `u16` units for native `&[u16]` input and `u32` units for `&[u32]` input.
//! The kernel layer always works on bytes; the facade divides for native-unit APIs.

use core::fmt;

/// Why an input was rejected (or why a transcoding stopped).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// UTF-8: a byte that can never start a sequence (`C0`, `C1`, `F5..=FF`).
    InvalidLeadByte,
    /// UTF-8: a continuation byte (`80..=BF`) where a lead byte was expected.
    UnexpectedContinuation,
    /// UTF-8: a lead byte not followed by enough continuation bytes (also when the
    /// input ends inside a sequence; then `Utf8Error::error_len()` is `None`).
    TooShort,
    /// UTF-8: an overlong form (`E0 80..9F`, `F0 80..8F`).
    Overlong,
    /// A surrogate code point: UTF-8 `ED A0..BF`, or a UTF-32 unit in `D800..=DFFF`.
    Surrogate,
    /// A value above U+10FFFF: UTF-8 `F4 90..BF`, or a UTF-32 unit above `10FFFF`.
    TooLarge,
    /// UTF-16: a high surrogate (`D800..=DBFF`) not followed by a low surrogate.
    UnpairedHighSurrogate,
    /// UTF-16: a low surrogate (`DC00..=DFFF`) not preceded by a high surrogate.
    UnpairedLowSurrogate,
    /// Byte-oriented UTF-16/UTF-32 input whose length is not a multiple of the unit size.
    TruncatedUnit,
    /// Transcoding to Latin-1: a character above U+00FF (strict mode only).
    NotLatin1,
    /// The output buffer is too small for the converted text.
    OutputTooSmall,
    // Cyrillic code pages
    /// Transcoding to a Cyrillic code page (KOI8-R, windows-1251, IBM866): a
    /// character the code page lacks (strict mode only).
    NotInCodePage,
}

impl ErrorKind {
    /// A short human-readable description, e.g. `"unpaired surrogate"`.
    ///
    /// ```
    /// use utfast_scalar::ErrorKind;
    /// assert_eq!(ErrorKind::Overlong.description(), "overlong encoding");
    /// ```
    pub const fn description(self) -> &'static str {
        match self {
            ErrorKind::InvalidLeadByte => "invalid byte",
            ErrorKind::UnexpectedContinuation => "unexpected continuation byte",
            ErrorKind::TooShort => "missing continuation byte",
            ErrorKind::Overlong => "overlong encoding",
            ErrorKind::Surrogate => "surrogate code point",
            ErrorKind::TooLarge => "code point above U+10FFFF",
            ErrorKind::UnpairedHighSurrogate => "unpaired high surrogate",
            ErrorKind::UnpairedLowSurrogate => "unpaired low surrogate",
            ErrorKind::TruncatedUnit => "truncated code unit",
            ErrorKind::NotLatin1 => "character not representable in Latin-1",
            ErrorKind::OutputTooSmall => "output buffer too small",
            ErrorKind::NotInCodePage => "character not representable in the target code page",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// A UTF-8 validation error with exactly the semantics of `core::str::Utf8Error`.
///
/// ```
/// let e = utfast_scalar::utf8::validate_utf8(b"ab\xE2\x82").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (2, None));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Utf8Error {
    valid_up_to: usize,
    error_len: Option<u8>,
    kind: ErrorKind,
}

impl Utf8Error {
    /// Builds an error. `error_len` is `None` for an incomplete sequence at the end.
    pub const fn new(valid_up_to: usize, error_len: Option<u8>, kind: ErrorKind) -> Self {
        Utf8Error {
            valid_up_to,
            error_len,
            kind,
        }
    }
    /// Length of the longest valid prefix, in bytes.
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }
    /// Length of the invalid maximal subpart (1..=3), or `None` if the input ended
    /// inside a sequence that could still be completed.
    pub const fn error_len(&self) -> Option<usize> {
        match self.error_len {
            Some(n) => Some(n as usize),
            None => None,
        }
    }
    /// What is wrong with the bytes at `valid_up_to()`.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }
}

impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Same wording as core::str::Utf8Error.
        match self.error_len {
            Some(n) => write!(
                f,
                "invalid utf-8 sequence of {} bytes from index {}",
                n, self.valid_up_to
            ),
            None => write!(
                f,
                "incomplete utf-8 byte sequence from index {}",
                self.valid_up_to
            ),
        }
    }
}

/// A UTF-16 validation error.
///
/// ```
/// let e = utfast_scalar::utf16::validate_utf16(&[0x61, 0xD800]).unwrap_err();
/// assert_eq!(e.valid_up_to(), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Utf16Error {
    valid_up_to: usize,
    kind: ErrorKind,
}

impl Utf16Error {
    /// Builds an error.
    pub const fn new(valid_up_to: usize, kind: ErrorKind) -> Self {
        Utf16Error { valid_up_to, kind }
    }
    /// Length of the longest valid prefix, in input units (bytes for byte input).
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }
    /// The error kind: unpaired high/low surrogate or truncated unit.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }
}

impl fmt::Display for Utf16Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid UTF-16 at unit {}: {}",
            self.valid_up_to, self.kind
        )
    }
}

/// A UTF-32 validation error.
///
/// ```
/// let e = utfast_scalar::utf32::validate_utf32(&[0x61, 0x110000]).unwrap_err();
/// assert_eq!(e.valid_up_to(), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Utf32Error {
    valid_up_to: usize,
    kind: ErrorKind,
}

impl Utf32Error {
    /// Builds an error.
    pub const fn new(valid_up_to: usize, kind: ErrorKind) -> Self {
        Utf32Error { valid_up_to, kind }
    }
    /// Length of the longest valid prefix, in input units (bytes for byte input).
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }
    /// The error kind: surrogate, too large or truncated unit.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }
}

impl fmt::Display for Utf32Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid UTF-32 at unit {}: {}",
            self.valid_up_to, self.kind
        )
    }
}

/// A transcoding error: invalid input, or an output buffer that is too small.
///
/// Contract shared by every transcoder and kernel: the input is processed character
/// by character in order and the first event wins. On error, `dst[..written()]`
/// holds the conversion of `src[..valid_up_to()]` (for `OutputTooSmall`,
/// `valid_up_to()` is the longest prefix ending on a character boundary whose
/// conversion fit), and nothing was written past the end of `dst`.
///
/// ```
/// use utfast_scalar::ErrorKind;
/// let mut dst = [0u8; 2];
/// let e = utfast_scalar::transcode::utf8_to_latin1(b"ab\xC3\xA9", &mut dst, utfast_scalar::Mode::Strict)
///     .unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to(), e.written()), (ErrorKind::OutputTooSmall, 2, 2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TranscodeError {
    kind: ErrorKind,
    valid_up_to: usize,
    written: usize,
}

impl TranscodeError {
    /// Builds an error.
    pub const fn new(kind: ErrorKind, valid_up_to: usize, written: usize) -> Self {
        TranscodeError {
            kind,
            valid_up_to,
            written,
        }
    }
    /// Why the transcoding stopped.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }
    /// Input units (bytes for byte input) converted before the error.
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }
    /// Output units (bytes for byte output) written before the error.
    pub const fn written(&self) -> usize {
        self.written
    }
    /// `true` if the output buffer was too small (the input may still be valid).
    pub const fn is_output_too_small(&self) -> bool {
        matches!(self.kind, ErrorKind::OutputTooSmall)
    }
    /// The same error with positions divided by the unit sizes (for native-unit APIs).
    pub const fn in_units(self, src_unit: usize, dst_unit: usize) -> Self {
        TranscodeError {
            kind: self.kind,
            valid_up_to: self.valid_up_to / src_unit,
            written: self.written / dst_unit,
        }
    }
}

impl From<Utf8Error> for TranscodeError {
    fn from(e: Utf8Error) -> Self {
        TranscodeError::new(e.kind(), e.valid_up_to(), 0)
    }
}

impl fmt::Display for TranscodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_output_too_small() {
            write!(
                f,
                "output buffer too small after {} input units ({} output units written)",
                self.valid_up_to, self.written
            )
        } else {
            write!(
                f,
                "invalid input at unit {}: {}",
                self.valid_up_to, self.kind
            )
        }
    }
}

impl core::error::Error for Utf8Error {}
impl core::error::Error for Utf16Error {}
impl core::error::Error for Utf32Error {}
impl core::error::Error for TranscodeError {}
impl core::error::Error for ErrorKind {}

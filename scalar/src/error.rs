//! Error types shared by every kernel.
//!
//! Positions are counted in *units of the input slice's element type*: bytes for
//! `&[u8]` input (UTF-8, Latin-1, and the byte-oriented UTF-16LE/BE and UTF-32LE/BE
//! functions), `u16` units for native `&[u16]` input and `u32` units for `&[u32]` input.
//! The kernel layer always works on bytes; the facade divides for native-unit APIs.

use crate::types::Encoding;
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
    // Code pages
    /// Transcoding to a code page (KOI8-R, windows-1252, ...): a character the code
    /// page lacks (strict mode only).
    NotInCodePage,
    /// Transcoding from a code page: a byte the code page leaves undefined (e.g.
    /// windows-1253 `AA`; strict mode only, lossy mode decodes it as U+FFFD).
    UndefinedByte,
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
            ErrorKind::UndefinedByte => "byte undefined in the code page",
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

/// A transcoding error: invalid input, valid input the target cannot represent, or
/// an output buffer that is too small.
///
/// Contract shared by every transcoder and kernel: the input is processed character
/// by character in order and the first event wins. On error, `dst[..written()]`
/// holds the conversion of `src[..valid_up_to()]` (for `OutputTooSmall`,
/// `valid_up_to()` is the longest prefix ending on a character boundary whose
/// conversion fit), and nothing was written past the end of `dst`.
///
/// The facade's functions also record what the message needs: the encodings, the
/// unit sizes of `src` and `dst` (positions count bytes for `&[u8]`, UTF-16 units
/// for `&[u16]`, ...) and, for a character the target lacks, the character. This
/// context is for the message only: `==` and `Hash` compare the kind and the
/// positions.
///
/// ```
/// use utfast_scalar::ErrorKind;
/// let mut dst = [0u8; 2];
/// let e = utfast_scalar::transcode::utf8_to_latin1(b"ab\xC3\xA9", &mut dst, utfast_scalar::Mode::Strict)
///     .unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to(), e.written()), (ErrorKind::OutputTooSmall, 2, 2));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct TranscodeError {
    kind: ErrorKind,
    valid_up_to: usize,
    written: usize,
    context: Context,
}

/// What a [`TranscodeError`]'s message says beyond kind and positions.
#[derive(Debug, Clone, Copy)]
struct Context {
    from: Option<Encoding>,
    to: Option<Encoding>,
    character: Option<char>,
    /// Bytes per unit of the positions: 1 unless `in_units` said otherwise.
    src_unit: u8,
    dst_unit: u8,
}

impl TranscodeError {
    /// Builds an error (positions in bytes, no context).
    pub const fn new(kind: ErrorKind, valid_up_to: usize, written: usize) -> Self {
        TranscodeError {
            kind,
            valid_up_to,
            written,
            context: Context {
                from: None,
                to: None,
                character: None,
                src_unit: 1,
                dst_unit: 1,
            },
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
        let mut e = self;
        e.valid_up_to = self.valid_up_to / src_unit;
        e.written = self.written / dst_unit;
        // Unit sizes are 1, 2 or 4.
        e.context.src_unit = src_unit as u8;
        e.context.dst_unit = dst_unit as u8;
        e
    }
    /// The same error, naming the encodings of the conversion in its message.
    ///
    /// ```
    /// use utfast_scalar::{Encoding, ErrorKind, TranscodeError};
    /// let e = TranscodeError::new(ErrorKind::TooShort, 3, 3).with_encodings(Encoding::Utf8, Encoding::Utf16Le);
    /// assert_eq!(e.to_string(), "invalid UTF-8 at byte 3: missing continuation byte");
    /// assert_eq!(e.source_encoding(), Some(Encoding::Utf8));
    /// ```
    pub const fn with_encodings(self, from: Encoding, to: Encoding) -> Self {
        let mut e = self;
        e.context.from = Some(from);
        e.context.to = Some(to);
        e
    }
    /// The same error, naming the character the target lacks (for
    /// [`ErrorKind::NotLatin1`] and [`ErrorKind::NotInCodePage`]).
    ///
    /// ```
    /// use utfast_scalar::{Encoding, ErrorKind, TranscodeError};
    /// let e = TranscodeError::new(ErrorKind::NotInCodePage, 16, 16)
    ///     .with_encodings(Encoding::Utf8, Encoding::Koi8R)
    ///     .with_character('€');
    /// assert_eq!(e.to_string(), "U+20AC at byte 16 is not representable in KOI8-R");
    /// assert_eq!(e.character(), Some('€'));
    /// ```
    pub const fn with_character(self, c: char) -> Self {
        let mut e = self;
        e.context.character = Some(c);
        e
    }
    /// The encoding of the input, when the function that failed recorded it.
    pub const fn source_encoding(&self) -> Option<Encoding> {
        self.context.from
    }
    /// The encoding of the output, when the function that failed recorded it.
    pub const fn target_encoding(&self) -> Option<Encoding> {
        self.context.to
    }
    /// For [`ErrorKind::NotLatin1`] and [`ErrorKind::NotInCodePage`]: the character
    /// the target lacks, when the function that failed recorded it.
    pub const fn character(&self) -> Option<char> {
        self.context.character
    }
}

impl PartialEq for TranscodeError {
    fn eq(&self, other: &Self) -> bool {
        (self.kind, self.valid_up_to, self.written)
            == (other.kind, other.valid_up_to, other.written)
    }
}

impl Eq for TranscodeError {}

impl core::hash::Hash for TranscodeError {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.kind, self.valid_up_to, self.written).hash(state);
    }
}

impl From<Utf8Error> for TranscodeError {
    fn from(e: Utf8Error) -> Self {
        TranscodeError::new(e.kind(), e.valid_up_to(), 0)
    }
}

/// The name of a position's unit: what the function took (`&[u8]`, `&[u16]`, ...).
const fn unit_name(bytes: u8) -> &'static str {
    match bytes {
        2 => "UTF-16 unit",
        4 => "UTF-32 unit",
        _ => "byte",
    }
}

impl fmt::Display for TranscodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.context;
        let (at, unit) = (self.valid_up_to, unit_name(c.src_unit));
        match self.kind {
            ErrorKind::OutputTooSmall => {
                let plural = |n: usize| if n == 1 { "" } else { "s" };
                write!(
                    f,
                    "output buffer too small: {} {}{} written for the first {} {}{} of input",
                    self.written,
                    unit_name(c.dst_unit),
                    plural(self.written),
                    at,
                    unit,
                    plural(at)
                )
            }
            // Valid input that the target lacks a character for: not "invalid".
            ErrorKind::NotLatin1 | ErrorKind::NotInCodePage => {
                match c.character {
                    Some(ch) => write!(f, "U+{:04X} at {} {}", ch as u32, unit, at)?,
                    None => write!(f, "the character at {} {}", unit, at)?,
                }
                match (c.to, self.kind) {
                    (Some(to), _) => write!(f, " is not representable in {to}"),
                    (None, ErrorKind::NotLatin1) => {
                        f.write_str(" is not representable in ISO-8859-1")
                    }
                    (None, _) => f.write_str(" is not representable in the target code page"),
                }
            }
            _ => match c.from {
                Some(from) => write!(f, "invalid {from} at {unit} {at}: {}", self.kind),
                None => write!(f, "invalid input at {unit} {at}: {}", self.kind),
            },
        }
    }
}

impl core::error::Error for Utf8Error {}
impl core::error::Error for Utf16Error {}
impl core::error::Error for Utf32Error {}
impl core::error::Error for TranscodeError {}
impl core::error::Error for ErrorKind {}

//! utfast (facade; being written).
#![no_std]
#![forbid(unsafe_code)]
pub use utfast_scalar::{
    Encoding, ErrorKind, Mode, TranscodeError, Utf16Error, Utf32Error, Utf8Error,
};

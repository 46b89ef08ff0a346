//! utfast (facade; being written).
#![no_std]
#![forbid(unsafe_code)]
pub use utfast_scalar::{
    Encoding, ErrorKind, Mode, TranscodeError, Utf16Error, Utf32Error, Utf8Error,
};
#[cfg(feature = "alloc")]
mod transcoder;
#[cfg(feature = "alloc")]
pub use transcoder::{incomplete_suffix_len, BomHandling, Status, Transcoder};
#[cfg(feature = "std")]
pub mod io;

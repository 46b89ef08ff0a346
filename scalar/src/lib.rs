//! # utfast-scalar
//!
//! The reference kernel of utfast: portable, `no_std`, and free of `unsafe`.
//!
//! It is the fallback kernel on CPUs without SIMD, the tail handler and exact-error
//! locator of the SIMD kernels, and the oracle the tests and fuzzers compare every
//! SIMD kernel with. Everything here follows the Unicode Standard (ch. 3, Table 3-7
//! for UTF-8; "U+FFFD Substitution of Maximal Subparts" for lossy decoding).
//!
//! Conventions:
//! - Byte-oriented functions (`&[u8]` in, `&mut [u8]` out) count positions and
//!   lengths in **bytes**; native-unit functions (`&[u16]`, `&[u32]`) count units.
//! - Transcoders take a [`Mode`]: strict (stop at the first error), lossy (U+FFFD
//!   per maximal subpart) or trusted-valid (the caller promises valid input; the
//!   output on invalid input is unspecified but memory-safe).
//! - A too-small output buffer is an error ([`ErrorKind::OutputTooSmall`]), never a panic.
#![no_std]
#![forbid(unsafe_code)]

pub mod codepage;
mod detect;
pub mod encoding;
pub mod error;
pub mod label;
pub mod len;
pub mod offsets;
pub mod transcode;
mod types;
pub mod utf16;
pub mod utf32;
pub mod utf8;
// WTF-8, CESU-8, MUTF-8
pub mod cesu8;
pub mod wtf8;

pub use codepage::CodePage;
pub use error::{ErrorKind, TranscodeError, Utf16Error, Utf32Error, Utf8Error};
pub use label::{LabelError, LabelErrorKind};
pub use types::{Encoding, EncodingSet, Endian, Mode};

//! # utfast
//!
//! Fast, exact Unicode validation and transcoding between UTF-8, UTF-16, UTF-32 and
//! Latin-1 (ISO-8859-1), with a safe slice-in/count-out API.
//!
//! ## The kernel model
//!
//! Every operation is implemented by a [`kernel::Kernel`]: a table of function
//! pointers for one instruction set (`avx512`, `avx2`, `sse42`, `neon`, or the
//! portable `scalar` reference). The best kernel this CPU supports is chosen on first
//! use and cached ([`kernel::active`]); the environment variable
//! `UTFAST_KERNEL=scalar|sse42|avx2|avx512|neon` forces one (an unknown or unsupported
//! name falls back to the best kernel). Every kernel gives bit-identical results,
//! errors and positions included. Very short inputs to [`validate_utf8`],
//! [`is_utf8`] and [`is_ascii`] skip the dispatch and run inlined scalar code.
//!
//! ## Errors
//!
//! - UTF-8 validation errors ([`Utf8Error`]) have exactly the semantics of
//!   [`core::str::Utf8Error`]: `valid_up_to()` is the length of the longest valid
//!   prefix, `error_len()` the length of the invalid maximal subpart, or `None` if the
//!   input ends inside a sequence that could still be completed; `kind()` says what
//!   is wrong.
//! - Positions are counted in **units of the input slice**: `u16` units for `&[u16]`,
//!   `u32` units for `&[u32]`, bytes for `&[u8]` (UTF-8, Latin-1, and the byte-oriented
//!   `*le`/`*be` functions).
//!
//! ## The transcoding contract
//!
//! Transcoders write into a caller-provided buffer and return the number of output
//! units written. They come in three modes ([`Mode`]):
//!
//! - strict (`utf8_to_utf16`): stop at the first ill-formed sequence;
//! - lossy (`utf8_to_utf16_lossy`): replace ill-formed sequences with U+FFFD exactly
//!   as [`String::from_utf8_lossy`](https://doc.rust-lang.org/std/string/struct.String.html#method.from_utf8_lossy)
//!   and `String::from_utf16_lossy` do (`?` for characters a Latin-1 target cannot hold);
//! - trusted-valid (`utf8_to_utf16_valid`): the caller promises valid input, no
//!   validation is done; on invalid input the output is unspecified, but never
//!   out of bounds, never a panic.
//!
//! A buffer that is too small is an error ([`ErrorKind::OutputTooSmall`]), never a
//! panic. On any error ([`TranscodeError`]), `dst[..written()]` holds the conversion of
//! `src[..valid_up_to()]` and nothing was written past the end of `dst`. Bytes of
//! `dst` after the output are not part of the result: the SIMD kernels may use them
//! as scratch space (on success and after invalid input; after `OutputTooSmall`
//! they are untouched). The `*_len_max_from_*` functions give buffer sizes that always suffice; the
//! `*_len_from_*` functions give exact sizes for valid input.
//!
//! ```
//! let text = "Grüße, 世界 😀";
//! let mut utf16 = vec![0u16; utfast::utf16_len_max_from_utf8(text.len())];
//! let n = utfast::utf8_to_utf16(text.as_bytes(), &mut utf16)?;
//! assert_eq!(utf16[..n], text.encode_utf16().collect::<Vec<u16>>()[..]);
//!
//! let e = utfast::validate_utf8(b"ok \xF0\x9F\x98").unwrap_err();
//! assert_eq!((e.valid_up_to(), e.error_len()), (3, None));
//! # Ok::<(), utfast::TranscodeError>(())
//! ```
//!
//! ## Features
//!
//! - `std` (default): implies `alloc`; reads `UTFAST_KERNEL`; the `std::io`
//!   adapters ([`io`]).
//! - `alloc`: the `Vec`/`String`-returning helpers ([`utf8_to_utf16_vec`], ...).
//! - `avx512`: registers the AVX-512 kernel on CPUs that have AVX-512F/BW.
//! - `cli`: the `utfast` command-line tool (`src/bin/utfast.rs`; clap, indicatif).
//!
//! Without default features the crate is `no_std` and allocation-free.
#![no_std]
// The facade contains no unsafe code except the single, audited module
// `unchecked` (UTF-8 that was just validated turned into `&str`/`String`).
#![deny(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "alloc")]
mod alloc_helpers;
mod bytes;
pub mod kernel;
mod len;
mod native;
pub mod stream;
mod unchecked;
mod validate;
// WTF-8, CESU-8, MUTF-8
mod wtf8;

#[cfg(feature = "alloc")]
pub use alloc_helpers::*;
pub use bytes::*;
pub use len::*;
pub use native::*;
pub use stream::Utf8Validator;
pub use validate::*;
pub use wtf8::{validate_cesu8, validate_mutf8, validate_wtf8};

pub use utfast_scalar::encoding::detect_bom;
pub use utfast_scalar::transcode::max_output_len;
pub use utfast_scalar::{
    Encoding, EncodingSet, Endian, ErrorKind, Mode, TranscodeError, Utf16Error, Utf32Error,
    Utf8Error,
};
#[cfg(feature = "alloc")]
mod transcoder;
#[cfg(feature = "alloc")]
pub use transcoder::{incomplete_suffix_len, BomHandling, Status, Transcoder};
#[cfg(feature = "std")]
pub mod io;

/// The examples of README.md, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

//! # utfast
//!
//! Fast, exact Unicode validation and transcoding between UTF-8, UTF-16 and UTF-32
//! (little- and big-endian), Latin-1 (ISO-8859-1), the Cyrillic code pages KOI8-R,
//! windows-1251 and IBM866, WTF-8, CESU-8 and Java's Modified UTF-8 (MUTF-8), with
//! a safe slice-in/count-out API.
//!
//! ## The kernel model
//!
//! Every operation is implemented by a [`kernel::Kernel`]: a table of function
//! pointers for one instruction set (`avx512-vbmi2`, `avx512`, `avx2`, `sse42`,
//! `neon`, or the portable `scalar` reference). The best kernel this CPU supports is
//! chosen on first use and cached ([`kernel::active`]); the environment variable
//! `UTFAST_KERNEL=scalar|sse42|avx2|avx512|avx512-vbmi2|neon` forces one (an unknown
//! or unsupported name falls back to the best kernel).
//! [`Kernel::implementation`](kernel::Kernel::implementation) says which code runs
//! each operation (a tier may reuse another kernel's entries). Every kernel gives bit-identical results,
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
//! ## Drop-ins for simdutf8, simd_cesu8 and std's error types
//!
//! - [`basic`] and [`compat`] are simdutf8's modules of the same names, function for
//!   function: replacing `simdutf8::` by `utfast::` is the whole migration.
//! - [`std_compat`] validates with the SIMD kernel and returns std's own
//!   `core::str::Utf8Error` and `std::string::FromUtf8Error`.
//! - [`cesu8`] and [`mutf8`] (feature `alloc`) are `simd_cesu8`'s API (and
//!   `cesu8`'s names), with `Cow` results that borrow what needs no conversion.
//!
//! ## Owned buffers, chunks and exact sizes
//!
//! - [`string_from_utf8`] and [`string_from_utf8_lossy_owned`] turn a `Vec<u8>` into a
//!   `String` without copying it when it is valid ([`FromUtf8Error`] gives the bytes
//!   back otherwise); [`string_from_utf8_lossy`] borrows valid input;
//!   [`utf16le_to_string`] and [`utf16be_to_string`] decode UTF-16 bytes.
//! - [`utf8_chunks`] is std's `<[u8]>::utf8_chunks` (valid runs and the invalid
//!   maximal subparts between them), with the valid runs found by the SIMD kernel.
//! - [`lossy_output_len`] and the `*_len_from_*_lossy` functions give the exact
//!   length of a lossy conversion, for any input: allocate once, convert once.
//!
//! ## Features
//!
//! - `std` (default): implies `alloc`; reads `UTFAST_KERNEL`; the `std::io`
//!   adapters ([`io`]).
//! - `alloc`: the `Vec`/`String`-returning helpers ([`utf8_to_utf16_vec`], ...) and the
//!   owned drop-ins ([`string_from_utf8`], ...).
//! - `tokio`: `AsyncRead`/`AsyncWrite` adapters (`async_io`), the async
//!   counterparts of [`io`].
//! - `rayon`: `par_validate_utf8`, `par_transcode` and `par_transcode_to_vec` for
//!   large buffers, on rayon's thread pool.
//! - `arrow`: Apache Arrow string columns (`utfast::arrow`): binary columns
//!   validated into string columns without a copy, whole columns transcoded to UTF-8.
//! - `cli`: the `utfast` command-line tool (`src/bin/utfast.rs`; clap, indicatif).
//!
//! Without default features the crate is `no_std` and allocation-free.
#![no_std]
// docs.rs (`--cfg docsrs`, nightly): show on each item the features it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]
// The facade contains no unsafe code except the single, audited module
// `unchecked` (UTF-8 that was just validated turned into `&str`/`String`).
#![deny(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "alloc")]
mod alloc_helpers;
#[cfg(feature = "arrow")]
pub mod arrow;
pub mod basic;
mod bytes;
#[cfg(feature = "alloc")]
pub mod cesu8;
pub mod compat;
pub mod kernel;
mod len;
pub mod mutf8;
mod native;
mod offsets;
#[cfg(feature = "alloc")]
mod owned;
#[cfg(feature = "rayon")]
mod par;
mod prefixes;
mod split;
pub mod std_compat;
mod stream;
#[cfg(feature = "std")]
mod stream_core;
mod unchecked;
mod validate;
// WTF-8, CESU-8, MUTF-8
mod wtf8;

#[cfg(feature = "alloc")]
pub use alloc_helpers::*;
pub use bytes::*;
pub use len::*;
pub use native::*;
pub use offsets::{validate_utf8_offsets, Offset, OffsetsError, OffsetsErrorKind};
#[cfg(feature = "alloc")]
pub use owned::*;
#[cfg(feature = "rayon")]
pub use par::*;
pub use prefixes::*;
pub use split::piece_boundary;
pub use stream::Utf8Validator;
pub use validate::*;
pub use wtf8::{utf16_to_wtf8, validate_cesu8, validate_mutf8, validate_wtf8, wtf8_to_utf16};

pub use utfast_scalar::encoding::detect_bom;
pub use utfast_scalar::transcode::max_output_len;
// Cyrillic code pages
pub use utfast_scalar::CodePage;
pub use utfast_scalar::{
    Encoding, EncodingSet, Endian, ErrorKind, LabelError, LabelErrorKind, Mode, TranscodeError,
    Utf16Error, Utf32Error, Utf8Error,
};
#[cfg(feature = "alloc")]
mod transcoder;
#[cfg(feature = "alloc")]
pub use transcoder::{incomplete_suffix_len, BomHandling, Status, Transcoder};
#[cfg(feature = "tokio")]
pub mod async_io;
#[cfg(feature = "std")]
pub mod io;

/// The examples of README.md, compiled and run as doctests (they use every feature:
/// `cargo test --all-features`, as CI runs).
#[cfg(all(doctest, feature = "tokio", feature = "rayon", feature = "arrow"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(test)]
mod non_exhaustive {
    /// `Encoding` is `#[non_exhaustive]`, so the facade, the kernels, the command and
    /// the tests match it with wildcard arms (commented "non_exhaustive" / "`Encoding`
    /// is `#[non_exhaustive]`"). When an encoding is added, give it a real arm in each
    /// (`piece_boundary`, `incomplete_suffix_len`, the validators and counters), then
    /// update this count.
    #[test]
    fn every_encoding_is_reviewed() {
        assert_eq!(crate::Encoding::ALL.len(), 37);
    }
}

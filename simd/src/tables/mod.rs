//! Shuffle tables of the SIMD transcoders, generated at compile time by `const fn`s.
//!
//! Nothing here is hand-typed: every table is built from its definition by a
//! `const fn`, and the tests in each module rebuild the entries in a second,
//! independent way (plain loops over the definition) and compare.

pub(crate) mod compress;
pub(crate) mod utf16_to_utf8;
pub(crate) mod utf8_to_utf16;

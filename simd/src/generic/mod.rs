//! The algorithms, each written once and generic over [`crate::vector::Vector`].
//! Each ISA's kernel instantiates them inside `#[target_feature]` functions (see
//! `crate::kernel::simd_kernel!`); an ISA plugs its own block code in through
//! [`hooks`].
pub(crate) mod ascii;
pub(crate) mod blocks;
pub(crate) mod codepage;
pub(crate) mod handover;
pub(crate) mod hooks;
pub(crate) mod latin1;
pub(crate) mod lengths;
pub(crate) mod offsets;
pub(crate) mod single_byte_offsets;
pub(crate) mod surrogate_pairs;
pub(crate) mod swap;
pub(crate) mod swap_utf16;
pub(crate) mod swap_utf32;
pub(crate) mod swap_vectors;
pub(crate) mod utf16;
pub(crate) mod utf32;
pub(crate) mod utf8_block;
pub(crate) mod utf8_decode;
pub(crate) mod utf8_encode;
pub(crate) mod utf8_latin1;
pub(crate) mod utf8_utf8;
pub(crate) mod utf8_validate;
pub(crate) mod utf8_window;
pub(crate) mod well_formed;
// WTF-8, CESU-8, MUTF-8
pub(crate) mod wtf8;

/// Marks the path that calls it as rarely taken, so that the compiler lays the hot
/// path out as the fall-through and keeps the rare one out of its registers: the
/// `#[cold]` function idiom that `core::hint::cold_path` (Rust 1.95) names, kept so
/// that the crate builds with Rust 1.89. A call to a `#[cold]` function makes its
/// block cold; `#[inline(never)]` keeps the call, and with it the hint, from being
/// inlined away (the call costs a few cycles, on the rare path only).
#[cold]
#[inline(never)]
pub(crate) fn cold_path() {}

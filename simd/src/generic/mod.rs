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
// WTF-8, CESU-8, MUTF-8
pub(crate) mod wtf8;

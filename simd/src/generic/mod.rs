//! The algorithms, each written once and generic over [`crate::vector::Vector`].
//! Per-ISA modules instantiate them inside `#[target_feature]` functions.
pub(crate) mod ascii;
pub(crate) mod utf8_validate;

//! wasm32 kernels.
pub(crate) mod simd128;

//! # utfast-simd
//!
//! SIMD kernels and runtime dispatch of utfast. This is the only crate of utfast
//! that contains `unsafe` code: every `unsafe fn` documents its contract in a
//! `# Safety` section, every `unsafe {}` block says why it holds in a `// SAFETY:` line.
//!
//! Layout (see ARCHITECTURE.md at the repository root for the map from each
//! operation to its code): `kernel` (the [`Kernel`] type and the per-ISA table
//! builder), `dispatch` (registry, detection, cache), `vector`/`vector_ext` (the
//! crate-private `Vector` traits and one impl per ISA), `generic` (each algorithm
//! once, generic over `Vector`, with hooks for ISA-specific block code), and one file
//! per kernel (`x86_64/{sse42,avx2}.rs`, `x86_64/avx512/{bw,vbmi2}.rs`, `aarch64/neon.rs`, `wasm32/simd128.rs`) holding its
//! detection, its instantiation and its table.
#![no_std]

#[cfg(feature = "std")]
extern crate std;

pub mod dispatch;
pub mod kernel;

#[cfg(target_arch = "aarch64")]
mod aarch64;
mod generic;
mod tables;
mod vector;
mod vector_ext;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm32;
#[cfg(target_arch = "x86_64")]
mod x86_64;

pub use dispatch::{active, available, by_name};

/// Whether this build runs the AVX-512 kernels on the portable instruction model
/// (`--cfg utfast_avx512_model`, a test configuration that never ships) instead of
/// the hardware. Test output prints it next to the kernel list.
#[doc(hidden)]
pub const AVX512_MODEL: bool = cfg!(utfast_avx512_model);

/// The AVX-512 model's operations executed by this thread since the last call, with
/// their call counts (and resets them). Only with `--cfg utfast_avx512_model` (a test
/// configuration) and `std`.
#[cfg(all(target_arch = "x86_64", utfast_avx512_model, feature = "std"))]
#[doc(hidden)]
pub fn avx512_model_coverage() -> std::vec::Vec<(&'static str, u64)> {
    x86_64::avx512::isa::model::coverage::take()
}
pub use kernel::{Kernel, SCALAR};

/// Inputs shorter than this many bytes (64) go straight to the scalar code: below
/// one 64-byte SIMD block the table call and the block set-up cost more than they
/// save. Every SIMD kernel entry applies it, and so does the facade before it loads
/// the active kernel. It is the scalar validator's own threshold between its
/// inlined single-stream path and its four-stream path
/// ([`utfast_scalar::utf8::SHORT_INPUT_LEN`]), defined once there.
pub const SHORT_INPUT: usize = utfast_scalar::utf8::SHORT_INPUT_LEN;

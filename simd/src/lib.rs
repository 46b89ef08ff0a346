//! # utfast-simd
//!
//! SIMD kernels and runtime dispatch of utfast. This is the only crate of utfast
//! that contains `unsafe` code: every `unsafe fn` documents its contract in a
//! `# Safety` section, every `unsafe {}` block says why it holds in a `// SAFETY:` line.
//!
//! Layout: `kernel` (the [`Kernel`] table), `dispatch` (registry, detection, cache),
//! `vector` (the crate-private `Vector` trait and one impl per ISA), `generic`
//! (each algorithm once, generic over `Vector`), `x86_64`/`aarch64` (thin
//! `#[target_feature]` instantiations).
#![no_std]

#[cfg(feature = "std")]
extern crate std;

pub mod dispatch;
pub mod kernel;

#[cfg(target_arch = "aarch64")]
mod aarch64;
mod generic;
mod units;
mod vector;
mod vector_ext;
#[cfg(target_arch = "x86_64")]
mod x86_64;

pub use dispatch::{active, available, by_name};
pub use kernel::{Kernel, TranscodeFn, SCALAR};
mod tables;

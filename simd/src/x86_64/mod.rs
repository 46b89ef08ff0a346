//! x86-64 kernels.
pub mod avx2;
pub mod avx512;
pub mod sse42;
pub(crate) mod units;

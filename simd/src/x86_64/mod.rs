//! x86-64 kernels.
pub mod avx2;
pub mod avx2_utf16;
pub mod avx512;
pub mod sse42;
pub mod transcode;
pub(crate) mod units;

//! aarch64 kernels.
pub mod neon;
pub(crate) mod units;

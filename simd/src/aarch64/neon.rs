//! The neon kernel: 128-bit NEON vectors.
//!
//! Every operation is the generic algorithm with 128-bit vectors.

use crate::kernel::Kernel;

/// Whether this CPU supports the kernel: run-time detection with `std`, the
/// compile-time target features without.
fn detected() -> bool {
    #[cfg(feature = "std")]
    {
        std::arch::is_aarch64_feature_detected!("neon")
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(target_feature = "neon")
    }
}

/// The neon kernel, if this CPU supports it.
pub(crate) fn kernel() -> Option<&'static Kernel> {
    detected().then_some(&KERNEL)
}

crate::kernel::simd_kernel! {
    static KERNEL = "neon", features "neon", implementation "neon",
    W = core::arch::aarch64::uint8x16_t,
    V = core::arch::aarch64::uint8x16_t,
    H = crate::generic::hooks::NoHooks;
}

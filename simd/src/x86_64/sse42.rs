//! The sse42 kernel: 128-bit vectors (SSSE3 shuffles, SSE4.1 `ptest`, SSE4.2).
//!
//! Every operation is the generic algorithm with 128-bit vectors.

use crate::kernel::Kernel;

/// Whether this CPU supports the kernel: run-time detection with `std`, the
/// compile-time target features without.
fn detected() -> bool {
    #[cfg(feature = "std")]
    {
        std::is_x86_feature_detected!("sse4.2")
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(target_feature = "sse4.2")
    }
}

/// The sse42 kernel, if this CPU supports it.
pub(crate) fn kernel() -> Option<&'static Kernel> {
    detected().then_some(&KERNEL)
}

crate::kernel::simd_kernel! {
    static KERNEL = "sse42", features "sse4.2", implementation "sse42",
    W = core::arch::x86_64::__m128i,
    V = core::arch::x86_64::__m128i,
    H = crate::generic::hooks::NoHooks;
}

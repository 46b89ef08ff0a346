//! The avx512 kernel: 512-bit vectors (AVX-512F + AVX-512BW).
//!
//! Validation and the unit-oriented operations use 512-bit vectors; the UTF-8
//! transcoders use the generic 128-bit windows.
//!
//! The kernel is only registered with the crate feature `avx512` until the AVX-512
//! tier lands: the development machines have no AVX-512 (see the README).

use crate::kernel::Kernel;

/// Whether this CPU supports the kernel: run-time detection with `std`, the
/// compile-time target features without.
fn detected() -> bool {
    if !cfg!(feature = "avx512") {
        return false;
    }
    #[cfg(feature = "std")]
    {
        std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw")
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(all(target_feature = "avx512f", target_feature = "avx512bw"))
    }
}

/// The avx512 kernel, if this CPU supports it.
pub(crate) fn kernel() -> Option<&'static Kernel> {
    detected().then_some(&KERNEL)
}

crate::kernel::simd_kernel! {
    static KERNEL = "avx512", features "avx512f,avx512bw",
    W = core::arch::x86_64::__m512i,
    V = core::arch::x86_64::__m128i,
    H = crate::generic::hooks::NoHooks;
}

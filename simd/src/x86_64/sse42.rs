//! The sse42 kernel: 128-bit vectors (SSSE3 shuffles, SSE4.1 `ptest`, SSE4.2) and
//! `popcnt` (every CPU with SSE4.2 has it: Intel since Nehalem, AMD since
//! Bulldozer).
//!
//! Every operation is the generic algorithm with 128-bit vectors. [`Sse42`] is the
//! kernel's hooks type: `popcnt` counts the bytes of the UTF-8 encoder's packing
//! controls (one instruction where the table look-up is a load that the packing
//! waits for, on text that mixes ASCII with two- or three-byte characters, such as
//! Hindi and Korean).

use crate::kernel::Kernel;

/// Whether this CPU supports the kernel (SSE4.2 and POPCNT): run-time detection
/// with `std`, the compile-time target features without.
fn detected() -> bool {
    #[cfg(feature = "std")]
    {
        std::is_x86_feature_detected!("sse4.2") && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(all(target_feature = "sse4.2", target_feature = "popcnt"))
    }
}

/// The sse42 kernel, if this CPU supports it.
pub(crate) fn kernel() -> Option<&'static Kernel> {
    detected().then_some(&KERNEL)
}

crate::kernel::simd_kernel! {
    static KERNEL = "sse42", features "sse4.2,popcnt", implementation "sse42",
    W = core::arch::x86_64::__m128i,
    V = core::arch::x86_64::__m128i,
    H = crate::x86_64::sse42::Sse42;
}

/// The sse42 kernel's hooks (see `crate::generic::hooks`): the generic code
/// everywhere, except `popcnt` in the UTF-8 encoder.
pub(crate) struct Sse42;

impl crate::generic::utf8_decode::DecodeHooks<core::arch::x86_64::__m128i> for Sse42 {}
impl crate::generic::utf8_validate::ValidateHooks for Sse42 {}
impl crate::generic::hooks::SwapHooks for Sse42 {}
impl crate::generic::offsets::OffsetsHooks for Sse42 {}

impl crate::generic::utf8_encode::EncodeHooks for Sse42 {
    #[inline(always)]
    fn count_ones8(x: usize) -> usize {
        // `popcnt`: the kernel's features include it.
        x.count_ones() as usize
    }
}

//! The avx512 kernel: 512-bit vectors (AVX-512F + AVX-512BW).
//!
//! Detection and the kernel table. The generic algorithms are instantiated inside
//! `#[target_feature]` functions in `crate::x86_64::units::avx512` (so each whole loop is compiled
//! with the features and every `Vector` method inlines), wrapped in safe functions
//! that are only reachable through [`KERNEL`], which [`kernel`] hands out only after
//! detecting the features.

use crate::kernel::Kernel;

/// Whether this CPU supports the kernel: run-time detection with `std`, the
/// compile-time target features without.
///
/// The kernel is only registered with the crate feature `avx512`: the machines this
/// project is developed and tested on have no AVX-512, so the kernel compiles and is
/// inspected, but none of its tests has run on hardware yet. Until a test run on an
/// AVX-512 CPU has passed, the avx2 kernel is the default there.
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
pub fn kernel() -> Option<&'static Kernel> {
    detected().then_some(&KERNEL)
}

static KERNEL: Kernel = {
    use crate::x86_64::units::avx512 as units;
    crate::units::wired!(
        "avx512",
        units,
        utf8_to_utf16: units::transcode::utf8_to_utf16,
        utf16_to_utf8: units::transcode::utf16_to_utf8,
        utf8_to_utf32: units::transcode::utf8_to_utf32,
        utf32_to_utf8: units::transcode::utf32_to_utf8,
        utf8_to_latin1: units::transcode::utf8_to_latin1,
    )
};

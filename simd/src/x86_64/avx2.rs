//! The avx2 kernel: 256-bit vectors.
//!
//! Detection and the kernel table. The generic algorithms are instantiated inside
//! `#[target_feature]` functions in `crate::x86_64::units::avx2` (so each whole loop is compiled
//! with the features and every `Vector` method inlines), wrapped in safe functions
//! that are only reachable through [`KERNEL`], which [`kernel`] hands out only after
//! detecting the features.

use crate::kernel::Kernel;

/// Whether this CPU supports the kernel: run-time detection with `std`, the
/// compile-time target features without.
fn detected() -> bool {
    #[cfg(feature = "std")]
    {
        std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(all(target_feature = "avx2", target_feature = "popcnt"))
    }
}

/// The avx2 kernel, if this CPU supports it.
pub fn kernel() -> Option<&'static Kernel> {
    detected().then_some(&KERNEL)
}

static KERNEL: Kernel = {
    use crate::x86_64::units::avx2 as units;
    crate::units::wired!(
        "avx2",
        units,
        utf8_to_utf32: crate::x86_64::avx2_utf16::utf8_to_utf32,
        utf32_to_utf8: crate::x86_64::avx2_utf16::utf32_to_utf8,
        utf8_to_latin1: units::transcode::utf8_to_latin1,
        utf8_to_utf16: crate::x86_64::avx2_utf16::utf8_to_utf16,
        utf16_to_utf8: crate::x86_64::avx2_utf16::utf16_to_utf8,
    )
};

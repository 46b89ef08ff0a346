//! The neon kernel: 128-bit NEON vectors.
//!
//! Detection and the kernel table. The generic algorithms are instantiated inside
//! `#[target_feature]` functions in `crate::aarch64::units::neon` (so each whole loop is compiled
//! with the features and every `Vector` method inlines), wrapped in safe functions
//! that are only reachable through [`KERNEL`], which [`kernel`] hands out only after
//! detecting the features.

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
pub fn kernel() -> Option<&'static Kernel> {
    detected().then_some(&KERNEL)
}

static KERNEL: Kernel = {
    use crate::aarch64::units::neon as units;
    crate::units::wired!(
        "neon",
        units,
        utf8_to_utf16: units::transcode::utf8_to_utf16,
        utf16_to_utf8: units::transcode::utf16_to_utf8,
        utf8_to_utf32: units::transcode::utf8_to_utf32,
        utf32_to_utf8: units::transcode::utf32_to_utf8,
        utf8_to_latin1: units::transcode::utf8_to_latin1,
    )
};

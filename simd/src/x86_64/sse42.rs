//! The sse42 kernel: 128-bit vectors (SSSE3 shuffles, SSE4.1 `ptest`).
//!
//! Detection and the kernel table. The generic algorithms are instantiated inside
//! `#[target_feature]` functions in `crate::x86_64::units::sse42` (so each whole loop is compiled
//! with the features and every `Vector` method inlines), wrapped in safe functions
//! that are only reachable through [`KERNEL`], which [`kernel`] hands out only after
//! detecting the features.

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
pub fn kernel() -> Option<&'static Kernel> {
    detected().then_some(&KERNEL)
}

static KERNEL: Kernel = {
    use crate::x86_64::units::sse42 as units;
    crate::units::wired!(
        "sse42",
        units,
        utf8_to_utf16: units::transcode::utf8_to_utf16,
        utf16_to_utf8: units::transcode::utf16_to_utf8,
        utf8_to_utf32: units::transcode::utf8_to_utf32,
        utf32_to_utf8: units::transcode::utf32_to_utf8,
        utf8_to_latin1: units::transcode::utf8_to_latin1,
    )
};

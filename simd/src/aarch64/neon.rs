//! The neon kernel: 128-bit NEON vectors.
//!
//! Thin instantiations of the generic algorithms inside
//! `#[target_feature(enable = "neon")]` functions (so the whole loop is compiled
//! with the feature and every `Vector` method inlines), wrapped in safe functions
//! that are only reachable through [`KERNEL`], which [`kernel`] hands out only after
//! detecting the features.

use crate::generic::{ascii, utf8_validate};
use crate::kernel::Kernel;
use core::arch::aarch64::uint8x16_t;
use utfast_scalar::{utf8 as scalar, Utf8Error};

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
        validate_utf8: validate_utf8,
        is_utf8: is_utf8,
        is_ascii: is_ascii,
        utf8_to_utf16: units::transcode::utf8_to_utf16,
        utf16_to_utf8: units::transcode::utf16_to_utf8,
        utf8_to_utf32: units::transcode::utf8_to_utf32,
        utf32_to_utf8: units::transcode::utf32_to_utf8,
        utf8_to_latin1: units::transcode::utf8_to_latin1,
    )
};

/// One compiled loop serves `validate_utf8` and `is_utf8` (only the check interval
/// differs), so both run exactly the same machine code.
#[target_feature(enable = "neon")]
unsafe fn find_error_neon(src: &[u8], interval: usize) -> Option<(usize, usize)> {
    // SAFETY: the caller guarantees the features enabled on this function.
    unsafe { utf8_validate::find_error_block::<uint8x16_t>(src, interval) }
}

#[target_feature(enable = "neon")]
unsafe fn is_ascii_neon(src: &[u8]) -> bool {
    // SAFETY: the caller guarantees the features enabled on this function.
    unsafe { ascii::is_ascii::<uint8x16_t>(src) }
}

fn validate_utf8(src: &[u8]) -> Result<(), Utf8Error> {
    if src.len() < utf8_validate::BLOCK {
        return scalar::validate_utf8(src);
    }
    // SAFETY: only reachable through KERNEL, handed out after `detected()`.
    match unsafe { find_error_neon(src, utf8_validate::CHECK_INTERVAL_EXACT) } {
        None => Ok(()),
        Some((start, end)) => utf8_validate::locate_error(src, start, end),
    }
}

fn is_utf8(src: &[u8]) -> bool {
    if src.len() < utf8_validate::BLOCK {
        return scalar::is_utf8(src);
    }
    // SAFETY: only reachable through KERNEL, handed out after `detected()`.
    unsafe { find_error_neon(src, utf8_validate::CHECK_INTERVAL_BOOL) }.is_none()
}

fn is_ascii(src: &[u8]) -> bool {
    if src.len() < utf8_validate::BLOCK {
        return scalar::is_ascii(src);
    }
    // SAFETY: only reachable through KERNEL, handed out after `detected()`.
    unsafe { is_ascii_neon(src) }
}

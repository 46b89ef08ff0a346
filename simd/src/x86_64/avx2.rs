//! The avx2 kernel: 256-bit vectors.
//!
//! Thin instantiations of the generic algorithms inside
//! `#[target_feature(enable = "avx2")]` functions (so the whole loop is compiled
//! with the feature and every `Vector` method inlines), wrapped in safe functions
//! that are only reachable through [`KERNEL`], which [`kernel`] hands out only after
//! detecting the features.

use crate::generic::{ascii, utf8_validate};
use crate::kernel::Kernel;
use core::arch::x86_64::__m256i;
use utfast_scalar::{utf8 as scalar, Utf8Error};

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
        validate_utf8: validate_utf8,
        is_utf8: is_utf8,
        is_ascii: is_ascii,
        utf8_to_utf32: crate::x86_64::avx2_utf16::utf8_to_utf32,
        utf32_to_utf8: crate::x86_64::avx2_utf16::utf32_to_utf8,
        utf8_to_latin1: units::transcode::utf8_to_latin1,
    utf8_to_utf16: crate::x86_64::avx2_utf16::utf8_to_utf16,
    utf16_to_utf8: crate::x86_64::avx2_utf16::utf16_to_utf8,
    )
};

/// One compiled loop serves `validate_utf8` and `is_utf8` (only the check interval
/// differs), so both run exactly the same machine code.
#[target_feature(enable = "avx2")]
unsafe fn find_error_avx2(src: &[u8], interval: usize) -> Option<(usize, usize)> {
    // SAFETY: the caller guarantees the features enabled on this function.
    unsafe { utf8_validate::find_error_block::<__m256i>(src, interval) }
}

#[target_feature(enable = "avx2")]
unsafe fn is_ascii_avx2(src: &[u8]) -> bool {
    // SAFETY: the caller guarantees the features enabled on this function.
    unsafe { ascii::is_ascii::<__m256i>(src) }
}

fn validate_utf8(src: &[u8]) -> Result<(), Utf8Error> {
    if src.len() < utf8_validate::BLOCK {
        return scalar::validate_utf8(src);
    }
    // SAFETY: only reachable through KERNEL, handed out after `detected()`.
    match unsafe { find_error_avx2(src, utf8_validate::CHECK_INTERVAL_EXACT) } {
        None => Ok(()),
        Some((start, end)) => utf8_validate::locate_error(src, start, end),
    }
}

fn is_utf8(src: &[u8]) -> bool {
    if src.len() < utf8_validate::BLOCK {
        return scalar::is_utf8(src);
    }
    // SAFETY: only reachable through KERNEL, handed out after `detected()`.
    unsafe { find_error_avx2(src, utf8_validate::CHECK_INTERVAL_BOOL) }.is_none()
}

fn is_ascii(src: &[u8]) -> bool {
    if src.len() < utf8_validate::BLOCK {
        return scalar::is_ascii(src);
    }
    // SAFETY: only reachable through KERNEL, handed out after `detected()`.
    unsafe { is_ascii_avx2(src) }
}

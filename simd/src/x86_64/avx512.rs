//! The avx512 kernel: 512-bit vectors (AVX-512F + AVX-512BW).
//!
//! Thin instantiations of the generic algorithms inside
//! `#[target_feature(enable = "avx512f,avx512bw")]` functions (so the whole loop is compiled
//! with the feature and every `Vector` method inlines), wrapped in safe functions
//! that are only reachable through [`KERNEL`], which [`kernel`] hands out only after
//! detecting the features.

use crate::generic::{ascii, utf8_validate};
use crate::kernel::Kernel;
use core::arch::x86_64::__m512i;
use utfast_scalar::{utf8 as scalar, Utf8Error};

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
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn find_error_avx512(src: &[u8], interval: usize) -> Option<(usize, usize)> {
    // SAFETY: the caller guarantees the features enabled on this function.
    unsafe { utf8_validate::find_error_block::<__m512i>(src, interval) }
}

#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn is_ascii_avx512(src: &[u8]) -> bool {
    // SAFETY: the caller guarantees the features enabled on this function.
    unsafe { ascii::is_ascii::<__m512i>(src) }
}

fn validate_utf8(src: &[u8]) -> Result<(), Utf8Error> {
    if src.len() < utf8_validate::BLOCK {
        return scalar::validate_utf8(src);
    }
    // SAFETY: only reachable through KERNEL, handed out after `detected()`.
    match unsafe { find_error_avx512(src, utf8_validate::CHECK_INTERVAL_EXACT) } {
        None => Ok(()),
        Some((start, end)) => utf8_validate::locate_error(src, start, end),
    }
}

fn is_utf8(src: &[u8]) -> bool {
    if src.len() < utf8_validate::BLOCK {
        return scalar::is_utf8(src);
    }
    // SAFETY: only reachable through KERNEL, handed out after `detected()`.
    unsafe { find_error_avx512(src, utf8_validate::CHECK_INTERVAL_BOOL) }.is_none()
}

fn is_ascii(src: &[u8]) -> bool {
    if src.len() < utf8_validate::BLOCK {
        return scalar::is_ascii(src);
    }
    // SAFETY: only reachable through KERNEL, handed out after `detected()`.
    unsafe { is_ascii_avx512(src) }
}

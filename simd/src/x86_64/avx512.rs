//! The avx512 kernel: 512-bit vectors (AVX-512F + AVX-512BW).
//!
//! Thin instantiations of the generic algorithms inside
//! `#[target_feature(enable = "avx512f,avx512bw")]` functions (so the whole loop is compiled
//! with the feature and every `Vector` method inlines), wrapped in safe functions
//! that are only reachable through [`KERNEL`], which [`kernel`] hands out only after
//! detecting the features.

use crate::generic::{ascii, utf8_validate};
use crate::kernel::{Kernel, SCALAR_TABLE};
use core::arch::x86_64::__m512i;
use utfast_scalar::{utf8 as scalar, Utf8Error};

/// Whether this CPU supports the kernel: run-time detection with `std`, the
/// compile-time target features without.
fn detected() -> bool {
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

static KERNEL: Kernel = Kernel {
    name: "avx512",
    validate_utf8,
    is_utf8,
    is_ascii,
    ..SCALAR_TABLE
};

#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn validate_utf8_avx512(src: &[u8]) -> Result<(), Utf8Error> {
    // SAFETY: the caller guarantees the features enabled on this function.
    unsafe { utf8_validate::validate_utf8::<__m512i>(src) }
}

#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn is_utf8_avx512(src: &[u8]) -> bool {
    // SAFETY: the caller guarantees the features enabled on this function.
    unsafe { utf8_validate::is_utf8::<__m512i>(src) }
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
    unsafe { validate_utf8_avx512(src) }
}

fn is_utf8(src: &[u8]) -> bool {
    if src.len() < utf8_validate::BLOCK {
        return scalar::is_utf8(src);
    }
    // SAFETY: only reachable through KERNEL, handed out after `detected()`.
    unsafe { is_utf8_avx512(src) }
}

fn is_ascii(src: &[u8]) -> bool {
    if src.len() < utf8_validate::BLOCK {
        return scalar::is_ascii(src);
    }
    // SAFETY: only reachable through KERNEL, handed out after `detected()`.
    unsafe { is_ascii_avx512(src) }
}

//! The avx2 kernel: 256-bit vectors, and AVX2 code of its own for the UTF-8
//! transcoders.
//!
//! Validation and the unit-oriented operations are the generic algorithms with
//! 256-bit vectors; the UTF-8 transcoders' windows use 128-bit vectors (VEX-encoded).
//! [`Avx2`] is the kernel's hooks type: the AVX2 block code in the submodules plugs
//! into the generic UTF-8 transcoders through it.

use crate::kernel::Kernel;
use utfast_scalar::{Mode, TranscodeError};

mod rest;
mod utf8_blocks;
mod utf8_to_utf16;
mod utf8_to_utf32;

/// Whether this CPU supports the kernel (AVX2 and POPCNT): run-time detection with
/// `std`, the compile-time target features without.
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
pub(crate) fn kernel() -> Option<&'static Kernel> {
    detected().then_some(&KERNEL)
}

crate::kernel::simd_kernel! {
    static KERNEL = "avx2", features "avx2,popcnt",
    W = core::arch::x86_64::__m256i,
    V = core::arch::x86_64::__m128i,
    H = crate::x86_64::avx2::Avx2;
}

/// The avx2 kernel's hooks (see `crate::generic::hooks`).
pub(crate) struct Avx2;

impl crate::generic::utf8_decode::DecodeHooks for Avx2 {
    #[inline(always)]
    unsafe fn utf8_to_utf16<const BE: bool>(
        src: &[u8],
        dst: &mut [u8],
        mode: Mode,
    ) -> Option<Result<usize, TranscodeError>> {
        // SAFETY: the hooks run only in the avx2 kernel (the caller's promise).
        Some(unsafe { utf8_to_utf16::utf8_to_utf16::<BE>(src, dst, mode) })
    }

    #[inline(always)]
    unsafe fn utf8_to_utf32<const BE: bool>(
        src: &[u8],
        dst: &mut [u8],
        mode: Mode,
    ) -> Option<Result<usize, TranscodeError>> {
        // SAFETY: as above.
        Some(unsafe { utf8_to_utf32::utf8_to_utf32::<BE>(src, dst, mode) })
    }
}

/// UTF-16/UTF-32 -> UTF-8 is the generic loop with 256-bit blocks (16 units per
/// step); the one hook counts the bytes a packing control drops with `popcnt`.
impl crate::generic::utf8_encode::EncodeHooks for Avx2 {
    #[inline(always)]
    fn count_ones8(x: usize) -> usize {
        // `popcnt`: the kernel's features include it.
        x.count_ones() as usize
    }
}

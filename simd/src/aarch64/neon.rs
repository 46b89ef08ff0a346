//! The neon kernel: 128-bit NEON vectors, and NEON block code of its own where the
//! instruction set calls for a different algorithm.
//!
//! Every operation is the generic algorithm with 128-bit vectors. [`Neon`] is the
//! kernel's hooks type: NEON has no `movemask`, so the generic steps that build a
//! bit mask per block (the UTF-16 -> UTF-8 classes, for one) cost a chain of
//! shuffles and additions here; the hooks compute what those steps need with
//! NEON's own reductions (`umaxv`, `addv`) and look-ups (`tbl` with out-of-range
//! indices as zeros) instead:
//!
//! - UTF-16/UTF-32 -> UTF-8 (`utf8_encode.rs`): a loop of its own for runs of
//!   the Basic Multilingual Plane without surrogates (UTF-16: 32 units per step);
//! - UTF-8 -> UTF-16/UTF-32 (`utf8_decode.rs`): the ASCII run, and validated
//!   blocks of one- to three-byte characters (shift-and-insert instead of shifts,
//!   masks and ORs).

use crate::kernel::Kernel;

mod utf8_decode;
mod utf8_encode;

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
pub(crate) fn kernel() -> Option<&'static Kernel> {
    detected().then_some(&KERNEL)
}

crate::kernel::simd_kernel! {
    static KERNEL = "neon", features "neon", implementation "neon",
    W = core::arch::aarch64::uint8x16_t,
    V = core::arch::aarch64::uint8x16_t,
    H = crate::aarch64::neon::Neon;
}

/// The neon kernel's hooks (see `crate::generic::hooks`).
pub(crate) struct Neon;

impl crate::generic::offsets::OffsetsHooks for Neon {}
impl crate::generic::hooks::SwapHooks for Neon {}

impl crate::generic::utf8_decode::DecodeHooks<core::arch::aarch64::uint8x16_t> for Neon {
    #[inline(always)]
    unsafe fn ascii_run<const UTF32: bool, const BE: bool>(
        src: &[u8],
        dst: &mut [u8],
    ) -> Option<(usize, usize)> {
        // SAFETY: the hooks run only in the neon kernel (the caller's promise), and
        // the loop's promises for this hook are those of `utf8_decode::ascii_run`.
        Some(unsafe { utf8_decode::ascii_run::<UTF32, BE>(src, dst) })
    }

    #[inline(always)]
    unsafe fn valid_block<const UTF32: bool, const BE: bool>(
        src: *const u8,
        block: &[core::arch::aarch64::uint8x16_t; 4],
        cont: u64,
        _mode: utfast_scalar::Mode,
        dst: *mut u8,
    ) -> Option<(usize, usize)> {
        // SAFETY: the hooks run only in the neon kernel (the caller's promise), and
        // the loop's promises for this hook are those of `utf8_decode::valid_block`
        // (it guarantees 65 readable bytes and its own windows' output bound).
        Some(unsafe { utf8_decode::valid_block::<UTF32, BE>(src, block, cont, dst) })
    }
}

impl crate::generic::utf8_encode::EncodeHooks for Neon {
    #[inline(always)]
    unsafe fn bmp_run<const UTF32: bool, const BE: bool>(
        src: &[u8],
        dst: &mut [u8],
        pos: usize,
        out: usize,
    ) -> Option<(usize, usize)> {
        // SAFETY: the hooks run only in the neon kernel (the caller's promise), and
        // the loop's promises for this hook are those of `utf8_encode::bmp_run`.
        unsafe { utf8_encode::bmp_run::<UTF32, BE>(src, dst, pos, out) }
    }
}

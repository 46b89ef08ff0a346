//! The avx2 kernel: 256-bit vectors, and AVX2 block code of its own for UTF-8
//! decoding.
//!
//! Every operation is the generic algorithm with 256-bit vectors (the UTF-8
//! decoder's table-driven windows and Latin-1 <-> UTF-8 use 128-bit vectors,
//! VEX-encoded). [`Avx2`] is the kernel's hooks type: the whole-block UTF-8 ->
//! UTF-16/UTF-32 conversions of `utf8_decode.rs`/`utf8_block.rs` plug into the
//! generic decoder through it, and `popcnt` counts the bytes of the UTF-8 encoder's
//! packing controls.

use crate::kernel::Kernel;
use utfast_scalar::Mode;

mod offsets;
mod utf8_block;
mod utf8_decode;

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
    static KERNEL = "avx2", features "avx2,popcnt", implementation "avx2",
    W = core::arch::x86_64::__m256i,
    V = core::arch::x86_64::__m128i,
    H = crate::x86_64::avx2::Avx2;
}

/// The avx2 kernel's hooks (see `crate::generic::hooks`).
pub(crate) struct Avx2;

// Gathers: the string-array offsets check reads one byte per offset.
impl crate::generic::offsets::OffsetsHooks for Avx2 {
    #[inline(always)]
    unsafe fn on_boundaries_i32(offsets: &[i32], values: &[u8]) -> Option<bool> {
        // SAFETY: the hooks run only in the avx2 kernel (the caller's promise).
        Some(unsafe { offsets::on_boundaries_i32(offsets, values) })
    }
    #[inline(always)]
    unsafe fn on_boundaries_i64(offsets: &[i64], values: &[u8]) -> Option<bool> {
        // SAFETY: as above.
        Some(unsafe { offsets::on_boundaries_i64(offsets, values) })
    }
}
// Sixteen registers of 32 bytes: the swap loops have none to spare.
impl crate::generic::utf8_validate::ValidateHooks for Avx2 {}
impl crate::generic::hooks::SwapHooks for Avx2 {
    const PAIR_RUNS_BY_EIGHT: bool = false;
    const PLANE_ONE_RUN: bool = false;
}

impl crate::generic::utf8_decode::DecodeHooks<core::arch::x86_64::__m256i> for Avx2 {
    const BLOCK_READ: usize = utf8_decode::BLOCK_READ;
    const BLOCK_WRITE_UTF16: usize = utf8_decode::BLOCK_WRITE[0];
    const BLOCK_WRITE_UTF32: usize = utf8_decode::BLOCK_WRITE[1];
    // The block hooks convert the blocks of the 16-byte paths with 32-byte vectors.
    const GENERIC_BLOCKS: bool = false;

    #[inline(always)]
    unsafe fn ascii_run<const UTF32: bool, const BE: bool>(
        src: &[u8],
        dst: &mut [u8],
    ) -> Option<(usize, usize)> {
        // SAFETY: the hooks run only in the avx2 kernel (the caller's promise), and
        // the loop's promises for this hook are those of `utf8_decode::ascii_run`.
        Some(unsafe { utf8_decode::ascii_run::<UTF32, BE>(src, dst) })
    }

    #[inline(always)]
    unsafe fn checked_block<const UTF32: bool, const BE: bool>(
        src: *const u8,
        block: &[core::arch::x86_64::__m256i; 2],
        cont: u64,
        mode: Mode,
        dst: *mut u8,
    ) -> Option<(usize, usize)> {
        // SAFETY: as above (`BLOCK_READ` and `BLOCK_WRITE` are this module's).
        unsafe { utf8_decode::three_byte_block::<UTF32, BE>(src, block, cont, mode, dst) }
    }

    #[inline(always)]
    unsafe fn valid_block<const UTF32: bool, const BE: bool>(
        src: *const u8,
        block: &[core::arch::x86_64::__m256i; 2],
        cont: u64,
        _mode: Mode,
        dst: *mut u8,
    ) -> Option<(usize, usize)> {
        // SAFETY: as above; the kernel also has POPCNT.
        unsafe { utf8_decode::valid_block::<UTF32, BE>(src, block, cont, dst) }
    }
}

/// UTF-16/UTF-32 -> UTF-8 is the generic loop with 256-bit blocks (16 units per
/// step); the one hook counts the bytes a packing control drops with `popcnt`.
impl crate::generic::utf8_encode::EncodeHooks for Avx2 {
    const TWO_BYTE_RUNS: crate::generic::utf8_encode::TwoByteRuns =
        crate::generic::utf8_encode::TwoByteRuns::EachVector;
    const THREE_BYTE_RUN32: bool = false;
    #[inline(always)]
    fn count_ones8(x: usize) -> usize {
        // `popcnt`: the kernel's features include it.
        x.count_ones() as usize
    }
}

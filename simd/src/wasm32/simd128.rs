//! The wasm kernel: 128-bit WebAssembly SIMD (`simd128`).
//!
//! Every operation is the generic algorithm with 128-bit vectors (`v128`). WebAssembly
//! has no run-time feature detection: an engine validates the whole module before it
//! runs any of it, and rejects a module with an instruction it lacks. So the kernel
//! exists only in builds compiled with `-C target-feature=+simd128` (and is then
//! always available); without it, wasm builds have the scalar kernel alone.
//!
//! [`Wasm`] is the kernel's hooks type: the generic code everywhere, except
//! `i32.popcnt` in the UTF-8 encoder and two hooks of UTF-8 decoding
//! (`utf8_decode.rs`): the ASCII run, which goes on through blocks of one- and
//! two-byte characters in a loop of its own (text in Latin scripts), and the check
//! and conversion of blocks of one- to three-byte characters without the validator
//! (three-byte scripts mixed with ASCII). simd128's own one-instruction forms (the dense
//! `u8x16_bitmask`, saturating narrowing, the zeroing `i8x16_swizzle`) are in its
//! `Vector`/`VectorExt` impls (`vector/wasm32.rs`, `vector_ext/wasm32.rs`).

use crate::kernel::Kernel;

mod utf8_decode;

/// The wasm kernel: always, as the build has `simd128` (see the module documentation).
pub(crate) fn kernel() -> Option<&'static Kernel> {
    Some(&KERNEL)
}

crate::kernel::simd_kernel! {
    static KERNEL = "wasm", features "simd128", implementation "wasm",
    W = core::arch::wasm32::v128,
    V = core::arch::wasm32::v128,
    H = crate::wasm32::simd128::Wasm;
}

/// The wasm kernel's hooks (see `crate::generic::hooks`).
pub(crate) struct Wasm;

impl crate::generic::utf8_decode::DecodeHooks<core::arch::wasm32::v128> for Wasm {
    #[inline(always)]
    unsafe fn ascii_run<const UTF32: bool, const BE: bool>(
        src: &[u8],
        dst: &mut [u8],
    ) -> Option<(usize, usize)> {
        let unit = if UTF32 { 4 } else { 2 };
        if dst.len() < 64 * unit + crate::generic::utf8_decode::SPARE || src.len() < 128 {
            return None;
        }
        // SAFETY: the hooks run only in the wasm kernel (the caller's promise); 128
        // readable bytes, checked above.
        let three = unsafe { utf8_decode::long_chars_next(src) };
        // SAFETY: the hooks run only in the wasm kernel (the caller's promise);
        // `src` starts with 64 ASCII bytes (the loop's promise) and `dst` has room
        // for their output and `SPARE` bytes, checked above.
        Some(unsafe {
            if three {
                utf8_decode::ascii_blocks::<UTF32, BE>(src, dst)
            } else {
                utf8_decode::run::<UTF32, BE>(src, dst)
            }
        })
    }
    #[inline(always)]
    unsafe fn checked_block<const UTF32: bool, const BE: bool>(
        src: *const u8,
        block: &[core::arch::wasm32::v128; 4],
        cont: u64,
        _mode: utfast_scalar::Mode,
        dst: *mut u8,
    ) -> Option<(usize, usize)> {
        // SAFETY: the hooks run only in the wasm kernel, and the loop guarantees 65
        // readable bytes at `src` (the block, at a character boundary) and the
        // stores of its own whole-block step at `dst` (the caller's promises).
        unsafe { utf8_decode::checked_block::<UTF32, BE>(src, *block, cont, dst) }
    }
}
impl crate::generic::hooks::SwapHooks for Wasm {}
impl crate::generic::offsets::OffsetsHooks for Wasm {}

impl crate::generic::utf8_encode::EncodeHooks for Wasm {
    #[inline(always)]
    fn count_ones8(x: usize) -> usize {
        // `i32.popcnt` is part of WebAssembly's core instructions (one instruction
        // on the engines' back ends), so no table look-up is needed.
        x.count_ones() as usize
    }
}

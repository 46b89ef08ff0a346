//! SIMD UTF-8 <-> UTF-16 transcoders for x86-64 (AVX2 and AVX-512).
//!
//! Shared pieces: the scalar hand-over (tails, exact errors, lossy repair of an
//! invalid stretch) and [`Utf16Transcoders`], the detection-checked handle
//! through which tests and benches reach the kernels before they are wired into
//! the [`Kernel`](crate::Kernel) tables.
//!
//! How every kernel here keeps the scalar contract bit-identical:
//! - the SIMD loop only converts whole, validated characters, and stops at a
//!   character boundary; everything after it (the tail, an invalid block in
//!   strict mode, or the rest when `dst` is nearly full) is converted by
//!   `utfast_scalar::transcode` on `src[pos..]` / `dst[out..]`, whose positions are
//!   shifted by `(pos, out)`;
//! - a SIMD iteration starts only if its whole (over-wide) stores fit in `dst`
//!   with 3 bytes to spare. Scalar reports `OutputTooSmall` only when fewer than
//!   4 bytes were left, so scratch bytes that SIMD stored past its output are
//!   always overwritten by the final output or lie past `written` only when the
//!   result is `Ok` (and never past `dst.len()`);
//! - lossy mode hands an invalid block to scalar lossy conversion up to a
//!   resynchronisation point where splitting the input cannot change the result,
//!   then resumes the SIMD loop.

pub(crate) mod avx2_utf16_to_utf8;
pub(crate) mod avx2_utf8_check;
pub(crate) mod avx2_utf8_to_utf16;
mod rest;

pub(crate) use rest::{
    utf16_resync, utf16_to_utf8_lossy_stretch, utf16_to_utf8_rest, utf8_resync,
    utf8_to_utf16_lossy_stretch, utf8_to_utf16_rest,
};

use crate::kernel::TranscodeFn;

/// The UTF-8 <-> UTF-16 transcoders of one instruction set, handed out only
/// after the CPU features they need were detected (so the function pointers are
/// safe to call). Each has exactly the [`TranscodeFn`] contract of the scalar
/// `utf8_to_utf16` / `utf16_to_utf8` and gives bit-identical results.
#[derive(Debug, Clone, Copy)]
pub struct Utf16Transcoders {
    /// `"avx512"` or `"avx2"`.
    pub name: &'static str,
    /// UTF-8 -> UTF-16 in the destination byte order (source order ignored).
    pub utf8_to_utf16: TranscodeFn,
    /// UTF-16 in the source byte order -> UTF-8 (destination order ignored).
    pub utf16_to_utf8: TranscodeFn,
}

/// The UTF-16 transcoders usable on this CPU, best first (AVX-512, then AVX2).
///
/// ```
/// for t in utfast_simd::utf16_transcoders() {
///     let mut dst = [0u8; 8];
///     let n = (t.utf8_to_utf16)(b"hi", &mut dst, utfast_scalar::Endian::Little,
///         utfast_scalar::Endian::Little, utfast_scalar::Mode::Strict).unwrap();
///     assert_eq!(&dst[..n], b"h\0i\0");
/// }
/// ```
pub fn utf16_transcoders() -> impl Iterator<Item = Utf16Transcoders> {
    let avx2 = super::avx2_utf16::supported().then_some(Utf16Transcoders {
        name: "avx2",
        utf8_to_utf16: super::avx2_utf16::utf8_to_utf16,
        utf16_to_utf8: super::avx2_utf16::utf16_to_utf8,
    });
    [avx2].into_iter().flatten()
}

//! SIMD UTF-8 <-> UTF-16 transcoders for x86-64 (AVX2 and AVX-512).
//!
//! Shared pieces: the scalar hand-over (tails, exact errors, lossy repair of an
//! invalid stretch). The entry points live in `x86_64/avx2_utf16.rs` and are wired
//! into the avx2 [`Kernel`](crate::Kernel) table.
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
//!   result is `Ok` (and never past `dst.len()`). Loops whose stores are exactly
//!   their output (the ASCII runs) only need those stores to fit;
//! - lossy mode hands an invalid block to scalar lossy conversion up to a
//!   resynchronisation point where splitting the input cannot change the result,
//!   then resumes the SIMD loop.

pub(crate) mod avx2_utf16_to_utf8;
pub(crate) mod avx2_utf32_to_utf8;
mod avx2_utf8_blocks;
pub(crate) mod avx2_utf8_to_utf16;
pub(crate) mod avx2_utf8_to_utf32;
mod rest;

pub(crate) use rest::{
    shift, utf16_resync, utf16_to_utf8_lossy_stretch, utf16_to_utf8_rest, utf32_to_utf8_stretch,
    utf8_resync, utf8_to_utf16_lossy_stretch, utf8_to_utf16_rest,
};

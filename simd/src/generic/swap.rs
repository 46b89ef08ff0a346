//! Same-form conversions: UTF-16 -> UTF-16 and UTF-32 -> UTF-32 (validated copy or
//! byte swap, lossy repair, trusted copy), generic over [`VectorExt`].
//!
//! A block is copied (byte-swapped with one shuffle when the orders differ) once it
//! is known to be valid *on its own*: for UTF-16, every surrogate pair must lie
//! inside the block (`low == high << unit` on the surrogate bit masks, see
//! [`super::utf16`], and no high surrogate in the last unit); for UTF-32, no unit may
//! be invalid ([`super::utf32::Utf32Check`]). Other blocks go to the scalar code of
//! the [block loop](super::blocks), which reports errors or writes U+FFFD.
//!
//! Both start with a prefix loop that runs up to the first invalid unit (or the end
//! of the room in `dst`), checking before it stores, so nothing is written past
//! the valid prefix. With 32-byte vectors, its stores are aligned to the vector
//! when `dst` allows it; with 16-byte vectors, when `src` is as misaligned as `dst`
//! (then loads and stores are both aligned), as in [`swap_all`] ([`skew`](super::swap_vectors::skew): the
//! first vector, if it is valid on its own, is swapped unaligned, then the loop
//! starts at the first aligned offset of `dst` and keeps it).
//!
//! - while no unit is above 0xD7FF (almost all text), eight vectors per iteration
//!   and one bytewise maximum per vector, one test and one branch per eight vectors
//!   (the loads are reused for the swap and the stores), in a `while` loop of its
//!   own: a tail shared with the four-vector case costs a taken jump and register
//!   moves per iteration;
//! - UTF-16 ([`utf16_prefix`](super::swap_utf16::utf16_prefix)): four vectors of
//!   nothing but whole surrogate pairs (emoji text) cost two operations per vector
//!   ([`PairRun`](super::surrogate_pairs::PairRun)), in a loop per phase (where the kernel has the registers,
//!   [`SwapHooks::PAIR_RUNS_BY_EIGHT`], eight vectors per test, which halves the
//!   loop's branches and, in the odd phase, its scalar test of the unit after
//!   them); other vectors with surrogates have their pairing checked in vectors,
//!   each vector against itself loaded one unit later (no shift across vectors, and
//!   the unit after the four vectors is checked before they are stored); pairs
//!   that straddle two iterations put the next in the odd phase (a low surrogate
//!   first, [`PairRun`](super::surrogate_pairs::PairRun) with the pattern `DC00 D800`, and the unit after the four
//!   vectors tested by its high byte alone), so the loop never steps back and its
//!   stores stay aligned;
//! - UTF-32 ([`utf32_prefix`](super::swap_utf32::utf32_prefix)): after eight
//!   vectors with a unit above 0xD7FF, where the kernel has the registers
//!   ([`SwapHooks::PLANE_ONE_RUN`]) a loop for characters of plane 1 only
//!   (`PlaneOneRun`: an addition and an OR per vector, emoji), then a run of
//!   iterations of four vectors with the exact test in 32-bit lanes (`Utf32Exact`:
//!   an XOR, an addition and an unsigned maximum per vector, both the surrogates
//!   and the units above 0x10FFFF in one comparison), then back.
//!
//! Registers shape these loops: on x86 they share sixteen (eight vectors, the
//! shuffle and the constants), so every further constant (a minimum/maximum test
//! for runs of supplementary characters; on AVX2 even `PlaneOneRun`'s one) spills
//! vectors of the loop below 0xD800, and so does an exact loop with a constant
//! count, unrolled. That loop tests the *loaded* vectors, not the swapped ones: the
//! test would wait for the shuffles, and LLVM rebalances any chain of maxima into a
//! tree with copies anyway. In the odd phase the unit after the four vectors is
//! tested by one scalar load rather than on vectors loaded one unit later (four more
//! loads, a quarter of them split across cache lines). And every loop tests before
//! it stores: storing first would save register copies, but would leave swapped
//! units of invalid input in `dst` past `written`, and the fixed-width conversions
//! leave every byte after their output untouched.
//!
//! The exact position and kind of an error are left to the block loop that
//! continues after the prefix. There, the common case, a block without any
//! surrogate (UTF-16) or invalid unit (UTF-32), is tested four blocks at a time
//! ([`BlockOp::block4`](super::blocks::BlockOp::block4)): one branch per four vectors. Whether the bytes are
//! swapped is a constant of the compiled loops (`SWAP`), not a test per block.
//!
//! In trusted-valid mode, when `dst` has room for the whole input, the conversion of
//! valid input is the byte swap (or copy) of the whole input: [`swap_all`] does just
//! that, four vectors per iteration, the last vector overlapping the one before, as
//! fast as a plain byte swap. With less room, the output must end on a character
//! boundary, and the block loop below does it.
//!
//! Otherwise, in trusted-valid mode blocks are copied or swapped without validation (a UTF-16
//! block must still not end with a high surrogate, so that it ends on a character
//! boundary of valid input). For UTF-32
//! that is exactly what the scalar code does on any input; for UTF-16 it is exact on
//! valid input (on invalid input, which that mode excludes, the scalar code re-encodes
//! a high surrogate with the unit after it, the copy does not).

use super::blocks::{run_in_mode, shift};
use super::hooks::SwapHooks;
use super::swap_utf16::{utf16_prefix, Utf16ToUtf16};
use super::swap_utf32::{utf32_prefix, Utf32ToUtf32};
use super::swap_vectors::swap_all;
use crate::vector_ext::VectorExt;
use utfast_scalar::{Endian, Mode, TranscodeError};

/// `Kernel::utf16_to_utf16`: a byte swap, validated copy or repair.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf16<V: VectorExt, H: SwapHooks>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let whole = mode == Mode::Valid
        && src.len() >= V::BYTES
        && src.len().is_multiple_of(2)
        && dst.len() >= src.len();
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        match (from != to, whole) {
            (true, true) => Ok(swap_all::<V, 2, true>(src, dst)),
            (false, true) => Ok(swap_all::<V, 2, false>(src, dst)),
            (true, false) => checked16::<V, H, true>(src, dst, from, to, mode),
            (false, false) => checked16::<V, H, false>(src, dst, from, to, mode),
        }
    }
}

/// The checked swap or copy (`SWAP`) of UTF-16: the prefix loop, then the block loop
/// in `mode` from where it stopped.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn checked16<V: VectorExt, H: SwapHooks, const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        let p = utf16_prefix::<V, H, SWAP>(src, dst, from);
        let r = run_in_mode::<V, _>(
            mode,
            |m| Utf16ToUtf16::<V, SWAP>::new(from, to, m),
            &src[p..],
            &mut dst[p..],
        );
        shift(r, p, p)
    }
}

/// `Kernel::utf32_to_utf32`: a byte swap, validated copy or repair.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf32<V: VectorExt, H: SwapHooks>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let whole = mode == Mode::Valid
        && src.len() >= V::BYTES
        && src.len().is_multiple_of(4)
        && dst.len() >= src.len();
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        match (from != to, whole) {
            (true, true) => Ok(swap_all::<V, 4, true>(src, dst)),
            (false, true) => Ok(swap_all::<V, 4, false>(src, dst)),
            (true, false) => checked32::<V, H, true>(src, dst, from, to, mode),
            (false, false) => checked32::<V, H, false>(src, dst, from, to, mode),
        }
    }
}

/// The checked swap or copy (`SWAP`) of UTF-32: the prefix loop, then the block loop
/// in `mode` from where it stopped.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn checked32<V: VectorExt, H: SwapHooks, const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        let p = match from {
            Endian::Little => utf32_prefix::<V, H, SWAP, true>(src, dst),
            Endian::Big => utf32_prefix::<V, H, SWAP, false>(src, dst),
        };
        let r = run_in_mode::<V, _>(
            mode,
            |m| Utf32ToUtf32::<V, SWAP>::new(from, to, m),
            &src[p..],
            &mut dst[p..],
        );
        shift(r, p, p)
    }
}

//! The offsets check of a string array (Apache Arrow's layout): whether offsets never
//! decrease, stay inside the values, and none points at a UTF-8 continuation byte.
//!
//! `utfast::validate_utf8_offsets` splits an array into blocks of offsets, validates
//! each block's span of values once (so that it is in the cache) and then asks this
//! operation about the block's offsets. Two questions per offset:
//!
//! - "Does it decrease?" compares neighbours: loads of the offsets at `k` and `k + 1`
//!   and a comparison, which vectorizes by itself.
//! - "Is `values[o]` a continuation byte?" is one byte read per offset at an address
//!   that only the offset knows: a gather. The portable loop here reads the bytes one
//!   by one; it needs no bounds check per read, because the first and last offsets are
//!   tested against the values first and the neighbour comparison shows that every
//!   offset lies between them, so it does nothing but the reads and an `or`. A kernel
//!   with a gather instruction (AVX2's `vpgatherdd`/`vpgatherqq`) does the same
//!   through [`OffsetsHooks`], eight or four offsets per instruction.
//!
//! The result is a yes/no for the whole slice: the caller, on a no, runs the reference
//! (`utfast_scalar::offsets`) over the block to name the first bad string.

use crate::generic::hooks::NoHooks;
use utfast_scalar::offsets::is_continuation;

/// An ISA's own offsets check (gathers). Every method declines (`None`) by default.
pub(crate) trait OffsetsHooks {
    /// [`on_boundaries_i32`]'s answer, or `None` to run the portable loop.
    ///
    /// # Safety
    /// The CPU supports the kernel's ISA.
    #[inline(always)]
    unsafe fn on_boundaries_i32(_offsets: &[i32], _values: &[u8]) -> Option<bool> {
        None
    }
    /// [`on_boundaries_i64`]'s answer, or `None` to run the portable loop.
    ///
    /// # Safety
    /// The CPU supports the kernel's ISA.
    #[inline(always)]
    unsafe fn on_boundaries_i64(_offsets: &[i64], _values: &[u8]) -> Option<bool> {
        None
    }
}

impl OffsetsHooks for NoHooks {}

/// `utfast_scalar::offsets::on_boundaries` for `i32` offsets.
///
/// # Safety
/// The CPU supports the kernel's ISA (`H`'s hooks may use it).
#[inline(always)]
pub(crate) unsafe fn on_boundaries_i32<H: OffsetsHooks>(offsets: &[i32], values: &[u8]) -> bool {
    // SAFETY: the ISA is the caller's promise.
    if let Some(ok) = unsafe { H::on_boundaries_i32(offsets, values) } {
        return ok;
    }
    portable(offsets, values, i64::from)
}

/// `utfast_scalar::offsets::on_boundaries` for `i64` offsets.
///
/// # Safety
/// The CPU supports the kernel's ISA (`H`'s hooks may use it).
#[inline(always)]
pub(crate) unsafe fn on_boundaries_i64<H: OffsetsHooks>(offsets: &[i64], values: &[u8]) -> bool {
    // SAFETY: the ISA is the caller's promise.
    if let Some(ok) = unsafe { H::on_boundaries_i64(offsets, values) } {
        return ok;
    }
    portable(offsets, values, |o| o)
}

/// The portable check: the ends against the values, the neighbour comparison, then
/// the byte reads without bounds checks.
#[inline(always)]
pub(crate) fn portable<O: Copy + Ord>(
    offsets: &[O],
    values: &[u8],
    wide: impl Fn(O) -> i64,
) -> bool {
    let (Some(&first), Some(&last)) = (offsets.first(), offsets.last()) else {
        return true;
    };
    let len = values.len();
    if wide(first) < 0 || wide(last) as u64 > len as u64 {
        return false;
    }
    let mut decreasing = false;
    for (a, b) in offsets.iter().zip(&offsets[1..]) {
        decreasing |= b < a;
    }
    if decreasing {
        return false;
    }
    // Every offset is in `first..=last`, inside `0..=len`; those equal to `len` form a
    // suffix and are ends, not read.
    let below = offsets.partition_point(|&o| (wide(o) as usize) < len);
    let mut inside = false;
    for &o in &offsets[..below] {
        let o = wide(o) as usize;
        debug_assert!(o < len);
        // SAFETY: `0 <= o < len` (above).
        inside |= is_continuation(unsafe { *values.get_unchecked(o) });
    }
    !inside
}

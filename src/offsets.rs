//! `validate_utf8_offsets`: a string array (one values buffer, one offsets buffer, the
//! layout of Apache Arrow's `Utf8`/`LargeUtf8`) validated in one pass.
//!
//! The rules and the order of the errors are the scalar reference's
//! (`utfast_scalar::offsets`): every offset in `0..=values.len()`, never decreasing,
//! every string UTF-8 by itself. Checking each string with its own validator call
//! would spend most of the time in per-call overhead on short strings, so the fast
//! path never looks at single strings:
//!
//! - The offsets are taken in blocks of `BLOCK`; block `b` spans the values from its
//!   first offset `c0` to its last `c1` (blocks share their end offsets).
//! - The SIMD validator checks `values[c0..c1]` in one call; then the kernel's offsets
//!   check (`Kernel::offsets_on_boundaries_i32`/`_i64`) tests the block's offsets:
//!   none decreases (which, with `0 <= c0 <= c1 <= values.len()`, keeps every offset
//!   in range) and none below `c1` points at a continuation byte. Valid UTF-8 cut at
//!   offsets that are not on continuation bytes gives valid strings, and valid
//!   strings concatenate to valid UTF-8, so the two checks together decide exactly
//!   the rule.
//! - A block whose span is ASCII skips both: its offsets need only be in order. The
//!   ASCII test stops at the first non-ASCII byte, so other text pays little for it.
//! - The byte at each offset is a read at an address only the offset knows (a gather,
//!   one instruction per eight offsets on AVX2). The block is small enough that its
//!   values are still in the first-level cache when the offsets check reads them
//!   right after the validator did: those reads hit, and the values are read from
//!   memory once.
//! - When a block fails, the blocks before it are valid, and the reference, run from
//!   the block's first offset with the SIMD validator per string, finds the exact
//!   first error. Only failing input pays for per-string calls.

use crate::kernel::Kernel;
use crate::validate::validate_utf8;
use utfast_scalar::offsets::{validate_utf8_offsets_with, TypedOffsets};
pub use utfast_scalar::offsets::{Offset, OffsetsError, OffsetsErrorKind};

/// Offsets per block: enough strings that the two calls per block are amortized, few
/// enough that the block's values (a few kilobytes for short strings) stay in the
/// first-level cache between the validator and the offsets check.
const BLOCK: usize = 256;

/// Validates a string array given as a values buffer and its offsets (Apache Arrow's
/// `Utf8` with `i32` offsets, `LargeUtf8` with `i64`): string `k` is
/// `values[offsets[k]..offsets[k + 1]]`.
///
/// Valid exactly when every offset is in `0..=values.len()`, the offsets never
/// decrease, and `values[offsets[0]..offsets[last]]` is UTF-8 with every offset on a
/// character boundary (each string is UTF-8 by itself) — Arrow's own rule
/// (`ArrayData::validate_full`). Bytes outside that range are not looked at. Empty
/// `offsets` (an empty Arrow array may have no offsets) and a single in-range offset
/// are valid.
///
/// Errors: [`OffsetsError`] names the first invalid string (the lowest index) and what
/// is wrong with it: [`OffsetsErrorKind::OutOfRange`], [`Decreasing`], [`NotCharBoundary`]
/// (its end offset cuts a character) or [`InvalidUtf8`] with the [`Utf8Error`] of the
/// string, relative to its first byte. The order of the checks is documented in
/// `utfast_scalar::offsets`.
///
/// [`Decreasing`]: OffsetsErrorKind::Decreasing
/// [`NotCharBoundary`]: OffsetsErrorKind::NotCharBoundary
/// [`InvalidUtf8`]: OffsetsErrorKind::InvalidUtf8
/// [`Utf8Error`]: crate::Utf8Error
///
/// ```
/// use utfast::OffsetsErrorKind;
/// let values = "héllo wörld".as_bytes();
/// assert!(utfast::validate_utf8_offsets(values, &[0i32, 6, 13]).is_ok());
///
/// let e = utfast::validate_utf8_offsets(values, &[0i64, 2, 13]).unwrap_err();
/// assert_eq!((e.index(), e.kind()), (0, OffsetsErrorKind::NotCharBoundary));
/// let e = utfast::validate_utf8_offsets(values, &[0i32, 6, 4]).unwrap_err();
/// assert_eq!((e.index(), e.kind()), (1, OffsetsErrorKind::Decreasing));
/// let e = utfast::validate_utf8_offsets(b"ok\xFF", &[0i32, 2, 3]).unwrap_err();
/// assert_eq!((e.index(), e.utf8_error().unwrap().valid_up_to()), (1, 0));
/// ```
pub fn validate_utf8_offsets<O: Offset>(values: &[u8], offsets: &[O]) -> Result<(), OffsetsError> {
    let n = offsets.len();
    if n < 2 {
        return exact_from(values, offsets, 0);
    }
    let len = values.len() as u64;
    let kernel = crate::kernel::active();
    let mut i = 0;
    while i + 1 < n {
        let j = (i + BLOCK).min(n - 1);
        let block = &offsets[i..=j];
        let (c0, c1) = (offsets[i].to_i64(), offsets[j].to_i64());
        let ends_ok = c0 >= 0 && c0 <= c1 && c1 as u64 <= len;
        if !ends_ok || !block_ok(kernel, values, block, c0 as usize, c1 as usize) {
            return exact_from(values, offsets, i);
        }
        i = j;
    }
    Ok(())
}

/// One block whose ends are in order and inside the values: its span is UTF-8 and its
/// offsets are on its character boundaries. An ASCII span has nothing but
/// boundaries, so only the order of its offsets is left to check (no byte reads); the
/// ASCII test stops at the first byte above 0x7F, so other text pays little for it.
#[inline]
fn block_ok<O: Offset>(kernel: &Kernel, values: &[u8], block: &[O], c0: usize, c1: usize) -> bool {
    let span = &values[c0..c1];
    if kernel.is_ascii(span) {
        let mut decreasing = false;
        for (a, b) in block.iter().zip(&block[1..]) {
            decreasing |= b < a;
        }
        return !decreasing;
    }
    kernel.is_utf8(span) && on_boundaries(kernel, block, &values[..c1])
}

/// The offsets half of the rule for one block, whose last offset is `values.len()`
/// (see `utfast_scalar::offsets::on_boundaries`): the kernel's entry of the offsets'
/// type (a gather where the CPU has one).
#[inline]
fn on_boundaries<O: Offset>(kernel: &Kernel, block: &[O], values: &[u8]) -> bool {
    match O::typed(block) {
        TypedOffsets::I32(o) => kernel.offsets_on_boundaries_i32(o, values),
        TypedOffsets::I64(o) => kernel.offsets_on_boundaries_i64(o, values),
    }
}

/// The exact first error of `offsets[start..]`, whose strings before `start` are known
/// to be valid (the reference with the SIMD validator per string), as indices into the
/// whole `offsets`.
#[cold]
#[inline(never)]
fn exact_from<O: Offset>(values: &[u8], offsets: &[O], start: usize) -> Result<(), OffsetsError> {
    validate_utf8_offsets_with(values, &offsets[start..], validate_utf8).map_err(|e| {
        OffsetsError::new(
            e.index() + start,
            e.offset_index() + start,
            e.offset(),
            e.kind(),
        )
    })
}

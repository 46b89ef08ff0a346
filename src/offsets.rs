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
//! - Branch-free loops over the block's offsets OR together "decreasing" (which,
//!   with `0 <= c0 <= c1 <= values.len()`, keeps every offset in range) and
//!   "`values[o]` is a continuation byte" for every `o < c1`. Nothing in them depends
//!   on a branch, so they run at a few instructions per offset.
//! - The SIMD validator checks `values[c0..c1]` in one call, before the offsets loops,
//!   so that the loops' byte reads find the block's values in the cache. Valid UTF-8 cut at
//!   offsets that are not on continuation bytes gives valid strings, and valid strings
//!   concatenate to valid UTF-8, so the two checks together decide exactly the rule.
//!   The values are read from memory once.
//! - When a block fails, the blocks before it are valid, and the reference, run from
//!   the block's first offset with the SIMD validator per string, finds the exact
//!   first error. Only failing input pays for per-string calls.

use crate::validate::{is_utf8, validate_utf8};
use utfast_scalar::offsets::{is_continuation, validate_utf8_offsets_with};
pub use utfast_scalar::offsets::{Offset, OffsetsError, OffsetsErrorKind};

/// Offsets per block: enough strings that the validator call and the loop set-up are
/// amortized, few enough that the block's values stay in the cache between the two
/// passes.
const BLOCK: usize = 2048;

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
    let mut i = 0;
    while i + 1 < n {
        let j = (i + BLOCK).min(n - 1);
        let block = &offsets[i..=j];
        let (c0, c1) = (offsets[i].to_i64(), offsets[j].to_i64());
        let ends_ok = c0 >= 0 && c0 <= c1 && c1 as u64 <= len;
        if !ends_ok
            || !is_utf8(&values[c0 as usize..c1 as usize])
            || !block_offsets_ok(values, block, c0 as usize, c1 as usize)
        {
            return exact_from(values, offsets, i);
        }
        i = j;
    }
    Ok(())
}

/// The offsets checks of one block whose first and last offsets `c0 <= c1 <=
/// values.len()` are known: none decreases (so all are in `c0..=c1`), and none below
/// `c1` is on a continuation byte. Two branch-free loops: the comparisons of
/// neighbours vectorize; the byte reads cannot (a gather), so they get a loop of
/// their own that does nothing else.
#[inline]
fn block_offsets_ok<O: Offset>(values: &[u8], block: &[O], c0: usize, c1: usize) -> bool {
    let mut decreasing = false;
    for (a, b) in block.iter().zip(&block[1..]) {
        decreasing |= b < a;
    }
    if decreasing {
        return false;
    }
    if c0 == c1 {
        return true;
    }
    // The offsets below `c1` are a prefix (they never decrease); offsets equal to
    // `c1` start empty strings, whatever byte follows.
    let below = block.partition_point(|o| (o.to_i64() as usize) < c1);
    let head = &values[..c1];
    let mut inside = false;
    for &o in &block[..below] {
        inside |= is_continuation(head[o.to_i64() as usize]);
    }
    !inside
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

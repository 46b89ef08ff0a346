//! Validation of a string array given as one values buffer and an offsets buffer
//! (Apache Arrow's `Utf8`/`LargeUtf8` layout): the reference, one string at a time.
//!
//! String `k` is `values[offsets[k]..offsets[k + 1]]`. The array is valid exactly when
//! every offset is in `0..=values.len()`, the offsets never decrease, and every string
//! is UTF-8 by itself. That is the same decision as Arrow's (`values[offsets[0]..last]`
//! is UTF-8 and every offset is a character boundary of it): the concatenation of
//! valid strings is valid, and a valid span cut at character boundaries gives valid
//! strings. Bytes outside `offsets[0]..last` are never looked at.
//!
//! The first error is the one of the lowest string index. For string `k` the checks
//! run in this order, the first that fails is reported:
//! 1. (for `k == 0` only) `offsets[0]` is negative or above `values.len()`;
//! 2. `offsets[k + 1]` is negative or above `values.len()`;
//! 3. `offsets[k + 1] < offsets[k]`;
//! 4. the string is not UTF-8: [`OffsetsErrorKind::NotCharBoundary`] if it ends
//!    inside a character that the bytes after it continue (its error is an incomplete
//!    sequence at the end, and `values[offsets[k + 1]]` is a continuation byte),
//!    [`OffsetsErrorKind::InvalidUtf8`] with the string's own [`Utf8Error`] otherwise.
//!
//! An empty `offsets` slice (an empty Arrow array may have no offsets at all) and a
//! single in-range offset are valid.

use crate::error::Utf8Error;
use core::fmt;

mod sealed {
    pub trait Sealed {}
    impl Sealed for i32 {}
    impl Sealed for i64 {}
}

/// An offset type of a string array: `i32` (Arrow's `Utf8`) or `i64` (`LargeUtf8`).
/// Sealed: no other type implements it.
pub trait Offset: sealed::Sealed + Copy + Ord + fmt::Debug + 'static {
    /// The offset widened to `i64` (exact for both types).
    fn to_i64(self) -> i64;
    /// The slice as what it is, for code with one function per offset type (a
    /// kernel's table). Not part of the stable API.
    #[doc(hidden)]
    fn typed(offsets: &[Self]) -> TypedOffsets<'_>;
    /// [`typed`](Offset::typed) for a mutable slice. Not part of the stable API.
    #[doc(hidden)]
    fn typed_mut(offsets: &mut [Self]) -> TypedOffsetsMut<'_>;
}

/// An offsets slice of either type (see [`Offset::typed`]). Not part of the stable API.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub enum TypedOffsets<'a> {
    /// `i32` offsets.
    I32(&'a [i32]),
    /// `i64` offsets.
    I64(&'a [i64]),
}

/// A mutable offsets slice of either type (see [`Offset::typed_mut`]). Not part of the
/// stable API.
#[doc(hidden)]
#[derive(Debug)]
pub enum TypedOffsetsMut<'a> {
    /// `i32` offsets.
    I32(&'a mut [i32]),
    /// `i64` offsets.
    I64(&'a mut [i64]),
}

impl Offset for i32 {
    #[inline(always)]
    fn to_i64(self) -> i64 {
        i64::from(self)
    }
    #[inline(always)]
    fn typed(offsets: &[i32]) -> TypedOffsets<'_> {
        TypedOffsets::I32(offsets)
    }
    #[inline(always)]
    fn typed_mut(offsets: &mut [i32]) -> TypedOffsetsMut<'_> {
        TypedOffsetsMut::I32(offsets)
    }
}

impl Offset for i64 {
    #[inline(always)]
    fn to_i64(self) -> i64 {
        self
    }
    #[inline(always)]
    fn typed(offsets: &[i64]) -> TypedOffsets<'_> {
        TypedOffsets::I64(offsets)
    }
    #[inline(always)]
    fn typed_mut(offsets: &mut [i64]) -> TypedOffsetsMut<'_> {
        TypedOffsetsMut::I64(offsets)
    }
}

/// What is wrong with the string an [`OffsetsError`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OffsetsErrorKind {
    /// An offset is negative or larger than `values.len()`.
    OutOfRange,
    /// The string's end offset is smaller than its start offset.
    Decreasing,
    /// The string's end offset falls inside a character (between a lead byte and its
    /// continuation bytes).
    NotCharBoundary,
    /// The string is not UTF-8; the error is relative to the string's first byte.
    InvalidUtf8(Utf8Error),
}

/// The first invalid string of a string array (see the [module docs](self) for the
/// order of the checks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OffsetsError {
    index: usize,
    offset_index: usize,
    offset: i64,
    kind: OffsetsErrorKind,
}

impl OffsetsError {
    /// Builds an error: string `index`, the position `offset_index` in the offsets
    /// slice of the offset at fault (the string's end offset for every kind but an
    /// out-of-range `offsets[0]`), that offset's value, and what is wrong.
    pub const fn new(
        index: usize,
        offset_index: usize,
        offset: i64,
        kind: OffsetsErrorKind,
    ) -> Self {
        OffsetsError {
            index,
            offset_index,
            offset,
            kind,
        }
    }
    /// The index of the first invalid string: `values[offsets[i]..offsets[i + 1]]`
    /// (0 when `offsets[0]` itself is out of range, also for a single offset).
    pub const fn index(&self) -> usize {
        self.index
    }
    /// The position in the offsets slice of the offset at fault: `index() + 1`, or 0
    /// for an out-of-range `offsets[0]`.
    pub const fn offset_index(&self) -> usize {
        self.offset_index
    }
    /// The value of the offset at fault.
    pub const fn offset(&self) -> i64 {
        self.offset
    }
    /// What is wrong.
    pub const fn kind(&self) -> OffsetsErrorKind {
        self.kind
    }
    /// The string's UTF-8 error, for [`OffsetsErrorKind::InvalidUtf8`].
    pub const fn utf8_error(&self) -> Option<Utf8Error> {
        match self.kind {
            OffsetsErrorKind::InvalidUtf8(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for OffsetsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (i, at, off) = (self.index, self.offset_index, self.offset);
        match self.kind {
            OffsetsErrorKind::OutOfRange => write!(
                f,
                "string {i}: offset {off} at position {at} is outside the values buffer"
            ),
            OffsetsErrorKind::Decreasing => write!(
                f,
                "string {i}: offset {off} at position {at} is smaller than the one before it"
            ),
            OffsetsErrorKind::NotCharBoundary => write!(
                f,
                "string {i}: offset {off} at position {at} is inside a character"
            ),
            OffsetsErrorKind::InvalidUtf8(e) => write!(f, "string {i} is not UTF-8: {e}"),
        }
    }
}

impl core::error::Error for OffsetsError {}

/// Whether `b` is a UTF-8 continuation byte (`80..=BF`).
#[inline(always)]
pub const fn is_continuation(b: u8) -> bool {
    (b as i8) < -64
}

/// The offsets half of the rule, without validating any string: whether `offsets`
/// never decrease, the first is not negative, the last is at most `values.len()`, and
/// no offset below `values.len()` points at a continuation byte (an offset equal to
/// `values.len()` is an end, whatever follows). Empty `offsets` pass.
///
/// Together with "`values[offsets[0]..]` is UTF-8" this is the whole rule of
/// [`validate_utf8_offsets`] for offsets whose last is `values.len()`: valid UTF-8
/// cut where no continuation byte follows gives valid strings. It is what
/// `utfast::validate_utf8_offsets` runs per block of offsets, after one validation of
/// the block's span (SIMD kernels gather the bytes).
///
/// ```
/// use utfast_scalar::offsets::on_boundaries;
/// let v = "aébc".as_bytes(); // 61 C3 A9 62 63
/// assert!(on_boundaries(&[0i32, 1, 3, 5], v));
/// assert!(!on_boundaries(&[0i32, 2, 5], v)); // 2 is inside é
/// assert!(!on_boundaries(&[0i64, 3, 1], v)); // decreasing
/// assert!(!on_boundaries(&[0i32, 6], v)); // beyond the values
/// ```
pub fn on_boundaries<O: Offset>(offsets: &[O], values: &[u8]) -> bool {
    let (Some(&first), Some(&last)) = (offsets.first(), offsets.last()) else {
        return true;
    };
    if first.to_i64() < 0 || last.to_i64() as u64 > values.len() as u64 {
        return false;
    }
    let mut bad = false;
    for w in offsets.windows(2) {
        bad |= w[1] < w[0];
    }
    // Non-decreasing from a first offset >= 0 to a last <= len: every offset is in
    // range, and the reads below are too.
    !bad && offsets
        .iter()
        .map(|o| o.to_i64() as usize)
        .take_while(|&o| o < values.len())
        .all(|o| !is_continuation(values[o]))
}

/// [`on_boundaries`] for `i32` offsets (the kernels' table has one entry per type).
pub fn on_boundaries_i32(offsets: &[i32], values: &[u8]) -> bool {
    on_boundaries(offsets, values)
}

/// [`on_boundaries`] for `i64` offsets.
pub fn on_boundaries_i64(offsets: &[i64], values: &[u8]) -> bool {
    on_boundaries(offsets, values)
}

/// The UTF-8 length of byte `b` of a single-byte encoding whose high bytes of
/// three-byte characters are the set bits of `three` (bit `b - 0x80`): 1 below 0x80,
/// then 3 or 2.
#[inline]
pub fn single_byte_utf8_len(b: u8, three: u128) -> u8 {
    match b {
        0..0x80 => 1,
        _ => 2 + ((three >> (b - 0x80)) as u8 & 1),
    }
}

/// The offsets of a column in a single-byte encoding after its conversion to UTF-8:
/// `out[k]` is the UTF-8 length of `values[offsets[0]..offsets[k]]`, where a byte
/// below 0x80 takes one byte, a high byte `b` three if bit `b - 0x80` of `three` is
/// set and two otherwise (the layout of every single-byte encoding whose bytes all
/// decode: ASCII below, the rest in the BMP), narrowed to the offset type by
/// `narrow` (the caller checks the returned total against the type's range: the
/// outputs do not decrease, so if the last fits, all do).
///
/// Returns the last output offset (0 for no offsets), or `None` when the offsets are
/// not an array's (the first negative, one beyond `values`, or decreasing) or `out`
/// is not as long as `offsets`; `out` is then unspecified. One byte at a time: the
/// reference of the kernels' `single_byte_offsets_i32`/`_i64`.
///
/// ```
/// use utfast_scalar::offsets::single_byte_offsets_i32;
/// // Latin-1 (no three-byte characters): "a", "\u{e9}t\u{e9}", "".
/// let mut out = [0; 4];
/// let total = single_byte_offsets_i32(b"a\xe9t\xe9", &[0, 1, 4, 4], 0, &mut out);
/// assert_eq!((total, out), (Some(6), [0, 1, 6, 6]));
/// assert_eq!(single_byte_offsets_i32(b"ab", &[0, 2, 1], 0, &mut [0; 3]), None);
/// ```
pub fn single_byte_offsets<O: Offset>(
    values: &[u8],
    offsets: &[O],
    three: u128,
    out: &mut [O],
    narrow: impl Fn(u64) -> O,
) -> Option<u64> {
    if out.len() != offsets.len() {
        return None;
    }
    let Some(&first) = offsets.first() else {
        return Some(0);
    };
    let len = values.len() as u64;
    let mut prev = u64::try_from(first.to_i64()).ok()?;
    let mut total = 0u64;
    for (o, slot) in offsets.iter().zip(out) {
        let o = u64::try_from(o.to_i64()).ok()?;
        if o < prev || o > len {
            return None;
        }
        for &b in &values[prev as usize..o as usize] {
            total += u64::from(single_byte_utf8_len(b, three));
        }
        *slot = narrow(total);
        prev = o;
    }
    Some(total)
}

/// [`single_byte_offsets`] for `i32` offsets (wrapping: the caller checks the total).
pub fn single_byte_offsets_i32(
    values: &[u8],
    offsets: &[i32],
    three: u128,
    out: &mut [i32],
) -> Option<u64> {
    single_byte_offsets(values, offsets, three, out, |n| n as i32)
}

/// [`single_byte_offsets`] for `i64` offsets.
pub fn single_byte_offsets_i64(
    values: &[u8],
    offsets: &[i64],
    three: u128,
    out: &mut [i64],
) -> Option<u64> {
    single_byte_offsets(values, offsets, three, out, |n| n as i64)
}

/// The reference: [`validate_utf8_offsets_with`] with the scalar UTF-8 validator.
///
/// ```
/// use utfast_scalar::offsets::{validate_utf8_offsets, OffsetsErrorKind};
/// assert!(validate_utf8_offsets("aébc".as_bytes(), &[0i32, 1, 3, 5]).is_ok());
/// let e = validate_utf8_offsets("aébc".as_bytes(), &[0i32, 2, 5]).unwrap_err();
/// assert_eq!((e.index(), e.kind()), (0, OffsetsErrorKind::NotCharBoundary));
/// ```
pub fn validate_utf8_offsets<O: Offset>(values: &[u8], offsets: &[O]) -> Result<(), OffsetsError> {
    validate_utf8_offsets_with(values, offsets, crate::utf8::validate_utf8)
}

/// Checks the strings of `offsets` into `values` one at a time, in order, with
/// `validate` as the UTF-8 validator of each string (see the [module docs](self)).
pub fn validate_utf8_offsets_with<O: Offset>(
    values: &[u8],
    offsets: &[O],
    mut validate: impl FnMut(&[u8]) -> Result<(), Utf8Error>,
) -> Result<(), OffsetsError> {
    let Some(&first) = offsets.first() else {
        return Ok(());
    };
    let in_range = |o: i64| o >= 0 && o as u64 <= values.len() as u64;
    let first = first.to_i64();
    if !in_range(first) {
        return Err(OffsetsError::new(0, 0, first, OffsetsErrorKind::OutOfRange));
    }
    let mut start = first as usize;
    for (k, &end) in offsets[1..].iter().enumerate() {
        let end = end.to_i64();
        if !in_range(end) {
            return Err(OffsetsError::new(
                k,
                k + 1,
                end,
                OffsetsErrorKind::OutOfRange,
            ));
        }
        let end_u = end as usize;
        if end_u < start {
            return Err(OffsetsError::new(
                k,
                k + 1,
                end,
                OffsetsErrorKind::Decreasing,
            ));
        }
        if let Err(e) = validate(&values[start..end_u]) {
            let cut =
                e.error_len().is_none() && values.get(end_u).is_some_and(|&b| is_continuation(b));
            let kind = if cut {
                OffsetsErrorKind::NotCharBoundary
            } else {
                OffsetsErrorKind::InvalidUtf8(e)
            };
            return Err(OffsetsError::new(k, k + 1, end, kind));
        }
        start = end_u;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules() {
        let v = "aébc".as_bytes(); // 61 C3 A9 62 63
        assert!(validate_utf8_offsets::<i32>(v, &[]).is_ok());
        assert!(validate_utf8_offsets(v, &[5i64]).is_ok());
        assert!(validate_utf8_offsets(v, &[2i32]).is_ok()); // no string, no UTF-8
        assert!(validate_utf8_offsets(v, &[2i32, 2]).is_ok());
        assert!(validate_utf8_offsets(v, &[0i32, 1]).is_ok()); // bytes after: unchecked
        let e = validate_utf8_offsets(v, &[6i32]).unwrap_err();
        assert_eq!(
            (e.index(), e.offset_index(), e.kind()),
            (0, 0, OffsetsErrorKind::OutOfRange)
        );
        let e = validate_utf8_offsets(v, &[0i32, 3, -1]).unwrap_err();
        assert_eq!(
            (e.index(), e.offset_index(), e.kind()),
            (1, 2, OffsetsErrorKind::OutOfRange)
        );
        let e = validate_utf8_offsets(v, &[0i32, 3, 1]).unwrap_err();
        assert_eq!((e.index(), e.kind()), (1, OffsetsErrorKind::Decreasing));
        let e = validate_utf8_offsets(v, &[0i32, 1, 2, 5]).unwrap_err();
        assert_eq!(
            (e.index(), e.kind()),
            (1, OffsetsErrorKind::NotCharBoundary)
        );
        let e = validate_utf8_offsets(v, &[2i32, 5]).unwrap_err();
        let u = e.utf8_error().unwrap();
        assert_eq!((e.index(), u.valid_up_to(), u.error_len()), (0, 0, Some(1)));
        // The offsets half agrees with the whole rule on valid UTF-8.
        for offs in [
            &[0i32, 1, 3, 5][..],
            &[0, 2, 5],
            &[0, 3, 1],
            &[-1, 5],
            &[0, 6],
            &[3, 3, 5],
            &[5],
        ] {
            let whole = validate_utf8_offsets(v, offs).is_ok();
            let last = *offs.last().unwrap();
            if (0..=5).contains(&last) && offs[0] >= 0 && offs[0] <= last {
                let span = &v[..last as usize];
                assert_eq!(on_boundaries(offs, span), whole, "{offs:?}");
            } else {
                assert!(!on_boundaries(offs, v) && !whole, "{offs:?}");
            }
        }
        // The lowest string index wins over a later offset error.
        let e = validate_utf8_offsets(b"a\xFFbc", &[0i32, 2, 3, 1, 9]).unwrap_err();
        assert_eq!(e.index(), 0);
    }
}

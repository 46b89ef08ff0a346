//! Output lengths and code point counts, generic over [`VectorExt`].
//!
//! Every length function of `utfast_scalar::len` is a sum over input bytes or units
//! of a small formula (for example UTF-8 bytes from UTF-16: `1 + (u >= 0x80) +
//! (u >= 0x800 && u is not a surrogate)`). Each formula is rewritten as a count of
//! comparison hits: per vector, one comparison per condition, a [`VectorExt::bitmask`]
//! and a population count. The sums are kept in "mask bits" (a unit of `w` bytes has
//! `w * MASK_BITS` bits in a mask) and divided once at the end; the tail (less than a
//! vector, including a trailing partial unit, which the scalar functions ignore) goes
//! to the scalar function. Since the formulas are the scalar ones, applied to every
//! unit, the results are identical to the scalar functions on *every* input, valid
//! or not.

use super::blocks::{pat16, pat32};
use crate::vector_ext::VectorExt;
use utfast_scalar::{len as scalar, Endian};

/// The per-vector count of one length function, in mask bits.
trait Bits<V: VectorExt> {
    /// Mask bits per output unit counted (e.g. `2 * MASK_BITS` for a UTF-16 input unit).
    fn divisor(&self) -> u64;
    /// The count for the vector `v`, in mask bits.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    unsafe fn bits(&self, v: V) -> u64;
}

/// Sums `f.bits` over the whole vectors of `src`; returns the bytes covered and the
/// sum divided by `f.divisor()`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn sum<V: VectorExt, F: Bits<V>>(src: &[u8], f: &F) -> (usize, usize) {
    let (n, ptr) = (src.len(), src.as_ptr());
    let mut i = 0;
    let mut total = 0u64;
    while i + V::BYTES <= n {
        // SAFETY: the ISA is the caller's promise; `i + V::BYTES <= n`.
        total += unsafe { f.bits(V::load_unaligned(ptr.add(i))) };
        i += V::BYTES;
    }
    (i, (total / f.divisor()) as usize)
}

/// Population count of a comparison result's mask.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn hits<V: VectorExt>(v: V) -> u64 {
    // SAFETY: the ISA is the caller's promise.
    u64::from(unsafe { v.bitmask() }.count_ones())
}

/// All mask bits of one vector.
fn all<V: VectorExt>() -> u64 {
    V::BYTES as u64 * u64::from(V::MASK_BITS)
}

/// `(v & mask) == pattern` per byte, 16-bit or 32-bit lane, for the length counts.
struct Test<V> {
    mask: V,
    pattern: V,
}

impl<V: VectorExt> Test<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn new(mask: [u8; 4], pattern: [u8; 4]) -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Test {
                mask: V::splat4(mask),
                pattern: V::splat4(pattern),
            }
        }
    }
}

/// UTF-8 counts: `base` bits per byte that is not a continuation byte, plus bits
/// of 4-byte leads if `leads` (UTF-16 length).
struct Utf8Counts<V> {
    continuation: Test<V>,
    four: Option<Test<V>>,
}

impl<V: VectorExt> Bits<V> for Utf8Counts<V> {
    fn divisor(&self) -> u64 {
        u64::from(V::MASK_BITS)
    }
    #[inline(always)]
    unsafe fn bits(&self, v: V) -> u64 {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let t = &self.continuation;
            let mut b = all::<V>() - hits(v.and(t.mask).eq8(t.pattern));
            if let Some(t) = &self.four {
                b += hits(v.and(t.mask).eq8(t.pattern));
            }
            b
        }
    }
}

/// Code points in UTF-8 (bytes that are not continuation bytes); any input.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn count_utf8<V: VectorExt>(src: &[u8]) -> usize {
    // SAFETY: the ISA is the caller's promise.
    let (i, n) = unsafe {
        let f = Utf8Counts {
            continuation: Test::new([0xC0; 4], [0x80; 4]),
            four: None,
        };
        sum::<V, _>(src, &f)
    };
    n + scalar::count_utf8(&src[i..])
}

/// UTF-16 units for UTF-8 (non-continuation bytes plus 4-byte leads); any input.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf16_len_from_utf8<V: VectorExt>(src: &[u8]) -> usize {
    // SAFETY: the ISA is the caller's promise.
    let (i, n) = unsafe {
        let f = Utf8Counts {
            continuation: Test::new([0xC0; 4], [0x80; 4]),
            four: Some(Test::new([0xF0; 4], [0xF0; 4])),
        };
        sum::<V, _>(src, &f)
    };
    n + scalar::utf16_len_from_utf8(&src[i..])
}

/// Latin-1 to UTF-8: one bit count per byte, plus one per byte >= 0x80.
struct Latin1Counts<V>(Test<V>);

impl<V: VectorExt> Bits<V> for Latin1Counts<V> {
    fn divisor(&self) -> u64 {
        u64::from(V::MASK_BITS)
    }
    #[inline(always)]
    unsafe fn bits(&self, v: V) -> u64 {
        // SAFETY: the ISA is the caller's promise.
        unsafe { all::<V>() + hits(v.and(self.0.mask).eq8(self.0.pattern)) }
    }
}

/// UTF-8 bytes for Latin-1.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf8_len_from_latin1<V: VectorExt>(src: &[u8]) -> usize {
    // SAFETY: the ISA is the caller's promise.
    let (i, n) = unsafe { sum::<V, _>(src, &Latin1Counts(Test::new([0x80; 4], [0x80; 4]))) };
    n + scalar::utf8_len_from_latin1(&src[i..])
}

/// UTF-16 counts: `weight` per unit minus the units matching each test (16-bit lanes).
struct Utf16Counts<V> {
    weight: u64,
    minus: [Option<Test<V>>; 2],
    /// Also subtracted, OR-ed with `minus[1]` (disjoint from it).
    or_minus: Option<Test<V>>,
}

impl<V: VectorExt> Bits<V> for Utf16Counts<V> {
    fn divisor(&self) -> u64 {
        2 * u64::from(V::MASK_BITS)
    }
    #[inline(always)]
    unsafe fn bits(&self, v: V) -> u64 {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let mut b = self.weight * all::<V>();
            if let Some(t) = &self.minus[0] {
                b -= hits(v.and(t.mask).eq16(t.pattern));
            }
            if let Some(t) = &self.minus[1] {
                let mut m = v.and(t.mask).eq16(t.pattern);
                if let Some(o) = &self.or_minus {
                    m = m.or(v.and(o.mask).eq16(o.pattern));
                }
                b -= hits(m);
            }
            b
        }
    }
}

/// Code points in UTF-16 bytes (units that are not low surrogates); any input.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn count_utf16<V: VectorExt>(src: &[u8], e: Endian) -> usize {
    // SAFETY: the ISA is the caller's promise.
    let (i, n) = unsafe {
        let f = Utf16Counts {
            weight: 1,
            minus: [Some(Test::new(pat16(0xFC00, e), pat16(0xDC00, e))), None],
            or_minus: None,
        };
        sum::<V, _>(src, &f)
    };
    n + scalar::count_utf16(&src[i..], e)
}

/// UTF-8 bytes for UTF-16 bytes: `3 - (u < 0x80) - (u < 0x800 || surrogate)` per unit.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf8_len_from_utf16<V: VectorExt>(src: &[u8], e: Endian) -> usize {
    // SAFETY: the ISA is the caller's promise.
    let (i, n) = unsafe {
        let f = Utf16Counts {
            weight: 3,
            minus: [
                Some(Test::new(pat16(0xFF80, e), [0; 4])),
                Some(Test::new(pat16(0xF800, e), [0; 4])),
            ],
            or_minus: Some(Test::new(pat16(0xF800, e), pat16(0xD800, e))),
        };
        sum::<V, _>(src, &f)
    };
    n + scalar::utf8_len_from_utf16(&src[i..], e)
}

/// UTF-32 counts: `weight` per unit minus the units below each limit (32-bit lanes).
struct Utf32Counts<V> {
    weight: u64,
    below: [Option<Test<V>>; 3],
}

impl<V: VectorExt> Bits<V> for Utf32Counts<V> {
    fn divisor(&self) -> u64 {
        4 * u64::from(V::MASK_BITS)
    }
    #[inline(always)]
    unsafe fn bits(&self, v: V) -> u64 {
        let mut b = self.weight * all::<V>();
        for t in self.below.iter().flatten() {
            // SAFETY: the ISA is the caller's promise.
            b -= unsafe { hits(v.and(t.mask).eq32(t.pattern)) };
        }
        b
    }
}

/// The test `u < limit` for a power-of-two `limit`, in byte order `e`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn below<V: VectorExt>(limit: u32, e: Endian) -> Option<Test<V>> {
    // SAFETY: the ISA is the caller's promise.
    Some(unsafe { Test::new(pat32(!(limit - 1), e), [0; 4]) })
}

/// UTF-8 bytes for UTF-32 bytes: `4 - (u < 0x80) - (u < 0x800) - (u < 0x10000)`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf8_len_from_utf32<V: VectorExt>(src: &[u8], e: Endian) -> usize {
    // SAFETY: the ISA is the caller's promise.
    let (i, n) = unsafe {
        let f = Utf32Counts {
            weight: 4,
            below: [below(0x80, e), below(0x800, e), below(0x10000, e)],
        };
        sum::<V, _>(src, &f)
    };
    n + scalar::utf8_len_from_utf32(&src[i..], e)
}

/// UTF-16 units for UTF-32 bytes: `2 - (u < 0x10000)` per unit.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf16_len_from_utf32<V: VectorExt>(src: &[u8], e: Endian) -> usize {
    // SAFETY: the ISA is the caller's promise.
    let (i, n) = unsafe {
        let f = Utf32Counts {
            weight: 2,
            below: [below(0x10000, e), None, None],
        };
        sum::<V, _>(src, &f)
    };
    n + scalar::utf16_len_from_utf32(&src[i..], e)
}

//! Output lengths and code point counts, generic over [`VectorExt`].
//!
//! Every length function of `utfast_scalar::len` is a sum over input bytes or units
//! of a small formula (for example UTF-8 bytes from UTF-16: `1 + (u >= 0x80) +
//! (u >= 0x800 && u is not a surrogate)`). Each formula is rewritten as a fixed part
//! (a multiple of the number of units) plus or minus counts of comparison hits, e.g.
//! `3 - (u < 0x80) - (u < 0x800 || surrogate)`.
//!
//! Hits are counted in byte-wide vector accumulators: a comparison result is `0xFF`
//! (`-1`) in every byte of a hit, so `acc - hit` adds one per byte (a hit on a 16-bit
//! lane adds one to both of its bytes: the sums are divided by the lane width at the
//! end). Before a byte could overflow (255 / hits per step vectors) the accumulators
//! are summed horizontally ([`VectorExt::sum_bytes`]). The tail (less than a vector,
//! including a trailing partial unit, which the scalar functions ignore) goes to the
//! scalar function. Since the formulas are the scalar ones applied to every unit, the
//! results are identical to the scalar functions on *every* input, valid or not.

use super::blocks::{pat16, pat32};
use crate::vector_ext::VectorExt;
use utfast_scalar::{len as scalar, Endian};

/// `(v & mask) == pattern` per byte, 16-bit or 32-bit lane.
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

/// The comparisons of one length function.
trait Counts<V: VectorExt> {
    /// The most one [`Counts::step`] adds to a byte of either accumulator.
    const PER_STEP: usize;
    /// Adds the hits of `v` to the accumulators `plus` and `minus` (one per byte
    /// of a hit).
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    unsafe fn step(&self, v: V, plus: &mut V, minus: &mut V);
}

/// Runs `c` over the whole vectors of `src`; returns the bytes covered and the
/// `plus` and `minus` byte-hit sums.
///
/// Four vectors per iteration into two pairs of accumulators: a step's updates of an
/// accumulator depend on each other (up to three subtractions in a row), so two
/// independent chains keep the vector units busy, and the loop test is paid once
/// per four vectors.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn sum<V: VectorExt, C: Counts<V>>(src: &[u8], c: &C) -> (usize, u64, u64) {
    let (n, ptr) = (src.len(), src.as_ptr());
    // Steps per accumulator before a byte could overflow.
    let batch = 255 / C::PER_STEP;
    let (mut i, mut plus, mut minus) = (0, 0, 0);
    // SAFETY: the ISA is the caller's promise; every load reads `V::BYTES` bytes at
    // `ptr + j` with `j + V::BYTES <= n`.
    unsafe {
        while i + V::BYTES <= n {
            let (mut p0, mut m0) = (V::splat(0), V::splat(0));
            let (mut p1, mut m1) = (V::splat(0), V::splat(0));
            // Each iteration adds two steps to each accumulator pair.
            let mut k = 0;
            while k + 2 <= batch && i + 4 * V::BYTES <= n {
                let at = ptr.add(i);
                c.step(V::load_unaligned(at), &mut p0, &mut m0);
                c.step(V::load_unaligned(at.add(V::BYTES)), &mut p1, &mut m1);
                c.step(V::load_unaligned(at.add(2 * V::BYTES)), &mut p0, &mut m0);
                c.step(V::load_unaligned(at.add(3 * V::BYTES)), &mut p1, &mut m1);
                i += 4 * V::BYTES;
                k += 2;
            }
            // The last (up to three) whole vectors, or the rest of a batch.
            while k < batch && i + V::BYTES <= n {
                c.step(V::load_unaligned(ptr.add(i)), &mut p0, &mut m0);
                i += V::BYTES;
                k += 1;
            }
            plus += p0.sum_bytes() + p1.sum_bytes();
            minus += m0.sum_bytes() + m1.sum_bytes();
        }
    }
    (i, plus, minus)
}

/// UTF-8: continuation bytes (minus), and 4-byte leads (plus) if `four` is set.
struct Utf8Counts<V> {
    continuation: Test<V>,
    four: Option<Test<V>>,
}

impl<V: VectorExt> Counts<V> for Utf8Counts<V> {
    const PER_STEP: usize = 1;
    #[inline(always)]
    unsafe fn step(&self, v: V, plus: &mut V, minus: &mut V) {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let t = &self.continuation;
            *minus = minus.wrapping_sub8(v.and(t.mask).eq8(t.pattern));
            if let Some(t) = &self.four {
                *plus = plus.wrapping_sub8(v.and(t.mask).eq8(t.pattern));
            }
        }
    }
}

/// [`sum`] of [`Utf8Counts`] with mask registers ([`Vector::MASK_REGISTERS`](crate::vector::Vector::MASK_REGISTERS),
/// 64-byte vectors): the hits of each test counted from its bit mask (`popcnt`),
/// the loads aligned to 64 bytes (a masked count of the bytes before the first
/// boundary). A comparison gives a mask register, and turning it back into a
/// vector to subtract it (`vpmovm2b`) makes two instructions per vector on the one
/// port that also does the comparison; and every unaligned load of a 64-byte
/// vector straddles two cache lines.
///
/// # Safety
/// The CPU supports `V`'s ISA. (`count_ones` is one `popcnt` in the AVX-512 tiers,
/// which enable it.)
#[inline(always)]
unsafe fn sum_masks<V: VectorExt>(src: &[u8], c: &Utf8Counts<V>) -> (usize, u64, u64) {
    debug_assert_eq!(V::BYTES, 64);
    let (n, ptr) = (src.len(), src.as_ptr());
    let (mut i, mut plus, mut minus) = (0, 0u64, 0u64);
    if n < 2 * V::BYTES {
        return (0, 0, 0);
    }
    // SAFETY: the ISA is the caller's promise; every load reads 64 bytes at `ptr + j`
    // with `j + 64 <= n`. (No closures here: a closure is not compiled with the
    // kernel's target features, and the AVX-512 wrappers it called stayed separate
    // functions in the release library, see `scripts/check-inlining.sh`.)
    unsafe {
        let head = super::blocks::to_aligned::<V>(ptr);
        if head != 0 {
            mask_count(
                V::load_unaligned(ptr),
                c,
                (1u64 << head) - 1,
                &mut plus,
                &mut minus,
            );
            i = head;
        }
        while i + 4 * V::BYTES <= n {
            let at = ptr.add(i);
            for k in 0..4 {
                let v = V::load_unaligned(at.add(k * V::BYTES));
                mask_count(v, c, u64::MAX, &mut plus, &mut minus);
            }
            i += 4 * V::BYTES;
        }
        while i + V::BYTES <= n {
            mask_count(
                V::load_unaligned(ptr.add(i)),
                c,
                u64::MAX,
                &mut plus,
                &mut minus,
            );
            i += V::BYTES;
        }
    }
    (i, plus, minus)
}

/// Adds the hits of `c`'s tests in the bytes of `v` selected by `keep` to `plus` and
/// `minus` ([`sum_masks`]).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn mask_count<V: VectorExt>(
    v: V,
    c: &Utf8Counts<V>,
    keep: u64,
    plus: &mut u64,
    minus: &mut u64,
) {
    // SAFETY: the caller's promise.
    unsafe {
        let t = &c.continuation;
        *minus += u64::from((v.and(t.mask).eq8(t.pattern).bitmask() & keep).count_ones());
        if let Some(t) = &c.four {
            *plus += u64::from((v.and(t.mask).eq8(t.pattern).bitmask() & keep).count_ones());
        }
    }
}

/// [`sum`] or, with mask registers, [`sum_masks`].
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn sum_utf8<V: VectorExt>(src: &[u8], c: &Utf8Counts<V>) -> (usize, u64, u64) {
    // SAFETY: the caller's promises.
    unsafe {
        if V::MASK_REGISTERS {
            sum_masks::<V>(src, c)
        } else {
            sum::<V, _>(src, c)
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
    let (i, _, cont) = unsafe {
        let c = Utf8Counts {
            continuation: Test::new([0xC0; 4], [0x80; 4]),
            four: None,
        };
        sum_utf8::<V>(src, &c)
    };
    i - cont as usize + scalar::count_utf8(&src[i..])
}

/// UTF-16 units for UTF-8 (non-continuation bytes plus 4-byte leads); any input.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf16_len_from_utf8<V: VectorExt>(src: &[u8]) -> usize {
    // SAFETY: the ISA is the caller's promise.
    let (i, four, cont) = unsafe {
        let c = Utf8Counts {
            continuation: Test::new([0xC0; 4], [0x80; 4]),
            four: Some(Test::new([0xF0; 4], [0xF0; 4])),
        };
        sum_utf8::<V>(src, &c)
    };
    i - cont as usize + four as usize + scalar::utf16_len_from_utf8(&src[i..])
}

/// UTF-8 bytes for Latin-1: one per byte, plus one per byte >= 0x80.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf8_len_from_latin1<V: VectorExt>(src: &[u8]) -> usize {
    // SAFETY: the ISA is the caller's promise.
    let (i, _, high) = unsafe {
        let c = Utf8Counts {
            continuation: Test::new([0x80; 4], [0x80; 4]),
            four: None,
        };
        sum_utf8::<V>(src, &c)
    };
    i + high as usize + scalar::utf8_len_from_latin1(&src[i..])
}

/// Hits of up to three tests on 16-bit (`WIDTH == 2`) or 32-bit lanes, all
/// subtracted; the second and third are OR-ed when `or_23` (disjoint tests).
struct LaneCounts<V, const WIDTH: usize> {
    tests: [Option<Test<V>>; 3],
    or_23: bool,
}

impl<V: VectorExt, const WIDTH: usize> LaneCounts<V, WIDTH> {
    /// `(v & t.mask) == t.pattern` per lane.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn hit(v: V, t: &Test<V>) -> V {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let x = v.and(t.mask);
            if WIDTH == 2 {
                x.eq16(t.pattern)
            } else {
                x.eq32(t.pattern)
            }
        }
    }
}

impl<V: VectorExt, const WIDTH: usize> Counts<V> for LaneCounts<V, WIDTH> {
    const PER_STEP: usize = 3;
    #[inline(always)]
    unsafe fn step(&self, v: V, _plus: &mut V, minus: &mut V) {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            if let Some(t) = &self.tests[0] {
                *minus = minus.wrapping_sub8(Self::hit(v, t));
            }
            match (&self.tests[1], &self.tests[2]) {
                (Some(a), Some(b)) if self.or_23 => {
                    *minus = minus.wrapping_sub8(Self::hit(v, a).or(Self::hit(v, b)));
                }
                (a, b) => {
                    for t in [a, b].into_iter().flatten() {
                        *minus = minus.wrapping_sub8(Self::hit(v, t));
                    }
                }
            }
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
    let (i, _, low) = unsafe {
        let c = LaneCounts::<V, 2> {
            tests: [
                Some(Test::new(pat16(0xFC00, e), pat16(0xDC00, e))),
                None,
                None,
            ],
            or_23: false,
        };
        sum::<V, _>(src, &c)
    };
    i / 2 - low as usize / 2 + scalar::count_utf16(&src[i..], e)
}

/// UTF-8 bytes for UTF-16 bytes: `3 - (u < 0x80) - (u < 0x800 || surrogate)` per unit.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf8_len_from_utf16<V: VectorExt>(src: &[u8], e: Endian) -> usize {
    // SAFETY: the ISA is the caller's promise.
    let (i, _, minus) = unsafe {
        let c = LaneCounts::<V, 2> {
            tests: [
                Some(Test::new(pat16(0xFF80, e), [0; 4])),
                Some(Test::new(pat16(0xF800, e), [0; 4])),
                Some(Test::new(pat16(0xF800, e), pat16(0xD800, e))),
            ],
            or_23: true,
        };
        sum::<V, _>(src, &c)
    };
    3 * (i / 2) - minus as usize / 2 + scalar::utf8_len_from_utf16(&src[i..], e)
}

/// Hits of `u > limit` on 32-bit lanes (unsigned), the units byte-swapped first when
/// `BE`: the first limit's hits go to `plus`, the others' to `minus` (two
/// accumulators, so that a step's updates form two short dependency chains).
///
/// Three unsigned compares ([`VectorExt::gt_u32`]) instead of three mask-and-equal
/// tests: 7 operations per vector instead of 9 on SSE4.1 and AVX2 (their compares
/// share one sign flip), 6 on NEON.
struct Utf32Above<V, const BE: bool> {
    limits: [V; 3],
}

impl<V: VectorExt, const BE: bool> Counts<V> for Utf32Above<V, BE> {
    const PER_STEP: usize = 2;
    #[inline(always)]
    unsafe fn step(&self, v: V, plus: &mut V, minus: &mut V) {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let v = if BE { v.swap_bytes32() } else { v };
            let [a, b, c] = &self.limits;
            *plus = plus.wrapping_sub8(v.gt_u32(*a));
            *minus = minus.wrapping_sub8(v.gt_u32(*b));
            *minus = minus.wrapping_sub8(v.gt_u32(*c));
        }
    }
}

/// UTF-8 bytes for UTF-32 bytes: `1 + (u > 0x7F) + (u > 0x7FF) + (u > 0xFFFF)`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf8_len_from_utf32<V: VectorExt>(src: &[u8], e: Endian) -> usize {
    // SAFETY: the ISA is the caller's promise.
    let (i, plus, minus) = unsafe {
        let limits = [0x7F, 0x7FF, 0xFFFF].map(|x: u32| V::splat4(x.to_le_bytes()));
        match e {
            Endian::Little => sum::<V, _>(src, &Utf32Above::<V, false> { limits }),
            Endian::Big => sum::<V, _>(src, &Utf32Above::<V, true> { limits }),
        }
    };
    i / 4 + (plus + minus) as usize / 4 + scalar::utf8_len_from_utf32(&src[i..], e)
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

/// UTF-16 units for UTF-32 bytes: `2 - (u < 0x10000)` per unit.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf16_len_from_utf32<V: VectorExt>(src: &[u8], e: Endian) -> usize {
    // SAFETY: the ISA is the caller's promise.
    let (i, _, low) = unsafe {
        let c = LaneCounts::<V, 4> {
            tests: [below(0x10000, e), None, None],
            or_23: false,
        };
        sum::<V, _>(src, &c)
    };
    2 * (i / 4) - low as usize / 4 + scalar::utf16_len_from_utf32(&src[i..], e)
}

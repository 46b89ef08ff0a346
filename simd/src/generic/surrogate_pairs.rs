//! Surrogate pairs of UTF-16, shared by the UTF-16 loops (`utf16`, `swap`): where a
//! scalar sub-range may end without separating a pair ([`cut16`]), and the test for
//! runs of nothing but pairs ([`PairRun`]).

use super::blocks::pat16;
use crate::vector_ext::VectorExt;
use utfast_scalar::Endian;

/// Whether the unit at byte `at` (which must be `< src.len() - 1`) is in `lo..=hi`.
#[inline(always)]
pub(crate) fn unit_in(src: &[u8], at: usize, e: Endian, lo: u16, hi: u16) -> bool {
    let u = e.read_u16([src[at], src[at + 1]]);
    (lo..=hi).contains(&u)
}

/// The end of a scalar sub-range of UTF-16 that starts at a character boundary and
/// nominally ends at `end` (even, `2 <= end <= src.len()`), moved so that it does
/// not separate a high surrogate from the low surrogate it pairs with, nor from an
/// odd final byte (the scalar code reads them as one truncated sequence).
///
/// For valid input (the only input `Mode::Valid` promises) this is exact; in
/// `Mode::Valid` on *invalid* input (a high surrogate at `end - 2` that follows
/// another high surrogate) the output may differ from the scalar transcoder's,
/// which is unspecified there.
#[inline(always)]
pub(crate) fn cut16(src: &[u8], end: usize, e: Endian) -> usize {
    let n = src.len();
    if end >= n || !unit_in(src, end - 2, e, 0xD800, 0xDBFF) {
        end
    } else if n - end == 1 {
        n
    } else if unit_in(src, end, e, 0xDC00, 0xDFFF) {
        end + 2
    } else {
        end
    }
}

/// Whether four vectors are nothing but surrogates in the phase of a pattern: every
/// 32-bit lane a high surrogate, then a low one (the pattern `D800 DC00`: complete
/// pairs, each at an even unit), or a low one, then a high one (`DC00 D800`: pairs
/// at odd units, the first low surrogate completing a high one before the vectors,
/// the last high one completed by the unit after them): text of supplementary
/// characters only (emoji). Two operations per vector: the XOR with the pattern and
/// an OR into the accumulator; the pattern's six top bits of each unit must then be
/// zero.
pub(crate) struct PairRun<V> {
    /// `D800 DC00` in the input's byte order (the even phase; the odd one is its
    /// XOR with `0400 0400`).
    pub(crate) pat: V,
    /// `FC00 FC00` in the input's byte order.
    care: V,
}

impl<V: VectorExt> PairRun<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian) -> Self {
        let (h, l) = (from.write_u16(0xD800), from.write_u16(0xDC00));
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            PairRun {
                pat: V::splat4([h[0], h[1], l[0], l[1]]),
                care: V::splat4(pat16(0xFC00, from)),
            }
        }
    }

    /// Whether every 32-bit lane of `v` is a pair of surrogates in the phase of the
    /// pattern `p`.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn all4(&self, v: &[V; 4], p: V) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let a = v[0].xor(p).or(v[1].xor(p));
            let b = v[2].xor(p).or(v[3].xor(p));
            a.or(b).and(self.care).is_zero()
        }
    }

    /// [`all4`](Self::all4) of the eight vectors `v` and `w`, with one test.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn all8(&self, v: &[V; 4], w: &[V; 4], p: V) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let a = v[0].xor(p).or(v[1].xor(p));
            let b = v[2].xor(p).or(v[3].xor(p));
            let c = w[0].xor(p).or(w[1].xor(p));
            let e = w[2].xor(p).or(w[3].xor(p));
            a.or(b).or(c.or(e)).and(self.care).is_zero()
        }
    }
}

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
//! UTF-16 starts with [`utf16_prefix`]: four vectors per iteration, a cheap test for
//! surrogates, and for the iterations that have some, a vector test that they form
//! pairs (carried across iterations), up to the first unpaired surrogate.
//!
//! The common case, a block without any surrogate (UTF-16) or invalid unit (UTF-32),
//! is tested four blocks at a time ([`BlockOp::block4`]): one branch per four
//! vectors. Whether the bytes are swapped is a constant of the compiled loop (`SWAP`),
//! not a test per block.
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

use super::blocks::{pat16, run_in_mode, shift, BlockOp};
use super::utf16::cut16;
use super::utf32::Utf32Check;
use crate::vector_ext::VectorExt;
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// UTF-16 (`from`) -> UTF-16 (`to`), one vector per block; `SWAP` is `from != to`.
pub(crate) struct Utf16ToUtf16<V, const SWAP: bool> {
    from: Endian,
    to: Endian,
    mode: Mode,
    m_fc: V,
    m_f8: V,
    p_hi: V,
    p_lo: V,
}

impl<V: VectorExt, const SWAP: bool> Utf16ToUtf16<V, SWAP> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian, to: Endian, mode: Mode) -> Self {
        debug_assert_eq!(SWAP, from != to);
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf16ToUtf16 {
                from,
                to,
                mode,
                m_fc: V::splat4(pat16(0xFC00, from)),
                m_f8: V::splat4(pat16(0xF800, from)),
                p_hi: V::splat4(pat16(0xD800, from)),
                p_lo: V::splat4(pat16(0xDC00, from)),
            }
        }
    }
}

impl<V: VectorExt, const SWAP: bool> Utf16ToUtf16<V, SWAP> {
    /// Whether the surrogates of the four blocks `v` are all in complete pairs
    /// and the last unit is not a high surrogate: a low surrogate exactly at every
    /// unit after a high one (the unit before `v[0]` is never a high surrogate: the
    /// blocks start on character boundaries).
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn pairs_ok(&self, v: [V; 4]) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let zero = V::splat(0);
            let mut prev = zero;
            let mut bad = zero;
            for x in v {
                let t = x.and(self.m_fc);
                let hi = t.eq16(self.p_hi);
                let lo = t.eq16(self.p_lo);
                bad = bad.or(lo.xor(hi.shift_in_two_bytes(prev)));
                prev = hi;
            }
            // A high surrogate in the last unit shows in the first unit of the next.
            bad.or(zero.shift_in_two_bytes(prev)).is_zero()
        }
    }
}

impl<V: VectorExt, const SWAP: bool> BlockOp<V> for Utf16ToUtf16<V, SWAP> {
    const IN: usize = V::BYTES;
    const OUT: usize = V::BYTES;
    const BLOCK4: bool = true;

    /// Four blocks without any surrogate (tested first, the common case), or whose
    /// surrogates are complete pairs ([`pairs_ok`](Self::pairs_ok)).
    #[inline(always)]
    unsafe fn block4(&self, src: *const u8, dst: *mut u8) -> bool {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            // (Plain statements, no closures: an array `map` over vectors may be
            // left outlined, without the kernel's target features.)
            let v = [
                V::load_unaligned(src),
                V::load_unaligned(src.add(V::BYTES)),
                V::load_unaligned(src.add(2 * V::BYTES)),
                V::load_unaligned(src.add(3 * V::BYTES)),
            ];
            let s0 = v[0].and(self.m_f8).eq16(self.p_hi);
            let s1 = v[1].and(self.m_f8).eq16(self.p_hi);
            let s2 = v[2].and(self.m_f8).eq16(self.p_hi);
            let s3 = v[3].and(self.m_f8).eq16(self.p_hi);
            if !s0.or(s1).or(s2.or(s3)).is_zero() && !self.pairs_ok(v) {
                return false;
            }
            for (k, &x) in v.iter().enumerate() {
                let x = if SWAP { x.swap_bytes16() } else { x };
                x.store_unaligned(dst.add(k * V::BYTES));
            }
        }
        true
    }

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let mut v = V::load_unaligned(src);
            let t = v.and(self.m_fc);
            let (hi, lo) = (t.eq16(self.p_hi), t.eq16(self.p_lo));
            if !hi.or(lo).is_zero() {
                let unit = 2 * V::MASK_BITS;
                let total = V::BYTES as u32 * V::MASK_BITS;
                let (high, low) = (hi.bitmask(), lo.bitmask());
                // The block must end on a character boundary (no high surrogate in
                // the last unit), in every mode: `OutputTooSmall` positions depend
                // on it. Pairs must be complete inside the block unless trusted.
                if high >> (total - unit) != 0 || (self.mode != Mode::Valid && low != high << unit)
                {
                    return None;
                }
            }
            if SWAP {
                v = v.swap_bytes16();
            }
            v.store_unaligned(dst);
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    #[inline(always)]
    fn cut(&self, src: &[u8], end: usize) -> usize {
        cut16(src, end, self.from)
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf16_to_utf16(src, dst, self.from, self.to, self.mode)
    }
}

/// UTF-32 (`from`) -> UTF-32 (`to`), one vector per block; `SWAP` is `from != to`.
pub(crate) struct Utf32ToUtf32<V, const SWAP: bool> {
    from: Endian,
    to: Endian,
    mode: Mode,
    check: Utf32Check<V>,
}

impl<V: VectorExt, const SWAP: bool> Utf32ToUtf32<V, SWAP> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian, to: Endian, mode: Mode) -> Self {
        debug_assert_eq!(SWAP, from != to);
        // SAFETY: the ISA is the caller's promise.
        let check = unsafe { Utf32Check::new(from) };
        Utf32ToUtf32 {
            from,
            to,
            mode,
            check,
        }
    }
}

impl<V: VectorExt, const SWAP: bool> BlockOp<V> for Utf32ToUtf32<V, SWAP> {
    const IN: usize = V::BYTES;
    const OUT: usize = V::BYTES;
    const BLOCK4: bool = true;

    /// Four blocks without any invalid unit (unchecked in trusted-valid mode).
    #[inline(always)]
    unsafe fn block4(&self, src: *const u8, dst: *mut u8) -> bool {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let v = [
                V::load_unaligned(src),
                V::load_unaligned(src.add(V::BYTES)),
                V::load_unaligned(src.add(2 * V::BYTES)),
                V::load_unaligned(src.add(3 * V::BYTES)),
            ];
            if self.mode != Mode::Valid {
                let bad = self.check.invalid(v[0]).or(self.check.invalid(v[1]));
                let bad = bad.or(self.check.invalid(v[2]).or(self.check.invalid(v[3])));
                if !bad.is_zero() {
                    return false;
                }
            }
            for (k, &x) in v.iter().enumerate() {
                let x = if SWAP { x.swap_bytes32() } else { x };
                x.store_unaligned(dst.add(k * V::BYTES));
            }
        }
        true
    }

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let mut v = V::load_unaligned(src);
            if self.mode != Mode::Valid && !self.check.invalid(v).is_zero() {
                return None;
            }
            if SWAP {
                v = v.swap_bytes32();
            }
            v.store_unaligned(dst);
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf32_to_utf32(src, dst, self.from, self.to, self.mode)
    }
}

/// The valid prefix of UTF-16 `src` swapped (or copied) into `dst`, four vectors
/// per iteration; returns its length, a character boundary of `src` (and the
/// number of bytes written). Stops at the first four vectors that contain an
/// unpaired surrogate or that `dst` has no room for, and the block loop continues
/// from there. Unlike [`Utf16ToUtf16::block4`], a surrogate pair may straddle two
/// iterations: whether the last unit of an iteration is a high surrogate is carried
/// into the next, and the loop reads one unit past its vectors, so text with many
/// pairs (emoji) runs here too instead of block by block.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn utf16_prefix<V: VectorExt, const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
) -> usize {
    let (n, m) = (src.len(), dst.len());
    let step = 4 * V::BYTES;
    let unit = |k: usize| from.read_u16([src[k], src[k + 1]]);
    let mut i = 0;
    // Whether the unit before `i` is a high surrogate (its pair is complete: the
    // unit at `i` was checked to be a low one).
    let mut carry = false;
    // SAFETY: the ISA is the caller's promise; `i + step + 2 <= n` bounds the
    // loads, `i + step + 2 <= m` the stores. (The 2 bytes more of room: when the
    // loop stops after a high surrogate at `i - 2`, the block loop resumes at
    // `i - 2` with room for the whole pair, so it writes the pair again rather than
    // returning `OutputTooSmall` with the high half already written past its
    // `written`.)
    unsafe {
        let m_fc = V::splat4(pat16(0xFC00, from));
        let m_f8 = V::splat4(pat16(0xF800, from));
        let p_hi = V::splat4(pat16(0xD800, from));
        let p_lo = V::splat4(pat16(0xDC00, from));
        let zero = V::splat(0);
        // The high-surrogate mask of the last vector of the previous iteration.
        let mut prev = zero;
        while i + step + 2 <= n && i + step + 2 <= m {
            let s = src.as_ptr().add(i);
            let v = [
                V::load_unaligned(s),
                V::load_unaligned(s.add(V::BYTES)),
                V::load_unaligned(s.add(2 * V::BYTES)),
                V::load_unaligned(s.add(3 * V::BYTES)),
            ];
            let s0 = v[0].and(m_f8).eq16(p_hi);
            let s1 = v[1].and(m_f8).eq16(p_hi);
            let s2 = v[2].and(m_f8).eq16(p_hi);
            let s3 = v[3].and(m_f8).eq16(p_hi);
            if !s0.or(s1).or(s2.or(s3)).is_zero() {
                // Surrogates: a low one exactly at every unit after a high one.
                let mut bad = zero;
                for x in v {
                    let t = x.and(m_fc);
                    let hi = t.eq16(p_hi);
                    bad = bad.or(t.eq16(p_lo).xor(hi.shift_in_two_bytes(prev)));
                    prev = hi;
                }
                // The last unit, if a high surrogate, needs a low one after it.
                let last_hi = (0xD800..0xDC00).contains(&unit(i + step - 2));
                if !bad.is_zero() || (last_hi && !(0xDC00..0xE000).contains(&unit(i + step))) {
                    break;
                }
                carry = last_hi;
            } else if carry {
                // A high surrogate before a unit that is not a low one.
                break;
            } else {
                prev = zero;
            }
            let d = dst.as_mut_ptr().add(i);
            for (k, &x) in v.iter().enumerate() {
                let x = if SWAP { x.swap_bytes16() } else { x };
                x.store_unaligned(d.add(k * V::BYTES));
            }
            i += step;
        }
    }
    // Back to the start of a pair that straddles `i`.
    if carry {
        i - 2
    } else {
        i
    }
}

/// `v` with the bytes of each unit of `UNIT` (2 or 4) bytes reversed.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn swap_units<V: VectorExt, const UNIT: usize>(v: V) -> V {
    // SAFETY: the caller's promise.
    unsafe {
        if UNIT == 2 {
            v.swap_bytes16()
        } else {
            v.swap_bytes32()
        }
    }
}

/// The whole of `src` (a multiple of `UNIT` = 2 or 4 bytes, at least `V::BYTES`)
/// into `dst` (at least as long), each unit's bytes reversed when `SWAP`: four
/// vectors per iteration, then single vectors, then one vector ending at the end of
/// the input (overlapping the ones before, which is harmless: it writes the same
/// bytes). The trusted-valid conversion of valid input.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn swap_all<V: VectorExt, const UNIT: usize, const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> usize {
    let n = src.len();
    assert!(n >= V::BYTES && n.is_multiple_of(UNIT) && dst.len() >= n);
    if !SWAP {
        dst[..n].copy_from_slice(src);
        return n;
    }
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    let mut i = 0;
    // SAFETY: the ISA is the caller's promise; every load reads `V::BYTES` bytes at
    // `i <= n - V::BYTES` of `src`, every store writes as many at the same offset of
    // `dst`, which is at least `n` bytes long (asserted above).
    unsafe {
        while i + 4 * V::BYTES <= n {
            let v = [
                V::load_unaligned(s.add(i)),
                V::load_unaligned(s.add(i + V::BYTES)),
                V::load_unaligned(s.add(i + 2 * V::BYTES)),
                V::load_unaligned(s.add(i + 3 * V::BYTES)),
            ];
            for (k, &x) in v.iter().enumerate() {
                swap_units::<V, UNIT>(x).store_unaligned(d.add(i + k * V::BYTES));
            }
            i += 4 * V::BYTES;
        }
        while i + V::BYTES <= n {
            swap_units::<V, UNIT>(V::load_unaligned(s.add(i))).store_unaligned(d.add(i));
            i += V::BYTES;
        }
        if i < n {
            // `n - V::BYTES` is a multiple of `UNIT` too: whole units.
            let last = n - V::BYTES;
            swap_units::<V, UNIT>(V::load_unaligned(s.add(last))).store_unaligned(d.add(last));
        }
    }
    n
}

/// `Kernel::utf16_to_utf16`: a byte swap, validated copy or repair.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf16<V: VectorExt>(
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
            (true, false) => {
                let p = utf16_prefix::<V, true>(src, dst, from);
                let r = run_in_mode::<V, _>(
                    mode,
                    |m| Utf16ToUtf16::<V, true>::new(from, to, m),
                    &src[p..],
                    &mut dst[p..],
                );
                shift(r, p, p)
            }
            (false, false) => {
                let p = utf16_prefix::<V, false>(src, dst, from);
                let r = run_in_mode::<V, _>(
                    mode,
                    |m| Utf16ToUtf16::<V, false>::new(from, to, m),
                    &src[p..],
                    &mut dst[p..],
                );
                shift(r, p, p)
            }
        }
    }
}

/// `Kernel::utf32_to_utf32`: a byte swap, validated copy or repair.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf32<V: VectorExt>(
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
            (true, false) => run_in_mode::<V, _>(
                mode,
                |m| Utf32ToUtf32::<V, true>::new(from, to, m),
                src,
                dst,
            ),
            (false, false) => run_in_mode::<V, _>(
                mode,
                |m| Utf32ToUtf32::<V, false>::new(from, to, m),
                src,
                dst,
            ),
        }
    }
}

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
//! (then loads and stores are both aligned), as in [`swap_all`] ([`skew`]: the
//! first vector, if it is valid on its own, is swapped unaligned, then the loop
//! starts at the first aligned offset of `dst` and keeps it).
//!
//! - while no unit is above 0xD7FF (almost all text), eight vectors per iteration
//!   and one bytewise maximum per vector, one test and one branch per eight vectors
//!   (the loads are reused for the swap and the stores), in a `while` loop of its
//!   own: with a tail shared with the four-vector case (branch `swap-s7`) LLVM
//!   emitted a taken jump and register moves per iteration, 49 instructions per
//!   eight vectors instead of 43 (the trusted swap: 32); SSE4.2 UTF-16 validated
//!   over trusted went from 0.78-0.80 to 0.86-0.89 in one session (`swap-s8`);
//! - UTF-16 ([`utf16_prefix`]): four vectors of nothing but whole surrogate pairs
//!   (emoji text) cost two operations per vector ([`PairRun`]), in a loop per
//!   phase (with 16-byte vectors eight vectors per test, which halves the loop's
//!   branches and, in the odd phase, its scalar test of the unit after them:
//!   SSE4.2 on Emoji, validated over simdutf `westmere`'s swap that does not
//!   validate, 0.89-0.90 -> 0.93-0.97 in the bench, session 12); other vectors with surrogates have their pairing checked in vectors,
//!   each vector against itself loaded one unit later (no shift across vectors, and
//!   the unit after the four vectors is checked before they are stored); pairs
//!   that straddle two iterations put the next in the odd phase (a low surrogate
//!   first, [`PairRun`] with the pattern `DC00 D800`, and the unit after the four
//!   vectors tested by its high byte alone), so the loop never steps back and its
//!   stores stay aligned;
//! - UTF-32 ([`utf32_prefix`]): after eight vectors with a unit above 0xD7FF, with
//!   16-byte vectors a loop for characters of plane 1 only ([`PlaneOneRun`]: an
//!   addition and an OR per vector, emoji), then a run of iterations of four
//!   vectors with the exact test in 32-bit lanes ([`Utf32Exact`]: an XOR, an
//!   addition and an unsigned maximum per vector, both the surrogates and the units
//!   above 0x10FFFF in one comparison), then back.
//!
//! (The loops share sixteen registers on x86: eight vectors, the shuffle and the
//! constants. Measured on SSE4.2: two more constants (a minimum/maximum test for
//! runs of supplementary characters) spilled vectors of the loop below 0xD800, and
//! an exact loop with a constant count, unrolled, slowed it too, by 5-10% both; on
//! AVX2 even [`PlaneOneRun`]'s one constant did (branch `swap-s8`). Branch
//! `swap-s7`: the loop below 0xD800 testing the *swapped* vectors, each into one of
//! two bytewise maxima carried over the iterations (one operation per vector, no
//! register copy in principle), measured 0.78-0.80 of the trusted swap on SSE4.2
//! against 0.83-0.90 for the tree of maxima on the loaded vectors: LLVM
//! reassociates the chains into trees with copies, and the test waits for the
//! shuffles. Branch `swap-s8`: one chain of maxima over the eight loaded vectors
//! (one register copy instead of four) is rebalanced by LLVM into a tree with
//! three copies and measured the same; the odd phase of [`PairRun`] tested on the
//! vectors loaded one unit later (no copy, no scalar test, but four more loads,
//! a quarter of them split across cache lines) measured slower on Emoji: avx2
//! 0.87 -> 0.79, sse42 0.61 -> 0.59 of the trusted swap. Branch `sf-s8`, not
//! merged: the loop below 0xD800 storing the swapped vectors *before* testing
//! them (their maxima then need no register copies) measured 1-6% faster on
//! SSE4.2 (avx2 level), but it leaves swapped units of invalid input in `dst`
//! past `written`; the public contract would allow that scratch, the tests hold
//! the fixed-width conversions to an untouched tail, which we keep.)
//!
//! The exact position and kind of an error are left to the block loop that
//! continues after the prefix. There, the common case, a block without any
//! surrogate (UTF-16) or invalid unit (UTF-32), is tested four blocks at a time
//! ([`BlockOp::block4`]): one branch per four vectors. Whether the bytes are
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

use super::blocks::{pat16, pat32, run_in_mode, shift, to_aligned, BlockOp};
use super::surrogate_pairs::cut16;
pub(crate) use super::surrogate_pairs::PairRun;
use super::utf32::Utf32Check;
use crate::vector_ext::VectorExt;
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// The cheap first tests of the UTF-16 swap loops: whether any of four vectors holds
/// a surrogate (0xD800..=0xDFFF).
///
/// - [`maybe4`](Self::maybe4), one operation per vector: whether any unit is at
///   least 0xD800, from the bytewise maximum of the four vectors (its high bytes are
///   the maxima of the units' high bytes; a saturating subtraction of 0xD7FF keeps
///   exactly the high bytes above 0xD7 and clears the low bytes). Most text has no
///   unit above 0xD7FF at all; the maximum leaves the vectors intact for the swap,
///   so this costs no register copy on two-operand ISAs (SSE).
/// - [`any4`](Self::any4), two operations per vector, the exact test: a unit is a
///   surrogate exactly when its high byte is 0xD8..=0xDF; flipping bit 5 of the
///   high byte maps those to 0xF8..=0xFF and every other high byte below 0xF8, so
///   the bytewise maximum of the flipped vectors has a high byte of at least 0xF8
///   exactly when some unit is a surrogate.
struct AnySurrogate<V> {
    /// 0x2000 in the input's byte order.
    flip: V,
    /// 0xF7FF in the input's byte order.
    over: V,
    /// 0xD7FF in the input's byte order.
    over_bmp: V,
}

impl<V: VectorExt> AnySurrogate<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn new(from: Endian) -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            AnySurrogate {
                flip: V::splat4(pat16(0x2000, from)),
                over: V::splat4(pat16(0xF7FF, from)),
                over_bmp: V::splat4(pat16(0xD7FF, from)),
            }
        }
    }

    /// Whether any unit of `v` is at least 0xD800 (false: no surrogate).
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn maybe4(&self, v: &[V; 4]) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let m = v[0].max8(v[1]).max8(v[2]).max8(v[3]);
            !m.saturating_sub(self.over_bmp).is_zero()
        }
    }

    /// [`maybe4`](Self::maybe4) of eight vectors.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn maybe8(&self, a: &[V; 4], b: &[V; 4]) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let ma = a[0].max8(a[1]).max8(a[2].max8(a[3]));
            let mb = b[0].max8(b[1]).max8(b[2].max8(b[3]));
            !ma.max8(mb).saturating_sub(self.over_bmp).is_zero()
        }
    }

    /// Whether any unit of `v` is a surrogate.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn any4(&self, v: &[V; 4]) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let f = self.flip;
            let m01 = v[0].xor(f).max8(v[1].xor(f));
            let m23 = v[2].xor(f).max8(v[3].xor(f));
            !m01.max8(m23).saturating_sub(self.over).is_zero()
        }
    }
}

/// UTF-16 (`from`) -> UTF-16 (`to`), one vector per block; `SWAP` is `from != to`.
pub(crate) struct Utf16ToUtf16<V, const SWAP: bool> {
    from: Endian,
    to: Endian,
    mode: Mode,
    m_fc: V,
    p_hi: V,
    p_lo: V,
    scan: AnySurrogate<V>,
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
                p_hi: V::splat4(pat16(0xD800, from)),
                p_lo: V::splat4(pat16(0xDC00, from)),
                scan: AnySurrogate::new(from),
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
            if self.scan.maybe4(&v) && self.scan.any4(&v) && !self.pairs_ok(v) {
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
    /// 0xD7FF, 0x10FFFF, 0xFFFFF800 and 0xD800 in the input's byte order.
    bmp: V,
    limit: V,
    m_sur: V,
    p_sur: V,
}

impl<V: VectorExt, const SWAP: bool> Utf32ToUtf32<V, SWAP> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian, to: Endian, mode: Mode) -> Self {
        debug_assert_eq!(SWAP, from != to);
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf32ToUtf32 {
                from,
                to,
                mode,
                check: Utf32Check::new(from),
                bmp: V::splat4(pat32(0xD7FF, from)),
                limit: V::splat4(pat32(0x10FFFF, from)),
                m_sur: V::splat4(pat32(0xFFFF_F800, from)),
                p_sur: V::splat4(pat32(0xD800, from)),
            }
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
                // The bytewise maximum of the four vectors: its bytes 3 and 2 are
                // below 0x00 0x11 exactly when no unit is above 0x10FFFF, and
                // below 0x00 0x00 0xD8 (bytes 3, 2, 1) when no unit is above
                // 0xD7FF: then there is no surrogate either, the common case.
                let m = v[0].max8(v[1]).max8(v[2].max8(v[3]));
                if !m.saturating_sub(self.bmp).is_zero() {
                    // (Plain statements, no closure: see `Utf16ToUtf16::block4`.)
                    let (m_sur, p_sur) = (self.m_sur, self.p_sur);
                    let s01 = v[0].and(m_sur).eq32(p_sur).or(v[1].and(m_sur).eq32(p_sur));
                    let s23 = v[2].and(m_sur).eq32(p_sur).or(v[3].and(m_sur).eq32(p_sur));
                    let bad = m.saturating_sub(self.limit).or(s01.or(s23));
                    if !bad.is_zero() {
                        return false;
                    }
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
/// from there.
///
/// Two loops: the inner one runs while the four vectors hold no surrogate at all
/// ([`AnySurrogate`]), straight through without any other branch; at the first four
/// vectors with a surrogate it hands over to the surrogate loop, which returns to
/// the inner loop at the next four vectors without surrogates. `i` advances by
/// whole steps of four vectors, so that the stores stay aligned where the start
/// aligned them ([`skew`]); the surrogate loop keeps a phase, `odd`: whether the
/// unit before `i` is a high surrogate (whose low one, the unit at `i`, was
/// checked). Per iteration:
///
/// - four vectors of surrogate pairs in the phase ([`PairRun`], two operations per
///   vector: emoji text; in the odd phase, the unit after the four vectors must be
///   a low surrogate too, a scalar test) are swapped as they are;
/// - otherwise the pairing is checked in vectors: every unit is a high surrogate
///   exactly when the unit after it is a low one (each vector compared with the
///   same vector loaded one unit later, so the unit after the four vectors is
///   checked too, without a shift across vectors), and the first unit is a low one
///   exactly in the odd phase; the next phase is whether the last unit is a high
///   surrogate.
///
/// (Until `swap-s7`, an iteration that ended with a high surrogate made the next one
/// start at it, two bytes back, in the even phase: every store after that was
/// misaligned by two bytes, and on emoji text after one BMP character, e.g. a byte
/// order mark, all of them.) When the loop stops in the odd phase, it returns the
/// offset of the high surrogate before `i`, a character boundary: its swap is
/// stored, and `dst` has room for the whole pair (`i + 2 <= lim`), so the block loop
/// that resumes there cannot return `OutputTooSmall` with it written.
///
/// Every store happens after its four vectors are checked, so nothing is written
/// past the valid prefix (the same-form transcoders leave every byte after
/// `written` untouched, whatever the result); the exact position of an error is
/// left to the block loop (and its scalar code).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn utf16_prefix<V: VectorExt, const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
) -> usize {
    let step = 4 * V::BYTES;
    // `i + step + 2 <= lim` bounds the loads (the pairing check reads the unit
    // after the four vectors) and the stores.
    let lim = src.len().min(dst.len());
    let mut i;
    let mut odd = false;
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    let unit_at = |k: usize| -> u16 {
        // SAFETY: `k + 2 <= lim <= src.len()` at every call below.
        unsafe { from.read_u16([*s.add(k), *s.add(k + 1)]) }
    };
    // Whether the unit at `k` is a low surrogate, from its high byte alone (one
    // load, no byte-order select: the test per iteration of emoji text after a
    // character of the BMP, e.g. a byte order mark, in the odd phase).
    let high_byte = usize::from(from == Endian::Little);
    let low_at = |k: usize| -> bool {
        // SAFETY: `k + 2 <= lim <= src.len()` at every call below.
        unsafe { *s.add(k + high_byte) & 0xFC == 0xDC }
    };
    // SAFETY: the ISA is the caller's promise; every load reads `step` bytes at `i`
    // (and the pairing check `step` bytes at `i + 2`), every store writes `step`
    // bytes at `i`, with `i + step + 2 <= lim` checked before.
    unsafe {
        let scan = AnySurrogate::<V>::new(from);
        let pairs = PairRun::<V>::new(from);
        let m_fc = V::splat4(pat16(0xFC00, from));
        let p_hi = V::splat4(pat16(0xD800, from));
        let p_lo = V::splat4(pat16(0xDC00, from));
        let mut pat = pairs.pat;
        // Stores aligned to the vector ([`skew`]): the first vector when it is
        // valid (its surrogates in complete pairs, a high one in the last unit
        // completed by the unit after the vector), then the loop from the first
        // aligned offset of `dst`, in the odd phase if the unit before it is a high
        // surrogate. (Until session 12 a high surrogate there, or in the last unit,
        // left the stores unaligned: UTF-16 emoji text after a byte order mark, with
        // 32-byte vectors half the stores straddling two cache lines; avx2 on the
        // bench's Emoji, validated over trusted, 0.76 -> ~0.95.)
        i = 0;
        if let Some(k) = skew::<V, 2>(s, d, lim) {
            let v = V::load_unaligned(s);
            let t = v.and(m_fc);
            let (hi, lo) = (t.eq16(p_hi).bitmask(), t.eq16(p_lo).bitmask());
            let unit = 2 * V::MASK_BITS;
            let total = V::BYTES as u32 * V::MASK_BITS;
            // (`skew` promises `lim >= 5 * V::BYTES`: the unit after the vector
            // and the unit before `k` can be read.)
            if lo == (hi << unit) & (u64::MAX >> (64 - total))
                && (hi >> (total - unit) == 0 || unit_at(V::BYTES) & 0xFC00 == 0xDC00)
            {
                let v = if SWAP { swap_units::<V, 2>(v) } else { v };
                v.store_unaligned(d);
                i = k;
                if unit_at(k - 2) & 0xFC00 == 0xD800 {
                    odd = true;
                    pat = pat.xor(p_hi.xor(p_lo));
                }
            }
        }
        'outer: loop {
            let mut v;
            if odd {
                // Only after the first vector: the surrogate loop, in the odd
                // phase.
                if i + step + 2 > lim {
                    break 'outer;
                }
                v = load4::<V>(s.add(i));
            } else {
                // No unit above 0xD7FF: eight vectors at a time, a loop of its own
                // (a tail shared with the four-vector case below cost a jump and
                // moves).
                while i + 2 * step + 2 <= lim {
                    let (a, b) = (load4::<V>(s.add(i)), load4::<V>(s.add(i + step)));
                    if scan.maybe8(&a, &b) {
                        break;
                    }
                    store4::<V, 2, SWAP>(d.add(i), a);
                    store4::<V, 2, SWAP>(d.add(i + step), b);
                    i += 2 * step;
                }
                if i + step + 2 > lim {
                    break 'outer;
                }
                v = load4::<V>(s.add(i));
                if !(scan.maybe4(&v) && scan.any4(&v)) {
                    store4::<V, 2, SWAP>(d.add(i), v);
                    i += step;
                    continue;
                }
            }
            // The runs of pairs in one phase, while `v` (and, with 16-byte vectors,
            // the four vectors after it too, one test for eight) is a run of pairs
            // and `$after` holds for the unit after them; the end of `src` or `dst`
            // ends the prefix.
            macro_rules! pair_runs {
                ($after:expr) => {
                    if V::BYTES == 16 {
                        while i + 2 * step + 2 <= lim {
                            let w = load4::<V>(s.add(i + step));
                            if !(pairs.all8(&v, &w, pat) && $after(i + 2 * step)) {
                                break;
                            }
                            store4::<V, 2, SWAP>(d.add(i), v);
                            store4::<V, 2, SWAP>(d.add(i + step), w);
                            i += 2 * step;
                            if i + step + 2 > lim {
                                break 'outer;
                            }
                            v = load4::<V>(s.add(i));
                        }
                    }
                    while pairs.all4(&v, pat) && $after(i + step) {
                        store4::<V, 2, SWAP>(d.add(i), v);
                        i += step;
                        if i + step + 2 > lim {
                            break 'outer;
                        }
                        v = load4::<V>(s.add(i));
                    }
                };
            }
            // `v` has surrogates (or the unit before `i` is a high one: `odd`).
            loop {
                // `odd`: the unit before `i` is a high surrogate (whose low one must
                // be the unit at `i`), and `pat` is `PairRun`'s pattern in that
                // phase (a low surrogate, then a high one, in every 32-bit lane).
                // (In the odd phase the last unit is a high surrogate: its low one,
                // the unit after the four vectors, is checked before the store,
                // which must not write past an error.)
                // Runs of pairs, a loop per phase (no test of the phase per
                // iteration, no jump to a shared store).
                if odd {
                    pair_runs!(low_at);
                } else {
                    pair_runs!(|_| true);
                }
                // `v` is not a run of pairs in the phase.
                {
                    // (The cheaper pre-test: four vectors with units above 0xD7FF
                    // but no surrogate stay in this loop, which is exact on them
                    // too.)
                    if !odd && !scan.maybe4(&v) {
                        store4::<V, 2, SWAP>(d.add(i), v);
                        i += step;
                        continue 'outer;
                    }
                    let mut bad = V::splat(0);
                    for (k, &x) in v.iter().enumerate() {
                        let after = V::load_unaligned(s.add(i + k * V::BYTES + 2));
                        let hi = x.and(m_fc).eq16(p_hi);
                        bad = bad.or(hi.xor(after.and(m_fc).eq16(p_lo)));
                    }
                    // The first unit is a low surrogate exactly when the unit before
                    // is a high one.
                    if !bad.is_zero() || (unit_at(i) & 0xFC00 == 0xDC00) != odd {
                        break 'outer;
                    }
                    // (Its low surrogate, the unit after the four vectors, is checked.)
                    if (unit_at(i + step - 2) & 0xFC00 == 0xD800) != odd {
                        odd = !odd;
                        pat = pat.xor(p_hi.xor(p_lo));
                    }
                }
                store4::<V, 2, SWAP>(d.add(i), v);
                i += step;
                if i + step + 2 > lim {
                    break 'outer;
                }
                v = load4::<V>(s.add(i));
            }
        }
    }
    // A high surrogate before `i`: the block loop starts at it (its swap is stored,
    // and `dst` has room for its low one too: `i + 2 <= lim`).
    if odd {
        i - 2
    } else {
        i
    }
}

/// The exact UTF-32 test of [`utf32_prefix`], three operations per vector on lanes
/// in native (little-endian) order: a unit `x` is valid exactly when
/// `t = x ^ 0xD800` is in `0x800..=0x10FFFF` (the XOR maps the surrogates, and only
/// them, below 0x800, and changes no bit above bit 15, so `t > 0x10FFFF` exactly
/// when `x > 0x10FFFF`), i.e. when `t - 0x800` (wrapping) is at most 0x10F7FF. The
/// accumulator is the unsigned 32-bit maximum of these values and of 0x10F7FF.
struct Utf32Exact<V> {
    /// 0xD800, 0xFFFF_F800 (`-0x800`) and 0x10F7FF in every lane, native order.
    d800: V,
    minus: V,
    top: V,
}

impl<V: VectorExt> Utf32Exact<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn new() -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf32Exact {
                d800: V::splat4(0xD800u32.to_le_bytes()),
                minus: V::splat4(0xFFFF_F800u32.to_le_bytes()),
                top: V::splat4(0x10_F7FFu32.to_le_bytes()),
            }
        }
    }

    /// The accumulator after the four vectors `n` (native order), from the start
    /// value 0x10F7FF.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn acc4(&self, n: &[V; 4]) -> V {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let (d, m) = (self.d800, self.minus);
            let a = n[0].xor(d).add32(m).max32(n[1].xor(d).add32(m));
            let b = n[2].xor(d).add32(m).max32(n[3].xor(d).add32(m));
            a.max32(b).max32(self.top)
        }
    }

    /// Whether every unit that went into `acc` is valid.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn ok(&self, acc: V) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe { acc.xor(self.top).is_zero() }
    }
}

/// The test of [`utf32_prefix`] for runs of characters of plane 1 only (emoji
/// text), two operations per vector on lanes in native (little-endian) order: `x`
/// is in `0x10000..=0x1FFFF` exactly when `x - 0x10000` (wrapping) has no bit
/// above bit 15, i.e. `x + 0xFFFF_0000` has none of the bits of `0xFFFF_0000`; so
/// the OR of these sums over the vectors must have none either (one test). One
/// constant for the addition and the mask (a second one, 0xFFF0_0000 for the whole
/// supplementary range, is one register more). Characters of the other planes (CJK
/// extensions) go to the exact test. 16-byte vectors only: in the AVX2 build, even
/// this one constant made the loop below 0xD800 spill loaded vectors to the stack
/// (sixteen registers: eight vectors, three maxima, the shuffle and the constants
/// of the other loops), 0.99-1.01 -> 0.89-0.98 of the trusted swap on the BMP
/// files; SSE4.2's loop folds its constant into a memory operand and kept its
/// registers (Emoji 28.4 -> 33.2 GB/s, validated over trusted 0.56 -> 0.66).
struct PlaneOneRun<V> {
    /// 0xFFFF_0000 in every lane, native order.
    m: V,
}

impl<V: VectorExt> PlaneOneRun<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn new() -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            PlaneOneRun {
                m: V::splat4(0xFFFF_0000u32.to_le_bytes()),
            }
        }
    }

    /// Whether every unit of the four vectors `n` (native order) is in
    /// `0x10000..=0x1FFFF`.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    unsafe fn all4(&self, n: &[V; 4]) -> bool {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let m = self.m;
            let a = n[0].add32(m).or(n[1].add32(m));
            let b = n[2].add32(m).or(n[3].add32(m));
            a.or(b).and(m).is_zero()
        }
    }
}

/// Iterations of the exact loop of [`utf32_prefix`] before it tries the loop for
/// units below 0xD800 again.
const EXACT_RUN: usize = 32;

/// The valid prefix of UTF-32 `src` (little-endian when `LE`) swapped (or copied)
/// into `dst`; returns its length (and the number of bytes written). Eight vectors
/// per iteration while no unit is above 0xD7FF (one bytewise maximum per vector, as
/// in [`Utf32ToUtf32::block4`]); at the first eight vectors with a larger unit,
/// [`EXACT_RUN`] iterations of four vectors with the exact test ([`Utf32Exact`],
/// three operations per vector, no branch but the one per four vectors), then back.
/// Stops at the first four vectors with an invalid unit or that `dst` has no room
/// for, and the block loop continues from there.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn utf32_prefix<V: VectorExt, const SWAP: bool, const LE: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> usize {
    let step = 4 * V::BYTES;
    let lim = src.len().min(dst.len());
    let mut i;
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    let from = if LE { Endian::Little } else { Endian::Big };
    // SAFETY: the ISA is the caller's promise; every load reads `step` bytes (or
    // `2 * step`) at `i` and every store writes as many at `i`, with
    // `i + step <= lim` (`i + 2 * step <= lim`) checked before.
    unsafe {
        let bmp = V::splat4(pat32(0xD7FF, from));
        let exact = Utf32Exact::<V>::new();
        let plane1 = PlaneOneRun::<V>::new();
        // Stores aligned to the vector ([`skew`]): the first vector when it is
        // valid, then the loop from the first aligned offset of `dst`.
        i = 0;
        if let Some(k) = skew::<V, 4>(s, d, lim) {
            let v = V::load_unaligned(s);
            if Utf32Check::<V>::new(from).invalid(v).is_zero() {
                let v = if SWAP { swap_units::<V, 4>(v) } else { v };
                v.store_unaligned(d);
                i = k;
            }
        }
        'outer: loop {
            // No unit above 0xD7FF: eight vectors at a time.
            while i + 2 * step <= lim {
                let (a, b) = (load4::<V>(s.add(i)), load4::<V>(s.add(i + step)));
                let ma = a[0].max8(a[1]).max8(a[2].max8(a[3]));
                let mb = b[0].max8(b[1]).max8(b[2].max8(b[3]));
                if !ma.max8(mb).saturating_sub(bmp).is_zero() {
                    break;
                }
                store4::<V, 4, SWAP>(d.add(i), a);
                store4::<V, 4, SWAP>(d.add(i + step), b);
                i += 2 * step;
            }
            // Characters of plane 1 only (emoji), four vectors at a time; 16-byte
            // vectors only (see [`PlaneOneRun`]).
            while V::BYTES == 16 && i + step <= lim {
                let x = load4::<V>(s.add(i));
                let w = if SWAP || !LE { swap4::<V, 4>(x) } else { x };
                if !plane1.all4(if LE { &x } else { &w }) {
                    break;
                }
                store4::<V, 4, false>(d.add(i), if SWAP { w } else { x });
                i += step;
            }
            // The exact test, four vectors at a time, up to `EXACT_RUN` times (a
            // bound on `i`, not a count: a loop that is not unrolled).
            let stop = lim.min(i + EXACT_RUN * step);
            if i + step > stop {
                break;
            }
            while i + step <= stop {
                let x = load4::<V>(s.add(i));
                // The swapped vectors, for the store or for the test (or both).
                let w = if SWAP || !LE { swap4::<V, 4>(x) } else { x };
                if !exact.ok(exact.acc4(if LE { &x } else { &w })) {
                    break 'outer;
                }
                store4::<V, 4, false>(d.add(i), if SWAP { w } else { x });
                i += step;
            }
        }
    }
    i
}

/// The misalignment of `d` to the vector, when [`swap_all`] and the prefix loops
/// should start there so that their stores are aligned (a store that straddles two
/// cache lines costs two): when it is a whole number of units (of `UNIT` bytes),
/// `lim` (the room in `src` and `dst`) is more than five vectors, and either the
/// vectors are 32 bytes or wider, or `s` has the same misalignment (16-byte
/// vectors: then the loads are aligned too). Then the caller swaps (or copies) the
/// first vector unaligned if it is valid, and starts its loop at that offset,
/// rewriting some of the same bytes.
///
/// (`benches/swap_align.rs`, SSE4.2 trusted swap of UTF-16, same machine and run:
/// input and output both 2 bytes past a 16-byte boundary 36 -> 51 GB/s, the
/// validated swap 31 -> 44 GB/s; with different misalignments of the input and
/// the output, aligning the stores alone measured 0-5% slower, so it is left out.
/// AVX2 keeps the stores aligned whatever the input: 48-50 GB/s in every case.)
#[inline(always)]
fn skew<V: VectorExt, const UNIT: usize>(s: *const u8, d: *mut u8, lim: usize) -> Option<usize> {
    let skew = to_aligned::<V>(d);
    let same = (s as usize)
        .wrapping_sub(d as usize)
        .is_multiple_of(V::BYTES);
    ((V::BYTES >= 32 || same) && skew != 0 && skew.is_multiple_of(UNIT) && lim >= 5 * V::BYTES)
        .then_some(skew)
}

/// The four vectors `v`, the bytes of each unit of `UNIT` (2 or 4) bytes reversed.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn swap4<V: VectorExt, const UNIT: usize>(v: [V; 4]) -> [V; 4] {
    // SAFETY: the caller's promise.
    unsafe {
        [
            swap_units::<V, UNIT>(v[0]),
            swap_units::<V, UNIT>(v[1]),
            swap_units::<V, UNIT>(v[2]),
            swap_units::<V, UNIT>(v[3]),
        ]
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

/// Four vectors from `src`.
///
/// # Safety
/// The CPU supports `V`'s ISA; `4 * V::BYTES` bytes at `src` are readable.
#[inline(always)]
unsafe fn load4<V: VectorExt>(src: *const u8) -> [V; 4] {
    // SAFETY: the caller's promise.
    unsafe {
        [
            V::load_unaligned(src),
            V::load_unaligned(src.add(V::BYTES)),
            V::load_unaligned(src.add(2 * V::BYTES)),
            V::load_unaligned(src.add(3 * V::BYTES)),
        ]
    }
}

/// The four vectors `v` to `dst`, the bytes of each unit of `UNIT` (2 or 4) bytes
/// reversed when `SWAP`.
///
/// # Safety
/// The CPU supports `V`'s ISA; `4 * V::BYTES` bytes at `dst` are writable.
#[inline(always)]
unsafe fn store4<V: VectorExt, const UNIT: usize, const SWAP: bool>(dst: *mut u8, v: [V; 4]) {
    // SAFETY: the caller's promise.
    unsafe {
        // (Plain statements, no closures: see `Utf16ToUtf16::block4`.)
        let [mut a, mut b, mut c, mut e] = v;
        if SWAP {
            a = swap_units::<V, UNIT>(a);
            b = swap_units::<V, UNIT>(b);
            c = swap_units::<V, UNIT>(c);
            e = swap_units::<V, UNIT>(e);
        }
        a.store_unaligned(dst);
        b.store_unaligned(dst.add(V::BYTES));
        c.store_unaligned(dst.add(2 * V::BYTES));
        e.store_unaligned(dst.add(3 * V::BYTES));
    }
}

/// The whole of `src` (a multiple of `UNIT` = 2 or 4 bytes, at least `V::BYTES`)
/// into `dst` (at least as long), each unit's bytes reversed when `SWAP`: four
/// vectors per iteration, then single vectors, then one vector ending at the end of
/// the input (overlapping the ones before, which is harmless: it writes the same
/// bytes). The loop's stores are aligned when [`skew`] says so (one unaligned
/// vector goes first). The trusted-valid conversion of valid input.
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
        // Stores aligned to the vector where the units allow it (a 32-byte store that
        // straddles two cache lines costs two): one unaligned vector first, then the
        // loop from the first aligned offset, rewriting some of the same bytes.
        if let Some(k) = skew::<V, UNIT>(s, d, n) {
            swap_units::<V, UNIT>(V::load_unaligned(s)).store_unaligned(d);
            i = k;
        }
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
            (true, false) => checked16::<V, true>(src, dst, from, to, mode),
            (false, false) => checked16::<V, false>(src, dst, from, to, mode),
        }
    }
}

/// The checked swap or copy (`SWAP`) of UTF-16: the prefix loop, then the block loop
/// in `mode` from where it stopped.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn checked16<V: VectorExt, const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        let p = utf16_prefix::<V, SWAP>(src, dst, from);
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
            (true, false) => checked32::<V, true>(src, dst, from, to, mode),
            (false, false) => checked32::<V, false>(src, dst, from, to, mode),
        }
    }
}

/// The checked swap or copy (`SWAP`) of UTF-32: the prefix loop, then the block loop
/// in `mode` from where it stopped.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn checked32<V: VectorExt, const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        let p = match from {
            Endian::Little => utf32_prefix::<V, SWAP, true>(src, dst),
            Endian::Big => utf32_prefix::<V, SWAP, false>(src, dst),
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

//! UTF-32 (bytes, either order): validation, and conversion to Latin-1 and UTF-16,
//! generic over [`VectorExt`].
//!
//! # Invalid units without a byte swap
//!
//! A unit is invalid when it is above U+10FFFF or a surrogate. Both tests are done on
//! the bytes as they are, with patterns written in the input's byte order:
//!
//! - above U+10FFFF: a per-byte saturating subtraction of the bytes of `0x0010FFFF`
//!   is nonzero exactly when the top byte is nonzero or the third byte is above 0x10;
//! - surrogate: a 32-bit comparison of `unit & 0xFFFFF800` with `0xD800`.
//!
//! Validation ORs these over four vectors and tests once; a failing chunk is handed to
//! the scalar validator from its start (units are independent, so there is no state
//! to carry). The transcoders use the same tests per block and leave refused blocks
//! to the scalar code of the [block loop](super::blocks).

use super::blocks::{pat32, run_in_mode, select, shift, test_chunk, BlockOp};
use crate::tables::compress::{PAIR_COMPACT4, PAIR_COMPACT4_LEN};
use crate::vector_ext::VectorExt;
use utfast_scalar::Utf32Error;
use utfast_scalar::{transcode as scalar, utf32 as scalar32, Endian, Mode, TranscodeError};

/// The invalid-unit tests for one byte order (see the module documentation).
#[derive(Clone, Copy)]
pub(crate) struct Utf32Check<V> {
    limit: V,
    m_sur: V,
    p_sur: V,
}

impl<V: VectorExt> Utf32Check<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(e: Endian) -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf32Check {
                limit: V::splat4(pat32(0x10FFFF, e)),
                m_sur: V::splat4(pat32(0xFFFF_F800, e)),
                p_sur: V::splat4(pat32(0xD800, e)),
            }
        }
    }

    /// Nonzero in (at least one byte of) every invalid unit of `v`, zero in valid ones.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn invalid(&self, v: V) -> V {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            v.saturating_sub(self.limit)
                .or(v.and(self.m_sur).eq32(self.p_sur))
        }
    }
}

/// Validates UTF-32 bytes in byte order `e` with the exact error of
/// `utfast_scalar::utf32::validate_utf32_bytes`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn validate_utf32<V: VectorExt>(src: &[u8], e: Endian) -> Result<(), Utf32Error> {
    let n = src.len();
    let ptr = src.as_ptr();
    let mut i = 0;
    // SAFETY: (whole block) the ISA is the caller's promise; every load reads
    // `V::BYTES` bytes at `ptr + k` with `k + V::BYTES <= n`.
    unsafe {
        let check = Utf32Check::<V>::new(e);
        while i + test_chunk::<V>() <= n {
            let mut bad = V::splat(0);
            let mut k = 0;
            while k < test_chunk::<V>() {
                bad = bad.or(check.invalid(V::load_unaligned(ptr.add(i + k))));
                k += V::BYTES;
            }
            if !bad.is_zero() {
                break;
            }
            i += test_chunk::<V>();
        }
    }
    scalar32::validate_utf32_bytes(&src[i..], e)
        .map_err(|err| Utf32Error::new(i + err.valid_up_to(), err.kind()))
}

/// UTF-32 (`from`) -> Latin-1: four vectors of units in, one vector of bytes out.
pub(crate) struct Utf32ToLatin1<V> {
    from: Endian,
    mode: Mode,
    /// `0xFFFFFF00` (little-endian): the bits that must be zero for Latin-1.
    m_high: V,
    /// `'?'` (little-endian), the lossy replacement.
    question: V,
}

impl<V: VectorExt> Utf32ToLatin1<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian, mode: Mode) -> Self {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf32ToLatin1 {
                from,
                mode,
                m_high: V::splat4(pat32(0xFFFF_FF00, Endian::Little)),
                question: V::splat4(pat32(u32::from(b'?'), Endian::Little)),
            }
        }
    }
}

impl<V: VectorExt> BlockOp<V> for Utf32ToLatin1<V> {
    const IN: usize = 4 * V::BYTES;
    const OUT: usize = V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let mut v = [V::splat(0); 4];
            for (k, x) in v.iter_mut().enumerate() {
                *x = V::load_unaligned(src.add(k * V::BYTES));
                if self.from == Endian::Big {
                    *x = x.swap_bytes32();
                }
            }
            let all = v[0].or(v[1]).or(v[2]).or(v[3]);
            if !all.and(self.m_high).is_zero() {
                match self.mode {
                    Mode::Strict => return None,
                    // Every unit above U+00FF, invalid ones included, becomes '?'.
                    Mode::Lossy => {
                        let zero = V::splat(0);
                        for x in v.iter_mut() {
                            *x = select(x.and(self.m_high).eq32(zero), *x, self.question);
                        }
                    }
                    // The scalar code keeps the low byte.
                    Mode::Valid => {}
                    // `Mode` is `#[non_exhaustive]`: the scalar code decides.
                    _ => return None,
                }
            }
            V::narrow16(V::narrow32(v[0], v[1]), V::narrow32(v[2], v[3])).store_unaligned(dst);
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf32_to_latin1(src, dst, self.from, self.mode)
    }
}

/// UTF-32 (`from`) -> UTF-16 (`to`): two vectors `V` of units in. A block of BMP
/// characters is narrowed to one vector; a block with supplementary characters (and
/// no invalid unit) is converted four units at a time with 16-byte vectors `W`:
///
/// - every unit `c` becomes, in its own 32-bit lane, either `c` (BMP) or its surrogate
///   pair as two little-endian 16-bit halves, `hi | lo << 16`: with `v = c - 0x10000`
///   (below `0x100000`), `hi = 0xD800 | v >> 10` and `lo = 0xDC00 | v & 0x3FF`, so the
///   lane is `v >> 10 | (v << 16) & 0x03FF0000 | 0xDC00D800`;
/// - a shuffle ([`PAIR_COMPACT4`], indexed by one bit per supplementary lane) drops
///   the zero high halves of the BMP lanes and packs the rest in order, and the whole
///   16 bytes are stored: the bytes after the output ([`PAIR_COMPACT4_LEN`]) are
///   scratch, overwritten by the next store or counted in `OUT` (see the
///   [block loop](super::blocks)).
///
/// Blocks with invalid units go to the scalar code. The byte orders are constants
/// of the compiled loop (`FROM_BE`, `TO_BE`), and blocks of the Basic Multilingual
/// Plane are tested four at a time ([`BlockOp::block4`]).
pub(crate) struct Utf32ToUtf16<V, W, const FROM_BE: bool, const TO_BE: bool> {
    from: Endian,
    to: Endian,
    mode: Mode,
    check: Utf32Check<V>,
    /// `0xFFFF0000` (little-endian): the bits that are zero in the BMP.
    m_bmp: V,
    /// `0x2000` in every 16-bit lane (little-endian): XORed into narrowed units, it
    /// moves the high bytes of surrogates (`0xD8..=0xDF`) to `0xF8..=0xFF`, the only
    /// high bytes `>= 0xF8` after it.
    x_sur: V,
    /// `0xF7FF` in every 16-bit lane (little-endian): subtracted with saturation
    /// after [`x_sur`](Self::x_sur), it leaves a nonzero byte exactly at the high
    /// byte of a surrogate (every low byte becomes zero).
    t_sur: V,
    /// `0xFFF00000` (little-endian): zero in `c - 0x10000` exactly for the
    /// supplementary characters `c`.
    m_sup: V,
    /// [`m_lo`](Self::m_lo) for `V`.
    m_lo_v: V,
    /// [`p_pair`](Self::p_pair) for `V`.
    p_pair_v: V,
    /// `0xFFFF0000` (little-endian) for `W`: the BMP test, and `-0x10000`.
    m_bmp16: W,
    /// `0x03FF0000` (little-endian): the low ten bits of `v`, moved to the high half.
    m_lo: W,
    /// `0xDC00D800` (little-endian): the surrogate prefixes of both halves.
    p_pair: W,
}

impl<V: VectorExt, W: VectorExt, const FROM_BE: bool, const TO_BE: bool>
    Utf32ToUtf16<V, W, FROM_BE, TO_BE>
{
    /// # Safety
    /// The CPU supports `V`'s and `W`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian, to: Endian, mode: Mode) -> Self {
        debug_assert_eq!(W::BYTES, 16);
        debug_assert_eq!((FROM_BE, TO_BE), (from == Endian::Big, to == Endian::Big));
        let le = Endian::Little;
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf32ToUtf16 {
                from,
                to,
                mode,
                check: Utf32Check::new(le),
                m_bmp: V::splat4(pat32(0xFFFF_0000, le)),
                x_sur: V::splat4(pat32(0x2000_2000, le)),
                t_sur: V::splat4(pat32(0xF7FF_F7FF, le)),
                m_sup: V::splat4(pat32(0xFFF0_0000, le)),
                m_lo_v: V::splat4(pat32(0x03FF_0000, le)),
                p_pair_v: V::splat4(pat32(0xDC00_D800, le)),
                m_bmp16: W::splat4(pat32(0xFFFF_0000, le)),
                m_lo: W::splat4(pat32(0x03FF_0000, le)),
                p_pair: W::splat4(pat32(0xDC00_D800, le)),
            }
        }
    }

    /// The block at `src` (`IN` bytes) as two vectors of little-endian units.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA; `src..src + 2 * V::BYTES` is readable.
    #[inline(always)]
    unsafe fn load(&self, src: *const u8) -> (V, V) {
        // SAFETY: the ISA and the pointer range are the caller's promise.
        unsafe {
            let mut a = V::load_unaligned(src);
            let mut b = V::load_unaligned(src.add(V::BYTES));
            if FROM_BE {
                a = a.swap_bytes32();
                b = b.swap_bytes32();
            }
            (a, b)
        }
    }

    /// Converts the four units at `src` (valid, in byte order `from`) to UTF-16 at
    /// `dst`, storing 16 bytes, and returns the length of the output (8 to 16 bytes).
    ///
    /// # Safety
    /// The CPU supports `W`'s ISA; `src..src + 16` is readable and `dst..dst + 16`
    /// is writable.
    #[inline(always)]
    unsafe fn four(&self, src: *const u8, dst: *mut u8) -> usize {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let mut c = W::load_unaligned(src);
            if FROM_BE {
                c = c.swap_bytes32();
            }
            let bmp = c.and(self.m_bmp16).eq32(W::splat(0));
            let v = c.add32(self.m_bmp16);
            let pair = v
                .shr32::<10>()
                .or(v.shl32::<16>().and(self.m_lo))
                .or(self.p_pair);
            let mut u = select(bmp, c, pair);
            if TO_BE {
                u = u.swap_bytes16();
            }
            let sup = lane_bits::<W>(bmp.bitmask()) ^ 0xF;
            W::load_unaligned(PAIR_COMPACT4[sup].as_ptr())
                .lookup16(u)
                .store_unaligned(dst);
            usize::from(PAIR_COMPACT4_LEN[sup])
        }
    }
}

/// One bit per 32-bit lane (lane `i` at bit `i`) of `mask`, the
/// [`VectorExt::bitmask`] of a 16-byte comparison result whose four bytes are equal
/// in every 32-bit lane.
///
/// With `s = 4 * MASK_BITS` bits per lane, lane `i`'s bit is at `s * i`; multiplying
/// by `2^(3s) + 2^(2s + 1) + 2^(s + 2) + 2^3` moves it to `3s + i`, and every other
/// partial product (`s * i + 3s - (s - 1) * j`, `j != i`) lands on a distinct bit
/// outside `3s..3s + 4`, so nothing carries into those four bits.
#[inline(always)]
fn lane_bits<W: VectorExt>(mask: u64) -> usize {
    let s = 4 * W::MASK_BITS;
    let x = mask & (1 | 1 << s | 1 << (2 * s) | 1 << (3 * s));
    let mul = 1u64 << (3 * s) | 1 << (2 * s + 1) | 1 << (s + 2) | 1 << 3;
    (x.wrapping_mul(mul) >> (3 * s)) as usize & 0xF
}

impl<V: VectorExt, W: VectorExt, const FROM_BE: bool, const TO_BE: bool> BlockOp<V>
    for Utf32ToUtf16<V, W, FROM_BE, TO_BE>
{
    const IN: usize = 2 * V::BYTES;
    const OUT: usize = V::BYTES;
    const BLOCK4: bool = true;
    /// The worst case (every unit a pair) and 3 bytes of spare room for the scratch
    /// bytes of the last 16-byte store.
    const RETRY_OUT: usize = 2 * V::BYTES + 3;

    /// Four blocks in the Basic Multilingual Plane: [`block`](Self::block) with one
    /// test for the four.
    #[inline(always)]
    unsafe fn block4(&self, src: *const u8, dst: *mut u8) -> bool {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            // (Plain statements, no closures: an array `map` over vectors may be
            // left outlined, without the kernel's target features.)
            let (a0, b0) = self.load(src);
            let (a1, b1) = self.load(src.add(Self::IN));
            let (a2, b2) = self.load(src.add(2 * Self::IN));
            let (a3, b3) = self.load(src.add(3 * Self::IN));
            let all = a0.or(b0).or(a1.or(b1)).or(a2.or(b2).or(a3.or(b3)));
            if !all.and(self.m_bmp).is_zero() {
                return false;
            }
            // Every lane is at most 0xFFFF (tested above).
            let out = [
                V::narrow32_small(a0, b0),
                V::narrow32_small(a1, b1),
                V::narrow32_small(a2, b2),
                V::narrow32_small(a3, b3),
            ];
            if self.mode != Mode::Valid {
                // Surrogates: one XOR per vector, then a bytewise maximum of the
                // four (a lane's high byte is `>= 0xF8` in the maximum exactly when
                // it is in one of them), and one saturating subtraction for all.
                let x0 = out[0].xor(self.x_sur);
                let x1 = out[1].xor(self.x_sur);
                let x2 = out[2].xor(self.x_sur);
                let x3 = out[3].xor(self.x_sur);
                let m = x0.max8(x1).max8(x2.max8(x3));
                if !m.saturating_sub(self.t_sur).is_zero() {
                    return false;
                }
            }
            for (k, &o) in out.iter().enumerate() {
                let o = if TO_BE { o.swap_bytes16() } else { o };
                o.store_unaligned(dst.add(k * V::BYTES));
            }
        }
        true
    }

    /// Blocks in the Basic Multilingual Plane: narrowed in one step. (Kept apart
    /// from the surrogate pairs in [`retry`](Self::retry), so that the loop over
    /// BMP text stays as small as it was without them.)
    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let (a, b) = self.load(src);
            if !a.or(b).and(self.m_bmp).is_zero() {
                return None;
            }
            let mut out = V::narrow32_small(a, b);
            // In the BMP, only surrogates are invalid (tested on the narrowed
            // units); the scalar code writes them unchanged in trusted-valid mode,
            // as the narrowing does.
            if self.mode != Mode::Valid && !out.xor(self.x_sur).saturating_sub(self.t_sur).is_zero()
            {
                return None;
            }
            if TO_BE {
                out = out.swap_bytes16();
            }
            out.store_unaligned(dst);
            Some(V::BYTES)
        }
    }

    /// Valid blocks with supplementary characters. A block of supplementary
    /// characters only (emoji, historic scripts) becomes one surrogate pair per
    /// lane in place, whole vectors at a time, without a shuffle: with
    /// `v = c - 0x10000`, `c` is supplementary exactly when `v < 0x100000` (so it is
    /// valid too), and the lane is `v >> 10 | (v << 16) & 0x03FF0000 | 0xDC00D800`.
    /// Other blocks go four units at a time, each becoming one unit or a surrogate
    /// pair.
    #[inline(always)]
    unsafe fn retry(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let (a, b) = self.load(src);
            let (va, vb) = (a.add32(self.m_bmp), b.add32(self.m_bmp));
            if va.or(vb).and(self.m_sup).is_zero() {
                // `IN` bytes of pairs: within `RETRY_OUT`.
                let pa = va
                    .shr32::<10>()
                    .or(va.shl32::<16>().and(self.m_lo_v))
                    .or(self.p_pair_v);
                let pb = vb
                    .shr32::<10>()
                    .or(vb.shl32::<16>().and(self.m_lo_v))
                    .or(self.p_pair_v);
                let (pa, pb) = if TO_BE {
                    (pa.swap_bytes16(), pb.swap_bytes16())
                } else {
                    (pa, pb)
                };
                pa.store_unaligned(dst);
                pb.store_unaligned(dst.add(V::BYTES));
                return Some(2 * V::BYTES);
            }
            // Blocks with supplementary characters must be valid in every mode.
            if !self.check.invalid(a).or(self.check.invalid(b)).is_zero() {
                return None;
            }
            // Piece `k` stores 16 bytes at `w <= 16 * k`: within `IN < RETRY_OUT`.
            let mut w = 0;
            for k in 0..Self::IN / 16 {
                w += self.four(src.add(16 * k), dst.add(w));
            }
            Some(w)
        }
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf32_to_utf16(src, dst, self.from, self.to, self.mode)
    }
}

/// `Kernel::utf32_to_latin1`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf32_to_latin1<V: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe { run_in_mode::<V, _>(mode, |m| Utf32ToLatin1::<V>::new(from, m), src, dst) }
}

/// `Kernel::utf32_to_utf16` (`W`: the ISA's 16-byte vectors).
///
/// # Safety
/// The CPU supports `V`'s and `W`'s ISAs.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf16<V: VectorExt, W: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        match (from, to) {
            (Endian::Little, Endian::Little) => {
                utf32_to_utf16_in::<V, W, false, false>(src, dst, from, to, mode)
            }
            (Endian::Little, Endian::Big) => {
                utf32_to_utf16_in::<V, W, false, true>(src, dst, from, to, mode)
            }
            (Endian::Big, Endian::Little) => {
                utf32_to_utf16_in::<V, W, true, false>(src, dst, from, to, mode)
            }
            (Endian::Big, Endian::Big) => {
                utf32_to_utf16_in::<V, W, true, true>(src, dst, from, to, mode)
            }
        }
    }
}

/// [`utf32_to_utf16`] for byte orders that are constants: first a loop of
/// [`Utf32ToUtf16::block4`] alone over the longest prefix of four-block runs in the
/// Basic Multilingual Plane (valid, or any in trusted-valid mode), then the block
/// loop ([`run_in_mode`]) on the rest. The block loop runs `block4` too, but
/// there it shares its tests with the block-by-block fallback and its bounds checks
/// with the other paths; alone, the common case (BMP text) takes a loop with one
/// counter and no jumps around the fallback code: about 69 instructions per 128
/// input bytes with 16-byte vectors before, about 50 after.
///
/// # Safety
/// The CPU supports `V`'s and `W`'s ISAs.
#[inline(always)]
unsafe fn utf32_to_utf16_in<V: VectorExt, W: VectorExt, const FROM_BE: bool, const TO_BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    type Op<V, W, const F: bool, const T: bool> = Utf32ToUtf16<V, W, F, T>;
    let (in4, out4) = (
        4 * Op::<V, W, FROM_BE, TO_BE>::IN,
        4 * Op::<V, W, FROM_BE, TO_BE>::OUT,
    );
    // SAFETY: the ISA is the caller's promise; iteration `k < runs` reads
    // `src[k * in4..(k + 1) * in4]` and writes `dst[k * out4..(k + 1) * out4]`, within
    // both slices by the choice of `runs`.
    unsafe {
        // Strict and lossy mode: `block4` refuses surrogates, so that the block
        // loop finds the error (or replaces it) from its start.
        let prefix = Op::<V, W, FROM_BE, TO_BE>::new(from, to, mode);
        let runs = (src.len() / in4).min(dst.len() / out4);
        let mut k = 0;
        while k < runs && prefix.block4(src.as_ptr().add(k * in4), dst.as_mut_ptr().add(k * out4)) {
            k += 1;
        }
        let (i, o) = (k * in4, k * out4);
        let r = run_in_mode::<V, _>(
            mode,
            |m| Op::<V, W, FROM_BE, TO_BE>::new(from, to, m),
            &src[i..],
            &mut dst[o..],
        );
        shift(r, i, o)
    }
}

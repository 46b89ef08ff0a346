//! UTF-16 (bytes, either order): validation, and conversion to Latin-1 and UTF-32,
//! generic over [`VectorExt`].
//!
//! # Surrogates as bit masks
//!
//! Only surrogates can make UTF-16 invalid, and whether a unit is a surrogate is a
//! property of its high byte. A 16-bit comparison of `unit & 0xFC00` with `0xD800`
//! and with `0xDC00` (patterns written in the input's byte order, so no byte swap is
//! needed) gives, per vector, the bit mask `high` of high surrogates and `low` of low
//! surrogates (`2 * MASK_BITS` bits per unit). The vector is valid exactly when every
//! low surrogate follows a high one and every high one is followed by a low one:
//! `low == (high << unit) | carry`, where `carry` is the first unit's bits if the
//! previous vector ended with a high surrogate. Text without surrogates (almost all
//! text) skips even that: one test per 64 bytes that no unit is in `D800..=DFFF`.
//!
//! On a mismatch the scalar validator takes over from the start of the vector (two
//! bytes earlier when a high surrogate was carried in), so it finds the exact
//! position and kind; everything before was proven valid.
//!
//! The Latin-1 transcoder accepts a block only if it contains no surrogate at all;
//! blocks with surrogates go to the scalar code of the [block loop](super::blocks),
//! whose sub-range is extended by [`cut16`](super::surrogate_pairs::cut16) so that it never separates a pair. The
//! UTF-32 transcoder ([`utf16_to_utf32`]) converts surrogate pairs in SIMD too.

use super::blocks::{pat16, run_in_mode, select, test_chunk, to_aligned, BlockOp};
use super::handover::POPCOUNT8;
use super::surrogate_pairs::{cut16, PairRun};
use crate::vector_ext::VectorExt;
use utfast_scalar::Utf16Error;
use utfast_scalar::{transcode as scalar, utf16 as scalar16, Endian, Mode, TranscodeError};

/// Validates UTF-16 bytes in byte order `e` with the exact error of
/// `utfast_scalar::utf16::validate_utf16_bytes`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn validate_utf16<V: VectorExt>(src: &[u8], e: Endian) -> Result<(), Utf16Error> {
    // SAFETY: the ISA is the caller's promise; `src` is `src.len()` readable bytes.
    let start = unsafe { scan_utf16::<V>(src.as_ptr(), src.len(), e, |_, _| None) };
    scalar16::validate_utf16_bytes(&src[start..], e)
        .map_err(|err| Utf16Error::new(start + err.valid_up_to(), err.kind()))
}

/// The validator's loop over the `n` bytes at `ptr` (UTF-16 in byte order `e`):
/// returns the offset (a character boundary) from which scalar code must finish the
/// job. At a vector whose surrogates do not pair up, `mismatch(start, end)` is
/// called with `start` the vector's offset (two bytes earlier when a high surrogate
/// was carried in, so that `start` is a character boundary) and `end` the vector's
/// end: `None` stops the loop there (`start` is returned), `Some(resume)` continues
/// at `resume` (`end <= resume <= n`), which the callback promises is a character
/// boundary with everything before it well-formed (it may have rewritten
/// `start..resume`, and nothing else).
///
/// # Safety
/// The CPU supports `V`'s ISA; `n` bytes are readable at `ptr` for the whole call.
#[inline(always)]
pub(crate) unsafe fn scan_utf16<V: VectorExt>(
    ptr: *const u8,
    n: usize,
    e: Endian,
    mut mismatch: impl FnMut(usize, usize) -> Option<usize>,
) -> usize {
    let unit = 2 * V::MASK_BITS;
    let total = V::BYTES as u32 * V::MASK_BITS;
    let full = if total == 64 { !0 } else { (1u64 << total) - 1 };
    let first = (1u64 << unit) - 1;
    let mut carry = 0u64;
    let mut i = 0;
    // SAFETY: (whole loop) the ISA and the `n` readable bytes are the caller's
    // promise; every load reads `V::BYTES` bytes at `ptr + k` with
    // `k + V::BYTES <= n`.
    unsafe {
        let (m_f8, p_sur) = (V::splat4(pat16(0xF800, e)), V::splat4(pat16(0xD800, e)));
        let (m_fc, p_lo) = (V::splat4(pat16(0xFC00, e)), V::splat4(pat16(0xDC00, e)));
        // The loop's loads aligned to 64 bytes: the vectors up to the first boundary
        // (an even number of bytes in) checked unaligned, then the loop from the
        // boundary, its carry set if the unit before is a high surrogate, whose low
        // one those vectors checked. (Loads that straddle two cache lines cost two,
        // and the loop is nothing but loads and tests.)
        let head = super::blocks::to_line(ptr, 64);
        if head != 0 && head.is_multiple_of(2) && n >= 4 * test_chunk::<V>() {
            let (mut c, mut j) = (0u64, 0);
            while j < head {
                let v = V::load_unaligned(ptr.add(j)).and(m_fc);
                let (high, low) = (v.eq16(p_sur).bitmask(), v.eq16(p_lo).bitmask());
                if low != ((high << unit) | c) & full {
                    break;
                }
                c = (high >> (total - unit)) & first;
                j += V::BYTES;
            }
            // (An error before the boundary: the loop from the start finds it.)
            if j >= head {
                i = head;
                let before = e.read_u16([*ptr.add(head - 2), *ptr.add(head - 1)]);
                if (0xD800..=0xDBFF).contains(&before) {
                    carry = first;
                }
            }
        }
        while i + V::BYTES <= n {
            if carry == 0 && i + test_chunk::<V>() <= n {
                let mut any = V::splat(0);
                // With mask registers the compares are OR-ed as masks: a vector of
                // each compare's result costs one more instruction per vector.
                let mut any_mask = 0u64;
                let mut k = 0;
                while k < test_chunk::<V>() {
                    let sur = V::load_unaligned(ptr.add(i + k)).and(m_f8).eq16(p_sur);
                    if V::MASK_REGISTERS {
                        any_mask |= sur.bitmask16();
                    } else {
                        any = any.or(sur);
                    }
                    k += V::BYTES;
                }
                let clear = if V::MASK_REGISTERS {
                    any_mask == 0
                } else {
                    any.is_zero()
                };
                if clear {
                    i += test_chunk::<V>();
                    continue;
                }
            }
            let v = V::load_unaligned(ptr.add(i)).and(m_fc);
            let high = v.eq16(p_sur).bitmask();
            let low = v.eq16(p_lo).bitmask();
            if low != ((high << unit) | carry) & full {
                let start = if carry != 0 { i - 2 } else { i };
                match mismatch(start, i + V::BYTES) {
                    None => return start,
                    Some(resume) => {
                        debug_assert!(resume >= i + V::BYTES && resume <= n);
                        (i, carry) = (resume, 0);
                        continue;
                    }
                }
            }
            carry = (high >> (total - unit)) & first;
            i += V::BYTES;
        }
    }
    if carry != 0 {
        i - 2
    } else {
        i
    }
}

/// Whether any unit of `v` (bytes in the order of the patterns) is a surrogate.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn has_surrogate<V: VectorExt>(v: V, m_f8: V, p_sur: V) -> bool {
    // SAFETY: the ISA is the caller's promise.
    unsafe { !v.and(m_f8).eq16(p_sur).is_zero() }
}

/// UTF-16 (`from`) -> Latin-1: two vectors of units in, one vector of bytes out.
pub(crate) struct Utf16ToLatin1<V> {
    from: Endian,
    mode: Mode,
    /// `0xFF00` (little-endian): the bits that must be zero for Latin-1.
    m_ff00: V,
    /// `0xFF00` in big-endian order: the same bits of unswapped big-endian units.
    m_00ff: V,
    /// `0xF800` and `0xD800` (little-endian): the surrogate test.
    m_f8: V,
    p_sur: V,
    /// `'?'` (little-endian), the lossy replacement.
    question: V,
}

impl<V: VectorExt> Utf16ToLatin1<V> {
    /// # Safety
    /// The CPU supports `V`'s ISA.
    #[inline(always)]
    pub(crate) unsafe fn new(from: Endian, mode: Mode) -> Self {
        let le = Endian::Little;
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            Utf16ToLatin1 {
                from,
                mode,
                m_ff00: V::splat4(pat16(0xFF00, le)),
                m_00ff: V::splat4(pat16(0xFF00, Endian::Big)),
                m_f8: V::splat4(pat16(0xF800, le)),
                p_sur: V::splat4(pat16(0xD800, le)),
                question: V::splat4(pat16(u16::from(b'?'), le)),
            }
        }
    }
}

impl<V: VectorExt> BlockOp<V> for Utf16ToLatin1<V> {
    const IN: usize = 2 * V::BYTES;
    const OUT: usize = V::BYTES;
    const BLOCK4: bool = true;

    /// Four blocks whose units are all at most U+00FF (the common case): one test
    /// of the OR of the eight input vectors, then per block one pack (the high
    /// bytes are known to be zero, no masking) and one store.
    #[inline(always)]
    unsafe fn block4(&self, src: *const u8, dst: *mut u8) -> bool {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            // (Plain statements, no closures: see `swap::Utf16ToUtf16::block4`.)
            let mut v = [
                V::load_unaligned(src),
                V::load_unaligned(src.add(V::BYTES)),
                V::load_unaligned(src.add(2 * V::BYTES)),
                V::load_unaligned(src.add(3 * V::BYTES)),
                V::load_unaligned(src.add(4 * V::BYTES)),
                V::load_unaligned(src.add(5 * V::BYTES)),
                V::load_unaligned(src.add(6 * V::BYTES)),
                V::load_unaligned(src.add(7 * V::BYTES)),
            ];
            let any = v[0]
                .or(v[1])
                .or(v[2].or(v[3]))
                .or(v[4].or(v[5]).or(v[6].or(v[7])));
            // The high bytes of the units: the odd bytes in little-endian order.
            let high = match self.from {
                Endian::Little => self.m_ff00,
                Endian::Big => self.m_00ff,
            };
            if !any.and(high).is_zero() {
                return false;
            }
            if self.from == Endian::Big {
                for x in v.iter_mut() {
                    *x = x.swap_bytes16();
                }
            }
            for k in 0..4 {
                V::narrow16_small(v[2 * k], v[2 * k + 1]).store_unaligned(dst.add(k * V::BYTES));
            }
        }
        true
    }

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let mut a = V::load_unaligned(src);
            let mut b = V::load_unaligned(src.add(V::BYTES));
            if self.from == Endian::Big {
                a = a.swap_bytes16();
                b = b.swap_bytes16();
            }
            if a.or(b).and(self.m_ff00).is_zero() {
                V::narrow16_small(a, b).store_unaligned(dst);
                return Some(<Self as BlockOp<V>>::OUT);
            }
            // Some unit is above U+00FF.
            if self.mode == Mode::Strict
                || has_surrogate(a, self.m_f8, self.p_sur)
                || has_surrogate(b, self.m_f8, self.p_sur)
            {
                return None;
            }
            if self.mode == Mode::Lossy {
                let zero = V::splat(0);
                let keep_a = a.and(self.m_ff00).eq16(zero);
                let keep_b = b.and(self.m_ff00).eq16(zero);
                a = select(keep_a, a, self.question);
                b = select(keep_b, b, self.question);
            }
            // Mode::Valid keeps the low byte, as the scalar code does.
            V::narrow16(a, b).store_unaligned(dst);
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    #[inline(always)]
    fn cut(&self, src: &[u8], end: usize) -> usize {
        cut16(src, end, self.from)
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::utf16_to_latin1(src, dst, self.from, self.mode)
    }
}

/// `COMPRESS32[m]`: the shuffle that keeps, of four 32-bit lanes, those whose
/// 16-bit source unit is not a low surrogate (`m`: two bits per unit, both set for a
/// low surrogate), in order; unused positions select byte 0.
static COMPRESS32: [[u8; 16]; 256] = {
    let mut t = [[0u8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut j, mut k) = (0, 0);
        while j < 4 {
            if m >> (2 * j) & 1 == 0 {
                let mut b = 0;
                while b < 4 {
                    t[m][k] = (4 * j + b) as u8;
                    k += 1;
                    b += 1;
                }
            }
            j += 1;
        }
        m += 1;
    }
    t
};

/// Output bytes one step may store: two 16-byte stores (at most 32 bytes of
/// output for 8 or 9 units), plus 3 spare bytes (see [`super::handover`]).
const WRITE32: usize = 32 + 3;

/// Zero-extends the surrogate-free UTF-16 (`from`) vector `v`, loaded from `s`, to
/// UTF-32 (`to`) at `d` (two vectors; [`VectorExt::widen16`]).
///
/// # Safety
/// The CPU supports `V`'s ISA; `v` holds the `V::BYTES` readable bytes at `s`;
/// `2 * V::BYTES` writable bytes at `d`.
#[inline(always)]
pub(crate) unsafe fn widen<V: VectorExt>(v: V, s: *const u8, d: *mut u8, from: Endian, to: Endian) {
    // SAFETY: the caller's promises.
    unsafe {
        let (x, y) = V::widen16(v, s, from != to, to == Endian::Big);
        x.store_unaligned(d);
        y.store_unaligned(d.add(V::BYTES));
    }
}

/// The code points of the surrogate pairs of `v` (UTF-16 in byte order `from`, a
/// whole pair in every 32-bit lane) in UTF-32 (`to`): in place, a pair's four bytes
/// become its code point's four.
///
/// With the units in little-endian order a lane is `hi | lo << 16`, and the code
/// point `0x10000 + ((hi & 0x3FF) << 10) + (lo & 0x3FF)` is
/// `((lane << 22) >> 12) + (lane >> 16) + 0x2400` (`lo - 0xDC00 + 0x10000`).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn pairs_to_utf32<V: VectorExt>(v: V, from: Endian, to: Endian) -> V {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        let x = if from == Endian::Big {
            v.swap_bytes16()
        } else {
            v
        };
        let c = x
            .shl32::<22>()
            .shr32::<12>()
            .add32(x.shr32::<16>())
            .add32(V::splat4(0x2400u32.to_le_bytes()));
        if to == Endian::Big {
            c.swap_bytes32()
        } else {
            c
        }
    }
}

/// UTF-16 (`from`) -> UTF-32 (`to`): exactly the results of
/// `utfast_scalar::transcode::utf16_to_utf32`.
///
/// Vectors `V` without surrogates are zero-extended (the common case). Runs of
/// nothing but surrogate pairs (emoji) are converted in place, four vectors per
/// test ([`PairRun`], [`pairs_to_utf32`]). Any other vector
/// with surrogates is converted 8 units at a time with 16-byte vectors `W`: the
/// units and the units one position later (the possible low halves) are loaded, a
/// pairing check (every high surrogate followed by a low one, every low one preceded
/// by a high one: the mask of high surrogates equals the mask of "next is low",
/// and the first unit is not low) sends anything unpaired to the scalar code;
/// otherwise every lane becomes `u` or, for a high surrogate, the code point of the
/// pair, and the lanes of low surrogates are compressed away ([`COMPRESS32`]). A
/// high surrogate in the last lane takes its low half from the 9th unit.
///
/// Invalid input: strict mode hands everything from the step to the scalar code
/// (which finds the exact error); lossy and trusted-valid modes hand over just that
/// step (extended to a resynchronisation point that does not split a pair) and
/// resume.
///
/// # Safety
/// The CPU supports `V`'s and `W`'s ISAs; `W::BYTES == 16`.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf32<V: VectorExt, W: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    use Endian::{Big, Little};
    // SAFETY: the caller's promises. One loop per pair of byte orders, with the
    // orders constants in each.
    unsafe {
        match (from, to) {
            (Little, Little) => utf16_to_utf32_in::<V, W>(src, dst, Little, Little, mode),
            (Little, Big) => utf16_to_utf32_in::<V, W>(src, dst, Little, Big, mode),
            (Big, Little) => utf16_to_utf32_in::<V, W>(src, dst, Big, Little, mode),
            (Big, Big) => utf16_to_utf32_in::<V, W>(src, dst, Big, Big, mode),
        }
    }
}

/// [`utf16_to_utf32`] for byte orders that are constants after inlining.
///
/// # Safety
/// As for [`utf16_to_utf32`].
#[inline(always)]
unsafe fn utf16_to_utf32_in<V: VectorExt, W: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    debug_assert_eq!(W::BYTES, 16);
    let (n, m) = (src.len(), dst.len());
    let in_step = V::BYTES.max(18);
    let out_step = (2 * V::BYTES).max(WRITE32);
    let (mut pos, mut out) = (0usize, 0usize);
    // SAFETY: (whole loop) the ISA is the caller's promise; every load reads within
    // `src[pos..pos + in_step]` (or `pos + 4 * V::BYTES`), every store writes within
    // `dst[out..out + out_step]` (or `out + 8 * V::BYTES`), as the loop conditions check.
    unsafe {
        let (m_f8, p_sur) = (
            V::splat4(pat16(0xF800, from)),
            V::splat4(pat16(0xD800, from)),
        );
        let step = PairStep::<W>::new();
        // `widen` reads the units again from memory where that saves shuffles
        // (AVX2: a widening load, or a load into both lanes and one byte shuffle,
        // per output vector; see `VectorExt::widen16`). Through a pointer the
        // optimizer cannot relate to `src`, it keeps those loads instead of
        // rebuilding them from the vectors already loaded for the surrogate test
        // (it did, with `vpermq`: the very shuffles the loads save).
        let src_w = core::hint::black_box(src.as_ptr());
        let pairs = PairRun::<V>::new(from);
        // The loop below stores whole vectors aligned to the vector when `dst` allows
        // it (a misalignment by whole UTF-32 units), else reads whole vectors aligned
        // when `src` allows it (an even misalignment): the first vector, if it has no
        // surrogate, is converted unaligned, and the loop starts at the first unit
        // after it that is aligned, rewriting some of the same units. On Intel a
        // store that straddles two cache lines costs more than such a load (two
        // stores per load here), so the stores are aligned first; on AMD loads
        // straddling lines cost more, and aligning `src` is the better second
        // choice.
        let skew = to_aligned::<V>(src.as_ptr());
        let dskew = to_aligned::<V>(dst.as_ptr());
        let first = if dskew.is_multiple_of(4) {
            dskew / 2
        } else if skew.is_multiple_of(2) {
            skew
        } else {
            0
        };
        if first != 0 && n >= 5 * V::BYTES && m >= 10 * V::BYTES {
            let v = V::load_unaligned(src.as_ptr());
            if !has_surrogate(v, m_f8, p_sur) {
                widen(v, src_w, dst.as_mut_ptr(), from, to);
                (pos, out) = (first, 2 * first);
            }
        }
        'outer: while pos + in_step <= n && out + out_step <= m {
            // Text without surrogates: four vectors per test.
            while pos + 4 * V::BYTES <= n && out + 8 * V::BYTES <= m {
                let s = src.as_ptr().add(pos);
                let v = [0, 1, 2, 3].map(|k| V::load_unaligned(s.add(k * V::BYTES)));
                let sur = v.map(|x| x.and(m_f8).eq16(p_sur));
                if !sur[0].or(sur[1]).or(sur[2].or(sur[3])).is_zero() {
                    break;
                }
                let d = dst.as_mut_ptr().add(out);
                for (k, x) in v.into_iter().enumerate() {
                    widen(
                        x,
                        src_w.add(pos + k * V::BYTES),
                        d.add(2 * k * V::BYTES),
                        from,
                        to,
                    );
                }
                pos += 4 * V::BYTES;
                out += 8 * V::BYTES;
            }
            if pos + in_step > n || out + out_step > m {
                break;
            }
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let v = V::load_unaligned(s);
            if !has_surrogate(v, m_f8, p_sur) {
                widen(v, src_w.add(pos), d, from, to);
                pos += V::BYTES;
                out += 2 * V::BYTES;
                continue;
            }
            // Surrogates: runs of whole pairs four vectors at a time, else 8-unit
            // steps until a step without any (back to the runs after a step of
            // surrogates only).
            'pairs: loop {
                while pos + 4 * V::BYTES <= n && out + 4 * V::BYTES <= m {
                    let s = src.as_ptr().add(pos);
                    let v = [0, 1, 2, 3].map(|k| V::load_unaligned(s.add(k * V::BYTES)));
                    if !pairs.all4(&v, pairs.pat) {
                        break;
                    }
                    let d = dst.as_mut_ptr().add(out);
                    for (k, x) in v.into_iter().enumerate() {
                        pairs_to_utf32(x, from, to).store_unaligned(d.add(k * V::BYTES));
                    }
                    pos += 4 * V::BYTES;
                    out += 4 * V::BYTES;
                }
                while pos + 18 <= n && out + WRITE32 <= m {
                    let s = src.as_ptr().add(pos);
                    let d = dst.as_mut_ptr().add(out);
                    let Some((read, written, mh, ml)) = step.convert(s, d, from, to) else {
                        // An unpaired surrogate in these 8 units (or at the 9th, paired
                        // with nothing): the scalar code from here.
                        if mode == Mode::Strict {
                            break 'outer;
                        }
                        let end = super::handover::utf16_resync(src, pos + 16, from);
                        let r =
                            scalar::utf16_to_utf32(&src[pos..end], &mut dst[out..], from, to, mode);
                        out = super::blocks::shift(r, pos, out)?;
                        pos = end;
                        continue 'outer;
                    };
                    out += written;
                    pos += read;
                    if mh == 0 && ml == 0 {
                        break 'pairs;
                    }
                    if mh | ml == 0xFFFF {
                        continue 'pairs;
                    }
                }
                break;
            }
            if pos + 18 > n || out + WRITE32 > m {
                break;
            }
        }
    }
    super::blocks::shift(
        scalar::utf16_to_utf32(&src[pos..], &mut dst[out..], from, to, mode),
        pos,
        out,
    )
}

/// The 8-unit step of [`utf16_to_utf32`] for vectors with surrogates (16-byte
/// vectors `W`; the constants in little-endian lanes, after the byte swap of
/// big-endian input).
struct PairStep<W> {
    m_fc: W,
    p_hi: W,
    p_lo: W,
    /// `(hi << 10) + lo + offset` is the code point of a pair.
    offset: W,
}

impl<W: VectorExt> PairStep<W> {
    /// # Safety
    /// The CPU supports `W`'s ISA.
    #[inline(always)]
    unsafe fn new() -> Self {
        let le = Endian::Little;
        // SAFETY: the caller's promise.
        unsafe {
            PairStep {
                m_fc: W::splat4(pat16(0xFC00, le)),
                p_hi: W::splat4(pat16(0xD800, le)),
                p_lo: W::splat4(pat16(0xDC00, le)),
                offset: W::splat4(
                    0x1_0000u32
                        .wrapping_sub(0xD800 << 10)
                        .wrapping_sub(0xDC00)
                        .to_le_bytes(),
                ),
            }
        }
    }

    /// Converts the 8 units at `s` (and a low surrogate at the 9th that pairs with
    /// the 8th) into `d`: every unit `u` or, for a high surrogate, the code point
    /// of the pair, the lanes of low surrogates compressed away. Returns the bytes
    /// read and written and the masks of high and low surrogates among the 8
    /// units, or `None` (nothing written) for an unpaired surrogate.
    ///
    /// # Safety
    /// The CPU supports `W`'s ISA; 18 readable bytes at `s`, `WRITE32` writable
    /// bytes at `d`.
    #[inline(always)]
    unsafe fn convert(
        &self,
        s: *const u8,
        d: *mut u8,
        from: Endian,
        to: Endian,
    ) -> Option<(usize, usize, u64, u64)> {
        // SAFETY: the caller's promises.
        unsafe {
            let (mut u, mut next) = (W::load_unaligned(s), W::load_unaligned(s.add(2)));
            if from == Endian::Big {
                u = u.swap_bytes16();
                next = next.swap_bytes16();
            }
            let hi = u.and(self.m_fc).eq16(self.p_hi);
            let lo = u.and(self.m_fc).eq16(self.p_lo);
            let (mh, ml) = (hi.bitmask_dense(), lo.bitmask_dense());
            let mn = next.and(self.m_fc).eq16(self.p_lo).bitmask_dense();
            if mh != mn || ml & 3 != 0 {
                return None;
            }
            let zero = W::splat(0);
            let (u0, u1) = W::zip16(u, zero);
            let (n0, n1) = W::zip16(next, zero);
            let (h0, h1) = W::zip16(hi, hi);
            let p0 = u0.shl32::<10>().add32(n0).add32(self.offset);
            let p1 = u1.shl32::<10>().add32(n1).add32(self.offset);
            let mut c0 = select(h0, p0, u0);
            let mut c1 = select(h1, p1, u1);
            if to == Endian::Big {
                c0 = c0.swap_bytes32();
                c1 = c1.swap_bytes32();
            }
            let (k0, k1) = ((ml & 0xFF) as usize, (ml >> 8 & 0xFF) as usize);
            W::load_unaligned(COMPRESS32.get_unchecked(k0).as_ptr())
                .lookup16(c0)
                .store_unaligned(d);
            let w0 = 16 - 2 * *POPCOUNT8.get_unchecked(k0) as usize;
            W::load_unaligned(COMPRESS32.get_unchecked(k1).as_ptr())
                .lookup16(c1)
                .store_unaligned(d.add(w0));
            let written = w0 + 16 - 2 * *POPCOUNT8.get_unchecked(k1) as usize;
            // A pair in the last lane took the 9th unit too.
            Some((16 + 2 * (mh >> 15 & 1) as usize, written, mh, ml))
        }
    }
}

/// `Kernel::utf16_to_latin1`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf16_to_latin1<V: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // Stores aligned to the vector (a 32-byte store that straddles two cache lines
    // costs two): where that pays whatever the loads (`Vector::ALIGN_STORES`), the
    // units up to the first aligned
    // output byte go to the scalar code first (a head that does not separate a
    // pair, see `cut16`; conversion is stateless at character boundaries).
    let skew = to_aligned::<V>(dst.as_ptr());
    if V::ALIGN_STORES && skew != 0 && src.len() >= 8 * V::BYTES && dst.len() >= src.len() / 2 {
        let end = cut16(src, 2 * skew, from);
        let w = scalar::utf16_to_latin1(&src[..end], dst, from, mode)?;
        // SAFETY: the ISA is the caller's promise.
        let rest = unsafe { utf16_to_latin1_loop::<V>(&src[end..], &mut dst[w..], from, mode) };
        return super::handover::shift(rest, end, w);
    }
    // SAFETY: the ISA is the caller's promise.
    unsafe { utf16_to_latin1_loop::<V>(src, dst, from, mode) }
}

/// The block loop of [`utf16_to_latin1`].
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn utf16_to_latin1_loop<V: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        // One loop per byte order, with the order a constant in each.
        match from {
            Endian::Little => run_in_mode::<V, _>(
                mode,
                |m| Utf16ToLatin1::<V>::new(Endian::Little, m),
                src,
                dst,
            ),
            Endian::Big => {
                run_in_mode::<V, _>(mode, |m| Utf16ToLatin1::<V>::new(Endian::Big, m), src, dst)
            }
        }
    }
}

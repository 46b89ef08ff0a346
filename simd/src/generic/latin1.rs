//! Latin-1 -> UTF-16, UTF-32 and UTF-8, generic over [`VectorExt`].
//!
//! Latin-1 byte `b` is code point `b`, so UTF-16 and UTF-32 are zero-extensions:
//! widening loads ([`VectorExt::load_widen8to16`]) for UTF-16LE, otherwise
//! interleaving the bytes with zeros ([`VectorExt::zip8`]) once or twice, with the
//! zeros first for big-endian output (UTF-16BE with 256-bit vectors: widening loads
//! and a shift, no lane-crossing permutes). Every block is accepted; the only error is
//! `OutputTooSmall`, left to the scalar tail by the [block loop](super::blocks).
//!
//! UTF-8 ([`latin1_to_utf8`], 16-byte vectors): a variable-length expansion, each
//! byte `b >= 0x80` becoming `[0xC0 | b >> 6, 0x80 | b & 0x3F]`. Per 16 input bytes:
//! the lead byte (`b` itself for ASCII, `C2`/`C3` otherwise) and the continuation
//! byte (`b & 0xBF`) of every byte are computed at once and interleaved into two
//! vectors of eight `[lead, continuation]` pairs; one shuffle per vector, picked by
//! the 8-bit mask of its non-ASCII bytes from [`EXPAND`], drops the continuation
//! bytes of ASCII bytes. ASCII runs are copied 64 bytes at a time. The loop keeps
//! an explicit input and output position and hands the tail to the scalar code
//! (see [`super::handover`] for why that keeps the scalar results exactly).

use super::blocks::{run, shift, to_aligned, BlockOp};
use super::handover::POPCOUNT8;
use crate::generic::blocks::select;
use crate::vector_ext::VectorExt;
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// Latin-1 -> UTF-16 (big-endian when `BE`): one vector in, two out.
pub(crate) struct Latin1ToUtf16<const BE: bool>;

impl<V: VectorExt, const BE: bool> BlockOp<V> for Latin1ToUtf16<BE> {
    const IN: usize = V::BYTES;
    const OUT: usize = 2 * V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise (the
        // loads read the block's `V::BYTES` bytes: one load, or two widening loads
        // of `V::BYTES / 2` bytes).
        unsafe {
            let half = V::BYTES / 2;
            let (x, y) = if V::BYTES == 16 {
                // One load and an interleave with zeros (zeros first: big-endian
                // units): in one 128-bit lane as many shuffles as two widening loads
                // (`pmovzxbw` from memory), and half the loads.
                let v = V::load_unaligned(src);
                if BE {
                    V::zip8(V::splat(0), v)
                } else {
                    V::zip8(v, V::splat(0))
                }
            } else if !BE {
                // Widening loads (`pmovzxbw`): with 256-bit vectors no lane-crossing
                // permutes, which interleaving with zeros needs.
                (V::load_widen8to16(src), V::load_widen8to16(src.add(half)))
            } else {
                let (x, y) = (V::load_widen8to16(src), V::load_widen8to16(src.add(half)));
                (x.shl16::<8>(), y.shl16::<8>())
            };
            x.store_unaligned(dst);
            y.store_unaligned(dst.add(V::BYTES));
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        let to = if BE { Endian::Big } else { Endian::Little };
        scalar::latin1_to_utf16(src, dst, to)
    }
}

/// Latin-1 -> UTF-32 (`to`): one vector in, four out.
pub(crate) struct Latin1ToUtf32 {
    pub(crate) to: Endian,
}

impl<V: VectorExt> BlockOp<V> for Latin1ToUtf32 {
    const IN: usize = V::BYTES;
    const OUT: usize = 4 * V::BYTES;

    #[inline(always)]
    unsafe fn block(&self, src: *const u8, dst: *mut u8) -> Option<usize> {
        // SAFETY: the ISA and the pointer ranges are the caller's promise.
        unsafe {
            let (v, zero) = (V::load_unaligned(src), V::splat(0));
            let out = match self.to {
                Endian::Little => {
                    let (x, y) = V::zip8(v, zero);
                    let (a, b) = V::zip8(x, zero);
                    let (c, d) = V::zip8(y, zero);
                    [a, b, c, d]
                }
                Endian::Big => {
                    let (x, y) = V::zip8(zero, v);
                    let (a, b) = V::zip8(zero, x);
                    let (c, d) = V::zip8(zero, y);
                    [a, b, c, d]
                }
            };
            for (k, w) in out.into_iter().enumerate() {
                w.store_unaligned(dst.add(k * V::BYTES));
            }
        }
        Some(<Self as BlockOp<V>>::OUT)
    }

    fn scalar(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
        scalar::latin1_to_utf32(src, dst, self.to)
    }
}

/// `EXPAND[m]`: the shuffle that keeps, of eight interleaved `[lead, continuation]`
/// pairs, every lead byte and the continuation bytes of the pairs whose bit is set in
/// `m` (the non-ASCII bytes), in order; unused positions select byte 0.
static EXPAND: [[u8; 16]; 256] = {
    let mut t = [[0u8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut i, mut j) = (0, 0);
        while i < 8 {
            t[m][j] = 2 * i as u8;
            j += 1;
            if m >> i & 1 == 1 {
                t[m][j] = 2 * i as u8 + 1;
                j += 1;
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// Output bytes one iteration may store: 64 bytes of input become at most 128, and
/// the last 16-byte store may reach 8 bytes past the output of its 8 input bytes
/// (within the 128), plus one spare byte (the longest UTF-8 character of a Latin-1
/// byte minus one, see [`super::handover`]).
const WRITE: usize = 128 + 1;

/// Constants of [`expand16`], splatted once per call.
struct Consts<V> {
    high: V,
    c2: V,
    cont_mask: V,
    bit6: V,
    one: V,
}

/// The 16 Latin-1 bytes `v` with non-ASCII mask `non_ascii` (bytes `0xFF` where
/// `v >= 0x80`, 16-bit `mask` of it) as UTF-8 at `dst`; returns the bytes written.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 32 writable bytes at `dst`.
#[inline(always)]
unsafe fn expand16<V: VectorExt>(
    k: &Consts<V>,
    v: V,
    non_ascii: V,
    mask: u64,
    dst: *mut u8,
) -> usize {
    // SAFETY: the caller's promises; the table indices are bytes (< 256).
    unsafe {
        // C2 for 80..BF, C3 for C0..FF; ASCII bytes are their own lead byte.
        let lead = select(non_ascii, k.c2.or(v.and(k.bit6).eq8(k.bit6).and(k.one)), v);
        let (x0, x1) = V::zip8(lead, v.and(k.cont_mask));
        let (m0, m1) = ((mask & 0xFF) as usize, (mask >> 8 & 0xFF) as usize);
        V::load_unaligned(EXPAND.get_unchecked(m0).as_ptr())
            .lookup16(x0)
            .store_unaligned(dst);
        let w0 = 8 + *POPCOUNT8.get_unchecked(m0) as usize;
        V::load_unaligned(EXPAND.get_unchecked(m1).as_ptr())
            .lookup16(x1)
            .store_unaligned(dst.add(w0));
        w0 + 8 + *POPCOUNT8.get_unchecked(m1) as usize
    }
}

/// Latin-1 -> UTF-8: exactly the results of `utfast_scalar::transcode::latin1_to_utf8`.
///
/// # Safety
/// The CPU supports `V`'s ISA; `V::BYTES == 16`.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf8<V: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    _to: Endian,
    _mode: Mode,
) -> Result<usize, TranscodeError> {
    debug_assert_eq!(V::BYTES, 16);
    let (n, m) = (src.len(), dst.len());
    let (mut pos, mut out) = (0usize, 0usize);
    // SAFETY: (whole loop) the ISA is the caller's promise; every load reads within
    // `src[pos..pos + 64]` or `src[pos..pos + 16]` (checked against `n`), every store
    // writes within `dst[out..out + 128]` (`out + WRITE <= m`).
    unsafe {
        let k = Consts {
            high: V::splat(0x80),
            c2: V::splat(0xC2),
            cont_mask: V::splat(0xBF),
            bit6: V::splat(0x40),
            one: V::splat(1),
        };
        while pos + 64 <= n && out + WRITE <= m {
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let v = [0, 16, 32, 48].map(|j| V::load_unaligned(s.add(j)));
            if !v[0].or(v[1]).or(v[2].or(v[3])).any_high_bit() {
                for (j, x) in v.into_iter().enumerate() {
                    x.store_unaligned(d.add(16 * j));
                }
                pos += 64;
                out += 64;
                continue;
            }
            let mut w = 0;
            for x in v {
                let non_ascii = x.and(k.high).eq8(k.high);
                let mask = non_ascii.bitmask_dense();
                if mask == 0 {
                    x.store_unaligned(d.add(w));
                    w += 16;
                } else {
                    w += expand16(&k, x, non_ascii, mask, d.add(w));
                }
            }
            pos += 64;
            out += w;
        }
        while pos + 16 <= n && out + WRITE <= m {
            let x = V::load_unaligned(src.as_ptr().add(pos));
            let non_ascii = x.and(k.high).eq8(k.high);
            let mask = non_ascii.bitmask_dense();
            out += expand16(&k, x, non_ascii, mask, dst.as_mut_ptr().add(out));
            pos += 16;
        }
    }
    shift(
        scalar::latin1_to_utf8(&src[pos..], &mut dst[out..]),
        pos,
        out,
    )
}

/// `Kernel::latin1_to_utf16` (the mode is ignored: Latin-1 is always valid).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf16<V: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    _mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        match to {
            Endian::Little => latin1_to_utf16_in::<V, false>(src, dst),
            Endian::Big => latin1_to_utf16_in::<V, true>(src, dst),
        }
    }
}

/// [`latin1_to_utf16`] for one byte order: every block is accepted, so four blocks
/// at a time go in a loop with one counter (the block loop's bounds checks and
/// offsets cost several instructions per four blocks in a loop that issues two
/// stores per 16 input bytes), with aligned stores, and the rest to the block loop.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn latin1_to_utf16_in<V: VectorExt, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> Result<usize, TranscodeError> {
    let op = Latin1ToUtf16::<BE>;
    let (in4, out4) = (4 * V::BYTES, 8 * V::BYTES);
    let (n, m) = (src.len(), dst.len());
    // SAFETY: the ISA is the caller's promise; the first block reads `src[..V::BYTES]`
    // and writes `dst[..2 * V::BYTES]` (the condition checks both); run `k < runs`
    // reads `src[i0 + k * in4..i0 + (k + 1) * in4]` and writes
    // `dst[2 * i0 + k * out4..2 * i0 + (k + 1) * out4]`, within both slices by the
    // choice of `runs`; each block is `IN = V::BYTES` bytes in, `OUT = 2 * V::BYTES` out.
    unsafe {
        // The stores aligned to the vector when `dst` allows it (an even
        // misalignment; a store that straddles two cache lines costs two): the
        // first block unaligned, then the loop from the first aligned output
        // position, rewriting some of the same units.
        let skew = to_aligned::<V>(dst.as_ptr());
        let mut i0 = 0;
        if skew != 0 && skew.is_multiple_of(2) && n >= in4 + V::BYTES && m >= out4 + 2 * V::BYTES {
            let w = BlockOp::<V>::block(&op, src.as_ptr(), dst.as_mut_ptr());
            debug_assert_eq!(w, Some(2 * V::BYTES));
            i0 = skew / 2;
        }
        let runs = ((n - i0) / in4).min((m - 2 * i0) / out4);
        for k in 0..runs {
            let s = src.as_ptr().add(i0 + k * in4);
            let d = dst.as_mut_ptr().add(2 * i0 + k * out4);
            for j in 0..4 {
                let w = BlockOp::<V>::block(&op, s.add(j * V::BYTES), d.add(2 * j * V::BYTES));
                debug_assert_eq!(w, Some(2 * V::BYTES));
            }
        }
        let (i, o) = (i0 + runs * in4, 2 * i0 + runs * out4);
        shift(run::<V, _>(&op, &src[i..], &mut dst[o..]), i, o)
    }
}

/// `Kernel::latin1_to_utf32` (the mode is ignored: Latin-1 is always valid).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf32<V: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    _mode: Mode,
) -> Result<usize, TranscodeError> {
    let op = Latin1ToUtf32 { to };
    let (n, m) = (src.len(), dst.len());
    // The stores aligned to the vector when `dst` allows it (a misalignment by
    // whole units): the first block unaligned, then the block loop from the first
    // aligned output position, rewriting some of the same units. (Four stores per
    // load, so the stores that straddle two cache lines cost most here.)
    let skew = to_aligned::<V>(dst.as_ptr());
    // SAFETY: the ISA is the caller's promise; the first block reads
    // `src[..V::BYTES]` and writes `dst[..4 * V::BYTES]`, as the condition checks.
    unsafe {
        if skew != 0 && skew.is_multiple_of(4) && n >= 2 * V::BYTES && m >= 8 * V::BYTES {
            let w = BlockOp::<V>::block(&op, src.as_ptr(), dst.as_mut_ptr());
            debug_assert_eq!(w, Some(4 * V::BYTES));
            let i = skew / 4;
            return shift(run::<V, _>(&op, &src[i..], &mut dst[4 * i..]), i, 4 * i);
        }
        run::<V, _>(&op, src, dst)
    }
}

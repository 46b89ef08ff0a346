//! CESU-8/MUTF-8 -> UTF-8 in one pass over 64-byte blocks (see
//! [`cesu_to_utf8_blocks`]), and runs of surrogate pairs several at a time
//! ([`pair_run`]).

use crate::generic::utf8_validate::{all_ascii, tables_bmp, BlockCheck, Rules, BLOCK, PAIRS_NONE};
use crate::vector_ext::VectorExt;
use utfast_scalar::Utf8Error;

/// Copies the 8-byte words covering `len` bytes from `src` to `dst` (up to 7 bytes
/// more than `len` are read and written).
///
/// # Safety
/// `src..src + len + 7` is readable, `dst..dst + len + 7` writable, and they do not
/// overlap.
#[inline(always)]
unsafe fn copy_words(src: *const u8, dst: *mut u8, len: usize) {
    let mut i = 0;
    while i < len {
        // SAFETY: `i < len`, so `i + 8 <= len + 7`: within the caller's ranges.
        unsafe {
            let w = src.add(i).cast::<u64>().read_unaligned();
            dst.add(i).cast::<u64>().write_unaligned(w);
        }
        i += 8;
    }
}

/// UTF-8 without 4-byte sequences or surrogates: the quick check of
/// [`cesu_to_utf8_blocks`] (a block that passes it, and has no `00` in MUTF-8, is
/// its own CESU-8/MUTF-8 -> UTF-8 conversion).
struct BmpRules;

impl Rules for BmpRules {
    const TABLES: [[u8; 16]; 3] = tables_bmp();
    const PAIRS: u8 = PAIRS_NONE;
    const MUTF8: bool = false;
    fn scalar(window: &[u8]) -> Result<(), Utf8Error> {
        // Never asked: the loop only looks at the error bits.
        utfast_scalar::cesu8::validate_cesu8(window)
    }
}

/// Writes the UTF-8 of the validated CESU-8 surrogate pair at `src` (`ED A0..AF
/// 80..BF ED B0..BF 80..BF`, bytes `b0..b5`) at `dst`: the plane `(b1 & 0F) + 1`
/// and the other bits move into place in one 32-bit word, without computing the
/// code point.
///
/// # Safety
/// `src..src + 8` is readable, `dst..dst + 4` writable.
#[inline(always)]
unsafe fn write_pair(src: *const u8, dst: *mut u8) {
    // SAFETY: the caller's promise.
    let w = u64::from_le(unsafe { src.cast::<u64>().read_unaligned() });
    let plane = ((w >> 8) as u32 & 0x0F) + 1;
    let b2 = (w >> 16) as u32 & 0x3F;
    let utf8 = 0x0080_80F0
        | (plane >> 2)
        | (plane & 3) << 12
        | (b2 >> 2) << 8
        | (b2 & 3) << 20
        | ((w >> 32) as u32 & 0x0F) << 16
        | ((w >> 40) as u32 & 0xFF) << 24;
    // SAFETY: the caller's promise.
    unsafe { dst.cast::<u32>().write_unaligned(utf8.to_le()) };
}

/// Converts a run of CESU-8 surrogate pairs (emoji text) from `src` to `dst`, four
/// pairs (24 bytes) per 128-bit lane of `W` at a time: each lane is loaded from two
/// places 12 bytes apart, two pairs each; comparing each byte with its pattern
/// (`ED`, `A0..AF`, `80..BF`, `ED`, `B0..BF`, `80..BF`) proves that all of them are
/// valid pairs, a shuffle gathers the four bytes `b1 b2 b4 b5` of each pair into a
/// 32-bit lane, and the bits move into place as in [`write_pair`]. Stops at the
/// first group that is not all pairs, or when `src` has fewer than
/// `3 W::BYTES / 2 + 4` bytes left or `dst` fewer than `W::BYTES`; returns the input
/// and output bytes converted.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
unsafe fn pair_run<W: VectorExt>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    const MASK: [u8; 16] = [
        0xFF, 0xF0, 0xC0, 0xFF, 0xF0, 0xC0, 0xFF, 0xF0, 0xC0, 0xFF, 0xF0, 0xC0, 0, 0, 0, 0,
    ];
    const WANT: [u8; 16] = [
        0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80, 0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80, 0, 0, 0, 0,
    ];
    // Bytes b1 b2 b4 b5 of the two pairs of a lane: of the first load in 32-bit
    // lanes 0 and 1, of the second in lanes 2 and 3.
    const GATHER: [u8; 16] = [1, 2, 4, 5, 7, 8, 10, 11, 1, 2, 4, 5, 7, 8, 10, 11];
    const FIRST: [u8; 16] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0,
    ];
    let step = 3 * W::BYTES / 2;
    let (n, m) = (src.len(), dst.len());
    let (mut i, mut o) = (0usize, 0usize);
    // SAFETY: the ISA is the caller's promise; lane `k` of the loads reads 16 bytes
    // at `i + 24 k` and `i + 24 k + 12`, within `src[i..i + step + 4]`, and the
    // store writes `dst[o..o + W::BYTES]`; both checked by the loop condition.
    unsafe {
        let (mask, want) = (W::broadcast_lane(&MASK), W::broadcast_lane(&WANT));
        let (gather, first) = (W::broadcast_lane(&GATHER), W::broadcast_lane(&FIRST));
        let (ones, low4, one) = (
            W::splat(0xFF),
            W::splat4([0x0F, 0, 0, 0]),
            W::splat4([1, 0, 0, 0]),
        );
        let (three, fixed) = (W::splat4([3, 0, 0, 0]), W::splat4([0xF0, 0x80, 0x80, 0]));
        let (b2_high, b2_low, kept) = (
            W::splat4([0, 0x0F, 0, 0]),
            W::splat4([0, 0, 0x30, 0]),
            W::splat4([0, 0, 0x0F, 0xFF]),
        );
        while i + step + 4 <= n && o + W::BYTES <= m {
            let p = src.as_ptr().add(i);
            let a = W::load_lanes(|k| p.add(24 * k));
            let b = W::load_lanes(|k| p.add(24 * k + 12));
            let ok = a.and(mask).eq8(want).and(b.and(mask).eq8(want));
            if !ok.xor(ones).is_zero() {
                break;
            }
            let x = gather
                .lookup16(a)
                .and(first)
                .or(gather.lookup16(b).and(first.xor(ones)));
            let plane = x.and(low4).add32(one);
            let utf8 = fixed
                .or(plane.shr32::<2>())
                .or(plane.and(three).shl32::<12>())
                .or(x.shr32::<2>().and(b2_high))
                .or(x.shl32::<12>().and(b2_low))
                .or(x.and(kept));
            utf8.store_unaligned(dst.as_mut_ptr().add(o));
            i += step;
            o += W::BYTES;
        }
    }
    (i, o)
}

/// Blocks per group of the fast loop of [`cesu_to_utf8_blocks`]: its error bits
/// are tested once per group.
const GROUP: usize = 4;

/// The fast loop's step: checks the `GROUP` blocks at `p` with [`BmpRules`] (no
/// `00` in MUTF-8 either) and stores each one at `d` as it is, OR-ing the error bits
/// of every block into one vector that is tested once at the end: an ASCII block
/// adds `incomplete` (whether the block before it ends inside a sequence), a block
/// with other bytes its check (whose first vectors see the previous block's last
/// bytes). Returns the new `incomplete` if the whole group is its own conversion,
/// `None` otherwise (nothing is consumed then; the stores are scratch).
///
/// A group may end with the first byte of a special (`ED` before `A0..AF`, `C0`
/// before `80`): it passes the check, and the next group's check flags it with the
/// byte after it (a surrogate, or `C0`'s overlong form), or its ASCII test with
/// `incomplete`; the caller backs up over it before the careful loop.
///
/// # Safety
/// The CPU supports `W`'s ISA; `p - 3..p + GROUP * 64` is readable and
/// `d..d + GROUP * 64` writable, and they do not overlap.
#[inline(always)]
unsafe fn plain_group<W: VectorExt, R: Rules>(
    quick: &BlockCheck<W>,
    p: *const u8,
    d: *mut u8,
    incomplete: W,
) -> Option<W> {
    let lanes = BLOCK / W::BYTES;
    // SAFETY: the caller's promises: every load is within `p - 3..p + GROUP * 64`,
    // every store within `d..d + GROUP * 64`.
    unsafe {
        let zero = W::splat(0);
        let (mut error, mut incomplete) = (zero, incomplete);
        for b in 0..GROUP {
            let q = p.add(b * BLOCK);
            let mut x = [zero; 4];
            for (k, v) in x[..lanes].iter_mut().enumerate() {
                *v = W::load_unaligned(q.add(k * W::BYTES));
            }
            let mut any = x[0];
            for v in &x[1..lanes] {
                any = any.or(*v);
            }
            if R::MUTF8 {
                for v in &x[..lanes] {
                    error = error.or(v.eq8(zero));
                }
            }
            if any.any_high_bit() {
                let (e, inc) = quick.check::<BmpRules, true>(q);
                error = error.or(e);
                incomplete = inc;
            } else {
                error = error.or(incomplete);
                incomplete = zero;
            }
            for (k, v) in x[..lanes].iter().enumerate() {
                v.store_unaligned(d.add(b * BLOCK + k * W::BYTES));
            }
        }
        if error.is_zero() {
            Some(incomplete)
        } else {
            None
        }
    }
}

/// The CESU-8/MUTF-8 -> UTF-8 block loop: validates each 64-byte block and stores
/// it in the same pass. A block that passes the UTF-8 check without 4-byte
/// sequences and surrogates ([`BmpRules`]; no `00` in MUTF-8) and does not end with
/// `ED` (or `C0`) is its own conversion. Otherwise it is checked again under `R`: a
/// block with a surrogate pair (`ED A0..AF`, six bytes that become four) or, in
/// MUTF-8, `C0 80` (one `00`) has the stretches between them copied and each of
/// them rewritten; a special that the block's end cuts waits for the next block,
/// which starts at it. Blocks may cut other characters: they are copied byte for
/// byte, and the next block validates them with the bytes before it.
///
/// Plain text goes through a faster loop, [`plain_group`]: four blocks checked and
/// stored with one test of their OR-ed error bits, no per-block branch on the
/// result. A group whose test fails consumes nothing and is done again by the
/// careful per-block loop above, which also takes the first block (no bytes before
/// it) and goes on for a group's length after every special, so that text dense in
/// specials (emoji) does not pay for failing groups.
///
/// Stops at the first block with an error, near the end of `src` (72 bytes, the
/// word copies' reach) or of `dst` (80: the scratch bytes of the word copies stay
/// 11 bytes short of its end, so the scalar code overwrites them before it could
/// report `OutputTooSmall`), and returns the character boundary `(pos, out)` where
/// the caller's hand-over goes on: everything before it is valid and converted.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
pub(super) unsafe fn cesu_to_utf8_blocks<W: VectorExt, R: Rules>(
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let (n, m) = (src.len(), dst.len());
    let (mut pos, mut out) = (0usize, 0usize);
    let lanes = BLOCK / W::BYTES;
    // SAFETY: the ISA is the caller's promise. Every careful iteration has
    // `pos + 72 <= n`: the loads read `src[pos..pos + 65]` (and four bytes before
    // `pos` when `pos > 0`; blocks after the first start at `pos >= 59`), the word
    // copies `src[pos..pos + 71]`. And `out + 80 <= m`: a block writes at most
    // `dst[out..out + 71]` (its output is at most as long as its input). A group
    // runs only after the first block (`pos >= careful_until >= 1`, so `pos >= 59`),
    // with `pos + 256 <= n` and `out + 272 <= m`: it reads `src[pos - 3..pos + 256]`
    // and writes `dst[out..out + 256]`, 16 bytes short of its end (the scratch-byte
    // rule of the careful loop).
    unsafe {
        let quick = BlockCheck::<W>::new::<BmpRules>();
        let full = BlockCheck::<W>::new::<R>();
        let (ed, a0, f0, c0, zero) = (
            W::splat(0xED),
            W::splat(0xA0),
            W::splat(0xF0),
            W::splat(0xC0),
            W::splat(0),
        );
        // Whether the last block ends inside a sequence (nonzero).
        let mut incomplete = zero;
        // The careful loop runs while `pos < careful_until` (the first block: it has
        // no bytes before it; a group that failed; near specials).
        let mut careful_until = 1;
        loop {
            if pos >= careful_until {
                if pos + GROUP * BLOCK <= n && out + GROUP * BLOCK + 16 <= m {
                    let (p, d) = (src.as_ptr().add(pos), dst.as_mut_ptr().add(out));
                    if let Some(inc) = plain_group::<W, R>(&quick, p, d, incomplete) {
                        incomplete = inc;
                        pos += GROUP * BLOCK;
                        out += GROUP * BLOCK;
                        continue;
                    }
                    careful_until = pos + GROUP * BLOCK;
                }
                // A group may have ended with the first byte of a special (see
                // `plain_group`): start the careful loop at it.
                let last = src[pos - 1];
                if last == 0xED || (R::MUTF8 && last == 0xC0) {
                    pos -= 1;
                    out -= 1;
                    incomplete = zero;
                }
            }
            if !(pos + 72 <= n && out + 80 <= m) {
                break;
            }
            let p = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            if *p == 0xED && incomplete.is_zero() {
                // A run of surrogate pairs (no need of the block check: the pairs'
                // pattern is their validation).
                let (i, o) = pair_run::<W>(&src[pos..], &mut dst[out..]);
                if i > 0 {
                    pos += i;
                    out += o;
                    careful_until = pos + GROUP * BLOCK;
                    continue;
                }
            }
            let copy_block = || {
                for k in 0..lanes {
                    W::load_unaligned(p.add(k * W::BYTES)).store_unaligned(d.add(k * W::BYTES));
                }
            };
            if all_ascii::<W, R>(p, BLOCK) {
                if !incomplete.is_zero() {
                    break;
                }
                copy_block();
                pos += BLOCK;
                out += BLOCK;
                continue;
            }
            let (mut error, inc) = if pos == 0 {
                quick.check::<BmpRules, false>(p)
            } else {
                quick.check::<BmpRules, true>(p)
            };
            if R::MUTF8 {
                for k in 0..lanes {
                    error = error.or(W::load_unaligned(p.add(k * W::BYTES)).eq8(zero));
                }
            }
            let last = *p.add(BLOCK - 1);
            if error.is_zero() && last != 0xED && !(R::MUTF8 && last == 0xC0) {
                copy_block();
                incomplete = inc;
                pos += BLOCK;
                out += BLOCK;
                continue;
            }
            let (error, inc) = if pos == 0 {
                full.check::<R, false>(p)
            } else {
                full.check::<R, true>(p)
            };
            if !error.is_zero() {
                break;
            }
            let (stop, w) = specials::<W, R>(p, d, [ed, a0, f0, c0]);
            incomplete = if stop < BLOCK { zero } else { inc };
            pos += stop;
            out += w;
            careful_until = pos + GROUP * BLOCK;
        }
    }
    back_to_character(src, pos, out)
}

/// The block at `p` (valid under `R`, with specials) converted into `d`: the
/// stretches between the specials copied, each special rewritten (a surrogate pair,
/// six bytes, as four; MUTF-8's `C0 80` as `00`); a special that the block's end
/// cuts is left for the next block. Returns `(stop, w)`: the bytes of the block
/// consumed and the bytes written. `bytes` is `ED`, `A0`, `F0` and `C0` in every byte.
///
/// # Safety
/// The CPU supports `W`'s ISA; as for an iteration of [`cesu_to_utf8_blocks`]:
/// `p[..72]` readable, `d[..80]` writable.
#[inline(always)]
unsafe fn specials<W: VectorExt, R: Rules>(
    p: *const u8,
    d: *mut u8,
    bytes: [W; 4],
) -> (usize, usize) {
    let [ed, a0, f0, c0] = bytes;
    let lanes = BLOCK / W::BYTES;
    // SAFETY: the ISA and the ranges are the caller's promise: the loads read
    // `p[..65]`, the word copies and the rewritten specials write within `d[..71]`.
    unsafe {
        // The specials' first bytes: a lead surrogate sequence (ED, then A0..AF),
        // or C0 in MUTF-8 (valid only as C0 80).
        let (mut leads, mut nuls) = (0u64, 0u64);
        for k in 0..lanes {
            let x = W::load_unaligned(p.add(k * W::BYTES));
            let y = W::load_unaligned(p.add(k * W::BYTES + 1));
            leads |= x.eq8(ed).and(y.and(f0).eq8(a0)).bitmask_dense() << (k * W::BYTES);
            if R::MUTF8 {
                nuls |= x.eq8(c0).bitmask_dense() << (k * W::BYTES);
            }
        }
        // No special's bytes hold another special's first byte, so each bit
        // is one special.
        let mut bits = leads | nuls;
        let (mut cur, mut w, mut stop) = (0usize, 0usize, BLOCK);
        while bits != 0 {
            let s = bits.trailing_zeros() as usize;
            let pair = !R::MUTF8 || (leads >> s) & 1 != 0;
            let len = if pair { 6 } else { 2 };
            if s + len > BLOCK {
                // Its end is not validated yet: the next block starts at it.
                stop = s;
                break;
            }
            if s > cur {
                copy_words(p.add(cur), d.add(w), s - cur);
                w += s - cur;
            }
            if pair {
                write_pair(p.add(s), d.add(w));
                w += 4;
            } else {
                *d.add(w) = 0;
                w += 1;
            }
            cur = s + len;
            bits &= bits - 1;
        }
        copy_words(p.add(cur), d.add(w), stop - cur);
        w += stop - cur;
        (stop, w)
    }
}

/// `(pos, out)` moved back to the start of a character that the last block cut
/// (the blocks copy such characters byte for byte; the hand-over converts them).
#[inline(always)]
fn back_to_character(src: &[u8], mut pos: usize, mut out: usize) -> (usize, usize) {
    let n = src.len();
    // Back to the start of a character cut by the last block (copied byte for byte).
    if pos > 0 && pos < n {
        let mut q = pos - 1;
        while q > pos.saturating_sub(3) && src[q] & 0xC0 == 0x80 {
            q -= 1;
        }
        let len = match src[q] {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xFF => 4,
            _ => 1,
        };
        if q + len > pos {
            out -= pos - q;
            pos = q;
        }
    }
    (pos, out)
}

//! UTF-8 -> Latin-1, generic over the kernel's widest [`VectorExt`] `W` (ASCII blocks)
//! and its 16-byte one `V` (the others).
//!
//! # The idea
//!
//! The characters U+0000..U+00FF are ASCII bytes and the two-byte sequences
//! `C2 80..BF` and `C3 80..BF`; the Latin-1 byte of a two-byte sequence is
//! `(lead & 3) << 6 | (continuation & 0x3F)`. So for a validated block in which no
//! byte is `C4` or above (no lead byte of a character beyond U+00FF), every byte can
//! be computed in place: a continuation byte takes the two low bits of the byte
//! before it ([`Vector::shift_in_one_byte`](crate::vector::Vector::shift_in_one_byte)),
//! an ASCII byte stays; then the lead bytes are dropped by compressing each vector
//! with a keep mask ([`compress16`]).
//!
//! A run of ASCII is copied four vectors `W` at a time (with AVX2, 128 bytes per
//! step in 32-byte stores, half the instructions of 64-byte blocks of 16-byte
//! vectors). Blocks of 64 bytes start at a character
//! boundary: an ASCII block is copied; a block that holds a byte `>= C4`, or fails
//! validation (skipped in `Mode::Valid`), goes to the scalar transcoder (strict: from there on, which
//! reports the exact error; lossy: up to a resynchronisation point, then the SIMD
//! loop resumes; see [`super::handover`]). With no byte above `C3`, validation is
//! four bit masks: no `C0`/`C1`, and the continuation bytes are exactly the bytes
//! after the lead bytes (the UTF-8 validator's full block check would make the loop
//! slower than the scalar transcoder on text with an accented letter every few
//! dozen bytes). After a block with a lead byte, the next goes straight to the
//! conversion, without the ASCII tests (such text has more lead bytes soon). A lead
//! byte in the
//! last position of a block is left for the next block.

use super::handover::{shift, utf8_resync, POPCOUNT8};
use crate::generic::blocks::{select, to_aligned};
use crate::tables::compress::COMPRESS8;
use crate::vector_ext::VectorExt;
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// Stores the bytes of `v` selected by the 16-bit `keep` mask, in order, at `dst`;
/// returns their number.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 16 writable bytes at `dst`.
#[inline(always)]
unsafe fn compress16<V: VectorExt>(v: V, keep: u64, dst: *mut u8) -> usize {
    // SAFETY: the caller's promises; the table indices are bytes (< 256).
    unsafe {
        let (k0, k1) = ((keep & 0xFF) as usize, (keep >> 8 & 0xFF) as usize);
        let lo = u64::from_le_bytes(*COMPRESS8.get_unchecked(k0));
        // The second half's indices are 8..16 (0x80 + 8 still selects zero).
        let hi = u64::from_le_bytes(*COMPRESS8.get_unchecked(k1)) + 0x0808_0808_0808_0808;
        let ctl = [lo.to_le(), hi.to_le()];
        let c = V::load_unaligned(ctl.as_ptr().cast()).lookup16(v);
        c.store_unaligned(dst);
        // Move the compressed second half right after the first one.
        let w0 = *POPCOUNT8.get_unchecked(k0) as usize;
        let second = dst.add(8).cast::<u64>().read_unaligned();
        dst.add(w0).cast::<u64>().write_unaligned(second);
        w0 + *POPCOUNT8.get_unchecked(k1) as usize
    }
}

/// Copies the run of ASCII bytes at `src[pos..]` to `dst[out..]`, four vectors `W`
/// per step; returns the new `(pos, out)`.
///
/// # Safety
/// The CPU supports `W`'s ISA.
#[inline(always)]
unsafe fn ascii_run<W: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
) -> (usize, usize) {
    let step = 4 * W::BYTES;
    // SAFETY: the ISA is the caller's promise; `pos + step <= src.len()` bounds the
    // loads, `out + step <= dst.len()` the stores.
    unsafe {
        let len = (src.len() - pos).min(dst.len() - out);
        let (s0, d0) = (src.as_ptr().add(pos), dst.as_mut_ptr().add(out));
        let mut i = 0;
        // The stores aligned to the vector: the first vector, if ASCII, copied
        // unaligned, then the loop from the first aligned output position (its
        // bytes are ASCII, so the loop or the block loop after it writes the same
        // bytes again): a store that straddles two cache lines costs two.
        let skew = to_aligned::<W>(d0);
        if skew != 0 && step + W::BYTES <= len {
            let v = W::load_unaligned(s0);
            if v.any_high_bit() {
                return (pos, out);
            }
            v.store_unaligned(d0);
            i = skew;
        }
        while i + step <= len {
            let s = s0.add(i);
            let v = [
                W::load_unaligned(s),
                W::load_unaligned(s.add(W::BYTES)),
                W::load_unaligned(s.add(2 * W::BYTES)),
                W::load_unaligned(s.add(3 * W::BYTES)),
            ];
            if v[0].or(v[1]).or(v[2].or(v[3])).any_high_bit() {
                break;
            }
            let d = d0.add(i);
            for (k, &x) in v.iter().enumerate() {
                x.store_unaligned(d.add(k * W::BYTES));
            }
            i += step;
        }
        pos += i;
        out += i;
    }
    (pos, out)
}

/// UTF-8 -> Latin-1: exactly the results of `utfast_scalar::transcode::utf8_to_latin1`.
///
/// # Safety
/// The CPU supports the ISAs of `W` and `V`; `V::BYTES == 16`.
#[inline(always)]
pub(crate) unsafe fn utf8_to_latin1<W: VectorExt, V: VectorExt>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    debug_assert_eq!(V::BYTES, 16);
    let (mut pos, mut out) = (0usize, 0usize);
    // One output byte per character: at most 64 per block, the last 16-byte store
    // included; no spare bytes are needed (see `handover`).
    let mut mixed = false;
    while pos + 64 <= src.len() && out + 64 <= dst.len() {
        // SAFETY: `pos + 64 <= src.len()` bounds the loads, `out + 64 <= dst.len()`
        // the stores (the kept bytes of vector k start at most at 16 k).
        unsafe {
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            if !mixed {
                // A run of ASCII: four vectors `W` per step, copied.
                let (p, o) = ascii_run::<W>(src, dst, pos, out);
                if p != pos {
                    (pos, out) = (p, o);
                    continue;
                }
            }
            let v = [
                V::load_unaligned(s),
                V::load_unaligned(s.add(16)),
                V::load_unaligned(s.add(32)),
                V::load_unaligned(s.add(48)),
            ];
            if !mixed && !v[0].or(v[1]).or(v[2].or(v[3])).any_high_bit() {
                for (k, x) in v.into_iter().enumerate() {
                    x.store_unaligned(d.add(16 * k));
                }
                pos += 64;
                out += 64;
                continue;
            }
            let c3 = V::splat(0xC3);
            let beyond = v[0]
                .saturating_sub(c3)
                .or(v[1].saturating_sub(c3))
                .or(v[2].saturating_sub(c3).or(v[3].saturating_sub(c3)));
            // Every byte is at most C3: ASCII, a continuation byte, or C0..C3. Such
            // a block (starting at a character boundary) is valid up to its last
            // byte exactly when no byte is C0/C1 (overlong) and the continuation
            // bytes are the bytes after the lead bytes (`cont == lead << 1`; a lead
            // byte in the last position is left for the next block): four masks
            // instead of the UTF-8 validator's block check (which made this loop
            // slower than the scalar transcoder on Latin-1 text).
            let (top, cont_pat, low6) = (V::splat(0xC0), V::splat(0x80), V::splat(0x3F));
            let kind = v.map(|x| x.and(top));
            let is_cont = kind.map(|k| k.eq8(cont_pat));
            let is_lead = kind.map(|k| k.eq8(top));
            let mut lead = 0u64;
            let mut cont = 0u64;
            for k in 0..4 {
                lead |= is_lead[k].bitmask_dense() << (16 * k);
                cont |= is_cont[k].bitmask_dense() << (16 * k);
            }
            let overlong = {
                let (fe, c0) = (V::splat(0xFE), V::splat(0xC0));
                let o = v.map(|x| x.and(fe).eq8(c0));
                o[0].or(o[1]).or(o[2].or(o[3]))
            };
            if !beyond.is_zero()
                || (mode != Mode::Valid && (cont != lead << 1 || !overlong.is_zero()))
            {
                if mode == Mode::Strict {
                    break;
                }
                let end = utf8_resync(src, pos + 64);
                let r = scalar::utf8_to_latin1(&src[pos..end], &mut dst[out..], mode);
                out = shift(r, pos, out)?;
                pos = end;
                continue;
            }
            let mut prev = V::splat(0);
            let mut w = 0usize;
            for (k, x) in v.into_iter().enumerate() {
                let before = x.shift_in_one_byte(prev);
                prev = x;
                // (before << 6) & 0xC0 per byte: a 16-bit shift only moves bits of the
                // lower byte into the low six bits, which the mask clears.
                let merged = before.shl16::<6>().and(top).or(x.and(low6));
                let value = select(is_cont[k], merged, x);
                let keep = !(lead >> (16 * k)) & 0xFFFF;
                w += compress16(value, keep, d.add(w));
            }
            // After a block with a lead byte the next one goes straight to this
            // path, whose only data-dependent branch is the error test: in text
            // with an accented letter every few dozen bytes, the ASCII tests
            // before it were mispredicted about once per block.
            mixed = lead != 0;
            // A lead byte at the end waits for its continuation in the next block.
            pos += if src[pos + 63] >= 0xC0 { 63 } else { 64 };
            out += w;
        }
    }
    shift(
        scalar::utf8_to_latin1(&src[pos..], &mut dst[out..], mode),
        pos,
        out,
    )
}

//! UTF-8 -> UTF-16 and UTF-8 -> UTF-32, generic over 16-byte [`VectorExt`]s (after
//! Lemire & Muła, "Transcoding Billions of Unicode Characters per Second with SIMD
//! Instructions", Software: Practice and Experience, 2022).
//!
//! # The idea
//!
//! A UTF-8 character is 1 to 4 bytes; what decides where each character's bytes go
//! is only *where the characters end*. Byte `i` ends a character exactly when byte
//! `i + 1` is not a continuation byte (`10xxxxxx`), which one comparison and one
//! bit mask give for a whole block. Twelve consecutive bits of that mask, starting
//! at a character boundary, index the precomputed table [`UTF8_TO_UTF16`]: its entry
//! is a byte shuffle (`pshufb` / `tbl`) that moves each of the next few characters
//! into its own 16- or 32-bit lane, last byte first, plus the number of input bytes
//! those characters occupy. The payload bits are then combined with masks and shifts
//! in every lane at once:
//!
//! - shape A, six characters of 1..2 bytes, 16-bit lanes `[last, lead]`;
//! - shape B, four characters of 1..3 bytes, 32-bit lanes `[last, middle, lead, 0]`;
//! - shape C, three characters of 1..4 bytes, 32-bit lanes; UTF-16 output turns the
//!   code points above U+FFFF into surrogate pairs and compacts the lanes with
//!   [`PAIR_COMPACT`].
//!
//! The same lanes serve both targets: UTF-16 narrows the 32-bit lanes, UTF-32
//! widens the 16-bit ones.
//!
//! # The block loop
//!
//! Input is taken in 64-byte blocks that start at a character boundary. An ASCII
//! block is widened directly (64 bytes -> 64 units). Otherwise the block is validated
//! with the UTF-8 validator's block check ([`block_has_error`]; skipped in
//! `Mode::Valid`), the end mask is computed, and windows are converted one after the
//! other (16 consecutive ends are 16 ASCII bytes, widened directly). Only
//! characters that end at byte 60 or earlier are consumed, so every consumed
//! character and the byte after it lie inside the validated block; the next block
//! starts right after the last consumed character. See [`super::handover`] for how
//! the tail, errors and lossy repair go to the scalar transcoder.

use super::handover::{shift, utf8_resync};
use crate::generic::blocks::select;
use crate::generic::utf8_validate::block_has_error;
use crate::tables::compress::PAIR_COMPACT;
use crate::tables::utf8_to_utf16::{SHAPE_A, SHAPE_B_END, UTF8_TO_UTF16};
use crate::vector_ext::VectorExt;
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// Bytes one block iteration may read: the block, and a 16-byte window starting at
/// byte 49 at the latest.
const READ: usize = 65;

/// Bytes of output one block iteration may store, for UTF-16 (`unit` = 2) or
/// UTF-32 (`unit` = 4): at most `unit` per consumed input byte (64), a 16-byte
/// store overhang, and 3 spare bytes (see [`super::handover`]).
const fn write_bound(unit: usize) -> usize {
    unit * 64 + 16 + 3
}

/// Widens 16 ASCII bytes `v` to 16 units at `dst` (`UTF32`: 4-byte units).
///
/// # Safety
/// The CPU supports `V`'s ISA; `16 * unit` writable bytes at `dst`.
#[inline(always)]
unsafe fn widen<V: VectorExt, const UTF32: bool, const BE: bool>(v: V, dst: *mut u8) {
    // SAFETY: the caller's promises.
    unsafe {
        let zero = V::splat(0);
        if UTF32 {
            let (a, b) = if BE {
                V::zip8(zero, v)
            } else {
                V::zip8(v, zero)
            };
            let (w0, w1) = if BE {
                V::zip16(zero, a)
            } else {
                V::zip16(a, zero)
            };
            let (w2, w3) = if BE {
                V::zip16(zero, b)
            } else {
                V::zip16(b, zero)
            };
            w0.store_unaligned(dst);
            w1.store_unaligned(dst.add(16));
            w2.store_unaligned(dst.add(32));
            w3.store_unaligned(dst.add(48));
        } else {
            let (a, b) = if BE {
                V::zip8(zero, v)
            } else {
                V::zip8(v, zero)
            };
            a.store_unaligned(dst);
            b.store_unaligned(dst.add(16));
        }
    }
}

/// 16-bit UTF-16 units (little-endian lanes) in the target byte order.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn order16<V: VectorExt, const BE: bool>(v: V) -> V {
    if BE {
        // SAFETY: the ISA is the caller's promise.
        unsafe { v.swap_bytes16() }
    } else {
        v
    }
}

/// 32-bit code points (little-endian lanes) in the target byte order.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn order32<V: VectorExt, const BE: bool>(v: V) -> V {
    if BE {
        // SAFETY: the ISA is the caller's promise.
        unsafe { v.swap_bytes32() }
    } else {
        v
    }
}

/// Converts the window at `src` described by table entry `id`; returns the bytes
/// written (the bytes consumed are `UTF8_TO_UTF16.consumed[id]`).
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 16 readable bytes at `src`, 32
/// writable bytes at `dst`; `id` is an entry of the table.
#[inline(always)]
unsafe fn window<V: VectorExt, const UTF32: bool, const BE: bool>(
    src: *const u8,
    dst: *mut u8,
    id: usize,
) -> usize {
    // SAFETY: the caller's promises; `id < shuffle.len()` (entries come from `index`).
    unsafe {
        let t = &UTF8_TO_UTF16;
        debug_assert!(id < t.shuffle.len());
        let ctl = V::load_unaligned(t.shuffle.get_unchecked(id).as_ptr());
        let perm = ctl.lookup16(V::load_unaligned(src));
        let p32 = |x: u32| V::splat4(x.to_le_bytes());
        if id < SHAPE_A as usize {
            // 16-bit lanes [last, lead]: 7 (or 6) bits + 5 bits.
            let lo = perm.and(V::splat4([0x7F, 0, 0x7F, 0]));
            let hi = perm.and(V::splat4([0, 0x1F, 0, 0x1F])).shr16::<2>();
            let v = lo.or(hi);
            if UTF32 {
                let (a, b) = V::zip16(v, V::splat(0));
                order32::<V, BE>(a).store_unaligned(dst);
                order32::<V, BE>(b).store_unaligned(dst.add(16));
                24
            } else {
                order16::<V, BE>(v).store_unaligned(dst);
                12
            }
        } else if id < SHAPE_B_END as usize {
            // 32-bit lanes [last, middle, lead, 0]: 6 (7) + 6 + 4 bits.
            let b0 = perm.and(p32(0x7F));
            let b1 = perm.and(p32(0x3F00)).shr32::<2>();
            let b2 = perm.and(p32(0x0F_0000)).shr32::<4>();
            let v = b0.or(b1).or(b2);
            if UTF32 {
                order32::<V, BE>(v).store_unaligned(dst);
                16
            } else {
                order16::<V, BE>(V::narrow32(v, v)).store_unaligned(dst);
                8
            }
        } else {
            // 32-bit lanes [last, c, c or lead, lead or 0]. The third byte is a lead
            // (4 payload bits) when the fourth is zero, else a continuation (6).
            let zero = V::splat(0);
            let b0 = perm.and(p32(0x7F));
            let b1 = perm.and(p32(0x3F00)).shr32::<2>();
            let short = perm.shr32::<24>().eq32(zero);
            let m2 = p32(0x3F_0000).xor(short.and(p32(0x30_0000)));
            let b2 = perm.and(m2).shr32::<4>();
            let b3 = perm.and(p32(0x0700_0000)).shr32::<6>();
            let v = b0.or(b1).or(b2.or(b3));
            if UTF32 {
                order32::<V, BE>(v).store_unaligned(dst);
                return 12;
            }
            let bmp = v.and(p32(0xFFFF_0000)).eq32(zero);
            // Lanes 0..3 above U+FFFF: bits 0, 4, 8 of the dense mask, inverted.
            let m = !bmp.bitmask_dense();
            let s = (m & 1) | (m >> 3 & 2) | (m >> 6 & 4);
            let high = v.shr32::<10>().add32(p32(0xD800 - (0x1_0000 >> 10)));
            let low = v.and(p32(0x3FF)).or(p32(0xDC00));
            let pair = high.and(p32(0xFFFF)).or(low.shl32::<16>());
            let units = select(bmp, v, pair);
            let ctl = V::load_unaligned(PAIR_COMPACT.get_unchecked(s as usize).as_ptr());
            order16::<V, BE>(ctl.lookup16(units)).store_unaligned(dst);
            2 * (3 + s.count_ones() as usize)
        }
    }
}

/// The 64-bit mask of continuation bytes (`10xxxxxx`) of the block `v`.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`).
#[inline(always)]
pub(crate) unsafe fn continuation_mask<V: VectorExt>(v: &[V; 4]) -> u64 {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        let (top, cont) = (V::splat(0xC0), V::splat(0x80));
        let mut m = 0u64;
        for (k, x) in v.iter().enumerate() {
            m |= x.and(top).eq8(cont).bitmask_dense() << (16 * k);
        }
        m
    }
}

/// UTF-8 -> UTF-16 (`UTF32 == false`) or UTF-32 (`UTF32 == true`), big-endian output
/// when `BE`: exactly the results of `utfast_scalar::transcode::utf8_to_utf16` /
/// `utf8_to_utf32`.
///
/// # Safety
/// The CPU supports `V`'s ISA; `V::BYTES == 16`.
#[inline(always)]
pub(crate) unsafe fn utf8_decode<V: VectorExt, const UTF32: bool, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    debug_assert_eq!(V::BYTES, 16);
    let to = if BE { Endian::Big } else { Endian::Little };
    let unit = if UTF32 { 4 } else { 2 };
    let write = write_bound(unit);
    let convert = |src: &[u8], dst: &mut [u8], mode: Mode| {
        if UTF32 {
            scalar::utf8_to_utf32(src, dst, to, mode)
        } else {
            scalar::utf8_to_utf16(src, dst, to, mode)
        }
    };
    let (mut pos, mut out) = (0usize, 0usize);
    while pos + READ <= src.len() && out + write <= dst.len() {
        // SAFETY: `pos + READ <= src.len()` bounds every load of this iteration (the
        // block, and windows of 16 bytes at offsets <= 49), `out + write <= dst.len()`
        // every store (at most `unit` bytes per consumed byte plus a 16-byte overhang).
        unsafe {
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let v = [
                V::load_unaligned(s),
                V::load_unaligned(s.add(16)),
                V::load_unaligned(s.add(32)),
                V::load_unaligned(s.add(48)),
            ];
            if !v[0].or(v[1]).or(v[2].or(v[3])).any_high_bit() {
                for (k, x) in v.into_iter().enumerate() {
                    widen::<V, UTF32, BE>(x, d.add(16 * unit * k));
                }
                pos += 64;
                out += 64 * unit;
                continue;
            }
            if mode != Mode::Valid && block_has_error::<V>(s) {
                if mode == Mode::Strict {
                    break;
                }
                let end = utf8_resync(src, pos + 64);
                out = shift(convert(&src[pos..end], &mut dst[out..], mode), pos, out)?;
                pos = end;
                continue;
            }
            // Bit i: byte i ends a character (byte i + 1 is not a continuation);
            // only ends at bytes 0..=60.
            let ends = (!continuation_mask(&v) >> 1) & ((1u64 << 61) - 1);
            let (mut o, mut w) = (0usize, 0usize);
            while o <= 49 {
                if o <= 45 && (ends >> o) & 0xFFFF == 0xFFFF {
                    widen::<V, UTF32, BE>(V::load_unaligned(s.add(o)), d.add(w));
                    o += 16;
                    w += 16 * unit;
                    continue;
                }
                let t = &UTF8_TO_UTF16;
                let id = *t.index.get_unchecked(((ends >> o) & 0xFFF) as usize) as usize;
                w += window::<V, UTF32, BE>(s.add(o), d.add(w), id);
                o += *t.consumed.get_unchecked(id) as usize;
            }
            pos += o;
            out += w;
        }
    }
    shift(convert(&src[pos..], &mut dst[out..], mode), pos, out)
}

/// An ISA's own code for UTF-8 -> UTF-16/UTF-32 (see [`crate::generic::hooks`]).
pub(crate) trait DecodeHooks {
    /// The whole conversion to UTF-16 (`BE`: big-endian output), or `None` to run
    /// the generic loop.
    ///
    /// # Safety
    /// The CPU supports the ISA of the implementing hooks.
    #[inline(always)]
    unsafe fn utf8_to_utf16<const BE: bool>(
        _src: &[u8],
        _dst: &mut [u8],
        _mode: Mode,
    ) -> Option<Result<usize, TranscodeError>> {
        None
    }

    /// The whole conversion to UTF-32, or `None` (as [`Self::utf8_to_utf16`]).
    ///
    /// # Safety
    /// The CPU supports the ISA of the implementing hooks.
    #[inline(always)]
    unsafe fn utf8_to_utf32<const BE: bool>(
        _src: &[u8],
        _dst: &mut [u8],
        _mode: Mode,
    ) -> Option<Result<usize, TranscodeError>> {
        None
    }
}

impl DecodeHooks for crate::generic::hooks::NoHooks {}

/// `Kernel::utf8_to_utf16`.
///
/// # Safety
/// The CPU supports the ISAs of `W`, `V` (16-byte vectors) and `H`.
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf16<W: VectorExt, V: VectorExt, H: DecodeHooks>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISAs are the caller's promise.
    unsafe {
        match to {
            Endian::Little => H::utf8_to_utf16::<false>(src, dst, mode)
                .unwrap_or_else(|| utf8_decode::<V, false, false>(src, dst, mode)),
            Endian::Big => H::utf8_to_utf16::<true>(src, dst, mode)
                .unwrap_or_else(|| utf8_decode::<V, false, true>(src, dst, mode)),
        }
    }
}

/// `Kernel::utf8_to_utf32`.
///
/// # Safety
/// The CPU supports the ISAs of `W`, `V` (16-byte vectors) and `H`.
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf32<W: VectorExt, V: VectorExt, H: DecodeHooks>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISAs are the caller's promise.
    unsafe {
        match to {
            Endian::Little => H::utf8_to_utf32::<false>(src, dst, mode)
                .unwrap_or_else(|| utf8_decode::<V, true, false>(src, dst, mode)),
            Endian::Big => H::utf8_to_utf32::<true>(src, dst, mode)
                .unwrap_or_else(|| utf8_decode::<V, true, true>(src, dst, mode)),
        }
    }
}

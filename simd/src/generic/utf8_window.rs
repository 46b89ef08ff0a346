//! The windows of the UTF-8 -> UTF-16/UTF-32 loop (see "The idea" in
//! [`super::utf8_decode`]): a validated block is converted in windows of up to 16
//! bytes, one after the other; each window's 12 end bits index [`UTF8_TO_UTF16`],
//! whose entry moves the next characters into 16- or 32-bit lanes (shapes A, B, C),
//! and the payload bits are combined in every lane at once. 16 consecutive ends are
//! 16 ASCII bytes, widened directly. Generic over 16-byte [`VectorExt`]s.

use crate::generic::blocks::select;
use crate::tables::compress::PAIR_COMPACT;
use crate::tables::utf8_to_utf16::{SHAPE_A, SHAPE_B_END, UTF8_TO_UTF16};
use crate::vector_ext::VectorExt;

/// Widens 16 ASCII bytes `v` to 16 units at `dst` (`UTF32`: 4-byte units).
///
/// # Safety
/// The CPU supports `V`'s ISA; `16 * unit` writable bytes at `dst`.
#[inline(always)]
pub(super) unsafe fn widen<V: VectorExt, const UTF32: bool, const BE: bool>(v: V, dst: *mut u8) {
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

/// Widens the 16 ASCII bytes at `src` to 16 units at `dst` (`UTF32`: 4-byte
/// units), widening in the loads ([`VectorExt::load_widen8to16`]) but for
/// big-endian UTF-16, which interleaves zeros first ([`widen`]).
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 16 readable bytes at `src`,
/// `16 * unit` writable bytes at `dst`.
#[inline(always)]
pub(super) unsafe fn widen_from<V: VectorExt, const UTF32: bool, const BE: bool>(
    src: *const u8,
    dst: *mut u8,
) {
    // SAFETY: the caller's promises; the loads read `src..src + 16`.
    unsafe {
        if UTF32 {
            for j in 0..4 {
                let w = V::load_widen8to32(src.add(4 * j));
                let w = if BE { w.shl32::<24>() } else { w };
                w.store_unaligned(dst.add(16 * j));
            }
        } else if BE {
            // Zeros first: big-endian units straight from the interleave, two
            // shuffles per 16 bytes (widening loads and shifts: four operations).
            widen::<V, false, true>(V::load_unaligned(src), dst);
        } else {
            for j in 0..2 {
                V::load_widen8to16(src.add(8 * j)).store_unaligned(dst.add(16 * j));
            }
        }
    }
}

/// 16-bit UTF-16 units (little-endian lanes) in the target byte order.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(super) unsafe fn order16<V: VectorExt, const BE: bool>(v: V) -> V {
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
pub(super) unsafe fn order32<V: VectorExt, const BE: bool>(v: V) -> V {
    if BE {
        // SAFETY: the ISA is the caller's promise.
        unsafe { v.swap_bytes32() }
    } else {
        v
    }
}

/// The code points of shape B: 32-bit lanes `[last, middle, lead, 0]` of
/// characters of one to three bytes (absent bytes zero) to code points.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(super) unsafe fn shape_b<V: VectorExt>(perm: V) -> V {
    // SAFETY: register operations of `V`'s ISA (the caller's promise).
    unsafe {
        let p32 = |x: u32| V::splat4(x.to_le_bytes());
        // 6 (7) + 6 + 4 bits.
        let b0 = perm.and(p32(0x7F));
        let b1 = perm.and(p32(0x3F00)).shr32::<2>();
        let b2 = perm.and(p32(0x0F_0000)).shr32::<4>();
        b0.or(b1).or(b2)
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
            let v = shape_b::<V>(perm);
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

/// Converts the validated block at `s` with continuation mask `cont` in windows,
/// one after the other, every character that ends at byte 60 or earlier; returns
/// `(consumed, written)`.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 65 readable bytes at `s`, the
/// block starts at a character boundary; `64 * unit + 16` writable bytes at `d`.
#[inline(always)]
pub(crate) unsafe fn windows<V: VectorExt, const UTF32: bool, const BE: bool>(
    s: *const u8,
    d: *mut u8,
    cont: u64,
) -> (usize, usize) {
    let unit = if UTF32 { 4 } else { 2 };
    // Bit i: byte i ends a character (byte i + 1 is not a continuation); only ends
    // at bytes 0..=60.
    let ends = (!cont >> 1) & ((1u64 << 61) - 1);
    let (mut o, mut w) = (0usize, 0usize);
    // SAFETY: windows read 16 bytes at offsets <= 49 (< 65) and store at most
    // `unit` bytes per consumed byte plus a 16-byte overhang; table ids come from
    // the table itself.
    unsafe {
        while o <= 49 {
            if o <= 45 && (ends >> o) & 0xFFFF == 0xFFFF {
                widen_from::<V, UTF32, BE>(s.add(o), d.add(w));
                o += 16;
                w += 16 * unit;
                continue;
            }
            let t = &UTF8_TO_UTF16;
            let id = *t.index.get_unchecked(((ends >> o) & 0xFFF) as usize) as usize;
            w += window::<V, UTF32, BE>(s.add(o), d.add(w), id);
            o += *t.consumed.get_unchecked(id) as usize;
        }
    }
    (o, w)
}

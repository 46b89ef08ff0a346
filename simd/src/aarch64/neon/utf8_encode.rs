//! The neon kernel's hook in the generic UTF-16/UTF-32 -> UTF-8 loops
//! (`crate::generic::utf8_encode`; `EncodeHooks` for `Neon` in `super`): a loop of
//! its own for runs of the Basic Multilingual Plane without surrogates
//! ([`bmp_run`]), 16 units per step (UTF-16: 32 units tested at once, then two
//! steps of 16, [`bmp_run16`]).
//!
//! The generic block steps pack each block with a table control indexed by a bit
//! mask of the units' classes, and choose the step by testing those masks. Their
//! masks come from `VectorExt::bitmask_dense` and `bitmask16`, which on NEON (no
//! `movemask`) are chains of pairwise additions and moves; the block loop then
//! branches between up to six kinds of block. Here a step is chosen by the largest
//! of its 16 units (one `umaxv`): all ASCII (narrowed, and the ASCII run that
//! follows 32 units per step: [`ascii_run`] for UTF-32; UTF-16 tests every 32
//! units at once and narrows them in the same loop, so that the few letters of
//! mostly-ASCII text cost no exit from and re-entry into a run), all below
//! U+0800 (the two-byte step), all three-byte units (a fixed shuffle, [`all_three`]; one `uminv`
//! tells), or any other mix of the plane (the three-byte step); a
//! surrogate, or a UTF-32 unit above U+FFFF, ends the run, and the generic loop
//! converts that block.
//!
//! A table index is one `addv`: the comparison masks (all ones per 16-bit lane)
//! are ANDed with a weight per lane, the unit's bit of the index, and added across
//! the vector. The weights of the two-byte step also carry `0x100` per lane, so the
//! same sum counts the ASCII units in its high byte: the output length (16 less
//! that count) without a popcount.
//!
//! - Two-byte step ([`two_byte`]): each unit becomes `first << 8 | second` (or
//!   stays, if ASCII), packed by the `PACK2` control of its ASCII units. UTF-16
//!   text of two-byte letters (neither half of a 32-unit step ASCII) takes 32
//!   units at once ([`two_byte32`]: one reduction for the four indices).
//! - Three-byte step ([`three_byte`]): each unit becomes a 32-bit lane
//!   `[first, middle, last, 0]`, each four units packed by the `PACK3` control of
//!   their classes (any mix of one-, two- and three-byte units).
//!
//! One loop for every script: text that mixes ASCII spaces with three-byte
//! letters (Hindi, Korean) takes no branch per block but the run's, and a run of
//! one script never leaves the loop.

use crate::generic::handover::POPCOUNT8;
use crate::tables::utf16_to_utf8::{PACK2, PACK3};
use crate::vector_ext::aarch64::addp;
use core::arch::aarch64::*;

/// Output bytes a step may store: the last 16-byte store starts after the first
/// 24 bytes of output of its first vector (three-byte units) and 12 of its second
/// one, so it ends at most 52 bytes after the step's start; and the 3 spare bytes
/// the loop keeps after every store (see `crate::generic::handover`).
const STEP_WRITE: usize = 24 + 12 + 16 + 3;

/// The two-byte step: the eight units of `u` (all below U+0800) as UTF-8 at `dst`
/// (16 bytes stored); returns the bytes written.
///
/// # Safety
/// NEON; 16 writable bytes at `dst`; every unit below U+0800.
#[inline(always)]
unsafe fn two_byte(u: uint16x8_t, dst: *mut u8) -> usize {
    // Bit `k` of the low byte: unit `k` is ASCII; the high byte counts them.
    const WEIGHTS: [u16; 8] = [0x101, 0x102, 0x104, 0x108, 0x110, 0x120, 0x140, 0x180];
    // SAFETY: NEON and the 16 bytes at `dst` are the caller's promises; the table
    // index is a byte.
    unsafe {
        let is1 = vcltq_u16(u, vdupq_n_u16(0x80));
        let v = two_form(u, is1);
        let sum = vaddvq_u16(vandq_u16(is1, vld1q_u16(WEIGHTS.as_ptr())));
        let ctl = vld1q_u8(PACK2.0.get_unchecked(usize::from(sum & 0xFF)).as_ptr());
        vst1q_u8(dst, vqtbl1q_u8(v, ctl));
        16 - usize::from(sum >> 8)
    }
}

/// Each unit of `u` (all below U+0800) as its UTF-8 bytes in a 16-bit lane, in the
/// order they are stored: an ASCII unit (`is1`) stays, another becomes
/// `first << 8 | second`.
///
/// # Safety
/// NEON.
#[inline(always)]
unsafe fn two_form(u: uint16x8_t, is1: uint16x8_t) -> uint8x16_t {
    // SAFETY: NEON, the caller's promise.
    unsafe {
        // `110aaaaa 10bbbbbb` from `00000aaa aabbbbbb`: `aaaaa` shifted into the
        // high byte, `bbbbbb` inserted under it, the marker bits set.
        let a = vandq_u16(vshlq_n_u16::<2>(u), vdupq_n_u16(0x1F00));
        let two = vorrq_u16(vbslq_u16(vdupq_n_u16(0x3F), u, a), vdupq_n_u16(0xC080));
        vreinterpretq_u8_u16(vbslq_u16(is1, u, two))
    }
}

/// The two-byte step on 32 units (`u`: four vectors, every unit below U+0800) at
/// `dst` (16 bytes stored per vector, 64 in all); returns the bytes written. As
/// [`two_byte`] on each vector, but the four `PACK2` indices come from one
/// reduction: the comparison masks narrowed to bytes, weighted by the bit of their
/// unit and summed pairwise (three `addp`, where four `addv` take two cycles
/// each on some cores), and their ASCII counts from one `cnt`.
///
/// # Safety
/// NEON; 64 writable bytes at `dst`; every unit below U+0800.
#[inline(always)]
unsafe fn two_byte32(u: [uint16x8_t; 4], dst: *mut u8) -> usize {
    const WEIGHTS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
    // SAFETY: NEON and the 64 bytes at `dst` are the caller's promises (each store
    // starts at most 16 bytes after the one before); the table indices are bytes.
    unsafe {
        let is1 = u.map(|x| vcltq_u16(x, vdupq_n_u16(0x80)));
        let narrow = |a: uint16x8_t, b: uint16x8_t| {
            vuzp1q_u8(vreinterpretq_u8_u16(a), vreinterpretq_u8_u16(b))
        };
        let w = vld1q_u8(WEIGHTS.as_ptr());
        let m01 = vandq_u8(narrow(is1[0], is1[1]), w);
        let m23 = vandq_u8(narrow(is1[2], is1[3]), w);
        // Byte `k` of the sums: the index of vector `k` (bit `j`: unit `j` is
        // ASCII; the weights are distinct bits, no carries).
        let s = addp(m01, m23);
        let s = addp(s, s);
        let s = vget_low_u8(addp(s, s));
        let idx = vget_lane_u32::<0>(vreinterpret_u32_u8(s));
        let ascii = vget_lane_u32::<0>(vreinterpret_u32_u8(vcnt_u8(s)));
        let mut d = dst;
        for (k, x) in u.into_iter().enumerate() {
            let i = (idx >> (8 * k) & 0xFF) as usize;
            let ctl = vld1q_u8(PACK2.0.get_unchecked(i).as_ptr());
            vst1q_u8(d, vqtbl1q_u8(two_form(x, is1[k]), ctl));
            d = d.add(16 - (ascii >> (8 * k) & 0xFF) as usize);
        }
        d.offset_from_unsigned(dst)
    }
}

/// The three-byte step: the eight units of `u` (no surrogates) as UTF-8 at `dst`
/// (16 bytes stored at `dst` and 16 after the first four units' output); returns
/// the bytes written.
///
/// # Safety
/// NEON; 28 writable bytes at `dst`.
#[inline(always)]
unsafe fn three_byte(u: uint16x8_t, dst: *mut u8) -> usize {
    // Bits `2k` and `2k + 1` of the index: unit `k` is ASCII, below U+0800.
    const W1: [u16; 8] = [1, 4, 16, 64, 0x100, 0x400, 0x1000, 0x4000];
    const W2: [u16; 8] = [2, 8, 32, 128, 0x200, 0x800, 0x2000, 0x8000];
    // SAFETY: NEON and the 28 bytes at `dst` are the caller's promises; the table
    // indices are bytes; each four units have 4 to 12 bytes of output, so the
    // first 16-byte store ends 16 bytes after `dst`, the second at most 28.
    unsafe {
        let is1 = vcltq_u16(u, vdupq_n_u16(0x80));
        let is2 = vcltq_u16(u, vdupq_n_u16(0x800));
        let idx = vaddvq_u16(vorrq_u16(
            vandq_u16(is1, vld1q_u16(W1.as_ptr())),
            vandq_u16(is2, vld1q_u16(W2.as_ptr())),
        ));
        let first3 = vorrq_u16(vshrq_n_u16::<12>(u), vdupq_n_u16(0xE0));
        let first2 = vorrq_u16(vshrq_n_u16::<6>(u), vdupq_n_u16(0xC0));
        let first = vbslq_u16(is1, u, vbslq_u16(is2, first2, first3));
        let (lo, hi) = spread3(u, first);
        let (i0, i1) = (usize::from(idx & 0xFF), usize::from(idx >> 8));
        let lo = vqtbl1q_u8(lo, vld1q_u8(PACK3.0.get_unchecked(i0).as_ptr()));
        let hi = vqtbl1q_u8(hi, vld1q_u8(PACK3.0.get_unchecked(i1).as_ptr()));
        let w0 = 12 - usize::from(*POPCOUNT8.get_unchecked(i0));
        let w1 = 12 - usize::from(*POPCOUNT8.get_unchecked(i1));
        vst1q_u8(dst, lo);
        vst1q_u8(dst.add(w0), hi);
        w0 + w1
    }
}

/// The all-three-byte step: the eight units of `u` (U+0800..U+FFFF, no
/// surrogates) as 24 bytes of UTF-8 at `dst` by the fixed `PACK3[0]` control (no
/// classes, no index); stores 28 bytes.
///
/// # Safety
/// NEON; 28 writable bytes at `dst`.
#[inline(always)]
unsafe fn all_three(u: uint16x8_t, ctl: uint8x16_t, dst: *mut u8) {
    // SAFETY: NEON and the 28 bytes at `dst` are the caller's promises.
    unsafe {
        let first = vorrq_u16(vshrq_n_u16::<12>(u), vdupq_n_u16(0xE0));
        let (lo, hi) = spread3(u, first);
        vst1q_u8(dst, vqtbl1q_u8(lo, ctl));
        vst1q_u8(dst.add(12), vqtbl1q_u8(hi, ctl));
    }
}

/// Every unit of `u` as a 32-bit lane `[first, middle, last, 0]` (`first` given),
/// units 0..4 in the first vector, 4..8 in the second.
///
/// # Safety
/// NEON.
#[inline(always)]
unsafe fn spread3(u: uint16x8_t, first: uint16x8_t) -> (uint8x16_t, uint8x16_t) {
    // SAFETY: NEON, the caller's promise.
    unsafe {
        let mid = vorrq_u16(
            vandq_u16(vshrq_n_u16::<6>(u), vdupq_n_u16(0x3F)),
            vdupq_n_u16(0x80),
        );
        let last = vorrq_u16(vandq_u16(u, vdupq_n_u16(0x3F)), vdupq_n_u16(0x80));
        // `[first, middle]` in each 16-bit lane (`sli` keeps the low byte), then
        // `[.., last, 0]` zipped in.
        let fm = vsliq_n_u16::<8>(first, mid);
        (
            vreinterpretq_u8_u16(vzip1q_u16(fm, last)),
            vreinterpretq_u8_u16(vzip2q_u16(fm, last)),
        )
    }
}

/// Whether any unit of `u0` or `u1` is a surrogate (U+D800..U+DFFF).
///
/// # Safety
/// NEON.
#[inline(always)]
unsafe fn has_surrogates(u0: uint16x8_t, u1: uint16x8_t) -> bool {
    // SAFETY: NEON, the caller's promise.
    unsafe {
        let (high, sur) = (vdupq_n_u16(0xF800), vdupq_n_u16(0xD800));
        let s0 = vceqq_u16(vandq_u16(u0, high), sur);
        let s1 = vceqq_u16(vandq_u16(u1, high), sur);
        vmaxvq_u16(vorrq_u16(s0, s1)) != 0
    }
}

/// The 16 units at `s` as two vectors of UTF-16 units in the machine's order, and
/// the largest of them; `None` when a UTF-32 unit is above U+FFFF.
///
/// # Safety
/// NEON; 32 readable bytes at `s`, 64 for `UTF32`.
#[inline(always)]
unsafe fn load16<const UTF32: bool, const BE: bool>(
    s: *const u8,
) -> Option<(uint16x8_t, uint16x8_t, u32)> {
    // SAFETY: NEON and the bytes at `s` are the caller's promises.
    unsafe {
        if UTF32 {
            let v = vld1q_u8_x4(s);
            let mut v = [v.0, v.1, v.2, v.3].map(|x| vreinterpretq_u32_u8(x));
            if BE {
                v = v.map(|x| vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(x))));
            }
            let max = vmaxvq_u32(vorrq_u32(vorrq_u32(v[0], v[1]), vorrq_u32(v[2], v[3])));
            if max > 0xFFFF {
                return None;
            }
            let narrow = |a, b| vuzp1q_u16(vreinterpretq_u16_u32(a), vreinterpretq_u16_u32(b));
            Some((narrow(v[0], v[1]), narrow(v[2], v[3]), max))
        } else {
            let (mut a, mut b) = (vld1q_u8(s), vld1q_u8(s.add(16)));
            if BE {
                (a, b) = (vrev16q_u8(a), vrev16q_u8(b));
            }
            let (a, b) = (vreinterpretq_u16_u8(a), vreinterpretq_u16_u8(b));
            Some((a, b, u32::from(vmaxvq_u16(vorrq_u16(a, b)))))
        }
    }
}

/// The ASCII run inside [`bmp_run`]: 32 units per step (64 bytes of UTF-16, 128
/// of UTF-32), tested once and narrowed, while they are all ASCII; returns the new
/// `(pos, out)`.
///
/// # Safety
/// NEON; `pos <= src.len()`, `out <= dst.len()`.
#[inline(always)]
unsafe fn ascii_run<const UTF32: bool, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
) -> (usize, usize) {
    let read = if UTF32 { 128 } else { 64 };
    // SAFETY: NEON is the caller's promise; `pos + read <= src.len()` bounds the
    // loads, `out + 32 <= dst.len()` the two stores.
    unsafe {
        while pos + read <= src.len() && out + 32 <= dst.len() {
            let s = src.as_ptr().add(pos);
            let (lo, hi) = if UTF32 {
                let (a, b) = (vld1q_u8_x4(s), vld1q_u8_x4(s.add(64)));
                let any = vorrq_u8(
                    vorrq_u8(vorrq_u8(a.0, a.1), vorrq_u8(a.2, a.3)),
                    vorrq_u8(vorrq_u8(b.0, b.1), vorrq_u8(b.2, b.3)),
                );
                let any = if BE { vrev32q_u8(any) } else { any };
                if vmaxvq_u32(vreinterpretq_u32_u8(any)) >= 0x80 {
                    break;
                }
                // The byte of each unit: byte 0 of its lane, or byte 3 in big
                // endian (the others are zero).
                let pick = |x: uint8x16x4_t| {
                    let (p, q) = if BE {
                        (vuzp2q_u8(x.0, x.1), vuzp2q_u8(x.2, x.3))
                    } else {
                        (vuzp1q_u8(x.0, x.1), vuzp1q_u8(x.2, x.3))
                    };
                    if BE {
                        vuzp2q_u8(p, q)
                    } else {
                        vuzp1q_u8(p, q)
                    }
                };
                (pick(a), pick(b))
            } else {
                let v = vld1q_u8_x4(s);
                let any = vorrq_u8(vorrq_u8(v.0, v.1), vorrq_u8(v.2, v.3));
                let any = if BE { vrev16q_u8(any) } else { any };
                if vmaxvq_u16(vreinterpretq_u16_u8(any)) >= 0x80 {
                    break;
                }
                if BE {
                    (vuzp2q_u8(v.0, v.1), vuzp2q_u8(v.2, v.3))
                } else {
                    (vuzp1q_u8(v.0, v.1), vuzp1q_u8(v.2, v.3))
                }
            };
            let d = dst.as_mut_ptr().add(out);
            vst1q_u8(d, lo);
            vst1q_u8(d.add(16), hi);
            pos += read;
            out += 32;
        }
    }
    (pos, out)
}

/// One step of 16 units (`u0`, `u1`: machine order; `max`: their largest unit)
/// into `d`: the bytes written, or `None` (nothing consumed) if a unit is a
/// surrogate.
///
/// # Safety
/// NEON; `STEP_WRITE - 3` writable bytes at `d`; `three_ctl` is `PACK3[0]`.
#[inline(always)]
unsafe fn step16(
    u0: uint16x8_t,
    u1: uint16x8_t,
    max: u16,
    three_ctl: uint8x16_t,
    d: *mut u8,
) -> Option<usize> {
    // SAFETY: NEON and the bytes at `d` are the caller's promises (the two-byte
    // steps store 16 bytes at `d` and 16 at `d + w`, `w <= 16`; the three-byte steps
    // 28 bytes at `d` and 28 at `d + w`, `w <= 24`).
    unsafe {
        if max < 0x80 {
            vst1q_u8(
                d,
                vuzp1q_u8(vreinterpretq_u8_u16(u0), vreinterpretq_u8_u16(u1)),
            );
            return Some(16);
        }
        if max < 0x800 {
            let w = two_byte(u0, d);
            return Some(w + two_byte(u1, d.add(w)));
        }
        if max >= 0xD800 && has_surrogates(u0, u1) {
            return None;
        }
        if vminvq_u16(vminq_u16(u0, u1)) >= 0x800 {
            // Three-byte units only (most steps of CJK text).
            all_three(u0, three_ctl, d);
            all_three(u1, three_ctl, d.add(24));
            Some(48)
        } else {
            let w = three_byte(u0, d);
            Some(w + three_byte(u1, d.add(w)))
        }
    }
}

/// [`bmp_run`] for UTF-16 input: 32 units per step, tested at once (an ASCII step
/// is narrowed and stored as it is, so that an ASCII run needs no loop of its
/// own), else as two steps of 16 units ([`step16`]). With the largest unit
/// (`umax`) rather than the OR of the units (as cheap), the test for surrogates
/// runs only when a unit is at or above U+D800, not whenever the OR is (the
/// Hangul syllables, U+AC00..U+D7A3, OR into that range).
///
/// # Safety
/// NEON; `pos <= src.len()`, `out <= dst.len()`.
#[inline(always)]
unsafe fn bmp_run16<const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
) -> Option<(usize, usize)> {
    let start = pos;
    let load = |s: *const u8| {
        // SAFETY: NEON and 16 readable bytes at `s` are the callers' promises.
        unsafe {
            let v = vld1q_u8(s);
            vreinterpretq_u16_u8(if BE { vrev16q_u8(v) } else { v })
        }
    };
    // SAFETY: NEON is the caller's promise; a step of 32 units starts at or before
    // `s_last` (`src.len() - 64`) and `d_last` (`dst.len() - 48 - STEP_WRITE`),
    // which bounds its loads and its stores: the first 16 units write at most 48
    // bytes, and each step of 16 stores within `STEP_WRITE - 3` bytes of its start
    // (see `step16`), with 3 bytes to spare; a step of 16 units needs `pos + 32 <=
    // src.len()` and `out + STEP_WRITE <= dst.len()`.
    unsafe {
        let three_ctl = vld1q_u8(PACK3.0[0].as_ptr());
        if src.len() - pos >= 64 && dst.len() - out >= 48 + STEP_WRITE {
            // Pointers and the last starts, rather than indices and bounds: two
            // additions fewer per step.
            let (s0, d0) = (src.as_ptr(), dst.as_mut_ptr());
            let s_last = s0.add(src.len() - 64);
            let d_last = d0.add(dst.len() - 48 - STEP_WRITE);
            let (mut s, mut d) = (s0.add(pos), d0.add(out));
            while s <= s_last && d <= d_last {
                let (a, b) = (load(s), load(s.add(16)));
                let (c, e) = (load(s.add(32)), load(s.add(48)));
                let (m0, m1) = (vmaxq_u16(a, b), vmaxq_u16(c, e));
                // All ASCII: every unit shifted right by 7 and narrowed with
                // saturation is zero (one narrowing shift and a move, where `umaxv`
                // and a compare are one more).
                let high = vqshrn_n_u16::<7>(vmaxq_u16(m0, m1));
                if vget_lane_u64::<0>(vreinterpret_u64_u8(high)) == 0 {
                    let narrow = |x, y| vuzp1q_u8(vreinterpretq_u8_u16(x), vreinterpretq_u8_u16(y));
                    vst1q_u8(d, narrow(a, b));
                    vst1q_u8(d.add(16), narrow(c, e));
                    s = s.add(64);
                    d = d.add(32);
                    continue;
                }
                // A surrogate in either half ends the run (after the first half if
                // it is in the second).
                let (max0, max1) = (vmaxvq_u16(m0), vmaxvq_u16(m1));
                // Both halves of two-byte text (not ASCII, all below U+0800: no
                // surrogates) at once; mostly-ASCII text with a few letters, whose
                // other half is ASCII, and the other scripts take the halves.
                if (0x80..0x800).contains(&max0) && (0x80..0x800).contains(&max1) {
                    d = d.add(two_byte32([a, b, c, e], d));
                    s = s.add(64);
                    continue;
                }
                let mut end = None;
                if let Some(w) = step16(a, b, max0, three_ctl, d) {
                    if let Some(w1) = step16(c, e, max1, three_ctl, d.add(w)) {
                        s = s.add(64);
                        d = d.add(w + w1);
                        continue;
                    }
                    end = Some((s.add(32), d.add(w)));
                }
                let (s, d) = end.unwrap_or((s, d));
                let (pos, out) = (s.offset_from_unsigned(s0), d.offset_from_unsigned(d0));
                return (pos != start).then_some((pos, out));
            }
            pos = s.offset_from_unsigned(s0);
            out = d.offset_from_unsigned(d0);
        }
        // The last 16-unit steps, when a step of 32 does not fit.
        while pos + 32 <= src.len() && out + STEP_WRITE <= dst.len() {
            let s = src.as_ptr().add(pos);
            let (a, b) = (load(s), load(s.add(16)));
            let max = vmaxvq_u16(vmaxq_u16(a, b));
            let Some(w) = step16(a, b, max, three_ctl, dst.as_mut_ptr().add(out)) else {
                break;
            };
            pos += 32;
            out += w;
        }
    }
    (pos != start).then_some((pos, out))
}

/// Converts the run of units of the Basic Multilingual Plane without surrogates
/// at `src[pos..]` (UTF-32 when `UTF32`, else UTF-16; big-endian when `BE`) into
/// `dst[out..]`, 16 units per step (see the module documentation; UTF-16:
/// [`bmp_run16`]); returns the new `(pos, out)`, or `None` if it converted nothing
/// (`EncodeHooks::bmp_run`).
///
/// # Safety
/// NEON; `pos <= src.len()`, `out <= dst.len()`.
#[inline(always)]
pub(super) unsafe fn bmp_run<const UTF32: bool, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
) -> Option<(usize, usize)> {
    if !UTF32 {
        // SAFETY: the caller's promises.
        return unsafe { bmp_run16::<BE>(src, dst, pos, out) };
    }
    let read = 64;
    let start = pos;
    // SAFETY: NEON is the caller's promise; `pos + read <= src.len()` bounds the
    // loads, `out + STEP_WRITE <= dst.len()` the stores (see `step16`) with 3 bytes
    // to spare.
    unsafe {
        let three_ctl = vld1q_u8(PACK3.0[0].as_ptr());
        while pos + read <= src.len() && out + STEP_WRITE <= dst.len() {
            let Some((u0, u1, max)) = load16::<UTF32, BE>(src.as_ptr().add(pos)) else {
                break;
            };
            let d = dst.as_mut_ptr().add(out);
            if max < 0x80 {
                let v = vuzp1q_u8(vreinterpretq_u8_u16(u0), vreinterpretq_u8_u16(u1));
                vst1q_u8(d, v);
                (pos, out) = ascii_run::<UTF32, BE>(src, dst, pos + read, out + 16);
                continue;
            }
            // (`max` is below U+10000: `load16`.)
            let Some(w) = step16(u0, u1, max as u16, three_ctl, d) else {
                break;
            };
            out += w;
            pos += read;
        }
    }
    (pos != start).then_some((pos, out))
}

//! The wasm kernel's hooks in the generic UTF-8 -> UTF-16/UTF-32 loop
//! (`crate::generic::utf8_decode`; `DecodeHooks` for `Wasm` in `super`): the ASCII
//! run, which goes on through blocks of one- and two-byte characters (Latin, Greek,
//! Cyrillic, Hebrew, Arabic text), and the check and conversion of blocks of one- to
//! three-byte characters ([`checked_block`]: CJK, Thai, Indic scripts mixed with
//! ASCII).
//!
//! # Why
//!
//! Text in a Latin script is mostly ASCII with a two-byte character every few words:
//! its 64-byte blocks change between ASCII and one- and two-byte characters from one
//! block to the next. The generic loop leaves its ASCII loop at each such block and
//! takes it through the ASCII test, the continuation mask, the layout tests of its
//! fixed blocks, the check of one- and two-byte characters and the whole-block
//! conversion, each with the block's vectors and its own constants: more vectors
//! than the registers V8 allocates on x86-64, so V8 keeps values of the loop on the
//! stack and reloads them between the steps.
//!
//! # How
//!
//! [`run`] starts at an ASCII block and converts 64 bytes per step, with the block's
//! four vectors (four variables: LLVM keeps an array of vectors that a loop indexes
//! in linear memory, which V8 then stores and reloads) and a handful of constants:
//!
//! - an ASCII block (no high bit in the OR of its vectors: one `u8x16_bitmask`) is
//!   widened and stored;
//! - otherwise three masks classify its bytes: continuation bytes (80..BF: as
//!   signed bytes, below `0xC0`), lead bytes (as signed bytes above `0xC1`, with the
//!   high bit set: C2..FF) and bytes with the high bit set. Up to the first byte
//!   E0..FF (all of the block without one), the block is made of valid one- and
//!   two-byte characters exactly when every byte with the high bit set is one of
//!   the first two and the continuation bytes are the bytes after the lead bytes (a
//!   lead byte at byte 63 is left for the next step, which starts there);
//! - a block with one or two bytes E0..FF (dashes, quotation marks, arrows in Latin
//!   text) is converted up to the first of them, and a valid three-byte character
//!   there is decoded in scalar code; the next step starts after it. Any other
//!   block (more such bytes, a four-byte character, an error) ends the run at a
//!   character boundary: the loop's block steps take it from there (text of
//!   three-byte characters has paths of its own there), and find the error;
//! - the code unit of a character ending at each byte is computed from the byte and
//!   the one before it, as byte planes (the generic whole-block step's method,
//!   without its three-byte term), interleaved into two vectors of eight 16-bit
//!   units per 16 bytes, and the units of the bytes that end a character (all but
//!   the lead bytes) are moved to the front of each by a `COMPRESS16` swizzle
//!   (`i8x16_swizzle` gives zero for its 0x80 entries) and stored one after the
//!   other; the garbage lanes after them are scratch bytes that the next store
//!   overwrites.
//!   Sixteen bytes without a lead byte (the ASCII stretches between the letters
//!   of mostly-ASCII text) skip the swizzles: every unit is kept, in order.
//!
//! When the block after the first has more than two bytes E0..FF (text of
//! three-byte characters: CJK, Indic scripts), where the run would end at once, the
//! hook converts the ASCII blocks alone ([`ascii_blocks`]) and leaves the next block
//! to the loop, whose `checked_block` hook takes it.
//!
//! ASCII blocks are widened to UTF-32 by swizzles with constant controls, one per
//! output register (V8 turns them into a byte alignment and a widening move),
//! rather than through 16-bit units (two rounds of extensions).
//!
//! # Blocks of one- to three-byte characters
//!
//! [`checked_block`] takes a block that the loop would otherwise give to the
//! validator and then to its whole-block step: it checks the block with masks (the
//! run's tests, with three-byte leads and their second byte added), and converts it
//! with the run's 16-byte step, whose high unit bytes then take the lead's four
//! bits from two bytes back. Both replace code that is slow under V8: the
//! validator's table look-ups are swizzles with a computed index, which V8 follows
//! with a fix-up of the index (the zeroing of indices from 16), and LLVM compiles
//! the generic whole-block step's loop over its four pieces for wasm as a loop over
//! an array in linear memory, with a stack check of V8 per piece.
//!
//! The three-byte characters are decoded in scalar code rather than by a vector
//! path of the run: the vector path's constants took registers from the one- and
//! two-byte path (V8 allocates the registers of the whole function), and as a
//! function of its own its call made V8 keep the generic loop's values on the stack
//! (a call clobbers every vector register), which slowed text of three-byte
//! characters that never took it.

use crate::generic::utf8_decode::SPARE;
use crate::tables::utf8_to_utf16::{COMPRESS16, THREE_BYTE_CONT};
use core::arch::wasm32::*;

/// Stores the units `u` (eight 16-bit units, little-endian) at `dst` in the byte order
/// `BE`, widened to 32 bits for `UTF32`.
///
/// # Safety
/// simd128; 16 (UTF-32: 32) writable bytes at `dst`.
#[inline(always)]
unsafe fn store_units<const UTF32: bool, const BE: bool>(u: v128, dst: *mut u8) {
    // SAFETY: the caller's promises.
    unsafe {
        if UTF32 {
            let (a, b) = (u32x4_extend_low_u16x8(u), u32x4_extend_high_u16x8(u));
            let (a, b) = if BE {
                (swap_bytes32(a), swap_bytes32(b))
            } else {
                (a, b)
            };
            v128_store(dst.cast(), a);
            v128_store(dst.add(16).cast(), b);
        } else {
            let u = if BE {
                i8x16_shuffle::<1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14>(u, u)
            } else {
                u
            };
            v128_store(dst.cast(), u);
        }
    }
}

/// Stores the 16 ASCII bytes `v` at `dst` as 16 units in the byte order `BE`, 32-bit
/// for `UTF32`. UTF-32 takes each output register straight from the bytes by a
/// swizzle with a constant control (indices of 16 and above give zero): one
/// instruction per register, where widening through 16-bit units takes two rounds
/// of extensions.
///
/// # Safety
/// simd128; 32 (UTF-32: 64) writable bytes at `dst`.
#[inline(always)]
unsafe fn store_ascii<const UTF32: bool, const BE: bool>(v: v128, dst: *mut u8) {
    // SAFETY: the caller's promises.
    unsafe {
        if UTF32 {
            let z = 0xFF;
            let (r0, r1, r2, r3) = if BE {
                (
                    u8x16(z, z, z, 0, z, z, z, 1, z, z, z, 2, z, z, z, 3),
                    u8x16(z, z, z, 4, z, z, z, 5, z, z, z, 6, z, z, z, 7),
                    u8x16(z, z, z, 8, z, z, z, 9, z, z, z, 10, z, z, z, 11),
                    u8x16(z, z, z, 12, z, z, z, 13, z, z, z, 14, z, z, z, 15),
                )
            } else {
                (
                    u8x16(0, z, z, z, 1, z, z, z, 2, z, z, z, 3, z, z, z),
                    u8x16(4, z, z, z, 5, z, z, z, 6, z, z, z, 7, z, z, z),
                    u8x16(8, z, z, z, 9, z, z, z, 10, z, z, z, 11, z, z, z),
                    u8x16(12, z, z, z, 13, z, z, z, 14, z, z, z, 15, z, z, z),
                )
            };
            v128_store(dst.cast(), i8x16_swizzle(v, r0));
            v128_store(dst.add(16).cast(), i8x16_swizzle(v, r1));
            v128_store(dst.add(32).cast(), i8x16_swizzle(v, r2));
            v128_store(dst.add(48).cast(), i8x16_swizzle(v, r3));
        } else {
            store_units::<UTF32, BE>(u16x8_extend_low_u8x16(v), dst);
            store_units::<UTF32, BE>(u16x8_extend_high_u8x16(v), dst.add(16));
        }
    }
}

/// The bytes of each 32-bit lane reversed (big-endian UTF-32).
#[inline(always)]
fn swap_bytes32(x: v128) -> v128 {
    i8x16_shuffle::<3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12>(x, x)
}

/// Converts 16 bytes of a block of one- and two-byte characters (see the module
/// documentation), or with `THREE` of one- to three-byte characters: `v` the bytes,
/// `prev` the 16 bytes before them (`v`'s first bytes may end a character that
/// starts there), `cont` its continuation bytes as a vector (0xFF per byte), `keep`
/// the bytes that end a character (bit `i` for byte `i`); returns the bytes written.
///
/// # Safety
/// simd128; `16 * unit` writable bytes at `dst` (`unit` = 2, or 4 for UTF-32).
#[inline(always)]
unsafe fn piece<const UTF32: bool, const BE: bool, const THREE: bool>(
    v: v128,
    prev: v128,
    cont: v128,
    keep: u64,
    dst: *mut u8,
) -> usize {
    let unit = if UTF32 { 4 } else { 2 };
    // SAFETY: the caller's promises; the table indices are below 256, and the two
    // stores end within `16 * unit` bytes (the second starts after at most eight
    // units).
    unsafe {
        let p = i8x16_shuffle::<15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30>(
            prev, v,
        );
        // Low unit bytes: the payload of an ASCII or continuation byte (bit 6 of a
        // continuation byte is clear), and after a lead byte its two low bits on
        // top. High unit bytes: the lead's three bits above those, or, after the
        // middle byte of a three-byte character, its four bits above those and the
        // lead's four on top (the generic whole-block step's planes,
        // `generic/utf8_block.rs`). The shifts are per 16-bit lane: the bits
        // carried over from the neighbouring byte are masked off.
        let low = v128_or(
            v128_and(v, u8x16_splat(0x7F)),
            v128_and(v128_and(i16x8_shl(p, 6), u8x16_splat(0xC0)), cont),
        );
        let high = if THREE {
            let pp = i8x16_shuffle::<14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29>(
                prev, v,
            );
            let p_cont = i8x16_lt(p, i8x16_splat(0xC0u8 as i8));
            let lead = v128_and(v128_and(i16x8_shl(pp, 4), u8x16_splat(0xF0)), p_cont);
            v128_and(
                v128_or(v128_and(u16x8_shr(p, 2), u8x16_splat(0x0F)), lead),
                cont,
            )
        } else {
            v128_and(v128_and(u16x8_shr(p, 2), u8x16_splat(0x07)), cont)
        };
        let (a, b) = (
            i8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(low, high),
            i8x16_shuffle::<8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31>(
                low, high,
            ),
        );
        if keep & 0xFFFF == 0xFFFF {
            store_units::<UTF32, BE>(a, dst);
            store_units::<UTF32, BE>(b, dst.add(8 * unit));
            return 16 * unit;
        }
        let (k0, k1) = ((keep & 0xFF) as usize, (keep >> 8 & 0xFF) as usize);
        let u0 = i8x16_swizzle(a, v128_load(COMPRESS16.get_unchecked(k0).as_ptr().cast()));
        let u1 = i8x16_swizzle(b, v128_load(COMPRESS16.get_unchecked(k1).as_ptr().cast()));
        let n0 = unit * k0.count_ones() as usize;
        store_units::<UTF32, BE>(u0, dst);
        store_units::<UTF32, BE>(u1, dst.add(n0));
        n0 + unit * k1.count_ones() as usize
    }
}

/// Checks and converts the block `v0..v3` (at a character boundary) into `d` up to
/// its first byte E0..FF (`long`: those bytes, bit `i` for byte `i`; the whole block
/// without one) when it is made of valid one- and two-byte characters there, up to a
/// lead byte at its end; returns `(consumed, written)`, or `None` for any other
/// block.
///
/// # Safety
/// simd128; `64 * unit` writable bytes at `d` (`unit` = 2, or 4 for UTF-32).
#[inline(always)]
unsafe fn two_byte_block<const UTF32: bool, const BE: bool>(
    [v0, v1, v2, v3]: [v128; 4],
    long: u64,
    d: *mut u8,
) -> Option<(usize, usize)> {
    // As signed bytes, continuation bytes (80..BF) are below 0xC0, and the bytes
    // above 0xC1 are ASCII or C2..FF.
    let (c0, c1) = (i8x16_splat(0xC0u8 as i8), i8x16_splat(0xC1u8 as i8));
    let (t0, t1, t2, t3) = (
        i8x16_lt(v0, c0),
        i8x16_lt(v1, c0),
        i8x16_lt(v2, c0),
        i8x16_lt(v3, c0),
    );
    let mask = |a: v128, b: v128, c: v128, d: v128| {
        u64::from(u8x16_bitmask(a))
            | u64::from(u8x16_bitmask(b)) << 16
            | u64::from(u8x16_bitmask(c)) << 32
            | u64::from(u8x16_bitmask(d)) << 48
    };
    let high = mask(v0, v1, v2, v3);
    let cont = mask(t0, t1, t2, t3);
    let leads = high
        & mask(
            i8x16_gt(v0, c1),
            i8x16_gt(v1, c1),
            i8x16_gt(v2, c1),
            i8x16_gt(v3, c1),
        );
    // The bytes before the first byte E0..FF (all of them without one), and that
    // byte: no character before it may claim it.
    let first = long.trailing_zeros();
    let below = |k: u32| u64::MAX.checked_shl(k).map_or(u64::MAX, |x| !x);
    let (before, upto) = (below(first), below(first + 1));
    // Every byte with the high bit set is a continuation or a lead byte (C0 and C1
    // are neither), and the continuation bytes are exactly those after the lead
    // bytes (a lead byte at byte 63 claims byte 64: the next step's).
    if (high ^ (cont | leads)) & before != 0 || (cont ^ leads << 1) & upto != 0 {
        return None;
    }
    // Every byte but a lead byte ends a character.
    let keep = !leads & before;
    // SAFETY: the caller's promises: each 16 bytes store at most `16 * unit` bytes
    // from where the units of the bytes before them end.
    unsafe {
        let zero = u8x16_splat(0);
        let mut w = piece::<UTF32, BE, false>(v0, zero, t0, keep, d);
        w += piece::<UTF32, BE, false>(v1, v0, t1, keep >> 16, d.add(w));
        w += piece::<UTF32, BE, false>(v2, v1, t2, keep >> 32, d.add(w));
        w += piece::<UTF32, BE, false>(v3, v2, t3, keep >> 48, d.add(w));
        let consumed = if long == 0 {
            64 - (leads >> 63) as usize
        } else {
            first as usize
        };
        Some((consumed, w))
    }
}

/// The three-byte character at `s`, if valid: a lead byte E0..EF, two continuation
/// bytes, a value from U+0800 that is not a surrogate.
///
/// # Safety
/// 3 readable bytes at `s`.
#[inline(always)]
unsafe fn three_byte_char(s: *const u8) -> Option<u32> {
    // SAFETY: the caller's promise.
    let [b0, b1, b2] = unsafe { s.cast::<[u8; 3]>().read_unaligned() };
    let u = u32::from(b0 & 0x0F) << 12 | u32::from(b1 & 0x3F) << 6 | u32::from(b2 & 0x3F);
    let form = b0 & 0xF0 == 0xE0 && b1 & 0xC0 == 0x80 && b2 & 0xC0 == 0x80;
    (form && u >= 0x800 && u & 0xF800 != 0xD800).then_some(u)
}

/// Stores the code unit `u` (below 0x10000) at `d` in the byte order `BE` (UTF-32
/// if `UTF32`).
///
/// # Safety
/// 2 (UTF-32: 4) writable bytes at `d`.
#[inline(always)]
unsafe fn store_unit<const UTF32: bool, const BE: bool>(u: u32, d: *mut u8) {
    // SAFETY: the caller's promise.
    unsafe {
        if UTF32 {
            let b = if BE { u.to_be_bytes() } else { u.to_le_bytes() };
            d.cast::<[u8; 4]>().write_unaligned(b);
        } else {
            let b = if BE {
                (u as u16).to_be_bytes()
            } else {
                (u as u16).to_le_bytes()
            };
            d.cast::<[u8; 2]>().write_unaligned(b);
        }
    }
}

/// Whether the block after the first holds more than two bytes E0..FF (see the
/// module documentation): in text of three-byte characters, most often already its
/// first 16 bytes.
///
/// # Safety
/// simd128; 128 readable bytes at `src`.
#[inline(always)]
pub(super) unsafe fn long_chars_next(src: &[u8]) -> bool {
    debug_assert!(src.len() >= 128);
    // SAFETY: the caller's promises.
    unsafe {
        let s = src.as_ptr().add(64);
        let above = i8x16_splat(0xDFu8 as i8);
        let long = |k: usize| {
            let v = v128_load(s.add(k).cast());
            (u8x16_bitmask(v) & u8x16_bitmask(i8x16_gt(v, above))).count_ones()
        };
        let first = long(0);
        first > 2 || first + long(16) + long(32) + long(48) > 2
    }
}

/// The `ascii_run` hook where the block after the first has more than two bytes
/// E0..FF (see [`long_chars_next`]): converts the ASCII blocks at the start of `src`
/// into `dst`, 64 bytes per step, and stops at the first block that is not ASCII
/// (the loop's block steps take it); returns `(consumed, written)`. Every store is
/// output.
///
/// # Safety
/// simd128; `src` starts with 64 ASCII bytes, and `dst` has room for their output.
#[inline(always)]
pub(super) unsafe fn ascii_blocks<const UTF32: bool, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let unit = if UTF32 { 4 } else { 2 };
    let (n, m) = (src.len(), dst.len());
    debug_assert!(n >= 64 && m >= 64 * unit);
    let (mut pos, mut out) = (0usize, 0usize);
    // Each step reads 64 bytes at `pos` and stores `64 * unit` bytes at `out`.
    while pos + 64 <= n && out + 64 * unit <= m {
        // SAFETY: 64 readable bytes at `pos` and `64 * unit` writable at `out`,
        // checked above; simd128 is the caller's promise.
        unsafe {
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let v0 = v128_load(s.cast());
            let v1 = v128_load(s.add(16).cast());
            let v2 = v128_load(s.add(32).cast());
            let v3 = v128_load(s.add(48).cast());
            if u8x16_bitmask(v128_or(v128_or(v0, v1), v128_or(v2, v3))) != 0 {
                break;
            }
            store_ascii::<UTF32, BE>(v0, d);
            store_ascii::<UTF32, BE>(v1, d.add(16 * unit));
            store_ascii::<UTF32, BE>(v2, d.add(32 * unit));
            store_ascii::<UTF32, BE>(v3, d.add(48 * unit));
        }
        pos += 64;
        out += 64 * unit;
    }
    (pos, out)
}

/// The `ascii_run` hook: converts the ASCII block at the start of `src` and the
/// blocks of ASCII and of one- and two-byte characters after it into `dst`, 64
/// bytes per step (see the module documentation); returns `(consumed, written)`.
/// Every store, scratch included, lies within `dst.len() - SPARE` bytes, as in the
/// `run` hook: scratch bytes are overwritten by the final output, or lie past
/// `written` only when the result is `Ok` or an input error (`generic::handover`).
///
/// # Safety
/// simd128; `src` starts with 64 ASCII bytes, and `dst` has room for their output
/// plus `SPARE` bytes.
#[inline(always)]
pub(super) unsafe fn run<const UTF32: bool, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let unit = if UTF32 { 4 } else { 2 };
    let (n, m) = (src.len(), dst.len());
    debug_assert!(n >= 64 && m >= 64 * unit + SPARE);
    let (mut pos, mut out) = (0usize, 0usize);
    // Each step reads 64 bytes at `pos` and stores at most `64 * unit` bytes at `out`.
    while pos + 64 <= n && out + 64 * unit + SPARE <= m {
        // SAFETY: 64 readable bytes at `pos` and `64 * unit` writable at `out`,
        // checked above; simd128 is the caller's promise.
        unsafe {
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let v0 = v128_load(s.cast());
            let v1 = v128_load(s.add(16).cast());
            let v2 = v128_load(s.add(32).cast());
            let v3 = v128_load(s.add(48).cast());
            let any = v128_or(v128_or(v0, v1), v128_or(v2, v3));
            if u8x16_bitmask(any) == 0 {
                store_ascii::<UTF32, BE>(v0, d);
                store_ascii::<UTF32, BE>(v1, d.add(16 * unit));
                store_ascii::<UTF32, BE>(v2, d.add(32 * unit));
                store_ascii::<UTF32, BE>(v3, d.add(48 * unit));
                pos += 64;
                out += 64 * unit;
                continue;
            }
            // Bytes E0..FF: three- and four-byte lead bytes, and bytes that are
            // never UTF-8. A block with a few of them (dashes, quotation marks and
            // arrows in Latin text) is converted up to the first one, and a valid
            // three-byte character there in scalar code; the next step starts after
            // it. More of them end the run: text of three-byte characters has the
            // loop's block paths.
            let max = u8x16_max(u8x16_max(v0, v1), u8x16_max(v2, v3));
            let long = if v128_any_true(u8x16_sub_sat(max, u8x16_splat(0xDF))) {
                let above = |x: v128| i8x16_gt(x, i8x16_splat(0xDFu8 as i8));
                let mask = |a: v128, b: v128, c: v128, d: v128| {
                    u64::from(u8x16_bitmask(a))
                        | u64::from(u8x16_bitmask(b)) << 16
                        | u64::from(u8x16_bitmask(c)) << 32
                        | u64::from(u8x16_bitmask(d)) << 48
                };
                let long = mask(v0, v1, v2, v3) & mask(above(v0), above(v1), above(v2), above(v3));
                if long.count_ones() > 2 {
                    break;
                }
                long
            } else {
                0
            };
            let Some((mut i, mut o)) = two_byte_block::<UTF32, BE>([v0, v1, v2, v3], long, d)
            else {
                break;
            };
            if long != 0 && i <= 61 {
                if let Some(u) = three_byte_char(s.add(i)) {
                    store_unit::<UTF32, BE>(u, d.add(o));
                    i += 3;
                    o += unit;
                }
            }
            if i == 0 {
                break;
            }
            pos += i;
            out += o;
        }
    }
    (pos, out)
}

/// The `checked_block` hook: converts a block of one- to three-byte characters
/// (text of three-byte scripts mixed with ASCII, as in markup, numbers and names;
/// the odd block of Latin text with several dashes or quotation marks) after
/// checking it with masks instead of the validator, whose table look-ups cost a
/// swizzle and its index fix-up each under V8. Returns `None` (nothing written) for
/// a block of twenty three-byte characters (the loop's fixed-layout path is faster),
/// a block with a byte F0..FF, and any block it cannot prove valid: the validator
/// then decides. The block `[v0, v1, v2, v3]` at `s` starts at a character boundary;
/// `cont` is its continuation mask.
///
/// The block is valid up to its last byte exactly when
///
/// - every byte with the high bit set is a continuation byte or a lead byte C2..EF
///   (C0, C1 are neither: as signed bytes, the leads are the bytes above 0xC1 with
///   the high bit set, once F0..FF are ruled out);
/// - the continuation bytes are exactly the byte after each lead and the second
///   byte after each three-byte lead E0..EF (the bits shifted past byte 63 belong to
///   characters that cross into the next block, which the conversion does not
///   consume);
/// - no E0 is followed by 80..9F (an overlong form) and no ED by A0..BF (a
///   surrogate): bit 5 of the byte after the lead tells the two halves apart. The
///   byte after a lead at byte 63 is byte 64 (readable: the loop's 65 bytes).
///
/// The conversion is the run's 16-byte step with three-byte characters ([`piece`]),
/// for the characters that end at bytes 0..=62.
///
/// # Safety
/// simd128; 65 readable bytes at `s`, whose first 64 are `v0..v3`, at a character
/// boundary; `64 * unit` writable bytes at `d` (`unit` = 2, or 4 for UTF-32; the
/// loop guarantees more).
#[inline(always)]
pub(super) unsafe fn checked_block<const UTF32: bool, const BE: bool>(
    s: *const u8,
    [v0, v1, v2, v3]: [v128; 4],
    cont: u64,
    d: *mut u8,
) -> Option<(usize, usize)> {
    if cont & ((1 << 61) - 1) == THREE_BYTE_CONT {
        return None;
    }
    let max = u8x16_max(u8x16_max(v0, v1), u8x16_max(v2, v3));
    if v128_any_true(u8x16_sub_sat(max, u8x16_splat(0xEF))) {
        return None;
    }
    let mask = |a: v128, b: v128, c: v128, d: v128| {
        u64::from(u8x16_bitmask(a))
            | u64::from(u8x16_bitmask(b)) << 16
            | u64::from(u8x16_bitmask(c)) << 32
            | u64::from(u8x16_bitmask(d)) << 48
    };
    let (c1, df) = (i8x16_splat(0xC1u8 as i8), i8x16_splat(0xDFu8 as i8));
    let high = mask(v0, v1, v2, v3);
    let leads = high
        & mask(
            i8x16_gt(v0, c1),
            i8x16_gt(v1, c1),
            i8x16_gt(v2, c1),
            i8x16_gt(v3, c1),
        );
    let three = high
        & mask(
            i8x16_gt(v0, df),
            i8x16_gt(v1, df),
            i8x16_gt(v2, df),
            i8x16_gt(v3, df),
        );
    if high != cont | leads || cont != leads << 1 | three << 2 {
        return None;
    }
    if three != 0 {
        // SAFETY: the loads read `s + 1..s + 65` (the caller's promise).
        let bad = unsafe {
            let (e0, ed, bit5) = (u8x16_splat(0xE0), u8x16_splat(0xED), u8x16_splat(0x20));
            let zero = u8x16_splat(0);
            let bad = |v: v128, k: usize| {
                let next = v128_load(s.add(16 * k + 1).cast());
                let low_half = i8x16_eq(v128_and(next, bit5), zero);
                v128_bitselect(i8x16_eq(v, e0), i8x16_eq(v, ed), low_half)
            };
            v128_or(
                v128_or(bad(v0, 0), bad(v1, 1)),
                v128_or(bad(v2, 2), bad(v3, 3)),
            )
        };
        if v128_any_true(bad) {
            return None;
        }
    }
    // Bit i: byte i ends a character, for bytes 0..=62 (whether byte 63 does
    // depends on byte 64). Never 0 in a valid block of such characters.
    let ends = !(cont >> 1) & (u64::MAX >> 1);
    if ends == 0 {
        return None;
    }
    let c0 = i8x16_splat(0xC0u8 as i8);
    let (t0, t1, t2, t3) = (
        i8x16_lt(v0, c0),
        i8x16_lt(v1, c0),
        i8x16_lt(v2, c0),
        i8x16_lt(v3, c0),
    );
    // SAFETY: each 16 bytes store at most `16 * unit` bytes from where the units of
    // the bytes before them end (at most 48 units for the last): within the
    // `64 * unit` bytes of the caller's promise.
    unsafe {
        let zero = u8x16_splat(0);
        let mut w = piece::<UTF32, BE, true>(v0, zero, t0, ends, d);
        w += piece::<UTF32, BE, true>(v1, v0, t1, ends >> 16, d.add(w));
        w += piece::<UTF32, BE, true>(v2, v1, t2, ends >> 32, d.add(w));
        w += piece::<UTF32, BE, true>(v3, v2, t3, ends >> 48, d.add(w));
        Some((64 - ends.leading_zeros() as usize, w))
    }
}

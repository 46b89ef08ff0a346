//! The whole-block step of the UTF-8 -> UTF-16/UTF-32 loop ([`super::utf8_decode`])
//! for 16-byte vectors: a validated 64-byte block of one- to three-byte characters
//! is converted without the serial chain of the windows.
//!
//! # Why
//!
//! The windows ([`super::utf8_window`]) convert 12 to 16 bytes at a time, and the
//! start of each window is known only once the table entry of the previous one was
//! loaded: on text of two- and three-byte characters the loop waits on that chain
//! (two dependent loads and a shift per window, five windows per block). Here every
//! 16-byte piece of the block is converted independently of the others, and only
//! the output offsets depend on the character ends before them: bit counts of the
//! end mask, which do not wait on any vector.
//!
//! # How
//!
//! For each byte position `i` of the block, the code unit of the character that
//! would end at `i` is computed from byte `i` and the two before it
//! ([`unit_planes`], as byte planes of low and high unit bytes):
//!
//! - an ASCII byte `b` is the unit `b`;
//! - a continuation byte `b` after `p`: low byte `p << 6 | b & 0x3F`, high byte
//!   `p >> 2 & 0x0F`, plus `pp << 4` when `p` is itself a continuation byte (the
//!   middle byte of a three-byte character, `pp` its lead).
//!
//! The planes are interleaved into two vectors of eight 16-bit units, and the units
//! at the positions that end a character (the end mask of the block, eight bits per
//! vector) are moved to the front by a [`COMPRESS16`] shuffle and stored one after
//! the other; the garbage lanes after them are scratch bytes that the next store
//! overwrites. UTF-32 zero-extends the units. A block without two continuation
//! bytes in a row has no three-byte character, and skips the `pp` term.
//!
//! Characters ending at bytes 0..=62 are consumed: whether byte 63 ends a character
//! depends on byte 64, which the validator did not see with the block. Blocks with
//! bytes F0..FF (four-byte characters) decline and take the windows.
//!
//! # Fixed layouts, checked here
//!
//! Two layouts are recognised from the continuation mask alone and checked here,
//! more cheaply than by the validator, before validation: twenty three-byte
//! characters at bytes 0..60 (most blocks of Chinese text,
//! [`three_byte_block`]: five windows of four characters at fixed offsets) and
//! sixteen four-byte characters (emoji, [`four_byte_block`]: one per 32-bit lane).
//! The check covers what the layout leaves open: the lead bytes' range and the
//! second-byte ranges after E0/ED (F0/F4). A block that fails it declines, and the
//! validator reports the error.
//!
//! A whole block per step instead of a window of 12-16 bytes pays on every text of
//! one- to three-byte characters, and most on emoji, whose windows hold three or
//! four characters each.

use super::utf8_window::{order16, order32, shape_b};
use crate::generic::handover::POPCOUNT8;
use crate::tables::utf8_to_utf16::{
    COMPRESS16, THREE_BYTE_CONT, THREE_BYTE_LEADS, THREE_BYTE_WINDOW,
};
use crate::vector_ext::VectorExt;
use utfast_scalar::Mode;

/// Output bytes [`block_1_to_3`] may store (scratch included), for `unit` 2
/// (UTF-16) or 4 (UTF-32): the last store starts after at most 56 units (one per
/// byte 0..=55) and is 8 units long.
pub(super) const fn block_write(unit: usize) -> usize {
    unit * 64
}

/// The units of the characters that would end at each byte of `v` (`prev`: the 16
/// bytes before `v`), as planes of low and high bytes. Lanes of bytes that do not
/// end a character hold garbage. Without `THREE`, the block has no three-byte
/// characters and the lead two bytes back is not used.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`).
#[inline(always)]
unsafe fn unit_planes<V: VectorExt, const THREE: bool>(v: V, prev: V) -> (V, V) {
    // SAFETY: register operations of `V`'s ISA (the caller's promise).
    unsafe {
        let top = V::splat(0x80);
        let p = v.shift_in_one_byte(prev);
        // Per byte: 0xFF where `v` is not ASCII.
        let wide = v.and(top).eq8(top);
        // `v & 0x7F` is the payload of an ASCII byte and of a continuation byte
        // (whose bit 6 is clear); `p`'s bits count only before a continuation byte.
        // The shifts are per 16-bit lane: the bits they carry over from the
        // neighbouring byte are masked off.
        let low = v
            .and(V::splat(0x7F))
            .or(p.shl16::<6>().and(V::splat(0xC0)).and(wide));
        let mut high = p.shr16::<2>().and(V::splat(0x0F));
        if THREE {
            let pp = v.shift_in_two_bytes(prev);
            let p_cont = p.and(V::splat(0xC0)).eq8(top);
            high = high.or(pp.shl16::<4>().and(V::splat(0xF0)).and(p_cont));
        }
        (low, high.and(wide))
    }
}

/// Keeps the units of the positions selected by `keep` (16 bits, bit `i` for byte
/// `i` of the piece), given as byte planes, and stores them in order at `dst` in
/// the byte order `BE` (UTF-32 if `UTF32`); returns the bytes written.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); `unit * (popcount(keep & 0xFF)
/// + 8)` bytes are writable at `dst` (`unit` 2, or 4 for UTF-32).
#[inline(always)]
unsafe fn compress_units<V: VectorExt, const UTF32: bool, const BE: bool>(
    low: V,
    high: V,
    keep: u64,
    dst: *mut u8,
) -> usize {
    let unit = if UTF32 { 4 } else { 2 };
    let (k0, k1) = ((keep & 0xFF) as usize, (keep >> 8 & 0xFF) as usize);
    // SAFETY: the table indices are below 256; the stores are the caller's promise.
    unsafe {
        let (a, b) = if BE { (high, low) } else { (low, high) };
        let (u0, u1) = V::zip8(a, b);
        let u0 = V::load_unaligned(COMPRESS16.get_unchecked(k0).as_ptr()).lookup16(u0);
        let u1 = V::load_unaligned(COMPRESS16.get_unchecked(k1).as_ptr()).lookup16(u1);
        let n0 = unit * *POPCOUNT8.get_unchecked(k0) as usize;
        let n1 = unit * *POPCOUNT8.get_unchecked(k1) as usize;
        if UTF32 {
            for (u, at) in [(u0, 0), (u1, n0)] {
                let (w0, w1) = u.zero_extend16(BE);
                w0.store_unaligned(dst.add(at));
                w1.store_unaligned(dst.add(at + 16));
            }
        } else {
            u0.store_unaligned(dst);
            u1.store_unaligned(dst.add(n0));
        }
        n0 + n1
    }
}

/// Converts the four 16-byte pieces of the block at `s` (see the module
/// documentation); `ends` has bits 0..=62 only.
///
/// # Safety
/// As for [`block_1_to_3`].
#[inline(always)]
unsafe fn convert<V: VectorExt, const UTF32: bool, const BE: bool, const THREE: bool>(
    v: [V; 4],
    ends: u64,
    d: *mut u8,
) -> usize {
    // SAFETY: the caller's promises; the stores stay within `block_write` (the
    // last piece's second group starts after at most 56 units).
    unsafe {
        // The block starts at a character boundary: the bytes before it are not used.
        let mut prev = V::splat(0);
        let mut w = 0;
        for (k, x) in v.into_iter().enumerate() {
            let (low, high) = unit_planes::<V, THREE>(x, prev);
            w += compress_units::<V, UTF32, BE>(low, high, ends >> (16 * k), d.add(w));
            prev = x;
        }
        w
    }
}

/// Converts the validated block at `s` (continuation mask `cont`) when it has no
/// byte F0..FF: every character ending at bytes 0..=62; returns `(consumed,
/// written)`, or `None` (nothing written) for a block with four-byte characters.
/// In `Mode::Valid` the block may be invalid: the output is then garbage, within
/// the same bounds.
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 64 readable bytes at `s`, the
/// block starts at a character boundary and is valid UTF-8 up to its last
/// character boundary (or the mode is `Mode::Valid`); `block_write(unit)` writable
/// bytes at `d`.
#[inline(always)]
pub(super) unsafe fn block_1_to_3<V: VectorExt, const UTF32: bool, const BE: bool>(
    s: *const u8,
    d: *mut u8,
    cont: u64,
) -> Option<(usize, usize)> {
    debug_assert!(V::BYTES == 16);
    // Bit i: byte i ends a character, for bytes 0..=62.
    let ends = !(cont >> 1) & (u64::MAX >> 1);
    // SAFETY: 64 readable bytes at `s`; the conversion's promises are the caller's.
    unsafe {
        let v: [V; 4] = core::array::from_fn(|k| V::load_unaligned(s.add(16 * k)));
        // A valid block without two continuation bytes in a row holds no three- or
        // four-byte character (a lead byte E0..FF at byte 62 or 63 starts one that
        // the block does not consume): the test for bytes F0..FF is not needed. (Then
        // `ends` is not 0 either: that takes continuation bytes 1..=63.)
        if cont & (cont >> 1) == 0 {
            return Some((
                64 - ends.leading_zeros() as usize,
                convert::<V, UTF32, BE, false>(v, ends, d),
            ));
        }
        let above_ef = V::splat(0xEF);
        let big = v[0]
            .saturating_sub(above_ef)
            .or(v[1].saturating_sub(above_ef))
            .or(v[2]
                .saturating_sub(above_ef)
                .or(v[3].saturating_sub(above_ef)));
        // (`ends` is 0 only for invalid input in `Mode::Valid`.)
        if !big.is_zero() || ends == 0 {
            return None;
        }
        let w = convert::<V, UTF32, BE, true>(v, ends, d);
        Some((64 - ends.leading_zeros() as usize, w))
    }
}

/// Whether the twenty three-byte characters at bytes 0..60 of the block `v` at `s`
/// (whose continuation bytes are known to be at bytes `3k + 1`, `3k + 2`) are
/// valid: every lead byte is E0..EF, no E0 is followed by 80..9F (an overlong
/// form) and no ED by A0..BF (a surrogate).
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 65 readable bytes at `s`, the
/// first 64 are `v`.
#[inline(always)]
unsafe fn three_byte_valid<V: VectorExt>(s: *const u8, v: &[V; 4]) -> bool {
    // SAFETY: the loads read `s + 1..s + 65` and the static table.
    unsafe {
        let (zero, e0, ed) = (V::splat(0), V::splat(0xE0), V::splat(0xED));
        let max_low = V::splat(0x9F);
        let mut bad = zero;
        for (k, x) in v.iter().enumerate() {
            let leads = V::load_unaligned(THREE_BYTE_LEADS[k].as_ptr());
            bad = bad.or(x.and(leads).xor(leads.and(e0)));
            // The byte after each lead (a continuation byte): 80..9F or A0..BF.
            let next = V::load_unaligned(s.add(16 * k + 1));
            let low_next = next.saturating_sub(max_low).eq8(zero);
            let range = V::blend(low_next, x.eq8(e0), x.eq8(ed));
            bad = bad.or(range.and(leads));
        }
        bad.is_zero()
    }
}

/// Converts a block that starts with twenty three-byte characters (bytes 0..60;
/// most blocks of Chinese text), recognised by its continuation mask `cont` and
/// checked here (unless `mode` is `Mode::Valid`) instead of by the validator: five
/// windows of four characters at fixed offsets, without table look-ups or a
/// serial chain. Returns `(60, 20 * unit)`, or `None` (nothing written) for any
/// other block or an invalid one (the validator then reports the error).
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 65 readable bytes at `s`, which
/// starts at a character boundary; 48 (UTF-32: 80) writable bytes at `d`.
#[inline(always)]
pub(super) unsafe fn three_byte_block<V: VectorExt, const UTF32: bool, const BE: bool>(
    s: *const u8,
    d: *mut u8,
    cont: u64,
    mode: Mode,
) -> Option<(usize, usize)> {
    debug_assert!(V::BYTES == 16);
    if cont & ((1 << 61) - 1) != THREE_BYTE_CONT {
        return None;
    }
    // SAFETY: the loads read `s..s + 65` (the windows `s..s + 64`); the stores end
    // at `d + 48` (UTF-32: `d + 80`).
    unsafe {
        let v: [V; 4] = core::array::from_fn(|k| V::load_unaligned(s.add(16 * k)));
        if mode != Mode::Valid && !three_byte_valid::<V>(s, &v) {
            return None;
        }
        let ctl = V::load_unaligned(THREE_BYTE_WINDOW.as_ptr());
        let cp: [V; 5] =
            core::array::from_fn(|k| shape_b::<V>(ctl.lookup16(V::load_unaligned(s.add(12 * k)))));
        if UTF32 {
            for (k, x) in cp.into_iter().enumerate() {
                order32::<V, BE>(x).store_unaligned(d.add(16 * k));
            }
            Some((60, 80))
        } else {
            order16::<V, BE>(V::narrow32(cp[0], cp[1])).store_unaligned(d);
            order16::<V, BE>(V::narrow32(cp[2], cp[3])).store_unaligned(d.add(16));
            order16::<V, BE>(V::narrow32(cp[4], cp[4])).store_unaligned(d.add(32));
            Some((60, 40))
        }
    }
}

/// The continuation mask of a block of sixteen four-byte characters.
const FOUR_BYTE_CONT: u64 = 0xEEEE_EEEE_EEEE_EEEE;

/// Whether the sixteen four-byte characters of the block `v` at `s` (whose
/// continuation bytes are known to be at bytes `4k + 1..4k + 4`) are valid: every
/// lead byte is F0..F4, no F0 is followed by 80..8F (an overlong form) and no F4 by
/// 90..BF (above U+10FFFF).
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 65 readable bytes at `s`, the
/// first 64 are `v`.
#[inline(always)]
unsafe fn four_byte_valid<V: VectorExt>(s: *const u8, v: &[V; 4]) -> bool {
    // SAFETY: the loads read `s + 1..s + 65`.
    unsafe {
        let (zero, f0, f4) = (V::splat(0), V::splat(0xF0), V::splat(0xF4));
        let leads = V::splat4([0xFF, 0, 0, 0]);
        let (top5, max_low) = (V::splat4([0xF8, 0, 0, 0]), V::splat(0x8F));
        let mut bad = zero;
        for (k, x) in v.iter().enumerate() {
            // F0..F7, then not above F4.
            bad = bad.or(x.and(top5).xor(top5.and(f0)));
            bad = bad.or(x.saturating_sub(f4).and(leads));
            let next = V::load_unaligned(s.add(16 * k + 1));
            let low_next = next.saturating_sub(max_low).eq8(zero);
            let range = V::blend(low_next, x.eq8(f0), x.eq8(f4));
            bad = bad.or(range.and(leads));
        }
        bad.is_zero()
    }
}

/// Converts a block of sixteen four-byte characters (most blocks of emoji text),
/// recognised by its continuation mask `cont` and byte 64 (not a continuation
/// byte), and checked here (unless `mode` is `Mode::Valid`) instead of by the
/// validator: one character per 32-bit lane, to code points or surrogate pairs by
/// arithmetic alone. Returns `(64, 64)`, or `None` (nothing written) for any other
/// block or an invalid one (the validator then reports the error).
///
/// # Safety
/// The CPU supports `V`'s ISA (`V::BYTES == 16`); 65 readable bytes at `s`, which
/// starts at a character boundary; 64 writable bytes at `d`.
#[inline(always)]
pub(super) unsafe fn four_byte_block<V: VectorExt, const UTF32: bool, const BE: bool>(
    s: *const u8,
    d: *mut u8,
    cont: u64,
    mode: Mode,
) -> Option<(usize, usize)> {
    debug_assert!(V::BYTES == 16);
    // SAFETY: the loads read `s..s + 65`; the stores `d..d + 64`.
    unsafe {
        if cont != FOUR_BYTE_CONT || (*s.add(64) & 0xC0) == 0x80 {
            return None;
        }
        let v: [V; 4] = core::array::from_fn(|k| V::load_unaligned(s.add(16 * k)));
        if mode != Mode::Valid && !four_byte_valid::<V>(s, &v) {
            return None;
        }
        let p32 = |x: u32| V::splat4(x.to_le_bytes());
        for (k, x) in v.into_iter().enumerate() {
            // Lanes [lead, c1, c2, c3] read little-endian: 3 + 6 + 6 + 6 bits.
            let cp = x
                .and(p32(0x07))
                .shl32::<18>()
                .or(x.and(p32(0x3F00)).shl32::<4>())
                .or(x.shr32::<10>().and(p32(0x0FC0)))
                .or(x.shr32::<24>().and(p32(0x3F)));
            let out = if UTF32 {
                order32::<V, BE>(cp)
            } else {
                let off = cp.add32(p32(0u32.wrapping_sub(0x1_0000)));
                // `high` fits 16 bits for valid input; garbage in `Mode::Valid` is
                // masked so that it cannot spill into the low unit.
                let high = off.shr32::<10>().or(p32(0xD800)).and(p32(0xFFFF));
                let low = off.and(p32(0x3FF)).or(p32(0xDC00));
                order16::<V, BE>(high.or(low.shl32::<16>()))
            };
            out.store_unaligned(d.add(16 * k));
        }
        Some((64, 64))
    }
}

//! The neon kernel's hooks in the generic UTF-8 -> UTF-16/UTF-32 loop
//! (`crate::generic::utf8_decode`; `DecodeHooks` for `Neon` in `super`): the ASCII
//! run, and the conversion of a validated block of one- to three-byte characters.
//!
//! # The ASCII run
//!
//! The generic run widens each 16 bytes with two rounds of zips against zero and
//! stores every register on its own. NEON widens a byte straight into a 32-bit
//! lane with one `tbl`: an index of 16 or more reads as zero, so the control
//! `[4k, 16, 16, 16, 4k + 1, ...]` puts bytes `4k..4k + 4` of the input in the low
//! bytes of four lanes (the high byte for big-endian output), one instruction per
//! output register where the zips take one and a half (three of every four input
//! registers; the fourth takes the zips, which some cores run on more pipelines
//! than `tbl`). UTF-32 output is stored four registers per `st1`, UTF-16 output
//! by plain stores of widening moves for three registers and, for the fourth, an
//! `st2` with zeros (the store interleaves; the widening moves run on one
//! pipeline of some cores, Neoverse N1). The loop tests each 64 bytes with a
//! pairwise maximum (`umaxp`) rather than `umaxv`, a slow reduction, and counts its
//! steps in advance: one counter instead of two bounds.
//!
//! # Blocks of one- to three-byte characters
//!
//! The `valid_block` hook is the generic whole-block step (`generic/utf8_block.rs`:
//! the unit of the character that would end at each byte, from the byte and the
//! two before it, as planes of low and high bytes, compressed by the end mask) with
//! the planes built by NEON's shift-and-insert (`sli`: the second operand shifted
//! left, the destination's bits below the shift kept) and bitwise select (`bsl`)
//! instead of separate shifts, masks and ORs, since on cores with two vector
//! pipelines (Neoverse N1) the block's vector operations, not its latency, set its
//! speed:
//!
//! - low byte: `sli(v, p, 6)` is `p << 6 | v & 0x3F`, the low byte of a character
//!   ending in the continuation byte `v` after `p` (a two-byte lead or a middle
//!   byte); a select keeps `v` itself where it is ASCII;
//! - high byte: `sli(p >> 2, pp, 4)` is `pp << 4 | (p >> 2) & 0x0F`: the three
//!   payload bits of a two-byte lead `p` (bit 3 of `p >> 2` is then 0), or the four
//!   high bits of a middle byte `p` below the lead `pp`'s four, with `pp` masked to
//!   zero where `p` is not a continuation byte (one signed comparison: 80..BF are
//!   the bytes below 0xC0 as signed bytes); zero where `v` is ASCII.
//!
//! Blocks with bytes F0..FF take the generic windows, as in the generic step.

use crate::generic::handover::POPCOUNT8;
use core::arch::aarch64::*;

/// The `tbl` controls that widen bytes `4k..4k + 4` to 32-bit lanes, little-endian
/// (`[0]`) or big-endian (`[1]`) output.
static WIDEN32: [[[u8; 16]; 4]; 2] = {
    let mut t = [[[0xFF; 16]; 4]; 2];
    let mut k = 0;
    while k < 4 {
        let mut j = 0;
        while j < 4 {
            t[0][k][4 * j] = (4 * k + j) as u8;
            t[1][k][4 * j + 3] = (4 * k + j) as u8;
            j += 1;
        }
        k += 1;
    }
    t
};

/// Widens the 64 ASCII bytes `v` to 64 UTF-16 (`UTF32`: UTF-32) units in the byte
/// order `BE` at `dst`.
///
/// # Safety
/// NEON; `64 * unit` writable bytes at `dst` (`unit` = 2, or 4 for UTF-32); `ctl`
/// is `WIDEN32[BE]` when `UTF32`.
#[inline(always)]
unsafe fn widen64<const UTF32: bool, const BE: bool>(
    v: uint8x16x4_t,
    ctl: &uint8x16x4_t,
    dst: *mut u8,
) {
    // SAFETY: the caller's promises: four 64-byte stores for UTF-32, two for
    // UTF-16.
    unsafe {
        if UTF32 {
            // Written out: as a loop over the four registers, the compiler kept
            // them on the stack.
            let widen = |x: uint8x16_t, d: *mut u8| {
                let w = uint8x16x4_t(
                    vqtbl1q_u8(x, ctl.0),
                    vqtbl1q_u8(x, ctl.1),
                    vqtbl1q_u8(x, ctl.2),
                    vqtbl1q_u8(x, ctl.3),
                );
                vst1q_u8_x4(d, w);
            };
            widen(v.0, dst);
            widen(v.1, dst.add(64));
            widen(v.2, dst.add(128));
            // The last 16 bytes by two rounds of zips: some cores run `tbl` on
            // fewer pipelines than the zips (Neoverse V1), so a mix of both keeps
            // more of them busy.
            let zero = vdupq_n_u8(0);
            let (a, b) = if BE {
                (vzip1q_u8(zero, v.3), vzip2q_u8(zero, v.3))
            } else {
                (vzip1q_u8(v.3, zero), vzip2q_u8(v.3, zero))
            };
            let zip16 = |x: uint8x16_t| {
                let (x, z) = (vreinterpretq_u16_u8(x), vreinterpretq_u16_u8(zero));
                let (p, q) = if BE {
                    (vzip1q_u16(z, x), vzip2q_u16(z, x))
                } else {
                    (vzip1q_u16(x, z), vzip2q_u16(x, z))
                };
                (vreinterpretq_u8_u16(p), vreinterpretq_u8_u16(q))
            };
            let ((w0, w1), (w2, w3)) = (zip16(a), zip16(b));
            vst1q_u8_x4(dst.add(192), uint8x16x4_t(w0, w1, w2, w3));
        } else {
            // Widening moves (`ushll`; shifted by 8 for big endian) and plain
            // stores (paired): the compiler turns zips against zero followed by
            // stores into `st2` of half registers, and `st1` of several
            // registers competes with the widening for the same pipelines on
            // some cores (Neoverse V1).
            // (Big endian takes the first 16 bytes there: with the last, the
            // compiler moved them to the register after the zeros.)
            let (st2_at, rest) = if BE {
                (0, [(v.1, 32), (v.2, 64), (v.3, 96)])
            } else {
                (96, [(v.0, 0), (v.1, 32), (v.2, 64)])
            };
            for (x, at) in rest {
                let (a, b) = if BE {
                    (vshll_n_u8::<8>(vget_low_u8(x)), vshll_high_n_u8::<8>(x))
                } else {
                    (vmovl_u8(vget_low_u8(x)), vmovl_high_u8(x))
                };
                vst1q_u16(dst.add(at).cast(), a);
                vst1q_u16(dst.add(at + 16).cast(), b);
            }
            // The last 16 bytes interleaved with zeros by the store itself (`st2`):
            // the widening moves run on one pipeline of some cores (Neoverse N1),
            // the store on another.
            let zero = vdupq_n_u8(0);
            let pair = if BE {
                uint8x16x2_t(zero, v.0)
            } else {
                uint8x16x2_t(v.3, zero)
            };
            vst2q_u8(dst.add(st2_at), pair);
        }
    }
}

/// Converts the ASCII run at the start of `src` into `dst`, 64 bytes per step;
/// returns `(consumed, written)`. Every store is output: no scratch bytes.
///
/// # Safety
/// NEON; `src` starts with 64 ASCII bytes, and `dst` has room for their
/// `64 * unit` bytes of output (`unit` = 2, or 4 for UTF-32).
#[inline(always)]
pub(super) unsafe fn ascii_run<const UTF32: bool, const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let unit = if UTF32 { 4 } else { 2 };
    let (n, m) = (src.len(), dst.len());
    debug_assert!(n >= 64 && m >= 64 * unit);
    // Steps after the first that fit both buffers: counted in advance, so that the
    // loop has one counter instead of two bounds.
    let more = ((n - 64) / 64).min((m - 64 * unit) / (64 * unit));
    // SAFETY: step `k` (0..=more) reads `src[64 * k..64 * k + 64]` and writes
    // `dst[64 * unit * k..64 * unit * (k + 1)]`, within both by the choice of
    // `more` (the first one by the caller's promise); NEON is the caller's promise.
    unsafe {
        let ctl = vld1q_u8_x4(WIDEN32[usize::from(BE)].as_ptr().cast());
        let (mut s, mut d) = (src.as_ptr(), dst.as_mut_ptr());
        let mut v = vld1q_u8_x4(s);
        let mut k = 0;
        loop {
            widen64::<UTF32, BE>(v, &ctl, d);
            k += 1;
            if k > more {
                break;
            }
            s = s.add(64);
            d = d.add(64 * unit);
            v = vld1q_u8_x4(s);
            // Any byte >= 0x80: the pairwise maximum keeps one of each two bytes in
            // the low 8 bytes (one operation, where `umaxv` is a slow reduction).
            let any = vorrq_u8(vorrq_u8(v.0, v.1), vorrq_u8(v.2, v.3));
            let max = vgetq_lane_u64::<0>(vreinterpretq_u64_u8(vpmaxq_u8(any, any)));
            if max & 0x8080_8080_8080_8080 != 0 {
                break;
            }
        }
        (64 * k, 64 * unit * k)
    }
}

/// The units of the characters that would end at each byte of `v` (`prev`: the 16
/// bytes before `v`), as planes of low and high bytes (see "Blocks of one- to
/// three-byte characters" above). Lanes of bytes that do not end a character hold
/// garbage. Without `THREE` the block has no three-byte characters.
///
/// # Safety
/// NEON.
#[inline(always)]
unsafe fn unit_planes<const THREE: bool>(
    v: uint8x16_t,
    prev: uint8x16_t,
) -> (uint8x16_t, uint8x16_t) {
    // SAFETY: register operations (NEON is the caller's promise).
    unsafe {
        let p = vextq_u8::<15>(prev, v);
        // 0xFF where `v` is not ASCII.
        let wide = vcltzq_s8(vreinterpretq_s8_u8(v));
        // Low byte: an ASCII byte itself; after a lead or a middle byte, the two low
        // bits of `p` above the six of `v` (`sli` keeps the destination's bits below
        // the shift).
        let low = vbslq_u8(wide, vsliq_n_u8::<6>(v, p), v);
        // High byte: bits 2..6 of `p` (a two-byte lead's three payload bits, or a
        // middle byte's four high ones), and, when `p` is a middle byte (80..BF:
        // below 0xC0 as a signed byte), the lead two bytes back in the high nibble.
        let q = vshrq_n_u8::<2>(p);
        let high = if THREE {
            let pp = vextq_u8::<14>(prev, v);
            let p_cont = vcltq_s8(vreinterpretq_s8_u8(p), vdupq_n_s8(0xC0u8 as i8));
            vsliq_n_u8::<4>(q, vandq_u8(pp, p_cont))
        } else {
            vandq_u8(q, vdupq_n_u8(0x0F))
        };
        (low, vandq_u8(high, wide))
    }
}

/// The `tbl` controls that pick the units of the bytes selected by an 8-bit mask
/// `k` of the half `g` of 16 bytes (bytes `8g..8g + 8`) out of the planes
/// `{low, high}` (UTF-16 big endian: `{high, low}`) into 16-bit lanes, in order:
/// `PICK16[g][k]`. Lanes past the selected units read as zero (index 0xFF).
static PICK16: [[[u8; 16]; 256]; 2] = {
    let mut t = [[[0xFF; 16]; 256]; 2];
    let mut g = 0;
    while g < 2 {
        let mut k = 0;
        while k < 256 {
            let (mut n, mut i) = (0, 0);
            while i < 8 {
                if k & (1 << i) != 0 {
                    let pos = (8 * g + i) as u8;
                    t[g][k][2 * n] = pos;
                    t[g][k][2 * n + 1] = 16 + pos;
                    n += 1;
                }
                i += 1;
            }
            k += 1;
        }
        g += 1;
    }
    t
};

/// As [`PICK16`], into 32-bit lanes (two registers of four units) in the byte order
/// `BE`, always out of `{low, high}`: `PICK32[BE][g][k]`.
static PICK32: [[[[[u8; 16]; 2]; 256]; 2]; 2] = {
    let mut t = [[[[[0xFF; 16]; 2]; 256]; 2]; 2];
    let mut be = 0;
    while be < 2 {
        let mut g = 0;
        while g < 2 {
            let mut k = 0;
            while k < 256 {
                let (mut n, mut i) = (0, 0);
                while i < 8 {
                    if k & (1 << i) != 0 {
                        let pos = (8 * g + i) as u8;
                        let lane = &mut t[be][g][k][n / 4];
                        let at = 4 * (n % 4);
                        if be == 0 {
                            lane[at] = pos;
                            lane[at + 1] = 16 + pos;
                        } else {
                            lane[at + 3] = pos;
                            lane[at + 2] = 16 + pos;
                        }
                        n += 1;
                    }
                    i += 1;
                }
                k += 1;
            }
            g += 1;
        }
        be += 1;
    }
    t
};

/// Keeps the units of the 16 positions selected by `keep` (bit `i` for byte `i`),
/// given as byte planes, and stores them in order at `dst` in the byte order `BE`
/// (UTF-32 if `UTF32`); returns the bytes written. Each group of units is picked
/// out of both planes by one two-register `tbl`, into 16- or 32-bit lanes at once:
/// no interleaving of the planes and no widening (one operation on the vector
/// pipelines, as a one-register `tbl` or a zip, on Neoverse N1 and V2).
///
/// # Safety
/// NEON; `unit * (popcount(keep & 0xFF) + 8)` writable bytes at `dst` (`unit` 2,
/// or 4 for UTF-32).
#[inline(always)]
unsafe fn compress_units<const UTF32: bool, const BE: bool>(
    low: uint8x16_t,
    high: uint8x16_t,
    keep: u64,
    dst: *mut u8,
) -> usize {
    let unit = if UTF32 { 4 } else { 2 };
    let (k0, k1) = ((keep & 0xFF) as usize, (keep >> 8 & 0xFF) as usize);
    // SAFETY: the table indices are below 256; the stores are the caller's promise.
    unsafe {
        let n0 = unit * *POPCOUNT8.get_unchecked(k0) as usize;
        let n1 = unit * *POPCOUNT8.get_unchecked(k1) as usize;
        if UTF32 {
            let planes = uint8x16x2_t(low, high);
            let t = &PICK32[usize::from(BE)];
            for (g, k, at) in [(0, k0, 0), (1, k1, n0)] {
                let c = t[g].get_unchecked(k);
                let w0 = vqtbl2q_u8(planes, vld1q_u8(c[0].as_ptr()));
                let w1 = vqtbl2q_u8(planes, vld1q_u8(c[1].as_ptr()));
                vst1q_u8(dst.add(at), w0);
                vst1q_u8(dst.add(at + 16), w1);
            }
        } else {
            let planes = if BE {
                uint8x16x2_t(high, low)
            } else {
                uint8x16x2_t(low, high)
            };
            let u0 = vqtbl2q_u8(planes, vld1q_u8(PICK16[0].get_unchecked(k0).as_ptr()));
            let u1 = vqtbl2q_u8(planes, vld1q_u8(PICK16[1].get_unchecked(k1).as_ptr()));
            vst1q_u8(dst, u0);
            vst1q_u8(dst.add(n0), u1);
        }
        n0 + n1
    }
}

/// Converts the four 16-byte pieces `v` of a block; `ends` has bits 0..=62 only.
///
/// # Safety
/// NEON; `64 * unit` writable bytes at `d` (the last piece's second group starts
/// after at most 56 units and stores 8).
#[inline(always)]
unsafe fn convert<const UTF32: bool, const BE: bool, const THREE: bool>(
    v: &[uint8x16_t; 4],
    ends: u64,
    d: *mut u8,
) -> usize {
    // SAFETY: the caller's promises.
    unsafe {
        // The block starts at a character boundary: the bytes before it are not used.
        let mut prev = vdupq_n_u8(0);
        let mut w = 0;
        for (k, &x) in v.iter().enumerate() {
            let (low, high) = unit_planes::<THREE>(x, prev);
            w += compress_units::<UTF32, BE>(low, high, ends >> (16 * k), d.add(w));
            prev = x;
        }
        w
    }
}

/// The `valid_block` hook: converts the validated block `v` at `s` (continuation
/// mask `cont`): a block without bytes F0..FF by byte planes (every character
/// ending at bytes 0..=62), any other in windows; returns `(consumed, written)`.
/// In `Mode::Valid` the block may be invalid: the output is then garbage, within
/// the same bounds.
///
/// # Safety
/// NEON; 65 readable bytes at `s`, the first 64 are `v`, the block starts at a
/// character boundary; `64 * unit + 16` writable bytes at `d`.
#[inline(always)]
pub(super) unsafe fn valid_block<const UTF32: bool, const BE: bool>(
    s: *const u8,
    v: &[uint8x16_t; 4],
    cont: u64,
    d: *mut u8,
) -> (usize, usize) {
    // Bit i: byte i ends a character, for bytes 0..=62.
    let ends = !(cont >> 1) & (u64::MAX >> 1);
    // SAFETY: the caller's promises (the windows read 65 bytes and store
    // `64 * unit + 16`).
    unsafe {
        // No two continuation bytes in a row: one- and two-byte characters only (a
        // lead byte E0..FF at byte 62 or 63 starts one the block does not consume).
        if cont & (cont >> 1) == 0 {
            let w = convert::<UTF32, BE, false>(v, ends, d);
            return (64 - ends.leading_zeros() as usize, w);
        }
        let max = vmaxq_u8(vmaxq_u8(v[0], v[1]), vmaxq_u8(v[2], v[3]));
        // (`ends` is 0 only for invalid input in `Mode::Valid`.)
        if vmaxvq_u8(max) >= 0xF0 || ends == 0 {
            return crate::generic::utf8_window::windows::<uint8x16_t, UTF32, BE>(s, d, cont);
        }
        let w = convert::<UTF32, BE, true>(v, ends, d);
        (64 - ends.leading_zeros() as usize, w)
    }
}

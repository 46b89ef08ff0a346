//! The neon kernel's hook in the generic UTF-8 -> UTF-16/UTF-32 loop
//! (`crate::generic::utf8_decode`; `DecodeHooks` for `Neon` in `super`): the ASCII
//! run.
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

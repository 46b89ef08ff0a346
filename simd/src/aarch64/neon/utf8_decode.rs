//! The neon kernel's hook in the generic UTF-8 -> UTF-16/UTF-32 loop
//! (`crate::generic::utf8_decode`; `DecodeHooks` for `Neon` in `super`): the ASCII
//! run.
//!
//! The generic run widens each 16 bytes with two rounds of zips against zero and
//! stores every register on its own. NEON widens a byte straight into a 32-bit
//! lane with one `tbl`: an index of 16 or more reads as zero, so the control
//! `[4k, 16, 16, 16, 4k + 1, ...]` puts bytes `4k..4k + 4` of the input in the low
//! bytes of four lanes (the high byte for big-endian output), one instruction per
//! output register where the zips take one and a half. UTF-16 output is one zip per
//! register. Every four registers are stored with one `st1` of four registers.

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
            widen(v.3, dst.add(192));
        } else {
            let zero = vdupq_n_u8(0);
            let zip = |x| {
                if BE {
                    (vzip1q_u8(zero, x), vzip2q_u8(zero, x))
                } else {
                    (vzip1q_u8(x, zero), vzip2q_u8(x, zero))
                }
            };
            let (a, b) = zip(v.0);
            let (c, d) = zip(v.1);
            vst1q_u8_x4(dst, uint8x16x4_t(a, b, c, d));
            let (a, b) = zip(v.2);
            let (c, d) = zip(v.3);
            vst1q_u8_x4(dst.add(64), uint8x16x4_t(a, b, c, d));
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
    // SAFETY: every step reads `src[pos..pos + 64]` and writes
    // `dst[out..out + 64 * unit]`, checked before its load (the first one by the
    // caller); NEON is the caller's promise.
    unsafe {
        let ctl = vld1q_u8_x4(WIDEN32[usize::from(BE)].as_ptr().cast());
        let (mut pos, mut out) = (0, 0);
        let mut v = vld1q_u8_x4(src.as_ptr());
        loop {
            widen64::<UTF32, BE>(v, &ctl, dst.as_mut_ptr().add(out));
            pos += 64;
            out += 64 * unit;
            if pos + 64 > n || out + 64 * unit > m {
                break;
            }
            v = vld1q_u8_x4(src.as_ptr().add(pos));
            let any = vorrq_u8(vorrq_u8(v.0, v.1), vorrq_u8(v.2, v.3));
            if vmaxvq_u8(any) >= 0x80 {
                break;
            }
        }
        (pos, out)
    }
}

//! UTF-16 -> UTF-16 and UTF-32 -> UTF-32 (byte swap or copy, validated, lossy or
//! trusted) with 512-bit vectors, masked loads and stores for the last units.
//!
//! The output of a same-form conversion has the length of its input, in every mode
//! (a lone surrogate or an invalid UTF-32 unit becomes one U+FFFD of the same
//! size), so one position serves both buffers. A *step* takes up to 64 bytes, `n`
//! units, with one masked load, byte-swaps them with one `vpshufb` (when the orders
//! differ) and writes them with one masked store: the same code for a full vector
//! and for the last units of the input or of `dst`, never a scalar loop. Four full
//! vectors without any surrogate (UTF-16) or invalid unit (UTF-32) take one test and
//! one branch, unmasked.
//!
//! - UTF-16: the high and low surrogate lanes are compared in the input's byte order
//!   (`vpcmpeqw` on the unit masked with `0xFC00`); a high surrogate is paired when
//!   the next lane is a low one, a low one when the lane before is a high one. A
//!   high surrogate in the last lane of a step waits for the next step (its pair
//!   may be past the step), so a step always ends on a character boundary, and the
//!   unit before a step is never a high surrogate waiting for its pair.
//! - UTF-32: a unit is invalid above U+10FFFF or in D800..DFFF (tested in native
//!   order, after a swap for big-endian input).
//!
//! Lossy mode replaces the invalid lanes (lone surrogates, invalid units) with
//! U+FFFD in the output's byte order (`vmovdqu16`/`vmovdqa32` with a mask), exactly
//! what the scalar code writes. Strict and trusted-valid mode store the lanes
//! before the first invalid one and hand over to the scalar transcoder there, which
//! reports the exact error. The scalar code also converts what the steps leave: an
//! odd final byte (a truncated unit), a high surrogate at the end, and, when `dst`
//! is shorter than `src`, the `OutputTooSmall` at its end (the steps never go past
//! `dst`, and stop at a character boundary, so every store is exactly output).
//!
//! Trusted-valid mode with room for the whole input is the plain byte swap (or
//! copy) of the whole input ([`swap_all`]): valid input needs no check.

use super::consts::{low_bits, SWAP16, SWAP32};
use super::isa::{self, Zmm};
use crate::generic::handover::shift;
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// `u` as the 16-bit lane value (little-endian read) of a unit in byte order `e`.
#[inline(always)]
fn lane16(u: u16, e: Endian) -> i16 {
    i16::from_le_bytes(e.write_u16(u))
}

/// `u` as the 32-bit lane value (little-endian read) of a unit in byte order `e`.
#[inline(always)]
fn lane32(u: u32, e: Endian) -> i32 {
    i32::from_le_bytes(e.write_u32(u))
}

/// `v` with the bytes of each `UNIT`-byte (2 or 4) lane reversed.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
unsafe fn swap_lanes<const UNIT: usize>(v: Zmm) -> Zmm {
    let ctl = if UNIT == 2 { &SWAP16 } else { &SWAP32 };
    // SAFETY: the ISA is the caller's promise; the table is 64 readable bytes.
    unsafe { isa::shuffle_epi8(v, isa::loadu(ctl.0.as_ptr())) }
}

/// `v` with each `UNIT`-byte lane reversed if `SWAP`, else `v`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
unsafe fn maybe_swap<const UNIT: usize, const SWAP: bool>(v: Zmm) -> Zmm {
    if SWAP {
        // SAFETY: the caller's promise.
        unsafe { swap_lanes::<UNIT>(v) }
    } else {
        v
    }
}

/// The constants of the UTF-32 validity test.
struct Check32 {
    max: Zmm,
    m_sur: Zmm,
    p_sur: Zmm,
}

impl Check32 {
    /// The lanes of `m` whose unit (of `v`, big-endian if `BIG`) is above U+10FFFF
    /// or a surrogate.
    ///
    /// # Safety
    /// The CPU supports the tier's features.
    #[inline(always)]
    unsafe fn invalid<const BIG: bool>(&self, m: u16, v: Zmm) -> u16 {
        // SAFETY: the caller's promise.
        unsafe {
            let c = maybe_swap::<4, BIG>(v);
            isa::mask_cmpgt_epu32_mask(m, c, self.max)
                | isa::mask_cmpeq_epi32_mask(m, isa::and_si512(c, self.m_sur), self.p_sur)
        }
    }
}

/// The first `n` bytes of `src` (a multiple of `UNIT` = 2 or 4) into `dst` (at
/// least `n` bytes), each unit's bytes reversed when `SWAP`: four vectors per
/// iteration, then single ones, then one masked load and store for the last
/// bytes. The trusted-valid conversion of valid input.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
unsafe fn swap_all<const UNIT: usize, const SWAP: bool>(src: &[u8], dst: &mut [u8], n: usize) {
    assert!(n <= src.len() && n <= dst.len() && n.is_multiple_of(UNIT));
    if !SWAP {
        dst[..n].copy_from_slice(&src[..n]);
        return;
    }
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    let mut i = 0;
    // SAFETY: the ISA is the caller's promise; every access is within the first
    // `n` bytes of `src` and `dst` (asserted above): full vectors while `i + 64 <= n`,
    // then the `n - i` bytes at `i` with a mask.
    unsafe {
        while i + 256 <= n {
            let v = [
                isa::loadu(s.add(i)),
                isa::loadu(s.add(i + 64)),
                isa::loadu(s.add(i + 128)),
                isa::loadu(s.add(i + 192)),
            ];
            for (k, &x) in v.iter().enumerate() {
                isa::storeu(d.add(i + 64 * k), swap_lanes::<UNIT>(x));
            }
            i += 256;
        }
        while i + 64 <= n {
            isa::storeu(d.add(i), swap_lanes::<UNIT>(isa::loadu(s.add(i))));
            i += 64;
        }
        if i < n {
            let m = low_bits(n - i);
            let v = isa::maskz_loadu_epi8(m, s.add(i));
            isa::mask_storeu_epi8(d.add(i), m, swap_lanes::<UNIT>(v));
        }
    }
}

/// `Kernel::utf16_to_utf16`: a byte swap, validated copy or repair.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        if from != to {
            utf16_same::<true>(src, dst, from, to, mode)
        } else {
            utf16_same::<false>(src, dst, from, to, mode)
        }
    }
}

/// [`utf16_to_utf16`] with `SWAP == (from != to)`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
unsafe fn utf16_same<const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let end = src.len() & !1;
    if mode == Mode::Valid && dst.len() >= src.len() {
        // SAFETY: the ISA is the caller's promise.
        unsafe { swap_all::<2, SWAP>(src, dst, end) };
        return shift(
            scalar::utf16_to_utf16(&src[end..], &mut dst[end..], from, to, mode),
            end,
            end,
        );
    }
    // Units that both buffers hold.
    let limit = end.min(dst.len() & !1);
    let mut pos = 0;
    // SAFETY: (whole block) the ISA is the caller's promise; every load and store
    // is within `pos..limit` of `src` and `dst` (full vectors while
    // `pos + 256 <= limit`; a step's lanes below `(limit - pos) / 2`).
    unsafe {
        let m_f8 = isa::set1_epi16(lane16(0xF800, from));
        let m_fc = isa::set1_epi16(lane16(0xFC00, from));
        let p_hi = isa::set1_epi16(lane16(0xD800, from));
        let p_lo = isa::set1_epi16(lane16(0xDC00, from));
        let fffd = isa::set1_epi16(lane16(0xFFFD, to));
        'outer: while pos < limit {
            // Four vectors without any surrogate: one test.
            while pos + 256 <= limit {
                let s = src.as_ptr().add(pos);
                let v = [
                    isa::loadu(s),
                    isa::loadu(s.add(64)),
                    isa::loadu(s.add(128)),
                    isa::loadu(s.add(192)),
                ];
                let sur = isa::cmpeq_epi16_mask(isa::and_si512(v[0], m_f8), p_hi)
                    | isa::cmpeq_epi16_mask(isa::and_si512(v[1], m_f8), p_hi)
                    | isa::cmpeq_epi16_mask(isa::and_si512(v[2], m_f8), p_hi)
                    | isa::cmpeq_epi16_mask(isa::and_si512(v[3], m_f8), p_hi);
                if sur != 0 {
                    break;
                }
                let d = dst.as_mut_ptr().add(pos);
                for (k, &x) in v.iter().enumerate() {
                    isa::storeu(d.add(64 * k), maybe_swap::<2, SWAP>(x));
                }
                pos += 256;
            }
            // Then up to four steps of 32 units (fewer at the end), surrogates paired.
            for _ in 0..4 {
                if pos >= limit {
                    break 'outer;
                }
                let n = ((limit - pos) / 2).min(32);
                let m = low_bits(n) as u32;
                let v = isa::maskz_loadu_epi16(m, src.as_ptr().add(pos));
                let t = isa::and_si512(v, m_fc);
                let hi = isa::mask_cmpeq_epi16_mask(m, t, p_hi);
                let lo = isa::mask_cmpeq_epi16_mask(m, t, p_lo);
                let mut take = m;
                let mut w = maybe_swap::<2, SWAP>(v);
                let mut stop = false;
                if hi | lo != 0 {
                    // A high surrogate in the last lane waits for the next step.
                    take &= !(hi & 1 << (n - 1));
                    let hi = hi & take;
                    let lone = (hi & !(lo >> 1)) | (lo & !(hi << 1));
                    if lone != 0 {
                        if mode == Mode::Lossy {
                            w = isa::mask_mov_epi16(w, lone, fffd);
                        } else {
                            // The lanes before the first lone surrogate (never a
                            // high one: it would be lone too), then the scalar code.
                            take &= low_bits(lone.trailing_zeros() as usize) as u32;
                            stop = true;
                        }
                    }
                }
                isa::mask_storeu_epi16(dst.as_mut_ptr().add(pos), take, w);
                // `take` is the lowest lanes.
                pos += 2 * take.count_ones() as usize;
                if stop || take == 0 {
                    break 'outer;
                }
            }
        }
    }
    shift(
        scalar::utf16_to_utf16(&src[pos..], &mut dst[pos..], from, to, mode),
        pos,
        pos,
    )
}

/// `Kernel::utf32_to_utf32`: a byte swap, validated copy or repair.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        match (from, to) {
            (Endian::Little, Endian::Little) => {
                utf32_same::<false, false>(src, dst, from, to, mode)
            }
            (Endian::Little, Endian::Big) => utf32_same::<true, false>(src, dst, from, to, mode),
            (Endian::Big, Endian::Little) => utf32_same::<true, true>(src, dst, from, to, mode),
            (Endian::Big, Endian::Big) => utf32_same::<false, true>(src, dst, from, to, mode),
        }
    }
}

/// [`utf32_to_utf32`] with `SWAP == (from != to)` and `BIG == (from == Big)`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
unsafe fn utf32_same<const SWAP: bool, const BIG: bool>(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let end = src.len() & !3;
    if mode == Mode::Valid && dst.len() >= src.len() {
        // SAFETY: the ISA is the caller's promise.
        unsafe { swap_all::<4, SWAP>(src, dst, end) };
        return shift(
            scalar::utf32_to_utf32(&src[end..], &mut dst[end..], from, to, mode),
            end,
            end,
        );
    }
    let limit = end.min(dst.len() & !3);
    let mut pos = 0;
    // SAFETY: (whole block) the ISA is the caller's promise; every load and store
    // is within `pos..limit` of `src` and `dst` (full vectors while
    // `pos + 256 <= limit`; a step's lanes below `(limit - pos) / 4`).
    unsafe {
        let max = isa::set1_epi32(0x10_FFFF);
        let m_sur = isa::set1_epi32(0xFFFF_F800u32 as i32);
        let p_sur = isa::set1_epi32(0xD800);
        let fffd = isa::set1_epi32(lane32(0xFFFD, to));
        let k = Check32 { max, m_sur, p_sur };
        'outer: while pos < limit {
            // Four vectors without any invalid unit: one test.
            while pos + 256 <= limit {
                let s = src.as_ptr().add(pos);
                let v = [
                    isa::loadu(s),
                    isa::loadu(s.add(64)),
                    isa::loadu(s.add(128)),
                    isa::loadu(s.add(192)),
                ];
                let bad = k.invalid::<BIG>(!0, v[0])
                    | k.invalid::<BIG>(!0, v[1])
                    | k.invalid::<BIG>(!0, v[2])
                    | k.invalid::<BIG>(!0, v[3]);
                if bad != 0 {
                    break;
                }
                let d = dst.as_mut_ptr().add(pos);
                for (k, &x) in v.iter().enumerate() {
                    isa::storeu(d.add(64 * k), maybe_swap::<4, SWAP>(x));
                }
                pos += 256;
            }
            // Then up to four steps of 16 units (fewer at the end).
            for _ in 0..4 {
                if pos >= limit {
                    break 'outer;
                }
                let n = ((limit - pos) / 4).min(16);
                let mut take = low_bits(n) as u16;
                let v = isa::maskz_loadu_epi32(take, src.as_ptr().add(pos));
                let bad = k.invalid::<BIG>(take, v);
                let mut w = maybe_swap::<4, SWAP>(v);
                let mut stop = false;
                if bad != 0 {
                    if mode == Mode::Lossy {
                        w = isa::mask_mov_epi32(w, bad, fffd);
                    } else {
                        take &= low_bits(bad.trailing_zeros() as usize) as u16;
                        stop = true;
                    }
                }
                isa::mask_storeu_epi32(dst.as_mut_ptr().add(pos), take, w);
                pos += 4 * take.count_ones() as usize;
                if stop {
                    break 'outer;
                }
            }
        }
    }
    shift(
        scalar::utf32_to_utf32(&src[pos..], &mut dst[pos..], from, to, mode),
        pos,
        pos,
    )
}

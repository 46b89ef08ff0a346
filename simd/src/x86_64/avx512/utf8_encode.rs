//! UTF-16 -> UTF-8 and UTF-32 -> UTF-8 with AVX-512 VBMI2, after Clausecker &
//! Lemire, "Transcoding Unicode Characters with AVX-512 Instructions" (2023): every
//! character gets the bytes of its UTF-8 form in a lane of its own, and one
//! `vpcompressb` under a mask of the bytes each lane really has packs them, stored
//! with one masked store of exactly the output.
//!
//! # UTF-16
//!
//! The loop takes 32 units (64 bytes) at a time:
//!
//! - all below U+0080: `vpmovwb` narrows them to 32 bytes;
//! - all below U+0800 (ASCII and two-byte characters: Latin, Greek, Cyrillic,
//!   Hebrew, Arabic, ...): each 16-bit lane becomes `lead | last << 8` (the unit
//!   itself when ASCII), and `vpcompressb` keeps the low byte of every lane and the
//!   high byte of the two-byte ones: 32 characters per step;
//! - otherwise 16 units at a time in 32-bit lanes ([`utf8_lanes`]): a lane gets
//!   the one to four bytes of its character; a high surrogate's lane gets the whole
//!   supplementary character (with the next lane's low surrogate, which then writes
//!   nothing). Surrogates must pair up exactly (`low == high << 1` over the lanes);
//!   a high surrogate in the last lane is left for the next step.
//!
//! # UTF-32
//!
//! 16 code points at a time: all ASCII is narrowed with `vpmovdb`; otherwise
//! [`utf8_lanes`] after checking that no lane is a surrogate or above U+10FFFF.
//!
//! # Errors, tails, `dst`
//!
//! A step that finds an error (an unpaired surrogate, a code point out of range)
//! converts nothing: the scalar transcoder takes over at the step's start (strict:
//! it reports the exact error; lossy: it repairs up to the next resynchronisation
//! point and the loop resumes). Validation is kept in `Mode::Valid`, so that no
//! input, however invalid, makes a step write more than its bound. The last units
//! (less than a step) are copied to a zeroed stack buffer and converted by the
//! same code with the lanes past the end masked off. The loop runs while `dst` has
//! room for a step's largest output; the scalar transcoder converts what is left,
//! which keeps `OutputTooSmall` exactly the scalar one. Every store is masked to
//! the exact output: no byte past it is written.

use super::consts::{Bytes64, SWAP16, SWAP32};
use super::isa::{self, Zmm};
use crate::generic::handover::{shift, utf16_resync};
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// Bit `2i` of the result is bit `i` of `x`.
#[inline(always)]
fn spread2(x: u32) -> u64 {
    let mut x = x as u64;
    x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
    x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}

/// Bit `4i` of the result is bit `i` of `x`.
#[inline(always)]
fn spread4(x: u16) -> u64 {
    let mut x = x as u64;
    x = (x | x << 24) & 0x0000_00FF_0000_00FF;
    x = (x | x << 12) & 0x000F_000F_000F_000F;
    x = (x | x << 6) & 0x0303_0303_0303_0303;
    (x | x << 3) & 0x1111_1111_1111_1111
}

/// The lowest `n` bits set (`n <= 64`).
#[inline(always)]
fn low_bits(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// The UTF-8 form of the code points `cp` (one per 32-bit lane) of the lanes in
/// `m`, packed: stores it at `d` and returns its length (at most 64).
///
/// # Safety
/// The CPU supports the tier's features; every lane of `m` is a scalar value;
/// `d..d + 4 * popcount(m)` is writable.
#[inline(always)]
unsafe fn utf8_lanes(cp: Zmm, m: u16, d: *mut u8) -> usize {
    // SAFETY: the ISA is the caller's promise; the store writes the packed bytes
    // only, at most 4 per lane of `m`.
    unsafe {
        let ge80 = isa::cmpge_epu32_mask(cp, isa::set1_epi32(0x80)) & m;
        let ge800 = isa::cmpge_epu32_mask(cp, isa::set1_epi32(0x800)) & m;
        let ge10000 = isa::cmpge_epu32_mask(cp, isa::set1_epi32(0x1_0000)) & m;
        let (six, cont) = (isa::set1_epi32(0x3F), isa::set1_epi32(0x80));
        // Continuation bytes with the payload bits 0..6, 6..12 and 12..18.
        let c0 = isa::or_si512(isa::and_si512(cp, six), cont);
        let c1 = isa::or_si512(isa::and_si512(isa::srli_epi32::<6>(cp), six), cont);
        let c2 = isa::or_si512(isa::and_si512(isa::srli_epi32::<12>(cp), six), cont);
        let two = isa::or_si512(
            isa::or_si512(isa::srli_epi32::<6>(cp), isa::set1_epi32(0xC0)),
            isa::slli_epi32::<8>(c0),
        );
        let three = isa::or_si512(
            isa::or_si512(isa::srli_epi32::<12>(cp), isa::set1_epi32(0xE0)),
            isa::or_si512(isa::slli_epi32::<8>(c1), isa::slli_epi32::<16>(c0)),
        );
        let four = isa::or_si512(
            isa::or_si512(isa::srli_epi32::<18>(cp), isa::set1_epi32(0xF0)),
            isa::or_si512(
                isa::slli_epi32::<8>(c2),
                isa::or_si512(isa::slli_epi32::<16>(c1), isa::slli_epi32::<24>(c0)),
            ),
        );
        let mut lanes = isa::mask_blend_epi32(ge80, cp, two);
        lanes = isa::mask_blend_epi32(ge800, lanes, three);
        lanes = isa::mask_blend_epi32(ge10000, lanes, four);
        let keep = spread4(m) | spread4(ge80) << 1 | spread4(ge800) << 2 | spread4(ge10000) << 3;
        let n = keep.count_ones();
        isa::mask_storeu_epi8(d, low_bits(n), isa::maskz_compress_epi8(keep, lanes));
        n as usize
    }
}

/// Largest output of one UTF-16 step: 32 units of three bytes.
const UTF16_STEP_WRITE: usize = 96;

/// One UTF-16 step on the 32 units of `v` (native order), `units` of them input
/// (32, or fewer for the padded last step): `None` on an error, else `(units
/// consumed, bytes written)`.
///
/// # Safety
/// The CPU supports the tier's features; `d..d + UTF16_STEP_WRITE` is writable;
/// `1 <= units <= 32`.
#[inline(always)]
unsafe fn utf16_step(v: Zmm, units: usize, d: *mut u8) -> Option<(usize, usize)> {
    let valid = low_bits(units as u32) as u32;
    // SAFETY: the ISA is the caller's promise; every store is bounded by the
    // output of the consumed units (at most three bytes per unit, or four per
    // surrogate pair).
    unsafe {
        let ge80 = isa::cmpge_epu16_mask(v, isa::set1_epi16(0x80)) & valid;
        if ge80 == 0 {
            if units == 32 {
                isa::storeu_si256(d, isa::cvtepi16_epi8(v));
            } else {
                let bytes = isa::maskz_compress_epi8(spread2(valid), v);
                isa::mask_storeu_epi8(d, low_bits(units as u32), bytes);
            }
            return Some((units, units));
        }
        let ge800 = isa::cmpge_epu16_mask(v, isa::set1_epi16(0x800)) & valid;
        if ge800 == 0 {
            let lead = isa::or_si512(isa::srli_epi16::<6>(v), isa::set1_epi16(0xC0));
            let last = isa::or_si512(
                isa::and_si512(v, isa::set1_epi16(0x3F)),
                isa::set1_epi16(0x80),
            );
            let two = isa::or_si512(lead, isa::slli_epi16::<8>(last));
            let lanes = isa::mask_blend_epi16(ge80, v, two);
            let keep = spread2(valid) | spread2(ge80) << 1;
            let n = keep.count_ones();
            isa::mask_storeu_epi8(d, low_bits(n), isa::maskz_compress_epi8(keep, lanes));
            return Some((units, n as usize));
        }
        // 16 units at a time in 32-bit lanes.
        let halves = [isa::castsi512_si256(v), isa::extracti64x4_epi64::<1>(v)];
        let (mut consumed, mut written) = (0usize, 0usize);
        for (h, half) in halves.into_iter().enumerate() {
            let n = units.saturating_sub(16 * h).min(16);
            // Stop after a half that stopped early, or past the input.
            if n == 0 || consumed != 16 * h {
                break;
            }
            let x = isa::cvtepu16_epi32(half);
            let mut m = low_bits(n as u32) as u16;
            let surrogate = isa::cmpeq_epi32_mask(
                isa::and_si512(x, isa::set1_epi32(0xF800)),
                isa::set1_epi32(0xD800),
            ) & m;
            let (mut cp, mut take) = (x, m);
            if surrogate != 0 {
                let high = isa::cmplt_epu32_mask(x, isa::set1_epi32(0xDC00)) & surrogate;
                let low = surrogate & !high;
                // A high surrogate in the last lane waits for the next step.
                let top = 1u16 << (n - 1);
                if high & top != 0 {
                    m &= !top;
                }
                if low != (high & m) << 1 {
                    // An unpaired surrogate: stop before this half (the next step
                    // starts with it and hands it to the scalar code).
                    if h == 0 {
                        return None;
                    }
                    break;
                }
                // The next lane's unit: the low surrogate of a pair.
                let next = isa::alignr_epi32::<1>(isa::setzero(), x);
                // (high - 0xD800) << 10 + (low - 0xDC00) + 0x10000.
                let pair = isa::add_epi32(
                    isa::add_epi32(isa::slli_epi32::<10>(x), next),
                    isa::set1_epi32(0x1_0000 - (0xD800 << 10) - 0xDC00),
                );
                cp = isa::mask_blend_epi32(high & m, x, pair);
                take = m & !low;
            }
            written += utf8_lanes(cp, take, d.add(written));
            consumed += m.count_ones() as usize;
        }
        Some((consumed, written))
    }
}

/// UTF-16 in byte order `from` -> UTF-8 (see the module documentation).
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let be = from == Endian::Big;
    let (mut pos, mut out) = (0usize, 0usize);
    let mut last = Bytes64([0; 64]);
    while pos + 2 <= src.len() && out + UTF16_STEP_WRITE <= dst.len() {
        let rest = (src.len() - pos) & !1;
        let s = if rest >= 64 {
            // SAFETY: `pos + 64 <= src.len()`.
            unsafe { src.as_ptr().add(pos) }
        } else {
            last.0[..rest].copy_from_slice(&src[pos..pos + rest]);
            last.0[rest..].fill(0);
            last.0.as_ptr()
        };
        // SAFETY: `s..s + 64` is readable; `out + UTF16_STEP_WRITE <= dst.len()`.
        let r = unsafe {
            let mut v = isa::loadu(s);
            if be {
                v = isa::shuffle_epi8(v, isa::loadu(SWAP16.0.as_ptr()));
            }
            utf16_step(v, (rest / 2).min(32), dst.as_mut_ptr().add(out))
        };
        match r {
            Some((0, _)) => break,
            Some((units, o)) => {
                pos += 2 * units;
                out += o;
            }
            None if mode == Mode::Lossy => {
                let end = utf16_resync(src, (pos + 64).min(src.len() & !1), from);
                let r = scalar::utf16_to_utf8(&src[pos..end], &mut dst[out..], from, mode);
                out = shift(r, pos, out)?;
                pos = end;
            }
            None => break,
        }
    }
    shift(
        scalar::utf16_to_utf8(&src[pos..], &mut dst[out..], from, mode),
        pos,
        out,
    )
}

/// Largest output of one UTF-32 step: 16 code points of four bytes.
const UTF32_STEP_WRITE: usize = 64;

/// UTF-32 in byte order `from` -> UTF-8 (see the module documentation).
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let be = from == Endian::Big;
    let (mut pos, mut out) = (0usize, 0usize);
    let mut last = Bytes64([0; 64]);
    while pos + 4 <= src.len() && out + UTF32_STEP_WRITE <= dst.len() {
        let rest = (src.len() - pos) & !3;
        let s = if rest >= 64 {
            // SAFETY: `pos + 64 <= src.len()`.
            unsafe { src.as_ptr().add(pos) }
        } else {
            last.0[..rest].copy_from_slice(&src[pos..pos + rest]);
            last.0[rest..].fill(0);
            last.0.as_ptr()
        };
        let n = (rest / 4).min(16);
        let m = low_bits(n as u32) as u16;
        // SAFETY: `s..s + 64` is readable; `out + UTF32_STEP_WRITE <= dst.len()`,
        // and at most four bytes are stored per code point.
        let r = unsafe {
            let mut cp = isa::loadu(s);
            if be {
                cp = isa::shuffle_epi8(cp, isa::loadu(SWAP32.0.as_ptr()));
            }
            let d = dst.as_mut_ptr().add(out);
            let bad = isa::cmpgt_epu32_mask(cp, isa::set1_epi32(0x10_FFFF))
                | isa::cmpeq_epi32_mask(
                    isa::and_si512(cp, isa::set1_epi32(0xFFFF_F800u32 as i32)),
                    isa::set1_epi32(0xD800),
                );
            if bad & m != 0 {
                None
            } else if isa::cmpge_epu32_mask(cp, isa::set1_epi32(0x80)) & m == 0 && n == 16 {
                isa::storeu_si128(d, isa::cvtepi32_epi8(cp));
                Some(16)
            } else {
                Some(utf8_lanes(cp, m, d))
            }
        };
        match r {
            Some(o) => {
                pos += 4 * n;
                out += o;
            }
            None if mode == Mode::Lossy => {
                let end = (pos + 64).min(src.len() & !3);
                let r = scalar::utf32_to_utf8(&src[pos..end], &mut dst[out..], from, mode);
                out = shift(r, pos, out)?;
                pos = end;
            }
            None => break,
        }
    }
    shift(
        scalar::utf32_to_utf8(&src[pos..], &mut dst[out..], from, mode),
        pos,
        out,
    )
}

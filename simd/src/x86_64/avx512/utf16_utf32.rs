//! UTF-16 <-> UTF-32 with AVX-512 VBMI2, surrogate pairs included: 16 units or code
//! points per step in 32-bit lanes.
//!
//! - UTF-16 -> UTF-32: the units are zero-extended (`vpmovzxwd`); a step without
//!   surrogates stores them. Otherwise the surrogates must pair up exactly (the
//!   lanes of the low ones are the high ones shifted by one lane); a high lane takes
//!   the code point of its pair (with the next lane, `valignd`), and
//!   `vpcompressd` drops the low lanes. A high surrogate in the last lane waits
//!   for the next step.
//! - UTF-32 -> UTF-16: after checking that no lane is a surrogate or above
//!   U+10FFFF, a step of BMP characters is narrowed (`vpmovdw`); otherwise a
//!   supplementary lane becomes `high | low << 16` and `vpcompressw` keeps the low
//!   half of every lane and the high half of the supplementary ones.
//!
//! A step with an error converts nothing and the scalar transcoder takes over at
//! its start (exact errors; lossy repair up to a resynchronisation point, then the
//! loop resumes). Validation is kept in `Mode::Valid`, so that invalid input cannot
//! make a step exceed its bounds. The last units (less than a step) are read and
//! written with masked loads and stores, and every store is exactly the output:
//! no byte of `dst` past it is written. The loop runs while `dst` has room for a
//! step's largest output (64 bytes); the scalar transcoder converts the rest.

use super::consts::{SWAP16, SWAP32};
use super::isa::{self, Zmm};
use crate::generic::handover::{shift, utf16_resync};
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// Bit `2i` of the result is bit `i` of `x`.
#[inline(always)]
fn spread2(x: u16) -> u32 {
    let mut x = x as u32;
    x = (x | x << 8) & 0x00FF_00FF;
    x = (x | x << 4) & 0x0F0F_0F0F;
    x = (x | x << 2) & 0x3333_3333;
    (x | x << 1) & 0x5555_5555
}

/// The lowest `n` bits set (`n <= 32`).
#[inline(always)]
fn low_bits(n: u32) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// Largest output of one step, and largest input: 16 units of four bytes, 16
/// code points of two units.
const STEP: usize = 64;

/// UTF-16 in byte order `from` -> UTF-32 in byte order `to`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let (mut pos, mut out) = (0usize, 0usize);
    let end = src.len() & !1;
    while pos + 2 <= end && out + STEP <= dst.len() {
        let n = ((end - pos) / 2).min(16);
        let m = low_bits(n as u32) as u16;
        // SAFETY: the masked load reads the `n` units at `pos` (inside `src`); the
        // stores write at most `4 * n <= STEP` bytes at `out`.
        let r = unsafe {
            let mut v = isa::maskz_loadu_epi16(low_bits(n as u32), src.as_ptr().add(pos));
            if from == Endian::Big {
                v = isa::shuffle_epi8(v, isa::loadu(SWAP16.0.as_ptr()));
            }
            let x = isa::cvtepu16_epi32(isa::castsi512_si256(v));
            step16_to_32(x, n, m, to, dst.as_mut_ptr().add(out))
        };
        match r {
            Some((0, _)) => break,
            Some((units, o)) => {
                pos += 2 * units;
                out += o;
            }
            None if mode == Mode::Lossy => {
                let stop = utf16_resync(src, pos + 32, from);
                let r = scalar::utf16_to_utf32(&src[pos..stop], &mut dst[out..], from, to, mode);
                out = shift(r, pos, out)?;
                pos = stop;
            }
            None => break,
        }
    }
    shift(
        scalar::utf16_to_utf32(&src[pos..], &mut dst[out..], from, to, mode),
        pos,
        out,
    )
}

/// One UTF-16 -> UTF-32 step: the units `x` (zero-extended, native order), `n` of
/// them input (lanes `m`); `None` when the first surrogate does not pair up, else
/// `(units consumed, bytes written)`.
///
/// # Safety
/// The CPU supports the tier's features; `d..d + 4 * n` is writable.
#[inline(always)]
unsafe fn step16_to_32(
    x: Zmm,
    n: usize,
    mut m: u16,
    to: Endian,
    d: *mut u8,
) -> Option<(usize, usize)> {
    // SAFETY: the ISA is the caller's promise; the stores write one lane per
    // character of the consumed units.
    unsafe {
        let surrogate = isa::cmpeq_epi32_mask(
            isa::and_si512(x, isa::set1_epi32(0xF800)),
            isa::set1_epi32(0xD800),
        ) & m;
        let mut out = x;
        let mut take = m;
        if surrogate != 0 {
            let high = isa::cmplt_epu32_mask(x, isa::set1_epi32(0xDC00)) & surrogate;
            let low = surrogate & !high;
            let top = 1u16 << (n - 1);
            if high & top != 0 {
                m &= !top;
            }
            if low != (high & m) << 1 {
                // An unpaired surrogate: convert the lanes before the first
                // surrogate (none: the scalar code takes over here).
                let cut = surrogate.trailing_zeros();
                if cut == 0 {
                    return None;
                }
                m = low_bits(cut) as u16;
                let out = if to == Endian::Big {
                    isa::shuffle_epi8(x, isa::loadu(SWAP32.0.as_ptr()))
                } else {
                    x
                };
                isa::mask_storeu_epi32(d, m, out);
                return Some((cut as usize, 4 * cut as usize));
            }
            let next = isa::alignr_epi32::<1>(isa::setzero(), x);
            let pair = isa::add_epi32(
                isa::add_epi32(isa::slli_epi32::<10>(x), next),
                isa::set1_epi32(0x1_0000 - (0xD800 << 10) - 0xDC00),
            );
            out = isa::maskz_compress_epi32(m & !low, isa::mask_blend_epi32(high & m, x, pair));
            take = low_bits((m & !low).count_ones()) as u16;
        }
        if to == Endian::Big {
            out = isa::shuffle_epi8(out, isa::loadu(SWAP32.0.as_ptr()));
        }
        isa::mask_storeu_epi32(d, take, out);
        Some((m.count_ones() as usize, 4 * take.count_ones() as usize))
    }
}

/// UTF-32 in byte order `from` -> UTF-16 in byte order `to`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let (mut pos, mut out) = (0usize, 0usize);
    let end = src.len() & !3;
    while pos + 4 <= end && out + STEP <= dst.len() {
        let n = ((end - pos) / 4).min(16);
        let m = low_bits(n as u32) as u16;
        // SAFETY: the masked load reads the `n` code points at `pos` (inside
        // `src`); the store writes at most two units per code point, `<= STEP`
        // bytes, at `out`.
        let r = unsafe {
            let mut cp = isa::maskz_loadu_epi32(m, src.as_ptr().add(pos));
            if from == Endian::Big {
                cp = isa::shuffle_epi8(cp, isa::loadu(SWAP32.0.as_ptr()));
            }
            let bad = isa::cmpgt_epu32_mask(cp, isa::set1_epi32(0x10_FFFF))
                | isa::cmpeq_epi32_mask(
                    isa::and_si512(cp, isa::set1_epi32(0xFFFF_F800u32 as i32)),
                    isa::set1_epi32(0xD800),
                );
            if bad & m != 0 {
                None
            } else {
                let supp = isa::cmpge_epu32_mask(cp, isa::set1_epi32(0x1_0000)) & m;
                let mut units = cp;
                if supp != 0 {
                    let high = isa::add_epi32(isa::srli_epi32::<10>(cp), isa::set1_epi32(0xD7C0));
                    let low = isa::or_si512(
                        isa::and_si512(cp, isa::set1_epi32(0x3FF)),
                        isa::set1_epi32(0xDC00),
                    );
                    let pair = isa::or_si512(high, isa::slli_epi32::<16>(low));
                    units = isa::mask_mov_epi32(cp, supp, pair);
                }
                if to == Endian::Big {
                    units = isa::shuffle_epi8(units, isa::loadu(SWAP16.0.as_ptr()));
                }
                let keep = spread2(m) | spread2(supp) << 1;
                let k = keep.count_ones();
                let d = dst.as_mut_ptr().add(out);
                isa::mask_storeu_epi16(d, low_bits(k), isa::maskz_compress_epi16(keep, units));
                Some(2 * k as usize)
            }
        };
        match r {
            Some(o) => {
                pos += 4 * n;
                out += o;
            }
            None if mode == Mode::Lossy => {
                let stop = (pos + 64).min(end);
                let r = scalar::utf32_to_utf16(&src[pos..stop], &mut dst[out..], from, to, mode);
                out = shift(r, pos, out)?;
                pos = stop;
            }
            None => break,
        }
    }
    shift(
        scalar::utf32_to_utf16(&src[pos..], &mut dst[out..], from, to, mode),
        pos,
        out,
    )
}

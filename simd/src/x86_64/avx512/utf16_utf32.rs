//! UTF-16 <-> UTF-32 with AVX-512 VBMI2, surrogate pairs included.
//!
//! Bulk loops first (the one-step loop alone, below, is slow on every text: each
//! step's load waits for a popcount of the step before):
//!
//! - UTF-16 -> UTF-32 ([`bmp16_to_32`]): 128 units (four vectors) without any
//!   surrogate per test, zero-extended by the avx2 kernel's widening loads
//!   (`vpmovzxwd` to 256 bits, which Intel cores run faster than at 512 bits)
//!   and stored with plain stores;
//!   the stores aligned to 64 bytes first when `dst` allows it (one masked step;
//!   on Intel cores a store that straddles two cache lines is slow);
//!   then [`pairs16_to_32`]: runs of whole pairs, four vectors per test, converted
//!   in place (as the generic code: `PairRun`, `pairs_to_utf32`); then
//!   steps of 16 units whose input position advances by
//!   exactly 32 bytes whatever the data (a second load one unit later gives the
//!   low halves, the last lane's included; a low half in lane 0 was converted with
//!   its high half by the step before, `carry`), eight aligned pairs by a fixed
//!   permute, other mixes by `vpcompressd`; before each such step, 32 units that
//!   are sixteen pairs (aligned, or one unit off after a carry) are converted in
//!   place: each 32-bit lane is a pair, `(hi - D800) << 10 | (lo - DC00)` by one
//!   `vpmaddwd`, plus 0x10000 (emoji text is mostly such runs, and the 16-unit
//!   steps alone convert a pair with a compress and a popcount-dependent store).
//! - UTF-32 -> UTF-16 ([`bmp32_to_16`]): 64 code points (four vectors) per test,
//!   BMP-only ones narrowed with `vpermt2w`, supplementary-only ones rewritten in
//!   place as `high | low << 16`, plain stores.
//!
//! Then one step of 16 units or code points at a time, in 32-bit lanes, which
//! handles errors, mixes the bulk loops leave and the last units:
//!
//! - UTF-16 -> UTF-32: the units are zero-extended (`vpmovzxwd`); a step without
//!   surrogates stores them. Otherwise the surrogates must pair up exactly (the
//!   lanes of the low ones are the high ones shifted by one lane); a high lane takes
//!   the code point of its pair (with the next lane, `valignd`), and
//!   `vpcompressd` drops the low lanes. A high surrogate in the last lane waits
//!   for the next step.
//! - UTF-32 -> UTF-16: after checking that no lane is a surrogate or above
//!   U+10FFFF, a step of BMP characters is narrowed (`vpmovdw`), one of
//!   supplementary characters stores its pairs as they are; otherwise a
//!   supplementary lane becomes `high | low << 16` and `vpcompressw` keeps the low
//!   half of every lane and the high half of the supplementary ones.
//!
//! A step with an error converts nothing and the scalar transcoder takes over at
//! its start (exact errors; lossy repair up to a resynchronisation point, then the
//! loop resumes). Validation is kept in `Mode::Valid`, so that invalid input cannot
//! make a step exceed its bounds. The last units (less than a step) are read and
//! written with masked loads and stores; the bulk loops write only whole output,
//! so no byte of `dst` past the output is written. The loops run while `dst` has
//! room for a step's largest output (64 bytes); the scalar transcoder converts the
//! rest.

use super::consts::{load4, low_bits, Bytes64, SWAP16, SWAP32};
use super::isa::{self, Zmm};
use crate::generic::handover::{shift, utf16_resync};
use crate::generic::surrogate_pairs::PairRun;
use crate::generic::utf16::{pairs_to_utf32, widen as utf16_widen};
use crate::vector::Vector;
use core::arch::x86_64::__m256i;
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
    // Steps left before the next attempt of the bulk loop.
    let mut steps = 0u32;
    while pos + 2 <= end && out + STEP <= dst.len() {
        if steps == 0 {
            // SAFETY: the ISA is the caller's promise.
            (pos, out) = unsafe { bmp16_to_32(src, dst, pos, out, end, from, to) };
            // SAFETY: as above.
            let (p, o, ok) = unsafe { pairs16_to_32(src, dst, pos, out, end, from, to) };
            (pos, out) = (p, o);
            // After an unpaired surrogate (or near the end), the steps below.
            steps = if ok { 0 } else { BULK_RETRY };
            if ok {
                continue;
            }
            if !(pos + 2 <= end && out + STEP <= dst.len()) {
                break;
            }
        }
        steps -= 1;
        let n = ((end - pos) / 2).min(16);
        let m = low_bits(n) as u16;
        // SAFETY: the masked load reads the `n` units at `pos` (inside `src`); the
        // stores write at most `4 * n <= STEP` bytes at `out`.
        let r = unsafe {
            let mut v = isa::maskz_loadu_epi16(low_bits(n) as u32, src.as_ptr().add(pos));
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

/// Steps of the surrogate path between two attempts of a bulk loop.
const BULK_RETRY: u32 = 8;

/// The bulk of UTF-16 -> UTF-32 from `(pos, out)`: 128 units (four vectors) per
/// iteration while none is a surrogate, with full loads and plain stores; returns
/// the new `(pos, out)`, at the first iteration with a surrogate (or too close to
/// the end of `src[..end]` or of `dst`).
///
/// # Safety
/// The CPU supports the tier's features; `pos <= end <= src.len()`, `out <= dst.len()`.
#[inline(always)]
unsafe fn bmp16_to_32(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
    end: usize,
    from: Endian,
    to: Endian,
) -> (usize, usize) {
    // SAFETY: the ISA is the caller's promise; the loads read `src[pos..pos + 256]`
    // and the stores write `dst[out..out + 512]`, inside both as the loop checks.
    unsafe {
        let m_f8 = isa::set1_epi16(lane16(0xF800, from));
        let p_sur = isa::set1_epi16(lane16(0xD800, from));
        // The units of `x` in native order, and their half `h` zero-extended to
        // UTF-32 in the output's order.
        let native = |x: Zmm| {
            if from == Endian::Big {
                isa::shuffle_epi8(x, isa::loadu(SWAP16.0.as_ptr()))
            } else {
                x
            }
        };
        let widen = |half: isa::Ymm| {
            let w = isa::cvtepu16_epi32(half);
            if to == Endian::Big {
                isa::shuffle_epi8(w, isa::loadu(SWAP32.0.as_ptr()))
            } else {
                w
            }
        };
        // The loop's widening is the avx2 kernel's, 32 bytes per store: Intel cores
        // run it faster than a 512-bit `vpmovzxwd` and 512-bit stores (aligned or
        // not), or 256-bit stores after a 512-bit widening.
        // Its widening loads read the units again through a pointer the optimizer
        // cannot relate to `src` (see `generic::utf16::utf16_to_utf32`), else it
        // rebuilds them from the 512-bit loads unit by unit (`vpinsrw`).
        let src_w = core::hint::black_box(src.as_ptr());
        // The stores aligned to the vector: first the units up to the next 64-byte
        // boundary of `dst` (when `dst` is aligned to the unit), one masked step.
        // (On Intel cores stores that straddle two cache lines are slow, loads much
        // less so.)
        let head = (dst.as_ptr() as usize + out).wrapping_neg() % 64;
        if head != 0 && head.is_multiple_of(4) && pos + 256 <= end && out + 512 <= dst.len() {
            let units = head / 4;
            let v = isa::loadu(src.as_ptr().add(pos));
            let sur = isa::cmpeq_epi16_mask(isa::and_si512(v, m_f8), p_sur);
            if sur & low_bits(units) as u32 == 0 {
                let w = widen(isa::castsi512_si256(native(v)));
                isa::mask_storeu_epi32(dst.as_mut_ptr().add(out), low_bits(units) as u16, w);
                pos += 2 * units;
                out += head;
            }
        }
        while pos + 256 <= end && out + 512 <= dst.len() {
            let s = src.as_ptr().add(pos);
            let v = load4(s);
            let sur = isa::cmpeq_epi16_mask(isa::and_si512(v[0], m_f8), p_sur)
                | isa::cmpeq_epi16_mask(isa::and_si512(v[1], m_f8), p_sur)
                | isa::cmpeq_epi16_mask(isa::and_si512(v[2], m_f8), p_sur)
                | isa::cmpeq_epi16_mask(isa::and_si512(v[3], m_f8), p_sur);
            if sur != 0 {
                break;
            }
            let d = dst.as_mut_ptr().add(out);
            for k in 0..8 {
                let w = src_w.add(pos + 32 * k);
                // (The avx2 `widen16` reads the units from `w` itself; this load
                // is dead code to the optimizer.)
                let x = __m256i::load_unaligned(w);
                utf16_widen::<__m256i>(x, w, d.add(64 * k), from, to);
            }
            pos += 256;
            out += 512;
        }
    }
    (pos, out)
}

/// UTF-16 -> UTF-32 from `(pos, out)` (a character boundary) in steps of 16
/// units whose input position advances by exactly 32 bytes, so that no load
/// waits for the previous step's result (only `out` depends on the data). The
/// units one position later (a second load) are the low halves for the high
/// surrogates of the step, the last lane's included; a low surrogate in lane 0
/// whose high half ended the previous step was converted with it (`carry`).
/// Returns the next character boundary, the output position, and whether the
/// loop stopped for a reason other than an unpaired surrogate: a step without
/// any surrogate (back to the bulk loop, when it has room), or too close to the end of `src[..end]`
/// or of `dst` (`pos + 34 > end` or `out + 64 > dst.len()`: the caller then
/// makes no progress here and takes its steps).
///
/// # Safety
/// The CPU supports the tier's features; `pos <= end <= src.len()`, `out <= dst.len()`.
#[inline(always)]
unsafe fn pairs16_to_32(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
    end: usize,
    from: Endian,
    to: Endian,
) -> (usize, usize, bool) {
    let mut carry = 0u16;
    let mut progress = false;
    // SAFETY: the ISA is the caller's promise; the loads read `src[pos..pos + 34]`,
    // the store writes at most 16 lanes, `dst[out..out + 64]`, inside both as the
    // loop checks.
    let ok = unsafe {
        let m_fc = isa::set1_epi32(0xFC00);
        let p_hi = isa::set1_epi32(0xD800);
        let p_lo = isa::set1_epi32(0xDC00);
        let offset = isa::set1_epi32(0x1_0000 - (0xD800 << 10) - 0xDC00);
        let even = isa::loadu(EVEN32.0.as_ptr());
        let widen = |p: *const u8| {
            let x = isa::cvtepu16_epi32(isa::loadu_si256(p));
            if from == Endian::Big {
                isa::srli_epi32::<16>(isa::shuffle_epi8(x, isa::loadu(SWAP32.0.as_ptr())))
            } else {
                x
            }
        };
        let (m_fc16, p_hi16, p_lo16) = (
            isa::set1_epi16(0xFC00u16 as i16),
            isa::set1_epi16(0xD800u16 as i16),
            isa::set1_epi16(0xDC00u16 as i16),
        );
        // `[hi, lo]` minus `[D800, DC00]` in each 32-bit lane, then
        // `(hi << 10) + lo` (`vpmaddwd`) plus 0x10000: the code point.
        let bases = isa::set1_epi32(0xDC00_D800u32 as i32);
        let weights = isa::set1_epi32(0x0001_0400);
        let x10000 = isa::set1_epi32(0x1_0000);
        let native = |v: Zmm| {
            if from == Endian::Big {
                isa::shuffle_epi8(v, isa::loadu(SWAP16.0.as_ptr()))
            } else {
                v
            }
        };
        let run = PairRun::<Zmm>::new(from);
        loop {
            // Runs of pairs (emoji): four vectors of nothing but whole pairs per
            // test, converted in place with plain stores (the test of the
            // sixteen-pair steps below is a chain of mask operations, which this
            // loop spreads over four vectors).
            // After a carry the pairs start one unit later (the unit at `pos` is
            // the low half already converted), and the carry stays.
            let skip = 2 * carry as usize;
            while pos + skip + 256 <= end && out + 256 <= dst.len() {
                let v = load4(src.as_ptr().add(pos + skip));
                if !run.all4(&v, run.pat) {
                    break;
                }
                let d = dst.as_mut_ptr().add(out);
                for (k, &x) in v.iter().enumerate() {
                    isa::storeu(d.add(64 * k), pairs_to_utf32(x, from, to));
                }
                progress = true;
                pos += 256;
                out += 256;
            }
            // Sixteen pairs (32 units, aligned to the pairs or one unit off after
            // a carry): each 32-bit lane of the units (or of the units one later)
            // is a pair, converted in place.
            while pos + 66 <= end && out + 64 <= dst.len() {
                let s = src.as_ptr().add(pos);
                let (v, w) = (native(isa::loadu(s)), native(isa::loadu(s.add(2))));
                let hi = isa::cmpeq_epi16_mask(isa::and_si512(v, m_fc16), p_hi16);
                let lo = isa::cmpeq_epi16_mask(isa::and_si512(v, m_fc16), p_lo16);
                let next_lo = isa::cmpeq_epi16_mask(isa::and_si512(w, m_fc16), p_lo16);
                let c = carry as u32;
                if hi | lo != u32::MAX || lo != (hi << 1 | c) || hi & !next_lo != 0 {
                    break;
                }
                let pairs = if carry == 0 { v } else { w };
                let t = isa::sub_epi16(pairs, bases);
                let mut cp = isa::add_epi32(isa::madd_epi16(t, weights), x10000);
                if to == Endian::Big {
                    cp = isa::shuffle_epi8(cp, isa::loadu(SWAP32.0.as_ptr()));
                }
                isa::storeu(dst.as_mut_ptr().add(out), cp);
                progress = true;
                pos += 64;
                out += 64;
            }
            if pos + 34 > end || out + 64 > dst.len() {
                break true;
            }
            let s = src.as_ptr().add(pos);
            let (x, next) = (widen(s), widen(s.add(2)));
            let hi = isa::cmpeq_epi32_mask(isa::and_si512(x, m_fc), p_hi);
            let lo = isa::cmpeq_epi32_mask(isa::and_si512(x, m_fc), p_lo);
            let next_lo = isa::cmpeq_epi32_mask(isa::and_si512(next, m_fc), p_lo);
            if lo != (hi << 1 | carry) || hi & !next_lo != 0 {
                break false;
            }
            // A step without surrogates: back to the bulk loop if it has room.
            if hi | lo == 0 && progress && pos + 256 <= end && out + 512 <= dst.len() {
                break true;
            }
            progress = true;
            let pair = isa::add_epi32(isa::add_epi32(isa::slli_epi32::<10>(x), next), offset);
            if hi | lo == 0xFFFF {
                // Eight pairs: the high lanes are the even ones (odd ones after a
                // carry), gathered with a fixed permute instead of a compress.
                let idx = isa::add_epi32(even, isa::set1_epi32(carry as i32));
                let mut cp = isa::permutexvar_epi32(idx, pair);
                if to == Endian::Big {
                    cp = isa::shuffle_epi8(cp, isa::loadu(SWAP32.0.as_ptr()));
                }
                isa::storeu_si256(dst.as_mut_ptr().add(out), isa::castsi512_si256(cp));
                carry = hi >> 15;
                pos += 32;
                out += 32;
                continue;
            }
            let mut cp = isa::maskz_compress_epi32(!lo, isa::mask_blend_epi32(hi, x, pair));
            if to == Endian::Big {
                cp = isa::shuffle_epi8(cp, isa::loadu(SWAP32.0.as_ptr()));
            }
            let k = (!lo).count_ones();
            isa::mask_storeu_epi32(dst.as_mut_ptr().add(out), low_bits(k as usize) as u16, cp);
            carry = hi >> 15;
            pos += 32;
            out += 4 * k as usize;
        }
    };
    (pos + 2 * carry as usize, out, ok && progress)
}

/// `u` as the 16-bit lane value (little-endian read) of a unit in byte order `e`.
#[inline(always)]
fn lane16(u: u16, e: Endian) -> i16 {
    i16::from_le_bytes(e.write_u16(u))
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
                m = low_bits(cut as usize) as u16;
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
            take = low_bits((m & !low).count_ones() as usize) as u16;
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
    let mut steps = 0u32;
    while pos + 4 <= end && out + STEP <= dst.len() {
        if steps == 0 {
            // SAFETY: the ISA is the caller's promise.
            let (p, o) = unsafe { bmp32_to_16(src, dst, pos, out, end, from, to) };
            (pos, out) = (p, o);
            steps = BULK_RETRY;
            if !(pos + 4 <= end && out + STEP <= dst.len()) {
                break;
            }
        }
        steps -= 1;
        let n = ((end - pos) / 4).min(16);
        let m = low_bits(n) as u16;
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
                let d = dst.as_mut_ptr().add(out);
                if supp == m {
                    // Only supplementary characters: every lane is its pair, in
                    // order (no compress).
                    isa::mask_storeu_epi32(d, m, units);
                    Some(4 * n)
                } else if supp == 0 {
                    // Only BMP characters: narrowed.
                    let w = isa::zextsi256_si512(isa::cvtepi32_epi16(units));
                    isa::mask_storeu_epi16(d, m as u32, w);
                    Some(2 * n)
                } else {
                    let keep = spread2(m) | spread2(supp) << 1;
                    let k = keep.count_ones();
                    isa::mask_storeu_epi16(
                        d,
                        low_bits(k as usize) as u32,
                        isa::maskz_compress_epi16(keep, units),
                    );
                    Some(2 * k as usize)
                }
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

/// The bulk of UTF-32 -> UTF-16 from `(pos, out)`: 64 code points (four vectors)
/// per iteration while all are BMP characters (below U+10000, no surrogate: two
/// narrowing permutes, `vpermt2w`) or all supplementary ones (each lane its pair),
/// with full loads and plain stores; returns the new `(pos, out)`.
///
/// # Safety
/// The CPU supports the tier's features; `pos <= end <= src.len()`, `out <= dst.len()`.
#[inline(always)]
unsafe fn bmp32_to_16(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
    end: usize,
    from: Endian,
    to: Endian,
) -> (usize, usize) {
    // SAFETY: the ISA is the caller's promise; the loads read `src[pos..pos + 256]`
    // and the stores write inside `dst[out..out + 256]`, inside both as the loop
    // checks.
    unsafe {
        let bmp_max = isa::set1_epi32(0xFFFF);
        let m_sur = isa::set1_epi32(0xFFFF_F800u32 as i32);
        let p_sur = isa::set1_epi32(0xD800);
        let narrow = isa::loadu(NARROW.0.as_ptr());
        let (hi_base, lo_mask, lo_base) = (
            isa::set1_epi32(0xD7C0),
            isa::set1_epi32(0x3FF),
            isa::set1_epi32(0xDC00),
        );
        // The stores aligned to the vector, as in `bmp16_to_32`: first the code
        // points up to the next 64-byte boundary of `dst` (when `dst` is aligned to
        // the unit), one masked step of up to 31. (On Intel cores a store that
        // straddles two cache lines is slow; from a misaligned `dst` every 64-byte
        // store does, where only every other 32-byte store of the avx2 kernel
        // would.)
        let head = (dst.as_ptr() as usize + out).wrapping_neg() % 64;
        if head != 0 && head.is_multiple_of(2) && pos + 512 <= end && out + 256 + head <= dst.len()
        {
            let units = (head / 2) as u32;
            let s = src.as_ptr().add(pos);
            let mut v = [isa::loadu(s), isa::loadu(s.add(64))];
            if from == Endian::Big {
                for x in v.iter_mut() {
                    *x = isa::shuffle_epi8(*x, isa::loadu(SWAP32.0.as_ptr()));
                }
            }
            // Above 0xFFFF or a surrogate, per code point.
            let bad = |x| {
                isa::cmpgt_epu32_mask(x, bmp_max)
                    | isa::cmpeq_epi32_mask(isa::and_si512(x, m_sur), p_sur)
            };
            let bad = u32::from(bad(v[0])) | u32::from(bad(v[1])) << 16;
            if bad & low_bits(units as usize) as u32 == 0 {
                let mut w = isa::permutex2var_epi16(v[0], narrow, v[1]);
                if to == Endian::Big {
                    w = isa::shuffle_epi8(w, isa::loadu(SWAP16.0.as_ptr()));
                }
                isa::mask_storeu_epi16(
                    dst.as_mut_ptr().add(out),
                    low_bits(units as usize) as u32,
                    w,
                );
                pos += 4 * units as usize;
                out += head;
            }
        }
        while pos + 256 <= end && out + 256 <= dst.len() {
            let s = src.as_ptr().add(pos);
            let mut v = [
                isa::loadu(s),
                isa::loadu(s.add(64)),
                isa::loadu(s.add(128)),
                isa::loadu(s.add(192)),
            ];
            if from == Endian::Big {
                for x in v.iter_mut() {
                    *x = isa::shuffle_epi8(*x, isa::loadu(SWAP32.0.as_ptr()));
                }
            }
            let max = isa::max_epu32(isa::max_epu32(v[0], v[1]), isa::max_epu32(v[2], v[3]));
            let sur = isa::cmpeq_epi32_mask(isa::and_si512(v[0], m_sur), p_sur)
                | isa::cmpeq_epi32_mask(isa::and_si512(v[1], m_sur), p_sur)
                | isa::cmpeq_epi32_mask(isa::and_si512(v[2], m_sur), p_sur)
                | isa::cmpeq_epi32_mask(isa::and_si512(v[3], m_sur), p_sur);
            let d = dst.as_mut_ptr().add(out);
            if isa::cmpgt_epu32_mask(max, bmp_max) | sur == 0 {
                for k in 0..2 {
                    let mut w = isa::permutex2var_epi16(v[2 * k], narrow, v[2 * k + 1]);
                    if to == Endian::Big {
                        w = isa::shuffle_epi8(w, isa::loadu(SWAP16.0.as_ptr()));
                    }
                    isa::storeu(d.add(64 * k), w);
                }
                pos += 256;
                out += 128;
                continue;
            }
            if sur != 0 {
                break;
            }
            // Only supplementary characters (at most U+10FFFF): each lane
            // becomes its pair, `high | low << 16`, in place.
            let min = isa::min_epu32(isa::min_epu32(v[0], v[1]), isa::min_epu32(v[2], v[3]));
            if isa::cmple_epu32_mask(min, bmp_max) != 0
                || isa::cmpgt_epu32_mask(max, isa::set1_epi32(0x10_FFFF)) != 0
            {
                break;
            }
            for (k, &x) in v.iter().enumerate() {
                let high = isa::add_epi32(isa::srli_epi32::<10>(x), hi_base);
                let low = isa::or_si512(isa::and_si512(x, lo_mask), lo_base);
                let mut w = isa::or_si512(high, isa::slli_epi32::<16>(low));
                if to == Endian::Big {
                    w = isa::shuffle_epi8(w, isa::loadu(SWAP16.0.as_ptr()));
                }
                isa::storeu(d.add(64 * k), w);
            }
            pos += 256;
            out += 256;
        }
    }
    (pos, out)
}

/// `vpermt2w` indices of the low 16-bit halves of the 32 dwords of two vectors.
static NARROW: Bytes64 = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 32 {
        t[2 * i] = (2 * i) as u8;
        i += 1;
    }
    Bytes64(t)
};

/// `vpermd` indices of the even lanes (0, 2, .., 14, then zeros).
static EVEN32: Bytes64 = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 8 {
        t[4 * i] = (2 * i) as u8;
        i += 1;
    }
    Bytes64(t)
};

//! Latin-1 -> UTF-8 and UTF-8 -> Latin-1 on the VBMI2 tier, after Clausecker &
//! Lemire (2023) and Lemire's AVX-512 Latin-1 notes for the compress.
//!
//! - Latin-1 -> UTF-8 ([`latin1_to_utf8`]): ASCII with 512-bit loads and plain
//!   stores up to the first block with a byte from 0x80, then the avx2 kernel's
//!   entry (see the function for why).
//! - UTF-8 -> Latin-1, 64 bytes per step: a block converts on its own when every
//!   byte is ASCII, a first byte C2/C3, or a continuation byte right after one.
//!   That check is the whole validation: C2/C3 and one continuation byte are
//!   exactly U+0080..U+00FF. The character of a C3 lead is its continuation byte
//!   plus 0x40 (a masked add), that of a C2 lead its continuation byte, and
//!   `vpcompressb` drops the first bytes. The bulk ([`bulk_utf8_to_latin1`]) takes
//!   four ASCII vectors per test with plain stores, two steps per iteration
//!   otherwise, and advances by exactly 64
//!   bytes per step so that no load waits for the previous step (a first byte in
//!   the last lane is carried: lane 0 of the next step holds its continuation
//!   byte); the position does not depend on a popcount of the step before, a
//!   dependency that would serialise the steps on text with scattered accented
//!   letters.
//!   Any block the bulk cannot convert (an error, a character above U+00FF, lossy
//!   repair) goes to steps in which a first byte in the last position waits for
//!   the next step, and from there to the scalar transcoder from the block's
//!   start up to the next byte that is not a continuation byte, so errors,
//!   positions and replacements are exactly the scalar ones.
//!
//! The last bytes (less than a step) use masked loads; every store of UTF-8 ->
//! Latin-1 is masked to the exact output, and the loops run while `dst` has room
//! for a step's largest output (the scalar transcoder converts what is left).

use super::consts::{load4, low_bits};
use super::isa;
use crate::generic::handover::{shift, utf8_resync};
use utfast_scalar::{transcode as scalar, Mode, TranscodeError};

/// Copies ASCII from `src[pos..]` to `dst[out..]`, 256 bytes (four vectors, one
/// test) at a time with plain stores, while both have 256 bytes left; returns the
/// new `(pos, out)`, at the first 256 bytes with a byte from 0x80 (or near the end).
///
/// # Safety
/// The CPU supports the tier's features; `pos <= src.len()`, `out <= dst.len()`.
#[inline(always)]
unsafe fn ascii_copy(src: &[u8], dst: &mut [u8], mut pos: usize, mut out: usize) -> (usize, usize) {
    // SAFETY: the ISA is the caller's promise; the loads read `src[pos..pos + 256]`,
    // the stores write `dst[out..out + 256]`, inside both as the loop checks.
    unsafe {
        // The stores aligned to 64 bytes: first the bytes up to the boundary, one
        // masked step (on Intel cores a 64-byte store that straddles two cache lines
        // is slow).
        let head = (dst.as_ptr() as usize + out).wrapping_neg() % 64;
        if head != 0 && pos + 256 + head <= src.len() && out + 256 + head <= dst.len() {
            let v = isa::loadu(src.as_ptr().add(pos));
            if isa::movepi8_mask(v) & low_bits(head) != 0 {
                return (pos, out);
            }
            isa::mask_storeu_epi8(dst.as_mut_ptr().add(out), low_bits(head), v);
            pos += head;
            out += head;
        }
        while pos + 256 <= src.len() && out + 256 <= dst.len() {
            let v = load4(src.as_ptr().add(pos));
            let any = isa::or_si512(isa::or_si512(v[0], v[1]), isa::or_si512(v[2], v[3]));
            if isa::movepi8_mask(any) != 0 {
                break;
            }
            let d = dst.as_mut_ptr().add(out);
            for (k, &x) in v.iter().enumerate() {
                isa::storeu(d.add(64 * k), x);
            }
            pos += 256;
            out += 256;
        }
    }
    (pos, out)
}

/// `Kernel::latin1_to_utf8`: ASCII 256 bytes at a time with 512-bit loads and
/// plain stores, up to the first 256-byte block with a byte from 0x80; from there
/// the avx2 kernel's entry (the generic 16-byte loop, with its own 64-byte ASCII
/// path) converts the rest: a 512-bit ASCII copy gains over it, while a 512-bit
/// conversion of the other blocks (16-bit lanes and `vpcompressb`, 32 bytes per
/// step) does not: its output position waits for a popcount every step.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    from: utfast_scalar::Endian,
    to: utfast_scalar::Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let (mut pos, mut out) = (0usize, 0usize);
    // SAFETY: the ISA is the caller's promise.
    (pos, out) = unsafe { ascii_copy(src, dst, pos, out) };
    // SAFETY: the avx2 kernel's features (AVX2, POPCNT) are part of the tier's,
    // which the CPU supports (the caller's promise).
    let r = unsafe {
        (crate::x86_64::avx2::OPS.latin1_to_utf8)(&src[pos..], &mut dst[out..], from, to, mode)
    };
    shift(r, pos, out)
}

/// `Kernel::utf8_to_latin1`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf8_to_latin1(
    src: &[u8],
    dst: &mut [u8],
    _from: utfast_scalar::Endian,
    _to: utfast_scalar::Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let (mut pos, mut out) = (0usize, 0usize);
    // Steps left before the next attempt of the fixed-advance loop.
    let mut steps = 0u32;
    while pos < src.len() && out + 64 <= dst.len() {
        if steps == 0 {
            // SAFETY: the ISA is the caller's promise.
            let (p, o, ok) = unsafe { bulk_utf8_to_latin1(src, dst, pos, out) };
            (pos, out) = (p, o);
            if ok {
                // Too close to the end of `src` or `dst`: the steps below.
                steps = u32::MAX;
            } else {
                steps = 2;
            }
            if !(pos < src.len() && out + 64 <= dst.len()) {
                break;
            }
        }
        steps -= 1;
        let n = (src.len() - pos).min(64);
        let valid = low_bits(n);
        // SAFETY: the masked load reads the `n` bytes at `pos` (inside `src`); the
        // store writes at most one byte per consumed byte, `<= 64`, at `out`.
        let step = unsafe {
            let v = isa::maskz_loadu_epi8(valid, src.as_ptr().add(pos));
            let high = isa::movepi8_mask(v) & valid;
            let d = dst.as_mut_ptr().add(out);
            if high == 0 {
                isa::mask_storeu_epi8(d, valid, v);
                Some((n, n))
            } else {
                // 0x80..0xBF, signed below -64.
                let cont = isa::cmplt_epi8_mask(v, isa::set1_epi8(-64)) & valid;
                let c3 = isa::cmpeq_epi8_mask(v, isa::set1_epi8(0xC3u8 as i8)) & valid;
                let leads = c3 | isa::cmpeq_epi8_mask(v, isa::set1_epi8(0xC2u8 as i8)) & valid;
                // A first byte in the last position waits for the next step.
                let top = 1u64 << (n - 1);
                let (leads, c3, take) = if leads & top != 0 {
                    (leads & !top, c3 & !top, valid & !top)
                } else {
                    (leads, c3, valid)
                };
                if high & take != leads | cont || cont != leads << 1 {
                    None
                } else {
                    let chars = isa::mask_add_epi8(v, c3 << 1, v, isa::set1_epi8(0x40));
                    let keep = take & !leads;
                    let k = keep.count_ones();
                    isa::mask_storeu_epi8(
                        d,
                        low_bits(k as usize),
                        isa::maskz_compress_epi8(keep, chars),
                    );
                    Some((take.count_ones() as usize, k as usize))
                }
            }
        };
        match step {
            Some((0, _)) => break,
            Some((i, o)) => {
                pos += i;
                out += o;
            }
            None if mode == Mode::Strict => break,
            None => {
                let end = utf8_resync(src, pos + 64);
                let r = scalar::utf8_to_latin1(&src[pos..end], &mut dst[out..], mode);
                out = shift(r, pos, out)?;
                pos = end;
            }
        }
    }
    shift(
        scalar::utf8_to_latin1(&src[pos..], &mut dst[out..], mode),
        pos,
        out,
    )
}

/// UTF-8 -> Latin-1 from `(pos, out)` (a character boundary) in steps of 64 bytes
/// whose input position advances by exactly 64 bytes, so that no load waits for
/// the previous step's result (only `out` depends on the data): four ASCII vectors
/// with one test and plain stores, else two steps per iteration. A step checks that
/// every byte from 0x80 is a first byte C2/C3 or the continuation byte right after
/// one; a first byte in the last lane (`carry`) pairs with lane 0 of the next step,
/// which takes its continuation byte (plus 0x40 after C3) as the character.
/// Returns the next character boundary, the output position and whether the loop
/// stopped near the end of `src` or `dst` (`pos + 128 > src.len()` or
/// `out + 128 > dst.len()`), not at an iteration it cannot convert (an error, a
/// character above U+00FF, a truncated sequence: the caller's steps and the
/// scalar code take those).
///
/// On text with an accented letter every few dozen bytes: the ASCII loop is tried
/// only after 128 bytes without a first byte in a row (its alignment step and
/// four-vector test would almost always fail there); the store mask is one `bzhi`
/// and one branch takes the checks of both steps of an iteration, which has one
/// bounds check.
///
/// # Safety
/// The CPU supports the tier's features; `pos <= src.len()`, `out <= dst.len()`.
#[inline(always)]
unsafe fn bulk_utf8_to_latin1(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
) -> (usize, usize, bool) {
    let (mut carry, mut carry3) = (0u64, 0u64);
    // SAFETY: the ISA is the caller's promise (BMI2, for `bzhi`, is one of the
    // tier's features, and of the model build's); every load reads inside
    // `src[pos..pos + 256]` or `src[pos..pos + 128]`, every store writes inside
    // `dst[out..out + 256]` or `dst[out..out + 128]` (the second step's store at
    // most 64 bytes from `out + k0 <= out + 64`), as the loop conditions check.
    let ok = unsafe {
        let (c2, c3, x40) = (
            isa::set1_epi8(0xC2u8 as i8),
            isa::set1_epi8(0xC3u8 as i8),
            isa::set1_epi8(0x40),
        );
        // Whether the last step had a first byte: then the next step comes
        // without the ASCII loop's test (which text with an accented letter every
        // few dozen bytes would fail almost every time).
        // 128-byte iterations without a first byte in a row; from two on, the
        // next iteration tries the ASCII loop.
        let mut calm = 2u32;
        loop {
            if calm >= 2 {
                (pos, out) = ascii_copy(src, dst, pos, out);
            }
            if pos + 128 > src.len() || out + 128 > dst.len() {
                break true;
            }
            let s = src.as_ptr().add(pos);
            let (v0, v1) = (isa::loadu(s), isa::loadu(s.add(64)));
            let (high0, high1) = (isa::movepi8_mask(v0), isa::movepi8_mask(v1));
            // 0x80..0xBF, signed below -64.
            let below = isa::set1_epi8(-64);
            let (cont0, cont1) = (
                isa::cmplt_epi8_mask(v0, below),
                isa::cmplt_epi8_mask(v1, below),
            );
            let (c3_0, c3_1) = (isa::cmpeq_epi8_mask(v0, c3), isa::cmpeq_epi8_mask(v1, c3));
            let leads0 = c3_0 | isa::cmpeq_epi8_mask(v0, c2);
            let leads1 = c3_1 | isa::cmpeq_epi8_mask(v1, c2);
            let bad0 = (high0 ^ (leads0 | cont0)) | (cont0 ^ (leads0 << 1 | carry));
            let bad1 = (high1 ^ (leads1 | cont1)) | (cont1 ^ (leads1 << 1 | leads0 >> 63));
            if bad0 | bad1 != 0 {
                break false;
            }
            let chars0 = isa::mask_add_epi8(v0, c3_0 << 1 | carry3, v0, x40);
            let chars1 = isa::mask_add_epi8(v1, c3_1 << 1 | c3_0 >> 63, v1, x40);
            let (keep0, keep1) = (!leads0, !leads1);
            let (k0, k1) = (keep0.count_ones(), keep1.count_ones());
            let d = dst.as_mut_ptr().add(out);
            // (`bzhi`: all 64 bits when `k` is 64; the tier has BMI2.)
            let (m0, m1) = (
                core::arch::x86_64::_bzhi_u64(u64::MAX, k0),
                core::arch::x86_64::_bzhi_u64(u64::MAX, k1),
            );
            isa::mask_storeu_epi8(d, m0, isa::maskz_compress_epi8(keep0, chars0));
            isa::mask_storeu_epi8(
                d.add(k0 as usize),
                m1,
                isa::maskz_compress_epi8(keep1, chars1),
            );
            carry = leads1 >> 63;
            carry3 = c3_1 >> 63;
            calm = if leads0 | leads1 == 0 { calm + 1 } else { 0 };
            pos += 128;
            out += (k0 + k1) as usize;
        }
    };
    // A first byte in the last lane was not converted: the boundary is before it.
    (pos - carry as usize, out, ok)
}

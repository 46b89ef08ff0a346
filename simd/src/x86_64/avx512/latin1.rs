//! Latin-1 -> UTF-8 and UTF-8 -> Latin-1 on the VBMI2 tier, after Clausecker &
//! Lemire (2023) and Lemire's AVX-512 Latin-1 notes for the compress.
//!
//! - Latin-1 -> UTF-8 ([`latin1_to_utf8`]), 64 bytes per step: ASCII blocks
//!   stored as they are, blocks with one byte from 0x80 by one `vpexpandb`, the
//!   others as `[lead, continuation]` pairs compressed with `vpcompressb` (see
//!   the function).
//! - UTF-8 -> Latin-1, 64 bytes per step: a block converts on its own when every
//!   byte is ASCII, a first byte C2/C3, or a continuation byte right after one.
//!   That check is the whole validation: C2/C3 and one continuation byte are
//!   exactly U+0080..U+00FF. The character of a C3 lead is its continuation byte
//!   plus 0x40 (a masked add), that of a C2 lead its continuation byte, and
//!   `vpcompressb` drops the first bytes. The bulk ([`bulk_utf8_to_latin1`])
//!   stores ASCII blocks as they are and advances by exactly 64 bytes per step so
//!   that no load waits for the previous step (a first byte in the last lane is
//!   carried: lane 0 of the next step holds its continuation byte); the position
//!   does not depend on a popcount of the step before, a dependency that would
//!   serialise the steps on text with scattered accented letters.
//!   Any block the bulk cannot convert (an error, a character above U+00FF, lossy
//!   repair) goes to steps in which a first byte in the last position waits for
//!   the next step, and from there to the scalar transcoder from the block's
//!   start up to the next byte that is not a continuation byte, so errors,
//!   positions and replacements are exactly the scalar ones.
//!
//! In both directions the steps store whole vectors while `dst` has room for a
//! step's largest output plus the spare bytes of `crate::generic::handover` (the
//! bytes past the output are scratch that the next step or the scalar code
//! overwrites); the last bytes (less than a step) of UTF-8 -> Latin-1 use masked
//! loads and stores, and the scalar transcoder converts what is left.

use super::consts::{low_bits, Bytes64};
use super::isa;
use crate::generic::handover::{shift, utf8_resync};
use utfast_scalar::{transcode as scalar, Mode, TranscodeError};

/// `vpermb` indices pairing the two halves of a block: word `j` is `[byte j, byte
/// 32 + j]`.
static PAIR_HALVES: Bytes64 = {
    let mut t = [0; 64];
    let mut j = 0;
    while j < 32 {
        t[2 * j] = j as u8;
        t[2 * j + 1] = (32 + j) as u8;
        j += 1;
    }
    Bytes64(t)
};

/// `Kernel::latin1_to_utf8`, 64 bytes per step. An ASCII block is stored as it is.
/// Any other block becomes two vectors of 32 words, one per input byte `b` and in
/// input order: `[lead, b']`, the lead byte `C2` (`C3` from 0xC0) and `b'`, which
/// is `b` itself below 0xC0 and `b - 0x40` from there (the continuation byte `b &
/// 0xBF` for every byte from 0x80; a masked add of `0x0001 - 0x4000` turns `[C2,
/// b]` into `[C3, b - 0x40]`). For an ASCII byte the word is `[C2, b]`, and
/// `vpcompressb` drops its lead byte (the mask
/// keeps every odd byte and, through `pdep`, the even bytes of bytes from 0x80).
/// One `vpermb` pairs byte `j` with byte `32 + j` in word `j`, so the words of
/// the first half are one `vpshldw` of it (the low bytes moved up under `C2`) and
/// those of the second half one `vpternlogd` (its high bytes kept, `C2` put
/// under them): one shuffle per block where widening each half costs one per half.
/// A block with a single byte from 0x80 (the most common kind after ASCII in
/// Western European text) takes one `vpexpandb` instead of two compresses.
/// The input position advances by exactly 64 bytes, so loads never wait for a
/// result; only the output position depends on the data, through a popcount and an
/// add per step. The rest, less than a step or where `dst` is nearly full, goes to
/// the avx2 kernel's entry.
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
    // A step stores at most 128 bytes (two 64-byte stores, the second at most 64
    // bytes in), plus one spare byte: what the scalar code writes after the loop
    // then covers every scratch byte unless the result is `Ok` (see
    // `crate::generic::handover`).
    const WRITE: usize = 128 + 1;
    // SAFETY: the ISA is the caller's promise (BMI2, for `pdep`, is one of the
    // tier's features, and of the model build's); each load reads `src[pos..pos +
    // 64]` and each store writes inside `dst[out..out + 128]`, as the loop checks;
    // the table is 64 aligned bytes.
    unsafe {
        let pair_halves = isa::loadu(PAIR_HALVES.0.as_ptr());
        let lead = isa::set1_epi8(0xC2u8 as i8);
        let upper_fix = isa::set1_epi16(0x0001 - 0x4000);
        let high_bytes = isa::set1_epi16(0xFF00u16 as i16);
        let low_lead = isa::set1_epi16(0x00C2);
        let odd = 0xAAAA_AAAA_AAAA_AAAAu64;
        while pos + 64 <= src.len() && out + WRITE <= dst.len() {
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let v = isa::loadu(s);
            let high = isa::movepi8_mask(v);
            pos += 64;
            if high == 0 {
                isa::storeu(d, v);
                out += 64;
                continue;
            }
            // Bytes from 0xC0 (signed: from -64, and so are ASCII bytes).
            let upper = isa::cmpge_epi8_mask(v, isa::set1_epi8(-64)) & high;
            if high & (high - 1) == 0 {
                // One byte from 0x80, the most common kind of block in Western
                // European text that is not ASCII: `vpexpandb` spreads the bytes
                // (that one as `b & 0xBF`) over every position but its own, which
                // gets its lead byte, and the last byte moves to position 64.
                let bytes = isa::mask_add_epi8(v, upper, v, isa::set1_epi8(-0x40));
                let leads = isa::mask_blend_epi8(upper, lead, isa::set1_epi8(0xC3u8 as i8));
                isa::storeu(d, isa::mask_expand_epi8(leads, !high, bytes));
                let last = *s.add(63);
                *d.add(64) = last & !((last >> 7) << 6);
                out += 65;
                continue;
            }
            let paired = isa::permutexvar_epi8(pair_halves, v);
            let first = isa::shldi_epi16::<8>(paired, lead);
            let first = isa::mask_add_epi16(first, upper as u32, first, upper_fix);
            let second = isa::ternarylogic_epi32::<0xEA>(paired, high_bytes, low_lead);
            let second = isa::mask_add_epi16(second, (upper >> 32) as u32, second, upper_fix);
            let (high0, high1) = (high as u32, (high >> 32) as u32);
            let keep0 = core::arch::x86_64::_pdep_u64(u64::from(high0), !odd) | odd;
            let keep1 = core::arch::x86_64::_pdep_u64(u64::from(high1), !odd) | odd;
            isa::storeu(d, isa::maskz_compress_epi8(keep0, first));
            let o = 32 + high0.count_ones() as usize;
            isa::storeu(d.add(o), isa::maskz_compress_epi8(keep1, second));
            out += o + 32 + high1.count_ones() as usize;
        }
    }
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
/// the previous step's result (only `out` depends on the data). An ASCII block is
/// stored as it is, without the compress (most blocks of Western European text
/// are ASCII, and `vpcompressb` is the costliest instruction of a step). Any other
/// block is checked: every byte from 0x80 is a first byte C2/C3 or the
/// continuation byte right after one; a first byte in the last lane (`carry`) pairs
/// with lane 0 of the next step, which takes its continuation byte (plus 0x40
/// after C3) as the character. Stores are whole vectors: a step runs only when
/// `dst` has 64 bytes left, and the bytes past its output are overwritten by the
/// next step or by the scalar code, which writes one byte per character (see
/// `crate::generic::handover`). Returns the next character boundary, the output
/// position and whether the loop stopped near the end of `src` or `dst` (`pos +
/// 64 > src.len()` or `out + 64 > dst.len()`), not at a block it cannot convert
/// (an error, a character above U+00FF, a truncated sequence: the caller's steps
/// and the scalar code take those).
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
    // SAFETY: the ISA is the caller's promise; every load reads
    // `src[pos..pos + 64]`, every store writes `dst[out..out + 64]`, as the loop
    // conditions check.
    let ok = unsafe {
        let (c2, c3, x40, below) = (
            isa::set1_epi8(0xC2u8 as i8),
            isa::set1_epi8(0xC3u8 as i8),
            isa::set1_epi8(0x40),
            // 0x80..0xBF, signed below -64.
            isa::set1_epi8(-64),
        );
        loop {
            if pos + 64 > src.len() || out + 64 > dst.len() {
                break true;
            }
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let v = isa::loadu(s);
            let high = isa::movepi8_mask(v);
            if high == 0 {
                if carry != 0 {
                    break false;
                }
                isa::storeu(d, v);
                pos += 64;
                out += 64;
                continue;
            }
            let cont = isa::cmplt_epi8_mask(v, below);
            let c3_mask = isa::cmpeq_epi8_mask(v, c3);
            let leads = c3_mask | isa::cmpeq_epi8_mask(v, c2);
            if (high ^ (leads | cont)) | (cont ^ (leads << 1 | carry)) != 0 {
                break false;
            }
            let chars = isa::mask_add_epi8(v, c3_mask << 1 | carry3, v, x40);
            let keep = !leads;
            isa::storeu(d, isa::maskz_compress_epi8(keep, chars));
            carry = leads >> 63;
            carry3 = c3_mask >> 63;
            pos += 64;
            out += keep.count_ones() as usize;
        }
    };
    // A first byte in the last lane was not converted: the boundary is before it.
    (pos - carry as usize, out, ok)
}

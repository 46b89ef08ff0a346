//! Latin-1 <-> UTF-16 and UTF-32 with 512-bit vectors (AVX-512 F/BW): widening
//! with `vpmovzxbw`/`vpmovzxbd`, narrowing with `vpmovwb`/`vpmovdb` after a test
//! for units above 0xFF.
//!
//! - Latin-1 -> UTF-16/32: every byte is its code point, so the output is the
//!   zero-extension of the input (shifted into the high byte for big-endian
//!   output); the only error is `OutputTooSmall`. 64 input bytes per iteration with
//!   full vectors, then steps of one vector's worth with a masked load and store.
//! - UTF-16/32 -> Latin-1: a unit fits when its high bits are zero (`vptestmw` /
//!   `vptestmd`, in the input's byte order); the low byte of each lane (after a
//!   shift for big-endian input) is kept. Four vectors per iteration with one
//!   test, narrowed with saturating packs (`vpackuswb`, `vpackusdw`: the values
//!   fit) and one lane-order permute, then steps of one vector narrowed with
//!   `vpmovwb`/`vpmovdb` and masked loads and stores. At the first unit that does not fit, the lanes before it are stored
//!   and the scalar transcoder takes over: strict mode reports the exact error
//!   there; lossy mode lets the scalar code convert up to a resynchronisation point
//!   (one `?` per character, a surrogate pair included) and resumes. UTF-32 in
//!   lossy mode needs no scalar code: every unit that does not fit (invalid units
//!   too) becomes one `?`, written by a masked move.
//!
//! Every store is exactly the output, the steps go no further than `dst` holds,
//! and the scalar code converts what is left (a truncated final unit, the
//! `OutputTooSmall` at the end of `dst`).

use super::consts::{load4, low_bits, Bytes64};
use super::isa;
use crate::generic::handover::{shift, utf16_resync};
use utfast_scalar::{transcode as scalar, Endian, Mode, TranscodeError};

/// The `vpermq` indices that put the 64-bit groups of `vpackuswb(a, b)` (per
/// 128-bit lane: eight bytes of `a`, eight of `b`) in order: `a`'s, then `b`'s.
static PACK16: Bytes64 = {
    let mut t = [0u8; 64];
    let mut j = 0;
    while j < 8 {
        t[8 * j] = if j < 4 { 2 * j } else { 2 * (j - 4) + 1 } as u8;
        j += 1;
    }
    Bytes64(t)
};

/// The `vpermd` indices that put the 32-bit groups of `vpackuswb(vpackusdw(a, b),
/// vpackusdw(c, d))` (per 128-bit lane `l`: four bytes of each of `a`, `b`, `c`,
/// `d`) in order: group `4k + l` of the output is group `4l + k` of the pack.
static PACK32: Bytes64 = {
    let mut t = [0u8; 64];
    let mut j = 0;
    while j < 16 {
        t[4 * j] = (4 * (j % 4) + j / 4) as u8;
        j += 1;
    }
    Bytes64(t)
};

/// `Kernel::latin1_to_utf16` (the mode is ignored: Latin-1 is always valid): each
/// byte zero-extended to a 16-bit lane (`vpmovzxbw`), shifted into the high byte
/// for big-endian output; 64 bytes per iteration, then steps of up to 32 bytes with
/// a masked load and store (the last bytes of the input, or what `dst` holds).
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    _mode: Mode,
) -> Result<usize, TranscodeError> {
    let big = to == Endian::Big;
    // Bytes converted: those `dst` has room for.
    let limit = src.len().min(dst.len() / 2);
    let mut pos = 0;
    // SAFETY: (whole block) the ISA is the caller's promise; the loads read within
    // `src[pos..limit]`, the stores write the two bytes per input byte at `2 * pos`,
    // within `dst[..2 * limit]`.
    unsafe {
        let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
        let step = |pos: usize, n: usize| {
            let m = low_bits(n);
            let v = isa::maskz_loadu_epi8(m, s.add(pos));
            let mut w = isa::cvtepu8_epi16(isa::castsi512_si256(v));
            if big {
                w = isa::slli_epi16::<8>(w);
            }
            isa::mask_storeu_epi16(d.add(2 * pos), m as u32, w);
        };
        // The stores aligned to 64 bytes when `dst` allows it (an even
        // misalignment): first one masked step up to the boundary. (On Intel cores a
        // store that straddles two cache lines is slow, and from a misaligned `dst`
        // every 64-byte store does.)
        let head = (d as usize).wrapping_neg() % 64;
        if head != 0 && head.is_multiple_of(2) && limit >= 64 + head / 2 {
            step(0, head / 2);
            pos = head / 2;
        }
        while pos + 64 <= limit {
            let a = isa::cvtepu8_epi16(isa::loadu_si256(s.add(pos)));
            let b = isa::cvtepu8_epi16(isa::loadu_si256(s.add(pos + 32)));
            let (a, b) = if big {
                (isa::slli_epi16::<8>(a), isa::slli_epi16::<8>(b))
            } else {
                (a, b)
            };
            isa::storeu(d.add(2 * pos), a);
            isa::storeu(d.add(2 * pos + 64), b);
            pos += 64;
        }
        while pos < limit {
            let n = (limit - pos).min(32);
            step(pos, n);
            pos += n;
        }
    }
    shift(
        scalar::latin1_to_utf16(&src[pos..], &mut dst[2 * pos..], to),
        pos,
        2 * pos,
    )
}

/// `Kernel::latin1_to_utf32` (the mode is ignored: Latin-1 is always valid): each
/// byte zero-extended to a 32-bit lane (`vpmovzxbd`), shifted into the high byte
/// for big-endian output; 64 bytes per iteration, then steps of up to 16 bytes with
/// a masked load and store.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    _mode: Mode,
) -> Result<usize, TranscodeError> {
    let big = to == Endian::Big;
    let limit = src.len().min(dst.len() / 4);
    let mut pos = 0;
    // SAFETY: (whole block) the ISA is the caller's promise; the loads read within
    // `src[pos..limit]`, the stores write the four bytes per input byte at `4 * pos`,
    // within `dst[..4 * limit]`.
    unsafe {
        let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
        let step = |pos: usize, n: usize| {
            let m = low_bits(n);
            let v = isa::maskz_loadu_epi8(m, s.add(pos));
            let mut w = isa::cvtepu8_epi32(isa::castsi512_si128(v));
            if big {
                w = isa::slli_epi32::<24>(w);
            }
            isa::mask_storeu_epi32(d.add(4 * pos), m as u16, w);
        };
        // The stores aligned to 64 bytes when `dst` allows it, as in
        // `latin1_to_utf16`.
        let head = (d as usize).wrapping_neg() % 64;
        if head != 0 && head.is_multiple_of(4) && limit >= 64 + head / 4 {
            step(0, head / 4);
            pos = head / 4;
        }
        while pos + 64 <= limit {
            let v = [
                isa::loadu_si128(s.add(pos)),
                isa::loadu_si128(s.add(pos + 16)),
                isa::loadu_si128(s.add(pos + 32)),
                isa::loadu_si128(s.add(pos + 48)),
            ];
            for (k, &x) in v.iter().enumerate() {
                let mut w = isa::cvtepu8_epi32(x);
                if big {
                    w = isa::slli_epi32::<24>(w);
                }
                isa::storeu(d.add(4 * pos + 64 * k), w);
            }
            pos += 64;
        }
        while pos < limit {
            let n = (limit - pos).min(16);
            step(pos, n);
            pos += n;
        }
    }
    shift(
        scalar::latin1_to_utf32(&src[pos..], &mut dst[4 * pos..], to),
        pos,
        4 * pos,
    )
}

/// `Kernel::utf16_to_latin1`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf16_to_latin1(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        match from {
            Endian::Little => utf16_narrow::<false>(src, dst, mode),
            Endian::Big => utf16_narrow::<true>(src, dst, mode),
        }
    }
}

/// The bytes of 32 UTF-16 units `v` (big-endian if `BIG`) that fit.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
#[cfg_attr(utfast_avx512_model, allow(unused_unsafe))]
unsafe fn narrow16<const BIG: bool>(v: isa::Zmm) -> isa::Ymm {
    // SAFETY: the caller's promise.
    unsafe {
        if BIG {
            isa::cvtepi16_epi8(isa::srli_epi16::<8>(v))
        } else {
            isa::cvtepi16_epi8(v)
        }
    }
}

/// [`utf16_to_latin1`] from byte order `BIG`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
unsafe fn utf16_narrow<const BIG: bool>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let from = if BIG { Endian::Big } else { Endian::Little };
    let end = src.len() & !1;
    let (mut pos, mut out) = (0usize, 0usize);
    // SAFETY: (whole block) the ISA is the caller's promise; the loads read within
    // `src[pos..end]` (full vectors while `pos + 256 <= end`, else the step's `n`
    // units), the stores write one byte per unit within `dst[out..]` (the steps
    // take at most `dst.len() - out` units).
    unsafe {
        // The bits of a unit above 0xFF, as a lane of the input.
        let high = isa::set1_epi16(if BIG { 0x00FF } else { 0xFF00u16 as i16 });
        // The stores aligned to 64 bytes: first the units up to the boundary of
        // `dst`, in masked steps of up to 32 (stores that straddle two cache lines
        // are slow on Intel cores).
        let mut head = (dst.as_ptr() as usize).wrapping_neg() % 64;
        if pos + 256 + 2 * head <= end && out + 128 + head <= dst.len() {
            while head > 0 {
                let n = head.min(32);
                let m = low_bits(n);
                let v = isa::maskz_loadu_epi16(m as u32, src.as_ptr().add(pos));
                if isa::test_epi16_mask(v, high) != 0 {
                    break;
                }
                let bytes = isa::zextsi256_si512(narrow16::<BIG>(v));
                isa::mask_storeu_epi8(dst.as_mut_ptr().add(out), m, bytes);
                pos += 2 * n;
                out += n;
                head -= n;
            }
        }
        'outer: while pos < end && out < dst.len() {
            while pos + 256 <= end && out + 128 <= dst.len() {
                let s = src.as_ptr().add(pos);
                let v = load4(s);
                let bad = isa::test_epi16_mask(v[0], high)
                    | isa::test_epi16_mask(v[1], high)
                    | isa::test_epi16_mask(v[2], high)
                    | isa::test_epi16_mask(v[3], high);
                if bad != 0 {
                    break;
                }
                // Two packs (one lane order fix each) rather than four `vpmovwb`.
                let [a, b, c, e] = if BIG {
                    [
                        isa::srli_epi16::<8>(v[0]),
                        isa::srli_epi16::<8>(v[1]),
                        isa::srli_epi16::<8>(v[2]),
                        isa::srli_epi16::<8>(v[3]),
                    ]
                } else {
                    v
                };
                let idx = isa::loadu(PACK16.0.as_ptr());
                let d = dst.as_mut_ptr().add(out);
                isa::storeu(d, isa::permutexvar_epi64(idx, isa::packus_epi16(a, b)));
                isa::storeu(
                    d.add(64),
                    isa::permutexvar_epi64(idx, isa::packus_epi16(c, e)),
                );
                pos += 256;
                out += 128;
            }
            for _ in 0..4 {
                if pos >= end || out >= dst.len() {
                    break 'outer;
                }
                let n = ((end - pos) / 2).min(dst.len() - out).min(32);
                let m = low_bits(n);
                let v = isa::maskz_loadu_epi16(m as u32, src.as_ptr().add(pos));
                let bad = isa::test_epi16_mask(v, high);
                let take = if bad == 0 {
                    m
                } else {
                    low_bits(bad.trailing_zeros() as usize)
                };
                let bytes = isa::zextsi256_si512(narrow16::<BIG>(v));
                isa::mask_storeu_epi8(dst.as_mut_ptr().add(out), take, bytes);
                let k = take.count_ones() as usize;
                pos += 2 * k;
                out += k;
                if bad != 0 {
                    if mode != Mode::Lossy {
                        break 'outer;
                    }
                    // The scalar code up to a resynchronisation point.
                    let stop = utf16_resync(src, (pos + 64).min(end), from);
                    let r = scalar::utf16_to_latin1(&src[pos..stop], &mut dst[out..], from, mode);
                    out = shift(r, pos, out)?;
                    pos = stop;
                }
            }
        }
    }
    shift(
        scalar::utf16_to_latin1(&src[pos..], &mut dst[out..], from, mode),
        pos,
        out,
    )
}

/// `Kernel::utf32_to_latin1`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf32_to_latin1(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the ISA is the caller's promise.
    unsafe {
        match from {
            Endian::Little => utf32_narrow::<false>(src, dst, mode),
            Endian::Big => utf32_narrow::<true>(src, dst, mode),
        }
    }
}

/// The low byte of each unit of 16 UTF-32 units `v` (big-endian if `BIG`), as
/// 32-bit lanes.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
#[cfg_attr(utfast_avx512_model, allow(unused_unsafe))]
unsafe fn low_byte32<const BIG: bool>(v: isa::Zmm) -> isa::Zmm {
    if BIG {
        // SAFETY: the caller's promise.
        unsafe { isa::srli_epi32::<24>(v) }
    } else {
        v
    }
}

/// [`utf32_to_latin1`] from byte order `BIG`.
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
unsafe fn utf32_narrow<const BIG: bool>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let from = if BIG { Endian::Big } else { Endian::Little };
    let end = src.len() & !3;
    let (mut pos, mut out) = (0usize, 0usize);
    // SAFETY: (whole block) the ISA is the caller's promise; the loads read within
    // `src[pos..end]` (full vectors while `pos + 256 <= end`, else the step's `n`
    // units), the stores write one byte per unit within `dst[out..]` (the steps
    // take at most `dst.len() - out` units).
    unsafe {
        let high = isa::set1_epi32(if BIG {
            0xFFFF_FF00u32.swap_bytes()
        } else {
            0xFFFF_FF00
        } as i32);
        let question = isa::set1_epi32(b'?' as i32);
        'outer: while pos < end && out < dst.len() {
            while pos + 256 <= end && out + 64 <= dst.len() {
                let s = src.as_ptr().add(pos);
                let v = load4(s);
                let bad = isa::test_epi32_mask(v[0], high)
                    | isa::test_epi32_mask(v[1], high)
                    | isa::test_epi32_mask(v[2], high)
                    | isa::test_epi32_mask(v[3], high);
                if bad != 0 {
                    break;
                }
                // Three packs and one lane order fix rather than four `vpmovdb`.
                let w01 = isa::packus_epi32(low_byte32::<BIG>(v[0]), low_byte32::<BIG>(v[1]));
                let w23 = isa::packus_epi32(low_byte32::<BIG>(v[2]), low_byte32::<BIG>(v[3]));
                let bytes = isa::permutexvar_epi32(
                    isa::loadu(PACK32.0.as_ptr()),
                    isa::packus_epi16(w01, w23),
                );
                isa::storeu(dst.as_mut_ptr().add(out), bytes);
                pos += 256;
                out += 64;
            }
            for _ in 0..4 {
                if pos >= end || out >= dst.len() {
                    break 'outer;
                }
                let n = ((end - pos) / 4).min(dst.len() - out).min(16);
                let m = low_bits(n);
                let v = isa::maskz_loadu_epi32(m as u16, src.as_ptr().add(pos));
                let bad = isa::test_epi32_mask(v, high);
                let mut c = low_byte32::<BIG>(v);
                let mut take = m;
                if bad != 0 {
                    if mode == Mode::Lossy {
                        c = isa::mask_mov_epi32(c, bad, question);
                    } else {
                        take = low_bits(bad.trailing_zeros() as usize);
                    }
                }
                let bytes = isa::zextsi128_si512(isa::cvtepi32_epi8(c));
                isa::mask_storeu_epi8(dst.as_mut_ptr().add(out), take, bytes);
                let k = take.count_ones() as usize;
                pos += 4 * k;
                out += k;
                if take != m {
                    break 'outer;
                }
            }
        }
    }
    shift(
        scalar::utf32_to_latin1(&src[pos..], &mut dst[out..], from, mode),
        pos,
        out,
    )
}

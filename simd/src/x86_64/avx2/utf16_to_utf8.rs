//! UTF-16 -> UTF-8 with AVX2 (after Lemire & Muła 2022).
//!
//! 16 units (32 bytes) per iteration, byte-swapped first for big-endian input:
//! - all below U+0080: packed to 16 bytes (32 units at once when the next 16 are
//!   ASCII too);
//! - no surrogates, all below U+0800: every unit becomes a 16-bit lane
//!   `[first, second]`, and each lane of eight units is packed by one [`PACK2`]
//!   control (ASCII units drop their second byte);
//! - no surrogates, all at least U+0800: every unit has three bytes, packed by a
//!   fixed shuffle of `[first, second, third, 0]` lanes to 48 bytes;
//! - no surrogates: every unit becomes a 32-bit lane `[first, middle, last, 0]`
//!   (`middle` unused for two-byte units), and each group of four lanes is packed
//!   by one [`PACK3`] control;
//! - eight surrogate pairs, each in a 32-bit lane: converted arithmetically to
//!   eight 4-byte characters (32 bytes);
//! - other surrogates: a scalar loop decodes the 16 (or 17, to finish a pair)
//!   units; an unpaired surrogate stops the SIMD loop at that character (strict:
//!   the scalar transcoder reports it exactly; lossy: the scalar transcoder
//!   repairs the block, then the SIMD loop resumes).

use core::arch::x86_64::*;

use super::rest::{utf16_to_utf8_lossy_stretch, utf16_to_utf8_rest};
use crate::generic::handover::utf16_resync;
use crate::generic::utf8_encode::utf16_one_by_one;
use crate::tables::utf16_to_utf8::{PACK2, PACK3};
use utfast_scalar::{Endian, Mode, TranscodeError};

/// Input bytes one iteration may read: 16 units, plus one to complete a pair.
const READ: usize = 34;
/// Output bytes one iteration may store: 16 units x 3 bytes (or 4 per pair), a
/// 16-byte store overhang, and 3 spare bytes.
const WRITE: usize = 48 + 16 + 3;

/// Converts 16 units without surrogates, all below U+0800 (`ascii`: the lanes of
/// units below U+0080 are all ones); returns bytes written.
///
/// Each unit becomes a 16-bit lane `[first, second]`; each 128-bit lane of eight
/// units is packed by one [`PACK2`] control, indexed by the ASCII units.
///
/// # Safety
/// AVX2 and POPCNT; 48 writable bytes at `dst`.
#[inline(always)]
unsafe fn one_two(u: __m256i, ascii: __m256i, dst: *mut u8) -> usize {
    // SAFETY: register-only AVX2 operations, table indices are bytes (< 256), and
    // the two 16-byte stores end at most 32 + 8 bytes after `dst`.
    unsafe {
        let lead = _mm256_or_si256(_mm256_srli_epi16::<6>(u), _mm256_set1_epi16(0xC0));
        let first = _mm256_blendv_epi8(lead, u, ascii);
        let cont = _mm256_or_si256(
            _mm256_and_si256(u, _mm256_set1_epi16(0x3F)),
            _mm256_set1_epi16(0x80),
        );
        let v = _mm256_or_si256(first, _mm256_slli_epi16::<8>(cont));
        // One bit per unit: bytes 0..8 units 0..8, bytes 16..24 units 8..16.
        let m = _mm256_movemask_epi8(_mm256_packs_epi16(ascii, ascii)) as u32;
        let (m0, m1) = (m & 0xFF, m >> 16 & 0xFF);
        let t = |i: u32| PACK2.get_unchecked(i as usize).as_ptr().cast::<__m128i>();
        let c = _mm256_shuffle_epi8(v, _mm256_loadu2_m128i(t(m1), t(m0)));
        _mm_storeu_si128(dst.cast(), _mm256_castsi256_si128(c));
        let w = (16 - m0.count_ones()) as usize;
        _mm_storeu_si128(dst.add(w).cast(), _mm256_extracti128_si256::<1>(c));
        w + (16 - m1.count_ones()) as usize
    }
}

/// Converts 16 units of three UTF-8 bytes each (U+0800..U+FFFF, no surrogates):
/// stores 48 bytes (and 4 scratch bytes after them).
///
/// # Safety
/// AVX2; 52 writable bytes at `dst`.
#[inline(always)]
unsafe fn three(u: __m256i, dst: *mut u8) {
    // SAFETY: register-only AVX2 operations; the last store ends at `dst + 52`.
    unsafe {
        let c6 = _mm256_set1_epi16(0x3F);
        let first = _mm256_or_si256(_mm256_srli_epi16::<12>(u), _mm256_set1_epi16(0xE0));
        let mid = _mm256_or_si256(
            _mm256_and_si256(_mm256_srli_epi16::<6>(u), c6),
            _mm256_set1_epi16(0x80),
        );
        let last = _mm256_or_si256(_mm256_and_si256(u, c6), _mm256_set1_epi16(0x80));
        let a = _mm256_or_si256(first, _mm256_slli_epi16::<8>(mid));
        let ctl = _mm256_broadcastsi128_si256(_mm_setr_epi8(
            0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
        ));
        let lo = _mm256_shuffle_epi8(_mm256_unpacklo_epi16(a, last), ctl);
        let hi = _mm256_shuffle_epi8(_mm256_unpackhi_epi16(a, last), ctl);
        _mm_storeu_si128(dst.cast(), _mm256_castsi256_si128(lo));
        _mm_storeu_si128(dst.add(12).cast(), _mm256_castsi256_si128(hi));
        _mm_storeu_si128(dst.add(24).cast(), _mm256_extracti128_si256::<1>(lo));
        _mm_storeu_si128(dst.add(36).cast(), _mm256_extracti128_si256::<1>(hi));
    }
}

/// Converts 16 units without surrogates, given the lanes below U+0080 (`is1`) and
/// below U+0800 (`is2`) and their class bits `idx` (bit `2k`: unit `k` is ASCII,
/// `2k + 1`: below U+0800); returns bytes written.
///
/// Each unit becomes a 32-bit lane `[first, middle, last, 0]` (interleaving two
/// 16-bit planes; a two-byte unit's bytes are `first` and `last`); each group of
/// four lanes is packed by one [`PACK3`] control, indexed by two class bits per unit.
///
/// # Safety
/// AVX2 and POPCNT; 64 writable bytes at `dst`.
#[inline(always)]
unsafe fn one_two_three(u: __m256i, is1: __m256i, is2: __m256i, idx: u32, dst: *mut u8) -> usize {
    // SAFETY: register-only AVX2 operations, table indices are bytes (< 256), and
    // the four 16-byte stores end at most 48 + 12 bytes after `dst`.
    unsafe {
        let first3 = _mm256_or_si256(_mm256_srli_epi16::<12>(u), _mm256_set1_epi16(0xE0));
        let first2 = _mm256_or_si256(_mm256_srli_epi16::<6>(u), _mm256_set1_epi16(0xC0));
        let first = _mm256_blendv_epi8(_mm256_blendv_epi8(first3, first2, is2), u, is1);
        let c6 = _mm256_set1_epi16(0x3F);
        let last = _mm256_or_si256(_mm256_and_si256(u, c6), _mm256_set1_epi16(0x80));
        let mid = _mm256_or_si256(
            _mm256_and_si256(_mm256_srli_epi16::<6>(u), c6),
            _mm256_set1_epi16(0x80),
        );
        // A two-byte unit keeps `first` and `last`, a three-byte one all three.
        let a = _mm256_or_si256(first, _mm256_slli_epi16::<8>(mid));
        // Units 0-3 | 8-11, and 4-7 | 12-15.
        let lo = _mm256_unpacklo_epi16(a, last);
        let hi = _mm256_unpackhi_epi16(a, last);
        let k = idx.to_le_bytes();
        let t = |g: usize| {
            PACK3
                .get_unchecked(k[g] as usize)
                .as_ptr()
                .cast::<__m128i>()
        };
        let lo = _mm256_shuffle_epi8(lo, _mm256_loadu2_m128i(t(2), t(0)));
        let hi = _mm256_shuffle_epi8(hi, _mm256_loadu2_m128i(t(3), t(1)));
        // Group g starts after 12 bytes per earlier group, minus one per index bit.
        let at = |bits: u32| {
            (12 * (bits / 8) - (idx & ((1u64 << bits) - 1) as u32).count_ones()) as usize
        };
        _mm_storeu_si128(dst.cast(), _mm256_castsi256_si128(lo));
        _mm_storeu_si128(dst.add(at(8)).cast(), _mm256_castsi256_si128(hi));
        _mm_storeu_si128(dst.add(at(16)).cast(), _mm256_extracti128_si256::<1>(lo));
        _mm_storeu_si128(dst.add(at(24)).cast(), _mm256_extracti128_si256::<1>(hi));
        at(32)
    }
}

/// Converts eight surrogate pairs, one per 32-bit lane `[high, low]` of `u`, to
/// eight 4-byte characters.
///
/// # Safety
/// The CPU supports AVX2 (register operations only).
#[inline(always)]
unsafe fn four_byte(u: __m256i) -> __m256i {
    // SAFETY: register-only AVX2 operations.
    unsafe {
        let ten = _mm256_set1_epi32(0x3FF);
        let cp = _mm256_add_epi32(
            _mm256_or_si256(
                _mm256_slli_epi32::<10>(_mm256_and_si256(u, ten)),
                _mm256_and_si256(_mm256_srli_epi32::<16>(u), ten),
            ),
            _mm256_set1_epi32(0x1_0000),
        );
        // Bytes [0xF0 | cp >> 18, 0x80 | cp >> 12 & 0x3F, .. >> 6 .., .. cp & 0x3F].
        let b0 = _mm256_srli_epi32::<18>(cp);
        let b1 = _mm256_and_si256(_mm256_srli_epi32::<4>(cp), _mm256_set1_epi32(0x3F00));
        let b2 = _mm256_and_si256(_mm256_slli_epi32::<10>(cp), _mm256_set1_epi32(0x3F_0000));
        let b3 = _mm256_and_si256(_mm256_slli_epi32::<24>(cp), _mm256_set1_epi32(0x3F00_0000));
        _mm256_or_si256(
            _mm256_or_si256(_mm256_or_si256(b0, b1), _mm256_or_si256(b2, b3)),
            _mm256_set1_epi32(0x8080_80F0u32 as i32),
        )
    }
}

/// Converts 16 units without surrogates (in little-endian lanes), whatever their
/// mix of 1-, 2- and 3-byte characters; returns bytes written. The block steps of
/// the loop below, for callers that already know there are no surrogates (UTF-32 ->
/// UTF-8 packs its Basic Multilingual Plane blocks to UTF-16 and comes here).
///
/// # Safety
/// AVX2 and POPCNT; 64 writable bytes at `dst`.
#[inline(always)]
pub(super) unsafe fn convert_bmp16(u: __m256i, dst: *mut u8) -> usize {
    // SAFETY: register operations and the block steps, whose store bounds (at most
    // 64 bytes) are the caller's promise.
    unsafe {
        let zero = _mm256_setzero_si256();
        let is1 = _mm256_cmpeq_epi16(
            _mm256_and_si256(u, _mm256_set1_epi16(0xFF80u16 as i16)),
            zero,
        );
        let is2 = _mm256_cmpeq_epi16(
            _mm256_and_si256(u, _mm256_set1_epi16(0xF800u16 as i16)),
            zero,
        );
        let classes = _mm256_blendv_epi8(is1, is2, _mm256_set1_epi16(0xFF00u16 as i16));
        let idx = _mm256_movemask_epi8(classes) as u32;
        if idx == u32::MAX {
            let p = _mm256_permute4x64_epi64::<0b1000>(_mm256_packus_epi16(u, u));
            _mm_storeu_si128(dst.cast(), _mm256_castsi256_si128(p));
            16
        } else if idx & 0xAAAA_AAAA == 0xAAAA_AAAA {
            one_two(u, is1, dst)
        } else if idx == 0 {
            three(u, dst);
            48
        } else {
            one_two_three(u, is1, is2, idx, dst)
        }
    }
}

/// The AVX2 UTF-16 -> UTF-8 loop (`BE`: big-endian input).
///
/// # Safety
/// The CPU must support AVX2 and POPCNT.
#[target_feature(enable = "avx2,popcnt")]
pub(crate) unsafe fn utf16_to_utf8<const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let from = if BE { Endian::Big } else { Endian::Little };
    let (mut pos, mut out) = (0usize, 0usize);
    'blocks: while pos + READ <= src.len() && out + WRITE <= dst.len() {
        // SAFETY: `pos + 34 <= src.len()` bounds the 32-byte load and the scalar
        // reads of up to 17 units; `out + WRITE <= dst.len()` bounds every store.
        // The ASCII run loop checks its own bounds (64 bytes read, 32 written).
        unsafe {
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let swap = _mm256_broadcastsi128_si256(_mm_setr_epi8(
                1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14,
            ));
            let mut u = _mm256_loadu_si256(s.cast());
            if BE {
                u = _mm256_shuffle_epi8(u, swap);
            }
            // Class bits: 2k set when unit k is ASCII, 2k + 1 when below U+0800.
            let zero = _mm256_setzero_si256();
            let top5 = _mm256_and_si256(u, _mm256_set1_epi16(0xF800u16 as i16));
            let is1 = _mm256_cmpeq_epi16(
                _mm256_and_si256(u, _mm256_set1_epi16(0xFF80u16 as i16)),
                zero,
            );
            let is2 = _mm256_cmpeq_epi16(top5, zero);
            let classes = _mm256_blendv_epi8(is1, is2, _mm256_set1_epi16(0xFF00u16 as i16));
            let idx = _mm256_movemask_epi8(classes) as u32;
            if idx == u32::MAX {
                let p = _mm256_packus_epi16(u, u);
                let p = _mm256_permute4x64_epi64::<0b1000>(p);
                _mm_storeu_si128(d.cast(), _mm256_castsi256_si128(p));
                pos += 32;
                out += 16;
                // An ASCII run: 32 units per step.
                while pos + 64 <= src.len() && out + 32 <= dst.len() {
                    let s = src.as_ptr().add(pos);
                    let mut u0 = _mm256_loadu_si256(s.cast());
                    let mut u1 = _mm256_loadu_si256(s.add(32).cast());
                    // Before the byte swap: ASCII means `raw & 0x80FF == 0` in big endian.
                    let raw_not_ascii =
                        _mm256_set1_epi16(if BE { 0x80FFu16 } else { 0xFF80 } as i16);
                    if _mm256_testz_si256(_mm256_or_si256(u0, u1), raw_not_ascii) == 0 {
                        break;
                    }
                    if BE {
                        u0 = _mm256_shuffle_epi8(u0, swap);
                        u1 = _mm256_shuffle_epi8(u1, swap);
                    }
                    let p = _mm256_packus_epi16(u0, u1);
                    let d = dst.as_mut_ptr().add(out);
                    _mm256_storeu_si256(d.cast(), _mm256_permute4x64_epi64::<0b1101_1000>(p));
                    pos += 64;
                    out += 32;
                }
                continue;
            }
            let surr = _mm256_cmpeq_epi16(top5, _mm256_set1_epi16(0xD800u16 as i16));
            if _mm256_testz_si256(surr, surr) != 0 {
                if idx & 0xAAAA_AAAA == 0xAAAA_AAAA {
                    out += one_two(u, is1, d);
                } else if idx == 0 {
                    three(u, d);
                    out += 48;
                } else {
                    out += one_two_three(u, is1, is2, idx, d);
                }
                pos += 32;
                continue;
            }
            // Eight surrogate pairs: each 32-bit lane becomes one 4-byte character.
            let pairs = _mm256_cmpeq_epi16(
                _mm256_and_si256(u, _mm256_set1_epi16(0xFC00u16 as i16)),
                _mm256_set1_epi32(0xDC00_D800u32 as i32),
            );
            if _mm256_movemask_epi8(pairs) == -1 {
                _mm256_storeu_si256(d.cast(), four_byte(u));
                pos += 32;
                out += 32;
                continue;
            }
            // Surrogates: decode the block one character at a time.
            let (i, w, unpaired) = utf16_one_by_one(s, 16, from, mode, d);
            pos += 2 * i;
            out += w;
            if unpaired {
                if mode == Mode::Strict {
                    break 'blocks;
                }
                let end = utf16_resync(src, pos + 32, from);
                out = utf16_to_utf8_lossy_stretch(src, dst, pos, end, out, from)?;
                pos = end;
            }
        }
    }
    utf16_to_utf8_rest(src, dst, pos, out, from, mode)
}

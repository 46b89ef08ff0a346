//! UTF-16 -> UTF-8 with AVX2 (after Lemire & Muła 2022).
//!
//! 16 units (32 bytes) per iteration, byte-swapped first for big-endian input:
//! - all below U+0080: packed to 16 bytes;
//! - no surrogates, all below U+0800: every unit becomes a 16-bit lane
//!   `[first byte, continuation]`; a 32-bit keep mask (the continuation is dropped
//!   for ASCII units) compresses each 8-byte group through [`COMPRESS8`];
//! - no surrogates: every unit becomes a 32-bit lane `[lead, c, c, -]`, with a
//!   keep mask of 1, 2 or 3 bytes per lane, compressed the same way;
//! - surrogates present: a scalar loop decodes the 16 (or 17, to finish a pair)
//!   units; an unpaired surrogate stops the SIMD loop at that character (strict:
//!   the scalar transcoder reports it exactly; lossy: the scalar transcoder
//!   repairs the block, then the SIMD loop resumes).

use core::arch::x86_64::*;

use crate::tables::compress::COMPRESS8;
use crate::tables::utf16_to_utf8::PACK3;
use utfast_scalar::{Endian, Mode, TranscodeError};

/// Input bytes one iteration may read: 16 units, plus one to complete a pair.
const READ: usize = 34;
/// Output bytes one iteration may store: 16 units x 3 bytes (or 4 per pair), an
/// 16-byte store overhang, and 3 spare bytes.
const WRITE: usize = 48 + 16 + 3;

/// Compresses the 32 bytes of `v` with a 32-bit keep mask, 8 bytes at a time;
/// returns the number of bytes written at `dst`.
///
/// # Safety
/// AVX2 and POPCNT; `popcount(keep) + 8` writable bytes at `dst`.
#[inline(always)]
unsafe fn compress32(v: __m256i, keep: u32, dst: *mut u8) -> usize {
    // SAFETY: see the contract; table indices are bytes of `keep` (< 256).
    unsafe {
        let k = keep.to_le_bytes();
        let t = |i: usize| -> i64 { i64::from_le_bytes(*COMPRESS8.get_unchecked(k[i] as usize)) };
        // Groups 1 and 3 sit in the upper half of their 128-bit lane: offset by 8.
        let ctl = _mm256_add_epi8(
            _mm256_setr_epi64x(t(0), t(1), t(2), t(3)),
            _mm256_setr_epi64x(0, 0x0808_0808_0808_0808, 0, 0x0808_0808_0808_0808),
        );
        // An index with the high bit set (0x80 + 8) still yields zero: harmless.
        let c = _mm256_shuffle_epi8(v, ctl);
        let mut w = 0;
        let words = [
            _mm256_extract_epi64::<0>(c),
            _mm256_extract_epi64::<1>(c),
            _mm256_extract_epi64::<2>(c),
            _mm256_extract_epi64::<3>(c),
        ];
        for (i, word) in words.into_iter().enumerate() {
            dst.add(w).cast::<i64>().write_unaligned(word);
            w += k[i].count_ones() as usize;
        }
        w
    }
}

/// Converts 16 units without surrogates, all below U+0800; returns bytes written.
#[inline(always)]
unsafe fn one_two(u: __m256i, dst: *mut u8) -> usize {
    // SAFETY: register-only AVX2 operations, then `compress32` with 40 writable bytes.
    unsafe {
        let ascii = _mm256_cmpgt_epi16(_mm256_set1_epi16(0x80), u);
        let lead = _mm256_or_si256(_mm256_srli_epi16::<6>(u), _mm256_set1_epi16(0xC0));
        let first = _mm256_blendv_epi8(lead, u, ascii);
        let cont = _mm256_or_si256(
            _mm256_and_si256(u, _mm256_set1_epi16(0x3F)),
            _mm256_set1_epi16(0x80),
        );
        let v = _mm256_or_si256(first, _mm256_slli_epi16::<8>(cont));
        let keep = 0x5555_5555 | (!_mm256_movemask_epi8(ascii) as u32 & 0xAAAA_AAAA);
        compress32(v, keep, dst)
    }
}

/// Converts 16 units without surrogates; returns bytes written.
///
/// Each unit becomes a 32-bit lane `[first, second, third, 0]` of its UTF-8 bytes
/// (interleaving two 16-bit planes); each group of four lanes is packed by one
/// [`PACK3`] control, indexed by two class bits per unit.
///
/// # Safety
/// AVX2 and POPCNT; 64 writable bytes at `dst`.
#[inline(always)]
unsafe fn one_two_three(u: __m256i, dst: *mut u8) -> usize {
    // SAFETY: register-only AVX2 operations, table indices are bytes (< 256), and
    // the four 16-byte stores end at most 48 + 12 bytes after `dst`.
    unsafe {
        let zero = _mm256_setzero_si256();
        let is1 = _mm256_cmpeq_epi16(_mm256_and_si256(u, _mm256_set1_epi16(0xFF80u16 as i16)), zero);
        let is2 = _mm256_cmpeq_epi16(_mm256_and_si256(u, _mm256_set1_epi16(0xF800u16 as i16)), zero);
        let first3 = _mm256_or_si256(_mm256_srli_epi16::<12>(u), _mm256_set1_epi16(0xE0));
        let first2 = _mm256_or_si256(_mm256_srli_epi16::<6>(u), _mm256_set1_epi16(0xC0));
        let first = _mm256_blendv_epi8(_mm256_blendv_epi8(first3, first2, is2), u, is1);
        let c6 = _mm256_set1_epi16(0x3F);
        let last = _mm256_or_si256(_mm256_and_si256(u, c6), _mm256_set1_epi16(0x80));
        let mid = _mm256_or_si256(
            _mm256_and_si256(_mm256_srli_epi16::<6>(u), c6),
            _mm256_set1_epi16(0x80),
        );
        let second = _mm256_blendv_epi8(mid, last, is2);
        let a = _mm256_or_si256(first, _mm256_slli_epi16::<8>(second));
        // Units 0-3 | 8-11, and 4-7 | 12-15.
        let lo = _mm256_unpacklo_epi16(a, last);
        let hi = _mm256_unpackhi_epi16(a, last);
        let idx = (_mm256_movemask_epi8(is1) as u32 & 0x5555_5555)
            | (_mm256_movemask_epi8(is2) as u32 & 0xAAAA_AAAA);
        let k = idx.to_le_bytes();
        let t = |g: usize| PACK3.get_unchecked(k[g] as usize).as_ptr().cast::<__m128i>();
        let lo = _mm256_shuffle_epi8(lo, _mm256_loadu2_m128i(t(2), t(0)));
        let hi = _mm256_shuffle_epi8(hi, _mm256_loadu2_m128i(t(3), t(1)));
        let len = |g: usize| 12 - k[g].count_ones() as usize;
        let mut w = 0;
        _mm_storeu_si128(dst.cast(), _mm256_castsi256_si128(lo));
        w += len(0);
        _mm_storeu_si128(dst.add(w).cast(), _mm256_castsi256_si128(hi));
        w += len(1);
        _mm_storeu_si128(dst.add(w).cast(), _mm256_extracti128_si256::<1>(lo));
        w += len(2);
        _mm_storeu_si128(dst.add(w).cast(), _mm256_extracti128_si256::<1>(hi));
        w + len(3)
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
        // SAFETY: `pos + 34 <= src.len()` bounds the 32-byte load (the second one is
        // checked against `src.len()`) and the scalar
        // reads of up to 17 units; `out + WRITE <= dst.len()` bounds every store.
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
            let not_ascii = _mm256_set1_epi16(0xFF80u16 as i16);
            // 32 ASCII units at once (the 32 bytes after `s + 32` are readable).
            if pos + 64 <= src.len() {
                let mut u1 = _mm256_loadu_si256(s.add(32).cast());
                if BE {
                    u1 = _mm256_shuffle_epi8(u1, swap);
                }
                if _mm256_testz_si256(_mm256_or_si256(u, u1), not_ascii) != 0 {
                    let p = _mm256_permute4x64_epi64::<0b1101_1000>(_mm256_packus_epi16(u, u1));
                    _mm256_storeu_si256(d.cast(), p);
                    pos += 64;
                    out += 32;
                    continue;
                }
            }
            // Saturating pack: units < 0x80 stay (the rest is not used).
            if _mm256_testz_si256(u, not_ascii) != 0 {
                let p = _mm256_packus_epi16(u, u);
                let p = _mm256_permute4x64_epi64::<0b1000>(p);
                _mm_storeu_si128(d.cast(), _mm256_castsi256_si128(p));
                pos += 32;
                out += 16;
                continue;
            }
            let surr = _mm256_cmpeq_epi16(
                _mm256_and_si256(u, _mm256_set1_epi16(0xF800u16 as i16)),
                _mm256_set1_epi16(0xD800u16 as i16),
            );
            if _mm256_testz_si256(surr, surr) != 0 {
                if _mm256_testz_si256(u, _mm256_set1_epi16(0xF800u16 as i16)) != 0 {
                    out += one_two(u, d);
                } else {
                    out += one_two_three(u, d);
                }
                pos += 32;
                continue;
            }
            // Surrogates: decode the block one character at a time.
            let unit = |i: usize| -> u32 {
                let b = [*s.add(2 * i), *s.add(2 * i + 1)];
                from.read_u16(b) as u32
            };
            let mut i = 0;
            let mut w = 0;
            while i < 16 {
                let c = unit(i);
                if c < 0x80 {
                    *d.add(w) = c as u8;
                    w += 1;
                    i += 1;
                } else if c < 0x800 {
                    *d.add(w) = 0xC0 | (c >> 6) as u8;
                    *d.add(w + 1) = 0x80 | (c & 0x3F) as u8;
                    w += 2;
                    i += 1;
                } else if !(0xD800..0xE000).contains(&c) {
                    *d.add(w) = 0xE0 | (c >> 12) as u8;
                    *d.add(w + 1) = 0x80 | ((c >> 6) & 0x3F) as u8;
                    *d.add(w + 2) = 0x80 | (c & 0x3F) as u8;
                    w += 3;
                    i += 1;
                } else if c < 0xDC00 && (0xDC00..0xE000).contains(&unit(i + 1)) {
                    let cp = 0x10000 + ((c - 0xD800) << 10) + (unit(i + 1) - 0xDC00);
                    *d.add(w) = 0xF0 | (cp >> 18) as u8;
                    *d.add(w + 1) = 0x80 | ((cp >> 12) & 0x3F) as u8;
                    *d.add(w + 2) = 0x80 | ((cp >> 6) & 0x3F) as u8;
                    *d.add(w + 3) = 0x80 | (cp & 0x3F) as u8;
                    w += 4;
                    i += 2;
                } else if mode == Mode::Valid {
                    // Trusted input that is not: any output is allowed, keep going.
                    *d.add(w) = b'?';
                    w += 1;
                    i += 1;
                } else {
                    // Unpaired surrogate at unit i.
                    pos += 2 * i;
                    out += w;
                    if mode == Mode::Strict {
                        break 'blocks;
                    }
                    let end = super::utf16_resync(src, pos + 32, from);
                    out = super::utf16_to_utf8_lossy_stretch(src, dst, pos, end, out, from)?;
                    pos = end;
                    continue 'blocks;
                }
            }
            pos += 2 * i;
            out += w;
        }
    }
    super::utf16_to_utf8_rest(src, dst, pos, out, from, mode)
}

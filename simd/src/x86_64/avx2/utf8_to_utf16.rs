//! UTF-8 -> UTF-16 with AVX2 (after Lemire & Muła 2022).
//!
//! The input is processed in 64-byte blocks that start at a character boundary:
//! - an all-ASCII block is widened directly (64 bytes -> 64 units), and an ASCII
//!   run continues in a tight loop of 128 bytes per step;
//! - a block of 21 three-byte characters (bytes 0..63; most blocks of CJK text)
//!   is recognised by its byte layout and checked only for the E0/ED second-byte
//!   ranges, then converted by fixed shuffles (see `avx2_utf8_blocks`);
//! - otherwise the block is validated ([`block_has_error`]) and the continuation
//!   bytes give the character ends (byte `i` ends a character when byte `i + 1` is
//!   not a continuation byte);
//! - a block without bytes >= 0xF0 (characters of one to three bytes) is converted
//!   at once, without a serial chain: at every byte position the code unit of a
//!   character ending there is computed from the byte and the two before it, as
//!   planes of low and high bytes, and the positions that end a character are
//!   kept by `COMPRESS8` shuffles, 8 positions per lookup. Characters ending at
//!   bytes 0..=62 are consumed (a sequence cut at byte 63 was not validated);
//! - a block of sixteen 4-byte characters becomes sixteen surrogate pairs, one
//!   32-bit lane each, by arithmetic alone;
//! - any other block (4-byte characters mixed with shorter ones) is converted in
//!   windows of 12 bytes, one after the other: the window's 12 end bits index
//!   [`UTF8_TO_UTF16`], whose entry gives a `pshufb` control that moves each
//!   character into its own 16- or 32-bit lane (shape A: six 1..2-byte
//!   characters, B: four 1..3-byte characters, C: three 1..4-byte characters)
//!   and the number of bytes consumed; the bits are then combined arithmetically
//!   into code points (and surrogate pairs for shape C). 16 consecutive character
//!   ends mean 16 ASCII bytes, widened directly. Only characters ending at byte
//!   60 or earlier are consumed, so every consumed character and the byte after
//!   it were validated inside the block.
//!
//! The next block starts right after the last consumed character.

use core::arch::x86_64::*;

use super::rest::{utf8_to_utf16_lossy_stretch, utf8_to_utf16_rest};
use super::utf8_blocks::{
    block_1_to_3, block_three, four_byte, three_byte_layout, three_byte_range_error, ALL_THREE_BYTE,
};
use crate::generic::handover::utf8_resync;
use crate::generic::utf8_validate::block_has_error;
use crate::tables::compress::PAIR_COMPACT;
use crate::tables::utf8_to_utf16::{SHAPE_A, SHAPE_B_END, UTF8_TO_UTF16};
use utfast_scalar::{Endian, Mode, TranscodeError};

/// Bytes of input one block iteration may read (64 + 16 for the last window).
const READ: usize = 80;
/// Bytes of output one block iteration may store (at most 2 per consumed input
/// byte, plus a 16-byte store overhang), plus 3 spare bytes (see the module docs
/// of `transcode`).
const WRITE: usize = 128 + 16 + 3;

/// Swaps the bytes of each 16-bit lane when the output is big-endian.
///
/// # Safety
/// The CPU supports AVX2 (register operations only).
#[inline(always)]
unsafe fn order128<const BE: bool>(v: __m128i) -> __m128i {
    if BE {
        // SAFETY: register-only SSSE3 operation (implied by AVX2).
        unsafe {
            _mm_shuffle_epi8(
                v,
                _mm_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14),
            )
        }
    } else {
        v
    }
}

/// Widens 16 ASCII bytes at `src` to 16 units at `dst`.
///
/// # Safety
/// AVX2; 16 readable bytes at `src`, 32 writable bytes at `dst`.
#[inline(always)]
unsafe fn widen16<const BE: bool>(src: *const u8, dst: *mut u8) {
    // SAFETY: the caller guarantees 16 readable bytes at `src`, 32 writable at `dst`.
    unsafe {
        let w = _mm256_cvtepu8_epi16(_mm_loadu_si128(src.cast()));
        let w = if BE { _mm256_slli_epi16::<8>(w) } else { w };
        _mm256_storeu_si256(dst.cast(), w);
    }
}

/// Widens the `16 * K` bytes at `src` to as many units at `dst` and returns
/// whether they were all ASCII (else nothing is consumed).
///
/// With `SCRATCH` (the caller's promise that `dst` has room for the conversion
/// of all the rest of the input, so the call cannot end in `OutputTooSmall`, the
/// one error after which nothing past `written` may change) the units are stored
/// before the test: each 16-byte load is widened by the load instruction itself
/// (`vpmovzxbw` from memory, no extraction of register halves) and the test is
/// one OR per load; when the bytes were not all ASCII, the stores are scratch
/// that later stores overwrite. Without `SCRATCH`, the bytes are tested first.
///
/// # Safety
/// AVX2; `16 * K` readable bytes at `src`, `32 * K` writable bytes at `dst`.
#[inline(always)]
unsafe fn widen_if_ascii<const BE: bool, const K: usize, const SCRATCH: bool>(
    src: *const u8,
    dst: *mut u8,
) -> bool {
    // SAFETY: the caller guarantees `16 * K` readable bytes at `src`, `32 * K`
    // writable at `dst`.
    unsafe {
        if !SCRATCH {
            let mut any = _mm_setzero_si128();
            for i in 0..K {
                any = _mm_or_si128(any, _mm_loadu_si128(src.add(16 * i).cast()));
            }
            if _mm_movemask_epi8(any) != 0 {
                return false;
            }
        }
        let mut any = _mm256_setzero_si256();
        for i in 0..K {
            let w = _mm256_cvtepu8_epi16(_mm_loadu_si128(src.add(16 * i).cast()));
            any = _mm256_or_si256(any, w);
            let w = if BE { _mm256_slli_epi16::<8>(w) } else { w };
            _mm256_storeu_si256(dst.add(32 * i).cast(), w);
        }
        _mm256_testz_si256(any, _mm256_set1_epi16(0x80)) != 0
    }
}

/// Converts the ASCII run at `pos` (to `out`): 128, then 64 bytes per step,
/// while they are all ASCII and fit; returns the new `(pos, out)`. `SCRATCH`:
/// see [`widen_if_ascii`].
///
/// # Safety
/// AVX2; `pos <= src.len()`, `out <= dst.len()`.
#[inline(always)]
unsafe fn ascii_run<const BE: bool, const SCRATCH: bool>(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
) -> (usize, usize) {
    // SAFETY: each step checks its 128 (64) bytes read at `pos` and 256 (128)
    // written at `out`.
    unsafe {
        while pos + 128 <= src.len() && out + 256 <= dst.len() {
            let (s, d) = (src.as_ptr().add(pos), dst.as_mut_ptr().add(out));
            if !widen_if_ascii::<BE, 8, SCRATCH>(s, d) {
                break;
            }
            pos += 128;
            out += 256;
        }
        while pos + 64 <= src.len() && out + 128 <= dst.len() {
            let (s, d) = (src.as_ptr().add(pos), dst.as_mut_ptr().add(out));
            if !widen_if_ascii::<BE, 4, SCRATCH>(s, d) {
                break;
            }
            pos += 64;
            out += 128;
        }
    }
    (pos, out)
}

/// Converts one window at `src` described by table entry `id`; returns bytes written.
///
/// # Safety
/// AVX2; 16 readable bytes at `src`; 16 writable bytes at `dst`.
#[inline(always)]
unsafe fn convert_window<const BE: bool>(src: *const u8, dst: *mut u8, id: usize) -> usize {
    // SAFETY: see the function's contract; the table index `id` comes from the
    // table itself, so it is in bounds (checked by `get_unchecked`'s debug assert).
    unsafe {
        let t = &UTF8_TO_UTF16;
        debug_assert!(id < t.shuffle.len());
        let ctl = _mm_loadu_si128(t.shuffle.get_unchecked(id).as_ptr().cast());
        let perm = _mm_shuffle_epi8(_mm_loadu_si128(src.cast()), ctl);
        if id < SHAPE_A as usize {
            // 16-bit lanes [last, lead]: 7 bits + 5 bits.
            let lo = _mm_and_si128(perm, _mm_set1_epi16(0x7F));
            let hi = _mm_srli_epi16::<2>(_mm_and_si128(perm, _mm_set1_epi16(0x1F00)));
            _mm_storeu_si128(dst.cast(), order128::<BE>(_mm_or_si128(lo, hi)));
            12
        } else if id < SHAPE_B_END as usize {
            // 32-bit lanes [last, middle, lead, 0]: 6(7) + 6 + 4 bits.
            let b0 = _mm_and_si128(perm, _mm_set1_epi32(0x7F));
            let b1 = _mm_srli_epi32::<2>(_mm_and_si128(perm, _mm_set1_epi32(0x3F00)));
            let b2 = _mm_srli_epi32::<4>(_mm_and_si128(perm, _mm_set1_epi32(0x0F_0000)));
            let v = _mm_or_si128(_mm_or_si128(b0, b1), b2);
            let v = _mm_packus_epi32(v, v);
            _mm_storel_epi64(dst.cast(), order128::<BE>(v));
            8
        } else {
            // 32-bit lanes [last, c, c or lead, lead or 0]. The third byte is a lead
            // (4 payload bits) when the fourth is zero, else a continuation (6).
            let b0 = _mm_and_si128(perm, _mm_set1_epi32(0x7F));
            let b1 = _mm_srli_epi32::<2>(_mm_and_si128(perm, _mm_set1_epi32(0x3F00)));
            let short = _mm_cmpeq_epi32(_mm_srli_epi32::<24>(perm), _mm_setzero_si128());
            let m2 = _mm_xor_si128(
                _mm_set1_epi32(0x3F_0000),
                _mm_and_si128(short, _mm_set1_epi32(0x30_0000)),
            );
            let b2 = _mm_srli_epi32::<4>(_mm_and_si128(perm, m2));
            let b3 = _mm_srli_epi32::<6>(_mm_and_si128(perm, _mm_set1_epi32(0x0700_0000)));
            let v = _mm_or_si128(_mm_or_si128(b0, b1), _mm_or_si128(b2, b3));
            let supp = _mm_cmpgt_epi32(v, _mm_set1_epi32(0xFFFF));
            let s = _mm_movemask_ps(_mm_castsi128_ps(supp)) as usize & 7;
            let off = _mm_sub_epi32(v, _mm_set1_epi32(0x1_0000));
            let high = _mm_or_si128(_mm_srli_epi32::<10>(off), _mm_set1_epi32(0xD800));
            let low = _mm_or_si128(
                _mm_and_si128(off, _mm_set1_epi32(0x3FF)),
                _mm_set1_epi32(0xDC00),
            );
            let pair = _mm_or_si128(
                _mm_and_si128(high, _mm_set1_epi32(0xFFFF)),
                _mm_slli_epi32::<16>(low),
            );
            let units = _mm_blendv_epi8(v, pair, supp);
            let packed = _mm_shuffle_epi8(
                units,
                _mm_loadu_si128(PAIR_COMPACT.get_unchecked(s).as_ptr().cast()),
            );
            _mm_storeu_si128(dst.cast(), order128::<BE>(packed));
            2 * (3 + s.count_ones() as usize)
        }
    }
}

/// The AVX2 UTF-8 -> UTF-16 loop (`BE`: big-endian output).
///
/// # Safety
/// The CPU must support AVX2 and POPCNT.
#[target_feature(enable = "avx2,popcnt")]
pub(crate) unsafe fn utf8_to_utf16<const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let to = if BE { Endian::Big } else { Endian::Little };
    let (mut pos, mut out) = (0usize, 0usize);
    while pos + READ <= src.len() && out + WRITE <= dst.len() {
        // SAFETY: `pos + 80 <= src.len()` bounds every load of this iteration
        // (at most `s + 65` for the block checks; windows of 16 bytes start at
        // offset <= 60),
        // and `out + WRITE <= dst.len()` every store (see WRITE). The ASCII run
        // loop checks its own bounds (64 bytes read, 128 written).
        unsafe {
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let v0 = _mm256_loadu_si256(s.cast());
            let v1 = _mm256_loadu_si256(s.add(32).cast());
            if _mm256_movemask_epi8(_mm256_or_si256(v0, v1)) == 0 {
                widen16::<BE>(s, d);
                widen16::<BE>(s.add(16), d.add(32));
                widen16::<BE>(s.add(32), d.add(64));
                widen16::<BE>(s.add(48), d.add(96));
                pos += 64;
                out += 128;
                // An ASCII run. (The output is at most two bytes per input byte.)
                (pos, out) = if dst.len() - out >= 2 * (src.len() - pos) {
                    ascii_run::<BE, true>(src, dst, pos, out)
                } else {
                    ascii_run::<BE, false>(src, dst, pos, out)
                };
                continue;
            }
            let c0 = _mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(-0x40), v0)) as u32;
            let c1 = _mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(-0x40), v1)) as u32;
            let cont = c0 as u64 | (c1 as u64) << 32;
            // Ends at bytes 0..=62: a sequence cut at byte 63 is not validated.
            let ends = !(cont >> 1) & (u64::MAX >> 1);
            // 21 three-byte characters (most blocks of CJK text): a direct check
            // of the layout and of the E0/ED ranges replaces the validator, and
            // the block consumes a constant 63 bytes. (An error falls through to
            // the general path, which reports it.)
            if ends == ALL_THREE_BYTE
                && three_byte_layout(v0, v1)
                && (mode == Mode::Valid || !three_byte_range_error(s, v0, v1))
            {
                block_three::<BE>(s, v0, v1, d);
                pos += 63;
                out += 42;
                continue;
            }
            let top = _mm256_subs_epu8(_mm256_max_epu8(v0, v1), _mm256_set1_epi8(0xEF_u8 as i8));
            let below_f0 = _mm256_testz_si256(top, top) != 0;
            if mode != Mode::Valid && block_has_error::<__m256i>(s) {
                if mode == Mode::Strict {
                    break;
                }
                let end = utf8_resync(src, pos + 64);
                out = utf8_to_utf16_lossy_stretch(src, dst, pos, end, out, to)?;
                pos = end;
                continue;
            }
            // No byte >= 0xF0 (no 4-byte character): convert the whole block at
            // once. (`ends` is 0 only for invalid input in `Mode::Valid`.)
            if below_f0 && ends != 0 {
                out += block_1_to_3::<BE>(s, v0, v1, ends, d);
                pos += 64 - ends.leading_zeros() as usize;
                continue;
            }
            // Sixteen 4-byte characters: each 32-bit lane becomes a surrogate pair.
            // (Byte 64 not being a continuation completes the last one, whose
            // bytes were all checked in the block.)
            let cont64 = ((*s.add(64) as i8) < -0x40) as u64;
            if !(cont >> 1 | cont64 << 63) == 0x8888_8888_8888_8888 {
                _mm256_storeu_si256(d.cast(), four_byte::<BE>(v0));
                _mm256_storeu_si256(d.add(32).cast(), four_byte::<BE>(v1));
                pos += 64;
                out += 64;
                continue;
            }
            // Ends at bytes 0..=60 only (bit i: byte i+1 is not a continuation).
            let ends = (!cont >> 1) & ((1u64 << 61) - 1);
            let mut o = 0usize;
            let mut w = 0usize;
            while o <= 49 {
                if o <= 45 && (ends >> o) & 0xFFFF == 0xFFFF {
                    widen16::<BE>(s.add(o), d.add(w));
                    o += 16;
                    w += 32;
                    continue;
                }
                let id = *UTF8_TO_UTF16
                    .index
                    .get_unchecked(((ends >> o) & 0xFFF) as usize)
                    as usize;
                w += convert_window::<BE>(s.add(o), d.add(w), id);
                o += *UTF8_TO_UTF16.consumed.get_unchecked(id) as usize;
            }
            pos += o;
            out += w;
        }
    }
    // An ASCII tail, 16 bytes at a time (the scalar rest is slow per byte).
    while pos + 16 <= src.len() && out + 32 <= dst.len() {
        // SAFETY: 16 bytes read at `pos`, 32 written at `out`, both checked above.
        unsafe {
            let s = src.as_ptr().add(pos);
            if _mm_movemask_epi8(_mm_loadu_si128(s.cast())) != 0 {
                break;
            }
            widen16::<BE>(s, dst.as_mut_ptr().add(out));
        }
        pos += 16;
        out += 32;
    }
    utf8_to_utf16_rest(src, dst, pos, out, to, mode)
}

//! UTF-8 -> UTF-16 with AVX2 (after Lemire & Muła 2022).
//!
//! The input is processed in 64-byte blocks that start at a character boundary:
//! - an all-ASCII block is widened directly (64 bytes -> 64 units), and an ASCII
//!   run continues in a tight loop of 128 bytes per step;
//! - otherwise the block is validated ([`block_has_error`]) and the continuation
//!   bytes give the character ends (byte `i` ends a character when byte `i + 1` is
//!   not a continuation byte);
//! - a block without bytes >= 0xF0 (characters of one to three bytes) is converted
//!   at once, without a serial chain: at every byte position the code unit of a
//!   character ending there is computed from the byte and the two before it, as
//!   planes of low and high bytes, and the positions that end a character are
//!   kept by [`COMPRESS8`] shuffles, 8 positions per lookup. Characters ending at
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

use crate::generic::utf8_validate::block_has_error;
use crate::tables::compress::{COMPRESS8, PAIR_COMPACT};
use crate::tables::utf8_to_utf16::{SHAPE_A, SHAPE_B_END, UTF8_TO_UTF16};
use utfast_scalar::{Endian, Mode, TranscodeError};

/// Bytes of input one block iteration may read (64 + 16 for the last window).
const READ: usize = 80;
/// Bytes of output one block iteration may store (at most 2 per consumed input
/// byte, plus a 16-byte store overhang), plus 3 spare bytes (see the module docs
/// of `transcode`).
const WRITE: usize = 128 + 16 + 3;

/// Swaps the bytes of each 16-bit lane when the output is big-endian.
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
#[inline(always)]
unsafe fn widen16<const BE: bool>(src: *const u8, dst: *mut u8) {
    // SAFETY: the caller guarantees 16 readable bytes at `src`, 32 writable at `dst`.
    unsafe {
        let w = _mm256_cvtepu8_epi16(_mm_loadu_si128(src.cast()));
        let w = if BE { _mm256_slli_epi16::<8>(w) } else { w };
        _mm256_storeu_si256(dst.cast(), w);
    }
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

/// The code units of the characters ending in the 32 bytes `v` (`p`, `pp`: the
/// same bytes shifted by one and two positions, i.e. the bytes before each), as
/// planes of low and high bytes; the lanes of bytes that do not end a character
/// hold garbage.
///
/// A character ending at byte `b` with previous bytes `p`, `pp` is ASCII (`b`), or
/// its low byte is `p << 6 | b & 0x3F` and its high byte `p >> 2 & 0x0F`, plus
/// `pp << 4` when `p` is a continuation byte (a three-byte character).
#[inline(always)]
unsafe fn unit_planes(v: __m256i, p: __m256i, pp: __m256i) -> (__m256i, __m256i) {
    // SAFETY: register-only AVX2 operations.
    unsafe {
        let low = _mm256_or_si256(
            _mm256_and_si256(v, _mm256_set1_epi8(0x3F)),
            _mm256_and_si256(_mm256_slli_epi16::<6>(p), _mm256_set1_epi8(0xC0_u8 as i8)),
        );
        let low = _mm256_blendv_epi8(v, low, v);
        let p_cont = _mm256_cmpgt_epi8(_mm256_set1_epi8(-0x40), p);
        let high = _mm256_or_si256(
            _mm256_and_si256(_mm256_srli_epi16::<2>(p), _mm256_set1_epi8(0x0F)),
            _mm256_and_si256(
                _mm256_and_si256(_mm256_slli_epi16::<4>(pp), _mm256_set1_epi8(0xF0_u8 as i8)),
                p_cont,
            ),
        );
        let high = _mm256_and_si256(high, _mm256_cmpgt_epi8(_mm256_setzero_si256(), v));
        (low, high)
    }
}

/// Keeps the units of 32 byte positions selected by `keep` (bit `i`: byte `i`
/// ends a character), given as byte planes; stores them in order at `dst` and
/// returns the number of bytes written (two per unit).
///
/// # Safety
/// AVX2 and POPCNT; `2 * popcount(keep) + 16` writable bytes at `dst`.
#[inline(always)]
unsafe fn compress_units<const BE: bool>(
    low: __m256i,
    high: __m256i,
    keep: u32,
    dst: *mut u8,
) -> usize {
    // SAFETY: see the contract; table indices are bytes of `keep` (< 256).
    unsafe {
        let k = keep.to_le_bytes();
        let t = |i: usize| {
            COMPRESS8
                .get_unchecked(k[i] as usize)
                .as_ptr()
                .cast::<f64>()
        };
        // Two 8-byte controls per 128-bit lane (a low and a high 64-bit load).
        let pair = |i: usize| _mm_castpd_si128(_mm_loadh_pd(_mm_load_sd(t(i)), t(i + 1)));
        // Groups 1 and 3 sit in the upper half of their 128-bit lane: offset by 8.
        let ctl = _mm256_add_epi8(
            _mm256_inserti128_si256::<1>(_mm256_castsi128_si256(pair(0)), pair(2)),
            _mm256_setr_epi64x(0, 0x0808_0808_0808_0808, 0, 0x0808_0808_0808_0808),
        );
        let (a, b) = if BE { (high, low) } else { (low, high) };
        let a = _mm256_shuffle_epi8(a, ctl);
        let b = _mm256_shuffle_epi8(b, ctl);
        // Groups 0 and 2, then 1 and 3, each as 8 interleaved units.
        let even = _mm256_unpacklo_epi8(a, b);
        let odd = _mm256_unpackhi_epi8(a, b);
        // Group g starts after two bytes per kept position of the earlier groups.
        let at = |bits: u32| 2 * (keep & ((1u64 << bits) - 1) as u32).count_ones() as usize;
        _mm_storeu_si128(dst.cast(), _mm256_castsi256_si128(even));
        _mm_storeu_si128(dst.add(at(8)).cast(), _mm256_castsi256_si128(odd));
        _mm_storeu_si128(dst.add(at(16)).cast(), _mm256_extracti128_si256::<1>(even));
        _mm_storeu_si128(dst.add(at(24)).cast(), _mm256_extracti128_si256::<1>(odd));
        at(32)
    }
}

/// Converts the validated block `v0`, `v1` at `src` (starting at a character
/// boundary, without four-byte characters) whose character ends are `ends`
/// (nonzero, bit 63 clear): every character ending there.
/// Returns bytes written; the caller consumes up to the last end.
///
/// # Safety
/// AVX2 and POPCNT; 64 readable bytes at `src` (`v0`, `v1`); 144 writable
/// bytes at `dst`.
#[inline(always)]
unsafe fn block_1_to_3<const BE: bool>(
    src: *const u8,
    v0: __m256i,
    v1: __m256i,
    ends: u64,
    dst: *mut u8,
) -> usize {
    // SAFETY: the loads read `src + 30..src + 63`; at most 64 units (128 bytes)
    // plus a 16-byte overhang are stored.
    unsafe {
        // Bytes before the block do not matter (it starts at a character boundary).
        let carry = _mm256_permute2x128_si256::<0x08>(v0, v0);
        let p0 = _mm256_alignr_epi8::<15>(v0, carry);
        let pp0 = _mm256_alignr_epi8::<14>(v0, carry);
        let (l0, h0) = unit_planes(v0, p0, pp0);
        let p1 = _mm256_loadu_si256(src.add(31).cast());
        let pp1 = _mm256_loadu_si256(src.add(30).cast());
        let (l1, h1) = unit_planes(v1, p1, pp1);
        if ends == ALL_THREE_BYTE {
            // 21 three-byte characters: fixed positions, no table lookups.
            let ctl0 = _mm256_setr_epi8(
                2, 5, 8, 11, 14, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, //
                1, 4, 7, 10, 13, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
            );
            let ctl1 = _mm256_setr_epi8(
                0, 3, 6, 9, 12, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, //
                2, 5, 8, 11, 14, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
            );
            let u0 = pick_units::<BE>(l0, h0, ctl0);
            let u1 = pick_units::<BE>(l1, h1, ctl1);
            _mm_storeu_si128(dst.cast(), _mm256_castsi256_si128(u0));
            _mm_storeu_si128(dst.add(10).cast(), _mm256_extracti128_si256::<1>(u0));
            _mm_storeu_si128(dst.add(20).cast(), _mm256_castsi256_si128(u1));
            _mm_storeu_si128(dst.add(32).cast(), _mm256_extracti128_si256::<1>(u1));
            return 42;
        }
        let w = compress_units::<BE>(l0, h0, ends as u32, dst);
        w + compress_units::<BE>(l1, h1, (ends >> 32) as u32, dst.add(w))
    }
}

/// The units at the byte positions `ctl` (at most 8 per 128-bit lane) of the
/// byte planes `low`, `high`, in the byte order `BE`.
#[inline(always)]
unsafe fn pick_units<const BE: bool>(low: __m256i, high: __m256i, ctl: __m256i) -> __m256i {
    // SAFETY: register-only AVX2 operations.
    unsafe {
        let (a, b) = if BE { (high, low) } else { (low, high) };
        _mm256_unpacklo_epi8(_mm256_shuffle_epi8(a, ctl), _mm256_shuffle_epi8(b, ctl))
    }
}

/// The end mask of a block of 21 three-byte characters (ends at bytes 2, 5, .., 62).
const ALL_THREE_BYTE: u64 = 0x4924_9249_2492_4924;

/// Lead bytes >= 0xE0, and E0 followed by 80..9F or ED followed by A0..BF, among
/// the 32 bytes `v` (followed by the 32 bytes `next`), as bit masks.
#[inline(always)]
unsafe fn three_byte_leads(v: __m256i, next: __m256i) -> (u64, u64) {
    // SAFETY: register-only AVX2 operations.
    unsafe {
        let lead = _mm256_cmpeq_epi8(_mm256_max_epu8(v, _mm256_set1_epi8(0xE0_u8 as i8)), v);
        let overlong = _mm256_and_si256(
            _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0xE0_u8 as i8)),
            _mm256_cmpgt_epi8(_mm256_set1_epi8(0xA0_u8 as i8), next),
        );
        let surrogate = _mm256_and_si256(
            _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0xED_u8 as i8)),
            _mm256_cmpgt_epi8(next, _mm256_set1_epi8(0x9F_u8 as i8)),
        );
        (
            _mm256_movemask_epi8(lead) as u32 as u64,
            _mm256_movemask_epi8(_mm256_or_si256(overlong, surrogate)) as u32 as u64,
        )
    }
}

/// The validation of a block that has no byte >= 0xF0 and the end mask
/// [`ALL_THREE_BYTE`] (so bytes 1, 2, 4, 5, .. 61, 62 are continuation bytes and
/// bytes 3, 6, .., 63 are not): whether the 21 characters at bytes 0..63 are not
/// all well-formed three-byte sequences, i.e. a byte 0, 3, .., 60 is not a lead
/// E0..EF, or an E0 is followed by 80..9F (overlong) or an ED by A0..BF (a
/// surrogate). Byte 63 starts the next block and is checked there.
///
/// # Safety
/// AVX2; 65 readable bytes at `src`, whose first 64 are `v0`, `v1`.
#[inline(always)]
unsafe fn three_byte_error(src: *const u8, v0: __m256i, v1: __m256i) -> bool {
    // SAFETY: the loads read `src + 1..src + 65` (the caller's promise).
    unsafe {
        let (l0, b0) = three_byte_leads(v0, _mm256_loadu_si256(src.add(1).cast()));
        let (l1, b1) = three_byte_leads(v1, _mm256_loadu_si256(src.add(33).cast()));
        let first63 = u64::MAX >> 1;
        let leads = (l0 | l1 << 32) & first63;
        let bad = (b0 | b1 << 32) & first63;
        leads != ALL_THREE_BYTE >> 2 || bad != 0
    }
}

/// Converts eight 4-byte characters, one per 32-bit lane of `v`, to eight
/// surrogate pairs (UTF-16 in the byte order `BE`).
#[inline(always)]
unsafe fn four_byte<const BE: bool>(v: __m256i) -> __m256i {
    // SAFETY: register-only AVX2 operations.
    unsafe {
        // Lane bytes [lead, c1, c2, c3]: 3 + 6 + 6 + 6 payload bits.
        let cp = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_slli_epi32::<18>(_mm256_and_si256(v, _mm256_set1_epi32(0x07))),
                _mm256_slli_epi32::<4>(_mm256_and_si256(v, _mm256_set1_epi32(0x3F00))),
            ),
            _mm256_or_si256(
                _mm256_and_si256(_mm256_srli_epi32::<10>(v), _mm256_set1_epi32(0x0FC0)),
                _mm256_and_si256(_mm256_srli_epi32::<24>(v), _mm256_set1_epi32(0x3F)),
            ),
        );
        let off = _mm256_sub_epi32(cp, _mm256_set1_epi32(0x1_0000));
        let high = _mm256_or_si256(_mm256_srli_epi32::<10>(off), _mm256_set1_epi32(0xD800));
        let low = _mm256_or_si256(
            _mm256_and_si256(off, _mm256_set1_epi32(0x3FF)),
            _mm256_set1_epi32(0xDC00),
        );
        // `high` fits 16 bits for a valid character; garbage in `Mode::Valid` is
        // masked so it cannot spill into the low unit.
        let pair = _mm256_or_si256(
            _mm256_and_si256(high, _mm256_set1_epi32(0xFFFF)),
            _mm256_slli_epi32::<16>(low),
        );
        if BE {
            let swap = _mm_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
            _mm256_shuffle_epi8(pair, _mm256_broadcastsi128_si256(swap))
        } else {
            pair
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
        // (64 block bytes, windows of 16 bytes starting at offset <= 49 + 12... <= 60),
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
                // An ASCII run: 128, then 64 bytes per step.
                while pos + 128 <= src.len() && out + 256 <= dst.len() {
                    let s = src.as_ptr().add(pos);
                    let v0 = _mm256_loadu_si256(s.cast());
                    let v1 = _mm256_loadu_si256(s.add(32).cast());
                    let v2 = _mm256_loadu_si256(s.add(64).cast());
                    let v3 = _mm256_loadu_si256(s.add(96).cast());
                    let any = _mm256_or_si256(_mm256_or_si256(v0, v1), _mm256_or_si256(v2, v3));
                    if _mm256_movemask_epi8(any) != 0 {
                        break;
                    }
                    let d = dst.as_mut_ptr().add(out);
                    for i in 0..8 {
                        widen16::<BE>(s.add(16 * i), d.add(32 * i));
                    }
                    pos += 128;
                    out += 256;
                }
                while pos + 64 <= src.len() && out + 128 <= dst.len() {
                    let s = src.as_ptr().add(pos);
                    let v0 = _mm256_loadu_si256(s.cast());
                    let v1 = _mm256_loadu_si256(s.add(32).cast());
                    if _mm256_movemask_epi8(_mm256_or_si256(v0, v1)) != 0 {
                        break;
                    }
                    let d = dst.as_mut_ptr().add(out);
                    widen16::<BE>(s, d);
                    widen16::<BE>(s.add(16), d.add(32));
                    widen16::<BE>(s.add(32), d.add(64));
                    widen16::<BE>(s.add(48), d.add(96));
                    pos += 64;
                    out += 128;
                }
                continue;
            }
            let c0 = _mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(-0x40), v0)) as u32;
            let c1 = _mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(-0x40), v1)) as u32;
            let cont = c0 as u64 | (c1 as u64) << 32;
            let top = _mm256_subs_epu8(_mm256_max_epu8(v0, v1), _mm256_set1_epi8(0xEF_u8 as i8));
            let below_f0 = _mm256_testz_si256(top, top) != 0;
            // Ends at bytes 0..=62: a sequence cut at byte 63 is not validated.
            let ends = !(cont >> 1) & (u64::MAX >> 1);
            let error = match mode {
                Mode::Valid => false,
                _ if below_f0 && ends == ALL_THREE_BYTE => three_byte_error(s, v0, v1),
                _ => block_has_error::<__m256i>(s),
            };
            if error {
                if mode == Mode::Strict {
                    break;
                }
                let end = super::utf8_resync(src, pos + 64);
                out = super::utf8_to_utf16_lossy_stretch(src, dst, pos, end, out, to)?;
                pos = end;
                continue;
            }
            // No byte >= 0xF0 (no 4-byte character): convert the whole block at once.
            if below_f0 {
                if ends != 0 {
                    out += block_1_to_3::<BE>(s, v0, v1, ends, d);
                    pos += 64 - ends.leading_zeros() as usize;
                    continue;
                }
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
    super::utf8_to_utf16_rest(src, dst, pos, out, to, mode)
}

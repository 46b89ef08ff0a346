//! Whole-block conversions of the avx2 kernel's UTF-8 -> UTF-16/UTF-32 hooks (see
//! `super::utf8_decode`): 64 bytes that start at a character boundary, converted
//! without a serial chain of table lookups, to UTF-16 or (`UTF32`) UTF-32, in the
//! byte order `BE`.
//!
//! - one- to three-byte characters: the code unit of a character ending at each
//!   byte position, as byte planes ([`block_planes`]), compressed by the end mask
//!   through [`COMPRESS8`] ([`block_1_to_3`]; without three-byte characters the
//!   bytes two positions back are not needed); UTF-32 zero-extends the compressed
//!   units;
//! - 21 three-byte characters at fixed positions (most blocks of CJK text): a
//!   direct check of the byte layout ([`three_byte_layout`]) and of the E0/ED
//!   second-byte ranges ([`three_byte_range_error`]) replaces the general
//!   validator, and fixed shuffles replace the table ([`block_three`]);
//! - sixteen 4-byte characters: one code point, or one surrogate pair, per 32-bit
//!   lane ([`four_byte`]).

use core::arch::x86_64::*;

use crate::tables::compress::COMPRESS8;

/// The planes of low and high unit bytes ([`unit_planes`]) of the two halves of
/// the block `v0`, `v1` at `src`; `THREE`: the block may have three-byte
/// characters (else it has none, and the bytes two positions back are not needed).
///
/// # Safety
/// AVX2; 64 readable bytes at `src` (`v0`, `v1`).
#[inline(always)]
pub(super) unsafe fn block_planes<const THREE: bool>(
    src: *const u8,
    v0: __m256i,
    v1: __m256i,
) -> [(__m256i, __m256i); 2] {
    // SAFETY: the loads read `src + 30..src + 63`.
    unsafe {
        // Bytes before the block do not matter (it starts at a character boundary).
        let carry = _mm256_permute2x128_si256::<0x08>(v0, v0);
        let p0 = _mm256_alignr_epi8::<15>(v0, carry);
        let p1 = _mm256_loadu_si256(src.add(31).cast());
        let (pp0, pp1) = if THREE {
            (
                _mm256_alignr_epi8::<14>(v0, carry),
                _mm256_loadu_si256(src.add(30).cast()),
            )
        } else {
            (p0, p1)
        };
        [
            unit_planes::<THREE>(v0, p0, pp0),
            unit_planes::<THREE>(v1, p1, pp1),
        ]
    }
}

/// The code units of the characters ending in the 32 bytes `v` (`p`, `pp`: the
/// same bytes shifted by one and two positions, i.e. the bytes before each), as
/// planes of low and high bytes; the lanes of bytes that do not end a character
/// hold garbage. Without `THREE` (no three-byte characters), `pp` is not used.
///
/// A character ending at byte `b` with previous bytes `p`, `pp` is ASCII (`b`), or
/// its low byte is `p << 6 | b & 0x3F` and its high byte `p >> 2 & 0x0F`, plus
/// `pp << 4` when `p` is a continuation byte (a three-byte character).
///
/// # Safety
/// The CPU supports AVX2 (register operations only).
#[inline(always)]
unsafe fn unit_planes<const THREE: bool>(
    v: __m256i,
    p: __m256i,
    pp: __m256i,
) -> (__m256i, __m256i) {
    // SAFETY: register-only AVX2 operations.
    unsafe {
        let low = _mm256_or_si256(
            _mm256_and_si256(v, _mm256_set1_epi8(0x3F)),
            _mm256_and_si256(_mm256_slli_epi16::<6>(p), _mm256_set1_epi8(0xC0_u8 as i8)),
        );
        let low = _mm256_blendv_epi8(v, low, v);
        let high = _mm256_and_si256(_mm256_srli_epi16::<2>(p), _mm256_set1_epi8(0x0F));
        let high = if THREE {
            let p_cont = _mm256_cmpgt_epi8(_mm256_set1_epi8(-0x40), p);
            let pp4 = _mm256_and_si256(_mm256_slli_epi16::<4>(pp), _mm256_set1_epi8(0xF0_u8 as i8));
            _mm256_or_si256(high, _mm256_and_si256(pp4, p_cont))
        } else {
            high
        };
        let high = _mm256_and_si256(high, _mm256_cmpgt_epi8(_mm256_setzero_si256(), v));
        (low, high)
    }
}

/// Keeps the units of 32 byte positions selected by `keep` (bit `i`: byte `i`
/// ends a character), given as byte planes; stores them in order at `dst` as
/// UTF-16 (or `UTF32`) units and returns the number of bytes written.
///
/// # Safety
/// AVX2 and POPCNT; `unit * popcount(keep) + 16` (UTF-32: `+ 32`) writable bytes
/// at `dst`, with `unit` 2 (4 for UTF-32).
#[inline(always)]
unsafe fn compress_units<const UTF32: bool, const BE: bool>(
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
        let groups = [
            _mm256_castsi256_si128(even),
            _mm256_castsi256_si128(odd),
            _mm256_extracti128_si256::<1>(even),
            _mm256_extracti128_si256::<1>(odd),
        ];
        // Group g starts after one unit per kept position of the earlier groups.
        let unit = if UTF32 { 4 } else { 2 };
        let at = |bits: u32| unit * (keep & ((1u64 << bits) - 1) as u32).count_ones() as usize;
        for (g, units) in groups.into_iter().enumerate() {
            let d = dst.add(at(8 * g as u32));
            if UTF32 {
                _mm256_storeu_si256(d.cast(), widen_units::<BE>(units));
            } else {
                _mm_storeu_si128(d.cast(), units);
            }
        }
        at(32)
    }
}

/// Eight UTF-16 units (in the byte order `BE`) zero-extended to UTF-32 (same order).
///
/// # Safety
/// The CPU supports AVX2 (register operations only).
#[inline(always)]
unsafe fn widen_units<const BE: bool>(units: __m128i) -> __m256i {
    // SAFETY: register-only AVX2 operations.
    unsafe {
        let w = _mm256_cvtepu16_epi32(units);
        // Big-endian units read as little-endian lanes are byte-swapped: moving them
        // to the upper half of the 32-bit lane gives `[0, 0, high, low]`.
        if BE {
            _mm256_slli_epi32::<16>(w)
        } else {
            w
        }
    }
}

/// Output bytes [`block_1_to_3`] may store (scratch included), for UTF-16 and
/// UTF-32: the last group of each half is stored after at most 24 units of its
/// half, the second half after at most 32 units of the first.
pub(super) const BLOCK_1_TO_3_WRITE: [usize; 2] = [2 * (32 + 24) + 16, 4 * (32 + 24) + 32];

/// Converts the validated block `v0`, `v1` at `src` (starting at a character
/// boundary, without four-byte characters, and without three-byte ones unless
/// `THREE`) whose character ends are `ends` (nonzero, bit 63 clear): every
/// character ending there.
/// Returns bytes written; the caller consumes up to the last end.
///
/// # Safety
/// AVX2 and POPCNT; 64 readable bytes at `src` (`v0`, `v1`);
/// `BLOCK_1_TO_3_WRITE[UTF32 as usize]` writable bytes at `dst`.
#[inline(always)]
pub(super) unsafe fn block_1_to_3<const UTF32: bool, const BE: bool, const THREE: bool>(
    src: *const u8,
    v0: __m256i,
    v1: __m256i,
    ends: u64,
    dst: *mut u8,
) -> usize {
    // SAFETY: the loads read `src + 30..src + 63`; the stores stay within
    // `BLOCK_1_TO_3_WRITE` (see there).
    unsafe {
        let [(l0, h0), (l1, h1)] = block_planes::<THREE>(src, v0, v1);
        let w = compress_units::<UTF32, BE>(l0, h0, ends as u32, dst);
        w + compress_units::<UTF32, BE>(l1, h1, (ends >> 32) as u32, dst.add(w))
    }
}

/// The units at the byte positions `ctl` (at most 8 per 128-bit lane) of the
/// byte planes `low`, `high`, in the byte order `BE`.
///
/// # Safety
/// The CPU supports AVX2 (register operations only).
#[inline(always)]
unsafe fn pick_units<const BE: bool>(low: __m256i, high: __m256i, ctl: __m256i) -> __m256i {
    // SAFETY: register-only AVX2 operations.
    unsafe {
        let (a, b) = if BE { (high, low) } else { (low, high) };
        _mm256_unpacklo_epi8(_mm256_shuffle_epi8(a, ctl), _mm256_shuffle_epi8(b, ctl))
    }
}

/// Converts eight 4-byte characters, one per 32-bit lane of `v`, to eight code
/// points (UTF-32) or eight surrogate pairs (UTF-16), in the byte order `BE`.
///
/// # Safety
/// The CPU supports AVX2 (register operations only).
#[inline(always)]
pub(super) unsafe fn four_byte<const UTF32: bool, const BE: bool>(v: __m256i) -> __m256i {
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
        if UTF32 {
            if BE {
                let swap = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
                return _mm256_shuffle_epi8(cp, _mm256_broadcastsi128_si256(swap));
            }
            return cp;
        }
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
/// The end mask of a block of 21 three-byte characters (ends at bytes 2, 5, .., 62).
pub(super) const ALL_THREE_BYTE: u64 = 0x4924_9249_2492_4924;

/// The byte layout of 21 three-byte characters at bytes 0..63 of a block, per
/// 32-byte half: `(mask, expected)` such that `v & mask == expected` exactly when
/// bytes 0, 3, .., 60 are E0..EF and the others continuation bytes (byte 63,
/// which starts the next character, is not checked). Size: 4 x 32 = 128 bytes.
static THREE_BYTE_LAYOUT: [[[u8; 32]; 2]; 2] = build_three_byte_layout();

const fn build_three_byte_layout() -> [[[u8; 32]; 2]; 2] {
    let mut t = [[[0u8; 32]; 2]; 2];
    let mut i = 0;
    while i < 63 {
        let (half, j) = (i / 32, i % 32);
        if i % 3 == 0 {
            t[half][0][j] = 0xF0;
            t[half][1][j] = 0xE0;
        } else {
            t[half][0][j] = 0xC0;
            t[half][1][j] = 0x80;
        }
        i += 1;
    }
    t
}

/// Whether the block `v0`, `v1` has the layout of 21 three-byte characters:
/// leads E0..EF at bytes 0, 3, .., 60 and continuation bytes at the others.
///
/// # Safety
/// The CPU supports AVX2 (register operations only).
#[inline(always)]
pub(super) unsafe fn three_byte_layout(v0: __m256i, v1: __m256i) -> bool {
    // SAFETY: register operations and loads of a static table.
    unsafe {
        let t = &THREE_BYTE_LAYOUT;
        let m0 = _mm256_loadu_si256(t[0][0].as_ptr().cast());
        let e0 = _mm256_loadu_si256(t[0][1].as_ptr().cast());
        let m1 = _mm256_loadu_si256(t[1][0].as_ptr().cast());
        let e1 = _mm256_loadu_si256(t[1][1].as_ptr().cast());
        let d0 = _mm256_xor_si256(_mm256_and_si256(v0, m0), e0);
        let d1 = _mm256_xor_si256(_mm256_and_si256(v1, m1), e1);
        let d = _mm256_or_si256(d0, d1);
        _mm256_testz_si256(d, d) != 0
    }
}

/// For a block with [`three_byte_layout`]: whether a lead E0 is followed by
/// 80..9F (an overlong form) or a lead ED by A0..BF (a surrogate) among the
/// characters at bytes 0..63. (Every other lead E1..EC, EE, EF takes any
/// continuation byte.)
///
/// # Safety
/// AVX2; 65 readable bytes at `src`, whose first 64 are `v0`, `v1`.
#[inline(always)]
pub(super) unsafe fn three_byte_range_error(src: *const u8, v0: __m256i, v1: __m256i) -> bool {
    // SAFETY: the loads read `src + 1..src + 65` (the caller's promise).
    unsafe {
        let n0 = _mm256_loadu_si256(src.add(1).cast());
        let n1 = _mm256_loadu_si256(src.add(33).cast());
        let b0 = e0_ed_range_error(v0, n0);
        // Byte 63 (the next character's lead) is not checked here.
        let b1 = _mm256_and_si256(
            e0_ed_range_error(v1, n1),
            _mm256_setr_epi64x(-1, -1, -1, 0x00FF_FFFF_FFFF_FFFF),
        );
        _mm256_testz_si256(_mm256_or_si256(b0, b1), _mm256_or_si256(b0, b1)) == 0
    }
}

/// The bytes of `v` that are E0 followed (in `next`) by 80..9F, or ED followed
/// by A0..BF, given that every byte of `next` after E0 or ED is a continuation.
///
/// # Safety
/// The CPU supports AVX2 (register operations only).
#[inline(always)]
unsafe fn e0_ed_range_error(v: __m256i, next: __m256i) -> __m256i {
    // SAFETY: register-only AVX2 operations.
    unsafe {
        // Continuation bytes are negative as i8; A0..BF are above 0x9F (-0x61).
        let high = _mm256_cmpgt_epi8(next, _mm256_set1_epi8(0x9F_u8 as i8));
        _mm256_or_si256(
            _mm256_andnot_si256(high, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0xE0_u8 as i8))),
            _mm256_and_si256(high, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0xED_u8 as i8))),
        )
    }
}

/// Output bytes [`block_three`] may store, for UTF-16 and UTF-32 (42 and 84 bytes
/// of output, and scratch bytes after them).
pub(super) const BLOCK_THREE_WRITE: [usize; 2] = [48, 96];

/// Converts a validated block of 21 three-byte characters (bytes 0..63): stores
/// `21 * unit` bytes (and scratch bytes after them, up to `BLOCK_THREE_WRITE`).
///
/// # Safety
/// AVX2; 64 readable bytes at `src` (`v0`, `v1`); `BLOCK_THREE_WRITE[UTF32 as
/// usize]` writable bytes at `dst`.
#[inline(always)]
pub(super) unsafe fn block_three<const UTF32: bool, const BE: bool>(
    src: *const u8,
    v0: __m256i,
    v1: __m256i,
    dst: *mut u8,
) {
    // SAFETY: `block_planes` reads within the block; the last store ends at
    // `dst + 48` (UTF-32: `dst + 96`).
    unsafe {
        let [(l0, h0), (l1, h1)] = block_planes::<true>(src, v0, v1);
        // Characters end at bytes 2, 5, .. 62: at 5, 5, 6 and 5 positions of the
        // four 16-byte lanes.
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
        let groups = [
            _mm256_castsi256_si128(u0),
            _mm256_extracti128_si256::<1>(u0),
            _mm256_castsi256_si128(u1),
            _mm256_extracti128_si256::<1>(u1),
        ];
        // The groups hold characters 0..5, 5..10, 10..16 and 16..21.
        for (units, first) in groups.into_iter().zip([0, 5, 10, 16]) {
            if UTF32 {
                _mm256_storeu_si256(dst.add(4 * first).cast(), widen_units::<BE>(units));
            } else {
                _mm_storeu_si128(dst.add(2 * first).cast(), units);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_three_byte_ends() {
        let want = (0..63).filter(|i| i % 3 == 2).fold(0u64, |m, i| m | 1 << i);
        assert_eq!(ALL_THREE_BYTE, want);
    }

    #[test]
    fn three_byte_layout_matches_definition() {
        for i in 0..64 {
            let (mask, want) = (
                THREE_BYTE_LAYOUT[i / 32][0][i % 32],
                THREE_BYTE_LAYOUT[i / 32][1][i % 32],
            );
            let accepts = |b: u8| b & mask == want;
            let expect = |b: u8| match i {
                63 => true,
                _ if i % 3 == 0 => (0xE0..=0xEF).contains(&b),
                _ => (0x80..=0xBF).contains(&b),
            };
            for b in 0..=255u8 {
                assert_eq!(accepts(b), expect(b), "byte {i} = {b:#04X}");
            }
        }
    }
}

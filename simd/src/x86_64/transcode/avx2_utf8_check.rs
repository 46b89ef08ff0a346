//! UTF-8 validation of one 64-byte block with AVX2 (the "lookup" algorithm of
//! Keiser & Lemire, "Validating UTF-8 In Less Than One Instruction Per Byte", 2021).
//!
//! Every byte is classified together with the byte before it by three 16-entry
//! nibble tables (high nibble of the previous byte, low nibble of the previous
//! byte, high nibble of the current byte); the AND of the three lookups is non-zero
//! exactly for the ill-formed two-byte patterns below. Bytes that must be the 2nd
//! or 3rd continuation of a 3/4-byte sequence are checked with the bytes two and
//! three positions back.
//!
//! The transcoders call this on a block that starts at a character boundary, so
//! the bytes before the block are "nothing pending" (zero). A sequence cut by the
//! end of the block is not reported: the transcoder does not consume it and
//! validates it again as part of the next block.

use core::arch::x86_64::*;

const TOO_SHORT: u8 = 1 << 0; // lead byte followed by a lead byte or ASCII
const TOO_LONG: u8 = 1 << 1; // ASCII followed by a continuation byte
const OVERLONG_3: u8 = 1 << 2; // E0 80..9F
const TOO_LARGE: u8 = 1 << 3; // F4 90..BF, F5..FF 90..BF
const SURROGATE: u8 = 1 << 4; // ED A0..BF
const OVERLONG_2: u8 = 1 << 5; // C0..C1 80..BF
const TOO_LARGE_1000: u8 = 1 << 6; // F5..FF 80..8F
const OVERLONG_4: u8 = 1 << 6; // F0 80..8F
const TWO_CONTS: u8 = 1 << 7; // continuation after continuation (checked below)
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// Classes by the previous byte's high nibble.
const PREV_HIGH: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut i = 0;
    while i < 8 {
        t[i] = TOO_LONG;
        i += 1;
    }
    while i < 12 {
        t[i] = TWO_CONTS;
        i += 1;
    }
    t[0xC] = TOO_SHORT | OVERLONG_2;
    t[0xD] = TOO_SHORT;
    t[0xE] = TOO_SHORT | OVERLONG_3 | SURROGATE;
    t[0xF] = TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4;
    t
};

/// Classes by the previous byte's low nibble.
const PREV_LOW: [u8; 16] = {
    let mut t = [CARRY | TOO_LARGE | TOO_LARGE_1000; 16];
    t[0] = CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4;
    t[1] = CARRY | OVERLONG_2;
    t[2] = CARRY;
    t[3] = CARRY;
    t[4] = CARRY | TOO_LARGE;
    t[0xD] = CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE;
    t
};

/// Classes by the current byte's high nibble.
const CUR_HIGH: [u8; 16] = {
    let mut t = [TOO_SHORT; 16];
    t[8] = TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4;
    t[9] = TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE;
    t[0xA] = TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE;
    t[0xB] = t[0xA];
    t
};

#[inline(always)]
unsafe fn table(t: &[u8; 16]) -> __m256i {
    // SAFETY: `t` is 16 readable bytes; the load is unaligned.
    unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast())) }
}

/// `input` shifted right by `N` bytes across the 32-byte register, with the last
/// `N` bytes of `prev` shifted in. (`S` must be `16 - N`.)
#[inline(always)]
unsafe fn prev_bytes<const S: i32>(input: __m256i, prev: __m256i) -> __m256i {
    // SAFETY: register-only AVX2 operations; the caller has AVX2.
    unsafe { _mm256_alignr_epi8::<S>(input, _mm256_permute2x128_si256::<0x21>(prev, input)) }
}

/// Error bits of the 32 bytes `input` preceded by `prev` (zero if non-zero error).
#[inline(always)]
unsafe fn check32(input: __m256i, prev: __m256i) -> __m256i {
    // SAFETY: register-only AVX2 operations; the caller has AVX2.
    unsafe {
        let low4 = _mm256_set1_epi8(0x0F);
        let prev1 = prev_bytes::<15>(input, prev);
        let ph = _mm256_and_si256(_mm256_srli_epi16::<4>(prev1), low4);
        let pl = _mm256_and_si256(prev1, low4);
        let ch = _mm256_and_si256(_mm256_srli_epi16::<4>(input), low4);
        let sc = _mm256_and_si256(
            _mm256_and_si256(
                _mm256_shuffle_epi8(table(&PREV_HIGH), ph),
                _mm256_shuffle_epi8(table(&PREV_LOW), pl),
            ),
            _mm256_shuffle_epi8(table(&CUR_HIGH), ch),
        );
        let prev2 = prev_bytes::<14>(input, prev);
        let prev3 = prev_bytes::<13>(input, prev);
        // >= 0x80 exactly when prev2 >= 0xE0 (third byte) or prev3 >= 0xF0 (fourth).
        let third = _mm256_subs_epu8(prev2, _mm256_set1_epi8(0x60));
        let fourth = _mm256_subs_epu8(prev3, _mm256_set1_epi8(0x70));
        let must23 = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8(-0x80));
        _mm256_xor_si256(must23, sc)
    }
}

/// Whether the 64 bytes `v0, v1` (starting at a character boundary) contain an
/// ill-formed sequence; sequences cut by the end of the block are not reported.
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
pub(crate) unsafe fn block_has_error(v0: __m256i, v1: __m256i) -> bool {
    // SAFETY: register-only AVX2 operations; the caller has AVX2.
    unsafe {
        let e = _mm256_or_si256(check32(v0, _mm256_setzero_si256()), check32(v1, v0));
        _mm256_testz_si256(e, e) == 0
    }
}

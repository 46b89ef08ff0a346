//! The offsets check with AVX2 gathers (see `generic/offsets.rs` for the question).
//!
//! Each step loads the offsets at `k..k + L` and `k + 1..k + L + 1` (eight `i32` or
//! four `i64` lanes): a signed comparison of the two finds a decrease, and one masked
//! gather fetches, for each lane of the second, the bytes ending at `values[o]`: a
//! dword at `o - 3` (a qword at `o - 7` for `i64`, whose gathers have 64-bit lanes), so
//! that `values[o]` is the lane's top byte and "continuation byte" (`80..=BF`) is one
//! signed comparison: the lane is below `0xC000_0000` (`0xC000_0000_0000_0000`).
//!
//! The gather's mask keeps exactly the lanes with `W - 1 <= o < len` (W the lane
//! width in bytes), so no lane reads outside the values, whatever the offsets hold; a
//! masked-off lane keeps zero, which is not a continuation. Lanes at or above `len`
//! need no read (the last offset is tested against `len` first, and a lane above it
//! is a decrease somewhere). Lanes below `W - 1` are offsets at the very start: the
//! scalar head takes those while the offsets are below `W - 1` (offsets that drop
//! below it again later decrease, which the comparison finds).

use core::arch::x86_64::*;
use utfast_scalar::offsets::is_continuation;

/// `on_boundaries` for `i32` offsets with `vpgatherdd`.
///
/// # Safety
/// The CPU supports AVX2.
#[inline(always)]
pub(crate) unsafe fn on_boundaries_i32(offsets: &[i32], values: &[u8]) -> bool {
    const W: i32 = 4;
    let n = offsets.len();
    // Offsets are below 2^31, so a longer values slice answers like one of 2^31 bytes.
    let len = values.len().min(1 << 31) as u32;
    if n < 9 || len < W as u32 {
        return crate::generic::offsets::portable(offsets, values, i64::from);
    }
    let (first, last) = (offsets[0], offsets[n - 1]);
    if first < 0 || last as u32 > len {
        return false;
    }
    let mut bad = (first as u32) < len && is_continuation(values[first as usize]);
    // The scalar head: pairs whose second offset is below W - 1 (`k` is the first
    // offset of the next pair).
    let mut k = 0;
    while k + 1 < n && offsets[k + 1] < W - 1 {
        let o = offsets[k + 1];
        bad |=
            o < offsets[k] || (o >= 0 && (o as u32) < len && is_continuation(values[o as usize]));
        k += 1;
    }
    let ptr = offsets.as_ptr();
    let base = values.as_ptr();
    // SAFETY: AVX2 is the caller's promise; the loads read offsets `k..k + 9 <= n`;
    // the gather reads 4 bytes at `o - 3` only in lanes with `3 <= o < len`.
    unsafe {
        let sign = _mm256_set1_epi32(i32::MIN);
        // (o - 3) <u (len - 3), as a signed comparison of both sides with the sign
        // bit flipped.
        let limit = _mm256_set1_epi32((len - (W as u32 - 1)) as i32 ^ i32::MIN);
        let lead = _mm256_set1_epi32(W - 1);
        let cont_below = _mm256_set1_epi32(0xC000_0000u32 as i32);
        let mut acc = _mm256_setzero_si256();
        while k + 9 <= n {
            let a = _mm256_loadu_si256(ptr.add(k).cast());
            let b = _mm256_loadu_si256(ptr.add(k + 1).cast());
            let at = _mm256_sub_epi32(b, lead);
            let mask = _mm256_cmpgt_epi32(limit, _mm256_xor_si256(at, sign));
            let g = _mm256_mask_i32gather_epi32::<1>(
                _mm256_setzero_si256(),
                base.cast::<i32>(),
                at,
                mask,
            );
            acc = _mm256_or_si256(acc, _mm256_cmpgt_epi32(a, b));
            acc = _mm256_or_si256(acc, _mm256_cmpgt_epi32(cont_below, g));
            k += 8;
        }
        bad |= _mm256_testz_si256(acc, acc) == 0;
    }
    // The tail: the pairs left.
    while k + 1 < n {
        let o = offsets[k + 1];
        bad |=
            o < offsets[k] || (o >= 0 && (o as u32) < len && is_continuation(values[o as usize]));
        k += 1;
    }
    !bad
}

/// `on_boundaries` for `i64` offsets with `vpgatherqq`.
///
/// # Safety
/// The CPU supports AVX2.
#[inline(always)]
pub(crate) unsafe fn on_boundaries_i64(offsets: &[i64], values: &[u8]) -> bool {
    const W: i64 = 8;
    let n = offsets.len();
    let len = values.len() as u64;
    if n < 5 || len < W as u64 || len > i64::MAX as u64 {
        return crate::generic::offsets::portable(offsets, values, |o| o);
    }
    let (first, last) = (offsets[0], offsets[n - 1]);
    if first < 0 || last as u64 > len {
        return false;
    }
    let in_values = |o: i64| o >= 0 && (o as u64) < len;
    let mut bad = in_values(first) && is_continuation(values[first as usize]);
    let mut k = 0;
    while k + 1 < n && offsets[k + 1] < W - 1 {
        let o = offsets[k + 1];
        bad |= o < offsets[k] || (in_values(o) && is_continuation(values[o as usize]));
        k += 1;
    }
    let ptr = offsets.as_ptr();
    let base = values.as_ptr();
    // SAFETY: AVX2 is the caller's promise; the loads read offsets `k..k + 5 <= n`;
    // the gather reads 8 bytes at `o - 7` only in lanes with `7 <= o < len`.
    unsafe {
        let sign = _mm256_set1_epi64x(i64::MIN);
        let limit = _mm256_set1_epi64x((len - (W as u64 - 1)) as i64 ^ i64::MIN);
        let lead = _mm256_set1_epi64x(W - 1);
        let cont_below = _mm256_set1_epi64x(0xC000_0000_0000_0000u64 as i64);
        let mut acc = _mm256_setzero_si256();
        while k + 5 <= n {
            let a = _mm256_loadu_si256(ptr.add(k).cast());
            let b = _mm256_loadu_si256(ptr.add(k + 1).cast());
            let at = _mm256_sub_epi64(b, lead);
            let mask = _mm256_cmpgt_epi64(limit, _mm256_xor_si256(at, sign));
            let g = _mm256_mask_i64gather_epi64::<1>(
                _mm256_setzero_si256(),
                base.cast::<i64>(),
                at,
                mask,
            );
            acc = _mm256_or_si256(acc, _mm256_cmpgt_epi64(a, b));
            acc = _mm256_or_si256(acc, _mm256_cmpgt_epi64(cont_below, g));
            k += 4;
        }
        bad |= _mm256_testz_si256(acc, acc) == 0;
    }
    while k + 1 < n {
        let o = offsets[k + 1];
        bad |= o < offsets[k] || (in_values(o) && is_continuation(values[o as usize]));
        k += 1;
    }
    !bad
}

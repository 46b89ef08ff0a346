//! [`VectorExt`] and [`Lookup128`] for `__m128i` (SSSE3 + SSE4.1), `__m256i` (AVX2)
//! and `isa::Zmm` (AVX-512F + BW through the instruction wrapper
//! `crate::x86_64::avx512::isa`).
//!
//! Each method's `# Safety` contract is the trait's: the CPU supports the ISA named
//! above for the type. The `SAFETY:` comments below refer to that contract.
//!
//! x86 packs and unpacks work inside 128-bit lanes; the 256- and 512-bit versions
//! fix up the lane order with one cross-lane 64-bit permute so that the results are
//! in memory order, as the trait promises.

use super::{Lookup128, VectorExt};
use crate::vector::Vector;
use crate::x86_64::avx512::isa::{self, Zmm};
use core::arch::x86_64::*;

/// `pshufb` control swapping the bytes of each 16-bit lane.
const SWAP16: [u8; 16] = [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14];
/// `pshufb` control reversing the bytes of each 32-bit lane.
const SWAP32: [u8; 16] = [3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12];

/// `vpshufb` controls of `__m256i::widen16`, indexed by `2 * swap + zeros_first`:
/// 128-bit lane `l` of the result takes the 16-bit units `4l..4l + 4` of the 16
/// bytes loaded into both lanes (`0x80`: a zero byte).
const WIDEN16: [[u8; 32]; 4] = {
    let mut t = [[0x80u8; 32]; 4];
    let mut k = 0;
    while k < 4 {
        let (swap, zeros_first) = (k / 2 == 1, k % 2 == 1);
        let mut i = 0;
        // Output 32-bit lane `i` (of 8) holds source unit `i`, at bytes `2i, 2i + 1`
        // of the 16 loaded bytes, in the lane `i / 4` that holds them both.
        while i < 8 {
            let (a, b) = if swap {
                (2 * i + 1, 2 * i)
            } else {
                (2 * i, 2 * i + 1)
            };
            let at = 4 * i + if zeros_first { 2 } else { 0 };
            t[k][at] = a as u8;
            t[k][at + 1] = b as u8;
            i += 1;
        }
        k += 1;
    }
    t
};

impl VectorExt for __m128i {
    const MASK_BITS: u32 = 1;

    #[inline(always)]
    unsafe fn splat4(p: [u8; 4]) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_set1_epi32(i32::from_le_bytes(p)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_cmpeq_epi8(self, other) }
    }
    #[inline(always)]
    unsafe fn eq16(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_cmpeq_epi16(self, other) }
    }
    #[inline(always)]
    unsafe fn eq32(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_cmpeq_epi32(self, other) }
    }
    #[inline(always)]
    unsafe fn bitmask(self) -> u64 {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { u64::from(_mm_movemask_epi8(self) as u16) }
    }
    #[inline(always)]
    unsafe fn wrapping_sub8(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_sub_epi8(self, other) }
    }
    #[inline(always)]
    unsafe fn sum_bytes(self) -> u64 {
        // SAFETY: the caller guarantees SSE4.1. `psadbw` against zero sums each half.
        unsafe {
            let s = _mm_sad_epu8(self, _mm_setzero_si128());
            (_mm_cvtsi128_si64(s) + _mm_extract_epi64::<1>(s)) as u64
        }
    }
    #[inline(always)]
    unsafe fn swap_bytes16(self) -> Self {
        // SAFETY: the caller guarantees SSSE3; the table is 16 readable bytes.
        unsafe { _mm_shuffle_epi8(self, _mm_loadu_si128(SWAP16.as_ptr().cast())) }
    }
    #[inline(always)]
    unsafe fn swap_bytes32(self) -> Self {
        // SAFETY: the caller guarantees SSSE3; the table is 16 readable bytes.
        unsafe { _mm_shuffle_epi8(self, _mm_loadu_si128(SWAP32.as_ptr().cast())) }
    }
    #[inline(always)]
    unsafe fn zip8(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { (_mm_unpacklo_epi8(a, b), _mm_unpackhi_epi8(a, b)) }
    }
    #[inline(always)]
    unsafe fn zip16(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { (_mm_unpacklo_epi16(a, b), _mm_unpackhi_epi16(a, b)) }
    }
    #[inline(always)]
    unsafe fn narrow16(a: Self, b: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64. Masked lanes are <= 0xFF: no saturation.
        unsafe {
            let m = _mm_set1_epi16(0x00FF);
            _mm_packus_epi16(_mm_and_si128(a, m), _mm_and_si128(b, m))
        }
    }
    #[inline(always)]
    unsafe fn narrow32(a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.1. Masked lanes are <= 0xFFFF: no saturation.
        unsafe {
            let m = _mm_set1_epi32(0xFFFF);
            _mm_packus_epi32(_mm_and_si128(a, m), _mm_and_si128(b, m))
        }
    }
    #[inline(always)]
    unsafe fn narrow32_small(a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.1. Lanes <= 0xFFFF do not saturate.
        unsafe { _mm_packus_epi32(a, b) }
    }
    #[inline(always)]
    unsafe fn narrow16_small(a: Self, b: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64. Lanes <= 0xFF do not saturate.
        unsafe { _mm_packus_epi16(a, b) }
    }
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_slli_epi16::<N>(self) }
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_srli_epi16::<N>(self) }
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_slli_epi32::<N>(self) }
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_srli_epi32::<N>(self) }
    }
    #[inline(always)]
    unsafe fn add32(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_add_epi32(self, other) }
    }
    #[inline(always)]
    unsafe fn max32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.1.
        unsafe { _mm_max_epu32(self, other) }
    }
    #[inline(always)]
    unsafe fn bitmask_dense(self) -> u64 {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { u64::from(_mm_movemask_epi8(self) as u16) }
    }
    #[inline(always)]
    unsafe fn bitmask16(self) -> u64 {
        // SAFETY: SSE2 is part of x86-64. The signed pack keeps 0 and -1.
        unsafe { u64::from(_mm_movemask_epi8(_mm_packs_epi16(self, _mm_setzero_si128())) as u16) }
    }
    #[inline(always)]
    unsafe fn load_lanes(lane: impl Fn(usize) -> *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `lane(0)`.
        unsafe { _mm_loadu_si128(lane(0).cast()) }
    }
    #[inline(always)]
    unsafe fn store_lane(self, k: usize, ptr: *mut u8) {
        debug_assert_eq!(k, 0);
        // SAFETY: the caller guarantees 16 writable bytes at `ptr`.
        unsafe { _mm_storeu_si128(ptr.cast(), self) }
    }
    #[inline(always)]
    unsafe fn zip16_lanes(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { Self::zip16(a, b) }
    }
    #[inline(always)]
    unsafe fn blend(mask: Self, a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees SSE4.1.
        unsafe { _mm_blendv_epi8(b, a, mask) }
    }
    #[inline(always)]
    unsafe fn max8(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_max_epu8(self, other) }
    }
    #[inline(always)]
    unsafe fn gt_u32(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64. With both sign bits flipped the signed
        // order is the unsigned one.
        unsafe {
            let sign = _mm_set1_epi32(i32::MIN);
            _mm_cmpgt_epi32(_mm_xor_si128(self, sign), _mm_xor_si128(other, sign))
        }
    }
    #[inline(always)]
    unsafe fn load_widen8to16(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees SSE4.1 and 8 readable bytes at `ptr`.
        unsafe { _mm_cvtepu8_epi16(_mm_loadl_epi64(ptr.cast())) }
    }
    #[inline(always)]
    unsafe fn load_widen8to32(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees SSE4.1 and 4 readable bytes at `ptr`.
        unsafe { _mm_cvtepu8_epi32(_mm_cvtsi32_si128(ptr.cast::<i32>().read_unaligned())) }
    }

    type Block64 = [Self; 4];
    #[inline(always)]
    unsafe fn load_block64(ptr: *const u8) -> [Self; 4] {
        // SAFETY: the caller guarantees 64 readable bytes at `ptr`.
        unsafe {
            [
                _mm_loadu_si128(ptr.cast()),
                _mm_loadu_si128(ptr.add(16).cast()),
                _mm_loadu_si128(ptr.add(32).cast()),
                _mm_loadu_si128(ptr.add(48).cast()),
            ]
        }
    }
}

impl VectorExt for __m256i {
    const MASK_BITS: u32 = 1;

    #[inline(always)]
    unsafe fn splat4(p: [u8; 4]) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_set1_epi32(i32::from_le_bytes(p)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_cmpeq_epi8(self, other) }
    }
    #[inline(always)]
    unsafe fn eq16(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_cmpeq_epi16(self, other) }
    }
    #[inline(always)]
    unsafe fn eq32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_cmpeq_epi32(self, other) }
    }
    #[inline(always)]
    unsafe fn bitmask(self) -> u64 {
        // SAFETY: the caller guarantees AVX2.
        unsafe { u64::from(_mm256_movemask_epi8(self) as u32) }
    }
    #[inline(always)]
    unsafe fn wrapping_sub8(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_sub_epi8(self, other) }
    }
    #[inline(always)]
    unsafe fn sum_bytes(self) -> u64 {
        // SAFETY: the caller guarantees AVX2 (and so SSE4.1).
        unsafe {
            let s = _mm256_sad_epu8(self, _mm256_setzero_si256());
            let s = _mm_add_epi64(_mm256_castsi256_si128(s), _mm256_extracti128_si256::<1>(s));
            (_mm_cvtsi128_si64(s) + _mm_extract_epi64::<1>(s)) as u64
        }
    }
    #[inline(always)]
    unsafe fn swap_bytes16(self) -> Self {
        // SAFETY: the caller guarantees AVX2; the table is 16 readable bytes.
        unsafe {
            let t = _mm256_broadcastsi128_si256(_mm_loadu_si128(SWAP16.as_ptr().cast()));
            _mm256_shuffle_epi8(self, t)
        }
    }
    #[inline(always)]
    unsafe fn swap_bytes32(self) -> Self {
        // SAFETY: the caller guarantees AVX2; the table is 16 readable bytes.
        unsafe {
            let t = _mm256_broadcastsi128_si256(_mm_loadu_si128(SWAP32.as_ptr().cast()));
            _mm256_shuffle_epi8(self, t)
        }
    }
    #[inline(always)]
    unsafe fn zip8(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: the caller guarantees AVX2. `lo` holds the zip of the first halves
        // of both 128-bit lanes, `hi` of the second halves: regroup the lanes.
        unsafe {
            let (lo, hi) = (_mm256_unpacklo_epi8(a, b), _mm256_unpackhi_epi8(a, b));
            (
                _mm256_permute2x128_si256::<0x20>(lo, hi),
                _mm256_permute2x128_si256::<0x31>(lo, hi),
            )
        }
    }
    #[inline(always)]
    unsafe fn zip16(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: the caller guarantees AVX2 (lane regrouping as in `zip8`).
        unsafe {
            let (lo, hi) = (_mm256_unpacklo_epi16(a, b), _mm256_unpackhi_epi16(a, b));
            (
                _mm256_permute2x128_si256::<0x20>(lo, hi),
                _mm256_permute2x128_si256::<0x31>(lo, hi),
            )
        }
    }
    #[inline(always)]
    unsafe fn narrow16(a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. The pack gives the 64-bit groups
        // a.lane0, b.lane0, a.lane1, b.lane1; the permute puts them in order 0, 2, 1, 3.
        unsafe {
            let m = _mm256_set1_epi16(0x00FF);
            let p = _mm256_packus_epi16(_mm256_and_si256(a, m), _mm256_and_si256(b, m));
            _mm256_permute4x64_epi64::<0b11_01_10_00>(p)
        }
    }
    #[inline(always)]
    unsafe fn narrow32(a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees AVX2 (lane order fixed as in `narrow16`).
        unsafe {
            let m = _mm256_set1_epi32(0xFFFF);
            let p = _mm256_packus_epi32(_mm256_and_si256(a, m), _mm256_and_si256(b, m));
            _mm256_permute4x64_epi64::<0b11_01_10_00>(p)
        }
    }
    #[inline(always)]
    unsafe fn narrow32_small(a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. Lanes <= 0xFFFF do not saturate (lane
        // order fixed as in `narrow16`).
        unsafe { _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi32(a, b)) }
    }
    #[inline(always)]
    unsafe fn narrow16_small(a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. Lanes <= 0xFF do not saturate (lane
        // order fixed as in `narrow16`).
        unsafe { _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi16(a, b)) }
    }
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_slli_epi16::<N>(self) }
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_srli_epi16::<N>(self) }
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_slli_epi32::<N>(self) }
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_srli_epi32::<N>(self) }
    }
    #[inline(always)]
    unsafe fn add32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_add_epi32(self, other) }
    }
    #[inline(always)]
    unsafe fn max32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_max_epu32(self, other) }
    }
    #[inline(always)]
    unsafe fn bitmask_dense(self) -> u64 {
        // SAFETY: the caller guarantees AVX2.
        unsafe { u64::from(_mm256_movemask_epi8(self) as u32) }
    }
    #[inline(always)]
    unsafe fn bitmask16(self) -> u64 {
        // SAFETY: the caller guarantees AVX2. The signed pack (per 128-bit lane) keeps
        // 0 and -1: lanes 0..8 at bits 0..8, lanes 8..16 at bits 16..24.
        unsafe {
            let m = _mm256_movemask_epi8(_mm256_packs_epi16(self, _mm256_setzero_si256())) as u32;
            u64::from(m & 0xFF | (m >> 8) & 0xFF00)
        }
    }
    #[inline(always)]
    unsafe fn load_lanes(lane: impl Fn(usize) -> *const u8) -> Self {
        // SAFETY: the caller guarantees AVX2 and 16 readable bytes at `lane(0)` and
        // `lane(1)`.
        unsafe { _mm256_loadu2_m128i(lane(1).cast(), lane(0).cast()) }
    }
    #[inline(always)]
    unsafe fn store_lane(self, k: usize, ptr: *mut u8) {
        debug_assert!(k < 2);
        // SAFETY: the caller guarantees AVX2 and 16 writable bytes at `ptr`.
        unsafe {
            let lane = if k == 0 {
                _mm256_castsi256_si128(self)
            } else {
                _mm256_extracti128_si256::<1>(self)
            };
            _mm_storeu_si128(ptr.cast(), lane)
        }
    }
    #[inline(always)]
    unsafe fn widen16(_v: Self, ptr: *const u8, swap: bool, zeros_first: bool) -> (Self, Self) {
        // SAFETY: the caller guarantees AVX2 and 32 readable bytes at `ptr`; the
        // table row is 32 readable bytes.
        unsafe {
            if !swap && !zeros_first {
                // Little-endian on both sides: widening loads (`vpmovzxwd`).
                return (
                    _mm256_cvtepu16_epi32(_mm_loadu_si128(ptr.cast())),
                    _mm256_cvtepu16_epi32(_mm_loadu_si128(ptr.add(16).cast())),
                );
            }
            let c = _mm256_loadu_si256(
                WIDEN16[2 * usize::from(swap) + usize::from(zeros_first)]
                    .as_ptr()
                    .cast(),
            );
            let lo = _mm256_broadcastsi128_si256(_mm_loadu_si128(ptr.cast()));
            let hi = _mm256_broadcastsi128_si256(_mm_loadu_si128(ptr.add(16).cast()));
            (_mm256_shuffle_epi8(lo, c), _mm256_shuffle_epi8(hi, c))
        }
    }
    #[inline(always)]
    unsafe fn zip16_lanes(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: the caller guarantees AVX2.
        unsafe { (_mm256_unpacklo_epi16(a, b), _mm256_unpackhi_epi16(a, b)) }
    }
    #[inline(always)]
    unsafe fn blend(mask: Self, a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_blendv_epi8(b, a, mask) }
    }
    #[inline(always)]
    unsafe fn max8(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_max_epu8(self, other) }
    }
    #[inline(always)]
    unsafe fn gt_u32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. With both sign bits flipped the signed
        // order is the unsigned one.
        unsafe {
            let sign = _mm256_set1_epi32(i32::MIN);
            _mm256_cmpgt_epi32(_mm256_xor_si256(self, sign), _mm256_xor_si256(other, sign))
        }
    }
    #[inline(always)]
    unsafe fn load_widen8to16(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees AVX2 and 16 readable bytes at `ptr`.
        unsafe { _mm256_cvtepu8_epi16(_mm_loadu_si128(ptr.cast())) }
    }
    #[inline(always)]
    unsafe fn load_widen8to32(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees AVX2 and 8 readable bytes at `ptr`.
        unsafe { _mm256_cvtepu8_epi32(_mm_loadl_epi64(ptr.cast())) }
    }

    type Block64 = [Self; 2];
    #[inline(always)]
    unsafe fn load_block64(ptr: *const u8) -> [Self; 2] {
        // SAFETY: the caller guarantees AVX2 and 64 readable bytes at `ptr`.
        unsafe {
            [
                _mm256_loadu_si256(ptr.cast()),
                _mm256_loadu_si256(ptr.add(32).cast()),
            ]
        }
    }
}

/// A vector of eight 64-bit permutation indices.
///
/// # Safety
/// The CPU supports AVX-512F (or the model is in use).
#[inline(always)]
unsafe fn index64(idx: [i64; 8]) -> Zmm {
    // SAFETY: the caller guarantees AVX-512F; `idx` is 64 readable bytes.
    unsafe { isa::loadu(idx.as_ptr().cast()) }
}

/// Through the AVX-512 instruction wrapper (`crate::x86_64::avx512::isa`): the real
/// instructions, or their portable model under `--cfg utfast_avx512_model` (where the
/// `unsafe` blocks around its safe functions are unused).
#[cfg_attr(utfast_avx512_model, allow(unused_unsafe))]
impl VectorExt for Zmm {
    const MASK_BITS: u32 = 1;

    #[inline(always)]
    unsafe fn splat4(p: [u8; 4]) -> Self {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe { isa::set1_epi32(i32::from_le_bytes(p)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { isa::movm_epi8(isa::cmpeq_epi8_mask(self, other)) }
    }
    #[inline(always)]
    unsafe fn eq16(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { isa::movm_epi16(isa::cmpeq_epi16_mask(self, other)) }
    }
    #[inline(always)]
    unsafe fn eq32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F (`vpmovm2d` would need DQ).
        unsafe {
            let k = isa::cmpeq_epi32_mask(self, other);
            isa::maskz_mov_epi32(k, isa::set1_epi32(-1))
        }
    }
    #[inline(always)]
    unsafe fn bitmask(self) -> u64 {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { isa::movepi8_mask(self) }
    }
    #[inline(always)]
    unsafe fn wrapping_sub8(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { isa::sub_epi8(self, other) }
    }
    #[inline(always)]
    unsafe fn sum_bytes(self) -> u64 {
        // SAFETY: the caller guarantees AVX-512F/BW.
        unsafe { isa::reduce_add_epi64(isa::sad_epu8(self, isa::setzero())) as u64 }
    }
    #[inline(always)]
    unsafe fn swap_bytes16(self) -> Self {
        // SAFETY: the caller guarantees AVX-512F/BW; the table is 16 readable bytes.
        unsafe {
            let t = isa::broadcast_i32x4(isa::loadu_si128(SWAP16.as_ptr()));
            isa::shuffle_epi8(self, t)
        }
    }
    #[inline(always)]
    unsafe fn swap_bytes32(self) -> Self {
        // SAFETY: the caller guarantees AVX-512F/BW; the table is 16 readable bytes.
        unsafe {
            let t = isa::broadcast_i32x4(isa::loadu_si128(SWAP32.as_ptr()));
            isa::shuffle_epi8(self, t)
        }
    }
    #[inline(always)]
    unsafe fn zip8(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: the caller guarantees AVX-512F/BW. Lane k of `lo` (`hi`) is the zip
        // of the first (second) half of lane k: output lanes lo0 hi0 lo1 hi1 | lo2 hi2 lo3 hi3.
        unsafe {
            let (lo, hi) = (isa::unpacklo_epi8(a, b), isa::unpackhi_epi8(a, b));
            (
                isa::permutex2var_epi64(lo, index64([0, 1, 8, 9, 2, 3, 10, 11]), hi),
                isa::permutex2var_epi64(lo, index64([4, 5, 12, 13, 6, 7, 14, 15]), hi),
            )
        }
    }
    #[inline(always)]
    unsafe fn zip16(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: the caller guarantees AVX-512F/BW (lane regrouping as in `zip8`).
        unsafe {
            let (lo, hi) = (isa::unpacklo_epi16(a, b), isa::unpackhi_epi16(a, b));
            (
                isa::permutex2var_epi64(lo, index64([0, 1, 8, 9, 2, 3, 10, 11]), hi),
                isa::permutex2var_epi64(lo, index64([4, 5, 12, 13, 6, 7, 14, 15]), hi),
            )
        }
    }
    #[inline(always)]
    unsafe fn narrow16(a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F/BW. The pack gives the 64-bit groups
        // a0 b0 a1 b1 a2 b2 a3 b3 (one per 128-bit lane); gather the a's, then the b's.
        unsafe {
            let m = isa::set1_epi16(0x00FF);
            let p = isa::packus_epi16(isa::and_si512(a, m), isa::and_si512(b, m));
            isa::permutexvar_epi64(index64([0, 2, 4, 6, 1, 3, 5, 7]), p)
        }
    }
    #[inline(always)]
    unsafe fn narrow32(a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F/BW (lane order fixed as in `narrow16`).
        unsafe {
            let m = isa::set1_epi32(0xFFFF);
            let p = isa::packus_epi32(isa::and_si512(a, m), isa::and_si512(b, m));
            isa::permutexvar_epi64(index64([0, 2, 4, 6, 1, 3, 5, 7]), p)
        }
    }
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees AVX-512BW (shift counts in a register: the
        // immediate forms take `u32` constants).
        unsafe { isa::sll_epi16(self, isa::cvtsi32_si128(N)) }
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees AVX-512BW (count in a register, as in `shl16`).
        unsafe { isa::srl_epi16(self, isa::cvtsi32_si128(N)) }
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees AVX-512F (count in a register, as in `shl16`).
        unsafe { isa::sll_epi32(self, isa::cvtsi32_si128(N)) }
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees AVX-512F (count in a register, as in `shl16`).
        unsafe { isa::srl_epi32(self, isa::cvtsi32_si128(N)) }
    }
    #[inline(always)]
    unsafe fn add32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe { isa::add_epi32(self, other) }
    }
    #[inline(always)]
    unsafe fn max32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe { isa::max_epu32(self, other) }
    }
    #[inline(always)]
    unsafe fn bitmask_dense(self) -> u64 {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { isa::movepi8_mask(self) }
    }
    #[inline(always)]
    unsafe fn bitmask16(self) -> u64 {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { u64::from(isa::movepi16_mask(self)) }
    }
    #[inline(always)]
    unsafe fn load_lanes(lane: impl Fn(usize) -> *const u8) -> Self {
        // SAFETY: the caller guarantees AVX-512F and 16 readable bytes at each
        // `lane(k)`; every lane of the cast's undefined upper part is replaced.
        unsafe {
            let l = |k: usize| isa::loadu_si128(lane(k));
            let v = isa::castsi128_si512(l(0));
            let v = isa::inserti32x4::<1>(v, l(1));
            let v = isa::inserti32x4::<2>(v, l(2));
            isa::inserti32x4::<3>(v, l(3))
        }
    }
    #[inline(always)]
    unsafe fn store_lane(self, k: usize, ptr: *mut u8) {
        debug_assert!(k < 4);
        // SAFETY: the caller guarantees AVX-512F and 16 writable bytes at `ptr`.
        unsafe {
            let lane = match k {
                0 => isa::castsi512_si128(self),
                1 => isa::extracti32x4_epi32::<1>(self),
                2 => isa::extracti32x4_epi32::<2>(self),
                _ => isa::extracti32x4_epi32::<3>(self),
            };
            isa::storeu_si128(ptr, lane)
        }
    }
    #[inline(always)]
    unsafe fn zip16_lanes(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { (isa::unpacklo_epi16(a, b), isa::unpackhi_epi16(a, b)) }
    }
    #[inline(always)]
    unsafe fn blend(mask: Self, a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { isa::mask_blend_epi8(isa::movepi8_mask(mask), b, a) }
    }
    #[inline(always)]
    unsafe fn gt_u32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe {
            let k = isa::cmpgt_epu32_mask(self, other);
            isa::maskz_mov_epi32(k, isa::set1_epi32(-1))
        }
    }

    type Block64 = [Self; 1];
    #[inline(always)]
    unsafe fn load_block64(ptr: *const u8) -> [Self; 1] {
        // SAFETY: the caller guarantees AVX-512F and 64 readable bytes at `ptr`.
        unsafe { [isa::loadu(ptr)] }
    }
}

/// The telescoped slices of `t` (see [`Lookup128`]).
#[inline(always)]
fn telescoped(t: &[u8; 128]) -> [[u8; 16]; 8] {
    let mut d = [[0u8; 16]; 8];
    for (k, dk) in d.iter_mut().enumerate() {
        for (j, x) in dk.iter_mut().enumerate() {
            let prev = if k == 0 { 0 } else { t[16 * (k - 1) + j] };
            *x = t[16 * k + j] ^ prev;
        }
    }
    d
}

/// [`Lookup128`] for an x86 register type `$t` whose signed saturating byte
/// subtraction is `$subs`, on the ISA `$isa`: eight 16-entry look-ups (see the
/// trait's documentation).
macro_rules! lookup128 {
    ($t:ty, $subs:path, $isa:literal) => {
        impl Lookup128 for $t {
            type Table = [$t; 8];

            #[inline(always)]
            unsafe fn table128(t: &[u8; 128]) -> [$t; 8] {
                let d = telescoped(t);
                // SAFETY: the caller guarantees the ISA. (A loop, not a closure:
                // a closure would be compiled without the caller's features.)
                unsafe {
                    let mut out = [<$t>::splat(0); 8];
                    for (o, s) in out.iter_mut().zip(&d) {
                        *o = <$t>::broadcast_lane(s);
                    }
                    out
                }
            }

            #[inline(always)]
            unsafe fn lookup128_pair(self, a: &[$t; 8], b: &[$t; 8]) -> ($t, $t) {
                // SAFETY: the caller guarantees the ISA (`$isa`).
                unsafe {
                    let step = <$t>::splat(16);
                    let mut i = self.xor(<$t>::splat(0x80));
                    let (mut x, mut y) = (i.lookup16(a[0]), i.lookup16(b[0]));
                    for k in 1..8 {
                        i = $subs(i, step);
                        x = x.xor(i.lookup16(a[k]));
                        y = y.xor(i.lookup16(b[k]));
                    }
                    (x, y)
                }
            }

            #[inline(always)]
            unsafe fn lookup128(self, t: &[$t; 8]) -> $t {
                // SAFETY: the caller guarantees the ISA (`$isa`).
                unsafe {
                    let step = <$t>::splat(16);
                    let mut i = self.xor(<$t>::splat(0x80));
                    let mut x = i.lookup16(t[0]);
                    for tk in &t[1..] {
                        i = $subs(i, step);
                        x = x.xor(i.lookup16(*tk));
                    }
                    x
                }
            }
        }
    };
}

lookup128!(__m128i, _mm_subs_epi8, "SSSE3");
lookup128!(__m256i, _mm256_subs_epi8, "AVX2");
// The AVX-512 tiers take the avx2 entries for the code pages; this instantiation
// keeps the 512-bit generic table complete (through the `isa` wrapper).
lookup128!(Zmm, isa::subs_epi8, "AVX-512BW");

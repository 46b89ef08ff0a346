//! [`Vector`] for `__m128i` (SSSE3 + SSE4.1), `__m256i` (AVX2) and `isa::Zmm`
//! (AVX-512F + BW through the instruction wrapper `crate::x86_64::avx512::isa`).
//!
//! Each method's `# Safety` contract is the trait's: the CPU supports the ISA named
//! above for the type, and pointers cover `BYTES` accessible bytes. The `SAFETY:`
//! comments below refer to that contract.

use super::Vector;
use crate::x86_64::avx512::isa::{self, Zmm};
use core::arch::x86_64::*;

impl Vector for __m128i {
    const BYTES: usize = 16;

    #[inline(always)]
    unsafe fn splat(byte: u8) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_set1_epi8(byte as i8) }
    }
    #[inline(always)]
    unsafe fn broadcast_lane(lane: &[u8; 16]) -> Self {
        // SAFETY: `lane` is 16 readable bytes.
        unsafe { _mm_loadu_si128(lane.as_ptr().cast()) }
    }
    #[inline(always)]
    unsafe fn load_unaligned(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `ptr`.
        unsafe { _mm_loadu_si128(ptr.cast()) }
    }
    #[inline(always)]
    unsafe fn store_unaligned(self, ptr: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes at `ptr`.
        unsafe { _mm_storeu_si128(ptr.cast(), self) }
    }
    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_and_si128(self, other) }
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_or_si128(self, other) }
    }
    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_xor_si128(self, other) }
    }
    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_subs_epu8(self, other) }
    }
    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        // SAFETY: SSE2 is part of x86-64. The 16-bit shift drags bits of the next
        // byte into bits 4..8, which the mask clears.
        unsafe { _mm_and_si128(_mm_srli_epi16::<4>(self), _mm_set1_epi8(0x0F)) }
    }
    #[inline(always)]
    unsafe fn lookup16(self, table: Self) -> Self {
        // SAFETY: the caller guarantees SSSE3.
        unsafe { _mm_shuffle_epi8(table, self) }
    }
    #[inline(always)]
    unsafe fn shift_in_one_byte(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees SSSE3.
        unsafe { _mm_alignr_epi8::<15>(self, prev) }
    }
    #[inline(always)]
    unsafe fn shift_in_two_bytes(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees SSSE3.
        unsafe { _mm_alignr_epi8::<14>(self, prev) }
    }
    #[inline(always)]
    unsafe fn shift_in_three_bytes(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees SSSE3.
        unsafe { _mm_alignr_epi8::<13>(self, prev) }
    }
    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_movemask_epi8(self) != 0 }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        // SAFETY: the caller guarantees SSE4.1.
        unsafe { _mm_testz_si128(self, self) == 1 }
    }
}

/// `self` shifted up by `N` bytes with the last `N` bytes of `prev` shifted in.
/// `vpalignr` works within each 128-bit lane, so first build `[prev.hi, self.lo]`
/// (the lanes just before each lane of `self`) with a cross-lane permute.
///
/// # Safety
/// The CPU supports AVX2.
#[inline(always)]
unsafe fn shift_in_256<const N: i32>(this: __m256i, prev: __m256i) -> __m256i {
    // SAFETY: the caller guarantees AVX2.
    unsafe {
        let before = _mm256_permute2x128_si256::<0x21>(prev, this);
        _mm256_alignr_epi8::<N>(this, before)
    }
}

impl Vector for __m256i {
    const BYTES: usize = 32;
    const ALIGN_STORES: bool = true;

    #[inline(always)]
    unsafe fn splat(byte: u8) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_set1_epi8(byte as i8) }
    }
    #[inline(always)]
    unsafe fn broadcast_lane(lane: &[u8; 16]) -> Self {
        // SAFETY: the caller guarantees AVX2; `lane` is 16 readable bytes.
        unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(lane.as_ptr().cast())) }
    }
    #[inline(always)]
    unsafe fn load_unaligned(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees AVX2 and 32 readable bytes at `ptr`.
        unsafe { _mm256_loadu_si256(ptr.cast()) }
    }
    #[inline(always)]
    unsafe fn store_unaligned(self, ptr: *mut u8) {
        // SAFETY: the caller guarantees AVX2 and 32 writable bytes at `ptr`.
        unsafe { _mm256_storeu_si256(ptr.cast(), self) }
    }
    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_and_si256(self, other) }
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_or_si256(self, other) }
    }
    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_xor_si256(self, other) }
    }
    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_subs_epu8(self, other) }
    }
    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_and_si256(_mm256_srli_epi16::<4>(self), _mm256_set1_epi8(0x0F)) }
    }
    #[inline(always)]
    unsafe fn lookup16(self, table: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_shuffle_epi8(table, self) }
    }
    #[inline(always)]
    unsafe fn shift_in_one_byte(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { shift_in_256::<15>(self, prev) }
    }
    #[inline(always)]
    unsafe fn shift_in_two_bytes(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { shift_in_256::<14>(self, prev) }
    }
    #[inline(always)]
    unsafe fn shift_in_three_bytes(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { shift_in_256::<13>(self, prev) }
    }
    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_movemask_epi8(self) != 0 }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_testz_si256(self, self) == 1 }
    }
}

/// `self` shifted up by `N` bytes with the last `N` bytes of `prev` shifted in:
/// `valignd` by 12 dwords gives `[prev.lane3, self.lane0, self.lane1, self.lane2]`
/// (the lane before each lane of `self`), then the per-lane `vpalignr`.
///
/// # Safety
/// The CPU supports AVX-512F and AVX-512BW (or the model is in use).
#[inline(always)]
#[cfg_attr(utfast_avx512_model, allow(unused_unsafe))]
unsafe fn shift_in_512<const N: i32>(this: Zmm, prev: Zmm) -> Zmm {
    // SAFETY: the caller guarantees AVX-512F and AVX-512BW.
    unsafe {
        let before = isa::alignr_epi32::<12>(this, prev);
        isa::alignr_epi8::<N>(this, before)
    }
}

/// Through the AVX-512 instruction wrapper (`crate::x86_64::avx512::isa`): the real
/// instructions, or their portable model under `--cfg utfast_avx512_model` (where the
/// `unsafe` blocks around its safe functions are unused).
#[cfg_attr(utfast_avx512_model, allow(unused_unsafe))]
impl Vector for Zmm {
    const BYTES: usize = 64;
    const ALIGN_LOADS: bool = true;
    const ALIGN_STORES: bool = true;
    const MASK_REGISTERS: bool = true;

    #[inline(always)]
    unsafe fn splat(byte: u8) -> Self {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe { isa::set1_epi8(byte as i8) }
    }
    #[inline(always)]
    unsafe fn broadcast_lane(lane: &[u8; 16]) -> Self {
        // SAFETY: the caller guarantees AVX-512F; `lane` is 16 readable bytes.
        unsafe { isa::broadcast_i32x4(isa::loadu_si128(lane.as_ptr())) }
    }
    #[inline(always)]
    unsafe fn load_unaligned(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees AVX-512F and 64 readable bytes at `ptr`.
        unsafe { isa::loadu(ptr) }
    }
    #[inline(always)]
    unsafe fn store_unaligned(self, ptr: *mut u8) {
        // SAFETY: the caller guarantees AVX-512F and 64 writable bytes at `ptr`.
        unsafe { isa::storeu(ptr, self) }
    }
    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe { isa::and_si512(self, other) }
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe { isa::or_si512(self, other) }
    }
    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe { isa::xor_si512(self, other) }
    }
    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { isa::subs_epu8(self, other) }
    }
    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { isa::and_si512(isa::srli_epi16::<4>(self), isa::set1_epi8(0x0F)) }
    }
    #[inline(always)]
    unsafe fn lookup16(self, table: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { isa::shuffle_epi8(table, self) }
    }
    #[inline(always)]
    unsafe fn shift_in_one_byte(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F and AVX-512BW.
        unsafe { shift_in_512::<15>(self, prev) }
    }
    #[inline(always)]
    unsafe fn shift_in_two_bytes(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F and AVX-512BW.
        unsafe { shift_in_512::<14>(self, prev) }
    }
    #[inline(always)]
    unsafe fn shift_in_three_bytes(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512F and AVX-512BW.
        unsafe { shift_in_512::<13>(self, prev) }
    }
    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { isa::movepi8_mask(self) != 0 }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        // SAFETY: the caller guarantees AVX-512F.
        unsafe { isa::test_epi64_mask(self, self) == 0 }
    }
}

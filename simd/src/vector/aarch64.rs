//! [`Vector`] for `uint8x16_t` (NEON).
//!
//! Each method's `# Safety` contract is the trait's: the CPU supports NEON, and
//! pointers cover 16 accessible bytes. The `SAFETY:` comments refer to that contract.

use super::Vector;
use core::arch::aarch64::*;

impl Vector for uint8x16_t {
    const BYTES: usize = 16;

    #[inline(always)]
    unsafe fn splat(byte: u8) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vdupq_n_u8(byte) }
    }
    #[inline(always)]
    unsafe fn broadcast_lane(lane: &[u8; 16]) -> Self {
        // SAFETY: the caller guarantees NEON; `lane` is 16 readable bytes.
        unsafe { vld1q_u8(lane.as_ptr()) }
    }
    #[inline(always)]
    unsafe fn load_unaligned(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees NEON and 16 readable bytes at `ptr`.
        unsafe { vld1q_u8(ptr) }
    }
    #[inline(always)]
    unsafe fn store_unaligned(self, ptr: *mut u8) {
        // SAFETY: the caller guarantees NEON and 16 writable bytes at `ptr`.
        unsafe { vst1q_u8(ptr, self) }
    }
    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vandq_u8(self, other) }
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vorrq_u8(self, other) }
    }
    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { veorq_u8(self, other) }
    }
    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vqsubq_u8(self, other) }
    }
    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vshrq_n_u8::<4>(self) }
    }
    #[inline(always)]
    unsafe fn lookup16(self, table: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vqtbl1q_u8(table, self) }
    }
    #[inline(always)]
    unsafe fn shift_in_one_byte(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vextq_u8::<15>(prev, self) }
    }
    #[inline(always)]
    unsafe fn shift_in_two_bytes(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vextq_u8::<14>(prev, self) }
    }
    #[inline(always)]
    unsafe fn shift_in_three_bytes(self, prev: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vextq_u8::<13>(prev, self) }
    }
    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        // SAFETY: the caller guarantees NEON.
        unsafe { vmaxvq_u8(self) >= 0x80 }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        // SAFETY: the caller guarantees NEON.
        unsafe { vmaxvq_u8(self) == 0 }
    }
}

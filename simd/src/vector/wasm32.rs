//! [`Vector`] for `v128` (WebAssembly SIMD, `simd128`).
//!
//! Each method's `# Safety` contract is the trait's: the module is compiled with
//! `simd128` (wasm has no run-time detection: an engine without it rejects the whole
//! module), and pointers cover 16 accessible bytes. The `SAFETY:` comments refer to
//! that contract.

use super::Vector;
use core::arch::wasm32::*;

impl Vector for v128 {
    const BYTES: usize = 16;
    const PREVIOUS_BY_LOADS: bool = false;

    #[inline(always)]
    unsafe fn splat(byte: u8) -> Self {
        u8x16_splat(byte)
    }
    #[inline(always)]
    unsafe fn broadcast_lane(lane: &[u8; 16]) -> Self {
        // SAFETY: `lane` is 16 readable bytes; `v128_load` needs no alignment.
        unsafe { v128_load(lane.as_ptr().cast()) }
    }
    #[inline(always)]
    unsafe fn load_unaligned(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `ptr`.
        unsafe { v128_load(ptr.cast()) }
    }
    #[inline(always)]
    unsafe fn store_unaligned(self, ptr: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes at `ptr`.
        unsafe { v128_store(ptr.cast(), self) }
    }
    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        v128_and(self, other)
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        v128_or(self, other)
    }
    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        v128_xor(self, other)
    }
    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        u8x16_sub_sat(self, other)
    }
    #[inline(always)]
    unsafe fn shr4(self) -> Self {
        // Engines have no byte shift on x86 and build `u8x16_shr`'s mask anew at
        // every use; a 16-bit shift and an `and` with a constant are two instructions.
        v128_and(u16x8_shr(self, 4), u8x16_splat(0x0F))
    }
    #[inline(always)]
    unsafe fn lookup16(self, table: Self) -> Self {
        // `i8x16_swizzle` gives zero for indices of 16 and more, as `tbl` does, and
        // so also where `pshufb` sees the high bit: the tables' zero entries hold.
        i8x16_swizzle(table, self)
    }
    #[inline(always)]
    unsafe fn shift_in_one_byte(self, prev: Self) -> Self {
        i8x16_shuffle::<15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30>(prev, self)
    }
    #[inline(always)]
    unsafe fn shift_in_two_bytes(self, prev: Self) -> Self {
        i8x16_shuffle::<14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29>(prev, self)
    }
    #[inline(always)]
    unsafe fn shift_in_three_bytes(self, prev: Self) -> Self {
        i8x16_shuffle::<13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28>(prev, self)
    }
    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        // `u8x16_bitmask` is one instruction on the engines' x86 back ends
        // (`pmovmskb`), where an all-lanes test of a comparison is three.
        u8x16_bitmask(self) != 0
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        !v128_any_true(self)
    }
}

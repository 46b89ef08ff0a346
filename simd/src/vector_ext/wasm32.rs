//! [`VectorExt`] and [`Lookup128`] for `v128` (WebAssembly SIMD, `simd128`;
//! wasm is little-endian).
//!
//! Each method's `# Safety` contract is the trait's: the module is compiled with
//! `simd128`. The `SAFETY:` comments below refer to that contract. Most intrinsics of
//! `core::arch::wasm32` are safe functions: only the memory accesses need `unsafe`.
//!
//! simd128 has what the generic code asks for in one instruction where NEON and x86
//! need several: `u8x16_bitmask` (a dense mask, so `MASK_BITS` is 1), saturating
//! narrowing for [`VectorExt::narrow16_small`] and [`VectorExt::narrow32_small`], and
//! `i8x16_swizzle`, which gives zero for every index of 16 or more, so that
//! [`Lookup128`] needs no telescoped tables.

use super::{Lookup128, VectorExt};
use core::arch::wasm32::*;

impl VectorExt for v128 {
    const MASK_BITS: u32 = 1;

    #[inline(always)]
    unsafe fn splat4(p: [u8; 4]) -> Self {
        // Little-endian: byte 0 of the lane is p[0].
        u32x4_splat(u32::from_le_bytes(p))
    }
    #[inline(always)]
    unsafe fn eq8(self, other: Self) -> Self {
        i8x16_eq(self, other)
    }
    #[inline(always)]
    unsafe fn eq16(self, other: Self) -> Self {
        i16x8_eq(self, other)
    }
    #[inline(always)]
    unsafe fn eq32(self, other: Self) -> Self {
        i32x4_eq(self, other)
    }
    #[inline(always)]
    unsafe fn bitmask(self) -> u64 {
        u64::from(u8x16_bitmask(self))
    }
    #[inline(always)]
    unsafe fn wrapping_sub8(self, other: Self) -> Self {
        i8x16_sub(self, other)
    }
    #[inline(always)]
    unsafe fn sum_bytes(self) -> u64 {
        // Pairwise widening additions: 8 sums of 2 bytes, then 4 of 4 bytes.
        let s = u32x4_extadd_pairwise_u16x8(u16x8_extadd_pairwise_u8x16(self));
        let s = i32x4_add(s, i32x4_shuffle::<2, 3, 0, 1>(s, s));
        u64::from(u32x4_extract_lane::<0>(s)) + u64::from(u32x4_extract_lane::<1>(s))
    }
    #[inline(always)]
    unsafe fn swap_bytes16(self) -> Self {
        i8x16_shuffle::<1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14>(self, self)
    }
    #[inline(always)]
    unsafe fn swap_bytes32(self) -> Self {
        i8x16_shuffle::<3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12>(self, self)
    }
    #[inline(always)]
    unsafe fn zip8(a: Self, b: Self) -> (Self, Self) {
        (
            i8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(a, b),
            i8x16_shuffle::<8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31>(a, b),
        )
    }
    #[inline(always)]
    unsafe fn zip16(a: Self, b: Self) -> (Self, Self) {
        (
            i16x8_shuffle::<0, 8, 1, 9, 2, 10, 3, 11>(a, b),
            i16x8_shuffle::<4, 12, 5, 13, 6, 14, 7, 15>(a, b),
        )
    }
    #[inline(always)]
    unsafe fn narrow16(a: Self, b: Self) -> Self {
        i8x16_shuffle::<0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30>(a, b)
    }
    #[inline(always)]
    unsafe fn narrow32(a: Self, b: Self) -> Self {
        i16x8_shuffle::<0, 2, 4, 6, 8, 10, 12, 14>(a, b)
    }
    #[inline(always)]
    unsafe fn narrow16_small(a: Self, b: Self) -> Self {
        // Lanes <= 0xFF are positive 16-bit numbers that do not saturate: one
        // `packuswb` on x86 engines, where the general shuffle is two.
        u8x16_narrow_i16x8(a, b)
    }
    #[inline(always)]
    unsafe fn narrow32_small(a: Self, b: Self) -> Self {
        // Lanes <= 0xFFFF are positive 32-bit numbers that do not saturate.
        u16x8_narrow_i32x4(a, b)
    }
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        i16x8_shl(self, N as u32)
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        u16x8_shr(self, N as u32)
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        i32x4_shl(self, N as u32)
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        u32x4_shr(self, N as u32)
    }
    #[inline(always)]
    unsafe fn add32(self, other: Self) -> Self {
        i32x4_add(self, other)
    }
    #[inline(always)]
    unsafe fn max32(self, other: Self) -> Self {
        u32x4_max(self, other)
    }
    #[inline(always)]
    unsafe fn bitmask_dense(self) -> u64 {
        u64::from(u8x16_bitmask(self))
    }
    #[inline(always)]
    unsafe fn bitmask16(self) -> u64 {
        u64::from(i16x8_bitmask(self))
    }
    #[inline(always)]
    unsafe fn load_lanes(lane: impl Fn(usize) -> *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `lane(0)`.
        unsafe { v128_load(lane(0).cast()) }
    }
    #[inline(always)]
    unsafe fn store_lane(self, k: usize, ptr: *mut u8) {
        debug_assert_eq!(k, 0);
        // SAFETY: the caller guarantees 16 writable bytes at `ptr`.
        unsafe { v128_store(ptr.cast(), self) }
    }
    #[inline(always)]
    unsafe fn zip16_lanes(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: the trait's contract, passed on.
        unsafe { Self::zip16(a, b) }
    }
    #[inline(always)]
    unsafe fn blend(mask: Self, a: Self, b: Self) -> Self {
        v128_bitselect(a, b, mask)
    }
    #[inline(always)]
    unsafe fn max8(self, other: Self) -> Self {
        u8x16_max(self, other)
    }
    #[inline(always)]
    unsafe fn gt_u32(self, other: Self) -> Self {
        u32x4_gt(self, other)
    }
    #[inline(always)]
    unsafe fn load_widen8to16(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees 8 readable bytes at `ptr`.
        unsafe { u16x8_load_extend_u8x8(ptr) }
    }
    #[inline(always)]
    unsafe fn load_widen8to32(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees 4 readable bytes at `ptr`.
        let x = unsafe { ptr.cast::<u32>().read_unaligned() };
        u32x4_extend_low_u16x8(u16x8_extend_low_u8x16(u32x4(x, 0, 0, 0)))
    }

    type Block64 = [Self; 4];
    #[inline(always)]
    unsafe fn load_block64(ptr: *const u8) -> [Self; 4] {
        // SAFETY: the caller guarantees 64 readable bytes at `ptr`.
        unsafe {
            [
                v128_load(ptr.cast()),
                v128_load(ptr.add(16).cast()),
                v128_load(ptr.add(32).cast()),
                v128_load(ptr.add(48).cast()),
            ]
        }
    }
}

impl Lookup128 for v128 {
    /// The eight 16-entry slices of the table (slice `k`: the bytes `0x80 + 16k ..`).
    type Table = [v128; 8];

    #[inline(always)]
    unsafe fn table128(t: &[u8; 128]) -> [v128; 8] {
        core::array::from_fn(|k| {
            // SAFETY: `t` is 128 readable bytes, 16 per slice (`k < 8`).
            unsafe { v128_load(t.as_ptr().add(16 * k).cast()) }
        })
    }

    #[inline(always)]
    unsafe fn lookup128_pair(self, a: &[v128; 8], b: &[v128; 8]) -> (Self, Self) {
        // The indices are shared by the two tables.
        let i = v128_xor(self, u8x16_splat(0x80));
        let (mut x, mut y) = (u8x16_splat(0), u8x16_splat(0));
        for k in 0..8 {
            let j = i8x16_sub(i, u8x16_splat(16 * k as u8));
            x = v128_or(x, i8x16_swizzle(a[k], j));
            y = v128_or(y, i8x16_swizzle(b[k], j));
        }
        (x, y)
    }

    #[inline(always)]
    unsafe fn lookup128(self, t: &[v128; 8]) -> Self {
        // `x ^ 0x80 - 16k` is in 0..16 for the bytes of slice `k` only (ASCII bytes
        // give 16 and more for every `k`), and the swizzle zeroes every other index:
        // each byte is found in exactly one slice, ASCII in none.
        let i = v128_xor(self, u8x16_splat(0x80));
        let mut x = u8x16_splat(0);
        for (k, slice) in t.iter().enumerate() {
            x = v128_or(
                x,
                i8x16_swizzle(*slice, i8x16_sub(i, u8x16_splat(16 * k as u8))),
            );
        }
        x
    }
}

//! [`VectorExt`] and [`Lookup128`] for `uint8x16_t` (NEON, little-endian aarch64).
//!
//! Each method's `# Safety` contract is the trait's: the CPU supports NEON. The
//! `SAFETY:` comments below refer to that contract.

use super::{Lookup128, VectorExt};
use core::arch::aarch64::*;

impl VectorExt for uint8x16_t {
    const MASK_BITS: u32 = 4;

    #[inline(always)]
    unsafe fn splat4(p: [u8; 4]) -> Self {
        // SAFETY: the caller guarantees NEON. Little-endian: byte 0 of the lane is p[0].
        unsafe { vreinterpretq_u8_u32(vdupq_n_u32(u32::from_le_bytes(p))) }
    }
    #[inline(always)]
    unsafe fn eq8(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vceqq_u8(self, other) }
    }
    #[inline(always)]
    unsafe fn eq16(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u16(vceqq_u16(
                vreinterpretq_u16_u8(self),
                vreinterpretq_u16_u8(other),
            ))
        }
    }
    #[inline(always)]
    unsafe fn eq32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u32(vceqq_u32(
                vreinterpretq_u32_u8(self),
                vreinterpretq_u32_u8(other),
            ))
        }
    }
    #[inline(always)]
    unsafe fn bitmask(self) -> u64 {
        // SAFETY: the caller guarantees NEON. Shifting each 16-bit lane right by 4 and
        // keeping its low byte keeps the high nibble of byte 2k and the low nibble of
        // byte 2k + 1: four bits per byte, in memory order.
        unsafe {
            let n = vshrn_n_u16::<4>(vreinterpretq_u16_u8(self));
            vget_lane_u64::<0>(vreinterpret_u64_u8(n))
        }
    }
    #[inline(always)]
    unsafe fn wrapping_sub8(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vsubq_u8(self, other) }
    }
    #[inline(always)]
    unsafe fn sum_bytes(self) -> u64 {
        // SAFETY: the caller guarantees NEON.
        unsafe { u64::from(vaddlvq_u8(self)) }
    }
    #[inline(always)]
    unsafe fn swap_bytes16(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vrev16q_u8(self) }
    }
    #[inline(always)]
    unsafe fn swap_bytes32(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vrev32q_u8(self) }
    }
    #[inline(always)]
    unsafe fn zip8(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: the caller guarantees NEON.
        unsafe { (vzip1q_u8(a, b), vzip2q_u8(a, b)) }
    }
    #[inline(always)]
    unsafe fn zip16(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            let (a, b) = (vreinterpretq_u16_u8(a), vreinterpretq_u16_u8(b));
            (
                vreinterpretq_u8_u16(vzip1q_u16(a, b)),
                vreinterpretq_u8_u16(vzip2q_u16(a, b)),
            )
        }
    }
    #[inline(always)]
    unsafe fn zero_extend16(self, zeros_first: bool) -> (Self, Self) {
        // SAFETY: the caller guarantees NEON. A lane shifted left by 16 into a
        // 32-bit lane has its bytes after two zeros in memory.
        unsafe {
            let v = vreinterpretq_u16_u8(self);
            let (a, b) = if zeros_first {
                (
                    vshll_n_u16::<16>(vget_low_u16(v)),
                    vshll_high_n_u16::<16>(v),
                )
            } else {
                (vmovl_u16(vget_low_u16(v)), vmovl_high_u16(v))
            };
            (vreinterpretq_u8_u32(a), vreinterpretq_u8_u32(b))
        }
    }
    #[inline(always)]
    unsafe fn narrow16(a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vuzp1q_u8(a, b) }
    }
    #[inline(always)]
    unsafe fn narrow32(a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u16(vuzp1q_u16(vreinterpretq_u16_u8(a), vreinterpretq_u16_u8(b)))
        }
    }
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u16(vshlq_n_u16::<N>(vreinterpretq_u16_u8(self))) }
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u16(vshrq_n_u16::<N>(vreinterpretq_u16_u8(self))) }
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u32(vshlq_n_u32::<N>(vreinterpretq_u32_u8(self))) }
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vreinterpretq_u8_u32(vshrq_n_u32::<N>(vreinterpretq_u32_u8(self))) }
    }
    #[inline(always)]
    unsafe fn add32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u32(vaddq_u32(
                vreinterpretq_u32_u8(self),
                vreinterpretq_u32_u8(other),
            ))
        }
    }
    #[inline(always)]
    unsafe fn max32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u32(vmaxq_u32(
                vreinterpretq_u32_u8(self),
                vreinterpretq_u32_u8(other),
            ))
        }
    }
    #[inline(always)]
    unsafe fn bitmask_dense(self) -> u64 {
        // SAFETY: the caller guarantees NEON; the weights are 16 readable bytes. Each
        // byte keeps the bit of its position in its half; three pairwise additions sum
        // each half into one byte (the weights are distinct bits: no carries).
        unsafe {
            const W: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
            let t = vandq_u8(self, vld1q_u8(W.as_ptr()));
            let t = addp(t, t);
            let t = addp(t, t);
            let t = addp(t, t);
            u64::from(vgetq_lane_u16::<0>(vreinterpretq_u16_u8(t)))
        }
    }
    #[inline(always)]
    unsafe fn bitmask16(self) -> u64 {
        // SAFETY: the caller guarantees NEON; the weights are 8 readable bytes. The
        // narrowing keeps one byte per 16-bit lane; each keeps the bit of its lane and
        // the horizontal sum adds the distinct bits.
        unsafe {
            const W: [u8; 8] = [1, 2, 4, 8, 16, 32, 64, 128];
            let n = vmovn_u16(vreinterpretq_u16_u8(self));
            u64::from(vaddv_u8(vand_u8(n, vld1_u8(W.as_ptr()))))
        }
    }
    #[inline(always)]
    unsafe fn load_lanes(lane: impl Fn(usize) -> *const u8) -> Self {
        // SAFETY: the caller guarantees NEON and 16 readable bytes at `lane(0)`.
        unsafe { vld1q_u8(lane(0)) }
    }
    #[inline(always)]
    unsafe fn store_lane(self, k: usize, ptr: *mut u8) {
        debug_assert_eq!(k, 0);
        // SAFETY: the caller guarantees NEON and 16 writable bytes at `ptr`.
        unsafe { vst1q_u8(ptr, self) }
    }
    #[inline(always)]
    unsafe fn zip16_lanes(a: Self, b: Self) -> (Self, Self) {
        // SAFETY: the caller guarantees NEON.
        unsafe { Self::zip16(a, b) }
    }
    #[inline(always)]
    unsafe fn blend(mask: Self, a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vbslq_u8(mask, a, b) }
    }
    #[inline(always)]
    unsafe fn max8(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe { vmaxq_u8(self, other) }
    }
    #[inline(always)]
    unsafe fn gt_u32(self, other: Self) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            vreinterpretq_u8_u32(vcgtq_u32(
                vreinterpretq_u32_u8(self),
                vreinterpretq_u32_u8(other),
            ))
        }
    }

    #[inline(always)]
    unsafe fn block_bitmask_dense(block: &[Self; 4], f: impl Fn(Self) -> Self) -> u64 {
        // SAFETY: the caller guarantees NEON; the weights are 16 readable bytes. Each
        // byte keeps the bit of its position in its half; pairwise additions sum
        // pairs, then quads, then halves of each vector (distinct bits: no carries),
        // leaving the 16-bit masks of the four vectors in the first 8 bytes.
        unsafe {
            const W: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
            let w = vld1q_u8(W.as_ptr());
            let [a, b, c, d] = block.map(|x| vandq_u8(f(x), w));
            let abcd = addp(addp(a, b), addp(c, d));
            let r = addp(abcd, abcd);
            vgetq_lane_u64::<0>(vreinterpretq_u64_u8(r))
        }
    }

    #[inline(always)]
    unsafe fn load_widen8to16(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees NEON and 8 readable bytes at `ptr`.
        unsafe { vreinterpretq_u8_u16(vmovl_u8(vld1_u8(ptr))) }
    }
    #[inline(always)]
    unsafe fn load_widen8to32(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees NEON and 4 readable bytes at `ptr`.
        unsafe {
            let x = vcreate_u8(u64::from(ptr.cast::<u32>().read_unaligned()));
            vreinterpretq_u8_u32(vmovl_u16(vget_low_u16(vmovl_u8(x))))
        }
    }

    type Block64 = [Self; 4];
    #[inline(always)]
    unsafe fn load_block64(ptr: *const u8) -> [Self; 4] {
        // SAFETY: the caller guarantees NEON and 64 readable bytes at `ptr`.
        unsafe {
            [
                vld1q_u8(ptr),
                vld1q_u8(ptr.add(16)),
                vld1q_u8(ptr.add(32)),
                vld1q_u8(ptr.add(48)),
            ]
        }
    }
}

/// `addp` (`vpaddq_u8`) as one instruction: on bytes whose set bits are known to be
/// disjoint, LLVM rewrites the pairwise addition into `uzp1`, `uzp2` and `orr`
/// (three instructions where the core has one); the assembly keeps it whole.
///
/// # Safety
/// NEON.
#[inline(always)]
pub(crate) unsafe fn addp(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t {
    let r: uint8x16_t;
    // SAFETY: a register-only NEON instruction (NEON is the caller's promise).
    unsafe {
        core::arch::asm!(
            "addp {r:v}.16b, {a:v}.16b, {b:v}.16b",
            r = lateout(vreg) r,
            a = in(vreg) a,
            b = in(vreg) b,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    r
}

impl Lookup128 for uint8x16_t {
    type Table = [uint8x16x4_t; 2];

    #[inline(always)]
    unsafe fn table128(t: &[u8; 128]) -> [uint8x16x4_t; 2] {
        // SAFETY: the caller guarantees NEON; `t` is 128 readable bytes.
        unsafe { [vld1q_u8_x4(t.as_ptr()), vld1q_u8_x4(t.as_ptr().add(64))] }
    }

    #[inline(always)]
    unsafe fn lookup128_pair(self, a: &[uint8x16x4_t; 2], b: &[uint8x16x4_t; 2]) -> (Self, Self) {
        // SAFETY: the caller guarantees NEON.
        unsafe { (self.lookup128(a), self.lookup128(b)) }
    }

    #[inline(always)]
    unsafe fn lookup128(self, t: &[uint8x16x4_t; 2]) -> Self {
        // SAFETY: the caller guarantees NEON.
        unsafe {
            let i = veorq_u8(self, vdupq_n_u8(0x80));
            let j = vsubq_u8(i, vdupq_n_u8(64));
            vorrq_u8(vqtbl4q_u8(t[0], i), vqtbl4q_u8(t[1], j))
        }
    }
}

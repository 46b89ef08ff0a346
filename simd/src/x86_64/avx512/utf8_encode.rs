//! UTF-16 -> UTF-8 and UTF-32 -> UTF-8 on the `"avx512-vbmi2"` tier: the generic
//! loop of [`crate::generic::utf8_encode`] with 512-bit blocks (32 units per step),
//! and hooks ([`Vbmi2Enc`]) that convert every block of the Basic Multilingual
//! Plane that is not ASCII and has no surrogate with VBMI/VBMI2 instead of the
//! generic per-128-bit-lane packing (after Clausecker & Lemire, "Transcoding
//! Unicode Characters with AVX-512 Instructions", 2023; ASCII blocks, surrogates,
//! supplementary code points and errors stay with the generic loop):
//!
//! - all below U+0800 (ASCII and two-byte characters): each 16-bit lane becomes
//!   `lead | last << 8` (the unit itself when ASCII), and one `vpcompressb` into a
//!   register keeps the low byte of every lane and the high byte of the two-byte
//!   ones ([`two_block`]); inside the ASCII run, two such blocks in a row are
//!   converted there too, so that mostly-ASCII text with a few accented letters
//!   stays in the run ([`run_two_pair`], [`run_two_pair32`]);
//! - all three-byte: the three bytes of each unit are computed in two vectors and
//!   packed by two fixed `vpermt2b` ([`all_three`]; no compress);
//! - a mix with three-byte units: 16 units at a time in 32-bit lanes
//!   `[first, middle, last, 0]` (a narrower character leaves its first bytes zero,
//!   an ASCII unit sits in `last`), packed by one `vpcompressb` each ([`pack16`];
//!   UTF-32 input is in 32-bit lanes already).
//!
//! A byte is kept when it is not zero, or is the `last` (the one byte of an ASCII
//! unit, which may be a NUL): one `vpcmpneqb` against a constant gives the mask,
//! without a round trip through a general register before the compress (which
//! `vptestmb` and an OR of masks would need). Each packed register is stored
//! with one plain store (64 bytes; the second half of a three-byte block as 48):
//! the generic loop's bounds leave room for that, and the bytes past the output
//! are scratch that the next step overwrites. The generic steps at 512 bits store
//! each 128-bit lane at an address that depends on the previous lane's count (four
//! to eight dependent stores per block) and branch between the fixed three-byte
//! shuffle and the tables per block, which mispredicts on Japanese (39% of its
//! 32-unit blocks are all three-byte), so at 512 bits they lose to the avx2
//! kernel; these hooks store each block with one or two independent stores and
//! take the all-three-byte blocks without a table.
//!
//! A loop of its own for this tier (one 16-unit step per iteration, a compress and
//! a masked store of exactly the output every step) would be slower than the avx2
//! kernel on every script but ASCII: each step's store address waits for the
//! previous step's popcount.

use super::consts::SWAP32;
use super::isa::{self, Zmm};
use crate::vector_ext::VectorExt;
use utfast_scalar::{Endian, Mode, TranscodeError};

/// The hooks of the `"avx512-vbmi2"` tier's UTF-16/UTF-32 -> UTF-8 loops (see the
/// module documentation).
pub(crate) struct Vbmi2Enc;

/// `u` as a [`Zmm`], if `B` is the 512-bit vector (`B` is `Zmm` when its size and
/// `B::BYTES` are 64: the one 512-bit [`VectorExt`]).
#[inline(always)]
fn as_zmm<B: VectorExt>(u: B) -> Option<Zmm> {
    if B::BYTES == 64 && core::mem::size_of::<B>() == core::mem::size_of::<Zmm>() {
        // SAFETY: `B` is `Zmm` (the only `VectorExt` of 64 bytes), so this is the
        // identity.
        Some(unsafe { core::mem::transmute_copy::<B, Zmm>(&u) })
    } else {
        None
    }
}

crate::x86_64::avx512::isa::avx512_target_feature! {
    "avx512f,avx512bw,avx512vbmi2,popcnt";
    /// The two-byte step on the 32 units of `u` (all below U+0800): stores 64 bytes
    /// at `dst`, returns the output's length.
    ///
    /// # Safety
    /// The CPU supports the tier's features; 64 writable bytes at `dst`.
    #[inline]
    unsafe fn two_block(u: Zmm, dst: *mut u8) -> usize {
        let ascii = isa::cmplt_epu16_mask(u, isa::set1_epi16(0x80));
        // `110aaaaa` in the low byte, `10bbbbbb` in the high byte.
        let lead = isa::srli_epi16::<6>(u);
        let last = isa::slli_epi16::<8>(u);
        // lead | (last & 0x3F00), then | 0x80C0.
        let two = isa::ternarylogic_epi32::<0xF8>(lead, last, isa::set1_epi16(0x3F00));
        let two = isa::or_si512(two, isa::set1_epi16(0x80C0_u16 as i16));
        let lanes = isa::mask_blend_epi16(ascii, two, u);
        // The high byte of a lane is zero exactly when the unit is ASCII; the low
        // byte is kept always (it may be a NUL).
        let keep = isa::cmpneq_epi8_mask(lanes, isa::set1_epi16(0x00FF));
        // SAFETY: 64 writable bytes at `dst` (the caller's promise).
        unsafe { isa::storeu(dst, isa::maskz_compress_epi8(keep, lanes)) };
        keep.count_ones() as usize
    }
}

crate::x86_64::avx512::isa::avx512_target_feature! {
    "avx512f,avx512bw,avx512vbmi2,popcnt";
    /// The 16 units (zero-extended to 32-bit lanes) of `x`, none a surrogate, as
    /// packed UTF-8 in a register, and its length.
    #[inline]
    fn pack16(x: Zmm) -> (Zmm, usize) {
        let ge80 = isa::cmpge_epu32_mask(x, isa::set1_epi32(0x80));
        let ge800 = isa::cmpge_epu32_mask(x, isa::set1_epi32(0x800));
        let six = isa::set1_epi32(0x3F);
        // [x >> 12, x >> 6 & 0x3F, x & 0x3F, 0] | [0, 0x80, 0x80, 0].
        let hi = isa::srli_epi32::<12>(x);
        let mid = isa::and_si512(isa::slli_epi32::<2>(x), isa::set1_epi32(0x3F00));
        let lo = isa::slli_epi32::<16>(isa::and_si512(x, six));
        let lanes = isa::ternarylogic_epi32::<0xFE>(hi, mid, lo);
        let lanes = isa::or_si512(lanes, isa::set1_epi32(0x0080_8000));
        // Three bytes: | 0xE0 in the first; two: | 0x40 in the middle one (0xC0);
        // one: the unit itself, in the last byte.
        let lanes = isa::mask_mov_epi32(lanes, ge800, isa::or_si512(lanes, isa::set1_epi32(0xE0)));
        let two = isa::or_si512(lanes, isa::set1_epi32(0x4000));
        let lanes = isa::mask_mov_epi32(lanes, ge80 & !ge800, two);
        let lanes = isa::mask_mov_epi32(lanes, !ge80, isa::slli_epi32::<16>(x));
        // Non-zero bytes are output, and the last byte of every lane (a NUL unit).
        let keep = isa::cmpneq_epi8_mask(lanes, isa::set1_epi32(0x00FF_0000));
        (isa::maskz_compress_epi8(keep, lanes), keep.count_ones() as usize)
    }
}

crate::x86_64::avx512::isa::avx512_target_feature! {
    "avx512f,avx512bw,avx512vbmi2,popcnt";
    /// The step of a block with three-byte units on the 32 units of `u` (no
    /// surrogates): stores at most 96 bytes at `dst`, returns the output's length.
    ///
    /// # Safety
    /// The CPU supports the tier's features; 96 writable bytes at `dst`.
    #[inline]
    unsafe fn three_block(u: Zmm, dst: *mut u8) -> usize {
        let a = isa::cvtepu16_epi32(isa::castsi512_si256(u));
        let b = isa::cvtepu16_epi32(isa::extracti64x4_epi64::<1>(u));
        // SAFETY: the caller's promises.
        unsafe { three_halves(a, b, dst) }
    }
}

crate::x86_64::avx512::isa::avx512_target_feature! {
    "avx512f,avx512bw,avx512vbmi2,popcnt";
    /// [`three_block`] on its units in 32-bit lanes, 16 in `a`, then 16 in `b`.
    ///
    /// # Safety
    /// The CPU supports the tier's features; 96 writable bytes at `dst`.
    #[inline]
    unsafe fn three_halves(a: Zmm, b: Zmm, dst: *mut u8) -> usize {
        let (a, n) = pack16(a);
        let (b, m) = pack16(b);
        // SAFETY: the first store ends at `dst + 64`, the second (48 bytes, at most
        // as many as 16 three-byte units make) at `dst + n + 48 <= dst + 96`.
        unsafe {
            isa::storeu(dst, a);
            let d = dst.add(n);
            isa::storeu_si256(d, isa::castsi512_si256(b));
            isa::storeu_si128(d.add(32), isa::extracti32x4_epi32::<2>(b));
        }
        n + m
    }
}

/// The `vpermt2b` indices of [`all_three`]: output byte `j` is byte `j % 3` of unit
/// `j / 3`, bytes 0 and 1 from the first table (`[first, middle]` in each 16-bit
/// lane), byte 2 from the second (`last`, index 64 + the lane's low byte).
static THREE_IDX: [[u8; 64]; 2] = {
    let mut t = [[0u8; 64]; 2];
    let mut j = 0;
    while j < 96 {
        let (i, r) = (j / 3, j % 3);
        let x = if r < 2 { 2 * i + r } else { 64 + 2 * i };
        t[j / 64][j % 64] = x as u8;
        j += 1;
    }
    t
};

crate::x86_64::avx512::isa::avx512_target_feature! {
    "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt";
    /// 32 units of three bytes each (U+0800..U+FFFF, no surrogates): stores the
    /// 96 bytes of their UTF-8 at `dst` with two fixed `vpermt2b` (no compress).
    ///
    /// # Safety
    /// The CPU supports the tier's features; 96 writable bytes at `dst`.
    #[inline]
    unsafe fn all_three(u: Zmm, dst: *mut u8) -> usize {
        // `[0xE0 | u >> 12, 0x80 | u >> 6 & 0x3F]` and `0x80 | u & 0x3F`.
        let fm = isa::ternarylogic_epi32::<0xF8>(
            isa::srli_epi16::<12>(u),
            isa::slli_epi16::<2>(u),
            isa::set1_epi16(0x3F00),
        );
        let fm = isa::or_si512(fm, isa::set1_epi16(0x80E0_u16 as i16));
        let last = isa::ternarylogic_epi32::<0xF8>(
            isa::set1_epi16(0x80),
            u,
            isa::set1_epi16(0x3F),
        );
        // SAFETY: the tables are 64 bytes each; the stores end at `dst + 96`.
        unsafe {
            let i0 = isa::loadu(THREE_IDX[0].as_ptr());
            let i1 = isa::loadu(THREE_IDX[1].as_ptr());
            isa::storeu(dst, isa::permutex2var_epi8(fm, i0, last));
            let hi = isa::permutex2var_epi8(fm, i1, last);
            isa::storeu_si256(dst.add(64), isa::castsi512_si256(hi));
        }
        96
    }
}

crate::x86_64::avx512::isa::avx512_target_feature! {
    "avx512f,avx512bw,avx512vbmi2,popcnt";
    /// Two blocks of 32 UTF-16 units in the ASCII run: converted with
    /// [`two_block`] if all below U+0800.
    ///
    /// # Safety
    /// The CPU supports the tier's features; 128 writable bytes at `dst`.
    #[inline]
    unsafe fn run_two_pair(u0: Zmm, u1: Zmm, dst: *mut u8) -> Option<usize> {
        let m = isa::set1_epi16(0xF800_u16 as i16);
        if isa::test_epi16_mask(isa::or_si512(u0, u1), m) != 0 {
            return None;
        }
        // SAFETY: the first store ends at `dst + 64`, the second at `dst + w + 64
        // <= dst + 128`.
        unsafe {
            let w = two_block(u0, dst);
            Some(w + two_block(u1, dst.add(w)))
        }
    }
}

crate::x86_64::avx512::isa::avx512_target_feature! {
    "avx512f,avx512bw,avx512vbmi2,popcnt";
    /// Four vectors of UTF-32 units as loaded (big-endian when `be`) in the ASCII
    /// run: converted with [`two_block`] (twice) if all below U+0800.
    ///
    /// # Safety
    /// The CPU supports the tier's features; 128 writable bytes at `dst`.
    #[inline]
    unsafe fn run_two_pair32(v: [Zmm; 4], be: bool, dst: *mut u8) -> Option<usize> {
        let all = isa::or_si512(isa::or_si512(v[0], v[1]), isa::or_si512(v[2], v[3]));
        let high = isa::set1_epi32(if be { 0x00F8_FFFF } else { 0xFFFF_F800_u32 as i32 });
        if isa::test_epi32_mask(all, high) != 0 {
            return None;
        }
        let v = if be {
            // SAFETY: a 64-byte table.
            let swap = unsafe { isa::loadu(SWAP32.0.as_ptr()) };
            v.map(|x| isa::shuffle_epi8(x, swap))
        } else {
            v
        };
        let narrow = |a: Zmm, b: Zmm| {
            isa::inserti64x4::<1>(
                isa::zextsi256_si512(isa::cvtepi32_epi16(a)),
                isa::cvtepi32_epi16(b),
            )
        };
        // SAFETY: the first store ends at `dst + 64`, the second at `dst + w + 64
        // <= dst + 128`.
        unsafe {
            let w = two_block(narrow(v[0], v[1]), dst);
            Some(w + two_block(narrow(v[2], v[3]), dst.add(w)))
        }
    }
}

crate::x86_64::avx512::isa::avx512_target_feature! {
    "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt";
    /// A block of 32 UTF-16 units: converted here unless ASCII, all three-byte, or
    /// with surrogates.
    ///
    /// # Safety
    /// The CPU supports the tier's features; 96 writable bytes at `dst`.
    #[inline]
    unsafe fn bmp_block(u: Zmm, dst: *mut u8) -> Option<usize> {
        let ge80 = isa::cmpge_epu16_mask(u, isa::set1_epi16(0x80));
        if ge80 == 0 {
            return None;
        }
        let ge800 = isa::cmpge_epu16_mask(u, isa::set1_epi16(0x800));
        if ge800 == 0 {
            // SAFETY: 64 writable bytes.
            return Some(unsafe { two_block(u, dst) });
        }
        let sur = isa::cmpeq_epi16_mask(
            isa::and_si512(u, isa::set1_epi16(0xF800_u16 as i16)),
            isa::set1_epi16(0xD800_u16 as i16),
        );
        if sur != 0 {
            return None;
        }
        // SAFETY: 96 writable bytes.
        unsafe {
            if ge800 == u32::MAX {
                Some(all_three(u, dst))
            } else {
                Some(three_block(u, dst))
            }
        }
    }
}

crate::x86_64::avx512::isa::avx512_target_feature! {
    "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt";
    /// [`bmp_block`] on 32 UTF-32 units below U+10000, 16 in `a`, then 16 in `b`.
    ///
    /// # Safety
    /// The CPU supports the tier's features; 96 writable bytes at `dst`; every
    /// unit is below U+10000.
    #[inline]
    unsafe fn bmp_block32(a: Zmm, b: Zmm, dst: *mut u8) -> Option<usize> {
        let ge = |x: i32| {
            let k = isa::set1_epi32(x);
            isa::cmpge_epu32_mask(a, k) as u32 | (isa::cmpge_epu32_mask(b, k) as u32) << 16
        };
        if ge(0x80) == 0 {
            return None;
        }
        let ge800 = ge(0x800);
        let narrow = || {
            isa::inserti64x4::<1>(
                isa::zextsi256_si512(isa::cvtepi32_epi16(a)),
                isa::cvtepi32_epi16(b),
            )
        };
        if ge800 == 0 {
            // SAFETY: 64 writable bytes.
            return Some(unsafe { two_block(narrow(), dst) });
        }
        let (m, sur) = (isa::set1_epi32(0xF800), isa::set1_epi32(0xD800));
        let surrogate = isa::cmpeq_epi32_mask(isa::and_si512(a, m), sur) as u32
            | (isa::cmpeq_epi32_mask(isa::and_si512(b, m), sur) as u32) << 16;
        if surrogate != 0 {
            return None;
        }
        // SAFETY: 96 writable bytes.
        unsafe {
            if ge800 == u32::MAX {
                Some(all_three(narrow(), dst))
            } else {
                Some(three_halves(a, b, dst))
            }
        }
    }
}

impl crate::generic::utf8_encode::EncodeHooks for Vbmi2Enc {
    const TWO_BYTE_RUNS: crate::generic::utf8_encode::TwoByteRuns =
        crate::generic::utf8_encode::TwoByteRuns::HooksOnly;
    const THREE_BYTE_RUN32: bool = false;
    #[inline(always)]
    unsafe fn bmp_block32<B: VectorExt>(a: B, b: B, dst: *mut u8) -> Option<usize> {
        let (a, b) = (as_zmm(a)?, as_zmm(b)?);
        // SAFETY: as below.
        unsafe { bmp_block32(a, b, dst) }
    }

    #[inline(always)]
    unsafe fn run_two_pair<B: VectorExt>(u0: B, u1: B, dst: *mut u8) -> Option<usize> {
        let (u0, u1) = (as_zmm(u0)?, as_zmm(u1)?);
        // SAFETY: as below; `2 * 64` writable bytes (the caller's promise).
        unsafe { run_two_pair(u0, u1, dst) }
    }

    #[inline(always)]
    unsafe fn run_two_pair32<B: VectorExt, const BE: bool>(
        v: &[B; 4],
        dst: *mut u8,
    ) -> Option<usize> {
        let v = [as_zmm(v[0])?, as_zmm(v[1])?, as_zmm(v[2])?, as_zmm(v[3])?];
        // SAFETY: as below; `2 * 64` writable bytes (the caller's promise).
        unsafe { run_two_pair32(v, BE, dst) }
    }

    #[inline(always)]
    unsafe fn bmp_block<B: VectorExt>(u: B, dst: *mut u8) -> Option<usize> {
        let u = as_zmm(u)?;
        // SAFETY: as below; `bmp_stores(64) >= 96` writable bytes.
        unsafe { bmp_block(u, dst) }
    }

    #[inline(always)]
    fn count_ones8(x: usize) -> usize {
        // `popcnt`: the tier's features include it.
        x.count_ones() as usize
    }
}

/// `Kernel::utf16_to_utf8`: the generic loop at 512 bits with [`Vbmi2Enc`].
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the caller's promise.
    unsafe { crate::generic::utf8_encode::utf16_to_utf8::<Zmm, Vbmi2Enc>(src, dst, from, to, mode) }
}

/// `Kernel::utf32_to_utf8`: the generic loop at 512 bits with [`Vbmi2Enc`].
///
/// # Safety
/// The CPU supports the tier's features.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    // SAFETY: the caller's promise.
    unsafe { crate::generic::utf8_encode::utf32_to_utf8::<Zmm, Vbmi2Enc>(src, dst, from, to, mode) }
}

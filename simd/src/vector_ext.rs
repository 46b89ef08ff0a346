//! [`VectorExt`]: the extra primitives of the "unit-oriented" algorithms
//! (UTF-16/UTF-32/Latin-1 validation, widening, narrowing, byte swapping, lengths),
//! a crate-private sub-trait of [`Vector`] implemented for the same four types, and
//! [`Lookup128`], the 128-entry table look-up of the code page transcoders.
//!
//! As for [`Vector`], every method is `#[inline(always)]`, carries no
//! `#[target_feature]` and is `unsafe` because it executes instructions of the
//! implementing ISA: the caller must have checked that the CPU supports them
//! (`__m128i`: SSE4.1 (and SSSE3), implied by SSE4.2; `__m256i`: AVX2; `isa::Zmm`:
//! AVX-512F + AVX-512BW; `uint8x16_t`: NEON).
//!
//! # Memory order
//!
//! Every method describes its effect on the bytes *as they are in memory* (what
//! `load_unaligned` read and `store_unaligned` writes), never on register lanes:
//! "the first half" is the bytes at the lower addresses. 16-bit and 32-bit lanes are
//! groups of 2 and 4 consecutive bytes; where a method reads a lane as a number it says
//! so and reads it little-endian (the byte at the lower address is the low byte).
//!
//! # Bit masks
//!
//! [`VectorExt::bitmask`] turns a comparison result (every byte `0x00` or `0xFF`)
//! into an integer with [`VectorExt::MASK_BITS`] bits per byte (1 on x86, where
//! `pmovmskb`/`vpmovb2m` exist, 4 on NEON, where the cheapest form is the
//! "shift right and narrow" nibble mask). Generic code only counts bits
//! (`count_ones() / MASK_BITS`) or compares masks shifted by whole units, so it works
//! with either density.

use crate::vector::Vector;

/// Extra primitives for the unit-oriented algorithms (see the module documentation).
pub(crate) trait VectorExt: Vector {
    /// Bits per byte in [`VectorExt::bitmask`] (1 or 4); `BYTES * MASK_BITS <= 64`.
    const MASK_BITS: u32;

    /// The 4-byte pattern `p` repeated over the whole vector (byte `k` is `p[k % 4]`).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn splat4(p: [u8; 4]) -> Self;

    /// Per byte: `0xFF` where `self == other`, else `0x00`.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn eq8(self, other: Self) -> Self;

    /// Per 16-bit lane: `0xFFFF` where both bytes are equal to `other`'s, else `0`.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn eq16(self, other: Self) -> Self;

    /// Per 32-bit lane: all ones where the four bytes are equal to `other`'s, else `0`.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn eq32(self, other: Self) -> Self;

    /// A mask with [`VectorExt::MASK_BITS`] bits per byte, byte `k` at bits
    /// `k * MASK_BITS..(k + 1) * MASK_BITS`; every byte of `self` must be `0x00` or
    /// `0xFF` (a comparison result), others give unspecified bits.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn bitmask(self) -> u64;

    /// Per byte `self - other`, wrapping (with `other` a comparison result, this adds
    /// one to every byte where the comparison held).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn wrapping_sub8(self, other: Self) -> Self;

    /// The sum of all bytes, as unsigned numbers.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn sum_bytes(self) -> u64;

    /// Swaps the two bytes of every 16-bit lane (UTF-16 LE <-> BE).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn swap_bytes16(self) -> Self;

    /// Reverses the four bytes of every 32-bit lane (UTF-32 LE <-> BE).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn swap_bytes32(self) -> Self;

    /// Interleaves bytes: the result is `a[0], b[0], a[1], b[1], ...`, its first
    /// `BYTES` bytes in `.0`, the rest in `.1` (zero-extension to 16 bits with `b = 0`).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn zip8(a: Self, b: Self) -> (Self, Self);

    /// Interleaves 16-bit lanes: `a.lane0, b.lane0, a.lane1, b.lane1, ...`, the first
    /// `BYTES` bytes in `.0`, the rest in `.1`.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn zip16(a: Self, b: Self) -> (Self, Self);

    /// Each 16-bit lane in a 32-bit lane with two zero bytes, after it (`[a, b]` ->
    /// `[a, b, 0, 0]`) or, with `zeros_first`, before it (`[0, 0, a, b]`): the first
    /// `BYTES / 4` lanes in `.0`, the others in `.1`. The default is
    /// [`zip16`](Self::zip16) with zeros; NEON widens (`uxtl`, `shll`): LLVM turns
    /// its zips with zeros followed by stores into `st2` of half registers and a
    /// register move per store.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    #[inline(always)]
    unsafe fn zero_extend16(self, zeros_first: bool) -> (Self, Self) {
        // SAFETY: the caller's promise.
        unsafe {
            let zero = Self::splat(0);
            if zeros_first {
                Self::zip16(zero, self)
            } else {
                Self::zip16(self, zero)
            }
        }
    }

    /// The even bytes (the low bytes of little-endian 16-bit lanes) of `a`, then
    /// those of `b`: truncation of 16-bit lanes to 8 bits.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn narrow16(a: Self, b: Self) -> Self;

    /// The low 16-bit halves (bytes `4k`, `4k + 1`) of the 32-bit lanes of `a`, then
    /// those of `b`: truncation of little-endian 32-bit lanes to 16 bits.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn narrow32(a: Self, b: Self) -> Self;

    /// [`narrow16`](Self::narrow16) of 16-bit lanes that are all at most `0xFF` (the
    /// caller has tested it): the same result, without clearing the high bytes first
    /// (x86: one unsigned-saturating pack). For other lanes the result is
    /// unspecified (but not undefined).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    #[inline(always)]
    unsafe fn narrow16_small(a: Self, b: Self) -> Self {
        // SAFETY: the caller's promise.
        unsafe { Self::narrow16(a, b) }
    }

    /// [`narrow32`](Self::narrow32) of 32-bit lanes that are all at most `0xFFFF`
    /// (the caller has tested it): the same result, without clearing the high
    /// halves first (x86: one unsigned-saturating pack). For other lanes the result
    /// is unspecified (but not undefined).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    #[inline(always)]
    unsafe fn narrow32_small(a: Self, b: Self) -> Self {
        // SAFETY: the caller's promise.
        unsafe { Self::narrow32(a, b) }
    }

    /// Per 16-bit lane (read little-endian): `lane << N`, zeros shifted in (`N` in 1..16).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn shl16<const N: i32>(self) -> Self;

    /// Per 16-bit lane (read little-endian): `lane >> N`, logical (`N` in 1..16).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn shr16<const N: i32>(self) -> Self;

    /// Per 32-bit lane (read little-endian): `lane << N`, zeros shifted in (`N` in 1..32).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn shl32<const N: i32>(self) -> Self;

    /// Per 32-bit lane (read little-endian): `lane >> N`, logical (`N` in 1..32).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn shr32<const N: i32>(self) -> Self;

    /// Per 32-bit lane (read little-endian): `self + other`, wrapping.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn add32(self, other: Self) -> Self;

    /// Per 32-bit lane (read little-endian): the larger of `self` and `other`
    /// (unsigned).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA (SSE4.1 for `__m128i`).
    unsafe fn max32(self, other: Self) -> Self;

    /// A mask with one bit per byte (byte `k` at bit `k`), of a comparison result
    /// (every byte `0x00` or `0xFF`; others give unspecified bits). Unlike
    /// [`VectorExt::bitmask`] this is dense on every ISA (NEON pays a few extra
    /// instructions): the transcoders index tables with it.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn bitmask_dense(self) -> u64;

    /// A 64-byte block as `64 / BYTES` vectors, in memory order (`[Self; 64 / BYTES]`):
    /// how the UTF-8 transcoders hold a block, so that an ISA's hooks receive it in
    /// its own vector type.
    type Block64: Copy + AsRef<[Self]>;

    /// Loads the 64 bytes at `ptr` (no alignment needed) as a [`VectorExt::Block64`].
    ///
    /// # Safety
    /// The CPU supports the implementing ISA; `ptr..ptr + 64` is readable.
    unsafe fn load_block64(ptr: *const u8) -> Self::Block64;
    /// The dense 64-bit mask of a comparison `f` applied to each vector of a 64-byte
    /// block: bit `i` is set when byte `i` of the block (in memory order) compared
    /// true. `f` must return comparison results (every byte `0x00` or `0xFF`). The
    /// default is [`VectorExt::bitmask_dense`] per vector; NEON reduces the four
    /// vectors together (four pairwise additions instead of twelve).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    #[inline(always)]
    unsafe fn block_bitmask_dense(block: &Self::Block64, f: impl Fn(Self) -> Self) -> u64 {
        // SAFETY: the ISA is the caller's promise.
        unsafe {
            let mut m = 0u64;
            for (k, x) in block.as_ref().iter().enumerate() {
                m |= f(*x).bitmask_dense() << (Self::BYTES * k);
            }
            m
        }
    }

    /// Loads `BYTES / 2` bytes at `ptr` and zero-extends each to a 16-bit lane:
    /// the UTF-16 (little-endian) units of ASCII bytes. x86 widens in the load
    /// instruction (`pmovzxbw`), NEON with `uxtl`; the default copies the bytes to a
    /// buffer and interleaves them with zeros.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA; `BYTES / 2` bytes are readable at `ptr`.
    #[inline(always)]
    unsafe fn load_widen8to16(ptr: *const u8) -> Self {
        // SAFETY: `BYTES / 2` bytes read at `ptr`, the buffer holds any vector; the
        // ISA is the caller's promise.
        unsafe {
            let mut buf = [0u8; 64];
            core::ptr::copy_nonoverlapping(ptr, buf.as_mut_ptr(), Self::BYTES / 2);
            Self::zip8(Self::load_unaligned(buf.as_ptr()), Self::splat(0)).0
        }
    }

    /// Loads `BYTES / 4` bytes at `ptr` and zero-extends each to a 32-bit lane (read
    /// little-endian): the UTF-32 units of ASCII bytes (`pmovzxbd` on x86; the
    /// default as for [`VectorExt::load_widen8to16`]).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA; `BYTES / 4` bytes are readable at `ptr`.
    #[inline(always)]
    unsafe fn load_widen8to32(ptr: *const u8) -> Self {
        // SAFETY: as for `load_widen8to16`, with `BYTES / 4` bytes.
        unsafe {
            let mut buf = [0u8; 64];
            core::ptr::copy_nonoverlapping(ptr, buf.as_mut_ptr(), Self::BYTES / 4);
            let zero = Self::splat(0);
            Self::zip16(Self::zip8(Self::load_unaligned(buf.as_ptr()), zero).0, zero).0
        }
    }

    /// A mask with one bit per 16-bit lane (lane `k` at bit `k`) of a comparison
    /// result of 16-bit lanes (both bytes of every lane `0x00` or `0xFF`; others give
    /// unspecified bits): an index of tables with one entry per 8 lanes.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn bitmask16(self) -> u64;

    /// The vector whose 128-bit lane `k` (bytes `16k..16k + 16`, `k` in
    /// `0..BYTES / 16`) is the 16 bytes at `lane(k)`: per-lane shuffle controls
    /// picked from tables.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA; 16 bytes are readable at every `lane(k)`.
    unsafe fn load_lanes(lane: impl Fn(usize) -> *const u8) -> Self;

    /// Stores the 128-bit lane `k` (bytes `16k..16k + 16`; `k < BYTES / 16`, a
    /// constant once inlined) at `ptr`.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA; 16 bytes are writable at `ptr`.
    unsafe fn store_lane(self, k: usize, ptr: *mut u8);

    /// [`VectorExt::zip16`] within each 128-bit lane: lane `k` of `.0` interleaves
    /// the 16-bit lanes of the first halves of lane `k` of `a` and `b`, lane `k` of
    /// `.1` those of the second halves. The same as `zip16` for 16-byte vectors, and
    /// cheaper for wider ones (no cross-lane fix-up), for code that treats each
    /// 128-bit lane on its own.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn zip16_lanes(a: Self, b: Self) -> (Self, Self);

    /// Per byte: `a` where `mask` is `0xFF`, `b` where it is `0x00`; every byte of
    /// `mask` must be one of the two (a comparison result), others give an
    /// ISA-specific mix.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn blend(mask: Self, a: Self, b: Self) -> Self;

    /// Per byte: the larger of `self` and `other` (unsigned). The default builds it
    /// from a saturating subtraction and a blend; the ISAs with an unsigned byte
    /// maximum (`pmaxub`, `umax`) use it.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    #[inline(always)]
    unsafe fn max8(self, other: Self) -> Self {
        // SAFETY: the caller's promise.
        unsafe {
            // `other - self` saturates to 0 exactly where `self >= other`.
            let self_ge = other.saturating_sub(self).eq8(Self::splat(0));
            Self::blend(self_ge, self, other)
        }
    }

    /// The 16-bit lanes of `v`, which holds the `BYTES` bytes at `ptr`, each in a
    /// 32-bit lane with two zero bytes: the first `BYTES / 2` lanes in `.0`, the
    /// others in `.1`. A lane `[a, b]` becomes `[a, b, 0, 0]`, or `[b, a, 0, 0]`
    /// with `swap`, and with `zeros_first` the zeros come first (`[0, 0, a, b]`,
    /// `[0, 0, b, a]`): UTF-16 to UTF-32 for every pair of byte orders. The default
    /// is a swap (if any) and [`zip16`](Self::zip16) with zeros; AVX2 instead reads
    /// each half of `ptr` again, with a widening load (`vpmovzxwd`) for
    /// `[a, b, 0, 0]`, else with a load into both 128-bit lanes and one byte shuffle:
    /// one shuffle per output vector, without the cross-lane fix-up of `zip16`.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA; `ptr..ptr + BYTES` is readable and
    /// holds the bytes of `v`.
    #[inline(always)]
    unsafe fn widen16(v: Self, ptr: *const u8, swap: bool, zeros_first: bool) -> (Self, Self) {
        let _ = ptr;
        // SAFETY: the caller's promise.
        unsafe {
            let v = if swap { v.swap_bytes16() } else { v };
            let zero = Self::splat(0);
            if zeros_first {
                Self::zip16(zero, v)
            } else {
                Self::zip16(v, zero)
            }
        }
    }

    /// Per 32-bit lane: all ones where `self > other` as unsigned numbers, zero
    /// elsewhere. NEON and AVX-512 compare unsigned lanes directly; SSE4.1 and AVX2
    /// have only a signed compare (`pcmpgtd`) and flip both sign bits first (with a
    /// constant `other`, one `pxor` of `self` per vector, shared by every compare of
    /// it).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn gt_u32(self, other: Self) -> Self;
}

/// A vector that can look bytes up in a 128-entry table held in registers: the
/// primitive of the code page transcoders (`generic/codepage.rs`), one
/// implementation per register type (with the [`VectorExt`] impls).
///
/// # x86 (`pshufb` / `vpshufb`: 16-entry tables per 128-bit lane)
///
/// The table is cut into eight 16-entry slices `T0..T7` (slice `k` holds the bytes
/// `0x80 + 16k ..`), stored *telescoped*: `D0 = T0`, `Dk = Tk ^ T(k-1)`. For a byte
/// `x`, the index starts as `i = x ^ 0x80` read as a signed byte (`x >= 0x80`: `0..=127`,
/// its slice `h` in the high nibble; ASCII: negative) and goes down by 16 with
/// signed saturation (`psubsb`) before each next slice. `pshufb` gives zero where
/// the index is negative and `Dk[i & 15]` otherwise, so the XOR of the eight results
/// is `D0[l] ^ .. ^ Dh[l] = Th[l]` (`l = x & 15`) for a high byte, and zero for ASCII
/// (negative from the start, and saturation keeps it so). Eight shuffles, eight
/// subtractions (shared by the two tables of a pair) and seven XORs per table.
///
/// # NEON (`tbl` with four registers: 64-entry tables)
///
/// Two lookups of 64 entries: `tbl4(T[0..64], x ^ 0x80)` and `tbl4(T[64..128],
/// (x ^ 0x80) - 64)`; `tbl` gives zero for an index of 64 or more, so each byte is
/// found by exactly one of them, and ASCII (index 0x80 and above) by neither.
pub(crate) trait Lookup128: VectorExt {
    /// A table prepared for [`Lookup128::lookup128`].
    type Table: Copy;

    /// Prepares the table `t` (entry `i` for the byte `0x80 + i`).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn table128(t: &[u8; 128]) -> Self::Table;

    /// Per byte `x`: `t[x - 0x80]` for `x >= 0x80`, 0 for `x < 0x80`, for the two
    /// tables `a` and `b`.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn lookup128_pair(self, a: &Self::Table, b: &Self::Table) -> (Self, Self);

    /// Per byte `x`: `t[x - 0x80]` for `x >= 0x80`, 0 for `x < 0x80`.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn lookup128(self, t: &Self::Table) -> Self;
}

#[cfg(target_arch = "x86_64")]
mod x86_64;

#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm32;

#[cfg(test)]
mod tests;

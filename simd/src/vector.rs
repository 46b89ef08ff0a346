//! The crate-private [`Vector`] trait: the handful of byte-vector operations the
//! generic algorithms in `generic/` are written with, implemented once per ISA
//! (`__m128i` for SSE4.2, `__m256i` for AVX2, `isa::Zmm` for AVX-512BW (real or modelled),
//! `uint8x16_t` for NEON, `v128` for WebAssembly's simd128).
//!
//! The methods are `#[inline(always)]` and carry no `#[target_feature]`: they are
//! meant to be inlined into a generic algorithm that is itself instantiated inside a
//! `#[target_feature(enable = "...")]` function (see `x86_64/` and `aarch64/`), so the
//! whole loop is compiled with the feature and no primitive becomes an outlined call.
//!
//! Every method is `unsafe` for the same reason: it executes instructions of the
//! implementing ISA, so the caller must have checked that the CPU supports them
//! (for `__m128i`: SSSE3 and SSE4.1, implied by SSE4.2; `__m256i`: AVX2;
//! `isa::Zmm`: AVX-512F and AVX-512BW (or the model); `uint8x16_t`: NEON; `v128`:
//! simd128, a compile-time feature of wasm builds). Pointer-taking methods
//! additionally need the pointed-to bytes to be readable/writable.

/// A vector of `Self::BYTES` unsigned bytes, made of 16-byte lanes.
pub(crate) trait Vector: Copy {
    /// Number of bytes in the vector (16, 32 or 64).
    const BYTES: usize;

    /// Whether loops should align their loads to the vector: a vector as wide as a
    /// cache line straddles two lines on every unaligned load, which costs two
    /// (AVX-512). Narrower vectors straddle on a few loads only.
    const ALIGN_LOADS: bool = false;

    /// Whether loops should align their stores to the vector even when that leaves
    /// their loads unaligned: from 32 bytes on, every other misaligned store
    /// straddles two cache lines, and a store that does costs more than a load.
    /// (With 16-byte vectors one store in four straddles, and aligning the stores
    /// alone does not pay; loops align both when `src` and `dst` allow it.)
    const ALIGN_STORES: bool = false;

    /// Whether comparisons give mask registers (AVX-512): counting hits from bit
    /// masks (`popcnt`) then beats turning the masks back into vectors to add them.
    const MASK_REGISTERS: bool = false;

    /// Whether a loop that needs the bytes before a vector inside a block (UTF-8
    /// validation's "prev1/prev2/prev3") loads them again from memory, one to three
    /// bytes earlier, rather than shifting them in from the previous vector with
    /// [`Vector::shift_in_one_byte`] and its siblings: loads are cheaper than the
    /// cross-lane shuffles of the wide vectors. WebAssembly shifts: its engines keep
    /// fewer vectors in registers than there are loads in a block (spilling them) and
    /// turn the shifts into one `palignr` each.
    const PREVIOUS_BY_LOADS: bool = true;

    /// Every byte set to `byte`.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn splat(byte: u8) -> Self;

    /// The 16 bytes of `lane` repeated in every 128-bit lane (tables for [`Vector::lookup16`]).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn broadcast_lane(lane: &[u8; 16]) -> Self;

    /// Loads `Self::BYTES` bytes from `ptr` (no alignment needed).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA; `ptr..ptr + Self::BYTES` is readable.
    unsafe fn load_unaligned(ptr: *const u8) -> Self;

    /// Stores the vector's `Self::BYTES` bytes at `ptr` (no alignment needed).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA; `ptr..ptr + Self::BYTES` is writable.
    unsafe fn store_unaligned(self, ptr: *mut u8);

    /// Bitwise and.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn and(self, other: Self) -> Self;

    /// Bitwise or.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn or(self, other: Self) -> Self;

    /// Bitwise exclusive or.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn xor(self, other: Self) -> Self;

    /// Per byte `max(self - other, 0)` (unsigned saturating subtraction).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn saturating_sub(self, other: Self) -> Self;

    /// Per byte `self >> 4` (the high nibble, in 0..16).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn shr4(self) -> Self;

    /// Per byte `table[self]` within each 128-bit lane; every byte of `self` must be
    /// in 0..16 (higher values give an ISA-specific result), `table` is typically
    /// made by [`Vector::broadcast_lane`].
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn lookup16(self, table: Self) -> Self;

    /// The vector shifted up by one byte across the whole vector, with the last byte
    /// of `prev` shifted in: `[prev[B-1], self[0], ..., self[B-2]]`.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn shift_in_one_byte(self, prev: Self) -> Self;

    /// Like [`Vector::shift_in_one_byte`] with the last two bytes of `prev`.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn shift_in_two_bytes(self, prev: Self) -> Self;

    /// Like [`Vector::shift_in_one_byte`] with the last three bytes of `prev`.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn shift_in_three_bytes(self, prev: Self) -> Self;

    /// Whether any byte has its high bit set (is not ASCII).
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn any_high_bit(self) -> bool;

    /// Whether every byte is zero.
    ///
    /// # Safety
    /// The CPU supports the implementing ISA.
    unsafe fn is_zero(self) -> bool;
}

/// Test helper for generic code: calls `$check::<V>()`, an `unsafe fn` generic over
/// the vector type, for every 16- and 32-byte register type this CPU supports
/// (`__m128i` with SSE4.2, `__m256i` with AVX2, `uint8x16_t` with NEON, `v128` in
/// builds with simd128), each
/// inside a function compiled with its features; so that the tests under
/// `generic/` name no ISA.
#[cfg(test)]
macro_rules! for_each_vector {
    ($check:ident) => {{
        #[cfg(target_arch = "x86_64")]
        {
            #[target_feature(enable = "sse4.2")]
            unsafe fn sse42() {
                // SAFETY: the caller checked SSE4.2.
                unsafe { $check::<core::arch::x86_64::__m128i>() }
            }
            #[target_feature(enable = "avx2")]
            unsafe fn avx2() {
                // SAFETY: the caller checked AVX2.
                unsafe { $check::<core::arch::x86_64::__m256i>() }
            }
            if std::is_x86_feature_detected!("sse4.2") {
                // SAFETY: SSE4.2 was detected.
                unsafe { sse42() }
            }
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: AVX2 was detected.
                unsafe { avx2() }
            }
        }
        #[cfg(target_arch = "aarch64")]
        {
            #[target_feature(enable = "neon")]
            unsafe fn neon() {
                // SAFETY: the caller checked NEON.
                unsafe { $check::<core::arch::aarch64::uint8x16_t>() }
            }
            if std::arch::is_aarch64_feature_detected!("neon") {
                // SAFETY: NEON was detected.
                unsafe { neon() }
            }
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            // SAFETY: the build has simd128, which an engine checks before it runs
            // the module (wasm has no run-time detection).
            unsafe { $check::<core::arch::wasm32::v128>() }
        }
    }};
}
#[cfg(test)]
pub(crate) use for_each_vector;

#[cfg(target_arch = "x86_64")]
mod x86_64;

#[cfg(target_arch = "aarch64")]
mod aarch64;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm32;

#[cfg(test)]
mod tests;

//! [`Lookup128`]: a 128-entry byte table looked up in registers, the primitive of
//! the code page transcoders, one implementation per register type.
//!
//! # x86 (`pshufb` / `vpshufb`: 16-entry tables per 128-bit lane)
//!
//! The table is cut into eight 16-entry slices `T0..T7` (slice `k` holds the bytes
//! `0x80 + 16k ..`), stored *telescoped*: `D0 = T0`, `Dk = Tk ^ T(k-1)`. For a byte
//! `x`, the index starts as `i = x ^ 0x80` read as a signed byte (`x >= 0x80`: `0..=127`,
//! its slice `h` in the high nibble; ASCII: negative) and goes down by 16 with
//! signed saturation (`psubsb`) before each next slice. `pshufb` gives zero where
//! the index is negative and `Dk[i & 15]` otherwise, so the XOR of the eight results
//! is `D0[l] ^ .. ^ Dh[l] = Th[l]` (`l = x & 15`) for a high byte, and zero for ASCII
//! (negative from the start, and saturation keeps it so). Eight shuffles, eight
//! subtractions (shared by the two tables of a pair) and seven XORs per table.
//!
//! # NEON (`tbl` with four registers: 64-entry tables)
//!
//! Two lookups of 64 entries: `tbl4(T[0..64], x ^ 0x80)` and `tbl4(T[64..128],
//! (x ^ 0x80) - 64)`; `tbl` gives zero for an index of 64 or more, so each byte is
//! found by exactly one of them, and ASCII (index 0x80 and above) by neither.

use crate::vector_ext::VectorExt;

/// A vector that can look bytes up in a 128-entry table (see the module
/// documentation).
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
mod x86_64 {
    use super::Lookup128;
    use crate::vector::Vector;
    use core::arch::x86_64::*;

    /// The telescoped slices of `t` (see the module documentation).
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
    lookup128!(
        crate::x86_64::avx512::isa::Zmm,
        crate::x86_64::avx512::isa::subs_epi8,
        "AVX-512BW"
    );
}

#[cfg(target_arch = "aarch64")]
mod aarch64 {
    use super::Lookup128;
    use core::arch::aarch64::*;

    impl Lookup128 for uint8x16_t {
        type Table = [uint8x16x4_t; 2];

        #[inline(always)]
        unsafe fn table128(t: &[u8; 128]) -> [uint8x16x4_t; 2] {
            // SAFETY: the caller guarantees NEON; `t` is 128 readable bytes.
            unsafe { [vld1q_u8_x4(t.as_ptr()), vld1q_u8_x4(t.as_ptr().add(64))] }
        }

        #[inline(always)]
        unsafe fn lookup128_pair(
            self,
            a: &[uint8x16x4_t; 2],
            b: &[uint8x16x4_t; 2],
        ) -> (Self, Self) {
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
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::Lookup128;

    /// Every byte value through `lookup128` and `lookup128_pair` of `V`.
    ///
    /// # Safety
    /// The CPU supports `V`'s ISA.
    unsafe fn check<V: Lookup128>() {
        let t: [u8; 128] = core::array::from_fn(|i| (i as u8).wrapping_mul(37) ^ 0x5A);
        let u: [u8; 128] = core::array::from_fn(|i| 200u8.wrapping_sub(i as u8));
        // SAFETY: the caller's promise; the buffers hold `V::BYTES` bytes.
        unsafe {
            let (tt, ut) = (V::table128(&t), V::table128(&u));
            for start in (0..256).step_by(V::BYTES.min(256)) {
                let input: [u8; 64] = core::array::from_fn(|i| (start + i) as u8);
                let v = V::load_unaligned(input.as_ptr());
                let (mut x, mut y, mut z) = ([0u8; 64], [0u8; 64], [0u8; 64]);
                v.lookup128(&tt).store_unaligned(x.as_mut_ptr());
                let (p, q) = v.lookup128_pair(&tt, &ut);
                p.store_unaligned(y.as_mut_ptr());
                q.store_unaligned(z.as_mut_ptr());
                for i in 0..V::BYTES {
                    let b = input[i] as usize;
                    let (wt, wu) = if b < 128 {
                        (0, 0)
                    } else {
                        (t[b - 128], u[b - 128])
                    };
                    assert_eq!((x[i], y[i], z[i]), (wt, wt, wu), "byte {b:#04X}");
                }
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn lookup128_x86() {
        use core::arch::x86_64::*;
        if std::is_x86_feature_detected!("sse4.2") {
            // SAFETY: detected.
            unsafe { check::<__m128i>() };
        }
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: detected.
            unsafe { check::<__m256i>() };
        }
        if crate::x86_64::avx512::isa::MODEL || std::is_x86_feature_detected!("avx512bw") {
            // SAFETY: detected, or the portable model (plain Rust).
            unsafe { check::<crate::x86_64::avx512::isa::Zmm>() };
        }
    }

    #[cfg(target_arch = "aarch64")]
    #[test]
    fn lookup128_neon() {
        // SAFETY: NEON is part of aarch64.
        unsafe { check::<core::arch::aarch64::uint8x16_t>() };
    }
}

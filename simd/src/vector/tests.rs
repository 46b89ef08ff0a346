//! A test of every [`Vector`] method on every implementation, against a scalar model.
//! Each test checks at run time whether the CPU has the feature and skips (with a
//! printed message) when it does not.

extern crate std;
use super::Vector;
#[cfg(not(target_arch = "wasm32"))]
use std::println;

/// Pseudo-random bytes (xorshift), deterministic per `seed`.
fn bytes(seed: u64) -> [u8; 64] {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut out = [0u8; 64];
    for b in out.iter_mut() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = (x >> 24) as u8;
    }
    out
}

/// Stores `v` into a 64-byte array (only the first `V::BYTES` bytes are meaningful).
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn store<V: Vector>(v: V) -> [u8; 64] {
    let mut out = [0u8; 64];
    // SAFETY: `out` has 64 >= V::BYTES writable bytes; the ISA is the caller's promise.
    unsafe { v.store_unaligned(out.as_mut_ptr()) };
    out
}

/// Checks every method of `V` against a scalar model on several inputs.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn check_all<V: Vector>() {
    let n = V::BYTES;
    // SAFETY: (whole body) the ISA is the caller's promise; every pointer passed to a
    // load points into a 64-byte array (64 >= n) and stores go to `store`.
    unsafe {
        assert_eq!(&store(V::splat(0xA7))[..n], &[0xA7; 64][..n]);
        let mut table = [0u8; 16];
        table.copy_from_slice(&bytes(99)[..16]);
        let t = store(V::broadcast_lane(&table));
        for i in 0..n {
            assert_eq!(t[i], table[i % 16], "broadcast_lane byte {i}");
        }
        for seed in 1..40u64 {
            let a = bytes(seed);
            let b = bytes(seed + 1000);
            let va = V::load_unaligned(a.as_ptr());
            let vb = V::load_unaligned(b.as_ptr());
            // Loads at an odd offset must work too (no alignment requirement).
            let c = V::load_unaligned(a.as_ptr().add(64 - n));
            assert_eq!(&store(c)[..n], &a[64 - n..]);
            assert_eq!(&store(va)[..n], &a[..n], "load/store");

            let (and, or, xor) = (store(va.and(vb)), store(va.or(vb)), store(va.xor(vb)));
            let (sub, shr) = (store(va.saturating_sub(vb)), store(va.shr4()));
            let idx = va.shr4();
            let look = store(idx.lookup16(V::broadcast_lane(&table)));
            let s1 = store(va.shift_in_one_byte(vb));
            let s2 = store(va.shift_in_two_bytes(vb));
            let s3 = store(va.shift_in_three_bytes(vb));
            for i in 0..n {
                assert_eq!(and[i], a[i] & b[i], "and");
                assert_eq!(or[i], a[i] | b[i], "or");
                assert_eq!(xor[i], a[i] ^ b[i], "xor");
                assert_eq!(sub[i], a[i].saturating_sub(b[i]), "saturating_sub");
                assert_eq!(shr[i], a[i] >> 4, "shr4");
                assert_eq!(look[i], table[usize::from(a[i] >> 4)], "lookup16");
                // concat(prev, self) = b[..n] ++ a[..n]; shift_in_k gives concat[n - k + i].
                let cat = |j: usize| if j < n { b[j] } else { a[j - n] };
                assert_eq!(s1[i], cat(n - 1 + i), "shift_in_one_byte at {i}");
                assert_eq!(s2[i], cat(n - 2 + i), "shift_in_two_bytes at {i}");
                assert_eq!(s3[i], cat(n - 3 + i), "shift_in_three_bytes at {i}");
            }
            // lookup16 with low-nibble indices.
            let low = va.and(V::splat(0x0F));
            let look_low = store(low.lookup16(V::broadcast_lane(&table)));
            for i in 0..n {
                assert_eq!(look_low[i], table[usize::from(a[i] & 0x0F)], "lookup16 low");
            }

            // any_high_bit / is_zero: one set byte at every position.
            for pos in 0..n {
                for (byte, high) in [(0x80u8, true), (0x7F, false), (0x01, false), (0xFF, true)] {
                    let mut buf = [0u8; 64];
                    buf[pos] = byte;
                    let v = V::load_unaligned(buf.as_ptr());
                    assert_eq!(v.any_high_bit(), high, "any_high_bit {byte:#x} at {pos}");
                    assert!(!v.is_zero(), "is_zero with {byte:#x} at {pos}");
                }
            }
            let zero = V::load_unaligned([0u8; 64].as_ptr());
            assert!(zero.is_zero() && !zero.any_high_bit());
            assert_eq!(va.any_high_bit(), a[..n].iter().any(|&x| x >= 0x80));
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;
    use crate::x86_64::avx512::isa::{self, Zmm};
    use core::arch::x86_64::{__m128i, __m256i};

    #[target_feature(enable = "sse4.2")]
    unsafe fn run_sse42() {
        // SAFETY: the caller checked SSE4.2 (which implies SSSE3 and SSE4.1).
        unsafe { check_all::<__m128i>() }
    }
    #[target_feature(enable = "avx2")]
    unsafe fn run_avx2() {
        // SAFETY: the caller checked AVX2.
        unsafe { check_all::<__m256i>() }
    }
    isa::avx512_target_feature! { "avx512f,avx512bw";
        unsafe fn run_avx512() {
            // SAFETY: the caller checked AVX-512F and AVX-512BW (or the model's features).
            unsafe { check_all::<Zmm>() }
        }
    }

    #[test]
    fn vector_sse42() {
        if !std::is_x86_feature_detected!("sse4.2") {
            println!("SKIPPED vector_sse42: this CPU has no SSE4.2");
            return;
        }
        // SAFETY: SSE4.2 was detected.
        unsafe { run_sse42() }
    }
    #[test]
    fn vector_avx2() {
        if !std::is_x86_feature_detected!("avx2") {
            println!("SKIPPED vector_avx2: this CPU has no AVX2");
            return;
        }
        // SAFETY: AVX2 was detected.
        unsafe { run_avx2() }
    }
    #[test]
    fn vector_avx512() {
        if !isa::detected("avx512f,avx512bw") {
            println!("SKIPPED vector_avx512: this CPU has no AVX-512F/BW");
            return;
        }
        if isa::MODEL {
            println!("vector_avx512: AVX-512 instructions: model");
        }
        // SAFETY: AVX-512F and AVX-512BW (or, under the model, its features) were
        // detected.
        unsafe { run_avx512() }
    }
}

#[cfg(target_arch = "aarch64")]
mod arm {
    use super::*;
    use core::arch::aarch64::uint8x16_t;

    #[target_feature(enable = "neon")]
    unsafe fn run_neon() {
        // SAFETY: the caller checked NEON.
        unsafe { check_all::<uint8x16_t>() }
    }

    #[test]
    fn vector_neon() {
        if !std::arch::is_aarch64_feature_detected!("neon") {
            println!("SKIPPED vector_neon: this CPU has no NEON");
            return;
        }
        // SAFETY: NEON was detected.
        unsafe { run_neon() }
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm {
    use super::*;
    use core::arch::wasm32::v128;

    #[test]
    fn vector_wasm() {
        // SAFETY: the build has simd128 (the module's `cfg`), and wasm has no
        // run-time detection: the engine accepted the module, so it runs simd128.
        unsafe { check_all::<v128>() }
    }
}

//! A test of every [`VectorExt`] and [`Lookup128`] method on every implementation, against a scalar
//! model of its memory-order contract. Each test checks at run time whether the CPU
//! has the feature and skips (with a printed message) when it does not.

extern crate std;
use super::{Lookup128, VectorExt};
use crate::vector::Vector;
#[cfg(not(target_arch = "wasm32"))]
use std::println;

/// Pseudo-random bytes (xorshift), deterministic per `seed`; every fourth seed makes
/// many equal 16/32-bit lanes between the two inputs of a comparison.
fn bytes(seed: u64) -> [u8; 64] {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut out = [0u8; 64];
    for b in out.iter_mut() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = (x >> 24) as u8;
        if seed.is_multiple_of(4) {
            *b &= 0x03;
        }
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
unsafe fn check_all<V: Lookup128>() {
    let n = V::BYTES;
    assert!(n as u32 * V::MASK_BITS <= 64);
    // SAFETY: (whole body) the ISA is the caller's promise; loads read 64-byte arrays.
    unsafe {
        let p = [0x12, 0x34, 0x56, 0x78];
        let s = store(V::splat4(p));
        for i in 0..n {
            assert_eq!(s[i], p[i % 4], "splat4 byte {i}");
        }
        for seed in 1..60u64 {
            let a = bytes(seed);
            let mut b = bytes(seed + 1000);
            if seed.is_multiple_of(3) {
                // Equal in some bytes, lanes and double lanes.
                for k in (0..64).step_by(3) {
                    b[k] = a[k];
                }
                for k in (0..64).step_by(10) {
                    b[k..k + 4].copy_from_slice(&a[k..k + 4]);
                }
            }
            let (va, vb) = (V::load_unaligned(a.as_ptr()), V::load_unaligned(b.as_ptr()));
            check_compares(a, b, va, vb);
            check_arithmetic(a, b, va, vb);
            check_shuffles(a, b, va, vb);
            check_loads_stores(seed, a, b, va, vb);
        }
        check_lookup128::<V>();
    }
}

/// The comparisons and bit masks: `eq8`, `eq16`, `eq32`, `gt_u32`, `bitmask`,
/// `bitmask_dense`, `bitmask16`.
///
/// # Safety
/// The CPU supports `V`'s ISA; `va` and `vb` hold the first `V::BYTES` bytes of `a`
/// and `b`.
#[inline(always)]
unsafe fn check_compares<V: VectorExt>(a: [u8; 64], b: [u8; 64], va: V, vb: V) {
    let n = V::BYTES;
    // SAFETY: (whole body) the ISA is the caller's promise; loads read 64-byte arrays.
    unsafe {
        let e8 = store(va.eq8(vb));
        let e16 = store(va.eq16(vb));
        let e32 = store(va.eq32(vb));
        for i in 0..n {
            let f = |eq: bool| if eq { 0xFF } else { 0x00 };
            assert_eq!(e8[i], f(a[i] == b[i]), "eq8 at {i}");
            let l = i & !1;
            assert_eq!(e16[i], f(a[l..l + 2] == b[l..l + 2]), "eq16 at {i}");
            let l = i & !3;
            assert_eq!(e32[i], f(a[l..l + 4] == b[l..l + 4]), "eq32 at {i}");
        }
        let gt = store(va.gt_u32(vb));
        let lanes = |v: &[u8; 64]| -> std::vec::Vec<u32> {
            v[..n]
                .chunks(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        };
        for (i, ((x, y), g)) in lanes(&a).iter().zip(lanes(&b)).zip(lanes(&gt)).enumerate() {
            let want = if *x > y { u32::MAX } else { 0 };
            assert_eq!(g, want, "gt_u32 at lane {i}: {x:#x} > {y:#x}");
        }
        let m = va.eq8(vb).bitmask();
        let per = (1u64 << V::MASK_BITS) - 1;
        for i in 0..n {
            let bits = (m >> (i as u32 * V::MASK_BITS)) & per;
            assert_eq!(bits, if a[i] == b[i] { per } else { 0 }, "bitmask at {i}");
        }
        if (n as u32 * V::MASK_BITS) < 64 {
            assert_eq!(m >> (n as u32 * V::MASK_BITS), 0, "bitmask high bits");
        }
        let dense = va.eq8(vb).bitmask_dense();
        for i in 0..n {
            assert_eq!(dense >> i & 1 == 1, a[i] == b[i], "bitmask_dense bit {i}");
        }
        if n < 64 {
            assert_eq!(dense >> n, 0, "bitmask_dense high bits");
        }
        let m16 = va.eq16(vb).bitmask16();
        for l in 0..n / 2 {
            let eq = a[2 * l..2 * l + 2] == b[2 * l..2 * l + 2];
            assert_eq!(m16 >> l & 1 == 1, eq, "bitmask16 bit {l}");
        }
        assert_eq!(m16 >> (n / 2), 0, "bitmask16 high bits");
    }
}

/// The lane arithmetic: `wrapping_sub8`, `max8`, `sum_bytes`, the shifts, `add32`,
/// `max32`.
///
/// # Safety
/// The CPU supports `V`'s ISA; `va` and `vb` hold the first `V::BYTES` bytes of `a`
/// and `b`.
#[inline(always)]
unsafe fn check_arithmetic<V: VectorExt>(a: [u8; 64], b: [u8; 64], va: V, vb: V) {
    let n = V::BYTES;
    // SAFETY: (whole body) the ISA is the caller's promise; loads read 64-byte arrays.
    unsafe {
        let sub = store(va.wrapping_sub8(vb));
        let max = store(va.max8(vb));
        for i in 0..n {
            assert_eq!(sub[i], a[i].wrapping_sub(b[i]), "wrapping_sub8 at {i}");
            assert_eq!(max[i], a[i].max(b[i]), "max8 at {i}");
        }
        let sum: u64 = a[..n].iter().map(|&x| u64::from(x)).sum();
        assert_eq!(va.sum_bytes(), sum, "sum_bytes");
        assert_eq!(
            V::splat(0xFF).sum_bytes(),
            255 * n as u64,
            "sum_bytes of 0xFF"
        );
        let lane16 = |x: &[u8; 64], l: usize| u16::from_le_bytes([x[2 * l], x[2 * l + 1]]);
        let lane32 = |x: &[u8; 64], l: usize| {
            u32::from_le_bytes([x[4 * l], x[4 * l + 1], x[4 * l + 2], x[4 * l + 3]])
        };
        let (l16, r16) = (store(va.shl16::<6>()), store(va.shr16::<10>()));
        let (l32, r32) = (store(va.shl32::<16>()), store(va.shr32::<7>()));
        let add = store(va.add32(vb));
        let max32 = store(va.max32(vb));
        for l in 0..n / 2 {
            assert_eq!(lane16(&l16, l), lane16(&a, l) << 6, "shl16 lane {l}");
            assert_eq!(lane16(&r16, l), lane16(&a, l) >> 10, "shr16 lane {l}");
        }
        for l in 0..n / 4 {
            assert_eq!(lane32(&l32, l), lane32(&a, l) << 16, "shl32 lane {l}");
            assert_eq!(lane32(&r32, l), lane32(&a, l) >> 7, "shr32 lane {l}");
            let sum = lane32(&a, l).wrapping_add(lane32(&b, l));
            assert_eq!(lane32(&add, l), sum, "add32 lane {l}");
            let max = lane32(&a, l).max(lane32(&b, l));
            assert_eq!(lane32(&max32, l), max, "max32 lane {l}");
        }
    }
}

/// The byte swaps, zips, narrowings and widenings.
///
/// # Safety
/// The CPU supports `V`'s ISA; `va` and `vb` hold the first `V::BYTES` bytes of `a`
/// and `b`.
#[inline(always)]
unsafe fn check_shuffles<V: VectorExt>(a: [u8; 64], b: [u8; 64], va: V, vb: V) {
    let n = V::BYTES;
    // SAFETY: (whole body) the ISA is the caller's promise; loads read 64-byte arrays.
    unsafe {
        let (s16, s32) = (store(va.swap_bytes16()), store(va.swap_bytes32()));
        let (z8, z16) = (V::zip8(va, vb), V::zip16(va, vb));
        let (z8, z16) = ([store(z8.0), store(z8.1)], [store(z16.0), store(z16.1)]);
        let (n16, n32) = (store(V::narrow16(va, vb)), store(V::narrow32(va, vb)));
        for i in 0..n {
            assert_eq!(s16[i], a[i ^ 1], "swap_bytes16 at {i}");
            assert_eq!(s32[i], a[i ^ 3], "swap_bytes32 at {i}");
            // Output byte k of the 2n-byte zips.
            for (k, z) in [i, n + i].into_iter().zip([0, 1]) {
                let got8 = z8[z][i];
                let want8 = if k % 2 == 0 { a[k / 2] } else { b[k / 2] };
                assert_eq!(got8, want8, "zip8 output byte {k}");
                let lane = k / 2;
                let src = if lane % 2 == 0 { &a } else { &b };
                assert_eq!(
                    z16[z][i],
                    src[(lane / 2) * 2 + k % 2],
                    "zip16 output byte {k}"
                );
            }
            let cat = |j: usize| if j < n { a[j] } else { b[j - n] };
            assert_eq!(n16[i], cat(2 * i), "narrow16 at {i}");
            assert_eq!(n32[i], cat(4 * (i / 2) + i % 2), "narrow32 at {i}");
        }
        // `narrow32_small` on the lanes of `a` and `b` with their high halves
        // cleared: what `narrow32` gives.
        let m16 = V::splat4([0xFF, 0xFF, 0, 0]);
        let small = store(V::narrow32_small(va.and(m16), vb.and(m16)));
        assert_eq!(small, n32, "narrow32_small");
        let m8 = V::splat4([0xFF, 0, 0xFF, 0]);
        let small = store(V::narrow16_small(va.and(m8), vb.and(m8)));
        assert_eq!(small, n16, "narrow16_small");
        for (swap, zeros_first) in [(false, false), (false, true), (true, false), (true, true)] {
            let w = V::widen16(va, a.as_ptr(), swap, zeros_first);
            let w = [store(w.0), store(w.1)];
            for i in 0..2 * n {
                // Byte `i` of the output is byte `i % 4` of the 32-bit lane of
                // unit `i / 4` of `a`.
                let (unit, at) = (i / 4, i % 4);
                let (lo, hi) = if swap {
                    (a[2 * unit + 1], a[2 * unit])
                } else {
                    (a[2 * unit], a[2 * unit + 1])
                };
                let want = match (zeros_first, at) {
                    (false, 0) | (true, 2) => lo,
                    (false, 1) | (true, 3) => hi,
                    _ => 0,
                };
                assert_eq!(
                    w[i / n][i % n],
                    want,
                    "widen16 swap {swap} zeros_first {zeros_first} byte {i}"
                );
            }
        }
        for zeros_first in [false, true] {
            let w = va.zero_extend16(zeros_first);
            let w = [store(w.0), store(w.1)];
            for i in 0..2 * n {
                // Byte `i` of the output is byte `i % 4` of the 32-bit lane of
                // unit `i / 4` of `a`.
                let (unit, at) = (i / 4, i % 4);
                let want = match (zeros_first, at) {
                    (false, 0) | (true, 2) => a[2 * unit],
                    (false, 1) | (true, 3) => a[2 * unit + 1],
                    _ => 0,
                };
                assert_eq!(
                    w[i / n][i % n],
                    want,
                    "zero_extend16 zeros_first {zeros_first} byte {i}"
                );
            }
        }
        let z = V::zip16_lanes(va, vb);
        let z = [store(z.0), store(z.1)];
        for (h, z) in z.iter().enumerate() {
            for i in 0..n {
                // Byte `i` is in 128-bit lane `k`, 16-bit slot `s` of the interleave
                // of the 16-bit lanes of half `h` of lane `k` of `a` and `b`.
                let (k, s) = (i / 16, i % 16 / 2);
                let src = if s % 2 == 0 { &a } else { &b };
                let unit = 8 * k + 4 * h + s / 2;
                assert_eq!(z[i], src[2 * unit + i % 2], "zip16_lanes .{h} byte {i}");
            }
        }
    }
}

/// The loads and stores (widening loads, `load_block64`, `load_lanes`,
/// `store_lane`) and `blend`.
///
/// # Safety
/// The CPU supports `V`'s ISA; `va` and `vb` hold the first `V::BYTES` bytes of `a`
/// and `b`.
#[inline(always)]
unsafe fn check_loads_stores<V: VectorExt>(seed: u64, a: [u8; 64], b: [u8; 64], va: V, vb: V) {
    let n = V::BYTES;
    // SAFETY: (whole body) the ISA is the caller's promise; loads read 64-byte arrays.
    unsafe {
        let w16 = store(V::load_widen8to16(a.as_ptr()));
        let w32 = store(V::load_widen8to32(a.as_ptr()));
        for l in 0..n / 2 {
            assert_eq!(w16[2 * l..2 * l + 2], [a[l], 0], "load_widen8to16 lane {l}");
        }
        for l in 0..n / 4 {
            assert_eq!(
                w32[4 * l..4 * l + 4],
                [a[l], 0, 0, 0],
                "load_widen8to32 lane {l}"
            );
        }
        let block = V::load_block64(a.as_ptr());
        assert_eq!(block.as_ref().len() * n, 64, "load_block64 length");
        let vb1 = V::splat(b[1]);
        let m = V::block_bitmask_dense(&block, |x| x.eq8(vb1));
        for (i, &x) in a.iter().enumerate() {
            assert_eq!(m >> i & 1 == 1, x == b[1], "block_bitmask_dense bit {i}");
        }
        for (k, v) in block.as_ref().iter().enumerate() {
            assert_eq!(
                store(*v)[..n],
                a[k * n..(k + 1) * n],
                "load_block64 vector {k}"
            );
        }
        // The lanes of `b` in reverse order, then each lane of `a` stored alone.
        let lanes = n / 16;
        let rev = store(V::load_lanes(|k| b.as_ptr().add(16 * (lanes - 1 - k))));
        for i in 0..n {
            let want = b[16 * (lanes - 1 - i / 16) + i % 16];
            assert_eq!(rev[i], want, "load_lanes at {i}");
        }
        for k in 0..lanes {
            let mut out = [0u8; 16];
            va.store_lane(k, out.as_mut_ptr());
            assert_eq!(out[..], a[16 * k..16 * k + 16], "store_lane {k}");
        }
        let mask = va
            .eq8(vb)
            .or(V::load_unaligned(bytes(seed + 7).as_ptr()).eq8(V::splat(0)));
        let (m, bl) = (store(mask), store(V::blend(mask, va, vb)));
        for i in 0..n {
            assert_eq!(
                bl[i],
                if m[i] == 0xFF { a[i] } else { b[i] },
                "blend at {i}"
            );
        }
    }
}

/// Every byte value through `lookup128` and `lookup128_pair` of `V`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn check_lookup128<V: Lookup128>() {
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
                assert_eq!((x[i], y[i], z[i]), (wt, wt, wu), "lookup128 byte {b:#04X}");
            }
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
    fn vector_ext_sse42() {
        if !std::is_x86_feature_detected!("sse4.2") {
            println!("SKIPPED vector_ext_sse42: this CPU has no SSE4.2");
            return;
        }
        // SAFETY: SSE4.2 was detected.
        unsafe { run_sse42() }
    }
    #[test]
    fn vector_ext_avx2() {
        if !std::is_x86_feature_detected!("avx2") {
            println!("SKIPPED vector_ext_avx2: this CPU has no AVX2");
            return;
        }
        // SAFETY: AVX2 was detected.
        unsafe { run_avx2() }
    }
    #[test]
    fn vector_ext_avx512() {
        if !isa::detected("avx512f,avx512bw") {
            println!("SKIPPED vector_ext_avx512: this CPU has no AVX-512F/BW");
            return;
        }
        if isa::MODEL {
            println!("vector_ext_avx512: AVX-512 instructions: model");
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
    fn vector_ext_neon() {
        if !std::arch::is_aarch64_feature_detected!("neon") {
            println!("SKIPPED vector_ext_neon: this CPU has no NEON");
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
    fn vector_ext_wasm() {
        // SAFETY: the build has simd128 (the module's `cfg`), and wasm has no
        // run-time detection: the engine accepted the module, so it runs simd128.
        unsafe { check_all::<v128>() }
    }
}

//! The model against the hardware: every function of the wrapper through both
//! backends on random inputs and masks, compared bit for bit.
//!
//! The operations are grouped by the features they need; each group runs when the CPU
//! has them and is reported as skipped otherwise. `every_wrapper_function_is_compared`
//! checks (on any CPU) that every function of `real.rs` appears in this file.

use super::super::{model as m, real as r};
use core::arch::x86_64::{__m128i, __m256i, __m512i};
use std::println;
use std::string::String;
use std::vec::Vec;
use utfast_testkit::Rng;

/// Random cases per operation (per immediate for the immediate forms).
const CASES: usize = 2000;

/// The random inputs of one case: the same sequence for both backends (the generator
/// is cloned), with values biased towards the boundaries the instructions care about.
#[derive(Clone)]
struct Gen(Rng);

impl Gen {
    /// 64 bytes: uniformly random, or each byte from a small set of boundary values,
    /// or small numbers (indices, counts), or repeated 16/32-bit patterns.
    fn bytes(&mut self) -> [u8; 64] {
        let mut b = [0u8; 64];
        let style = self.0.below(5);
        for (i, x) in b.iter_mut().enumerate() {
            let r = self.0.next();
            *x = match style {
                0 | 1 => r as u8,
                2 => [0x00, 0x01, 0x7F, 0x80, 0xFF, 0xC0, 0xE0, 0xF0, 0xD8, 0xDC][r as usize % 10],
                3 => (r % 70) as u8,
                _ => [0x00, 0x80, 0xFF, 0x7F][(r as usize + i / 2) % 4],
            };
        }
        b
    }
    fn zmm(&mut self) -> (__m512i, m::Zmm) {
        let b = self.bytes();
        // SAFETY: both are 64 plain bytes.
        (
            unsafe { core::mem::transmute::<[u8; 64], __m512i>(b) },
            m::Zmm(b),
        )
    }
    fn ymm(&mut self) -> (__m256i, m::Ymm) {
        let mut b = [0u8; 32];
        b.copy_from_slice(&self.bytes()[..32]);
        // SAFETY: both are 32 plain bytes.
        (
            unsafe { core::mem::transmute::<[u8; 32], __m256i>(b) },
            m::Ymm(b),
        )
    }
    fn xmm(&mut self) -> (__m128i, m::Xmm) {
        let mut b = [0u8; 16];
        b.copy_from_slice(&self.bytes()[..16]);
        // SAFETY: both are 16 plain bytes.
        (
            unsafe { core::mem::transmute::<[u8; 16], __m128i>(b) },
            m::Xmm(b),
        )
    }
    /// Shift counts for `w`-byte elements: mostly below the width, some at or above.
    fn counts(&mut self, w: usize) -> (__m512i, m::Zmm) {
        let mut b = [0u8; 64];
        for i in 0..64 / w {
            let c = self.0.below(8 * w + 8) as u64;
            b[i * w..(i + 1) * w].copy_from_slice(&c.to_le_bytes()[..w]);
        }
        // SAFETY: both are 64 plain bytes.
        (
            unsafe { core::mem::transmute::<[u8; 64], __m512i>(b) },
            m::Zmm(b),
        )
    }
    /// A shift count in the low 64 bits of an `Xmm` (sometimes huge).
    fn count_xmm(&mut self) -> (__m128i, m::Xmm) {
        let c: u64 = if self.0.below(8) == 0 {
            self.0.next()
        } else {
            self.0.below(70) as u64
        };
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&c.to_le_bytes());
        b[8..].copy_from_slice(&self.0.next().to_le_bytes());
        // SAFETY: both are 16 plain bytes.
        (
            unsafe { core::mem::transmute::<[u8; 16], __m128i>(b) },
            m::Xmm(b),
        )
    }
    /// A mask: random, all, none, a prefix or a single bit.
    fn mask(&mut self) -> u64 {
        let r = self.0.next();
        match self.0.below(6) {
            0 => u64::MAX,
            1 => 0,
            2 => u64::MAX >> (r % 64),
            3 => 1 << (r % 64),
            _ => r,
        }
    }
}

/// An argument of the given kind, as (hardware value, model value).
macro_rules! arg {
    ($g:ident, z) => {
        $g.zmm()
    };
    ($g:ident, y) => {
        $g.ymm()
    };
    ($g:ident, x) => {
        $g.xmm()
    };
    ($g:ident, c16) => {
        $g.counts(2)
    };
    ($g:ident, c32) => {
        $g.counts(4)
    };
    ($g:ident, c64) => {
        $g.counts(8)
    };
    ($g:ident, cx) => {
        $g.count_xmm()
    };
    ($g:ident, k64) => {{
        let k = $g.mask();
        (k, k)
    }};
    ($g:ident, k32) => {{
        let k = $g.mask() as u32;
        (k, k)
    }};
    ($g:ident, k16) => {{
        let k = $g.mask() as u16;
        (k, k)
    }};
    ($g:ident, k8) => {{
        let k = $g.mask() as u8;
        (k, k)
    }};
    ($g:ident, i8) => {{
        let v = $g.0.next() as i8;
        (v, v)
    }};
    ($g:ident, i16) => {{
        let v = $g.0.next() as i16;
        (v, v)
    }};
    ($g:ident, i32) => {{
        let v = $g.0.next() as i32;
        (v, v)
    }};
    ($g:ident, i64) => {{
        let v = $g.0.next() as i64;
        (v, v)
    }};
}

/// A result of either backend as bytes (registers in memory order, masks and
/// integers little-endian).
trait Bytes {
    fn bytes(&self) -> Vec<u8>;
}
macro_rules! bytes_reg {
    ($($hw:ty, $m:ty, $n:literal;)*) => { $(
        impl Bytes for $hw {
            fn bytes(&self) -> Vec<u8> {
                // SAFETY: a register is plain bytes.
                unsafe { core::mem::transmute::<$hw, [u8; $n]>(*self) }.to_vec()
            }
        }
        impl Bytes for $m {
            fn bytes(&self) -> Vec<u8> {
                self.0.to_vec()
            }
        }
    )* };
}
bytes_reg! { __m512i, m::Zmm, 64; __m256i, m::Ymm, 32; __m128i, m::Xmm, 16; }
macro_rules! bytes_int {
    ($($t:ty)*) => { $(
        impl Bytes for $t {
            fn bytes(&self) -> Vec<u8> {
                self.to_le_bytes().to_vec()
            }
        }
    )* };
}
bytes_int! { u8 u16 u32 u64 i64 }

/// Compares both backends on `CASES` random cases of each listed operation
/// (`name(kinds...)` or `name::<IMM>(kinds...)`); returns the number of operations.
macro_rules! compare {
    ($g:ident; $($name:ident $(::<$imm:literal>)? ($($kind:ident),*);)*) => {{
        let mut n = 0usize;
        $(
            n += 1;
            for case in 0..CASES {
                #[allow(unused_mut)]
                let mut g1 = $g.clone();
                let hw = r::$name $(::<$imm>)? ($(arg!(g1, $kind).0),*);
                #[allow(unused_mut, unused_variables)]
                let mut g2 = $g.clone();
                let md = m::$name $(::<$imm>)? ($(arg!(g2, $kind).1),*);
                $g = g1;
                let (hb, mb) = (Bytes::bytes(&hw), Bytes::bytes(&md));
                assert_eq!(
                    hb, mb,
                    "{}{} case {case}: hardware (left) and model (right) differ",
                    stringify!($name), stringify!($(::<$imm>)?)
                );
            }
        )*
        n
    }};
}

/// The operations of AVX-512F/BW/DQ/CD (the Skylake-SP tier).
///
/// # Safety
/// The CPU supports AVX-512F, BW, DQ and CD.
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512cd")]
unsafe fn base_group(mut g: Gen) -> usize {
    let mut n = compare! { g;
        setzero(); set1_epi8(i8); set1_epi16(i16); set1_epi32(i32); set1_epi64(i64);
        broadcast_i32x4(x); broadcast_i64x4(y); castsi512_si128(z); castsi512_si256(z);
        zextsi128_si512(x); zextsi256_si512(y);
        extracti32x4_epi32::<0>(z); extracti32x4_epi32::<3>(z);
        extracti64x4_epi64::<0>(z); extracti64x4_epi64::<1>(z);
        inserti32x4::<1>(z, x); inserti32x4::<2>(z, x); inserti64x4::<0>(z, y); inserti64x4::<1>(z, y);
        shuffle_i32x4::<0x1B>(z, z); shuffle_i32x4::<0xE4>(z, z); shuffle_i64x2::<0x4E>(z, z);
        cvtsi32_si128(i32);
        and_si512(z, z); or_si512(z, z); xor_si512(z, z); andnot_si512(z, z);
        ternarylogic_epi32::<0x96>(z, z, z); ternarylogic_epi32::<0xCA>(z, z, z);
        ternarylogic_epi32::<0xE8>(z, z, z); ternarylogic_epi32::<0x1F>(z, z, z);
        ternarylogic_epi64::<0x6A>(z, z, z);
        add_epi8(z, z); add_epi16(z, z); add_epi32(z, z); add_epi64(z, z);
        sub_epi8(z, z); sub_epi16(z, z); sub_epi32(z, z); sub_epi64(z, z);
        adds_epu8(z, z); adds_epu16(z, z); subs_epu8(z, z); subs_epu16(z, z); subs_epi8(z, z);
        mask_add_epi8(z, k64, z, z); mask_add_epi16(z, k32, z, z); mask_add_epi32(z, k16, z, z);
        mask_sub_epi8(z, k64, z, z); mask_sub_epi16(z, k32, z, z); mask_sub_epi32(z, k16, z, z);
        min_epu8(z, z); min_epu16(z, z); min_epu32(z, z);
        max_epu8(z, z); max_epu16(z, z); max_epu32(z, z);
        maddubs_epi16(z, z); madd_epi16(z, z); sad_epu8(z, z); reduce_add_epi64(z);
        test_epi8_mask(z, z); test_epi16_mask(z, z); test_epi32_mask(z, z); test_epi64_mask(z, z);
        testn_epi8_mask(z, z); testn_epi16_mask(z, z); testn_epi32_mask(z, z); testn_epi64_mask(z, z);
        movepi8_mask(z); movepi16_mask(z); movepi32_mask(z);
        movm_epi8(k64); movm_epi16(k32); movm_epi32(k16);
        mask_blend_epi8(k64, z, z); mask_blend_epi16(k32, z, z);
        mask_blend_epi32(k16, z, z); mask_blend_epi64(k8, z, z);
        maskz_mov_epi8(k64, z); maskz_mov_epi16(k32, z); maskz_mov_epi32(k16, z);
        mask_mov_epi8(z, k64, z); mask_mov_epi16(z, k32, z); mask_mov_epi32(z, k16, z);
        slli_epi16::<0>(z); slli_epi16::<5>(z); slli_epi16::<16>(z); slli_epi16::<255>(z);
        srli_epi16::<4>(z); srli_epi16::<15>(z); srli_epi16::<17>(z);
        srai_epi16::<3>(z); srai_epi16::<16>(z);
        slli_epi32::<6>(z); slli_epi32::<32>(z); srli_epi32::<12>(z); srli_epi32::<40>(z);
        srai_epi32::<31>(z); srai_epi32::<33>(z);
        slli_epi64::<1>(z); slli_epi64::<64>(z); srli_epi64::<63>(z); srli_epi64::<100>(z);
        rol_epi32::<0>(z); rol_epi32::<7>(z); ror_epi32::<13>(z);
        sll_epi16(z, cx); srl_epi16(z, cx); sll_epi32(z, cx); srl_epi32(z, cx);
        sll_epi64(z, cx); srl_epi64(z, cx);
        sllv_epi16(z, c16); srlv_epi16(z, c16); sllv_epi32(z, c32); srlv_epi32(z, c32);
        sllv_epi64(z, c64); srlv_epi64(z, c64); rolv_epi32(z, z); rorv_epi32(z, z);
        shuffle_epi8(z, z); maskz_shuffle_epi8(k64, z, z);
        unpacklo_epi8(z, z); unpackhi_epi8(z, z); unpacklo_epi16(z, z); unpackhi_epi16(z, z);
        unpacklo_epi32(z, z); unpackhi_epi32(z, z); unpacklo_epi64(z, z); unpackhi_epi64(z, z);
        packus_epi16(z, z); packus_epi32(z, z); packs_epi16(z, z); packs_epi32(z, z);
        alignr_epi8::<0>(z, z); alignr_epi8::<1>(z, z); alignr_epi8::<13>(z, z);
        alignr_epi8::<15>(z, z); alignr_epi8::<16>(z, z); alignr_epi8::<20>(z, z);
        alignr_epi8::<31>(z, z); alignr_epi8::<32>(z, z);
        alignr_epi32::<0>(z, z); alignr_epi32::<12>(z, z); alignr_epi32::<15>(z, z);
        alignr_epi64::<1>(z, z); alignr_epi64::<7>(z, z);
        bslli_epi128::<0>(z); bslli_epi128::<3>(z); bslli_epi128::<16>(z);
        bsrli_epi128::<1>(z); bsrli_epi128::<15>(z); bsrli_epi128::<200>(z);
        permutexvar_epi16(z, z); permutexvar_epi32(z, z); permutexvar_epi64(z, z);
        permutex2var_epi16(z, z, z); permutex2var_epi32(z, z, z); permutex2var_epi64(z, z, z);
        maskz_compress_epi32(k16, z); mask_compress_epi32(z, k16, z);
        maskz_expand_epi32(k16, z); mask_expand_epi32(z, k16, z);
        cvtepu8_epi16(y); maskz_cvtepu8_epi16(k32, y); cvtepi16_epi8(z);
        cvtepu8_epi32(x); cvtepu16_epi32(y); cvtepi32_epi16(z); cvtepi32_epi8(z);
        lzcnt_epi32(z);
    };
    n += compare_cmps(&mut g);
    n += compare_casts(&mut g);
    // SAFETY: this function's features.
    n += unsafe { compare_memory(&mut g, false) };
    n
}

/// The 72 comparisons (six predicates, three widths, signed and unsigned, masked
/// and not).
#[target_feature(enable = "avx512f,avx512bw")]
fn compare_cmps(g: &mut Gen) -> usize {
    let mut g = g.clone();
    compare! { g;
        cmpeq_epu8_mask(z, z); cmpneq_epu8_mask(z, z); cmplt_epu8_mask(z, z);
        cmple_epu8_mask(z, z); cmpgt_epu8_mask(z, z); cmpge_epu8_mask(z, z);
        cmpeq_epi8_mask(z, z); cmpneq_epi8_mask(z, z); cmplt_epi8_mask(z, z);
        cmple_epi8_mask(z, z); cmpgt_epi8_mask(z, z); cmpge_epi8_mask(z, z);
        cmpeq_epu16_mask(z, z); cmpneq_epu16_mask(z, z); cmplt_epu16_mask(z, z);
        cmple_epu16_mask(z, z); cmpgt_epu16_mask(z, z); cmpge_epu16_mask(z, z);
        cmpeq_epi16_mask(z, z); cmpneq_epi16_mask(z, z); cmplt_epi16_mask(z, z);
        cmple_epi16_mask(z, z); cmpgt_epi16_mask(z, z); cmpge_epi16_mask(z, z);
        cmpeq_epu32_mask(z, z); cmpneq_epu32_mask(z, z); cmplt_epu32_mask(z, z);
        cmple_epu32_mask(z, z); cmpgt_epu32_mask(z, z); cmpge_epu32_mask(z, z);
        cmpeq_epi32_mask(z, z); cmpneq_epi32_mask(z, z); cmplt_epi32_mask(z, z);
        cmple_epi32_mask(z, z); cmpgt_epi32_mask(z, z); cmpge_epi32_mask(z, z);
        mask_cmpeq_epu8_mask(k64, z, z); mask_cmpneq_epu8_mask(k64, z, z);
        mask_cmplt_epu8_mask(k64, z, z); mask_cmple_epu8_mask(k64, z, z);
        mask_cmpgt_epu8_mask(k64, z, z); mask_cmpge_epu8_mask(k64, z, z);
        mask_cmpeq_epi8_mask(k64, z, z); mask_cmpneq_epi8_mask(k64, z, z);
        mask_cmplt_epi8_mask(k64, z, z); mask_cmple_epi8_mask(k64, z, z);
        mask_cmpgt_epi8_mask(k64, z, z); mask_cmpge_epi8_mask(k64, z, z);
        mask_cmpeq_epu16_mask(k32, z, z); mask_cmpneq_epu16_mask(k32, z, z);
        mask_cmplt_epu16_mask(k32, z, z); mask_cmple_epu16_mask(k32, z, z);
        mask_cmpgt_epu16_mask(k32, z, z); mask_cmpge_epu16_mask(k32, z, z);
        mask_cmpeq_epi16_mask(k32, z, z); mask_cmpneq_epi16_mask(k32, z, z);
        mask_cmplt_epi16_mask(k32, z, z); mask_cmple_epi16_mask(k32, z, z);
        mask_cmpgt_epi16_mask(k32, z, z); mask_cmpge_epi16_mask(k32, z, z);
        mask_cmpeq_epu32_mask(k16, z, z); mask_cmpneq_epu32_mask(k16, z, z);
        mask_cmplt_epu32_mask(k16, z, z); mask_cmple_epu32_mask(k16, z, z);
        mask_cmpgt_epu32_mask(k16, z, z); mask_cmpge_epu32_mask(k16, z, z);
        mask_cmpeq_epi32_mask(k16, z, z); mask_cmpneq_epi32_mask(k16, z, z);
        mask_cmplt_epi32_mask(k16, z, z); mask_cmple_epi32_mask(k16, z, z);
        mask_cmpgt_epi32_mask(k16, z, z); mask_cmpge_epi32_mask(k16, z, z);
    }
}

/// The casts whose upper bits are undefined on the hardware: only the defined part
/// is compared.
#[target_feature(enable = "avx512f")]
fn compare_casts(g: &mut Gen) -> usize {
    for _ in 0..CASES {
        let (hx, mx) = g.xmm();
        let (hy, my) = g.ymm();
        assert_eq!(
            Bytes::bytes(&r::castsi512_si128(r::castsi128_si512(hx))),
            Bytes::bytes(&m::castsi512_si128(m::castsi128_si512(mx))),
            "castsi128_si512"
        );
        assert_eq!(
            Bytes::bytes(&r::castsi512_si256(r::castsi256_si512(hy))),
            Bytes::bytes(&m::castsi512_si256(m::castsi256_si512(my))),
            "castsi256_si512"
        );
    }
    2
}

/// The memory operations on a 192-byte buffer: loads at random offsets with random
/// masks, stores into two copies of one buffer (hardware, model) compared whole.
/// With `vbmi2`, also the byte/word compressing stores.
///
/// # Safety
/// The CPU supports AVX-512F and BW (and VBMI2 with `vbmi2`).
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn compare_memory(g: &mut Gen, vbmi2: bool) -> usize {
    let mut n = 0;
    for case in 0..CASES {
        let mut buf = [0u8; 192];
        for x in buf.iter_mut() {
            *x = g.0.next() as u8;
        }
        let off = g.0.below(64);
        let p = buf[off..].as_ptr();
        let (hz, mz) = g.zmm();
        let k = g.mask();
        let (mut hw_buf, mut md_buf) = (buf, buf);
        let (hp, mp) = (hw_buf[off..].as_mut_ptr(), md_buf[off..].as_mut_ptr());
        // SAFETY: `off + 64 <= 192`: every lane of every access is inside the buffers.
        unsafe {
            let eq = |h: __m512i, m: m::Zmm, what: &str| {
                assert_eq!(Bytes::bytes(&h), Bytes::bytes(&m), "{what} case {case}")
            };
            eq(r::loadu(p), m::loadu(p), "loadu");
            eq(
                r::maskz_loadu_epi8(k, p),
                m::maskz_loadu_epi8(k, p),
                "maskz_loadu_epi8",
            );
            eq(
                r::maskz_loadu_epi16(k as u32, p),
                m::maskz_loadu_epi16(k as u32, p),
                "maskz_loadu_epi16",
            );
            eq(
                r::maskz_loadu_epi32(k as u16, p),
                m::maskz_loadu_epi32(k as u16, p),
                "maskz_loadu_epi32",
            );
            eq(
                r::mask_loadu_epi8(hz, k, p),
                m::mask_loadu_epi8(mz, k, p),
                "mask_loadu_epi8",
            );
            eq(
                r::mask_loadu_epi16(hz, k as u32, p),
                m::mask_loadu_epi16(mz, k as u32, p),
                "mask_loadu_epi16",
            );
            eq(
                r::mask_loadu_epi32(hz, k as u16, p),
                m::mask_loadu_epi32(mz, k as u16, p),
                "mask_loadu_epi32",
            );
            assert_eq!(
                Bytes::bytes(&r::loadu_si128(p)),
                Bytes::bytes(&m::loadu_si128(p)),
                "loadu_si128"
            );
            assert_eq!(
                Bytes::bytes(&r::loadu_si256(p)),
                Bytes::bytes(&m::loadu_si256(p)),
                "loadu_si256"
            );
            let (hx, mx) = (r::castsi512_si128(hz), m::castsi512_si128(mz));
            let (hy, my) = (r::castsi512_si256(hz), m::castsi512_si256(mz));
            match case % 7 {
                0 => (r::storeu(hp, hz), m::storeu(mp, mz)),
                1 => (
                    r::mask_storeu_epi8(hp, k, hz),
                    m::mask_storeu_epi8(mp, k, mz),
                ),
                2 => (
                    r::mask_storeu_epi16(hp, k as u32, hz),
                    m::mask_storeu_epi16(mp, k as u32, mz),
                ),
                3 => (
                    r::mask_storeu_epi32(hp, k as u16, hz),
                    m::mask_storeu_epi32(mp, k as u16, mz),
                ),
                4 => (
                    r::mask_compressstoreu_epi32(hp, k as u16, hz),
                    m::mask_compressstoreu_epi32(mp, k as u16, mz),
                ),
                5 => (r::storeu_si128(hp, hx), m::storeu_si128(mp, mx)),
                _ => (r::storeu_si256(hp, hy), m::storeu_si256(mp, my)),
            };
            if vbmi2 {
                // SAFETY: the caller checked VBMI2.
                compress_stores(hp, mp, k, hz, mz, case);
            }
        }
        assert_eq!(
            hw_buf[..],
            md_buf[..],
            "store case {case} (kind {})",
            case % 7
        );
        n = 22 + 2 * usize::from(vbmi2);
    }
    n
}

/// The byte and word compressing stores (VBMI2).
///
/// # Safety
/// The CPU supports AVX-512VBMI2; 64 bytes are writable at `hp` and `mp`.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2")]
unsafe fn compress_stores(hp: *mut u8, mp: *mut u8, k: u64, hz: __m512i, mz: m::Zmm, case: usize) {
    // SAFETY: the caller's contract (at most 64 bytes are written).
    unsafe {
        if case.is_multiple_of(2) {
            r::mask_compressstoreu_epi8(hp, k, hz);
            m::mask_compressstoreu_epi8(mp, k, mz);
        } else {
            r::mask_compressstoreu_epi16(hp, k as u32, hz);
            m::mask_compressstoreu_epi16(mp, k as u32, mz);
        }
    }
}

/// VBMI: byte permutes and multishift.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn vbmi_group(mut g: Gen) -> usize {
    compare! { g;
        permutexvar_epi8(z, z); permutex2var_epi8(z, z, z); multishift_epi64_epi8(z, z);
    }
}

/// VBMI2: compress/expand of bytes and words, concatenate-and-shift.
///
/// # Safety
/// The CPU supports AVX-512F, BW and VBMI2.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2")]
unsafe fn vbmi2_group(mut g: Gen) -> usize {
    let n = compare! { g;
        maskz_compress_epi8(k64, z); maskz_compress_epi16(k32, z);
        mask_compress_epi8(z, k64, z); mask_compress_epi16(z, k32, z);
        maskz_expand_epi8(k64, z); maskz_expand_epi16(k32, z);
        mask_expand_epi8(z, k64, z); mask_expand_epi16(z, k32, z);
        shldi_epi16::<0>(z, z); shldi_epi16::<4>(z, z); shldi_epi16::<15>(z, z); shldi_epi16::<20>(z, z);
        shldi_epi32::<8>(z, z); shldi_epi32::<33>(z, z); shldi_epi64::<8>(z, z); shldi_epi64::<63>(z, z);
        shrdi_epi16::<1>(z, z); shrdi_epi16::<16>(z, z); shrdi_epi32::<12>(z, z); shrdi_epi64::<40>(z, z);
        shldv_epi16(z, z, c16); shldv_epi32(z, z, c32); shldv_epi64(z, z, c64);
        shrdv_epi16(z, z, c16); shrdv_epi32(z, z, c32); shrdv_epi64(z, z, c64);
    };
    // SAFETY: this function's features.
    n + unsafe { compare_memory(&mut g, true) }
}

/// BITALG: byte and word population counts.
#[target_feature(enable = "avx512f,avx512bw,avx512bitalg")]
fn bitalg_group(mut g: Gen) -> usize {
    compare! { g; popcnt_epi8(z); popcnt_epi16(z); }
}

/// VPOPCNTDQ: dword and qword population counts.
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
fn vpopcntdq_group(mut g: Gen) -> usize {
    compare! { g; popcnt_epi32(z); popcnt_epi64(z); }
}

/// Whether the CPU has every feature of the comma-separated list.
fn has(features: &str) -> bool {
    features.split(',').all(|f| match f {
        "avx512f" => std::is_x86_feature_detected!("avx512f"),
        "avx512bw" => std::is_x86_feature_detected!("avx512bw"),
        "avx512dq" => std::is_x86_feature_detected!("avx512dq"),
        "avx512cd" => std::is_x86_feature_detected!("avx512cd"),
        "avx512vbmi" => std::is_x86_feature_detected!("avx512vbmi"),
        "avx512vbmi2" => std::is_x86_feature_detected!("avx512vbmi2"),
        "avx512bitalg" => std::is_x86_feature_detected!("avx512bitalg"),
        "avx512vpopcntdq" => std::is_x86_feature_detected!("avx512vpopcntdq"),
        _ => false,
    })
}

#[test]
fn model_vs_hardware() {
    let mut ran = 0;
    let mut report = |group: &str, features: &str, run: &dyn Fn() -> usize| {
        if has(features) {
            let n = run();
            println!("model-vs-hardware {group}: {n} operations x {CASES} random cases agree");
            ran += 1;
        } else {
            println!("model-vs-hardware {group}: skipped: no AVX-512 (model-vs-hardware needs {features})");
        }
    };
    let g = || Gen(Rng(0x5EED_A512));
    report("F/BW/DQ/CD", "avx512f,avx512bw,avx512dq,avx512cd", &|| {
        // SAFETY: the features were detected.
        unsafe { base_group(g()) }
    });
    report("VBMI", "avx512f,avx512bw,avx512vbmi", &|| {
        // SAFETY: the features were detected.
        unsafe { vbmi_group(g()) }
    });
    report("VBMI2", "avx512f,avx512bw,avx512vbmi2", &|| {
        // SAFETY: the features were detected.
        unsafe { vbmi2_group(g()) }
    });
    report("BITALG", "avx512f,avx512bw,avx512bitalg", &|| {
        // SAFETY: the features were detected.
        unsafe { bitalg_group(g()) }
    });
    report("VPOPCNTDQ", "avx512f,avx512vpopcntdq", &|| {
        // SAFETY: the features were detected.
        unsafe { vpopcntdq_group(g()) }
    });
    println!("model-vs-hardware: {ran} of 5 groups ran");
}

/// The wrapper functions of `real.rs`: every `_mm512_`/`_mm256_`/`_mm_` intrinsic it
/// wraps, named without the prefix (and `loadu`, `storeu`, `setzero` for the
/// `si512` forms).
fn wrapper_functions() -> Vec<String> {
    let src = include_str!("../real.rs");
    let mut names = Vec::new();
    for (i, _) in src.match_indices("= _mm") {
        let rest = &src[i + 2..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap();
        let intr = &rest[..end];
        let name = intr
            .trim_start_matches("_mm512_")
            .trim_start_matches("_mm256_")
            .trim_start_matches("_mm_");
        let name = match name {
            "setzero_si512" => "setzero",
            n => n,
        };
        names.push(String::from(name));
    }
    for name in [
        "loadu",
        "storeu",
        "loadu_si128",
        "storeu_si128",
        "loadu_si256",
        "storeu_si256",
    ] {
        names.push(String::from(name));
    }
    names.sort();
    names.dedup();
    names
}

#[test]
fn every_wrapper_function_is_compared() {
    let this = include_str!("hardware.rs");
    let names = wrapper_functions();
    assert!(
        names.len() > 150,
        "parsed only {} wrapper functions",
        names.len()
    );
    let missing: Vec<&String> = names
        .iter()
        .filter(|n| {
            !(this.contains(&std::format!("r::{n}("))
                || this.contains(&std::format!("{n}(z"))
                || this.contains(&std::format!(" {n}("))
                || this.contains(&std::format!("{n}::<")))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "wrapper functions not compared with the hardware: {missing:?}"
    );
    println!(
        "{} wrapper functions, each compared in model_vs_hardware",
        names.len()
    );
}

//! The hardware backend of [`super`]: each function wraps the `core::arch` intrinsic
//! of the same name (with the `_mm512_` prefix, or `_mm_`/`_mm256_` for the
//! 128/256-bit loads and stores) and carries the minimal `#[target_feature]` of its
//! instruction. The model backend (`model.rs`) has the same functions in the same
//! order; see there for the semantics of each.
// The wrapper offers the instructions the AVX-512 kernels may use; those no kernel
// uses yet are still checked (model tests, model against hardware).
#![allow(dead_code)]

use core::arch::x86_64::*;

/// A 512-bit register.
pub(crate) type Zmm = __m512i;
/// A 256-bit register (the halves of [`Zmm`]).
pub(crate) type Ymm = __m256i;
/// A 128-bit register (the quarters of [`Zmm`]).
pub(crate) type Xmm = __m128i;

/// Safe register-only wrappers: `name(args) -> ret = intrinsic`.
macro_rules! ops {
    ($feat:literal: $($name:ident($($a:ident: $t:ty),*) -> $r:ty = $intr:ident;)*) => { $(
        #[doc = concat!("`", stringify!($intr), "` (", $feat, ").")]
        #[inline]
        #[target_feature(enable = $feat)]
        pub(crate) fn $name($($a: $t),*) -> $r {
            $intr($($a),*)
        }
    )* };
}

/// Safe register-only wrappers with an immediate: `name<IMM: type>(args) -> ret = intrinsic`.
macro_rules! imm_ops {
    ($feat:literal: $($name:ident<$it:ty>($($a:ident: $t:ty),*) -> $r:ty = $intr:ident;)*) => { $(
        #[doc = concat!("`", stringify!($intr), "` (", $feat, ").")]
        #[inline]
        #[target_feature(enable = $feat)]
        pub(crate) fn $name<const IMM: $it>($($a: $t),*) -> $r {
            $intr::<IMM>($($a),*)
        }
    )* };
}

// ---- memory ----------------------------------------------------------------------

/// `_mm512_loadu_si512`: the 64 bytes at `p`.
///
/// # Safety
/// The CPU supports AVX-512F; `p..p + 64` is readable.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) unsafe fn loadu(p: *const u8) -> Zmm {
    // SAFETY: the caller guarantees 64 readable bytes.
    unsafe { _mm512_loadu_si512(p.cast()) }
}

/// `_mm512_storeu_si512`: `a` to the 64 bytes at `p`.
///
/// # Safety
/// The CPU supports AVX-512F; `p..p + 64` is writable.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) unsafe fn storeu(p: *mut u8, a: Zmm) {
    // SAFETY: the caller guarantees 64 writable bytes.
    unsafe { _mm512_storeu_si512(p.cast(), a) }
}

/// Masked loads and stores: `name(..., p, ...) = intrinsic as element pointer`.
macro_rules! masked_mem {
    ($($feat:literal, $cfeat:literal, $e:ty: $load:ident = $li:ident, $mload:ident = $mli:ident,
       $store:ident = $si:ident, $cstore:ident = $ci:ident, $k:ty;)*) => { $(
        #[doc = concat!("`", stringify!($li), "`: the enabled lanes from `p`, zero elsewhere.")]
        ///
        /// # Safety
        /// The CPU supports the instruction; for every set bit `i` of `k`, lane `i`
        /// (`size_of` element bytes at `p + i * size`) is readable. Disabled lanes
        /// are not accessed.
        #[inline]
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn $load(k: $k, p: *const u8) -> Zmm {
            // SAFETY: the caller guarantees the enabled lanes are readable.
            unsafe { $li(k, p.cast::<$e>()) }
        }
        #[doc = concat!("`", stringify!($mli), "`: the enabled lanes from `p`, `src` elsewhere.")]
        ///
        /// # Safety
        /// As for the zero-masking load.
        #[inline]
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn $mload(src: Zmm, k: $k, p: *const u8) -> Zmm {
            // SAFETY: the caller guarantees the enabled lanes are readable.
            unsafe { $mli(src, k, p.cast::<$e>()) }
        }
        #[doc = concat!("`", stringify!($si), "`: the enabled lanes of `a` to `p`.")]
        ///
        /// # Safety
        /// The CPU supports the instruction; for every set bit `i` of `k`, lane `i` at
        /// `p + i * size` is writable. Disabled lanes are not accessed.
        #[inline]
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn $store(p: *mut u8, k: $k, a: Zmm) {
            // SAFETY: the caller guarantees the enabled lanes are writable.
            unsafe { $si(p.cast::<$e>(), k, a) }
        }
        #[doc = concat!("`", stringify!($ci), "`: the enabled lanes of `a`, contiguous, to `p`.")]
        ///
        /// # Safety
        /// The CPU supports the instruction; the first `k.count_ones()` lanes at `p`
        /// are writable. Nothing after them is accessed.
        #[inline]
        #[target_feature(enable = $cfeat)]
        pub(crate) unsafe fn $cstore(p: *mut u8, k: $k, a: Zmm) {
            // SAFETY: the caller guarantees the first popcount(k) lanes are writable.
            unsafe { $ci(p.cast::<$e>(), k, a) }
        }
    )* };
}
masked_mem! {
    "avx512bw", "avx512vbmi2", i8: maskz_loadu_epi8 = _mm512_maskz_loadu_epi8,
        mask_loadu_epi8 = _mm512_mask_loadu_epi8, mask_storeu_epi8 = _mm512_mask_storeu_epi8,
        mask_compressstoreu_epi8 = _mm512_mask_compressstoreu_epi8, u64;
    "avx512bw", "avx512vbmi2", i16: maskz_loadu_epi16 = _mm512_maskz_loadu_epi16,
        mask_loadu_epi16 = _mm512_mask_loadu_epi16, mask_storeu_epi16 = _mm512_mask_storeu_epi16,
        mask_compressstoreu_epi16 = _mm512_mask_compressstoreu_epi16, u32;
    "avx512f", "avx512f", i32: maskz_loadu_epi32 = _mm512_maskz_loadu_epi32,
        mask_loadu_epi32 = _mm512_mask_loadu_epi32, mask_storeu_epi32 = _mm512_mask_storeu_epi32,
        mask_compressstoreu_epi32 = _mm512_mask_compressstoreu_epi32, u16;
}

/// `_mm_loadu_si128`: the 16 bytes at `p`.
///
/// # Safety
/// `p..p + 16` is readable.
#[inline]
pub(crate) unsafe fn loadu_si128(p: *const u8) -> Xmm {
    // SAFETY: SSE2 is part of x86-64; the caller guarantees 16 readable bytes.
    unsafe { _mm_loadu_si128(p.cast()) }
}

/// `_mm_storeu_si128`: `a` to the 16 bytes at `p`.
///
/// # Safety
/// `p..p + 16` is writable.
#[inline]
pub(crate) unsafe fn storeu_si128(p: *mut u8, a: Xmm) {
    // SAFETY: SSE2 is part of x86-64; the caller guarantees 16 writable bytes.
    unsafe { _mm_storeu_si128(p.cast(), a) }
}

/// `_mm256_loadu_si256`: the 32 bytes at `p`.
///
/// # Safety
/// The CPU supports AVX; `p..p + 32` is readable.
#[inline]
#[target_feature(enable = "avx")]
pub(crate) unsafe fn loadu_si256(p: *const u8) -> Ymm {
    // SAFETY: the caller guarantees 32 readable bytes.
    unsafe { _mm256_loadu_si256(p.cast()) }
}

/// `_mm256_storeu_si256`: `a` to the 32 bytes at `p`.
///
/// # Safety
/// The CPU supports AVX; `p..p + 32` is writable.
#[inline]
#[target_feature(enable = "avx")]
pub(crate) unsafe fn storeu_si256(p: *mut u8, a: Ymm) {
    // SAFETY: the caller guarantees 32 writable bytes.
    unsafe { _mm256_storeu_si256(p.cast(), a) }
}

// ---- constants, casts, inserts and extracts ---------------------------------------

ops! { "avx512f":
    setzero() -> Zmm = _mm512_setzero_si512;
    set1_epi8(a: i8) -> Zmm = _mm512_set1_epi8;
    set1_epi16(a: i16) -> Zmm = _mm512_set1_epi16;
    set1_epi32(a: i32) -> Zmm = _mm512_set1_epi32;
    set1_epi64(a: i64) -> Zmm = _mm512_set1_epi64;
    broadcast_i32x4(a: Xmm) -> Zmm = _mm512_broadcast_i32x4;
    broadcast_i64x4(a: Ymm) -> Zmm = _mm512_broadcast_i64x4;
    castsi512_si128(a: Zmm) -> Xmm = _mm512_castsi512_si128;
    castsi512_si256(a: Zmm) -> Ymm = _mm512_castsi512_si256;
    zextsi128_si512(a: Xmm) -> Zmm = _mm512_zextsi128_si512;
    zextsi256_si512(a: Ymm) -> Zmm = _mm512_zextsi256_si512;
}
ops! { "avx512f":
    castsi128_si512(a: Xmm) -> Zmm = _mm512_castsi128_si512;
    castsi256_si512(a: Ymm) -> Zmm = _mm512_castsi256_si512;
}
imm_ops! { "avx512f":
    extracti32x4_epi32<i32>(a: Zmm) -> Xmm = _mm512_extracti32x4_epi32;
    extracti64x4_epi64<i32>(a: Zmm) -> Ymm = _mm512_extracti64x4_epi64;
    inserti32x4<i32>(a: Zmm, b: Xmm) -> Zmm = _mm512_inserti32x4;
    inserti64x4<i32>(a: Zmm, b: Ymm) -> Zmm = _mm512_inserti64x4;
    shuffle_i32x4<i32>(a: Zmm, b: Zmm) -> Zmm = _mm512_shuffle_i32x4;
    shuffle_i64x2<i32>(a: Zmm, b: Zmm) -> Zmm = _mm512_shuffle_i64x2;
}
ops! { "sse2":
    cvtsi32_si128(a: i32) -> Xmm = _mm_cvtsi32_si128;
}

// ---- bitwise ----------------------------------------------------------------------

ops! { "avx512f":
    and_si512(a: Zmm, b: Zmm) -> Zmm = _mm512_and_si512;
    or_si512(a: Zmm, b: Zmm) -> Zmm = _mm512_or_si512;
    xor_si512(a: Zmm, b: Zmm) -> Zmm = _mm512_xor_si512;
    andnot_si512(a: Zmm, b: Zmm) -> Zmm = _mm512_andnot_si512;
}
imm_ops! { "avx512f":
    ternarylogic_epi32<i32>(a: Zmm, b: Zmm, c: Zmm) -> Zmm = _mm512_ternarylogic_epi32;
    ternarylogic_epi64<i32>(a: Zmm, b: Zmm, c: Zmm) -> Zmm = _mm512_ternarylogic_epi64;
}

// ---- integer arithmetic -----------------------------------------------------------

ops! { "avx512bw":
    add_epi8(a: Zmm, b: Zmm) -> Zmm = _mm512_add_epi8;
    add_epi16(a: Zmm, b: Zmm) -> Zmm = _mm512_add_epi16;
    sub_epi8(a: Zmm, b: Zmm) -> Zmm = _mm512_sub_epi8;
    sub_epi16(a: Zmm, b: Zmm) -> Zmm = _mm512_sub_epi16;
    adds_epu8(a: Zmm, b: Zmm) -> Zmm = _mm512_adds_epu8;
    adds_epu16(a: Zmm, b: Zmm) -> Zmm = _mm512_adds_epu16;
    subs_epu8(a: Zmm, b: Zmm) -> Zmm = _mm512_subs_epu8;
    subs_epi8(a: Zmm, b: Zmm) -> Zmm = _mm512_subs_epi8;
    subs_epu16(a: Zmm, b: Zmm) -> Zmm = _mm512_subs_epu16;
    mask_add_epi8(src: Zmm, k: u64, a: Zmm, b: Zmm) -> Zmm = _mm512_mask_add_epi8;
    mask_add_epi16(src: Zmm, k: u32, a: Zmm, b: Zmm) -> Zmm = _mm512_mask_add_epi16;
    mask_sub_epi8(src: Zmm, k: u64, a: Zmm, b: Zmm) -> Zmm = _mm512_mask_sub_epi8;
    mask_sub_epi16(src: Zmm, k: u32, a: Zmm, b: Zmm) -> Zmm = _mm512_mask_sub_epi16;
    min_epu8(a: Zmm, b: Zmm) -> Zmm = _mm512_min_epu8;
    min_epu16(a: Zmm, b: Zmm) -> Zmm = _mm512_min_epu16;
    max_epu8(a: Zmm, b: Zmm) -> Zmm = _mm512_max_epu8;
    max_epu16(a: Zmm, b: Zmm) -> Zmm = _mm512_max_epu16;
    maddubs_epi16(a: Zmm, b: Zmm) -> Zmm = _mm512_maddubs_epi16;
    madd_epi16(a: Zmm, b: Zmm) -> Zmm = _mm512_madd_epi16;
    sad_epu8(a: Zmm, b: Zmm) -> Zmm = _mm512_sad_epu8;
}
ops! { "avx512f":
    add_epi32(a: Zmm, b: Zmm) -> Zmm = _mm512_add_epi32;
    add_epi64(a: Zmm, b: Zmm) -> Zmm = _mm512_add_epi64;
    sub_epi32(a: Zmm, b: Zmm) -> Zmm = _mm512_sub_epi32;
    sub_epi64(a: Zmm, b: Zmm) -> Zmm = _mm512_sub_epi64;
    mask_add_epi32(src: Zmm, k: u16, a: Zmm, b: Zmm) -> Zmm = _mm512_mask_add_epi32;
    mask_sub_epi32(src: Zmm, k: u16, a: Zmm, b: Zmm) -> Zmm = _mm512_mask_sub_epi32;
    min_epu32(a: Zmm, b: Zmm) -> Zmm = _mm512_min_epu32;
    max_epu32(a: Zmm, b: Zmm) -> Zmm = _mm512_max_epu32;
    reduce_add_epi64(a: Zmm) -> i64 = _mm512_reduce_add_epi64;
}

// ---- comparisons, tests and masks -------------------------------------------------

/// Comparisons: for each element type, the six predicates and their masked forms.
macro_rules! cmps {
    ($($feat:literal, $k:ty: $($name:ident = $intr:ident, $mname:ident = $mintr:ident;)*)*) => {
        $($(
            ops! { $feat: $name(a: Zmm, b: Zmm) -> $k = $intr; }
            ops! { $feat: $mname(k1: $k, a: Zmm, b: Zmm) -> $k = $mintr; }
        )*)*
    };
}
cmps! {
    "avx512bw", u64:
    cmpeq_epu8_mask = _mm512_cmpeq_epu8_mask, mask_cmpeq_epu8_mask = _mm512_mask_cmpeq_epu8_mask;
    cmpneq_epu8_mask = _mm512_cmpneq_epu8_mask, mask_cmpneq_epu8_mask = _mm512_mask_cmpneq_epu8_mask;
    cmplt_epu8_mask = _mm512_cmplt_epu8_mask, mask_cmplt_epu8_mask = _mm512_mask_cmplt_epu8_mask;
    cmple_epu8_mask = _mm512_cmple_epu8_mask, mask_cmple_epu8_mask = _mm512_mask_cmple_epu8_mask;
    cmpgt_epu8_mask = _mm512_cmpgt_epu8_mask, mask_cmpgt_epu8_mask = _mm512_mask_cmpgt_epu8_mask;
    cmpge_epu8_mask = _mm512_cmpge_epu8_mask, mask_cmpge_epu8_mask = _mm512_mask_cmpge_epu8_mask;
    cmpeq_epi8_mask = _mm512_cmpeq_epi8_mask, mask_cmpeq_epi8_mask = _mm512_mask_cmpeq_epi8_mask;
    cmpneq_epi8_mask = _mm512_cmpneq_epi8_mask, mask_cmpneq_epi8_mask = _mm512_mask_cmpneq_epi8_mask;
    cmplt_epi8_mask = _mm512_cmplt_epi8_mask, mask_cmplt_epi8_mask = _mm512_mask_cmplt_epi8_mask;
    cmple_epi8_mask = _mm512_cmple_epi8_mask, mask_cmple_epi8_mask = _mm512_mask_cmple_epi8_mask;
    cmpgt_epi8_mask = _mm512_cmpgt_epi8_mask, mask_cmpgt_epi8_mask = _mm512_mask_cmpgt_epi8_mask;
    cmpge_epi8_mask = _mm512_cmpge_epi8_mask, mask_cmpge_epi8_mask = _mm512_mask_cmpge_epi8_mask;
    "avx512bw", u32:
    cmpeq_epu16_mask = _mm512_cmpeq_epu16_mask, mask_cmpeq_epu16_mask = _mm512_mask_cmpeq_epu16_mask;
    cmpneq_epu16_mask = _mm512_cmpneq_epu16_mask, mask_cmpneq_epu16_mask = _mm512_mask_cmpneq_epu16_mask;
    cmplt_epu16_mask = _mm512_cmplt_epu16_mask, mask_cmplt_epu16_mask = _mm512_mask_cmplt_epu16_mask;
    cmple_epu16_mask = _mm512_cmple_epu16_mask, mask_cmple_epu16_mask = _mm512_mask_cmple_epu16_mask;
    cmpgt_epu16_mask = _mm512_cmpgt_epu16_mask, mask_cmpgt_epu16_mask = _mm512_mask_cmpgt_epu16_mask;
    cmpge_epu16_mask = _mm512_cmpge_epu16_mask, mask_cmpge_epu16_mask = _mm512_mask_cmpge_epu16_mask;
    cmpeq_epi16_mask = _mm512_cmpeq_epi16_mask, mask_cmpeq_epi16_mask = _mm512_mask_cmpeq_epi16_mask;
    cmpneq_epi16_mask = _mm512_cmpneq_epi16_mask, mask_cmpneq_epi16_mask = _mm512_mask_cmpneq_epi16_mask;
    cmplt_epi16_mask = _mm512_cmplt_epi16_mask, mask_cmplt_epi16_mask = _mm512_mask_cmplt_epi16_mask;
    cmple_epi16_mask = _mm512_cmple_epi16_mask, mask_cmple_epi16_mask = _mm512_mask_cmple_epi16_mask;
    cmpgt_epi16_mask = _mm512_cmpgt_epi16_mask, mask_cmpgt_epi16_mask = _mm512_mask_cmpgt_epi16_mask;
    cmpge_epi16_mask = _mm512_cmpge_epi16_mask, mask_cmpge_epi16_mask = _mm512_mask_cmpge_epi16_mask;
    "avx512f", u16:
    cmpeq_epu32_mask = _mm512_cmpeq_epu32_mask, mask_cmpeq_epu32_mask = _mm512_mask_cmpeq_epu32_mask;
    cmpneq_epu32_mask = _mm512_cmpneq_epu32_mask, mask_cmpneq_epu32_mask = _mm512_mask_cmpneq_epu32_mask;
    cmplt_epu32_mask = _mm512_cmplt_epu32_mask, mask_cmplt_epu32_mask = _mm512_mask_cmplt_epu32_mask;
    cmple_epu32_mask = _mm512_cmple_epu32_mask, mask_cmple_epu32_mask = _mm512_mask_cmple_epu32_mask;
    cmpgt_epu32_mask = _mm512_cmpgt_epu32_mask, mask_cmpgt_epu32_mask = _mm512_mask_cmpgt_epu32_mask;
    cmpge_epu32_mask = _mm512_cmpge_epu32_mask, mask_cmpge_epu32_mask = _mm512_mask_cmpge_epu32_mask;
    cmpeq_epi32_mask = _mm512_cmpeq_epi32_mask, mask_cmpeq_epi32_mask = _mm512_mask_cmpeq_epi32_mask;
    cmpneq_epi32_mask = _mm512_cmpneq_epi32_mask, mask_cmpneq_epi32_mask = _mm512_mask_cmpneq_epi32_mask;
    cmplt_epi32_mask = _mm512_cmplt_epi32_mask, mask_cmplt_epi32_mask = _mm512_mask_cmplt_epi32_mask;
    cmple_epi32_mask = _mm512_cmple_epi32_mask, mask_cmple_epi32_mask = _mm512_mask_cmple_epi32_mask;
    cmpgt_epi32_mask = _mm512_cmpgt_epi32_mask, mask_cmpgt_epi32_mask = _mm512_mask_cmpgt_epi32_mask;
    cmpge_epi32_mask = _mm512_cmpge_epi32_mask, mask_cmpge_epi32_mask = _mm512_mask_cmpge_epi32_mask;
}
ops! { "avx512bw":
    test_epi8_mask(a: Zmm, b: Zmm) -> u64 = _mm512_test_epi8_mask;
    test_epi16_mask(a: Zmm, b: Zmm) -> u32 = _mm512_test_epi16_mask;
    testn_epi8_mask(a: Zmm, b: Zmm) -> u64 = _mm512_testn_epi8_mask;
    testn_epi16_mask(a: Zmm, b: Zmm) -> u32 = _mm512_testn_epi16_mask;
    movepi8_mask(a: Zmm) -> u64 = _mm512_movepi8_mask;
    movepi16_mask(a: Zmm) -> u32 = _mm512_movepi16_mask;
    movm_epi8(k: u64) -> Zmm = _mm512_movm_epi8;
    movm_epi16(k: u32) -> Zmm = _mm512_movm_epi16;
    mask_blend_epi8(k: u64, a: Zmm, b: Zmm) -> Zmm = _mm512_mask_blend_epi8;
    mask_blend_epi16(k: u32, a: Zmm, b: Zmm) -> Zmm = _mm512_mask_blend_epi16;
    maskz_mov_epi8(k: u64, a: Zmm) -> Zmm = _mm512_maskz_mov_epi8;
    maskz_mov_epi16(k: u32, a: Zmm) -> Zmm = _mm512_maskz_mov_epi16;
    mask_mov_epi8(src: Zmm, k: u64, a: Zmm) -> Zmm = _mm512_mask_mov_epi8;
    mask_mov_epi16(src: Zmm, k: u32, a: Zmm) -> Zmm = _mm512_mask_mov_epi16;
}
ops! { "avx512f":
    test_epi32_mask(a: Zmm, b: Zmm) -> u16 = _mm512_test_epi32_mask;
    test_epi64_mask(a: Zmm, b: Zmm) -> u8 = _mm512_test_epi64_mask;
    testn_epi32_mask(a: Zmm, b: Zmm) -> u16 = _mm512_testn_epi32_mask;
    testn_epi64_mask(a: Zmm, b: Zmm) -> u8 = _mm512_testn_epi64_mask;
    mask_blend_epi32(k: u16, a: Zmm, b: Zmm) -> Zmm = _mm512_mask_blend_epi32;
    mask_blend_epi64(k: u8, a: Zmm, b: Zmm) -> Zmm = _mm512_mask_blend_epi64;
    maskz_mov_epi32(k: u16, a: Zmm) -> Zmm = _mm512_maskz_mov_epi32;
    mask_mov_epi32(src: Zmm, k: u16, a: Zmm) -> Zmm = _mm512_mask_mov_epi32;
}
ops! { "avx512dq":
    movepi32_mask(a: Zmm) -> u16 = _mm512_movepi32_mask;
    movm_epi32(k: u16) -> Zmm = _mm512_movm_epi32;
}

// ---- shifts and rotates -----------------------------------------------------------

imm_ops! { "avx512bw":
    slli_epi16<u32>(a: Zmm) -> Zmm = _mm512_slli_epi16;
    srli_epi16<u32>(a: Zmm) -> Zmm = _mm512_srli_epi16;
    srai_epi16<u32>(a: Zmm) -> Zmm = _mm512_srai_epi16;
}
imm_ops! { "avx512f":
    slli_epi32<u32>(a: Zmm) -> Zmm = _mm512_slli_epi32;
    srli_epi32<u32>(a: Zmm) -> Zmm = _mm512_srli_epi32;
    srai_epi32<u32>(a: Zmm) -> Zmm = _mm512_srai_epi32;
    slli_epi64<u32>(a: Zmm) -> Zmm = _mm512_slli_epi64;
    srli_epi64<u32>(a: Zmm) -> Zmm = _mm512_srli_epi64;
    rol_epi32<i32>(a: Zmm) -> Zmm = _mm512_rol_epi32;
    ror_epi32<i32>(a: Zmm) -> Zmm = _mm512_ror_epi32;
}
ops! { "avx512bw":
    sll_epi16(a: Zmm, count: Xmm) -> Zmm = _mm512_sll_epi16;
    srl_epi16(a: Zmm, count: Xmm) -> Zmm = _mm512_srl_epi16;
    sllv_epi16(a: Zmm, count: Zmm) -> Zmm = _mm512_sllv_epi16;
    srlv_epi16(a: Zmm, count: Zmm) -> Zmm = _mm512_srlv_epi16;
}
ops! { "avx512f":
    sll_epi32(a: Zmm, count: Xmm) -> Zmm = _mm512_sll_epi32;
    srl_epi32(a: Zmm, count: Xmm) -> Zmm = _mm512_srl_epi32;
    sll_epi64(a: Zmm, count: Xmm) -> Zmm = _mm512_sll_epi64;
    srl_epi64(a: Zmm, count: Xmm) -> Zmm = _mm512_srl_epi64;
    sllv_epi32(a: Zmm, count: Zmm) -> Zmm = _mm512_sllv_epi32;
    srlv_epi32(a: Zmm, count: Zmm) -> Zmm = _mm512_srlv_epi32;
    sllv_epi64(a: Zmm, count: Zmm) -> Zmm = _mm512_sllv_epi64;
    srlv_epi64(a: Zmm, count: Zmm) -> Zmm = _mm512_srlv_epi64;
    rolv_epi32(a: Zmm, b: Zmm) -> Zmm = _mm512_rolv_epi32;
    rorv_epi32(a: Zmm, b: Zmm) -> Zmm = _mm512_rorv_epi32;
}
imm_ops! { "avx512vbmi2":
    shldi_epi16<i32>(a: Zmm, b: Zmm) -> Zmm = _mm512_shldi_epi16;
    shldi_epi32<i32>(a: Zmm, b: Zmm) -> Zmm = _mm512_shldi_epi32;
    shldi_epi64<i32>(a: Zmm, b: Zmm) -> Zmm = _mm512_shldi_epi64;
    shrdi_epi16<i32>(a: Zmm, b: Zmm) -> Zmm = _mm512_shrdi_epi16;
    shrdi_epi32<i32>(a: Zmm, b: Zmm) -> Zmm = _mm512_shrdi_epi32;
    shrdi_epi64<i32>(a: Zmm, b: Zmm) -> Zmm = _mm512_shrdi_epi64;
}
ops! { "avx512vbmi2":
    shldv_epi16(a: Zmm, b: Zmm, c: Zmm) -> Zmm = _mm512_shldv_epi16;
    shldv_epi32(a: Zmm, b: Zmm, c: Zmm) -> Zmm = _mm512_shldv_epi32;
    shldv_epi64(a: Zmm, b: Zmm, c: Zmm) -> Zmm = _mm512_shldv_epi64;
    shrdv_epi16(a: Zmm, b: Zmm, c: Zmm) -> Zmm = _mm512_shrdv_epi16;
    shrdv_epi32(a: Zmm, b: Zmm, c: Zmm) -> Zmm = _mm512_shrdv_epi32;
    shrdv_epi64(a: Zmm, b: Zmm, c: Zmm) -> Zmm = _mm512_shrdv_epi64;
}

// ---- byte shuffles, permutes, unpacks and packs -----------------------------------

ops! { "avx512bw":
    shuffle_epi8(a: Zmm, b: Zmm) -> Zmm = _mm512_shuffle_epi8;
    maskz_shuffle_epi8(k: u64, a: Zmm, b: Zmm) -> Zmm = _mm512_maskz_shuffle_epi8;
    unpacklo_epi8(a: Zmm, b: Zmm) -> Zmm = _mm512_unpacklo_epi8;
    unpackhi_epi8(a: Zmm, b: Zmm) -> Zmm = _mm512_unpackhi_epi8;
    unpacklo_epi16(a: Zmm, b: Zmm) -> Zmm = _mm512_unpacklo_epi16;
    unpackhi_epi16(a: Zmm, b: Zmm) -> Zmm = _mm512_unpackhi_epi16;
    packus_epi16(a: Zmm, b: Zmm) -> Zmm = _mm512_packus_epi16;
    packus_epi32(a: Zmm, b: Zmm) -> Zmm = _mm512_packus_epi32;
    packs_epi16(a: Zmm, b: Zmm) -> Zmm = _mm512_packs_epi16;
    packs_epi32(a: Zmm, b: Zmm) -> Zmm = _mm512_packs_epi32;
    permutexvar_epi16(idx: Zmm, a: Zmm) -> Zmm = _mm512_permutexvar_epi16;
    permutex2var_epi16(a: Zmm, idx: Zmm, b: Zmm) -> Zmm = _mm512_permutex2var_epi16;
}
imm_ops! { "avx512bw":
    alignr_epi8<i32>(a: Zmm, b: Zmm) -> Zmm = _mm512_alignr_epi8;
    bslli_epi128<i32>(a: Zmm) -> Zmm = _mm512_bslli_epi128;
    bsrli_epi128<i32>(a: Zmm) -> Zmm = _mm512_bsrli_epi128;
}
imm_ops! { "avx512f":
    alignr_epi32<i32>(a: Zmm, b: Zmm) -> Zmm = _mm512_alignr_epi32;
    alignr_epi64<i32>(a: Zmm, b: Zmm) -> Zmm = _mm512_alignr_epi64;
}
ops! { "avx512f":
    unpacklo_epi32(a: Zmm, b: Zmm) -> Zmm = _mm512_unpacklo_epi32;
    unpackhi_epi32(a: Zmm, b: Zmm) -> Zmm = _mm512_unpackhi_epi32;
    unpacklo_epi64(a: Zmm, b: Zmm) -> Zmm = _mm512_unpacklo_epi64;
    unpackhi_epi64(a: Zmm, b: Zmm) -> Zmm = _mm512_unpackhi_epi64;
    permutexvar_epi32(idx: Zmm, a: Zmm) -> Zmm = _mm512_permutexvar_epi32;
    permutexvar_epi64(idx: Zmm, a: Zmm) -> Zmm = _mm512_permutexvar_epi64;
    permutex2var_epi32(a: Zmm, idx: Zmm, b: Zmm) -> Zmm = _mm512_permutex2var_epi32;
    permutex2var_epi64(a: Zmm, idx: Zmm, b: Zmm) -> Zmm = _mm512_permutex2var_epi64;
}
ops! { "avx512vbmi":
    permutexvar_epi8(idx: Zmm, a: Zmm) -> Zmm = _mm512_permutexvar_epi8;
    permutex2var_epi8(a: Zmm, idx: Zmm, b: Zmm) -> Zmm = _mm512_permutex2var_epi8;
    multishift_epi64_epi8(a: Zmm, b: Zmm) -> Zmm = _mm512_multishift_epi64_epi8;
}

// ---- compress and expand ----------------------------------------------------------

ops! { "avx512vbmi2":
    maskz_compress_epi8(k: u64, a: Zmm) -> Zmm = _mm512_maskz_compress_epi8;
    maskz_compress_epi16(k: u32, a: Zmm) -> Zmm = _mm512_maskz_compress_epi16;
    mask_compress_epi8(src: Zmm, k: u64, a: Zmm) -> Zmm = _mm512_mask_compress_epi8;
    mask_compress_epi16(src: Zmm, k: u32, a: Zmm) -> Zmm = _mm512_mask_compress_epi16;
    maskz_expand_epi8(k: u64, a: Zmm) -> Zmm = _mm512_maskz_expand_epi8;
    maskz_expand_epi16(k: u32, a: Zmm) -> Zmm = _mm512_maskz_expand_epi16;
    mask_expand_epi8(src: Zmm, k: u64, a: Zmm) -> Zmm = _mm512_mask_expand_epi8;
    mask_expand_epi16(src: Zmm, k: u32, a: Zmm) -> Zmm = _mm512_mask_expand_epi16;
}
ops! { "avx512f":
    maskz_compress_epi32(k: u16, a: Zmm) -> Zmm = _mm512_maskz_compress_epi32;
    mask_compress_epi32(src: Zmm, k: u16, a: Zmm) -> Zmm = _mm512_mask_compress_epi32;
    maskz_expand_epi32(k: u16, a: Zmm) -> Zmm = _mm512_maskz_expand_epi32;
    mask_expand_epi32(src: Zmm, k: u16, a: Zmm) -> Zmm = _mm512_mask_expand_epi32;
}

// ---- conversions ------------------------------------------------------------------

ops! { "avx512bw":
    cvtepu8_epi16(a: Ymm) -> Zmm = _mm512_cvtepu8_epi16;
    maskz_cvtepu8_epi16(k: u32, a: Ymm) -> Zmm = _mm512_maskz_cvtepu8_epi16;
    cvtepi16_epi8(a: Zmm) -> Ymm = _mm512_cvtepi16_epi8;
}
ops! { "avx512f":
    cvtepu8_epi32(a: Xmm) -> Zmm = _mm512_cvtepu8_epi32;
    cvtepu16_epi32(a: Ymm) -> Zmm = _mm512_cvtepu16_epi32;
    cvtepi32_epi16(a: Zmm) -> Ymm = _mm512_cvtepi32_epi16;
    cvtepi32_epi8(a: Zmm) -> Xmm = _mm512_cvtepi32_epi8;
}

// ---- bit counts -------------------------------------------------------------------

ops! { "avx512cd":
    lzcnt_epi32(a: Zmm) -> Zmm = _mm512_lzcnt_epi32;
}
ops! { "avx512bitalg":
    popcnt_epi8(a: Zmm) -> Zmm = _mm512_popcnt_epi8;
    popcnt_epi16(a: Zmm) -> Zmm = _mm512_popcnt_epi16;
}
ops! { "avx512vpopcntdq":
    popcnt_epi32(a: Zmm) -> Zmm = _mm512_popcnt_epi32;
    popcnt_epi64(a: Zmm) -> Zmm = _mm512_popcnt_epi64;
}

//! The AVX-512 instruction wrapper: every AVX-512 instruction the crate executes
//! goes through this module, so that it can run on the real instructions or on a
//! portable model of them.
//!
//! # Two backends, one API
//!
//! - `real` (the default): each function is a `#[target_feature]` wrapper of the
//!   `core::arch` intrinsic of the same name, with the minimal features of that
//!   instruction (`avx512f`, `avx512bw`, `avx512vbmi`, `avx512vbmi2`, `avx512cd`,
//!   `avx512dq`, `avx512bitalg`, `avx512vpopcntdq`). [`Zmm`] is `__m512i`.
//! - `model` (with `--cfg utfast_avx512_model`): plain safe Rust written from
//!   Intel's documented Operation pseudo-code, bit for bit, including zero- versus
//!   merge-masking, index wrap-around of the permutes, saturation of the packs and
//!   the per-128-bit-lane behaviour of shuffle/alignr/unpack/pack. [`Zmm`] is a
//!   64-byte aligned `Copy` struct. Masked loads and stores touch only the enabled
//!   lanes (the hardware's fault suppression), so the guarded-buffer over-read tests
//!   mean the same on the model.
//!
//! Under the model configuration the AVX-512 kernels are available on every x86-64
//! CPU with AVX2 and no function may carry `#[target_feature(enable =
//! "avx512...")]` (the compiler could then emit real AVX-512 instructions): kernel
//! code names its features with [`avx512_target_feature!`] (functions) or
//! [`avx512_simd_kernel!`] (the kernel table), which pick [`MODEL_FEATURES`] under
//! the model. The model never ships enabled: it is a `cfg`, not a cargo feature.
//! In test builds both backends are compiled, and `tests::model_vs_hardware`
//! compares them on random inputs when the CPU has the instructions.
//!
//! # Naming and types
//!
//! A function is named after its intrinsic without the `_mm512_` prefix
//! (`_mm512_maskz_compress_epi8` -> `maskz_compress_epi8`, `_mm512_and_si512` ->
//! `and_si512`); immediates are const generics of the intrinsic's type
//! (`slli_epi16::<4>`, `ternarylogic_epi32::<0xCA>`). The 128- and 256-bit halves
//! are [`Xmm`] and [`Ymm`] (`__m128i`, `__m256i` in the real backend), with their
//! own loads and stores (`loadu_si128`, `storeu_si256`, ...). Masks are plain
//! integers: `u64` for 64 byte lanes, `u32` for 32 x 16-bit, `u16` for 16 x
//! 32-bit, `u8` for 8 x 64-bit lanes; bit `i` is lane `i` (lane 0 is at the lowest
//! address when stored).
//!
//! Register-only operations are safe functions: in the real backend they are safe
//! `#[target_feature]` functions, callable without `unsafe` from functions
//! compiled with the same features (the kernels), and with `unsafe` elsewhere after
//! checking the CPU. Memory operations are `unsafe fn`; their `# Safety` says
//! which bytes are accessed. Pointers are byte pointers with no alignment
//! requirement.
//!
//! The functions are grouped by instruction family in the same order in both
//! backends: memory, constants and casts, bitwise, integer arithmetic, comparisons
//! and masks, shifts and rotates, byte shuffles and permutes, compress/expand,
//! conversions, bit counts.

#[cfg(any(utfast_avx512_model, test))]
pub(crate) mod model;
#[cfg(any(not(utfast_avx512_model), test))]
pub(crate) mod real;

#[cfg(utfast_avx512_model)]
pub(crate) use model::*;
#[cfg(not(utfast_avx512_model))]
pub(crate) use real::*;

#[cfg(test)]
mod tests;

/// Whether the AVX-512 instructions are the portable model (`--cfg
/// utfast_avx512_model`) rather than the hardware. Kernel code that needs a
/// different feature string or detection under the model tests this constant (or
/// `cfg(utfast_avx512_model)` where a constant cannot be used, as in attributes).
pub(crate) const MODEL: bool = cfg!(utfast_avx512_model);

/// The features of the AVX-512 kernels' functions under the model: what the model's
/// plain Rust may use, and what the kernels' non-AVX-512 code (AVX2 fallbacks, the
/// 128-bit windows) needs. Detection under the model checks exactly these. The
/// attribute macros below repeat this literal (an attribute needs a literal).
pub(crate) const MODEL_FEATURES: &str = "avx2,bmi1,bmi2,popcnt,lzcnt";

/// Puts `#[target_feature(enable = $features)]` on a function, or, under the model,
/// `#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]` ([`MODEL_FEATURES`]):
///
/// ```ignore
/// avx512_target_feature! { "avx512f,avx512bw,avx512vbmi2";
///     /// Docs.
///     fn block(...) -> ... { ... }
/// }
/// ```
#[allow(unused_macros)] // for the AVX-512 kernel code
macro_rules! avx512_target_feature {
    ($features:literal; $item:item) => {
        #[cfg_attr(not(utfast_avx512_model), target_feature(enable = $features))]
        #[cfg_attr(
            utfast_avx512_model,
            target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")
        )]
        $item
    };
}
#[allow(unused_imports)] // for the AVX-512 kernel code
pub(crate) use avx512_target_feature;

/// `crate::kernel::simd_kernel!` for an AVX-512 kernel: the same input, with the
/// feature string replaced by [`MODEL_FEATURES`] under the model.
#[allow(unused_macros)] // for the AVX-512 kernel code
macro_rules! avx512_simd_kernel {
    (static $kernel:ident = $name:literal, features $features:literal, $($rest:tt)*) => {
        #[cfg(not(utfast_avx512_model))]
        $crate::kernel::simd_kernel! { static $kernel = $name, features $features, $($rest)* }
        #[cfg(utfast_avx512_model)]
        $crate::kernel::simd_kernel! {
            static $kernel = $name, features "avx2,bmi1,bmi2,popcnt,lzcnt", $($rest)*
        }
    };
}
#[allow(unused_imports)] // for the AVX-512 kernel code
pub(crate) use avx512_simd_kernel;

/// Whether this CPU can run code built on this module with the real instructions
/// of `features` (run-time detection with `std`, compile-time target features
/// without), or, under the model, with [`MODEL_FEATURES`]. `features` lists
/// `std::is_x86_feature_detected!` names, comma-separated.
pub(crate) fn detected(features: &str) -> bool {
    let features = if MODEL { MODEL_FEATURES } else { features };
    features.split(',').all(|f| has_feature(f.trim()))
}

/// One feature of [`detected`]. Unknown names are not detected.
fn has_feature(f: &str) -> bool {
    macro_rules! check {
        ($($name:tt)*) => {
            match f {
                $(
                    $name => {
                        #[cfg(feature = "std")]
                        { std::is_x86_feature_detected!($name) }
                        #[cfg(not(feature = "std"))]
                        { cfg!(target_feature = $name) }
                    }
                )*
                _ => false,
            }
        };
    }
    check!("avx2" "bmi1" "bmi2" "popcnt" "lzcnt" "avx512f" "avx512bw" "avx512vl" "avx512dq"
        "avx512cd" "avx512vbmi" "avx512vbmi2" "avx512bitalg" "avx512vpopcntdq")
}

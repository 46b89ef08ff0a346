//! The `"avx512-vbmi2"` tier: AVX-512 F/BW/VL/DQ/CD with VBMI and VBMI2 (Ice Lake,
//! Sapphire Rapids, Zen 4/5).
//!
//! Validation, lengths and UTF-8 -> UTF-8 (long scans that gain from twice the
//! bytes per instruction) run the generic algorithms with 512-bit vectors, UTF-8
//! validation with its table lookups by `vpermb` (`utf8_validate.rs`). UTF-16/UTF-32 -> UTF-8 run the generic encoder
//! with 512-bit blocks and the tier's VBMI2 hooks (`utf8_encode.rs`); UTF-8 ->
//! UTF-16/UTF-32 the generic decoder with a 512-bit run of blocks at a fixed stride
//! and the avx2 block hooks (`utf8_decode.rs`). UTF-16 <-> UTF-32, UTF-8 -> Latin-1
//! and Latin-1 -> UTF-8 are the tier's own bulk loops and fixed-advance steps;
//! Latin-1 <-> UTF-16/32 are the F/BW code with masked last steps. Every other entry is the avx2 kernel's, among them
//! the byte swaps (see the parent module).

use crate::kernel::Kernel;

/// The `"avx512-vbmi2"` kernel, if this CPU supports it.
pub(crate) fn kernel() -> Option<&'static Kernel> {
    super::vbmi2_detected().then_some(&KERNEL)
}

// The features are `super::VBMI2_FEATURES` (a literal here: an attribute needs one);
// under the model, `isa::MODEL_FEATURES` (see `avx512_simd_kernel!`).
crate::x86_64::avx512::isa::avx512_simd_kernel! {
    static KERNEL = "avx512-vbmi2",
    features "avx512f,avx512bw,avx512vl,avx512dq,avx512cd,avx512vbmi,avx512vbmi2,avx2,popcnt,bmi1,bmi2,lzcnt",
    implementation "avx512",
    W = crate::x86_64::avx512::isa::Zmm,
    V = core::arch::x86_64::__m128i,
    H = crate::generic::hooks::NoHooks;
    base crate::x86_64::avx2;
    generic [
        is_ascii, validate_utf16, validate_utf32,
        ascii_valid_up_to, ascii_valid_up_to_utf16, latin1_valid_up_to_utf16,
        ascii_valid_up_to_utf32, latin1_valid_up_to_utf32, make_well_formed_utf16,
        count_utf8, count_utf16, utf16_len_from_utf8, utf8_len_from_utf16,
        utf8_len_from_utf32, utf16_len_from_utf32, utf8_len_from_latin1,
        utf8_to_utf8,
    ];
    own [
        validate_utf8 = crate::x86_64::avx512::utf8_validate::validate_utf8 as "avx512-vbmi2"
            sig [(src: &[u8]) -> Result<(), utfast_scalar::Utf8Error>],
        is_utf8 = crate::x86_64::avx512::utf8_validate::is_utf8 as "avx512-vbmi2"
            sig [(src: &[u8]) -> bool],
        utf8_to_utf16 = crate::x86_64::avx512::utf8_decode::utf8_to_utf16 as "avx512-vbmi2",
        utf8_to_utf32 = crate::x86_64::avx512::utf8_decode::utf8_to_utf32 as "avx512-vbmi2",
        utf16_to_utf8 = crate::x86_64::avx512::utf8_encode::utf16_to_utf8 as "avx512-vbmi2",
        utf32_to_utf8 = crate::x86_64::avx512::utf8_encode::utf32_to_utf8 as "avx512-vbmi2",
        utf16_to_utf32 = crate::x86_64::avx512::utf16_utf32::utf16_to_utf32 as "avx512-vbmi2",
        utf32_to_utf16 = crate::x86_64::avx512::utf16_utf32::utf32_to_utf16 as "avx512-vbmi2",
        latin1_to_utf8 = crate::x86_64::avx512::latin1::latin1_to_utf8 as "avx512-vbmi2",
        utf8_to_latin1 = crate::x86_64::avx512::latin1::utf8_to_latin1 as "avx512-vbmi2",
        latin1_to_utf16 = crate::x86_64::avx512::latin1_units::latin1_to_utf16 as "avx512",
        latin1_to_utf32 = crate::x86_64::avx512::latin1_units::latin1_to_utf32 as "avx512",
        utf16_to_latin1 = crate::x86_64::avx512::latin1_units::utf16_to_latin1 as "avx512",
        utf32_to_latin1 = crate::x86_64::avx512::latin1_units::utf32_to_latin1 as "avx512",
    ];
}

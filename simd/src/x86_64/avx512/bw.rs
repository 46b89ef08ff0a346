//! The `"avx512"` tier: AVX-512 F/BW/VL/DQ/CD (Skylake-SP, Cascade Lake, and any
//! AVX-512 CPU without VBMI2).
//!
//! Validation and the length computations, long read-only scans, run the generic
//! algorithms with 512-bit vectors; every other entry is the avx2 kernel's (see
//! the parent module for why).

use crate::kernel::Kernel;

/// The `"avx512"` kernel, if this CPU supports it.
pub(crate) fn kernel() -> Option<&'static Kernel> {
    super::bw_detected().then_some(&KERNEL)
}

// The features are `super::BW_FEATURES` (a literal here: an attribute needs one);
// under the model, `isa::MODEL_FEATURES` (see `avx512_simd_kernel!`).
crate::x86_64::avx512::isa::avx512_simd_kernel! {
    static KERNEL = "avx512",
    features "avx512f,avx512bw,avx512vl,avx512dq,avx512cd,avx2,popcnt,bmi1,bmi2,lzcnt",
    implementation "avx512",
    W = crate::x86_64::avx512::isa::Zmm,
    V = core::arch::x86_64::__m128i,
    H = crate::generic::hooks::NoHooks;
    base crate::x86_64::avx2;
    generic [
        validate_utf8, is_utf8, is_ascii, validate_utf16, validate_utf32,
        ascii_valid_up_to, ascii_valid_up_to_utf16, latin1_valid_up_to_utf16,
        ascii_valid_up_to_utf32, latin1_valid_up_to_utf32, make_well_formed_utf16,
        count_utf8, count_utf16, utf16_len_from_utf8, utf8_len_from_utf16,
        utf8_len_from_utf32, utf16_len_from_utf32, utf8_len_from_latin1,
    ];
    own [];
}

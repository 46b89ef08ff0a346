//! The unit-oriented operations (UTF-16/UTF-32/Latin-1 validation, conversion and
//! lengths) for the x86-64 kernels: one module per ISA, each with one safe function
//! per `Kernel` field (see `crate::units::unit_ops!`), to be wired into that ISA's
//! `Kernel` table, which is handed out only after detection.

/// SSE4.2 (128-bit vectors).
pub(crate) mod sse42 {
    crate::units::unit_ops!(
        core::arch::x86_64::__m128i,
        core::arch::x86_64::__m128i,
        "sse4.2"
    );
    crate::units::transcode_ops!(core::arch::x86_64::__m128i, "sse4.2");
}

/// AVX2 (256-bit vectors).
pub(crate) mod avx2 {
    crate::units::unit_ops!(
        core::arch::x86_64::__m256i,
        core::arch::x86_64::__m128i,
        "avx2"
    );
    // The UTF-8 transcoders work on 16-byte windows: 128-bit vectors, VEX-encoded.
    crate::units::transcode_ops!(core::arch::x86_64::__m128i, "avx2,popcnt");
}

/// AVX-512F + AVX-512BW (512-bit vectors).
pub(crate) mod avx512 {
    crate::units::unit_ops!(
        core::arch::x86_64::__m512i,
        core::arch::x86_64::__m128i,
        "avx512f,avx512bw"
    );
    crate::units::transcode_ops!(core::arch::x86_64::__m128i, "avx512f,avx512bw");
}

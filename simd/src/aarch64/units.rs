//! The unit-oriented operations (UTF-16/UTF-32/Latin-1 validation, conversion and
//! lengths) for the aarch64 kernel, with one safe function per `Kernel` field (see
//! `crate::units::unit_ops!`), to be wired into the NEON `Kernel` table, which is
//! handed out only after detection.

/// NEON (128-bit vectors).
pub(crate) mod neon {
    crate::units::unit_ops!(
        core::arch::aarch64::uint8x16_t,
        core::arch::aarch64::uint8x16_t,
        "neon"
    );
    crate::units::transcode_ops!(core::arch::aarch64::uint8x16_t, "neon");
}

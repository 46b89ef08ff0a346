//! The per-ISA instantiation of the unit-oriented operations (`generic/{utf16,
//! utf32,latin1,swap,lengths,utf8_utf8}.rs`), stamped by [`unit_ops!`] in
//! `x86_64/units.rs` and `aarch64/units.rs`, and the [`wired!`] table builder the
//! per-ISA kernels use.

/// Runs the block loop `blocks::run(op, src, dst)` with `$m`, the mode the op is
/// built with, bound to a constant: one copy per mode, so that the loop is compiled
/// with the mode's tests folded away; in lossy mode, the strict loop runs until the
/// first input error and the lossy one from there ([`run_lossy`]), so lossy costs
/// what strict costs on valid input (lossy UTF-16 -> Latin-1 ran 1.4-1.5x slower
/// than strict before).
///
/// [`run_lossy`]: crate::generic::blocks::run_lossy
macro_rules! per_mode {
    ($mode:expr, |$m:ident| blocks::run::<$V:ty, _>($op:expr, $src:expr, $dst:expr)) => {
        match $mode {
            utfast_scalar::Mode::Strict => {
                let $m = utfast_scalar::Mode::Strict;
                blocks::run::<$V, _>($op, $src, $dst)
            }
            utfast_scalar::Mode::Lossy => {
                let strict = {
                    let $m = utfast_scalar::Mode::Strict;
                    $op
                };
                let lossy = {
                    let $m = utfast_scalar::Mode::Lossy;
                    $op
                };
                blocks::run_lossy::<$V, _, _>(strict, lossy, $src, $dst)
            }
            utfast_scalar::Mode::Valid => {
                let $m = utfast_scalar::Mode::Valid;
                blocks::run::<$V, _>($op, $src, $dst)
            }
        }
    };
}
pub(crate) use per_mode;

/// Defines, in the invoking module, one safe function per unit-oriented `Kernel`
/// field, with exactly the field's signature, for vectors `$V` compiled with
/// `#[target_feature(enable = $feature)]` (and 16-byte vectors `$V16` of the same
/// ISA where an algorithm needs 128-bit shuffles).
///
/// Each function sends inputs shorter than 64 bytes straight to the scalar function
/// and otherwise calls a nested `#[target_feature]` instantiation of the generic
/// algorithm (so the whole loop is compiled with the feature and every vector method
/// inlines). The functions are safe to call only on a CPU with `$feature`: they are
/// meant to be stored in a `Kernel` that is handed out after detection, which is the
/// `SAFETY` argument of their `unsafe` blocks.
macro_rules! unit_ops {
    ($V:ty, $V16:ty, $feature:literal) => {
        use crate::generic::{blocks, latin1, lengths, swap, utf16, utf32, utf8_utf8};
        #[allow(unused_imports)]
        use utfast_scalar::{
            len, transcode as t, utf16 as s16, utf32 as s32, Endian, Mode, TranscodeError,
            Utf16Error, Utf32Error,
        };

        /// Inputs shorter than this (in bytes) go straight to the scalar functions.
        const MIN: usize = 64;

        /// The UTF-8 validation loop. One compiled loop serves `validate_utf8` and
        /// `is_utf8` (only the check interval differs), so both run exactly the same
        /// machine code.
        ///
        /// # Safety
        /// The CPU supports the features of this module.
        #[target_feature(enable = $feature)]
        unsafe fn find_error(src: &[u8], interval: usize) -> Option<(usize, usize)> {
            // SAFETY: the caller guarantees the features enabled on this function.
            unsafe { crate::generic::utf8_validate::find_error_block::<$V>(src, interval) }
        }

        /// `Kernel::validate_utf8`.
        ///
        /// Only sound on a CPU with the features of this module.
        pub(crate) fn validate_utf8(src: &[u8]) -> Result<(), utfast_scalar::Utf8Error> {
            use crate::generic::utf8_validate as v;
            if src.len() < v::BLOCK {
                return utfast_scalar::utf8::validate_utf8(src);
            }
            // SAFETY: this function is only stored in kernels handed out after the
            // features were detected.
            match unsafe { find_error(src, v::CHECK_INTERVAL_EXACT) } {
                None => Ok(()),
                Some((start, end)) => v::locate_error(src, start, end),
            }
        }

        /// `Kernel::is_utf8`.
        ///
        /// Only sound on a CPU with the features of this module.
        pub(crate) fn is_utf8(src: &[u8]) -> bool {
            use crate::generic::utf8_validate as v;
            if src.len() < v::BLOCK {
                return utfast_scalar::utf8::is_utf8(src);
            }
            // SAFETY: as for `validate_utf8`.
            unsafe { find_error(src, v::CHECK_INTERVAL_BOOL) }.is_none()
        }

        crate::units::thin! { $feature,
            /// `Kernel::is_ascii`.
            fn is_ascii(src: &[u8]) -> bool;
            short: src.len() < MIN,
            scalar: utfast_scalar::utf8::is_ascii(src),
            simd: crate::generic::ascii::is_ascii::<$V>(src),
        }

        crate::units::thin! { $feature,
            /// `Kernel::validate_utf16`.
            fn validate_utf16(src: &[u8], e: Endian) -> Result<(), Utf16Error>;
            short: src.len() < MIN,
            scalar: s16::validate_utf16_bytes(src, e),
            simd: utf16::validate_utf16::<$V>(src, e),
        }
        crate::units::thin! { $feature,
            /// `Kernel::validate_utf32`.
            fn validate_utf32(src: &[u8], e: Endian) -> Result<(), Utf32Error>;
            short: src.len() < MIN,
            scalar: s32::validate_utf32_bytes(src, e),
            simd: utf32::validate_utf32::<$V>(src, e),
        }
        crate::units::thin! { $feature,
            /// `Kernel::utf8_to_utf8`.
            fn utf8_to_utf8(src: &[u8], dst: &mut [u8], _from: Endian, _to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>;
            short: src.len() < MIN,
            scalar: t::utf8_to_utf8(src, dst, mode),
            simd: utf8_utf8::utf8_to_utf8::<$V>(src, dst, mode),
        }
        crate::units::thin! { $feature,
            /// `Kernel::utf16_to_utf16`.
            fn utf16_to_utf16(src: &[u8], dst: &mut [u8], from: Endian, to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>;
            short: src.len() < MIN,
            scalar: t::utf16_to_utf16(src, dst, from, to, mode),
            simd: crate::units::per_mode!(mode, |m| blocks::run::<$V, _>(
                &swap::Utf16ToUtf16::<$V>::new(from, to, m), src, dst)),
        }
        crate::units::thin! { $feature,
            /// `Kernel::utf16_to_utf32`.
            fn utf16_to_utf32(src: &[u8], dst: &mut [u8], from: Endian, to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>;
            short: src.len() < MIN,
            scalar: t::utf16_to_utf32(src, dst, from, to, mode),
            simd: utf16::utf16_to_utf32::<$V, $V16>(src, dst, from, to, mode),
        }
        crate::units::thin! { $feature,
            /// `Kernel::utf16_to_latin1`.
            fn utf16_to_latin1(src: &[u8], dst: &mut [u8], from: Endian, _to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>;
            short: src.len() < MIN,
            scalar: t::utf16_to_latin1(src, dst, from, mode),
            simd: crate::units::per_mode!(mode, |m| blocks::run::<$V, _>(
                &utf16::Utf16ToLatin1::<$V>::new(from, m), src, dst)),
        }
        crate::units::thin! { $feature,
            /// `Kernel::utf32_to_utf16`.
            fn utf32_to_utf16(src: &[u8], dst: &mut [u8], from: Endian, to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>;
            short: src.len() < MIN,
            scalar: t::utf32_to_utf16(src, dst, from, to, mode),
            simd: crate::units::per_mode!(mode, |m| blocks::run::<$V, _>(
                &utf32::Utf32ToUtf16::<$V, $V16>::new(from, to, m), src, dst)),
        }
        crate::units::thin! { $feature,
            /// `Kernel::utf32_to_utf32`.
            fn utf32_to_utf32(src: &[u8], dst: &mut [u8], from: Endian, to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>;
            short: src.len() < MIN,
            scalar: t::utf32_to_utf32(src, dst, from, to, mode),
            simd: crate::units::per_mode!(mode, |m| blocks::run::<$V, _>(
                &swap::Utf32ToUtf32::<$V>::new(from, to, m), src, dst)),
        }
        crate::units::thin! { $feature,
            /// `Kernel::utf32_to_latin1`.
            fn utf32_to_latin1(src: &[u8], dst: &mut [u8], from: Endian, _to: Endian, mode: Mode)
                -> Result<usize, TranscodeError>;
            short: src.len() < MIN,
            scalar: t::utf32_to_latin1(src, dst, from, mode),
            simd: crate::units::per_mode!(mode, |m| blocks::run::<$V, _>(
                &utf32::Utf32ToLatin1::<$V>::new(from, m), src, dst)),
        }
        crate::units::thin! { $feature,
            /// `Kernel::latin1_to_utf16` (the mode is ignored).
            fn latin1_to_utf16(src: &[u8], dst: &mut [u8], _from: Endian, to: Endian, _mode: Mode)
                -> Result<usize, TranscodeError>;
            short: src.len() < MIN,
            scalar: t::latin1_to_utf16(src, dst, to),
            simd: blocks::run::<$V, _>(&latin1::Latin1ToUtf16 { to }, src, dst),
        }
        crate::units::thin! { $feature,
            /// `Kernel::latin1_to_utf32` (the mode is ignored).
            fn latin1_to_utf32(src: &[u8], dst: &mut [u8], _from: Endian, to: Endian, _mode: Mode)
                -> Result<usize, TranscodeError>;
            short: src.len() < MIN,
            scalar: t::latin1_to_utf32(src, dst, to),
            simd: blocks::run::<$V, _>(&latin1::Latin1ToUtf32 { to }, src, dst),
        }
        crate::units::thin! { $feature,
            /// `Kernel::count_utf8`.
            fn count_utf8(src: &[u8]) -> usize;
            short: src.len() < MIN,
            scalar: len::count_utf8(src),
            simd: lengths::count_utf8::<$V>(src),
        }
        crate::units::thin! { $feature,
            /// `Kernel::count_utf16`.
            fn count_utf16(src: &[u8], e: Endian) -> usize;
            short: src.len() < MIN,
            scalar: len::count_utf16(src, e),
            simd: lengths::count_utf16::<$V>(src, e),
        }
        crate::units::thin! { $feature,
            /// `Kernel::utf16_len_from_utf8`.
            fn utf16_len_from_utf8(src: &[u8]) -> usize;
            short: src.len() < MIN,
            scalar: len::utf16_len_from_utf8(src),
            simd: lengths::utf16_len_from_utf8::<$V>(src),
        }
        crate::units::thin! { $feature,
            /// `Kernel::utf8_len_from_utf16`.
            fn utf8_len_from_utf16(src: &[u8], e: Endian) -> usize;
            short: src.len() < MIN,
            scalar: len::utf8_len_from_utf16(src, e),
            simd: lengths::utf8_len_from_utf16::<$V>(src, e),
        }
        crate::units::thin! { $feature,
            /// `Kernel::utf8_len_from_utf32`.
            fn utf8_len_from_utf32(src: &[u8], e: Endian) -> usize;
            short: src.len() < MIN,
            scalar: len::utf8_len_from_utf32(src, e),
            simd: lengths::utf8_len_from_utf32::<$V>(src, e),
        }
        crate::units::thin! { $feature,
            /// `Kernel::utf16_len_from_utf32`.
            fn utf16_len_from_utf32(src: &[u8], e: Endian) -> usize;
            short: src.len() < MIN,
            scalar: len::utf16_len_from_utf32(src, e),
            simd: lengths::utf16_len_from_utf32::<$V>(src, e),
        }
        crate::units::thin! { $feature,
            /// `Kernel::utf8_len_from_latin1`.
            fn utf8_len_from_latin1(src: &[u8]) -> usize;
            short: src.len() < MIN,
            scalar: len::utf8_len_from_latin1(src),
            simd: lengths::utf8_len_from_latin1::<$V>(src),
        }
    };
}
pub(crate) use unit_ops;

/// Defines, in the invoking module, the UTF-8 transcoders of `generic/{utf8_decode,
/// utf8_encode,utf8_latin1}.rs` and Latin-1 -> UTF-8 (`generic/latin1.rs`, which
/// needs 16-byte shuffles) as safe functions with the [`TranscodeFn`]
/// signature, for the 16-byte vectors `$V` compiled with
/// `#[target_feature(enable = $feature)]` (a wider kernel may instantiate them with
/// 128-bit vectors under its own features). Same safety argument as [`unit_ops!`].
///
/// [`TranscodeFn`]: crate::TranscodeFn
macro_rules! transcode_ops {
    ($V:ty, $feature:literal) => {
        /// The UTF-8 transcoders of this ISA (see `units::transcode_ops!`).
        // A kernel may keep its own version of some of them (avx2: UTF-16).
        #[allow(dead_code)]
        pub(crate) mod transcode {
            use crate::generic::{utf8_decode as dec, utf8_encode as enc, utf8_latin1 as lat};
            #[allow(unused_imports)]
            use utfast_scalar::{transcode as t, Endian, Mode, TranscodeError};

            /// Inputs shorter than this (in bytes) go straight to the scalar functions.
            const MIN: usize = 64;

            crate::units::thin! { $feature,
                /// `Kernel::utf8_to_utf16`.
                fn utf8_to_utf16(src: &[u8], dst: &mut [u8], _from: Endian, to: Endian, mode: Mode)
                    -> Result<usize, TranscodeError>;
                short: src.len() < MIN,
                scalar: t::utf8_to_utf16(src, dst, to, mode),
                simd: match to {
                    Endian::Little => dec::utf8_decode::<$V, false, false>(src, dst, mode),
                    Endian::Big => dec::utf8_decode::<$V, false, true>(src, dst, mode),
                },
            }
            crate::units::thin! { $feature,
                /// `Kernel::utf8_to_utf32`.
                fn utf8_to_utf32(src: &[u8], dst: &mut [u8], _from: Endian, to: Endian, mode: Mode)
                    -> Result<usize, TranscodeError>;
                short: src.len() < MIN,
                scalar: t::utf8_to_utf32(src, dst, to, mode),
                simd: match to {
                    Endian::Little => dec::utf8_decode::<$V, true, false>(src, dst, mode),
                    Endian::Big => dec::utf8_decode::<$V, true, true>(src, dst, mode),
                },
            }
            crate::units::thin! { $feature,
                /// `Kernel::utf16_to_utf8`.
                fn utf16_to_utf8(src: &[u8], dst: &mut [u8], from: Endian, _to: Endian, mode: Mode)
                    -> Result<usize, TranscodeError>;
                short: src.len() < MIN,
                scalar: t::utf16_to_utf8(src, dst, from, mode),
                simd: match from {
                    Endian::Little => enc::utf16_to_utf8::<$V, false>(src, dst, mode),
                    Endian::Big => enc::utf16_to_utf8::<$V, true>(src, dst, mode),
                },
            }
            crate::units::thin! { $feature,
                /// `Kernel::utf32_to_utf8`.
                fn utf32_to_utf8(src: &[u8], dst: &mut [u8], from: Endian, _to: Endian, mode: Mode)
                    -> Result<usize, TranscodeError>;
                short: src.len() < MIN,
                scalar: t::utf32_to_utf8(src, dst, from, mode),
                simd: match from {
                    Endian::Little => enc::utf32_to_utf8::<$V, false>(src, dst, mode),
                    Endian::Big => enc::utf32_to_utf8::<$V, true>(src, dst, mode),
                },
            }
            crate::units::thin! { $feature,
                /// `Kernel::latin1_to_utf8` (the mode is ignored: Latin-1 is always valid).
                fn latin1_to_utf8(src: &[u8], dst: &mut [u8], _from: Endian, _to: Endian, _mode: Mode)
                    -> Result<usize, TranscodeError>;
                short: src.len() < MIN,
                scalar: t::latin1_to_utf8(src, dst),
                simd: crate::generic::latin1::latin1_to_utf8::<$V>(src, dst),
            }
            crate::units::thin! { $feature,
                /// `Kernel::utf8_to_latin1`.
                fn utf8_to_latin1(src: &[u8], dst: &mut [u8], _from: Endian, _to: Endian, mode: Mode)
                    -> Result<usize, TranscodeError>;
                short: src.len() < MIN,
                scalar: t::utf8_to_latin1(src, dst, mode),
                simd: lat::utf8_to_latin1::<$V>(src, dst, mode),
            }
        }
    };
}
pub(crate) use transcode_ops;

/// One safe function `$name` with a nested `#[target_feature]` instantiation: short
/// inputs take the `$scalar` expression, others the `$simd` expression (an `unsafe`
/// call of the generic algorithm) compiled with `$feature` (see [`unit_ops!`]).
macro_rules! thin {
    ($feature:literal, #[doc = $doc:literal] fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;
     short: $short:expr, scalar: $scalar:expr, simd: $simd:expr $(,)?) => {
        #[doc = $doc]
        ///
        /// Only sound on a CPU with the features of this module (see `unit_ops!`).
        pub(crate) fn $name($($arg: $ty),*) -> $ret {
            #[target_feature(enable = $feature)]
            unsafe fn simd($($arg: $ty),*) -> $ret {
                // SAFETY: the caller guarantees the features enabled on this function.
                unsafe { $simd }
            }
            if $short {
                return $scalar;
            }
            // SAFETY: this function is only stored in kernels handed out after the
            // features were detected (see `unit_ops!`).
            unsafe { simd($($arg),*) }
        }
    };
}
pub(crate) use thin;

/// A `Kernel` of name `$name` with every unit-oriented field taken from the module
/// `$m` (made by [`unit_ops!`]), the extra `field: value` pairs given (the UTF-8
/// validators, the UTF-8 <-> UTF-16 transcoders) and the rest from the scalar table:
/// the wiring the per-ISA kernels use.
macro_rules! wired {
    ($name:literal, $m:ident $(, $field:ident: $value:expr)* $(,)?) => {{
        // The scalar entries fill whatever a kernel does not accelerate (nothing, for
        // some kernels: then the update is needless, which is fine).
        #[allow(clippy::needless_update)]
        let kernel = crate::kernel::Kernel {
            name: $name,
            $($field: $value,)*
            validate_utf8: $m::validate_utf8,
            is_utf8: $m::is_utf8,
            is_ascii: $m::is_ascii,
            validate_utf16: $m::validate_utf16,
            validate_utf32: $m::validate_utf32,
            utf8_to_utf8: $m::utf8_to_utf8,
            utf16_to_utf16: $m::utf16_to_utf16,
            utf16_to_utf32: $m::utf16_to_utf32,
            utf16_to_latin1: $m::utf16_to_latin1,
            utf32_to_utf16: $m::utf32_to_utf16,
            utf32_to_utf32: $m::utf32_to_utf32,
            utf32_to_latin1: $m::utf32_to_latin1,
            latin1_to_utf8: $m::transcode::latin1_to_utf8,
            latin1_to_utf16: $m::latin1_to_utf16,
            latin1_to_utf32: $m::latin1_to_utf32,
            count_utf8: $m::count_utf8,
            count_utf16: $m::count_utf16,
            utf16_len_from_utf8: $m::utf16_len_from_utf8,
            utf8_len_from_utf16: $m::utf8_len_from_utf16,
            utf8_len_from_utf32: $m::utf8_len_from_utf32,
            utf16_len_from_utf32: $m::utf16_len_from_utf32,
            utf8_len_from_latin1: $m::utf8_len_from_latin1,
            ..crate::kernel::SCALAR_TABLE
        };
        kernel
    }};
}
pub(crate) use wired;

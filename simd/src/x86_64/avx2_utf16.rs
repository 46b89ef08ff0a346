//! AVX2 UTF-8 <-> UTF-16 transcoders: safe entry points with the
//! [`TranscodeFn`](crate::TranscodeFn) signature.
//!
//! # Safety argument
//! The functions here call `#[target_feature(enable = "avx2,popcnt")]` code. They
//! are sound to call only on a CPU with AVX2 and POPCNT, so they are `pub(crate)`
//! and may only be put into a table that is handed out after [`supported`]
//! returned `true`: the avx2 `Kernel`, whose detection includes POPCNT.

use super::transcode::{
    avx2_utf16_to_utf8, avx2_utf32_to_utf8, avx2_utf8_to_utf16, avx2_utf8_to_utf32,
};
use utfast_scalar::{Endian, Mode, TranscodeError};

/// Whether this CPU has what the AVX2 transcoders need (AVX2 and POPCNT).
pub(crate) fn supported() -> bool {
    #[cfg(feature = "std")]
    {
        std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(all(target_feature = "avx2", target_feature = "popcnt"))
    }
}

/// UTF-8 -> UTF-16 in byte order `to`: exactly the contract and results of
/// `utfast_scalar::transcode::utf8_to_utf16` (`_from` is ignored).
pub(crate) fn utf8_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    debug_assert!(supported());
    // SAFETY: only reachable through tables handed out after `supported()` (module docs).
    unsafe {
        match to {
            Endian::Little => avx2_utf8_to_utf16::utf8_to_utf16::<false>(src, dst, mode),
            Endian::Big => avx2_utf8_to_utf16::utf8_to_utf16::<true>(src, dst, mode),
        }
    }
}

/// UTF-16 in byte order `from` -> UTF-8: exactly the contract and results of
/// `utfast_scalar::transcode::utf16_to_utf8` (`_to` is ignored).
pub(crate) fn utf16_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    debug_assert!(supported());
    // SAFETY: only reachable through tables handed out after `supported()` (module docs).
    unsafe {
        match from {
            Endian::Little => avx2_utf16_to_utf8::utf16_to_utf8::<false>(src, dst, mode),
            Endian::Big => avx2_utf16_to_utf8::utf16_to_utf8::<true>(src, dst, mode),
        }
    }
}

/// UTF-32 in byte order `from` -> UTF-8: exactly the contract and results of
/// `utfast_scalar::transcode::utf32_to_utf8` (`_to` is ignored).
pub(crate) fn utf32_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    debug_assert!(supported());
    // SAFETY: only reachable through tables handed out after `supported()` (module docs).
    unsafe {
        match from {
            Endian::Little => avx2_utf32_to_utf8::utf32_to_utf8::<false>(src, dst, mode),
            Endian::Big => avx2_utf32_to_utf8::utf32_to_utf8::<true>(src, dst, mode),
        }
    }
}

/// UTF-8 -> UTF-32 in byte order `to`: exactly the contract and results of
/// `utfast_scalar::transcode::utf8_to_utf32` (`_from` is ignored).
pub(crate) fn utf8_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    debug_assert!(supported());
    // SAFETY: only reachable through tables handed out after `supported()` (module docs).
    unsafe {
        match to {
            Endian::Little => avx2_utf8_to_utf32::utf8_to_utf32::<false>(src, dst, mode),
            Endian::Big => avx2_utf8_to_utf32::utf8_to_utf32::<true>(src, dst, mode),
        }
    }
}

//! AVX2 UTF-8 <-> UTF-16/UTF-32 transcoders: safe entry points with the
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

/// A safe entry point `$name` calling `$module::$name::<BE>`, with `BE` taken from
/// the argument named after `|from, to|` (the side that has a byte order).
macro_rules! entry {
    ($(#[$doc:meta])* $name:ident, $module:ident, |$from:ident, $to:ident| $endian:ident) => {
        $(#[$doc])*
        pub(crate) fn $name(
            src: &[u8],
            dst: &mut [u8],
            $from: Endian,
            $to: Endian,
            mode: Mode,
        ) -> Result<usize, TranscodeError> {
            debug_assert!(supported());
            let _ = ($from, $to);
            // SAFETY: only reachable through tables handed out after `supported()`
            // (module docs).
            unsafe {
                match $endian {
                    Endian::Little => $module::$name::<false>(src, dst, mode),
                    Endian::Big => $module::$name::<true>(src, dst, mode),
                }
            }
        }
    };
}

entry!(
    /// UTF-8 -> UTF-16 in byte order `to`: exactly the contract and results of
    /// `utfast_scalar::transcode::utf8_to_utf16` (`from` is ignored).
    utf8_to_utf16, avx2_utf8_to_utf16, |from, to| to
);
entry!(
    /// UTF-16 in byte order `from` -> UTF-8: exactly the contract and results of
    /// `utfast_scalar::transcode::utf16_to_utf8` (`to` is ignored).
    utf16_to_utf8, avx2_utf16_to_utf8, |from, to| from
);
entry!(
    /// UTF-32 in byte order `from` -> UTF-8: exactly the contract and results of
    /// `utfast_scalar::transcode::utf32_to_utf8` (`to` is ignored).
    utf32_to_utf8, avx2_utf32_to_utf8, |from, to| from
);
entry!(
    /// UTF-8 -> UTF-32 in byte order `to`: exactly the contract and results of
    /// `utfast_scalar::transcode::utf8_to_utf32` (`from` is ignored).
    utf8_to_utf32, avx2_utf8_to_utf32, |from, to| to
);

//! Transcoders between UTF-8, UTF-16LE/BE, UTF-32LE/BE and Latin-1 (STUBS: to be written).
//!
//! Every function is byte-oriented: `src` and `dst` are bytes, positions in
//! [`TranscodeError`] are bytes, and the `Ok` value is the number of bytes written.
//! See [`TranscodeError`] for the error contract (first event wins, exact `written`).

use crate::encoding::{Encoding, Endian, Mode};
use crate::error::TranscodeError;

/// Converts `src` (UTF-8) to UTF-16 in byte order `to`. Returns bytes written.
pub fn utf8_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let _ = (src, dst, to, mode);
    todo!()
}
/// Converts `src` (UTF-8) to UTF-32 in byte order `to`. Returns bytes written.
pub fn utf8_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let _ = (src, dst, to, mode);
    todo!()
}
/// Converts `src` (UTF-8) to Latin-1. Returns bytes written.
pub fn utf8_to_latin1(src: &[u8], dst: &mut [u8], mode: Mode) -> Result<usize, TranscodeError> {
    let _ = (src, dst, mode);
    todo!()
}
/// Copies `src` (UTF-8) to `dst`, validating (strict) or repairing (lossy). Returns bytes written.
pub fn utf8_to_utf8(src: &[u8], dst: &mut [u8], mode: Mode) -> Result<usize, TranscodeError> {
    let _ = (src, dst, mode);
    todo!()
}
/// Converts UTF-16 bytes in byte order `from` to UTF-8. Returns bytes written.
pub fn utf16_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let _ = (src, dst, from, mode);
    todo!()
}
/// Converts UTF-16 (`from`) to UTF-16 (`to`): byte swap, validated copy or repair.
pub fn utf16_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let _ = (src, dst, from, to, mode);
    todo!()
}
/// Converts UTF-16 (`from`) to UTF-32 (`to`). Returns bytes written.
pub fn utf16_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let _ = (src, dst, from, to, mode);
    todo!()
}
/// Converts UTF-16 (`from`) to Latin-1. Returns bytes written.
pub fn utf16_to_latin1(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let _ = (src, dst, from, mode);
    todo!()
}
/// Converts UTF-32 (`from`) to UTF-8. Returns bytes written.
pub fn utf32_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let _ = (src, dst, from, mode);
    todo!()
}
/// Converts UTF-32 (`from`) to UTF-16 (`to`). Returns bytes written.
pub fn utf32_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let _ = (src, dst, from, to, mode);
    todo!()
}
/// Converts UTF-32 (`from`) to UTF-32 (`to`): byte swap, validated copy or repair.
pub fn utf32_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let _ = (src, dst, from, to, mode);
    todo!()
}
/// Converts UTF-32 (`from`) to Latin-1. Returns bytes written.
pub fn utf32_to_latin1(
    src: &[u8],
    dst: &mut [u8],
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let _ = (src, dst, from, mode);
    todo!()
}
/// Converts Latin-1 to UTF-8. Returns bytes written.
pub fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
    let _ = (src, dst);
    todo!()
}
/// Converts Latin-1 to UTF-16 in byte order `to`. Returns bytes written.
pub fn latin1_to_utf16(src: &[u8], dst: &mut [u8], to: Endian) -> Result<usize, TranscodeError> {
    let _ = (src, dst, to);
    todo!()
}
/// Converts Latin-1 to UTF-32 in byte order `to`. Returns bytes written.
pub fn latin1_to_utf32(src: &[u8], dst: &mut [u8], to: Endian) -> Result<usize, TranscodeError> {
    let _ = (src, dst, to);
    todo!()
}

/// Worst-case output size in bytes of converting `src_len` bytes from `from` to `to`
/// in any mode (lossy included): a `dst` this large never yields `OutputTooSmall`.
pub const fn max_output_len(from: Encoding, to: Encoding, src_len: usize) -> usize {
    let _ = (from, to);
    src_len.saturating_mul(4)
}

/// Converts between any two encodings (same-encoding pairs validate/repair/copy).
pub fn transcode(
    src: &[u8],
    dst: &mut [u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let _ = (src, dst, from, to, mode);
    todo!()
}

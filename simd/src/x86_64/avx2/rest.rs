//! The scalar side of the SIMD transcoders: tails, exact errors, lossy repair.

use crate::generic::handover::shift;
use utfast_scalar::transcode as scalar;
use utfast_scalar::{Endian, Mode, TranscodeError};

/// Converts `src[pos..]` (UTF-8) into `dst[out..]` and returns the whole-buffer
/// result. Valid input that fits is converted here; anything else (errors, lossy
/// repair, a too-small `dst`) goes to the scalar transcoder, which is exact.
pub(crate) fn utf8_to_utf16_rest(
    src: &[u8],
    dst: &mut [u8],
    pos: usize,
    out: usize,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let (src, dst) = (&src[pos..], &mut dst[out..]);
    if let Ok(s) = core::str::from_utf8(src) {
        let need: usize = s.chars().map(|c| 2 * c.len_utf16()).sum();
        if need <= dst.len() {
            for (u, d) in s.encode_utf16().zip(dst.chunks_exact_mut(2)) {
                d.copy_from_slice(&to.write_u16(u));
            }
            return Ok(out + need);
        }
    }
    shift(scalar::utf8_to_utf16(src, dst, to, mode), pos, out)
}

/// Lossy conversion of `src[pos..end]` by the scalar transcoder into `dst[out..]`;
/// returns the new output position (or the exact error, shifted).
pub(crate) fn utf8_to_utf16_lossy_stretch(
    src: &[u8],
    dst: &mut [u8],
    pos: usize,
    end: usize,
    out: usize,
    to: Endian,
) -> Result<usize, TranscodeError> {
    shift(
        scalar::utf8_to_utf16(&src[pos..end], &mut dst[out..], to, Mode::Lossy),
        pos,
        out,
    )
}

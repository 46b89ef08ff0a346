//! The scalar side of the SIMD transcoders: tails, exact errors, lossy repair.

use crate::generic::handover::shift;
use utfast_scalar::transcode as scalar;
use utfast_scalar::{Endian, Mode, TranscodeError};

/// Converts `src[pos..]` (UTF-16 bytes in order `from`) into `dst[out..]` and
/// returns the whole-buffer result. Valid input that fits is converted here;
/// anything else (errors, lossy repair, a too-small `dst`) goes to the scalar
/// transcoder, which is exact.
pub(crate) fn utf16_to_utf8_rest(
    src: &[u8],
    dst: &mut [u8],
    pos: usize,
    out: usize,
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let (src, dst) = (&src[pos..], &mut dst[out..]);
    if src.len() % 2 == 0 {
        let units = src.chunks_exact(2).map(|b| from.read_u16([b[0], b[1]]));
        let mut need = 0;
        let mut ok = true;
        for c in char::decode_utf16(units.clone()) {
            match c {
                Ok(c) => need += c.len_utf8(),
                Err(_) => {
                    ok = false;
                    break;
                }
            }
        }
        if ok && need <= dst.len() {
            let mut w = 0;
            for c in char::decode_utf16(units).flatten() {
                w += c.encode_utf8(&mut dst[w..]).len();
            }
            return Ok(out + w);
        }
    }
    shift(scalar::utf16_to_utf8(src, dst, from, mode), pos, out)
}

/// Lossy conversion of the UTF-16 bytes `src[pos..end]` into `dst[out..]`.
pub(crate) fn utf16_to_utf8_lossy_stretch(
    src: &[u8],
    dst: &mut [u8],
    pos: usize,
    end: usize,
    out: usize,
    from: Endian,
) -> Result<usize, TranscodeError> {
    shift(
        scalar::utf16_to_utf8(&src[pos..end], &mut dst[out..], from, Mode::Lossy),
        pos,
        out,
    )
}

/// Converts the UTF-32 bytes `src[pos..end]` (a whole number of units, or the
/// input's end) into `dst[out..]` with the scalar transcoder in `mode`; returns the
/// new output position or the exact error, at whole-buffer offsets.
pub(crate) fn utf32_to_utf8_stretch(
    src: &[u8],
    dst: &mut [u8],
    pos: usize,
    end: usize,
    out: usize,
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    shift(
        scalar::utf32_to_utf8(&src[pos..end], &mut dst[out..], from, mode),
        pos,
        out,
    )
}

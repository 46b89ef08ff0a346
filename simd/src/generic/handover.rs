//! The scalar side of the SIMD transcoders: shifting a scalar result to whole-buffer
//! offsets, and the points where lossy input may be split.
//!
//! How every transcoder here keeps the scalar contract bit-identical :
//! - the SIMD loop only converts whole, validated characters and stops at a
//!   character boundary; everything after it (the tail, an invalid block in strict
//!   mode, the rest when `dst` is nearly full) is converted by `utfast_scalar` on
//!   `src[pos..]` / `dst[out..]`, whose result is shifted by `(pos, out)`
//!   ([`shift`]);
//! - a SIMD iteration starts only if all its (over-wide) stores fit in `dst` with
//!   `max output of one character - 1` bytes to spare. Scalar reports
//!   `OutputTooSmall` only when fewer bytes than the next character needs are left,
//!   so scratch bytes stored past the SIMD output are overwritten by the final output
//!   or lie past `written` only when the result is `Ok` or an input error;
//! - lossy mode hands an invalid block to the scalar lossy conversion up to a
//!   resynchronisation point where splitting the input cannot change the result
//!   ([`utf8_resync`], [`utf16_resync`]), then resumes the SIMD loop.

use utfast_scalar::{Endian, TranscodeError};

/// `r`, a result of a scalar call on `src[i..]` into `dst[o..]`, as a result on the
/// whole input and output.
#[inline(always)]
pub(crate) fn shift(
    r: Result<usize, TranscodeError>,
    i: usize,
    o: usize,
) -> Result<usize, TranscodeError> {
    match r {
        Ok(w) => Ok(o + w),
        Err(e) => Err(TranscodeError::new(
            e.kind(),
            i + e.valid_up_to(),
            o + e.written(),
        )),
    }
}

/// The first position `>= at` where UTF-8 input may be split without changing a
/// lossy conversion: a byte that is not a continuation byte, or the end. (A maximal
/// subpart never extends over a non-continuation byte, and a sequence cut there is
/// replaced by one U+FFFD either way.)
#[inline]
pub(crate) fn utf8_resync(src: &[u8], at: usize) -> usize {
    let mut i = at.min(src.len());
    while i < src.len() && (src[i] as i8) < -0x40 {
        i += 1;
    }
    i
}

/// The first even byte position `>= at` (`at` even) where UTF-16 input may be split
/// without changing a lossy conversion: not between a high and a low surrogate.
#[inline]
pub(crate) fn utf16_resync(src: &[u8], at: usize, from: Endian) -> usize {
    if at + 2 > src.len() {
        return src.len();
    }
    let unit = |i: usize| from.read_u16([src[i], src[i + 1]]);
    if at >= 2 && (0xD800..0xDC00).contains(&unit(at - 2)) && (0xDC00..0xE000).contains(&unit(at)) {
        at + 2
    } else {
        at
    }
}

/// Number of set bits of each byte value: the bytes kept by a `COMPRESS8` control,
/// or dropped by a `PACK2`/`PACK3` one (a table, so that kernels without `popcnt`
/// pay one load).
pub(crate) static POPCOUNT8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn popcount_table() {
        for (i, &c) in POPCOUNT8.iter().enumerate() {
            assert_eq!(c as u32, (i as u8).count_ones());
        }
    }

    #[test]
    fn resync_points() {
        assert_eq!(utf8_resync(b"a\x80\x80b", 1), 3);
        assert_eq!(utf8_resync(b"a\x80\x80", 1), 3);
        assert_eq!(utf8_resync(b"ab", 5), 2);
        let pair = [0x3D, 0xD8, 0x00, 0xDE, 0x61, 0x00];
        assert_eq!(utf16_resync(&pair, 2, Endian::Little), 4);
        assert_eq!(utf16_resync(&pair, 4, Endian::Little), 4);
        assert_eq!(utf16_resync(&pair, 6, Endian::Little), 6);
    }
}

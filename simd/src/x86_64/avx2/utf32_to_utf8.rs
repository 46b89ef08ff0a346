//! UTF-32 -> UTF-8 with AVX2.
//!
//! 16 units (64 bytes) per iteration, byte-swapped first for big-endian input. The
//! units are checked (at most U+10FFFF, not a surrogate) with two vector compares
//! (or found to be all ASCII and narrowed to 16 bytes at once); then
//! - a block of the Basic Multilingual Plane is packed (unsigned saturation is exact
//!   below U+10000) into 16 UTF-16 units and converted by the UTF-16 -> UTF-8 block
//!   steps ([`convert_bmp16`]), so both directions share one set of tables;
//! - a block with characters above U+FFFF is converted one character at a time
//!   (every unit is already known to be valid);
//! - a block with an invalid unit stops the SIMD loop (strict: the scalar
//!   transcoder reports the first error exactly) or is converted by the scalar
//!   transcoder (lossy, and trusted-valid input that is not), then the loop resumes:
//!   UTF-32 units are fixed-size, so any unit boundary is a character boundary.

use core::arch::x86_64::*;

use super::rest::utf32_to_utf8_stretch;
use super::utf16_to_utf8::convert_bmp16;
use crate::generic::utf8_encode::put_char;
use utfast_scalar::{Endian, Mode, TranscodeError};

/// Input bytes one iteration reads.
const READ: usize = 64;
/// Output bytes one iteration may store: 16 characters of at most 4 bytes, or the
/// UTF-16 steps' 64-byte stores; plus 3 spare bytes (see the module docs of
/// `transcode`).
const WRITE: usize = 64 + 3;

/// Whether any unit of `v` (little-endian lanes) is above U+10FFFF or a surrogate.
#[inline(always)]
unsafe fn invalid(v: __m256i) -> bool {
    // SAFETY: register-only AVX2 operations.
    unsafe {
        // `v >> 16` is below 2^16, so the signed compare is exact.
        let big = _mm256_cmpgt_epi32(_mm256_srli_epi32::<16>(v), _mm256_set1_epi32(0x10));
        let sur = _mm256_cmpeq_epi32(
            _mm256_and_si256(v, _mm256_set1_epi32(0xFFFF_F800u32 as i32)),
            _mm256_set1_epi32(0xD800),
        );
        let bad = _mm256_or_si256(big, sur);
        _mm256_testz_si256(bad, bad) == 0
    }
}

/// The AVX2 UTF-32 -> UTF-8 loop (`BE`: big-endian input).
///
/// # Safety
/// The CPU must support AVX2 and POPCNT.
#[target_feature(enable = "avx2,popcnt")]
pub(crate) unsafe fn utf32_to_utf8<const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let from = if BE { Endian::Big } else { Endian::Little };
    let (mut pos, mut out) = (0usize, 0usize);
    while pos + READ <= src.len() && out + WRITE <= dst.len() {
        // SAFETY: `pos + 64 <= src.len()` bounds both 32-byte loads;
        // `out + WRITE <= dst.len()` bounds every store of the iteration.
        unsafe {
            let s = src.as_ptr().add(pos);
            let d = dst.as_mut_ptr().add(out);
            let mut a = _mm256_loadu_si256(s.cast());
            let mut b = _mm256_loadu_si256(s.add(32).cast());
            if BE {
                let swap = _mm256_broadcastsi128_si256(_mm_setr_epi8(
                    3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                ));
                a = _mm256_shuffle_epi8(a, swap);
                b = _mm256_shuffle_epi8(b, swap);
            }
            let ascii = _mm256_set1_epi32(0xFFFF_FF80u32 as i32);
            if _mm256_testz_si256(_mm256_or_si256(a, b), ascii) != 0 {
                // 16 ASCII units: two packs (lanes put back in order after each).
                let w = _mm256_permute4x64_epi64::<0b1101_1000>(_mm256_packus_epi32(a, b));
                let p = _mm256_permute4x64_epi64::<0b1000>(_mm256_packus_epi16(w, w));
                _mm_storeu_si128(d.cast(), _mm256_castsi256_si128(p));
                pos += READ;
                out += 16;
                continue;
            }
            if invalid(a) || invalid(b) {
                if mode == Mode::Strict {
                    break;
                }
                out = utf32_to_utf8_stretch(src, dst, pos, pos + READ, out, from, mode)?;
                pos += READ;
                continue;
            }
            let high = _mm256_set1_epi32(0xFFFF_0000u32 as i32);
            if _mm256_testz_si256(_mm256_or_si256(a, b), high) != 0 {
                // Pack to 16-bit units: the lanes come out as [a0..3, b0..3 | a4..7,
                // b4..7] and are put back in order by the 64-bit permutation.
                let u = _mm256_permute4x64_epi64::<0b1101_1000>(_mm256_packus_epi32(a, b));
                out += convert_bmp16(u, d);
            } else {
                let mut w = 0;
                for i in 0..16 {
                    let c = from.read_u32([
                        *s.add(4 * i),
                        *s.add(4 * i + 1),
                        *s.add(4 * i + 2),
                        *s.add(4 * i + 3),
                    ]);
                    w += put_char(c, d.add(w));
                }
                out += w;
            }
            pos += READ;
        }
    }
    utf32_to_utf8_stretch(src, dst, pos, src.len(), out, from, mode)
}

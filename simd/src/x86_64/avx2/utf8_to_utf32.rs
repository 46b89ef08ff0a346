//! UTF-8 -> UTF-32 with AVX2, in two passes over pieces of about 4 KiB.
//!
//! ASCII runs are widened directly, 32 bytes per step. Otherwise each piece (cut
//! before a character's lead byte) is transcoded to UTF-16 in a
//! stack buffer by the AVX2 UTF-8 -> UTF-16 transcoder, which validates and decodes
//! at several GB/s, and the UTF-16 units are then widened to 32 bits (16 units per
//! step; a step with surrogates decodes its pairs one by one). The piece stays in
//! the L1 cache between the passes, so the second pass costs little, and the
//! validation, the exact error and the tables are those of the UTF-16 transcoder.
//!
//! Contract (identical to `utfast_scalar::transcode::utf8_to_utf32`): a piece is
//! converted here only when it is entirely valid and its whole output fits in
//! `dst`. Otherwise, in strict mode, the kernel's 128-bit generic transcoder (exact,
//! like the scalar one; it also converts inputs shorter than a piece and the tail)
//! takes over at the piece's start (every piece starts on a character boundary) and reports the
//! exact error or `OutputTooSmall`; in lossy mode the scalar transcoder repairs
//! that piece, which ends at a byte that is not a continuation byte (a maximal
//! subpart never spans one, so the split changes nothing), and the loop resumes.

use core::arch::x86_64::*;

use super::utf8_to_utf16::utf8_to_utf16;
use crate::generic::handover::{shift, utf8_resync};
use utfast_scalar::transcode as scalar;
use utfast_scalar::{Endian, Mode, TranscodeError};

/// Input bytes per piece (before the cut to a character boundary).
const PIECE: usize = 4096;

/// Widens the UTF-16LE bytes `units` (whole characters, as produced from valid
/// UTF-8) into UTF-32 in byte order `BE` at `dst`; returns bytes written.
///
/// # Safety
/// AVX2; `2 * units.len() + 64` writable bytes at `dst`.
#[inline(always)]
unsafe fn widen<const BE: bool>(units: &[u8], dst: *mut u8) -> usize {
    let n = units.len();
    let (mut i, mut w) = (0usize, 0usize);
    let to = if BE { Endian::Big } else { Endian::Little };
    let unit = |i: usize| u32::from(u16::from_le_bytes([units[i], units[i + 1]]));
    // One character (a unit or a pair) at `units[i..]` into `dst + w`; returns the
    // units' byte length. An unpaired surrogate (possible only from trusted-valid
    // input that is not) is written as it is.
    let one = |i: usize, w: usize| -> usize {
        let c = unit(i);
        let (cp, len) = if (0xD800..0xDC00).contains(&c)
            && i + 4 <= n
            && (0xDC00..0xE000).contains(&unit(i + 2))
        {
            (0x1_0000 + ((c - 0xD800) << 10) + (unit(i + 2) - 0xDC00), 4)
        } else {
            (c, 2)
        };
        // SAFETY: `w <= 2 * i < 2 * n`, so 4 bytes at `dst + w` are in bounds.
        unsafe {
            dst.add(w)
                .cast::<[u8; 4]>()
                .write_unaligned(to.write_u32(cp))
        };
        len
    };
    // SAFETY: loads stay inside `units` (`i + 32 <= n`); stores write at most 64
    // bytes at `dst + w` with `w <= 2 * i`, inside the caller's bound.
    unsafe {
        let swap = _mm256_broadcastsi128_si256(_mm_setr_epi8(
            3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
        ));
        while i + 32 <= n {
            let v = _mm256_loadu_si256(units.as_ptr().add(i).cast());
            let sur = _mm256_cmpeq_epi16(
                _mm256_and_si256(v, _mm256_set1_epi16(0xF800u16 as i16)),
                _mm256_set1_epi16(0xD800u16 as i16),
            );
            if _mm256_testz_si256(sur, sur) == 0 {
                // These 16 units (and the end of a pair they cut), one by one.
                let end = i + 32;
                while i < end {
                    i += one(i, w);
                    w += 4;
                }
                continue;
            }
            let mut lo = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(v));
            let mut hi = _mm256_cvtepu16_epi32(_mm256_extracti128_si256::<1>(v));
            if BE {
                lo = _mm256_shuffle_epi8(lo, swap);
                hi = _mm256_shuffle_epi8(hi, swap);
            }
            _mm256_storeu_si256(dst.add(w).cast(), lo);
            _mm256_storeu_si256(dst.add(w + 32).cast(), hi);
            i += 32;
            w += 64;
        }
    }
    while i + 2 <= n {
        i += one(i, w);
        w += 4;
    }
    w
}

/// The AVX2 UTF-8 -> UTF-32 loop (`BE`: big-endian output).
///
/// # Safety
/// The CPU must support AVX2 and POPCNT.
#[target_feature(enable = "avx2,popcnt")]
pub(crate) unsafe fn utf8_to_utf32<const BE: bool>(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let to = if BE { Endian::Big } else { Endian::Little };
    let mut tmp = [0u8; 2 * PIECE + 64];
    let (mut pos, mut out) = (0usize, 0usize);
    while src.len() - pos > PIECE {
        // ASCII runs are widened straight from the input, 32 bytes per step.
        while pos + 32 <= src.len() && dst.len() - out >= 128 {
            // SAFETY: 32 readable bytes at `src + pos`, 128 writable at `dst + out`.
            unsafe {
                let v = _mm256_loadu_si256(src.as_ptr().add(pos).cast());
                if _mm256_movemask_epi8(v) != 0 {
                    break;
                }
                let d = dst.as_mut_ptr().add(out);
                let swap = _mm256_broadcastsi128_si256(_mm_setr_epi8(
                    3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                ));
                let q = [
                    _mm256_castsi256_si128(v),
                    _mm_srli_si128::<8>(_mm256_castsi256_si128(v)),
                    _mm256_extracti128_si256::<1>(v),
                    _mm_srli_si128::<8>(_mm256_extracti128_si256::<1>(v)),
                ];
                for (k, x) in q.into_iter().enumerate() {
                    let mut w = _mm256_cvtepu8_epi32(x);
                    if BE {
                        w = _mm256_shuffle_epi8(w, swap);
                    }
                    _mm256_storeu_si256(d.add(32 * k).cast(), w);
                }
            }
            pos += 32;
            out += 128;
        }
        if src.len() - pos <= PIECE {
            break;
        }
        // Cut before the lead byte of the character that crosses the nominal end.
        let mut end = pos + PIECE;
        for _ in 0..3 {
            if (src[end] as i8) >= -0x40 {
                break;
            }
            end -= 1;
        }
        if (src[end] as i8) < -0x40 {
            // Four continuation bytes in a row: invalid here. Strict: the scalar
            // transcoder reports the first error; otherwise repair up to the next
            // byte that is not a continuation byte.
            if mode == Mode::Strict {
                break;
            }
            let stop = utf8_resync(src, end);
            out = shift(
                scalar::utf8_to_utf32(&src[pos..stop], &mut dst[out..], to, mode),
                pos,
                out,
            )?;
            pos = stop;
            continue;
        }
        let piece = &src[pos..end];
        let check = if mode == Mode::Valid {
            Mode::Valid
        } else {
            Mode::Strict
        };
        // SAFETY: AVX2 and POPCNT are this function's own requirements.
        match unsafe { utf8_to_utf16::<false>(piece, &mut tmp, check) } {
            Ok(n) if dst.len() - out >= 2 * n + 64 => {
                // SAFETY: `2 * n + 64` writable bytes at `dst + out` (checked above).
                out += unsafe { widen::<BE>(&tmp[..n], dst.as_mut_ptr().add(out)) };
                pos = end;
            }
            // Valid, but the output may not fit: the scalar transcoder reports
            // exactly what fits.
            Ok(_) => break,
            Err(_) if mode == Mode::Strict => break,
            Err(_) => {
                out = shift(
                    scalar::utf8_to_utf32(piece, &mut dst[out..], to, mode),
                    pos,
                    out,
                )?;
                pos = end;
            }
        }
    }
    // The rest (less than a piece, or from an error or a nearly full `dst` on): the
    // 128-bit generic transcoder of this kernel, exact like the scalar one.
    // SAFETY: AVX2 is this function's own requirement.
    shift(
        unsafe {
            crate::generic::utf8_decode::utf8_decode::<__m128i, true, BE>(
                &src[pos..],
                &mut dst[out..],
                mode,
            )
        },
        pos,
        out,
    )
}

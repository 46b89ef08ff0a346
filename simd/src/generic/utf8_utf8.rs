//! UTF-8 -> UTF-8: a validated copy (strict), a copy with maximal-subpart repair
//! (lossy), generic over [`Vector`].
//!
//! # The idea
//!
//! Valid UTF-8 is its own conversion, so the work is validation plus `memcpy`. The
//! input is walked in *pieces* of [`PIECE`] bytes (small enough to stay in the
//! first-level cache between validation and copy): each piece is checked by the SIMD
//! validator of [`super::utf8_validate`] and, if valid, copied whole.
//!
//! A piece ends just before a byte that is not a continuation byte when one of the
//! last three positions gives one, so pieces rarely cut a character. When one does,
//! the validator reports a sequence cut by the end (`error_len() == None`) before the
//! end of the input: the valid part is copied and the next piece starts at that
//! sequence, so it is judged whole.
//!
//! Errors: the validator's error in a piece that starts at a character boundary is
//! the error of the whole input, shifted by the piece's start. Strict mode copies the
//! valid prefix and stops there. Lossy mode repairs the input from the error to a
//! resynchronisation point ([`utf8_resync`]: a byte that is not a continuation byte,
//! where splitting cannot change a lossy conversion) one character or maximal
//! subpart at a time ([`repair`], with `utfast_scalar::utf8::classify_error`), then
//! resumes; text with many errors makes that stretch grow (doubling up to
//! [`MAX_SPAN`]), so it does not pay a SIMD restart per error.
//!
//! Output size: every copy goes through `utfast_scalar::transcode::utf8_to_utf8` in
//! trusted-valid mode on the validated bytes, which copies what fits and reports
//! `OutputTooSmall` at the last character boundary that fits, exactly as the scalar
//! transcoder does on the whole input (pieces start at character boundaries).
//! Trusted-valid mode is a plain copy cut on a character boundary: the scalar code.

use super::blocks::shift;
use super::handover::utf8_resync;
use super::utf8_validate::{find_error_block, locate_error, BLOCK, CHECK_INTERVAL_EXACT};
use crate::vector::Vector;
use utfast_scalar::{
    transcode as scalar, utf8 as scalar8, Endian, ErrorKind, Mode, TranscodeError, Utf8Error,
};

/// Input bytes validated before they are copied.
const PIECE: usize = 16 * 1024;
/// The first scalar stretch after an error in lossy mode, in bytes.
const MIN_SPAN: usize = 64;
/// The longest scalar stretch in lossy mode, in bytes.
const MAX_SPAN: usize = 4096;

/// The exact UTF-8 error of `src`, with the SIMD validator.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
unsafe fn validate<V: Vector>(src: &[u8]) -> Result<(), Utf8Error> {
    if src.len() < BLOCK {
        return scalar8::validate_utf8(src);
    }
    // SAFETY: the ISA is the caller's promise.
    match unsafe { find_error_block::<V>(src, CHECK_INTERVAL_EXACT) } {
        None => Ok(()),
        Some((start, end)) => locate_error(src, start, end),
    }
}

/// Copies the valid UTF-8 `valid` (input offset `pos`) to `dst[out..]`; returns the
/// new output position, or `OutputTooSmall` at the last character boundary that fits.
#[inline(always)]
fn copy(valid: &[u8], dst: &mut [u8], pos: usize, out: usize) -> Result<usize, TranscodeError> {
    shift(
        scalar::utf8_to_utf8(valid, &mut dst[out..], Mode::Valid),
        pos,
        out,
    )
}

/// Lossy conversion of `src[pos..stop]` (`stop` is the end or a byte that is not a
/// continuation byte, so no character or maximal subpart crosses it) into
/// `dst[out..]`, one character or maximal subpart at a time (linear, however dense
/// the errors); returns the new `(pos, out)`, or `OutputTooSmall` at the first
/// character or U+FFFD that does not fit, as the scalar transcoder reports it.
#[inline(never)]
fn repair(
    src: &[u8],
    dst: &mut [u8],
    mut pos: usize,
    mut out: usize,
    stop: usize,
) -> Result<(usize, usize), TranscodeError> {
    const REPLACEMENT: [u8; 3] = [0xEF, 0xBF, 0xBD];
    while pos < stop {
        let b = src[pos];
        if b < 0x80 {
            let Some(d) = dst.get_mut(out) else {
                return Err(TranscodeError::new(ErrorKind::OutputTooSmall, pos, out));
            };
            *d = b;
            out += 1;
            pos += 1;
            continue;
        }
        // What to write and how many input bytes it stands for.
        let (bytes, len): (&[u8], usize) = match scalar8::classify_error(&src[pos..]) {
            (_, Some(0)) => {
                let len = match b {
                    0xC0..=0xDF => 2,
                    0xE0..=0xEF => 3,
                    _ => 4,
                };
                (&src[pos..pos + len], len)
            }
            (_, Some(l)) => (&REPLACEMENT, usize::from(l)),
            (_, None) => (&REPLACEMENT, src.len() - pos),
        };
        let Some(d) = dst.get_mut(out..out + bytes.len()) else {
            return Err(TranscodeError::new(ErrorKind::OutputTooSmall, pos, out));
        };
        d.copy_from_slice(bytes);
        out += bytes.len();
        pos += len;
    }
    Ok((pos, out))
}

/// UTF-8 -> UTF-8: exactly the results of `utfast_scalar::transcode::utf8_to_utf8`.
///
/// # Safety
/// The CPU supports `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf8<V: Vector>(
    src: &[u8],
    dst: &mut [u8],
    _from: Endian,
    _to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    if mode == Mode::Valid {
        return scalar::utf8_to_utf8(src, dst, mode);
    }
    let n = src.len();
    let (mut pos, mut out) = (0usize, 0usize);
    let mut span = MIN_SPAN;
    while pos < n {
        let mut end = n.min(pos + PIECE);
        if end < n {
            // Prefer to end before a character's first byte (at most 3 back).
            let mut k = 0;
            while k < 3 && (src[end] as i8) < -0x40 {
                end -= 1;
                k += 1;
            }
        }
        let piece = &src[pos..end];
        // SAFETY: the ISA is the caller's promise.
        match unsafe { validate::<V>(piece) } {
            Ok(()) => {
                out = copy(piece, dst, pos, out)?;
                pos = end;
            }
            Err(e) => {
                let v = e.valid_up_to();
                out = copy(&piece[..v], dst, pos, out)?;
                pos += v;
                if e.error_len().is_none() && end < n {
                    // A character cut by the piece's end: judge it in the next piece.
                    continue;
                }
                if mode == Mode::Strict {
                    return Err(TranscodeError::new(e.kind(), pos, out));
                }
                // Lossy: errors close together stay with the scalar code longer.
                span = if v < MIN_SPAN {
                    (2 * span).min(MAX_SPAN)
                } else {
                    MIN_SPAN
                };
                let stop = utf8_resync(src, pos + span);
                (pos, out) = repair(src, dst, pos, out, stop)?;
            }
        }
    }
    Ok(out)
}

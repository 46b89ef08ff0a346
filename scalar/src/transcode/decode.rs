//! Decoding UTF-16 bytes (either byte order), UTF-32 bytes and Latin-1.

use super::sink::{Order, Sink, REPLACEMENT};
use crate::error::{ErrorKind, TranscodeError};
use crate::types::Mode;
use crate::utf32::unit_error;

/// Handles an ill-formed sequence at input byte `pos`: strict mode reports it, lossy
/// mode writes U+FFFD (reporting `OutputTooSmall` at `pos` if that does not fit).
#[inline]
pub(crate) fn invalid<S: Sink>(
    sink: &mut S,
    mode: Mode,
    kind: ErrorKind,
    pos: usize,
) -> Result<(), TranscodeError> {
    if mode == Mode::Strict {
        return Err(TranscodeError::new(kind, pos, sink.written()));
    }
    sink.push(REPLACEMENT)
        .map_err(|k| TranscodeError::new(k, pos, sink.written()))
}

/// Whether the 8 UTF-16 units in `block` (16 bytes) are all ASCII; if so their
/// values are written to `ascii`.
#[inline(always)]
fn ascii_units<O: Order>(block: &[u8], ascii: &mut [u8; 8]) -> bool {
    let mut acc = 0u16;
    for (k, pair) in block.chunks_exact(2).enumerate() {
        let u = O::read16([pair[0], pair[1]]);
        acc |= u;
        ascii[k] = u as u8;
    }
    acc < 0x80
}

/// Decodes UTF-16 bytes in byte order `O` into `sink`; returns the bytes written.
///
/// Ill-formed input: an unpaired high or low surrogate (2 bytes), a high surrogate
/// followed only by one odd byte at the end (3 bytes, `TruncatedUnit`), and a final
/// odd byte (`TruncatedUnit`). Each is one error, or one U+FFFD in lossy mode.
pub(crate) fn decode_utf16<O: Order, S: Sink>(
    src: &[u8],
    sink: &mut S,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let n = src.len();
    let mut i = 0;
    let mut ascii = [0u8; 8];
    while i + 2 <= n {
        let u = O::read16([src[i], src[i + 1]]);
        if u < 0x80 {
            while let Some(block) = src.get(i..i + 16) {
                if !ascii_units::<O>(block, &mut ascii) || !sink.push_ascii(&ascii) {
                    break;
                }
                i += 16;
            }
            // One unit at a time from here (the loop re-reads it).
            if let Some(pair) = src.get(i..i + 2) {
                let u = O::read16([pair[0], pair[1]]);
                if u < 0x80 {
                    sink.push(u32::from(u))
                        .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
                    i += 2;
                }
            }
            continue;
        }
        if u & 0xF800 != 0xD800 {
            sink.push(u32::from(u))
                .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
            i += 2;
            continue;
        }
        // WTF-8 targets take any units, so they are always checked.
        let (cp, len) = if mode == Mode::Valid && !S::KEEP_UTF16_SURROGATES {
            match src.get(i + 2..i + 4) {
                Some(p) if u < 0xDC00 => {
                    let lo = O::read16([p[0], p[1]]);
                    let v = (u32::from(u & 0x3FF) << 10) | u32::from(lo & 0x3FF);
                    (0x10000 + v, 4)
                }
                _ => (u32::from(u), 2),
            }
        } else if u >= 0xDC00 {
            if S::KEEP_UTF16_SURROGATES {
                sink.push(u32::from(u))
                    .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
                i += 2;
                continue;
            }
            invalid(sink, mode, ErrorKind::UnpairedLowSurrogate, i)?;
            i += 2;
            continue;
        } else {
            match src.get(i + 2..i + 4) {
                Some(p) => {
                    let lo = O::read16([p[0], p[1]]);
                    if (0xDC00..=0xDFFF).contains(&lo) {
                        let v = (u32::from(u & 0x3FF) << 10) | u32::from(lo & 0x3FF);
                        (0x10000 + v, 4)
                    } else if S::KEEP_UTF16_SURROGATES {
                        (u32::from(u), 2)
                    } else {
                        invalid(sink, mode, ErrorKind::UnpairedHighSurrogate, i)?;
                        i += 2;
                        continue;
                    }
                }
                _ if S::KEEP_UTF16_SURROGATES => {
                    sink.push(u32::from(u))
                        .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
                    i += 2;
                    continue;
                }
                None if i + 3 == n => {
                    // A high surrogate cut off together with the odd final byte.
                    invalid(sink, mode, ErrorKind::TruncatedUnit, i)?;
                    i = n;
                    continue;
                }
                None => {
                    invalid(sink, mode, ErrorKind::UnpairedHighSurrogate, i)?;
                    i += 2;
                    continue;
                }
            }
        };
        sink.push(cp)
            .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
        i += len;
    }
    if i < n && mode != Mode::Valid {
        invalid(sink, mode, ErrorKind::TruncatedUnit, i)?;
    }
    Ok(sink.written())
}

/// Decodes UTF-32 bytes in byte order `O` into `sink`; returns the bytes written.
///
/// Ill-formed input: a surrogate or a value above U+10FFFF (one unit each), and 1..=3
/// trailing bytes (`TruncatedUnit`, one U+FFFD together in lossy mode).
pub(crate) fn decode_utf32<O: Order, S: Sink>(
    src: &[u8],
    sink: &mut S,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let mut chunks = src.chunks_exact(4);
    for (k, c) in chunks.by_ref().enumerate() {
        let i = 4 * k;
        let u = O::read32([c[0], c[1], c[2], c[3]]);
        if mode != Mode::Valid {
            if let Some(kind) = unit_error(u) {
                invalid(sink, mode, kind, i)?;
                continue;
            }
        }
        sink.push(u)
            .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
    }
    if !chunks.remainder().is_empty() && mode != Mode::Valid {
        invalid(sink, mode, ErrorKind::TruncatedUnit, src.len() / 4 * 4)?;
    }
    Ok(sink.written())
}

/// Decodes Latin-1 into `sink` (every byte is a character); returns the bytes written.
pub(crate) fn decode_latin1<S: Sink>(src: &[u8], sink: &mut S) -> Result<usize, TranscodeError> {
    let mut i = 0;
    while let Some(&b) = src.get(i) {
        if b < 0x80 {
            while let Some(block) = src.get(i..i + 16) {
                if !super::from_utf8::is_ascii_block(block) || !sink.push_ascii(block) {
                    break;
                }
                i += 16;
            }
            let Some(&b) = src.get(i) else {
                break;
            };
            sink.push(u32::from(b))
                .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
            i += 1;
            continue;
        }
        sink.push(u32::from(b))
            .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
        i += 1;
    }
    Ok(sink.written())
}

/// Copies a single-byte encoding to itself (Latin-1, a code page: every byte is a
/// character); `OutputTooSmall` if `dst` is shorter than `src`.
pub(crate) fn copy_bytes(src: &[u8], dst: &mut [u8]) -> Result<usize, TranscodeError> {
    let n = src.len().min(dst.len());
    dst[..n].copy_from_slice(&src[..n]);
    if n < src.len() {
        return Err(TranscodeError::new(ErrorKind::OutputTooSmall, n, n));
    }
    Ok(n)
}

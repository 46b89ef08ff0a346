//! Decoding UTF-8: a table-driven DFA with code point accumulation, plus ASCII runs.
//!
//! The DFA has nine states. Each is encoded as a bit offset (a multiple of 6) into a
//! 64-bit transition word, and `TRANSITIONS[byte]` packs the next state of *every*
//! state for that byte, so one step is a table load and a shift:
//! `state = (TRANSITIONS[byte] >> state) & 63` (the "shift-based DFA"). The table is
//! generated at compile time from Table 3-7 of the Unicode Standard by [`next_state`].
//!
//! The code point is accumulated alongside: the lead byte contributes its payload
//! bits (`0x7F >> leading_ones`), each continuation byte shifts in six more. When the
//! DFA rejects, [`crate::utf8::classify_error`] supplies the error kind and the
//! length of the maximal subpart, which is all strict and lossy mode need.

use super::sink::{Sink, REPLACEMENT};
use crate::error::TranscodeError;
use crate::types::Mode;
use crate::utf8::{classify_error, validate_utf8};

/// A complete character was decoded (also the start state).
const ACCEPT: u32 = 0;
/// An ill-formed sequence was seen (absorbing).
const REJECT: u32 = 6;
/// One more continuation byte `80..=BF` is needed.
const CONT1: u32 = 12;
/// Two more continuation bytes are needed.
const CONT2: u32 = 18;
/// Three more continuation bytes are needed.
const CONT3: u32 = 24;
/// After `E0`: the next byte must be `A0..=BF` (no overlongs).
const AFTER_E0: u32 = 30;
/// After `ED`: the next byte must be `80..=9F` (no surrogates).
const AFTER_ED: u32 = 36;
/// After `F0`: the next byte must be `90..=BF` (no overlongs).
const AFTER_F0: u32 = 42;
/// After `F4`: the next byte must be `80..=8F` (nothing above U+10FFFF).
const AFTER_F4: u32 = 48;

const STATES: [u32; 9] = [
    ACCEPT, REJECT, CONT1, CONT2, CONT3, AFTER_E0, AFTER_ED, AFTER_F0, AFTER_F4,
];

/// The transition function, straight from Unicode Table 3-7.
const fn next_state(state: u32, b: u8) -> u32 {
    let cont = b >= 0x80 && b <= 0xBF;
    match state {
        ACCEPT => match b {
            0x00..=0x7F => ACCEPT,
            0xC2..=0xDF => CONT1,
            0xE0 => AFTER_E0,
            0xE1..=0xEC | 0xEE..=0xEF => CONT2,
            0xED => AFTER_ED,
            0xF0 => AFTER_F0,
            0xF1..=0xF3 => CONT3,
            0xF4 => AFTER_F4,
            _ => REJECT,
        },
        CONT1 if cont => ACCEPT,
        CONT2 if cont => CONT1,
        CONT3 if cont => CONT2,
        AFTER_E0 if b >= 0xA0 && b <= 0xBF => CONT1,
        AFTER_ED if b >= 0x80 && b <= 0x9F => CONT1,
        AFTER_F0 if b >= 0x90 && b <= 0xBF => CONT2,
        AFTER_F4 if b >= 0x80 && b <= 0x8F => CONT2,
        _ => REJECT,
    }
}

/// Packs the next state of every state for each byte value.
const fn build_transitions() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut word = 0u64;
        let mut s = 0;
        while s < STATES.len() {
            let state = STATES[s];
            word |= (next_state(state, b as u8) as u64) << state;
            s += 1;
        }
        table[b] = word;
        b += 1;
    }
    table
}

/// `TRANSITIONS[byte] >> state & 63` is the next state.
static TRANSITIONS: [u64; 256] = build_transitions();

/// One DFA step.
#[inline(always)]
fn step(state: u32, b: u8) -> u32 {
    ((TRANSITIONS[b as usize] >> state) & 63) as u32
}

/// Decodes the well-formed multi-byte sequence at `src[i]` (a byte `>= 0x80`):
/// `Some((code point, length))`, or `None` if it is ill-formed or truncated.
#[inline(always)]
fn decode_checked(src: &[u8], i: usize) -> Option<(u32, usize)> {
    if let Some(w) = src.get(i..i + 4) {
        // Away from the end: unrolled, one DFA step per byte, no bounds checks.
        let (b0, b1, b2, b3) = (u32::from(w[0]), u32::from(w[1]), u32::from(w[2]), w[3]);
        let s = step(step(ACCEPT, w[0]), w[1]);
        if s == ACCEPT {
            return Some((((b0 & 0x1F) << 6) | (b1 & 0x3F), 2));
        }
        let s = step(s, w[2]);
        if s == ACCEPT {
            return Some((((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (b2 & 0x3F), 3));
        }
        if step(s, b3) == ACCEPT {
            let cp = ((b0 & 0x07) << 18) | ((b1 & 0x3F) << 12) | ((b2 & 0x3F) << 6);
            return Some((cp | u32::from(b3 & 0x3F), 4));
        }
        return None;
    }
    let b0 = *src.get(i)?;
    let mut state = step(ACCEPT, b0);
    let mut cp = u32::from(b0) & (0x7F >> b0.leading_ones());
    let mut j = i + 1;
    while state > REJECT {
        let b = *src.get(j)?;
        state = step(state, b);
        cp = (cp << 6) | u32::from(b & 0x3F);
        j += 1;
    }
    (state == ACCEPT).then_some((cp, j - i))
}

/// Decodes the sequence at `src[i]` without checking it (trusted-valid mode): the lead
/// byte gives the length, continuation bytes are not checked, a sequence cut off by
/// the end of the input uses the bytes that are there. The result never needs more
/// output than the input bytes it consumed allow (see `max_output_len`).
#[inline(always)]
fn decode_trusted(src: &[u8], i: usize) -> (u32, usize) {
    let Some(&b0) = src.get(i) else {
        return (0, 1);
    };
    let ones = b0.leading_ones();
    if let Some(w) = src.get(i..i + 4) {
        // Away from the end: no bounds checks.
        let (b0, b1, b2, b3) = (
            u32::from(w[0]),
            u32::from(w[1] & 0x3F),
            u32::from(w[2] & 0x3F),
            u32::from(w[3] & 0x3F),
        );
        return match ones {
            0 | 1 => (b0 & 0x7F, 1),
            2 => (((b0 & 0x1F) << 6) | b1, 2),
            3 => (((b0 & 0x0F) << 12) | (b1 << 6) | b2, 3),
            _ => (((b0 & 0x07) << 18) | (b1 << 12) | (b2 << 6) | b3, 4),
        };
    }
    let len = match ones {
        0 | 1 => 1,
        2 => 2,
        3 => 3,
        _ => 4,
    };
    let mut cp = if ones == 1 {
        u32::from(b0 & 0x3F)
    } else {
        u32::from(b0) & (0x7F >> ones)
    };
    let mut used = 1;
    while used < len {
        let Some(&b) = src.get(i + used) else {
            break;
        };
        cp = (cp << 6) | u32::from(b & 0x3F);
        used += 1;
    }
    (cp, used)
}

/// Whether all 16 bytes of `block` are ASCII, tested two 64-bit words at a time.
#[inline(always)]
pub(crate) fn is_ascii_block(block: &[u8]) -> bool {
    let mut a = [0u8; 8];
    let mut b = [0u8; 8];
    a.copy_from_slice(&block[..8]);
    b.copy_from_slice(&block[8..16]);
    (u64::from_ne_bytes(a) | u64::from_ne_bytes(b)) & 0x8080_8080_8080_8080 == 0
}

/// Length of the maximal subpart at `src[i..]` (at least 1, at most what is left).
#[inline(always)]
fn subpart_len(rest: &[u8], len: Option<u8>) -> usize {
    match len {
        Some(l) => usize::from(l).clamp(1, rest.len().max(1)),
        None => rest.len(),
    }
}

/// Decodes UTF-8 `src` into `sink` in `mode`; returns the bytes written.
pub(crate) fn decode_utf8<S: Sink>(
    src: &[u8],
    sink: &mut S,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let n = src.len();
    let mut i = 0;
    while i < n {
        let b0 = src[i];
        if b0 < 0x80 {
            while let Some(block) = src.get(i..i + 16) {
                if !is_ascii_block(block) || !sink.push_ascii(block) {
                    break;
                }
                i += 16;
            }
            while let Some(&b) = src.get(i) {
                if b >= 0x80 {
                    break;
                }
                sink.push(u32::from(b))
                    .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
                i += 1;
            }
            continue;
        }
        let (cp, len) = if mode == Mode::Valid {
            decode_trusted(src, i)
        } else if let Some(ok) = decode_checked(src, i) {
            ok
        } else {
            let rest = &src[i..];
            let (kind, len) = classify_error(rest);
            if mode == Mode::Strict {
                return Err(TranscodeError::new(kind, i, sink.written()));
            }
            (REPLACEMENT, subpart_len(rest, len))
        };
        sink.push(cp)
            .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
        i += len;
    }
    Ok(sink.written())
}

/// The largest character boundary `<= limit` in UTF-8 `s` (a prefix end that does
/// not cut a sequence), for well-formed `s`.
#[inline]
fn floor_boundary(s: &[u8], limit: usize) -> usize {
    if limit >= s.len() {
        return s.len();
    }
    let mut b = limit;
    while b > 0 && (s[b] as i8) < -0x40 {
        b -= 1;
    }
    b
}

/// Copies the well-formed `valid` into `dst[w..]`, or as much of it as fits on a
/// character boundary, reporting `OutputTooSmall` at input offset `base + copied`.
#[inline]
fn copy_valid(
    valid: &[u8],
    dst: &mut [u8],
    base: usize,
    w: usize,
) -> Result<usize, TranscodeError> {
    let free = dst.len().saturating_sub(w);
    if valid.len() <= free {
        dst[w..w + valid.len()].copy_from_slice(valid);
        return Ok(w + valid.len());
    }
    let b = floor_boundary(valid, free);
    dst[w..w + b].copy_from_slice(&valid[..b]);
    Err(TranscodeError::new(
        crate::error::ErrorKind::OutputTooSmall,
        base + b,
        w + b,
    ))
}

/// UTF-8 to UTF-8: validated copy (strict), maximal-subpart repair (lossy) or a
/// plain copy cut on a character boundary (trusted-valid).
pub(crate) fn utf8_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match mode {
        Mode::Valid => copy_valid(src, dst, 0, 0),
        Mode::Strict => match validate_utf8(src) {
            Ok(()) => copy_valid(src, dst, 0, 0),
            Err(e) => {
                let v = e.valid_up_to();
                let w = copy_valid(&src[..v], dst, 0, 0)?;
                Err(TranscodeError::new(e.kind(), v, w))
            }
        },
        Mode::Lossy => {
            let mut i = 0;
            let mut w = 0;
            loop {
                let rest = &src[i..];
                match validate_utf8(rest) {
                    Ok(()) => return copy_valid(rest, dst, i, w),
                    Err(e) => {
                        let v = e.valid_up_to();
                        w = copy_valid(&rest[..v], dst, i, w)?;
                        i += v;
                        let Some(d) = dst.get_mut(w..w + 3) else {
                            return Err(TranscodeError::new(
                                crate::error::ErrorKind::OutputTooSmall,
                                i,
                                w,
                            ));
                        };
                        d.copy_from_slice(&[0xEF, 0xBF, 0xBD]);
                        w += 3;
                        let len = e.error_len().map(|l| l as u8);
                        i += subpart_len(&src[i..], len);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dfa_accepts_exactly_the_well_formed_sequences() {
        // Every 1..=4 byte sequence built from representative bytes agrees with core.
        let reps: [u8; 24] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
            0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5,
        ];
        for &a in &reps[3..] {
            for &b in &reps {
                for &c in &reps {
                    for &d in &reps {
                        let s = [a, b, c, d];
                        let expected = match core::str::from_utf8(&s) {
                            Ok(t) => t.chars().next().map(|ch| (ch as u32, ch.len_utf8())),
                            Err(e) if e.valid_up_to() > 0 => {
                                let t = core::str::from_utf8(&s[..e.valid_up_to()]).unwrap();
                                t.chars().next().map(|ch| (ch as u32, ch.len_utf8()))
                            }
                            Err(_) => None,
                        };
                        assert_eq!(decode_checked(&s, 0), expected, "{s:02X?}");
                    }
                }
            }
        }
    }
}

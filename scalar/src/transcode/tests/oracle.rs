//! The oracle: decoding with `core::str::from_utf8`, `char::decode_utf16` and
//! `char::from_u32`, encoding with `char::encode_utf8`/`encode_utf16`, and the error
//! contract (first event wins, all-or-nothing characters) applied step by step.

extern crate alloc;

use alloc::vec::Vec;

use super::super::*;
use crate::error::ErrorKind;
use crate::utf8::classify_error;

/// One step of decoding: a character or an ill-formed sequence, with its byte span.
#[derive(Debug, Clone, Copy)]
pub(super) struct Event {
    pub(super) start: usize,
    pub(super) len: usize,
    pub(super) what: Result<char, ErrorKind>,
}

pub(super) fn endian(e: Encoding) -> Endian {
    e.endian().unwrap_or(Endian::NATIVE)
}

/// Reference decoder built on `core::str::from_utf8`, `char::decode_utf16`, `char::from_u32`.
pub(super) fn events(src: &[u8], from: Encoding) -> Vec<Event> {
    let mut out = Vec::new();
    match from {
        Encoding::Utf8 => {
            let mut i = 0;
            while i < src.len() {
                let (ok, err) = match core::str::from_utf8(&src[i..]) {
                    Ok(s) => (s, None),
                    Err(e) => (
                        core::str::from_utf8(&src[i..i + e.valid_up_to()]).unwrap(),
                        Some(e),
                    ),
                };
                for (k, c) in ok.char_indices() {
                    out.push(Event {
                        start: i + k,
                        len: c.len_utf8(),
                        what: Ok(c),
                    });
                }
                i += ok.len();
                if let Some(e) = err {
                    let len = e.error_len().unwrap_or(src.len() - i);
                    let kind = classify_error(&src[i..]).0;
                    out.push(Event {
                        start: i,
                        len,
                        what: Err(kind),
                    });
                    i += len;
                }
            }
        }
        Encoding::Latin1 => {
            for (i, &b) in src.iter().enumerate() {
                out.push(Event {
                    start: i,
                    len: 1,
                    what: Ok(char::from(b)),
                });
            }
        }
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let e = endian(from);
            let units: Vec<u16> = src
                .chunks_exact(2)
                .map(|p| e.read_u16([p[0], p[1]]))
                .collect();
            let mut pos = 0;
            for r in char::decode_utf16(units.iter().copied()) {
                let ev = match r {
                    Ok(c) => Event {
                        start: pos,
                        len: 2 * c.len_utf16(),
                        what: Ok(c),
                    },
                    Err(d) if d.unpaired_surrogate() < 0xDC00 => Event {
                        start: pos,
                        len: 2,
                        what: Err(ErrorKind::UnpairedHighSurrogate),
                    },
                    Err(_) => Event {
                        start: pos,
                        len: 2,
                        what: Err(ErrorKind::UnpairedLowSurrogate),
                    },
                };
                pos += ev.len;
                out.push(ev);
            }
            if src.len() % 2 == 1 {
                let n = src.len();
                match out.last_mut() {
                    Some(last)
                        if last.start + 3 == n
                            && matches!(last.what, Err(ErrorKind::UnpairedHighSurrogate)) =>
                    {
                        *last = Event {
                            start: n - 3,
                            len: 3,
                            what: Err(ErrorKind::TruncatedUnit),
                        };
                    }
                    _ => out.push(Event {
                        start: n - 1,
                        len: 1,
                        what: Err(ErrorKind::TruncatedUnit),
                    }),
                }
            }
        }
        Encoding::Utf32Le | Encoding::Utf32Be => {
            let e = endian(from);
            let mut chunks = src.chunks_exact(4);
            for (k, c) in chunks.by_ref().enumerate() {
                let u = e.read_u32([c[0], c[1], c[2], c[3]]);
                let what = char::from_u32(u).ok_or(if u > 0x10FFFF {
                    ErrorKind::TooLarge
                } else {
                    ErrorKind::Surrogate
                });
                out.push(Event {
                    start: 4 * k,
                    len: 4,
                    what,
                });
            }
            if !chunks.remainder().is_empty() {
                let start = src.len() / 4 * 4;
                out.push(Event {
                    start,
                    len: src.len() - start,
                    what: Err(ErrorKind::TruncatedUnit),
                });
            }
        }
    }
    out
}

/// Reference encoder.
pub(super) fn encode_char(c: char, to: Encoding, out: &mut Vec<u8>) {
    match to {
        Encoding::Utf8 => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        Encoding::Utf16Le | Encoding::Utf16Be => {
            for u in c.encode_utf16(&mut [0; 2]) {
                out.extend_from_slice(&endian(to).write_u16(*u));
            }
        }
        Encoding::Utf32Le | Encoding::Utf32Be => {
            out.extend_from_slice(&endian(to).write_u32(c as u32))
        }
        Encoding::Latin1 => out.push(u8::try_from(c as u32).unwrap_or(b'?')),
    }
}

pub(super) fn encode_str(s: &str, to: Encoding) -> Vec<u8> {
    let mut out = Vec::new();
    for c in s.chars() {
        encode_char(c, to, &mut out);
    }
    out
}

/// What the transcoder must return (with `dst_len` bytes of room) and write.
pub(super) fn expected(
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
    dst_len: usize,
) -> (Result<usize, TranscodeError>, Vec<u8>) {
    let mut out = Vec::new();
    for ev in events(src, from) {
        let before = out.len();
        let c = match ev.what {
            Ok(c) if to == Encoding::Latin1 && c as u32 > 0xFF && mode == Mode::Strict => {
                return (
                    Err(TranscodeError::new(ErrorKind::NotLatin1, ev.start, before)),
                    out,
                );
            }
            Ok(c) => c,
            Err(kind) if mode == Mode::Strict => {
                return (Err(TranscodeError::new(kind, ev.start, before)), out);
            }
            Err(_) => char::REPLACEMENT_CHARACTER,
        };
        encode_char(c, to, &mut out);
        if out.len() > dst_len {
            out.truncate(before);
            return (
                Err(TranscodeError::new(
                    ErrorKind::OutputTooSmall,
                    ev.start,
                    before,
                )),
                out,
            );
        }
    }
    let n = out.len();
    (Ok(n), out)
}

//! A second, independent oracle built only on the standard library.
//!
//! The fuzz targets compare every SIMD kernel with the scalar kernel bit for bit; this
//! module checks the scalar kernel itself against `core::str::from_utf8`,
//! `char::decode_utf16` and `char::from_u32`, following the contract of
//! `utfast_scalar` (U+FFFD per maximal subpart / unpaired surrogate / invalid unit, one
//! U+FFFD for a truncated final unit, `?` for characters above U+00FF in lossy Latin-1).
//!
//! This file is also compiled into `tests/regressions.rs` and `tests/overread.rs`
//! with `#[path]`, so it only uses `std`, `utfast_scalar` and `utfast_simd`.

use utfast_scalar::{Encoding, Endian, ErrorKind, Mode};

/// One decoded piece of the input: where it starts (in bytes) and the character, or
/// `None` for an ill-formed piece that lossy mode replaces with one U+FFFD.
pub type Piece = (usize, Option<char>);

/// Decodes `src` in encoding `from` into pieces, with std's decoders.
pub fn decode(src: &[u8], from: Encoding) -> Vec<Piece> {
    match from.endian() {
        None if from == Encoding::Latin1 => src
            .iter()
            .enumerate()
            .map(|(i, &b)| (i, Some(char::from(b))))
            .collect(),
        None => decode_utf8(src),
        Some(e) if from.unit_size() == 2 => decode_utf16(src, e),
        Some(e) => decode_utf32(src, e),
    }
}

fn decode_utf8(src: &[u8]) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < src.len() {
        let (valid, bad) = match core::str::from_utf8(&src[i..]) {
            Ok(s) => (s, None),
            Err(e) => (
                core::str::from_utf8(&src[i..i + e.valid_up_to()]).unwrap(),
                Some(e.error_len()),
            ),
        };
        for (j, c) in valid.char_indices() {
            out.push((i + j, Some(c)));
        }
        i += valid.len();
        match bad {
            None => break,
            Some(len) => {
                out.push((i, None));
                i += len.unwrap_or(src.len() - i);
            }
        }
    }
    out
}

fn decode_utf16(src: &[u8], e: Endian) -> Vec<Piece> {
    let units = src.chunks_exact(2).map(|c| e.read_u16([c[0], c[1]]));
    let mut out = Vec::new();
    let mut at = 0;
    let mut last_lone_high = false;
    for r in char::decode_utf16(units) {
        match r {
            Ok(c) => {
                out.push((at, Some(c)));
                at += 2 * c.len_utf16();
                last_lone_high = false;
            }
            Err(err) => {
                out.push((at, None));
                at += 2;
                last_lone_high = err.unpaired_surrogate() < 0xDC00;
            }
        }
    }
    if src.len() % 2 == 1 && !(last_lone_high && at == src.len() - 1) {
        // An odd trailing byte is one U+FFFD, unless it follows a lone high
        // surrogate at the very end: then both together are one U+FFFD.
        out.push((src.len() - 1, None));
    }
    out
}

fn decode_utf32(src: &[u8], e: Endian) -> Vec<Piece> {
    let mut out: Vec<Piece> = src
        .chunks_exact(4)
        .enumerate()
        .map(|(i, c)| (4 * i, char::from_u32(e.read_u32([c[0], c[1], c[2], c[3]]))))
        .collect();
    if !src.len().is_multiple_of(4) {
        out.push((src.len() / 4 * 4, None));
    }
    out
}

/// Appends the encoding of `c` in `to` (Latin-1: `None` if not representable).
pub fn encode_char(c: char, to: Encoding, out: &mut Vec<u8>) -> Option<()> {
    match to {
        Encoding::Utf8 => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        Encoding::Latin1 => out.push(u8::try_from(u32::from(c)).ok()?),
        _ if to.unit_size() == 2 => {
            let e = to.endian().unwrap();
            for &u in c.encode_utf16(&mut [0; 2]).iter() {
                out.extend_from_slice(&e.write_u16(u));
            }
        }
        _ => out.extend_from_slice(&to.endian().unwrap().write_u32(c.into())),
    }
    Some(())
}

/// What the oracle expects of a transcoding with an unlimited output buffer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    /// The full output (strict/valid success, or lossy) or the output before the error.
    pub out: Vec<u8>,
    /// `None` on success; `Some((valid_up_to, kind))` for a strict-mode error. The kind
    /// is only known to the oracle for `NotLatin1`; otherwise it is `None` here.
    pub error: Option<(usize, Option<ErrorKind>)>,
}

/// Transcodes with std only. `Mode::Valid` is treated like `Mode::Strict` (use it on
/// valid input only).
pub fn transcode(src: &[u8], from: Encoding, to: Encoding, mode: Mode) -> Expected {
    let mut out = Vec::new();
    for (at, piece) in decode(src, from) {
        let encoded = piece.and_then(|c| encode_char(c, to, &mut out));
        if encoded.is_some() {
            continue;
        }
        if mode == Mode::Lossy {
            // U+FFFD, or `?` when even that is not representable (Latin-1).
            encode_char(char::REPLACEMENT_CHARACTER, to, &mut out)
                .unwrap_or_else(|| out.push(b'?'));
        } else {
            let kind = piece.map(|_| ErrorKind::NotLatin1);
            return Expected {
                out,
                error: Some((at, kind)),
            };
        }
    }
    Expected { out, error: None }
}

/// Makes `src` valid in `from` (lossy repair with the oracle).
pub fn make_valid(src: &[u8], from: Encoding) -> Vec<u8> {
    transcode(src, from, from, Mode::Lossy).out
}

/// Makes `src` valid input for `Mode::Valid` transcoding from `from` to `to`: valid
/// in `from` and, for a Latin-1 target, without characters above U+00FF (they become `?`).
pub fn make_valid_for(src: &[u8], from: Encoding, to: Encoding) -> Vec<u8> {
    if to == Encoding::Latin1 {
        let latin1 = transcode(src, from, Encoding::Latin1, Mode::Lossy).out;
        transcode(&latin1, Encoding::Latin1, from, Mode::Strict).out
    } else {
        make_valid(src, from)
    }
}

/// Whether `src` is valid input for `Mode::Valid` transcoding from `from` to `to`.
pub fn is_valid_for(src: &[u8], from: Encoding, to: Encoding) -> bool {
    transcode(src, from, to, Mode::Strict).error.is_none()
}

/// Number of characters of valid `src` (`None` if `src` is not valid in `from`).
pub fn char_count(src: &[u8], from: Encoding) -> Option<usize> {
    let pieces = decode(src, from);
    pieces.iter().all(|p| p.1.is_some()).then_some(pieces.len())
}

/// Lowercase hex of a byte string, for failure messages.
pub fn hex(b: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 * b.len());
    for &x in b {
        s.push(char::from(DIGITS[usize::from(x >> 4)]));
        s.push(char::from(DIGITS[usize::from(x & 15)]));
    }
    s
}

/// Asserts `got == want`, printing both in hex (only on failure) with `what()`.
#[track_caller]
pub fn assert_bytes_eq(got: &[u8], want: &[u8], what: impl Fn() -> String) {
    if got != want {
        panic!(
            "{}: output differs\n got: {}\nwant: {}",
            what(),
            hex(got),
            hex(want)
        );
    }
}

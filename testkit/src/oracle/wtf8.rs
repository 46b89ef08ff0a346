//! Independent oracles for WTF-8, CESU-8 and Java's Modified UTF-8 (a leaf of the
//! oracle layer: it uses nothing else of the kit; also at `utfast_testkit::wtf8`).
//!
//! - WTF-8, written here from its specification (Simon Sapin, "The WTF-8 encoding"):
//!   encoding is `char::decode_utf16` over the units, each char in UTF-8 and each
//!   unpaired surrogate as the three-byte "generalized UTF-8" form of its code point;
//!   a byte string is WTF-8 iff it is UTF-8 (checked with `core::str::from_utf8`)
//!   with such surrogate sequences, and no lead surrogate is followed by a trail one.
//! - CESU-8 and MUTF-8: the `cesu8` crate (`to_cesu8`/`from_cesu8`,
//!   `to_java_cesu8`/`from_java_cesu8`).

use std::borrow::Cow;

use crate::Encoding;

/// Appends the 1..=3-byte generalized UTF-8 form of `cp` (`cp <= 0xFFFF`, surrogates
/// included).
pub fn push_generalized(cp: u32, out: &mut Vec<u8>) {
    assert!(cp <= 0xFFFF);
    if cp < 0x80 {
        out.push(cp as u8);
    } else if cp < 0x800 {
        out.extend_from_slice(&[0xC0 | (cp >> 6) as u8, 0x80 | (cp & 0x3F) as u8]);
    } else {
        out.extend_from_slice(&[
            0xE0 | (cp >> 12) as u8,
            0x80 | ((cp >> 6) & 0x3F) as u8,
            0x80 | (cp & 0x3F) as u8,
        ]);
    }
}

/// WTF-8 of any 16-bit units (the specification's "encode").
pub fn wtf8_from_units(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::new();
    for r in char::decode_utf16(units.iter().copied()) {
        match r {
            Ok(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            Err(e) => push_generalized(u32::from(e.unpaired_surrogate()), &mut out),
        }
    }
    out
}

/// The 16-bit units of WTF-8 `src`, or `None` if it is not WTF-8.
pub fn wtf8_to_units(src: &[u8]) -> Option<Vec<u16>> {
    let mut units: Vec<u16> = Vec::new();
    let mut prev_lead = false;
    let mut pos = 0;
    while pos < src.len() {
        let (good, rest) = match std::str::from_utf8(&src[pos..]) {
            Ok(s) => (s, &src[src.len()..]),
            Err(e) => {
                let v = e.valid_up_to();
                (
                    std::str::from_utf8(&src[pos..pos + v]).unwrap(),
                    &src[pos + v..],
                )
            }
        };
        if !good.is_empty() {
            units.extend(good.encode_utf16());
            prev_lead = false;
        }
        pos += good.len();
        if rest.is_empty() {
            break;
        }
        // Not UTF-8 here: only a surrogate's three-byte form is WTF-8.
        match *rest {
            [0xED, b1 @ 0xA0..=0xBF, b2 @ 0x80..=0xBF, ..] => {
                let cp = 0xD000 | (u16::from(b1 & 0x3F) << 6) | u16::from(b2 & 0x3F);
                if prev_lead && cp >= 0xDC00 {
                    return None;
                }
                prev_lead = cp < 0xDC00;
                units.push(cp);
                pos += 3;
            }
            _ => return None,
        }
    }
    Some(units)
}

/// CESU-8 (`mutf8 == false`) or MUTF-8 of `s`, by the `cesu8` crate.
pub fn cesu8_from_str(s: &str, mutf8: bool) -> Vec<u8> {
    let v: Cow<[u8]> = if mutf8 {
        cesu8::to_java_cesu8(s)
    } else {
        cesu8::to_cesu8(s)
    };
    v.into_owned()
}

/// The text of CESU-8 (`mutf8 == false`) or MUTF-8 `src`, or `None` if the `cesu8`
/// crate rejects it.
pub fn cesu8_to_string(src: &[u8], mutf8: bool) -> Option<String> {
    let r = if mutf8 {
        cesu8::from_java_cesu8(src)
    } else {
        cesu8::from_cesu8(src)
    };
    r.ok().map(|c| c.into_owned())
}

/// Whether `src` holds a well-formed UTF-8 4-byte sequence (checked with std).
pub fn has_four_byte_sequence(src: &[u8]) -> bool {
    src.utf8_chunks()
        .any(|c| c.valid().chars().any(|ch| ch.len_utf8() == 4))
}

/// The characters of `src` in `from` (one of [`crate::WTF8_FAMILY`]) by the oracles,
/// with lone surrogates (WTF-8) as `Err(unit)`; `None` if `src` is invalid.
pub fn decode(src: &[u8], from: Encoding) -> Option<Vec<Result<char, u16>>> {
    match from {
        Encoding::Wtf8 => {
            let units = wtf8_to_units(src)?;
            Some(
                char::decode_utf16(units)
                    .map(|r| r.map_err(|e| e.unpaired_surrogate()))
                    .collect(),
            )
        }
        Encoding::Mutf8 if src.contains(&0) => None,
        Encoding::Cesu8 | Encoding::Mutf8 if has_four_byte_sequence(src) => None,
        Encoding::Cesu8 | Encoding::Mutf8 => {
            let s = cesu8_to_string(src, from == Encoding::Mutf8)?;
            Some(s.chars().map(Ok).collect())
        }
        _ => None,
    }
}

//! Independent oracles for WTF-8, CESU-8 and Java's Modified UTF-8.
//!
//! - WTF-8, written here from its specification (Simon Sapin, "The WTF-8 encoding"):
//!   encoding is `char::decode_utf16` over the units, each char in UTF-8 and each
//!   unpaired surrogate as the three-byte "generalized UTF-8" form of its code point;
//!   a byte string is WTF-8 iff it is UTF-8 (checked with `core::str::from_utf8`)
//!   with such surrogate sequences, and no lead surrogate is followed by a trail one.
//! - CESU-8 and MUTF-8: the `cesu8` crate (`to_cesu8`/`from_cesu8`,
//!   `to_java_cesu8`/`from_java_cesu8`).

use std::borrow::Cow;

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

// ---------------------------------------------------------------------------------
// Whole-input checks for the fuzz targets
// ---------------------------------------------------------------------------------

use crate::fuzz::{run_kernel, run_scalar};
use crate::harness::Tail;
use crate::{kernels, to_hex, Encoding, ErrorKind, Mode};
use utfast_scalar::transcode::max_output_len;

/// Whether `src` holds a well-formed UTF-8 4-byte sequence (checked with std).
fn has_four_byte_sequence(src: &[u8]) -> bool {
    src.utf8_chunks()
        .any(|c| c.valid().chars().any(|ch| ch.len_utf8() == 4))
}

/// Scalar validation of `src` in `e` (one of [`crate::WTF8_FAMILY`]) agrees with the
/// oracle; `None` for other encodings.
pub fn oracle_agrees(src: &[u8], e: Encoding) -> Option<()> {
    let ours = match e {
        Encoding::Wtf8 => utfast_scalar::wtf8::validate_wtf8(src),
        Encoding::Cesu8 => utfast_scalar::cesu8::validate_cesu8(src),
        Encoding::Mutf8 => utfast_scalar::cesu8::validate_mutf8(src),
        _ => return None,
    };
    let (oracle_ok, what) = match e {
        Encoding::Wtf8 => (wtf8_to_units(src).is_some(), "the WTF-8 specification"),
        // from_java_cesu8 accepts a raw 00, Java's Modified UTF-8 does not; both
        // of the crate's decoders accept UTF-8's 4-byte sequences, which CESU-8
        // (Unicode Technical Report #26) excludes.
        Encoding::Mutf8 if src.contains(&0) => (false, "Java (a raw 00)"),
        _ if has_four_byte_sequence(src) => (false, "UTR #26 (a 4-byte sequence)"),
        _ => (
            cesu8_to_string(src, e == Encoding::Mutf8).is_some(),
            "the cesu8 crate",
        ),
    };
    assert_eq!(
        ours.is_ok(),
        oracle_ok,
        "scalar {e} validation vs {what}: {ours:?}; src {}",
        to_hex(src)
    );
    Some(())
}

/// Validation in WTF-8, CESU-8 and MUTF-8: every kernel against scalar, scalar against
/// the oracles.
pub fn check_validate(src: &[u8]) {
    for e in crate::WTF8_FAMILY {
        oracle_agrees(src, e);
    }
    for k in kernels() {
        let what = |e: &str| format!("{} validate_{e} vs scalar; src {}", k.name(), to_hex(src));
        assert_eq!(
            k.validate_wtf8(src),
            utfast_scalar::wtf8::validate_wtf8(src),
            "{}",
            what("wtf8")
        );
        assert_eq!(
            k.validate_cesu8(src),
            utfast_scalar::cesu8::validate_cesu8(src),
            "{}",
            what("cesu8")
        );
        assert_eq!(
            k.validate_mutf8(src),
            utfast_scalar::cesu8::validate_mutf8(src),
            "{}",
            what("mutf8")
        );
    }
}

/// `crate::fuzz::check_transcode` for pairs with WTF-8, CESU-8 or MUTF-8 on one side:
/// every kernel against scalar with guarded buffers of generous, exact, exact - 1
/// and `cut` / 256 of the exact size (trusted-valid mode only when the input is
/// valid); the `OutputTooSmall` prefix rule; the oracles on the source's validity
/// and, for WTF-8/CESU-8/MUTF-8 -> UTF-16LE/UTF-8, on the output. Returns the scalar
/// output.
pub fn check_transcode(src: &[u8], from: Encoding, to: Encoding, mode: Mode, cut: u8) -> Vec<u8> {
    let cap = max_output_len(from, to, src.len());
    let reference = run_scalar(src, from, to, mode, cap);
    oracle_agrees(src, from);
    let strict = run_scalar(src, from, to, Mode::Strict, cap);
    if strict.result.is_ok() {
        let units = match from {
            Encoding::Wtf8 => wtf8_to_units(src),
            Encoding::Cesu8 | Encoding::Mutf8 => {
                cesu8_to_string(src, from == Encoding::Mutf8).map(|s| s.encode_utf16().collect())
            }
            _ => None,
        };
        if let (Some(units), Encoding::Utf16Le) = (units, to) {
            let want: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
            assert_eq!(
                strict.out,
                want,
                "scalar {from}->UTF-16LE vs oracle; src {}",
                to_hex(src)
            );
        }
    }
    if (from, to) == (Encoding::Utf16Le, Encoding::Wtf8) && src.len().is_multiple_of(2) {
        let units: Vec<u16> = src
            .chunks(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .collect();
        assert_eq!(
            strict.out,
            wtf8_from_units(&units),
            "scalar UTF-16LE->WTF-8 vs oracle"
        );
    }
    let n = reference.written();
    let sizes = [cap, n, n.saturating_sub(1), n * usize::from(cut) / 256];
    if mode == Mode::Valid && strict.result.is_err() {
        for &k in kernels() {
            for len in sizes {
                run_kernel(k, src, from, to, mode, len, Tail::Contract);
            }
        }
        return reference.out;
    }
    for len in sizes {
        let want = run_scalar(src, from, to, mode, len);
        if let Err(e) = want.result {
            if e.kind() == ErrorKind::OutputTooSmall {
                assert_eq!(
                    want.out[..],
                    reference.out[..e.written()],
                    "OutputTooSmall prefix"
                );
                let prefix = run_scalar(&src[..e.valid_up_to()], from, to, mode, cap);
                assert_eq!(
                    prefix.result,
                    Ok(e.written()),
                    "prefix; src {}",
                    to_hex(src)
                );
            }
        }
        let tail = if len < cap {
            Tail::Untouched
        } else {
            Tail::Contract
        };
        for &k in kernels() {
            let got = run_kernel(k, src, from, to, mode, len, tail);
            let what = || {
                format!(
                    "{} vs scalar: {from}->{to} {mode:?} dst {len} src {}",
                    k.name(),
                    to_hex(src)
                )
            };
            assert_eq!(got.result, want.result, "{}", what());
            crate::assert_bytes_eq(&got.out, &want.out, what);
        }
    }
    reference.out
}

/// The characters of `src` in `from` (one of [`crate::WTF8_FAMILY`]) by the oracles,
/// with lone surrogates (WTF-8) as `Err(unit)`; `None` if `src` is invalid.
fn oracle_decode(src: &[u8], from: Encoding) -> Option<Vec<Result<char, u16>>> {
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

/// `oracle::is_valid_for` when `from` is WTF-8, CESU-8 or MUTF-8: valid in `from`,
/// no lone surrogate unless `to` holds one (UTF-16, WTF-8), nothing above U+00FF
/// for a Latin-1 target.
pub fn is_valid_for(src: &[u8], from: Encoding, to: Encoding) -> bool {
    let Some(chars) = oracle_decode(src, from) else {
        return false;
    };
    let lone_ok = matches!(to, Encoding::Utf16Le | Encoding::Utf16Be | Encoding::Wtf8);
    chars.iter().all(|c| match c {
        Ok(c) => to != Encoding::Latin1 || (*c as u32) <= 0xFF,
        Err(_) => lone_ok,
    })
}

/// `oracle::make_valid_for` when `from` is WTF-8, CESU-8 or MUTF-8: std's lossy
/// UTF-8 reading of `src`, written in `from` (and with `?` for characters above
/// U+00FF when `to` is Latin-1).
pub fn make_valid_for(src: &[u8], from: Encoding, to: Encoding) -> Vec<u8> {
    let text = String::from_utf8_lossy(src);
    let text: String = if to == Encoding::Latin1 {
        text.chars()
            .map(|c| if (c as u32) <= 0xFF { c } else { '?' })
            .collect()
    } else {
        text.into_owned()
    };
    crate::oracle::encode_str(&text, from)
}

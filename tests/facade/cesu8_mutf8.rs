//! `utfast::cesu8` and `utfast::mutf8` against the validators and transcoders they
//! are built on, and the `const fn` `mutf8::is_valid` against `validate_mutf8`.

use std::borrow::Cow;
use utfast::{Encoding, Mode};
use utfast_testkit::Rng;

/// Short inputs over the bytes that matter to CESU-8 and MUTF-8 (surrogate
/// sequences, C0 80, four-byte leads, 00), padded to reach the kernels too.
fn inputs() -> Vec<Vec<u8>> {
    const ALPHABET: &[u8] = &[
        0x00, 0x41, 0x80, 0x9F, 0xA0, 0xAF, 0xB0, 0xBD, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE2, 0xED,
        0xEF, 0xF0, 0x9F,
    ];
    let mut rng = Rng(0x5EED_0035);
    let mut out = Vec::new();
    for i in 0..4000 {
        let len = rng.below(9);
        let mut v: Vec<u8> = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect();
        if i % 4 == 0 {
            let mut p = "ä".repeat(40).into_bytes();
            p.extend_from_slice(&v);
            p.extend_from_slice(b"\xED\xA0\xBD\xED\xB8\x80 tail");
            v = p;
        }
        out.push(v);
    }
    out
}

#[test]
fn is_valid_is_validate_mutf8() {
    // Evaluated at compile time: a `const fn` in a const item.
    const _: () = assert!(utfast::mutf8::is_valid(b"\xC0\x80\xED\xA0\x81\xED\xB0\x81"));
    const _: () = assert!(!utfast::mutf8::is_valid(b"\x00"));
    for v in inputs() {
        assert_eq!(
            utfast::mutf8::is_valid(&v),
            utfast::validate_mutf8(&v).is_ok(),
            "{v:02x?}"
        );
    }
}

#[test]
fn decoders_follow_the_validators() {
    for v in inputs() {
        let utf8 = std::str::from_utf8(&v).ok();
        for (enc, strict, loose, lossy_strict) in [
            (
                Encoding::Cesu8,
                utfast::cesu8::decode_strict(&v),
                utfast::cesu8::decode(&v),
                utfast::cesu8::decode_lossy_strict(&v),
            ),
            (
                Encoding::Mutf8,
                utfast::mutf8::decode_strict(&v),
                utfast::mutf8::decode(&v),
                utfast::mutf8::decode_lossy_strict(&v),
            ),
        ] {
            let want = utfast::transcode_to_string(&v, enc, Mode::Strict).ok();
            // Strict: exactly the encoding's valid inputs, decoded as the transcoder does.
            assert_eq!(strict.as_deref().ok(), want.as_deref(), "{enc} {v:02x?}");
            // Borrowed only when the UTF-8 reading means the same.
            if let Ok(Cow::Borrowed(s)) = &strict {
                assert_eq!(Some(*s), utf8);
            }
            // Lenient: UTF-8 first, then the encoding.
            assert_eq!(
                loose.as_deref().ok(),
                utf8.or(want.as_deref()),
                "{enc} {v:02x?}"
            );
            // Lossy of valid input is the strict result; of invalid input, valid text
            // with at least one replacement.
            match &want {
                Some(w) => assert_eq!(&*lossy_strict, w.as_str()),
                None => assert!(lossy_strict.contains('\u{FFFD}'), "{enc} {v:02x?}"),
            }
        }
    }
}

#[test]
fn encoders_round_trip() {
    let mut rng = Rng(0x5EED_0036);
    for len in [0, 1, 10, 300] {
        let text = utfast_testkit::char_runs(&mut || rng.next(), len) + "\0😀";
        for (enc, bytes) in [
            (Encoding::Cesu8, utfast::cesu8::encode(&text)),
            (Encoding::Mutf8, utfast::mutf8::encode(&text)),
        ] {
            assert!(
                utfast::validate(&bytes, enc).is_ok()
                    || enc == Encoding::Cesu8 && text.contains('\0')
            );
            let back = if enc == Encoding::Mutf8 {
                utfast::mutf8::decode_strict(&bytes)
            } else {
                utfast::cesu8::decode_strict(&bytes)
            };
            assert_eq!(back.unwrap(), text, "{enc}");
        }
    }
}

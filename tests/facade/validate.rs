//! The validation API of the facade against std on small cases, on the active kernel:
//! `validate_utf8`, `from_utf8(_mut)`, `is_utf8`, `is_ascii`, UTF-16/UTF-32
//! validation, error kinds, labels, BOM and encoding detection, the `kernel` module,
//! and the streaming `Utf8Validator`. (Every kernel is tested against scalar in the
//! kernel tests of `utfast-simd`.)

use super::{padded_samples, std_err, SAMPLES};
use utfast::{Encoding, ErrorKind, Utf8Validator};
use utfast_testkit::Rng;

fn our_err(s: &[u8]) -> Result<(), (usize, Option<usize>)> {
    utfast::validate_utf8(s).map_err(|e| (e.valid_up_to(), e.error_len()))
}

#[test]
fn validate_utf8_matches_std() {
    println!("kernel: {}", utfast::kernel::active().name());
    for s in padded_samples() {
        assert_eq!(our_err(&s), std_err(&s), "{s:02X?}");
        assert_eq!(utfast::is_utf8(&s), std_err(&s).is_ok());
        assert_eq!(
            utfast::from_utf8(&s).ok(),
            std::str::from_utf8(&s).ok(),
            "{s:02X?}"
        );
        let mut m = s.clone();
        assert_eq!(utfast::from_utf8_mut(&mut m).is_ok(), std_err(&s).is_ok());
        assert_eq!(utfast::is_ascii(&s), s.is_ascii());
        if let Err(e) = utfast::validate_utf8(&s) {
            let (kind, len) = utfast_kind(&s[e.valid_up_to()..]);
            assert_eq!((e.kind(), e.error_len().map(|n| n as u8)), (kind, len));
        }
    }
}

fn utfast_kind(rest: &[u8]) -> (ErrorKind, Option<u8>) {
    utfast_scalar::utf8::classify_error(rest)
}

#[test]
fn error_kinds() {
    let kind = |s: &[u8]| utfast::validate_utf8(s).unwrap_err().kind();
    assert_eq!(kind(b"\x80"), ErrorKind::UnexpectedContinuation);
    assert_eq!(kind(b"\xFF"), ErrorKind::InvalidLeadByte);
    assert_eq!(kind(b"\xC2a"), ErrorKind::TooShort);
    assert_eq!(kind(b"\xE0\x80\x80"), ErrorKind::Overlong);
    assert_eq!(kind(b"\xED\xA0\x80"), ErrorKind::Surrogate);
    assert_eq!(kind(b"\xF4\x90\x80\x80"), ErrorKind::TooLarge);
    // std::error::Error is implemented.
    let bad = vec![b'a', 0xFF];
    let e: Box<dyn std::error::Error> = Box::new(utfast::validate_utf8(&bad).unwrap_err());
    assert_eq!(
        e.to_string(),
        std::str::from_utf8(&bad).unwrap_err().to_string()
    );
}

#[test]
fn validate_utf16_and_utf32_positions() {
    use ErrorKind::*;
    let v16 = |s: &[u16]| utfast::validate_utf16(s).map_err(|e| (e.valid_up_to(), e.kind()));
    assert_eq!(v16(&[0x61, 0xD83D, 0xDE00]), Ok(()));
    assert_eq!(v16(&[0x61, 0xD83D]), Err((1, UnpairedHighSurrogate)));
    assert_eq!(v16(&[0x61, 0x62, 0xDE00]), Err((2, UnpairedLowSurrogate)));
    assert_eq!(
        v16(&[0xD800, 0xD800, 0xDC00]),
        Err((0, UnpairedHighSurrogate))
    );
    let mut long: Vec<u16> = "ab😀".repeat(40).encode_utf16().collect();
    long.push(0xDC00);
    assert_eq!(v16(&long), Err((long.len() - 1, UnpairedLowSurrogate)));
    for (bytes, le) in [
        (
            long.iter()
                .flat_map(|u| u.to_le_bytes())
                .collect::<Vec<u8>>(),
            true,
        ),
        (long.iter().flat_map(|u| u.to_be_bytes()).collect(), false),
    ] {
        let r = if le {
            utfast::validate_utf16le(&bytes)
        } else {
            utfast::validate_utf16be(&bytes)
        };
        let e = r.unwrap_err();
        assert_eq!(
            (e.valid_up_to(), e.kind()),
            (bytes.len() - 2, UnpairedLowSurrogate)
        );
    }
    assert_eq!(
        utfast::validate_utf16le(b"a\x00b").unwrap_err().kind(),
        TruncatedUnit
    );

    let v32 = |s: &[u32]| utfast::validate_utf32(s).map_err(|e| (e.valid_up_to(), e.kind()));
    assert_eq!(v32(&[0, 0xD7FF, 0xE000, 0x10FFFF]), Ok(()));
    assert_eq!(v32(&[0x61, 0xD800]), Err((1, Surrogate)));
    assert_eq!(v32(&[0x61, 0x62, 0x110000]), Err((2, TooLarge)));
    let e = utfast::validate_utf32be(b"\x00\x00\x00a\x00\x00\xD8\x00").unwrap_err();
    assert_eq!((e.valid_up_to(), e.kind()), (4, Surrogate));
    let e = utfast::validate_utf32le(b"a\x00\x00\x00a\x00").unwrap_err();
    assert_eq!((e.valid_up_to(), e.kind()), (4, TruncatedUnit));
}

#[test]
fn labels_bom_and_detection() {
    for (label, enc) in [
        ("utf-8", Encoding::Utf8),
        ("utf8", Encoding::Utf8),
        ("UTF-8", Encoding::Utf8),
        ("utf-16le", Encoding::Utf16Le),
        ("UTF-16BE", Encoding::Utf16Be),
        ("utf-32le", Encoding::Utf32Le),
        ("UTF-32BE", Encoding::Utf32Be),
        ("latin1", Encoding::Latin1),
        ("iso-8859-1", Encoding::Latin1),
        ("ISO-8859-1", Encoding::Latin1),
    ] {
        assert_eq!(Encoding::from_label(label), Some(enc), "{label}");
    }
    assert_eq!(Encoding::from_label("utf-7"), None);
    assert_eq!(
        utfast::detect_bom(b"\xEF\xBB\xBFx"),
        Some((Encoding::Utf8, 3))
    );
    assert_eq!(
        utfast::detect_bom(b"\xFE\xFF"),
        Some((Encoding::Utf16Be, 2))
    );
    assert_eq!(
        utfast::detect_bom(b"\xFF\xFE\x00\x00"),
        Some((Encoding::Utf32Le, 4))
    );
    assert_eq!(utfast::detect_bom(b"x"), None);
    for s in padded_samples() {
        let ours = utfast::detect_encodings(&s);
        assert_eq!(ours, utfast_scalar::encoding::detect_encodings(&s));
        assert_eq!(ours.contains(Encoding::Utf8), std_err(&s).is_ok());
    }
}

#[test]
fn kernel_module() {
    let names: Vec<&str> = utfast::kernel::available().map(|k| k.name()).collect();
    println!("available kernels: {names:?}");
    assert_eq!(names.last(), Some(&"scalar"));
    assert!(names.contains(&utfast::kernel::active().name()));
    assert!(utfast::kernel::by_name("SCALAR").is_some());
}

// ---------------------------------------------------------------- streaming

fn stream(parts: &[&[u8]]) -> Result<(), (usize, Option<usize>)> {
    let mut v = Utf8Validator::new();
    for p in parts {
        v.update(p);
    }
    v.finish().map_err(|e| (e.valid_up_to(), e.error_len()))
}

fn stream_inputs() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = SAMPLES.iter().map(|s| s.to_vec()).collect();
    // Pairs of samples: errors after valid multi-byte text, and vice versa.
    for a in SAMPLES.iter().skip(3).step_by(3) {
        for b in SAMPLES.iter().step_by(4) {
            let mut x = a.to_vec();
            x.extend_from_slice(b);
            if x.len() <= 20 {
                v.push(x);
            }
        }
    }
    v
}

#[test]
fn stream_every_split_in_two_and_three() {
    for s in stream_inputs() {
        let want = std_err(&s);
        let n = s.len();
        for i in 0..=n {
            assert_eq!(stream(&[&s[..i], &s[i..]]), want, "{s:02X?} at {i}");
            for j in i..=n {
                let got = stream(&[&s[..i], &s[i..j], &s[j..]]);
                assert_eq!(got, want, "{s:02X?} at {i},{j}");
            }
        }
        // One byte at a time, with empty chunks in between.
        let mut v = Utf8Validator::default();
        for b in &s {
            v.update(&[]);
            v.update(std::slice::from_ref(b));
        }
        assert_eq!(
            v.finish().map_err(|e| (e.valid_up_to(), e.error_len())),
            want
        );
    }
}

#[test]
fn stream_random_splits_of_long_inputs() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let base = "Lorem ipsum — Grüße 世界 😀 ".repeat(200).into_bytes();
    for round in 0..300 {
        let mut s = base[..rng.below(base.len())].to_vec();
        if round % 3 != 0 {
            // Corrupt with a tricky sample (may also be valid).
            let bad = SAMPLES[rng.below(SAMPLES.len())];
            let at = rng.below(s.len() + 1);
            s.splice(at..at, bad.iter().copied());
        }
        let want = std_err(&s);
        let mut cuts: Vec<usize> = (0..rng.below(8)).map(|_| rng.below(s.len() + 1)).collect();
        cuts.sort_unstable();
        let mut v = Utf8Validator::new();
        let mut start = 0;
        for c in cuts.into_iter().chain([s.len()]) {
            v.update(&s[start..c]);
            start = c;
        }
        let got = v.finish().map_err(|e| (e.valid_up_to(), e.error_len()));
        assert_eq!(got, want, "round {round}");
    }
}

#[test]
fn stream_ignores_input_after_error() {
    let mut v = Utf8Validator::new();
    v.update(b"ab\xFF");
    v.update("valid é".as_bytes());
    assert_eq!(v.error().map(|e| e.valid_up_to()), Some(2));
    assert_eq!(v.finish().unwrap_err().valid_up_to(), 2);
}

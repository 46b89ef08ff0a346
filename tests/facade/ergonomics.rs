//! The newcomer's API of issue 32: exact-size `transcode_to_vec` and
//! `transcode_to_string` (against the worst-case buffer they replaced), WTF-8 <->
//! `&[u16]`, labels and `FromStr`, error messages, `DecodeError::from_io`.

use utfast::{Encoding, ErrorKind, Mode, TranscodeError};
use utfast_testkit::{char_runs, damage, each_kernel, text_bytes, Rng};

/// Random text in `from` (any encoding), damaged about once every `every` bytes.
fn text_in(rng: &mut Rng, from: Encoding, len: usize, every: usize) -> Vec<u8> {
    let text = char_runs(&mut || rng.next(), len);
    let mut bytes = text_bytes(&text, from);
    if every > 0 {
        damage(rng, &mut bytes, every);
    }
    bytes
}

/// What `transcode_to_vec` returned before it sized its output exactly.
fn worst_case(
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
) -> Result<Vec<u8>, TranscodeError> {
    let mut out = vec![0u8; utfast::max_output_len(from, to, src.len())];
    let n = utfast::transcode(src, &mut out, from, to, mode)?;
    out.truncate(n);
    Ok(out)
}

#[test]
fn transcode_to_vec_is_exact_and_unchanged() {
    if each_kernel("ergonomics::transcode_to_vec_is_exact_and_unchanged") {
        return;
    }
    let mut rng = Rng(0x5EED_0032);
    let (mut ok, mut err) = (0, 0);
    for from in Encoding::ALL {
        for i in 0..12 {
            let src = text_in(
                &mut rng,
                from,
                [5, 90, 700][i % 3],
                [0, 0, 40, 300][i / 3 % 4],
            );
            for to in Encoding::ALL {
                for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
                    let got = utfast::transcode_to_vec(&src, from, to, mode);
                    // Trusted-valid output of invalid input is unspecified.
                    let valid = utfast::validate(&src, from).is_ok();
                    if mode == Mode::Valid && !valid {
                        continue;
                    }
                    let want = worst_case(&src, from, to, mode);
                    assert_eq!(got, want, "{from} -> {to} {mode:?} {src:02x?}");
                    match got {
                        Ok(v) => {
                            assert_eq!(v.capacity(), v.len(), "{from} -> {to} {mode:?}: not exact");
                            ok += 1;
                        }
                        Err(_) => err += 1,
                    }
                }
            }
        }
    }
    assert!(ok > 1000 && err > 100, "{ok} ok, {err} errors");
}

#[test]
fn transcode_to_string_is_transcode_to_utf8() {
    let mut rng = Rng(0x5EED_0033);
    for from in Encoding::ALL {
        for i in 0..8 {
            let src = text_in(&mut rng, from, 200, [0, 50][i % 2]);
            for mode in [Mode::Strict, Mode::Lossy] {
                let want = worst_case(&src, from, Encoding::Utf8, mode)
                    .map(|v| String::from_utf8(v).expect("UTF-8"));
                assert_eq!(
                    utfast::transcode_to_string(&src, from, mode),
                    want,
                    "{from} {mode:?}"
                );
            }
        }
    }
}

#[test]
fn wtf8_round_trips_any_units() {
    let mut rng = Rng(0x5EED_0034);
    for len in [0usize, 1, 7, 64, 1000] {
        // Any units, lone surrogates included (a Windows file name, a JS string).
        let units: Vec<u16> = (0..len)
            .map(|_| match rng.below(4) {
                0 => 0xD800 + rng.below(0x800) as u16,
                1 => rng.below(0x80) as u16,
                _ => rng.next() as u16,
            })
            .collect();
        let wtf8 = utfast::utf16_to_wtf8_vec(&units);
        assert!(utfast::validate_wtf8(&wtf8).is_ok());
        assert_eq!(utfast::wtf8_to_utf16_vec(&wtf8), Ok(units.clone()));
        // Well-formed UTF-16 gives its UTF-8.
        if let Ok(s) = String::from_utf16(&units) {
            assert_eq!(wtf8, s.as_bytes());
        }
    }
}

#[test]
fn labels_of_every_registry() {
    let cases: &[(&str, Encoding)] = &[
        // WHATWG
        ("unicode-1-1-utf-8", Encoding::Utf8),
        ("x-cp1251", Encoding::Windows1251),
        ("csibm866", Encoding::Ibm866),
        ("koi", Encoding::Koi8R),
        ("unicodefffe", Encoding::Utf16Be),
        // iconv
        ("ISO-10646/UTF-8", Encoding::Utf8),
        ("ISO_8859-1:1987", Encoding::Latin1),
        ("MS-CYRL", Encoding::Windows1251),
        ("UCS-4LE", Encoding::Utf32Le),
        ("CSKOI8R", Encoding::Koi8R),
        // Python
        ("utf_16_le", Encoding::Utf16Le),
        ("koi8_r", Encoding::Koi8R),
        ("latin_1", Encoding::Latin1),
        ("iso_ir_100", Encoding::Latin1),
        ("unicodebigunmarked", Encoding::Utf16Be),
        ("U8", Encoding::Utf8),
        // PostgreSQL
        ("UTF8", Encoding::Utf8),
        ("LATIN1", Encoding::Latin1),
        ("KOI8R", Encoding::Koi8R),
        ("WIN1251", Encoding::Windows1251),
        ("WIN866", Encoding::Ibm866),
        ("ALT", Encoding::Ibm866),
        // Punctuation, case, whitespace and quotes
        ("windows1251", Encoding::Windows1251),
        ("WINDOWS_1251", Encoding::Windows1251),
        (" \"windows-1251\" ", Encoding::Windows1251),
        ("'utf-8'", Encoding::Utf8),
        ("Utf.8", Encoding::Utf8),
    ];
    for &(label, want) in cases {
        assert_eq!(label.parse::<Encoding>(), Ok(want), "{label}");
        assert_eq!(Encoding::from_label(label), Some(want), "{label}");
    }
    for (label, want) in [
        ("windows-1252", Encoding::Windows1252),
        ("koi8-u", Encoding::Koi8U),
        ("iso-8859-2", Encoding::Iso8859_2),
        ("latin1", Encoding::Latin1),
        ("cp874", Encoding::Windows874),
    ] {
        assert_eq!(Encoding::parse_label(label), Ok(want), "{label}");
    }
    for (label, name) in [
        ("ascii", "US-ASCII"),
        ("shift_jis", "Shift_JIS"),
        ("GBK", "GBK"),
    ] {
        let e = Encoding::parse_label(label).unwrap_err();
        assert_eq!(
            e.kind(),
            utfast::LabelErrorKind::Unsupported { name },
            "{label}"
        );
        assert!(e.to_string().starts_with(&format!("{name} ")), "{e}");
    }
    let e = "utf-16".parse::<Encoding>().unwrap_err();
    assert_eq!(
        e.kind(),
        utfast::LabelErrorKind::NoByteOrder { unit_bits: 16 }
    );
    let e = "no-such-thing".parse::<Encoding>().unwrap_err();
    assert_eq!((e.label(), e.suggestion()), ("no-such-thing", None));
    assert_eq!(
        "ut8".parse::<Encoding>().unwrap_err().suggestion(),
        Some(Encoding::Utf8)
    );
}

#[test]
fn native_constants_are_the_native_units() {
    let units: Vec<u16> = "h😀".encode_utf16().collect();
    let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_ne_bytes()).collect();
    assert_eq!(utfast::validate(&bytes, Encoding::UTF16_NATIVE), Ok(()));
    let v = utfast::transcode_to_vec(
        &bytes,
        Encoding::UTF16_NATIVE,
        Encoding::UTF32_NATIVE,
        Mode::Strict,
    )
    .unwrap();
    assert_eq!(
        v,
        [0x68u32, 0x1F600]
            .iter()
            .flat_map(|u| u.to_ne_bytes())
            .collect::<Vec<u8>>()
    );
}

#[test]
fn messages_name_the_unit_and_the_target() {
    let mut dst = [0u8; 64];
    let e = utfast::utf8_to_latin1("ab€".as_bytes(), &mut dst).unwrap_err();
    assert_eq!(
        e.to_string(),
        "U+20AC at byte 2 is not representable in ISO-8859-1"
    );
    assert_eq!(e.character(), Some('€'));
    // `&[u16]` input counts UTF-16 units.
    let src: Vec<u16> = "ab€".encode_utf16().collect();
    let e = utfast::utf16_to_latin1(&src, &mut dst).unwrap_err();
    assert_eq!(
        e.to_string(),
        "U+20AC at UTF-16 unit 2 is not representable in ISO-8859-1"
    );
    let e = utfast::utf16_to_utf8(&[0x61, 0xDC00], &mut dst).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "invalid {} at UTF-16 unit 1: unpaired low surrogate",
            Encoding::UTF16_NATIVE
        )
    );
    let e = utfast::utf8_to_utf16("abc".as_bytes(), &mut [0u16; 1]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutputTooSmall);
    assert_eq!(
        e.to_string(),
        "output buffer too small: 1 UTF-16 unit written for the first 1 byte of input"
    );
    let e = utfast::transcode(
        "Ж😀".as_bytes(),
        &mut dst,
        Encoding::Utf8,
        Encoding::Ibm866,
        Mode::Strict,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "U+1F600 at byte 2 is not representable in IBM866"
    );
}

#[test]
fn decode_error_from_io() {
    use std::io::Read;
    let mut r = utfast::io::TranscodingReader::new(
        &b"\x00a\xDC\x00"[..],
        Encoding::Utf16Be,
        Encoding::Utf8,
        Mode::Strict,
    );
    let err = r.read_to_end(&mut Vec::new()).unwrap_err();
    let e = utfast::DecodeError::from_io(&err).expect("a DecodeError");
    assert_eq!(
        (e.offset, e.kind, e.encoding),
        (2, ErrorKind::UnpairedLowSurrogate, Encoding::Utf16Be)
    );
    assert!(
        utfast::DecodeError::from_io(&std::io::Error::from(std::io::ErrorKind::InvalidData))
            .is_none()
    );
}

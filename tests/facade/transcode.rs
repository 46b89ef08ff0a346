//! Transcoding tests of the facade against std: every native direction in every mode,
//! OutputTooSmall positions, LE/BE byte variants, lengths, alloc helpers.

use super::SAMPLES;
use utfast::{Encoding, ErrorKind, Mode, TranscodeError};
use utfast_testkit::Rng;

type Conv<S, D> = fn(&[S], &mut [D]) -> Result<usize, TranscodeError>;

/// One direction: its three functions and how to build its input/output from text.
struct Dir<S, D> {
    name: &'static str,
    strict: Conv<S, D>,
    lossy: Option<Conv<S, D>>,
    valid: Option<Conv<S, D>>,
    max: fn(usize) -> usize,
    exact: fn(&[S]) -> usize,
    src_of: fn(&str) -> Vec<S>,
    dst_of: fn(&str) -> Vec<D>,
    latin1_target: bool,
    latin1_source: bool,
}

fn u8s(s: &str) -> Vec<u8> {
    s.as_bytes().to_vec()
}
fn u16s(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}
fn u32s(s: &str) -> Vec<u32> {
    s.chars().map(u32::from).collect()
}
pub(crate) fn l1s(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| if (c as u32) < 256 { c as u8 } else { b'?' })
        .collect()
}

pub(crate) fn texts() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        "a",
        "hé",
        "Grüße, 世界 😀 ÿ",
        "日本語",
        "café ÿ\u{80}\u{FF}",
        "😀😀",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push("Lorem ipsum — Grüße 世界 😀 ".repeat(12));
    v.push("caf\u{E9} \u{FF}".repeat(30));
    v
}

fn check_dir<
    S: Copy + PartialEq + std::fmt::Debug + Default,
    D: Copy + PartialEq + std::fmt::Debug + Default,
>(
    d: &Dir<S, D>,
) {
    for text in texts() {
        if d.latin1_source && text.chars().any(|c| c as u32 > 255) {
            continue;
        }
        let fits_latin1 = text.chars().all(|c| (c as u32) < 256);
        let src = (d.src_of)(&text);
        let want = (d.dst_of)(&text);
        let mut dst = vec![D::default(); (d.max)(src.len())];
        let fns = [Some(d.strict), d.lossy, d.valid];
        for (i, f) in fns.iter().enumerate() {
            let Some(f) = f else { continue };
            let r = f(&src, &mut dst);
            if d.latin1_target && !fits_latin1 && i == 0 {
                let e = r.unwrap_err();
                assert_eq!(e.kind(), ErrorKind::NotLatin1, "{} {text:?}", d.name);
                let ok: String = text.chars().take_while(|&c| (c as u32) < 256).collect();
                assert_eq!(e.valid_up_to(), (d.src_of)(&ok).len());
                assert_eq!(dst[..e.written()], (d.dst_of)(&ok)[..]);
                continue;
            }
            if d.latin1_target && !fits_latin1 && i == 2 {
                continue; // trusted-valid mode on a text Latin-1 cannot hold: unspecified
            }
            let n = r.unwrap_or_else(|e| panic!("{} mode {i} {text:?}: {e}", d.name));
            assert_eq!(dst[..n], want[..], "{} mode {i} {text:?}", d.name);
        }
        if fits_latin1 || !d.latin1_target {
            assert_eq!((d.exact)(&src), want.len(), "{} exact length", d.name);
        }
        // Too-small buffers: the longest prefix of whole characters that fits.
        if d.latin1_target && !fits_latin1 {
            continue;
        }
        let chars: Vec<(usize, usize)> = text
            .chars()
            .map(|c| {
                let s = c.to_string();
                ((d.src_of)(&s).len(), (d.dst_of)(&s).len())
            })
            .collect();
        for k in 0..want.len().min(40) {
            let mut small = vec![D::default(); k];
            let e = (d.strict)(&src, &mut small).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::OutputTooSmall, "{} k={k}", d.name);
            let (mut su, mut du) = (0, 0);
            for &(s, dd) in &chars {
                if du + dd > k {
                    break;
                }
                su += s;
                du += dd;
            }
            assert_eq!(
                (e.valid_up_to(), e.written()),
                (su, du),
                "{} k={k} {text:?}",
                d.name
            );
            assert_eq!(small[..du], want[..du]);
            if let Some(lossy) = d.lossy {
                let e = lossy(&src, &mut small).unwrap_err();
                assert_eq!(
                    (e.kind(), e.valid_up_to(), e.written()),
                    (ErrorKind::OutputTooSmall, su, du)
                );
            }
        }
    }
}

#[test]
fn native_directions_match_std() {
    check_dir(&Dir {
        lossy: Some(utfast::utf8_to_utf16_lossy),
        valid: Some(utfast::utf8_to_utf16_valid),
        ..dir0(
            "utf8_to_utf16",
            utfast::utf8_to_utf16,
            utfast::utf16_len_max_from_utf8,
            utfast::utf16_len_from_utf8,
            u8s,
            u16s,
        )
    });
    check_dir(&Dir {
        lossy: Some(utfast::utf8_to_utf32_lossy),
        valid: Some(utfast::utf8_to_utf32_valid),
        ..dir0(
            "utf8_to_utf32",
            utfast::utf8_to_utf32,
            utfast::utf32_len_max_from_utf8,
            utfast::utf32_len_from_utf8,
            u8s,
            u32s,
        )
    });
    check_dir(&Dir {
        lossy: Some(utfast::utf8_to_latin1_lossy),
        valid: Some(utfast::utf8_to_latin1_valid),
        latin1_target: true,
        ..dir0(
            "utf8_to_latin1",
            utfast::utf8_to_latin1,
            utfast::latin1_len_max_from_utf8,
            utfast::latin1_len_from_utf8,
            u8s,
            l1s,
        )
    });
    check_dir(&Dir {
        lossy: Some(utfast::utf16_to_utf8_lossy),
        valid: Some(utfast::utf16_to_utf8_valid),
        ..dir0(
            "utf16_to_utf8",
            utfast::utf16_to_utf8,
            utfast::utf8_len_max_from_utf16,
            utfast::utf8_len_from_utf16,
            u16s,
            u8s,
        )
    });
    check_dir(&Dir {
        lossy: Some(utfast::utf16_to_utf32_lossy),
        valid: Some(utfast::utf16_to_utf32_valid),
        ..dir0(
            "utf16_to_utf32",
            utfast::utf16_to_utf32,
            utfast::utf32_len_max_from_utf16,
            utfast::utf32_len_from_utf16,
            u16s,
            u32s,
        )
    });
    check_dir(&Dir {
        lossy: Some(utfast::utf16_to_latin1_lossy),
        valid: Some(utfast::utf16_to_latin1_valid),
        latin1_target: true,
        ..dir0(
            "utf16_to_latin1",
            utfast::utf16_to_latin1,
            utfast::latin1_len_max_from_utf16,
            utfast::latin1_len_from_utf16,
            u16s,
            l1s,
        )
    });
    check_dir(&Dir {
        lossy: Some(utfast::utf32_to_utf8_lossy),
        valid: Some(utfast::utf32_to_utf8_valid),
        ..dir0(
            "utf32_to_utf8",
            utfast::utf32_to_utf8,
            utfast::utf8_len_max_from_utf32,
            utfast::utf8_len_from_utf32,
            u32s,
            u8s,
        )
    });
    check_dir(&Dir {
        lossy: Some(utfast::utf32_to_utf16_lossy),
        valid: Some(utfast::utf32_to_utf16_valid),
        ..dir0(
            "utf32_to_utf16",
            utfast::utf32_to_utf16,
            utfast::utf16_len_max_from_utf32,
            utfast::utf16_len_from_utf32,
            u32s,
            u16s,
        )
    });
    check_dir(&Dir {
        lossy: Some(utfast::utf32_to_latin1_lossy),
        valid: Some(utfast::utf32_to_latin1_valid),
        latin1_target: true,
        ..dir0(
            "utf32_to_latin1",
            utfast::utf32_to_latin1,
            utfast::latin1_len_max_from_utf32,
            utfast::latin1_len_from_utf32,
            u32s,
            l1s,
        )
    });
    check_dir(&Dir {
        latin1_source: true,
        ..dir0(
            "latin1_to_utf8",
            utfast::latin1_to_utf8,
            utfast::utf8_len_max_from_latin1,
            utfast::utf8_len_from_latin1,
            l1s,
            u8s,
        )
    });
    check_dir(&Dir {
        latin1_source: true,
        ..dir0(
            "latin1_to_utf16",
            utfast::latin1_to_utf16,
            utfast::utf16_len_max_from_latin1,
            utfast::utf16_len_from_latin1,
            l1s,
            u16s,
        )
    });
    check_dir(&Dir {
        latin1_source: true,
        ..dir0(
            "latin1_to_utf32",
            utfast::latin1_to_utf32,
            utfast::utf32_len_max_from_latin1,
            utfast::utf32_len_from_latin1,
            l1s,
            u32s,
        )
    });
}

fn dir0<S, D>(
    name: &'static str,
    strict: Conv<S, D>,
    max: fn(usize) -> usize,
    exact: fn(&[S]) -> usize,
    src_of: fn(&str) -> Vec<S>,
    dst_of: fn(&str) -> Vec<D>,
) -> Dir<S, D> {
    Dir {
        name,
        strict,
        lossy: None,
        valid: None,
        max,
        exact,
        src_of,
        dst_of,
        latin1_target: false,
        latin1_source: false,
    }
}

/// First error of UTF-16 per std: (unit index, kind).
fn utf16_first_error(s: &[u16]) -> Option<(usize, ErrorKind)> {
    let mut at = 0;
    for r in char::decode_utf16(s.iter().copied()) {
        match r {
            Ok(c) => at += c.len_utf16(),
            Err(e) => {
                let kind = if e.unpaired_surrogate() >= 0xDC00 {
                    ErrorKind::UnpairedLowSurrogate
                } else {
                    ErrorKind::UnpairedHighSurrogate
                };
                return Some((at, kind));
            }
        }
    }
    None
}

fn utf16_samples() -> Vec<Vec<u16>> {
    let mut v: Vec<Vec<u16>> = vec![
        vec![0xD800],
        vec![0xDC00],
        vec![0x61, 0xD83D],
        vec![0x61, 0xDE00, 0x62],
        vec![0xD83D, 0xDE00, 0xD83D],
        vec![0xD800, 0xD800, 0xDC00],
        vec![0xDBFF, 0xDFFF, 0xDFFF],
    ];
    let long: Vec<u16> = "Grüße 世界 😀 ".repeat(10).encode_utf16().collect();
    for s in v.clone() {
        let mut x = long.clone();
        x.extend(&s);
        x.extend(&long);
        v.push(x);
    }
    v
}

#[test]
fn invalid_utf8_input() {
    for s in super::padded_samples() {
        let std = std::str::from_utf8(&s);
        let lossy = String::from_utf8_lossy(&s);
        let mut d16 = vec![0u16; utfast::utf16_len_max_from_utf8(s.len())];
        let mut d32 = vec![0u32; utfast::utf32_len_max_from_utf8(s.len())];
        let mut d8 = vec![0u8; utfast::max_output_len(Encoding::Utf8, Encoding::Utf8, s.len())];
        match std {
            Ok(_) => continue,
            Err(e) => {
                let prefix = std::str::from_utf8(&s[..e.valid_up_to()]).unwrap();
                let kind = utfast::validate_utf8(&s).unwrap_err().kind();
                let err = utfast::utf8_to_utf16(&s, &mut d16).unwrap_err();
                assert_eq!(
                    (err.kind(), err.valid_up_to(), err.written()),
                    (kind, e.valid_up_to(), u16s(prefix).len())
                );
                assert_eq!(d16[..err.written()], u16s(prefix)[..]);
                let err = utfast::utf8_to_utf32(&s, &mut d32).unwrap_err();
                assert_eq!(
                    (err.kind(), err.valid_up_to(), err.written()),
                    (kind, e.valid_up_to(), u32s(prefix).len())
                );
                let err = utfast::utf8_to_utf16le(&s, &mut d8).unwrap_err();
                assert_eq!(
                    (err.valid_up_to(), err.written()),
                    (e.valid_up_to(), 2 * u16s(prefix).len())
                );
            }
        }
        let n = utfast::utf8_to_utf16_lossy(&s, &mut d16).unwrap();
        assert_eq!(d16[..n], u16s(&lossy)[..], "{s:02X?}");
        let n = utfast::utf8_to_utf32_lossy(&s, &mut d32).unwrap();
        assert_eq!(d32[..n], u32s(&lossy)[..]);
        let n = utfast::utf8_to_latin1_lossy(&s, &mut d8).unwrap();
        assert_eq!(d8[..n], l1s(&lossy)[..]);
        let n =
            utfast::transcode(&s, &mut d8, Encoding::Utf8, Encoding::Utf8, Mode::Lossy).unwrap();
        assert_eq!(d8[..n], *lossy.as_bytes());
        assert_eq!(utfast::string_from_utf8_lossy(&s), lossy);
        // Trusted-valid mode on invalid input: unspecified output, but no panic.
        let _ = utfast::utf8_to_utf16_valid(&s, &mut d16);
        let _ = utfast::utf8_to_utf32_valid(&s, &mut d32);
        let _ = utfast::utf8_to_latin1_valid(&s, &mut d8);
    }
}

#[test]
fn invalid_utf16_input() {
    for s in utf16_samples() {
        let (at, kind) = utf16_first_error(&s).expect("sample is invalid");
        let prefix = String::from_utf16(&s[..at]).unwrap();
        let lossy = String::from_utf16_lossy(&s);
        let mut d8 = vec![0u8; utfast::utf8_len_max_from_utf16(s.len())];
        let mut d32 = vec![0u32; utfast::utf32_len_max_from_utf16(s.len())];
        let e = utfast::utf16_to_utf8(&s, &mut d8).unwrap_err();
        assert_eq!(
            (e.kind(), e.valid_up_to(), e.written()),
            (kind, at, prefix.len()),
            "{s:04X?}"
        );
        assert_eq!(d8[..e.written()], *prefix.as_bytes());
        let e = utfast::utf16_to_utf32(&s, &mut d32).unwrap_err();
        assert_eq!(
            (e.kind(), e.valid_up_to(), e.written()),
            (kind, at, prefix.chars().count())
        );
        assert_eq!(utfast::validate_utf16(&s).unwrap_err().valid_up_to(), at);
        let n = utfast::utf16_to_utf8_lossy(&s, &mut d8).unwrap();
        assert_eq!(d8[..n], *lossy.as_bytes());
        let n = utfast::utf16_to_utf32_lossy(&s, &mut d32).unwrap();
        assert_eq!(d32[..n], u32s(&lossy)[..]);
        let n = utfast::utf16_to_latin1_lossy(&s, &mut d8).unwrap();
        assert_eq!(d8[..n], l1s(&lossy)[..]);
        assert_eq!(utfast::utf16_to_string_lossy(&s), lossy);
        assert_eq!(utfast::utf16_to_string(&s).unwrap_err().valid_up_to(), at);
        // Byte-oriented: positions in bytes.
        let le: Vec<u8> = s.iter().flat_map(|u| u.to_le_bytes()).collect();
        let be: Vec<u8> = s.iter().flat_map(|u| u.to_be_bytes()).collect();
        let e = utfast::utf16le_to_utf8(&le, &mut d8).unwrap_err();
        assert_eq!(
            (e.kind(), e.valid_up_to(), e.written()),
            (kind, 2 * at, prefix.len())
        );
        let e = utfast::utf16be_to_utf8(&be, &mut d8).unwrap_err();
        assert_eq!(
            (e.kind(), e.valid_up_to(), e.written()),
            (kind, 2 * at, prefix.len())
        );
        let n = utfast::utf16be_to_utf8_lossy(&be, &mut d8).unwrap();
        assert_eq!(d8[..n], *lossy.as_bytes());
        let _ = utfast::utf16_to_utf8_valid(&s, &mut d8);
        let _ = utfast::utf16le_to_utf8_valid(&le, &mut d8);
    }
}

#[test]
fn invalid_utf32_input() {
    let mut rng = Rng(7);
    for _ in 0..200 {
        let mut s: Vec<u32> = "aé€😀"
            .chars()
            .cycle()
            .take(rng.below(70))
            .map(u32::from)
            .collect();
        let at = rng.below(s.len() + 1);
        let bad = [0xD800, 0xDFFF, 0x110000, u32::MAX][rng.below(4)];
        s.insert(at, bad);
        let kind = if bad <= 0xDFFF {
            ErrorKind::Surrogate
        } else {
            ErrorKind::TooLarge
        };
        let prefix: String = s[..at]
            .iter()
            .map(|&u| char::from_u32(u).unwrap())
            .collect();
        let lossy: String = s
            .iter()
            .map(|&u| char::from_u32(u).unwrap_or('\u{FFFD}'))
            .collect();
        let mut d8 = vec![0u8; utfast::utf8_len_max_from_utf32(s.len())];
        let mut d16 = vec![0u16; utfast::utf16_len_max_from_utf32(s.len())];
        let e = utfast::utf32_to_utf8(&s, &mut d8).unwrap_err();
        assert_eq!(
            (e.kind(), e.valid_up_to(), e.written()),
            (kind, at, prefix.len())
        );
        let e = utfast::utf32_to_utf16(&s, &mut d16).unwrap_err();
        assert_eq!(
            (e.kind(), e.valid_up_to(), e.written()),
            (kind, at, u16s(&prefix).len())
        );
        let n = utfast::utf32_to_utf16_lossy(&s, &mut d16).unwrap();
        assert_eq!(d16[..n], u16s(&lossy)[..]);
        assert_eq!(utfast::utf32_to_string_lossy(&s), lossy);
        let le: Vec<u8> = s.iter().flat_map(|u| u.to_le_bytes()).collect();
        let e = utfast::utf32le_to_utf8(&le, &mut d8).unwrap_err();
        assert_eq!((e.valid_up_to(), e.written()), (4 * at, prefix.len()));
        let n = utfast::utf32le_to_utf8_lossy(&le, &mut d8).unwrap();
        assert_eq!(d8[..n], *lossy.as_bytes());
        let _ = utfast::utf32_to_latin1_valid(&s, &mut d8);
    }
}

#[test]
fn counts_and_alloc_helpers() {
    for text in texts() {
        let b = text.as_bytes();
        let n = text.chars().count();
        assert_eq!(utfast::count_utf8(b), n);
        assert_eq!(utfast::count_utf16(&u16s(&text)), n);
        assert_eq!(utfast::utf32_len_from_utf8(b), n);
        assert_eq!(utfast::utf8_to_utf16_vec(b).unwrap(), u16s(&text));
        assert_eq!(utfast::utf8_to_utf16_vec_lossy(b), u16s(&text));
        assert_eq!(utfast::utf8_to_utf32_vec(b).unwrap(), u32s(&text));
        assert_eq!(utfast::utf8_to_utf32_vec_lossy(b), u32s(&text));
        assert_eq!(utfast::utf8_to_latin1_vec_lossy(b), l1s(&text));
        assert_eq!(utfast::utf16_to_string(&u16s(&text)).unwrap(), text);
        assert_eq!(utfast::utf16_to_string_lossy(&u16s(&text)), text);
        assert_eq!(utfast::utf32_to_string(&u32s(&text)).unwrap(), text);
        assert_eq!(utfast::utf32_to_string_lossy(&u32s(&text)), text);
        assert_eq!(
            utfast::utf16_to_utf32_vec(&u16s(&text)).unwrap(),
            u32s(&text)
        );
        assert_eq!(utfast::utf16_to_utf32_vec_lossy(&u16s(&text)), u32s(&text));
        assert_eq!(
            utfast::utf32_to_utf16_vec(&u32s(&text)).unwrap(),
            u16s(&text)
        );
        assert_eq!(utfast::utf32_to_utf16_vec_lossy(&u32s(&text)), u16s(&text));
        assert!(matches!(
            utfast::string_from_utf8_lossy(b),
            std::borrow::Cow::Borrowed(_)
        ));
        if text.chars().all(|c| (c as u32) < 256) {
            assert_eq!(utfast::utf8_to_latin1_vec(b).unwrap(), l1s(&text));
            assert_eq!(utfast::latin1_to_string(&l1s(&text)), text);
        } else {
            assert_eq!(
                utfast::utf8_to_latin1_vec(b).unwrap_err().kind(),
                ErrorKind::NotLatin1
            );
        }
    }
    let all: Vec<u8> = (0..=255).collect();
    let s: String = all.iter().map(|&b| char::from(b)).collect();
    assert_eq!(utfast::latin1_to_string(&all), s);
    let _ = SAMPLES;
}

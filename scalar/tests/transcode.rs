//! The scalar transcoders against the std-based oracle of `utfast-testkit`, on tricky
//! inputs, in every mode, for every encoding pair and every output buffer size.
//! (Moved out of the crate: the oracle needs std, the crate is `no_std`.)

use utfast_scalar::transcode::{
    max_output_len, transcode, utf16_to_utf8, utf32_to_utf16, utf8_to_utf8,
};
use utfast_scalar::{Encoding, Endian, ErrorKind, Mode, TranscodeError};
use utfast_testkit::oracle::{encode_char, encode_str, is_valid_for, model};
use utfast_testkit::{scalar, Rng, ALL, CODE_PAGES};

const SENTINEL: u8 = 0xA5;

fn endian(e: Encoding) -> Endian {
    e.endian().unwrap_or(Endian::NATIVE)
}

/// Runs `transcode` with every `dst` size up to the worst case and checks everything:
/// the result and `dst[..written]` equal the oracle's, and (the scalar functions'
/// promise) no byte of `dst` after `written` nor outside `dst` is touched.
fn check_all_sizes(src: &[u8], from: Encoding, to: Encoding, mode: Mode) {
    let max = max_output_len(from, to, src.len());
    let full = model(src, from, to, mode, usize::MAX);
    let needed = full.written();
    assert!(
        needed <= max,
        "{from:?}->{to:?} {src:02X?}: {needed} > max {max}"
    );
    for d in 0..=needed.max(1).min(max) {
        let ctx = (from, to, mode, d, src);
        let got =
            scalar(src, from, to, mode, d, SENTINEL).unwrap_or_else(|m| panic!("{m}: {ctx:02X?}"));
        let want = model(src, from, to, mode, d);
        assert_eq!(got.result, want.result, "{ctx:02X?}");
        assert_eq!(got.out, want.out, "{ctx:02X?}");
    }
    // A worst-case-sized buffer never runs out.
    let got = scalar(src, from, to, mode, max, SENTINEL).unwrap_or_else(|m| panic!("{m}"));
    assert_eq!(
        got.result, full.result,
        "{from:?}->{to:?} {mode:?} {src:02X?}"
    );
}

const STRINGS: &[&str] = &[
    "",
    "a",
    "plain ASCII text that is longer than sixteen bytes, to hit the fast path",
    "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
    "\u{D7FF}\u{E000}\u{FEFF}\u{FFFD}",
    "héllo wörld €uro 😀 𝄞 ẞ",
    "0123456789abcdef\u{E9}0123456789abcdef\u{1F600}0123456789abcdefg",
    "caf\u{E9} na\u{EF}ve \u{FF}\u{A0}",
    // Cyrillic code pages: letters, Ё/ё, box drawing, and what some lack (€, «», №).
    "Съешь же ещё этих мягких французских булок, да выпей чаю. ЁЖ",
    "╔══╗ ║ё║ ░▒▓ €5 «ёлка» №7 Ѣ",
];

const BAD_UTF8: &[&[u8]] = &[
    b"\x80",
    b"\xBF",
    b"a\x80b",
    b"\xC0\x80",
    b"\xC1\xBF",
    b"\xC2",
    b"\xC2a",
    b"\xC2\x80\x80",
    b"\xE0\x80\x80",
    b"\xE0\x9F\xBF",
    b"\xE0\xA0",
    b"\xE0\xA0a",
    b"\xE1\x80",
    b"\xED\xA0\x80",
    b"\xED\xBF\xBF",
    b"\xED\x9F\xBF",
    b"\xEF\xBF",
    b"\xF0\x80\x80\x80",
    b"\xF0\x8F\xBF\xBF",
    b"\xF0\x90\x80",
    b"\xF0\x90\x80a",
    b"\xF4\x90\x80\x80",
    b"\xF4\x8F\xBF\xBF\xF4\x90",
    b"\xF5\x80\x80\x80",
    b"\xF8\x88\x80\x80\x80",
    b"\xFC\x84\x80\x80\x80\x80",
    b"\xFE\xFF",
    b"\xF1\x80\x80",
    b"\xF1\x80\x80\xC0",
    b"\xE2\x82\xE2\x82\xAC",
    b"abcdefghijklmnop\xFFqrstuvwxyz0123456",
    b"abcdefghijklmnopqrstuvwxyz\xE2\x82",
    b"\xC3\xA9\xE9\xC3",
];

/// UTF-16 unit sequences (valid and not), serialised in both byte orders, with and
/// without an odd trailing byte.
const UNITS16: &[&[u16]] = &[
    &[0xD800],
    &[0xDC00],
    &[0xDBFF, 0xDFFF],
    &[0xD800, 0x61],
    &[0x61, 0xDC00, 0x62],
    &[0xD800, 0xD800, 0xDC00],
    &[0xDC00, 0xD800],
    &[0x41; 17],
    &[0xE9, 0x20AC, 0xD83D, 0xDE00, 0xFFFF],
    &[
        0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0xD800, 0x69, 0x6A, 0x6B, 0x6C, 0x6D, 0x6E,
        0x6F, 0x70,
    ],
];

const UNITS32: &[&[u32]] = &[
    &[0xD800],
    &[0xDFFF],
    &[0x110000],
    &[0xFFFF_FFFF],
    &[0x10FFFF, 0x61],
    &[0x61, 0xDC00, 0x80_0000, 0x62],
    &[0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000],
];

/// Every tricky input in every source form.
fn inputs() -> Vec<(Encoding, Vec<u8>)> {
    let mut v = Vec::new();
    for s in STRINGS {
        for from in ALL {
            let mut scratch = Vec::new();
            if s.chars().all(|c| encode_char(c, from, &mut scratch)) {
                v.push((from, encode_str(s, from)));
            }
        }
        let bytes = s.as_bytes();
        // Latin-1 and code page readings of arbitrary bytes, and every truncation of
        // the UTF-8.
        v.push((Encoding::Latin1, bytes.to_vec()));
        for cp in CODE_PAGES {
            v.push((cp, bytes.to_vec()));
        }
        for cut in 0..bytes.len().min(24) {
            v.push((Encoding::Utf8, bytes[..cut].to_vec()));
        }
    }
    for b in BAD_UTF8 {
        v.push((Encoding::Utf8, b.to_vec()));
    }
    for units in UNITS16 {
        for from in [Encoding::Utf16Le, Encoding::Utf16Be] {
            let mut bytes: Vec<u8> = units
                .iter()
                .flat_map(|&u| endian(from).write_u16(u))
                .collect();
            v.push((from, bytes.clone()));
            bytes.push(0x41);
            v.push((from, bytes));
        }
    }
    for units in UNITS32 {
        for from in [Encoding::Utf32Le, Encoding::Utf32Be] {
            let bytes: Vec<u8> = units
                .iter()
                .flat_map(|&u| endian(from).write_u32(u))
                .collect();
            for extra in 0..4 {
                let mut b = bytes.clone();
                b.extend_from_slice(&[0x20, 0, 0][..extra]);
                v.push((from, b));
            }
        }
    }
    // Truncated final UTF-16/32 units after valid text.
    for from in [
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Utf32Le,
        Encoding::Utf32Be,
    ] {
        let full = encode_str("a😀", from);
        for cut in 0..full.len() {
            v.push((from, full[..cut].to_vec()));
        }
    }
    v
}

#[test]
fn every_pair_every_mode_every_size_matches_the_oracle() {
    for (from, src) in inputs() {
        for to in ALL {
            for mode in [Mode::Strict, Mode::Lossy] {
                check_all_sizes(&src, from, to, mode);
            }
            // Trusted-valid mode agrees with strict mode on valid input (for a Latin-1
            // target, valid also means representable).
            if is_valid_for(&src, from, to) {
                check_all_sizes(&src, from, to, Mode::Valid);
            }
        }
    }
}

#[test]
fn lossy_matches_std_lossy_decoders() {
    for (from, src) in inputs() {
        let mut dst = vec![0u8; max_output_len(from, Encoding::Utf8, src.len())];
        let n = transcode(&src, &mut dst, from, Encoding::Utf8, Mode::Lossy).unwrap();
        let std_lossy: String = match from {
            // WTF-8, CESU-8, MUTF-8: tested in tests/wtf8.rs.
            Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => continue,
            Encoding::Utf8 => String::from_utf8_lossy(&src).into_owned(),
            Encoding::Utf16Le | Encoding::Utf16Be => {
                let units: Vec<u16> = src
                    .chunks_exact(2)
                    .map(|p| endian(from).read_u16([p[0], p[1]]))
                    .collect();
                let mut s = String::from_utf16_lossy(&units);
                let ends_in_high = units.last().is_some_and(|u| (0xD800..0xDC00).contains(u));
                if src.len() % 2 == 1 && !ends_in_high {
                    s.push('\u{FFFD}');
                }
                s
            }
            Encoding::Utf32Le | Encoding::Utf32Be => {
                let mut s: String = src
                    .chunks_exact(4)
                    .map(|c| {
                        char::from_u32(endian(from).read_u32([c[0], c[1], c[2], c[3]]))
                            .unwrap_or('\u{FFFD}')
                    })
                    .collect();
                if src.len() % 4 != 0 {
                    s.push('\u{FFFD}');
                }
                s
            }
            Encoding::Latin1 => src.iter().map(|&b| char::from(b)).collect(),
            // Code pages: no std decoder; encoding_rs is the peer.
            cp if utfast_scalar::CodePage::of(cp).is_some() => {
                let peer = encoding_rs::Encoding::for_label(from.name().as_bytes()).unwrap();
                peer.decode_without_bom_handling(&src).0.into_owned()
            }
            // `Encoding` is `#[non_exhaustive]`.
            _ => unimplemented!("an encoding this test does not know"),
        };
        assert_eq!(&dst[..n], std_lossy.as_bytes(), "{from:?} {src:02X?}");
    }
}

#[test]
fn strict_utf8_error_kinds() {
    use ErrorKind::*;
    let cases: &[(&[u8], ErrorKind, usize)] = &[
        (b"a\x80", UnexpectedContinuation, 1),
        (b"\xC0\x80", InvalidLeadByte, 0),
        (b"\xF5\x80", InvalidLeadByte, 0),
        (b"ab\xE0\x80\x80", Overlong, 2),
        (b"\xF0\x8F\xBF\xBF", Overlong, 0),
        (b"\xED\xA0\x80", Surrogate, 0),
        (b"\xF4\x90\x80\x80", TooLarge, 0),
        (b"\xE2\x82", TooShort, 0),
        (b"\xE2\x82a", TooShort, 0),
    ];
    let mut dst = [0u8; 64];
    for &(src, kind, at) in cases {
        for to in ALL {
            let e = transcode(src, &mut dst, Encoding::Utf8, to, Mode::Strict).unwrap_err();
            assert_eq!(
                (e.kind(), e.valid_up_to()),
                (kind, at),
                "{src:02X?} -> {to:?}"
            );
        }
    }
}

#[test]
fn utf16_error_kinds_and_positions() {
    let mut dst = [0u8; 64];
    let le = |units: &[u16]| -> Vec<u8> { units.iter().flat_map(|u| u.to_le_bytes()).collect() };
    let cases: &[(Vec<u8>, ErrorKind, usize)] = &[
        (le(&[0x61, 0xD800]), ErrorKind::UnpairedHighSurrogate, 2),
        (
            le(&[0x61, 0xD800, 0x62]),
            ErrorKind::UnpairedHighSurrogate,
            2,
        ),
        (le(&[0xDC00]), ErrorKind::UnpairedLowSurrogate, 0),
        (
            [le(&[0x61, 0xD800]), vec![0x00]].concat(),
            ErrorKind::TruncatedUnit,
            2,
        ),
        (
            [le(&[0x61]), vec![0x00]].concat(),
            ErrorKind::TruncatedUnit,
            2,
        ),
    ];
    for (src, kind, at) in cases {
        let e = utf16_to_utf8(src, &mut dst, Endian::Little, Mode::Strict).unwrap_err();
        assert_eq!(
            (e.kind(), e.valid_up_to(), e.written()),
            (*kind, *at, *at / 2)
        );
        assert_eq!(
            utfast_scalar::utf16::validate_utf16_bytes(src, Endian::Little)
                .unwrap_err()
                .valid_up_to(),
            *at
        );
    }
}

#[test]
fn garbage_never_panics_and_fits_the_worst_case() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut src = [0u8; 40];
    let mut dst = [0u8; 200];
    for _ in 0..500 {
        let len = (rng.next() % 41) as usize;
        for b in src.iter_mut() {
            // Bias towards interesting bytes: surrogate-ish, lead and continuation bytes.
            let r = rng.next();
            *b = match r % 4 {
                0 => (r >> 8) as u8 | 0x80,
                1 => [0x00, 0xD8, 0xDC, 0xDF, 0xED, 0xF4, 0x10, 0x11][(r >> 8) as usize % 8],
                _ => (r >> 8) as u8,
            };
        }
        let src = &src[..len];
        for from in ALL {
            for to in ALL {
                let max = max_output_len(from, to, len);
                for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
                    let r = transcode(src, &mut dst[..max], from, to, mode);
                    assert!(
                        !matches!(r, Err(e) if e.is_output_too_small()),
                        "{from:?}->{to:?} {mode:?} {src:02X?}"
                    );
                    if mode != Mode::Valid {
                        check_all_sizes(src, from, to, mode);
                    } else {
                        let cut = (rng.next() as usize) % (max + 1);
                        let _ = transcode(src, &mut dst[..cut], from, to, mode);
                    }
                }
            }
        }
    }
}

#[test]
fn max_output_len_is_attained() {
    // UTF-8 lossy: every byte a lone continuation byte.
    assert_eq!(max_output_len(Encoding::Utf8, Encoding::Utf8, 5), 15);
    let mut dst = [0u8; 15];
    assert_eq!(utf8_to_utf8(&[0x80; 5], &mut dst, Mode::Lossy), Ok(15));
    // UTF-16 -> UTF-8: BMP characters plus an odd byte.
    let src = [0xAC, 0x20, 0xAC, 0x20, 0x41];
    let mut dst = [0u8; 9];
    assert_eq!(max_output_len(Encoding::Utf16Le, Encoding::Utf8, 5), 9);
    assert_eq!(
        utf16_to_utf8(&src, &mut dst, Endian::Little, Mode::Lossy),
        Ok(9)
    );
    // UTF-32 -> UTF-16: supplementary characters plus a truncated unit.
    let src = [0, 0xF6, 0x01, 0, 0x41];
    let mut dst = [0u8; 6];
    assert_eq!(max_output_len(Encoding::Utf32Le, Encoding::Utf16Le, 5), 6);
    assert_eq!(
        utf32_to_utf16(&src, &mut dst, Endian::Little, Endian::Little, Mode::Lossy),
        Ok(6)
    );
}

/// Compares with the oracle at a worst-case-sized `dst` and one byte short of what the
/// full conversion needs.
fn check_two_sizes(src: &[u8], from: Encoding, to: Encoding, mode: Mode) {
    let max = max_output_len(from, to, src.len());
    let needed = model(src, from, to, mode, usize::MAX).written();
    for d in [max, needed.saturating_sub(1)] {
        let what = || format!("{from:?}->{to:?} {mode:?} {d} {src:02X?}");
        let got =
            scalar(src, from, to, mode, d, SENTINEL).unwrap_or_else(|m| panic!("{m}: {}", what()));
        assert_eq!(got, model(src, from, to, mode, d), "{}", what());
    }
}

#[test]
fn ascii_padding_moves_errors_across_block_boundaries() {
    let mut seeds: Vec<(Encoding, Vec<u8>)> = BAD_UTF8
        .iter()
        .map(|b| (Encoding::Utf8, b.to_vec()))
        .collect();
    for units in UNITS16 {
        seeds.push((
            Encoding::Utf16Le,
            units.iter().flat_map(|u| u.to_le_bytes()).collect(),
        ));
    }
    seeds.push((Encoding::Utf8, STRINGS[5].as_bytes().to_vec()));
    seeds.push((Encoding::Latin1, b"caf\xE9 \xFF".to_vec()));
    for (from, seed) in seeds {
        for pad in [0, 1, 7, 15, 16, 17, 31, 33] {
            let padding = encode_str(&"p".repeat(pad), from);
            let src = [&padding[..], &seed, &padding[..]].concat();
            for to in ALL {
                for mode in [Mode::Strict, Mode::Lossy] {
                    check_two_sizes(&src, from, to, mode);
                }
            }
        }
    }
}

#[test]
fn resuming_after_output_too_small_gives_the_same_output() {
    for (from, src) in inputs() {
        for to in ALL {
            for mode in [Mode::Strict, Mode::Lossy] {
                let mut full = vec![0u8; max_output_len(from, to, src.len())];
                let whole = transcode(&src, &mut full, from, to, mode);
                let mut out = Vec::new();
                let mut pos = 0;
                let mut buf = [0u8; 4];
                let pieces = loop {
                    let r = transcode(&src[pos..], &mut buf, from, to, mode);
                    match r {
                        Ok(n) => {
                            out.extend_from_slice(&buf[..n]);
                            break Ok(out.len());
                        }
                        Err(e) => {
                            out.extend_from_slice(&buf[..e.written()]);
                            if !e.is_output_too_small() {
                                let at = pos + e.valid_up_to();
                                break Err(TranscodeError::new(e.kind(), at, out.len()));
                            }
                            assert!(e.valid_up_to() > 0, "no progress");
                            pos += e.valid_up_to();
                        }
                    }
                };
                assert_eq!(pieces, whole, "{from:?}->{to:?} {mode:?} {src:02X?}");
                let n = whole.unwrap_or_else(|e| e.written());
                assert_eq!(&out[..], &full[..n]);
            }
        }
    }
}

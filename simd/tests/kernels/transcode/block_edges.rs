//! Block-boundary cases of the block transcoders (written for the AVX-512 VBMI2
//! UTF-8 decoder's 64-byte blocks, its 16-character groups and its zero-padded
//! last block; run on every kernel): a character, an error or a cut sequence at
//! every offset of the first blocks, errors in every lane of a group, every `dst`
//! size, and supplementary characters that straddle blocks and groups.

use utfast_scalar::Encoding;
use utfast_testkit::harness::check_case;
use utfast_testkit::{decode_items, kernels, model_items, Rng, MODES};

/// The UTF-8 -> UTF-16/32 targets.
const TARGETS: [Encoding; 4] = [
    Encoding::Utf16Le,
    Encoding::Utf16Be,
    Encoding::Utf32Le,
    Encoding::Utf32Be,
];

/// Checks `src` to every target in every mode with `dst` of exact size and one
/// less (`every_dst_size` covers the rest).
fn check(src: &[u8]) {
    let ks = kernels();
    let items = decode_items(src, Encoding::Utf8);
    for to in TARGETS {
        for mode in MODES {
            let exact = model_items(&items, to, mode, usize::MAX).out.len();
            for cap in [exact, exact.saturating_sub(1)] {
                if let Err(m) = check_case(ks, src, &items, Encoding::Utf8, to, mode, cap) {
                    panic!("{m}");
                }
            }
        }
    }
}

/// Pieces placed at every offset: characters of each length, errors, cut sequences.
const PIECES: &[&[u8]] = &[
    "é".as_bytes(),
    "€".as_bytes(),
    "😀".as_bytes(),
    b"\xFF",
    b"\x80",
    b"\xC2",
    b"\xE2\x82",
    b"\xF0\x9F\x98",
    b"\xED\xA0\x80",
    b"\xC0\xAF",
];

#[test]
fn piece_at_every_offset() {
    // ASCII around the piece, or two-byte text (so that the block is not ASCII).
    for filler in ["a", "ж"] {
        for piece in PIECES {
            for at in (0..80).chain(120..136) {
                let mut s: Vec<u8> = filler.repeat(at).into_bytes();
                s.truncate(at);
                // Keep the prefix whole characters of the filler.
                while std::str::from_utf8(&s).is_err() {
                    s.pop();
                }
                s.extend_from_slice(piece);
                s.extend_from_slice(filler.repeat(150 - at).as_bytes());
                check(&s);
                // The piece last: the end of the input at every offset.
                s.truncate(s.len() - filler.repeat(150 - at).len());
                check(&s);
            }
        }
    }
}

#[test]
fn every_dst_size() {
    let mut rng = Rng(0x5EED_0012);
    for _ in 0..6 {
        let text = utfast_testkit::char_runs(&mut || rng.next(), 90);
        let src = text.as_bytes();
        let ks = kernels();
        let items = decode_items(src, Encoding::Utf8);
        for to in TARGETS {
            let exact = model_items(&items, to, utfast_scalar::Mode::Strict, usize::MAX)
                .out
                .len();
            for cap in 0..=exact + 4 {
                for mode in MODES {
                    if let Err(m) = check_case(ks, src, &items, Encoding::Utf8, to, mode, cap) {
                        panic!("{m}");
                    }
                }
            }
        }
    }
}

#[test]
fn errors_in_every_lane_and_supplementary_across_groups() {
    let mut rng = Rng(0x0A5E_0012);
    let mix = [
        "a",
        "é",
        "€",
        "😀",
        "\u{10FFFF}",
        "\u{FFFF}",
        "\u{800}",
        "\u{80}",
    ];
    for round in 0..400 {
        let n = 20 + rng.below(120);
        let mut s = Vec::new();
        for _ in 0..n {
            s.extend_from_slice(mix[rng.below(mix.len())].as_bytes());
        }
        // Most rounds break one byte somewhere (any lane of any group).
        if round % 4 != 0 {
            let at = rng.below(s.len());
            s[at] = [0xFF, 0x80, 0xC1, 0xE0, 0xF5, b'x'][rng.below(6)];
        }
        check(&s);
    }
}

/// Checks `src` (in `from`) to each of `targets` in every mode with `dst` of exact
/// size and one less.
fn check_from(src: &[u8], from: Encoding, targets: &[Encoding]) {
    let ks = kernels();
    let items = decode_items(src, from);
    for &to in targets {
        for mode in MODES {
            let exact = model_items(&items, to, mode, usize::MAX).out.len();
            for cap in [exact, exact.saturating_sub(1)] {
                if let Err(m) = check_case(ks, src, &items, from, to, mode, cap) {
                    panic!("{m}");
                }
            }
        }
    }
}

/// UTF-16 and UTF-32 input: a surrogate pair, a lone surrogate or an out-of-range
/// code point at every unit offset of the first steps (16- and 32-unit steps, and
/// the 16-lane halves), after ASCII, two-byte and three-byte characters.
#[test]
fn units_at_every_offset() {
    let pieces: &[&[u32]] = &[
        &[0xD83D, 0xDE00],
        &[0xD800],
        &[0xDC00],
        &[0xDBFF, 0xD800, 0xDC00],
        &[0x110000],
        &[0xFFFF],
        // The bounds of the three-byte runs' tests: a two-byte unit, the last units
        // before and the first after the surrogates.
        &[0x7FF],
        &[0xD7FF, 0xE000],
    ];
    let targets16 = [Encoding::Utf8, Encoding::Utf32Le, Encoding::Utf16Be];
    let targets32 = [Encoding::Utf8, Encoding::Utf16Le, Encoding::Utf32Be];
    for filler in [0x61u32, 0x436, 0x4E2D] {
        for piece in pieces {
            for at in 0..70 {
                let mut units: Vec<u32> = vec![filler; at];
                units.extend_from_slice(piece);
                let tail = if at % 3 == 0 { 0 } else { 40 };
                units.extend(std::iter::repeat_n(filler, tail));
                if piece.iter().all(|&u| u <= 0xFFFF) {
                    for (from, e) in [
                        (Encoding::Utf16Le, utfast_scalar::Endian::Little),
                        (Encoding::Utf16Be, utfast_scalar::Endian::Big),
                    ] {
                        let src: Vec<u8> =
                            units.iter().flat_map(|&u| e.write_u16(u as u16)).collect();
                        check_from(&src, from, &targets16);
                    }
                }
                let src: Vec<u8> = units.iter().flat_map(|&u| u.to_le_bytes()).collect();
                check_from(&src, Encoding::Utf32Le, &targets32);
            }
        }
    }
}

/// UTF-32 -> UTF-8 on text that mixes ASCII with two-byte characters (the
/// mostly-ASCII "Latin1" pattern and the mostly-two-byte pattern of Cyrillic or Arabic
/// words between spaces), both byte orders: a unit at or just past the bounds of the
/// ASCII and two-byte steps' tests, or an error, at every unit offset of the first
/// four-vector steps.
#[test]
fn utf32_two_byte_text_at_every_offset() {
    let pieces: &[&[u32]] = &[
        &[0x7F],
        &[0x80],
        &[0x7FF],
        &[0x800],
        &[0xFFFF],
        &[0x1F600],
        &[0xD800],
        &[0x110000],
        &[0x8000_0061],
    ];
    // Every 16th unit accented; words of five two-byte letters and a space.
    let fillers: [fn(usize) -> u32; 2] = [
        |i| {
            if i % 16 == 7 {
                0xE9
            } else {
                0x61 + (i % 7) as u32
            }
        },
        |i| {
            if i % 6 == 5 {
                0x20
            } else {
                0x430 + (i % 5) as u32
            }
        },
    ];
    for filler in fillers {
        for piece in pieces {
            for at in 0..100 {
                let mut units: Vec<u32> = (0..at).map(filler).collect();
                units.extend_from_slice(piece);
                let tail = if at % 3 == 0 { 0 } else { 70 };
                units.extend((at + 1..at + 1 + tail).map(filler));
                let le: Vec<u8> = units.iter().flat_map(|&u| u.to_le_bytes()).collect();
                check_from(&le, Encoding::Utf32Le, &[Encoding::Utf8]);
                let be: Vec<u8> = units.iter().flat_map(|&u| u.to_be_bytes()).collect();
                check_from(&be, Encoding::Utf32Be, &[Encoding::Utf8]);
            }
        }
    }
}

/// UTF-8 -> Latin-1: a two-byte character at every offset across the 64-byte steps
/// (C2/C3 first bytes in the last position), characters above U+00FF and errors.
#[test]
fn latin1_at_every_offset() {
    let pieces: &[&[u8]] = &[
        "é".as_bytes(),
        "ÿ".as_bytes(),
        "\u{80}".as_bytes(),
        "Ā".as_bytes(),
        "€".as_bytes(),
        b"\xC3",
        b"\xC3\xC3\xA9",
        b"\x80",
    ];
    for filler in ["a", "é"] {
        for piece in pieces {
            for at in (0..70).chain(120..132) {
                let mut s: Vec<u8> = filler.repeat(at).into_bytes();
                s.truncate(at);
                while std::str::from_utf8(&s).is_err() {
                    s.pop();
                }
                s.extend_from_slice(piece);
                let tail = if at % 2 == 0 { 0 } else { 70 };
                s.extend_from_slice(filler.repeat(tail).as_bytes());
                check_from(&s, Encoding::Utf8, &[Encoding::Latin1]);
                let latin: Vec<u8> = s.iter().map(|&b| b ^ 0x80).collect();
                check_from(&latin, Encoding::Latin1, &[Encoding::Utf8]);
            }
        }
    }
}

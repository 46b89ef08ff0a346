//! The SIMD UTF-8 -> UTF-8, Latin-1 -> UTF-8 and UTF-16 -> UTF-32 transcoders of
//! every kernel against scalar and the std-based model, in all three modes.
//!
//! Inputs: lipsum texts; long texts (several of the 16 KiB pieces of the UTF-8 copy)
//! with an error at every character boundary around the piece ends, at several
//! alignments; texts with an error (unpaired surrogate, ...) at every position of a
//! few blocks; random texts with many errors; every `dst` size from 0 to the exact
//! size on inputs of a few blocks, and around the piece ends on long inputs. Every
//! kernel in `utfast_simd::available()` runs; their names are printed.
//!
//! `UTFAST_QEMU=1` / `UTFAST_QUICK=1` shrink the loops.

use utfast_scalar::{Encoding, Mode};
use utfast_testkit::*;
const UTF16: [Encoding; 2] = [Encoding::Utf16Le, Encoding::Utf16Be];
const UTF32: [Encoding; 2] = [Encoding::Utf32Le, Encoding::Utf32Be];

/// The Latin-1 bytes of `text`: characters above U+00FF become `é`.
fn latin1_of(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| {
            if (c as u32) < 0x100 {
                c as u32 as u8
            } else {
                0xE9
            }
        })
        .collect()
}

#[test]
fn lipsum_every_direction() {
    let quick = quick();
    for (name, text) in lipsum() {
        let text: String = if quick {
            text.chars().take(700).collect()
        } else {
            text
        };
        check_sizes(text.as_bytes(), Encoding::Utf8, Encoding::Utf8);
        check_sizes(&latin1_of(&text), Encoding::Latin1, Encoding::Utf8);
        for from in UTF16 {
            let src = encode_str(&text, from);
            for to in UTF32 {
                check_sizes(&src, from, to);
            }
        }
        println!("{name}: ok");
    }
}

/// `unit` repeated to `len` bytes or more (UTF-8).
fn cycle_to(unit: &str, len: usize) -> String {
    let mut s = String::new();
    while s.len() < len {
        s.push_str(unit);
    }
    s
}

/// Long UTF-8 texts: an error at every character boundary near the ends of the
/// copy's pieces (multiples of 4 KiB up to 48 KiB), for several alignments.
#[test]
fn utf8_long_errors_near_piece_ends() {
    let ks = kernels();
    let quick = quick();
    let inserts: &[&[u8]] = &[
        b"\xFF",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\x80",
        b"\xED\xA0\x80",
    ];
    let units = ["aé中😀ßж déjà vu ", "Hello, world. ", "中文字符😀"];
    let ends: Vec<usize> = if quick {
        vec![16 * 1024]
    } else {
        (1..=12).map(|k| k * 4096).collect()
    };
    for unit in units {
        for pad in 0..if quick { 1 } else { 4 } {
            let base = "a".repeat(pad) + &cycle_to(unit, 50_000);
            let b = base.as_bytes();
            for &end in &ends {
                let bounds: Vec<usize> = (end - 6..end + 6)
                    .filter(|&i| base.is_char_boundary(i))
                    .collect();
                for ins in inserts {
                    for &at in &bounds {
                        let mut src = b[..at].to_vec();
                        src.extend_from_slice(ins);
                        src.extend_from_slice(&b[at..]);
                        let items = decode_items(&src, Encoding::Utf8);
                        for mode in [Mode::Strict, Mode::Lossy] {
                            let exact = model_items(&items, Encoding::Utf8, mode, usize::MAX)
                                .out
                                .len();
                            for n in [exact, at, at + 1] {
                                check_case(
                                    ks,
                                    &src,
                                    &items,
                                    Encoding::Utf8,
                                    Encoding::Utf8,
                                    mode,
                                    n,
                                )
                                .unwrap_or_else(|m| panic!("insert at {at}: {m}"));
                            }
                        }
                    }
                }
            }
            // Valid long text: every dst size near the piece ends.
            let items = decode_items(b, Encoding::Utf8);
            for &end in &ends {
                for n in end - 6..end + 6 {
                    for mode in MODES {
                        check_case(ks, b, &items, Encoding::Utf8, Encoding::Utf8, mode, n)
                            .unwrap_or_else(|m| panic!("{m}"));
                    }
                }
            }
        }
    }
}

/// One error at every character position of short texts (a few blocks), UTF-8 to
/// UTF-8, and an unpaired surrogate (or odd final byte) at every unit of UTF-16
/// texts, UTF-16 to UTF-32.
#[test]
fn error_at_every_position() {
    let ks = kernels();
    let step = if quick() { 7 } else { 1 };
    let n = if quick() { 100 } else { 200 };
    let bases: Vec<String> = [
        "déjà vu, ÿ à la carte. ",
        "aé中😀ßж",
        "😀🎉𝄞x",
        "Hello world. ",
    ]
    .iter()
    .map(|s| s.chars().cycle().take(n).collect())
    .collect();
    let inserts: &[&[u8]] = &[b"\xFF", b"\xC3", b"\xE2\x82", b"\xED\xA0\x80", b"\x80\x80"];
    for base in &bases {
        let bounds: Vec<usize> = base.char_indices().map(|(i, _)| i).step_by(step).collect();
        for ins in inserts {
            for &at in &bounds {
                let mut src = base.as_bytes()[..at].to_vec();
                src.extend_from_slice(ins);
                src.extend_from_slice(&base.as_bytes()[at..]);
                let items = decode_items(&src, Encoding::Utf8);
                for mode in [Mode::Strict, Mode::Lossy] {
                    let exact = model_items(&items, Encoding::Utf8, mode, usize::MAX)
                        .out
                        .len();
                    for n in [exact, exact.saturating_sub(1), exact + 64] {
                        check_case(ks, &src, &items, Encoding::Utf8, Encoding::Utf8, mode, n)
                            .unwrap_or_else(|m| panic!("insert at {at}: {m}"));
                    }
                }
            }
        }
        for from in UTF16 {
            let e = from.endian().unwrap();
            let units: Vec<u16> = base.encode_utf16().collect();
            for bad in [0xD800u16, 0xDBFF, 0xDC00, 0xDFFF] {
                for at in (0..=units.len()).step_by(step) {
                    let mut u = units.clone();
                    u.insert(at, bad);
                    let src = units16(&u, e);
                    let items = decode_items(&src, from);
                    for to in UTF32 {
                        for mode in [Mode::Strict, Mode::Lossy] {
                            let exact = model_items(&items, to, mode, usize::MAX).out.len();
                            for n in [exact, exact.saturating_sub(1), exact + 64] {
                                check_case(ks, &src, &items, from, to, mode, n)
                                    .unwrap_or_else(|m| panic!("unit {bad:04X} at {at}: {m}"));
                            }
                        }
                    }
                }
            }
            // Cut at every byte: truncated pairs and odd final bytes at the end.
            let full = units16(&units, e);
            for len in (full.len().saturating_sub(80)..=full.len()).step_by(step) {
                for to in UTF32 {
                    check_sizes(&full[..len], from, to);
                }
            }
        }
    }
}

/// Every `dst` size from 0 to the exact size, on inputs of a few blocks.
#[test]
fn every_small_dst() {
    let ks = kernels();
    let step = if quick() { 5 } else { 1 };
    let bases = [
        "déjà vu, ÿ à la carte. ",
        "aé中😀ßж",
        "😀🎉𝄞x",
        "ÿÿÿÿéééé¡¿Hello",
    ];
    for base in bases {
        let text: String = base.chars().cycle().take(150).collect();
        let mut sources = vec![
            (Encoding::Utf8, Encoding::Utf8, text.as_bytes().to_vec()),
            (Encoding::Latin1, Encoding::Utf8, latin1_of(&text)),
        ];
        // An error in the middle of the UTF-8 text.
        let mut bad = text.as_bytes().to_vec();
        bad.insert(bad.len() / 2, 0xFF);
        sources.push((Encoding::Utf8, Encoding::Utf8, bad));
        for from in UTF16 {
            for to in UTF32 {
                sources.push((from, to, encode_str(&text, from)));
            }
        }
        for (from, to, src) in sources {
            let items = decode_items(&src, from);
            for mode in MODES {
                let exact = model_items(&items, to, mode, usize::MAX).out.len();
                for n in (0..=exact + 4).step_by(step) {
                    check_case(ks, &src, &items, from, to, mode, n)
                        .unwrap_or_else(|m| panic!("{m}"));
                }
            }
        }
    }
}

/// Random texts: Latin-1 bytes of every value (as Latin-1, and as UTF-8, where they
/// are mostly invalid), near-valid UTF-8, and UTF-16 with random surrogates.
#[test]
fn random_inputs() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut rnd = move || rng.next();
    let rounds = if quick() { 40 } else { 400 };
    for _ in 0..rounds {
        let len = (rnd() % 700) as usize;
        // Runs of one kind of byte/character (so SIMD fast paths engage), then mixes.
        let mut bytes = Vec::new();
        while bytes.len() < len {
            let b = rnd() as u8;
            let b = if rnd() % 2 == 0 { b & 0x7F } else { b };
            bytes.extend(std::iter::repeat_n(b, 1 + (rnd() % 40) as usize));
        }
        check_sizes(&bytes, Encoding::Latin1, Encoding::Utf8);
        check_sizes(&bytes, Encoding::Utf8, Encoding::Utf8);
        let text = char_runs(&mut rnd, len);
        let mut src8 = text.clone().into_bytes();
        for _ in 0..(rnd() % 3) {
            if !src8.is_empty() {
                let i = (rnd() as usize) % src8.len();
                src8[i] = rnd() as u8;
            }
        }
        check_sizes(&src8, Encoding::Utf8, Encoding::Utf8);
        for from in UTF16 {
            let mut u: Vec<u16> = text.encode_utf16().collect();
            for _ in 0..(rnd() % 3) {
                if !u.is_empty() {
                    let i = (rnd() as usize) % u.len();
                    u[i] = 0xD800 | (rnd() as u16 & 0x7FF);
                }
            }
            let mut src = units16(&u, from.endian().unwrap());
            if rnd() % 8 == 0 {
                src.push(0x41);
            }
            for to in UTF32 {
                check_sizes(&src, from, to);
            }
        }
    }
}

/// Runs of continuation bytes (longer than any character) across the piece ends of
/// the UTF-8 copy, where a piece cannot end before a character's first byte.
#[test]
fn utf8_continuation_runs_at_piece_ends() {
    let ks = kernels();
    let tails: &[&[u8]] = &[
        b"\xF0\x9F\x98\x80\x80\x80\x80",
        b"\x80\x80\x80\x80\x80\x80",
        b"\xE2\x82\xAC\x80\x80\x80\x80",
        b"\xF0\x9F\x98",
    ];
    let ends: &[usize] = if quick() {
        &[16 * 1024]
    } else {
        &[16 * 1024, 32 * 1024]
    };
    for &end in ends {
        for off in end - 10..end + 4 {
            for tail in tails {
                let mut src = vec![b'a'; off];
                src.extend_from_slice(tail);
                src.extend_from_slice("é and more text".repeat(8).as_bytes());
                let items = decode_items(&src, Encoding::Utf8);
                for mode in MODES {
                    let exact = model_items(&items, Encoding::Utf8, mode, usize::MAX)
                        .out
                        .len();
                    for n in [exact, off, off + 2] {
                        check_case(ks, &src, &items, Encoding::Utf8, Encoding::Utf8, mode, n)
                            .unwrap_or_else(|m| panic!("run at {off}: {m}"));
                    }
                }
            }
        }
    }
}

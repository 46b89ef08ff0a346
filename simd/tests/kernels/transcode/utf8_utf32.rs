//! The SIMD UTF-8 <-> UTF-32 and UTF-8 -> Latin-1 transcoders (and, as a cross-check,
//! UTF-8 <-> UTF-16) of every kernel against scalar and the std-based model, in both
//! byte orders and all three modes.
//!
//! Inputs are long enough for several 64-byte blocks: lipsum texts, texts with one
//! error (or one character beyond Latin-1) placed at every position of a few blocks,
//! random near-valid texts, and every `dst` size from 0 to the exact size for short
//! prefixes (so the SIMD loop stops for lack of room at every point). Every kernel in
//! `utfast_simd::available()` runs; their names are printed.
//!
//! `UTFAST_QEMU=1` / `UTFAST_QUICK=1` shrink the loops.

use utfast_scalar::{Encoding, Mode};
use utfast_testkit::*;
/// Targets of a UTF-8 source that these tests concentrate on.
const FROM_UTF8: [Encoding; 5] = [
    Encoding::Utf32Le,
    Encoding::Utf32Be,
    Encoding::Latin1,
    Encoding::Utf16Le,
    Encoding::Utf16Be,
];

#[test]
fn lipsum_every_direction() {
    let quick = quick();
    for (name, text) in lipsum() {
        let text: String = if quick {
            text.chars().take(700).collect()
        } else {
            text
        };
        let src8 = text.as_bytes();
        for to in FROM_UTF8 {
            check_sizes(src8, Encoding::Utf8, to);
        }
        for from in [Encoding::Utf32Le, Encoding::Utf32Be] {
            check_sizes(&encode_str(&text, from), from, Encoding::Utf8);
        }
        // Latin-1 text: the Latin-1 letters of the lipsum text (and ASCII).
        let latin: String = text
            .chars()
            .map(|c| if (c as u32) < 0x100 { c } else { 'é' })
            .collect();
        check_sizes(latin.as_bytes(), Encoding::Utf8, Encoding::Latin1);
        println!("{name}: ok");
    }
}

/// Texts for the error sweeps: mostly Latin-1 (C2/C3 sequences), mixed widths, CJK.
fn bases() -> Vec<String> {
    let n = if quick() { 100 } else { 200 };
    let cycle = |s: &str| s.chars().cycle().take(n).collect::<String>();
    vec![
        cycle("déjà vu, ÿ à la carte. "),
        cycle("aé中😀ßж"),
        cycle("中文字符"),
        cycle("Hello world. "),
    ]
}

/// One error (or character beyond Latin-1) inserted at every character position.
#[test]
fn error_at_every_position() {
    let inserts: &[&[u8]] = &[
        b"\xFF",
        b"\xC3",
        b"\xE2\x82",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\x80",
        "€".as_bytes(),
        "Ā".as_bytes(),
        "😀".as_bytes(),
    ];
    let step = if quick() { 7 } else { 1 };
    let ks = kernels();
    for base in bases() {
        let bounds: Vec<usize> = base.char_indices().map(|(i, _)| i).step_by(step).collect();
        for ins in inserts {
            for &at in &bounds {
                let mut src = base.as_bytes()[..at].to_vec();
                src.extend_from_slice(ins);
                src.extend_from_slice(&base.as_bytes()[at..]);
                let items = decode_items(&src, Encoding::Utf8);
                for to in [Encoding::Utf32Le, Encoding::Utf32Be, Encoding::Latin1] {
                    for mode in [Mode::Strict, Mode::Lossy] {
                        let exact = model_items(&items, to, mode, usize::MAX).out.len();
                        for n in [exact, exact.saturating_sub(1), exact + 64] {
                            check_case(ks, &src, &items, Encoding::Utf8, to, mode, n)
                                .unwrap_or_else(|m| panic!("insert at {at}: {m}"));
                        }
                    }
                }
            }
        }
        // UTF-32 sources with an invalid unit at every position.
        for e in [Encoding::Utf32Le, Encoding::Utf32Be] {
            let units: Vec<u32> = base.chars().map(|c| c as u32).collect();
            for bad in [0xD800u32, 0xDFFF, 0x11_0000, 0xFFFF_FFFF] {
                for at in (0..=units.len()).step_by(step) {
                    let mut u = units.clone();
                    u.insert(at, bad);
                    let src = units32(&u, e.endian().unwrap());
                    let items = decode_items(&src, e);
                    for mode in [Mode::Strict, Mode::Lossy] {
                        let exact = model_items(&items, Encoding::Utf8, mode, usize::MAX)
                            .out
                            .len();
                        for n in [exact, exact.saturating_sub(1)] {
                            check_case(ks, &src, &items, e, Encoding::Utf8, mode, n)
                                .unwrap_or_else(|m| panic!("unit at {at}: {m}"));
                        }
                    }
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
    for base in bases() {
        let cut: String = base.chars().take(90).collect();
        let mut sources = vec![(Encoding::Utf8, cut.as_bytes().to_vec())];
        for e in [Encoding::Utf32Le, Encoding::Utf32Be] {
            sources.push((e, encode_str(&cut, e)));
        }
        for (from, src) in sources {
            let items = decode_items(&src, from);
            let targets: &[Encoding] = if from == Encoding::Utf8 {
                &FROM_UTF8
            } else {
                &[Encoding::Utf8]
            };
            for &to in targets {
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
}

/// Random near-valid long texts: valid text with a few byte mutations.
#[test]
fn random_near_valid() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let mut rnd = move || rng.next();
    let rounds = if quick() { 40 } else { 400 };
    for round in 0..rounds {
        let len = (rnd() % 600) as usize;
        let text = char_runs(&mut rnd, len);
        let mut src8 = text.clone().into_bytes();
        let mut src32 = encode_str(&text, Encoding::Utf32Le);
        for _ in 0..(rnd() % 3) {
            if !src8.is_empty() {
                let i = (rnd() as usize) % src8.len();
                src8[i] = rnd() as u8;
            }
            if !src32.is_empty() {
                let i = (rnd() as usize) % src32.len();
                src32[i] = rnd() as u8;
            }
        }
        if round % 4 == 0 {
            // Also a Latin-1-only variant.
            let latin: Vec<u8> = text
                .chars()
                .map(|c| char::from_u32(c as u32 & 0xFF).unwrap())
                .collect::<String>()
                .into_bytes();
            check_sizes(&latin, Encoding::Utf8, Encoding::Latin1);
        }
        for to in FROM_UTF8 {
            check_sizes(&src8, Encoding::Utf8, to);
        }
        check_sizes(&src32, Encoding::Utf32Le, Encoding::Utf8);
    }
}

/// The avx2 UTF-8 -> UTF-32 transcoder works in pieces of about 4 KiB (cut before a
/// lead byte, decoded through UTF-16, widened): long texts with an error near every
/// piece boundary (and at a stride elsewhere), runs of continuation bytes across a
/// boundary, and surrogate-pair-heavy text, in every mode and byte order.
#[test]
fn long_texts_errors_near_piece_boundaries() {
    let quick = quick();
    let unit = ["ab ", "жи ", "日本", "😀x", "é😀語 "];
    let errors: [&[u8]; 5] = [
        b"\xFF",
        b"\xC3",
        b"\xE0\x80",
        b"\xED\xA0\x80",
        b"\x80\x80\x80\x80\x80",
    ];
    for u in unit {
        let mut text = String::new();
        while text.len() < 9000 {
            text.push_str(u);
        }
        check_sizes(text.as_bytes(), Encoding::Utf8, Encoding::Utf32Le);
        let mut positions: Vec<usize> = (0..text.len())
            .step_by(if quick { 997 } else { 61 })
            .collect();
        for b in [4096, 8192] {
            positions.extend(b - 8..b + 8);
        }
        for at in positions {
            let at = (0..=at)
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            for e in errors {
                let mut src = text.as_bytes()[..at].to_vec();
                src.extend_from_slice(e);
                src.extend_from_slice(&text.as_bytes()[at..]);
                for to in [Encoding::Utf32Le, Encoding::Utf32Be] {
                    check_sizes(&src, Encoding::Utf8, to);
                }
            }
        }
    }
}

/// `n` units, deterministic per `seed`: `sup` (0..=6) in 6 of them supplementary
/// (at 2, every pattern of pairs inside a 16-byte group occurs; at 6, all), the
/// others ASCII, Latin-1 and other BMP characters (U+E000..U+FFFF included).
fn mixed_units(n: usize, seed: u32, sup: u32) -> Vec<u32> {
    let mut x = seed.wrapping_mul(2_654_435_761) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            match x % 6 {
                k if k < sup => 0x10000 + (x >> 8) % 0x10_0000,
                0 => 0xE000 + (x >> 8) % 0x2000,
                1 => 0x4E00 + (x >> 8) % 0x1000,
                2 => 0xA0 + (x >> 8) % 0x60,
                _ => 0x20 + (x >> 8) % 0x5F,
            }
        })
        .collect()
}

/// UTF-32 -> UTF-16 with supplementary characters (surrogate pairs, variable-length
/// output): a supplementary character, alone or next to another one, a BMP character
/// or an invalid unit (surrogate, above U+10FFFF), written over every position of
/// three 128-byte blocks (and one unit) of BMP text, of text that is a third supplementary and of
/// only supplementary characters (where a BMP character leaves scratch bytes); both
/// byte orders on both sides, every mode, every `dst` size from 5 bytes below the
/// exact size to 4 above (so the SIMD loop stops for lack of room at every point of
/// the last blocks) and `max_output_len`.
#[test]
fn utf32_to_utf16_pairs_at_every_position() {
    let ks = kernels();
    // Three AVX-512 blocks (six AVX2, twelve SSE4.2/NEON blocks) and one unit: a
    // block whose store ends exactly at the end of a `dst` one pair short of the
    // exact size leaves scratch bytes unless the block loop keeps room for them.
    let n = 97;
    let step = if quick() { 7 } else { 1 };
    let specials: &[&[u32]] = &[
        &[0x10000],
        &[0x10FFFF, 0x1F600],
        &[0x1F600, 0xFFFF],
        &[0x1F600, 0xD800],
        &[0xDFFF, 0x10400],
        &[0x10FFFF, 0x110000],
        &[0xFFFF_FFFF, 0x20000],
        &[0x1F600, 0x41, 0xDBFF],
        &[0x41],
        &[0xFFFD, 0xE9],
    ];
    for (seed, sup) in [(1, 0), (2, 2), (3, 2), (4, 6)] {
        let base = mixed_units(n, seed, sup);
        for special in specials {
            for pos in (0..=n - special.len()).step_by(step) {
                let mut units = base.clone();
                units[pos..pos + special.len()].copy_from_slice(special);
                for from in [Encoding::Utf32Le, Encoding::Utf32Be] {
                    let src = units32(&units, from.endian().expect("UTF-32"));
                    let items = decode_items(&src, from);
                    for to in [Encoding::Utf16Le, Encoding::Utf16Be] {
                        for mode in MODES {
                            let exact = model_items(&items, to, mode, usize::MAX).out.len();
                            let max = utfast_scalar::transcode::max_output_len(from, to, src.len());
                            let sizes = (exact.saturating_sub(5)..=exact + 4).chain([max]);
                            for size in sizes {
                                if let Err(m) = check_case(ks, &src, &items, from, to, mode, size) {
                                    panic!("{special:X?} at unit {pos}: {m}");
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

//! The whole-block paths of the UTF-8 -> UTF-16/UTF-32 loop (`generic/utf8_block.rs`
//! on the 128-bit kernels, the avx2 block hooks, the avx512-vbmi2 run of blocks at
//! a fixed stride, whose characters cross block boundaries): blocks of twenty three-byte
//! characters, of sixteen four-byte characters and of every mix of one- to
//! three-byte characters, at every alignment against the 64-byte blocks, with an
//! error at every character of a block (each kind the block checks must catch:
//! lead bytes of the wrong length, overlong forms, surrogates, values above
//! U+10FFFF, truncated and overlong sequences), truncated at the end, and with every
//! `dst` size. Every kernel against scalar and the std model, both byte orders,
//! strict and lossy (and trusted-valid on valid input).
//!
//! `UTFAST_QEMU=1` / `UTFAST_QUICK=1` shrink the loops.

use utfast_scalar::{Encoding, Mode};
use utfast_testkit::*;

/// The targets of the decoder.
const TARGETS: [Encoding; 4] = [
    Encoding::Utf16Le,
    Encoding::Utf16Be,
    Encoding::Utf32Le,
    Encoding::Utf32Be,
];

/// Checks `src` for every target and mode with `dst` sizes `exact`, `exact - 1`
/// and generous (and, with `every_size`, every size up to `exact`, step `step`).
fn check_all(src: &[u8], every_size: bool, what: &str) {
    let ks = kernels();
    let items = decode_items(src, Encoding::Utf8);
    for to in TARGETS {
        for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
            let exact = model_items(&items, to, mode, usize::MAX).out.len();
            let mut sizes = vec![exact, exact.saturating_sub(1), exact + 64];
            if every_size {
                let step = if quick() { 13 } else { 1 };
                sizes.extend((0..exact).step_by(step));
            }
            for n in sizes {
                check_case(ks, src, &items, Encoding::Utf8, to, mode, n)
                    .unwrap_or_else(|m| panic!("{what}: {m}"));
            }
        }
    }
}

/// `count` characters from `chars`, cycled, after `lead` ASCII bytes and before a
/// short ASCII tail.
fn text(lead: usize, chars: &[char], count: usize) -> Vec<u8> {
    let mut s = "x".repeat(lead);
    s.extend(chars.iter().cycle().take(count));
    s.push_str("tail.");
    s.into_bytes()
}

/// Byte offsets of the characters of `src` that are `len` bytes long.
fn starts(src: &[u8], len: usize) -> Vec<usize> {
    let s = std::str::from_utf8(src).expect("valid seed");
    s.char_indices()
        .filter(|(_, c)| c.len_utf8() == len)
        .map(|(i, _)| i)
        .collect()
}

/// A named edit of the character starting at the given byte.
type Edit = (&'static str, fn(&mut Vec<u8>, usize));

/// Applies `edit` to the character at every start in `at` (the first `limit`), one
/// at a time, and checks each result.
fn mutate_each(base: &[u8], at: &[usize], limit: usize, edit: &[Edit]) {
    let step = if quick() { 5 } else { 1 };
    for &i in at.iter().take(limit).step_by(step) {
        for (name, f) in edit {
            let mut b = base.to_vec();
            f(&mut b, i);
            check_all(&b, false, &format!("{name} at byte {i}"));
        }
    }
}

#[test]
fn three_byte_blocks() {
    // U+0800 and U+D7FF/U+E000 sit next to the E0/ED range limits.
    let chars = [
        '\u{0800}', '中', '\u{D7FF}', '\u{E000}', 'ア', '\u{FFFF}', '\u{1000}',
    ];
    let edits: &[Edit] = &[
        ("overlong E0 9F", |b, i| {
            b[i..i + 3].copy_from_slice(b"\xE0\x9F\xBF")
        }),
        ("surrogate ED A0", |b, i| {
            b[i..i + 3].copy_from_slice(b"\xED\xA0\x80")
        }),
        ("two-byte lead", |b, i| b[i] = 0xC3),
        ("C0 lead", |b, i| b[i] = 0xC0),
        ("four-byte lead", |b, i| b[i] = 0xF0),
        ("F8 lead", |b, i| b[i] = 0xF8),
        ("ASCII lead", |b, i| b[i] = b'a'),
        ("lead as continuation", |b, i| b[i] = 0x80),
        ("truncated", |b, i| {
            b.remove(i + 2);
        }),
        ("extra continuation", |b, i| b.insert(i + 3, 0x80)),
        ("one-byte character", |b, i| b.insert(i, b'z')),
    ];
    for lead in 0..4 {
        let base = text(lead, &chars, 70);
        check_all(
            &base,
            true,
            &format!("three-byte text after {lead} ASCII bytes"),
        );
        // The first block, its boundary and a character of the second one.
        mutate_each(&base, &starts(&base, 3), 26, edits);
        // Cut at every byte of the last characters.
        let end = base.len() - 5;
        for cut in end - 7..=end {
            check_all(&base[..cut], false, &format!("cut at {cut}"));
        }
    }
}

#[test]
fn four_byte_blocks() {
    let chars = [
        '\u{10000}',
        '😀',
        '\u{10FFFF}',
        '\u{40000}',
        '🦀',
        '\u{FFFFD}',
    ];
    let edits: &[Edit] = &[
        ("overlong F0 8F", |b, i| {
            b[i..i + 4].copy_from_slice(b"\xF0\x8F\xBF\xBF")
        }),
        ("above U+10FFFF", |b, i| {
            b[i..i + 4].copy_from_slice(b"\xF4\x90\x80\x80")
        }),
        ("F5 lead", |b, i| b[i] = 0xF5),
        ("F8 lead", |b, i| b[i] = 0xF8),
        ("three-byte lead", |b, i| b[i] = 0xE1),
        ("ASCII lead", |b, i| b[i] = b'a'),
        ("truncated", |b, i| {
            b.remove(i + 3);
        }),
        ("extra continuation", |b, i| b.insert(i + 4, 0xBF)),
        ("one-byte character", |b, i| b.insert(i, b'z')),
    ];
    for lead in 0..4 {
        let base = text(lead, &chars, 50);
        check_all(
            &base,
            true,
            &format!("four-byte text after {lead} ASCII bytes"),
        );
        mutate_each(&base, &starts(&base, 4), 20, edits);
        let end = base.len() - 5;
        for cut in end - 9..=end {
            check_all(&base[..cut], false, &format!("cut at {cut}"));
        }
    }
}

/// Every pattern of four character lengths 1..=3 (81), repeated over a few blocks;
/// then one error at every byte of a block of one such text.
#[test]
fn one_to_three_byte_patterns() {
    let by_len = [
        ['a', '7', '\n'],
        ['é', 'Ж', '\u{7FF}'],
        ['中', '\u{0800}', '\u{FFFD}'],
    ];
    let step = if quick() { 7 } else { 1 };
    for p in (0..81).step_by(step) {
        let lens = [p % 3, p / 3 % 3, p / 9 % 3, p / 27];
        let chars: Vec<char> = (0..12).map(|k| by_len[lens[k % 4]][k % 3]).collect();
        let base = text(p % 5, &chars, 80);
        check_all(&base, p % 9 == 0, &format!("lengths {lens:?}"));
    }
    let chars = ['a', 'é', '中', 'b', 'c', 'Ж', 'ア', '\u{7FF}', ' '];
    let base = text(0, &chars, 60);
    for i in (0..80).step_by(step) {
        for bad in [
            &b"\xFF"[..],
            b"\x80",
            b"\xC1\xBF",
            b"\xE0\x80\x80",
            b"\xED\xB0\x80",
            b"\xE2\x82",
        ] {
            let mut b = base.clone();
            b.splice(i..i, bad.iter().copied());
            check_all(&b, false, &format!("{bad:02X?} inserted at {i}"));
        }
    }
}

/// A text of `blocks` 64-byte stretches, each of characters of one kind (ASCII,
/// one- and two-byte, CJK, one- to three-byte, emoji; chosen at random), the kind
/// changing `0..jitter` bytes after each multiple of 64, so that characters cross
/// every boundary.
fn block_kinds_text(rng: &mut Rng, blocks: usize, jitter: usize) -> Vec<u8> {
    const KINDS: [&[char]; 5] = [
        &['a', 'b', ' ', '7'],
        &['é', 'Ж', 'a', '\u{7FF}', ' '],
        &[
            '中', 'ア', '한', '\u{FFFD}', '\u{0800}', '\u{D7FF}', '\u{E000}',
        ],
        &['a', 'é', '中', ' ', '\u{7FF}'],
        &['😀', '\u{10000}', '\u{10FFFF}', '🦀'],
    ];
    let mut s = String::new();
    for block in 1..=blocks {
        let kind = KINDS[rng.below(KINDS.len())];
        while s.len() < 64 * block + rng.below(jitter) {
            s.push(kind[rng.below(kind.len())]);
        }
    }
    s.into_bytes()
}

/// Texts whose 64-byte blocks change kind from one block to the next (ASCII, one-
/// and two-byte, CJK, one- to three-byte mixes, emoji), with characters across
/// every block boundary, and a character next to a boundary replaced by one with a
/// range-checked lead byte (E0, ED, F0, F4) and a second byte in or out of range:
/// the avx512-vbmi2 decoder converts such blocks at a fixed stride with a path per
/// kind, checking a character in the block where it ends (the three- and four-byte
/// paths by value, the mixed path by the byte after E0/ED, across the boundary).
#[test]
fn block_kinds_and_ranges_across_boundaries() {
    // Same length as the character replaced: (valid, invalid) forms.
    const THREE: [(&[u8], &[u8]); 2] = [
        (b"\xE0\xA0\x80", b"\xE0\x9F\xBF"),
        (b"\xED\x9F\xBF", b"\xED\xA0\x80"),
    ];
    const FOUR: [(&[u8], &[u8]); 2] = [
        (b"\xF0\x90\x80\x80", b"\xF0\x8F\xBF\xBF"),
        (b"\xF4\x8F\xBF\xBF", b"\xF4\x90\x80\x80"),
    ];
    let mut rng = Rng(0x5EED_B10C);
    let texts = if quick() { 100 } else { 1000 };
    for _ in 0..texts {
        let base = block_kinds_text(&mut rng, 5, 3);
        // Characters of three or four bytes that start within 3 bytes of a
        // boundary (their second byte or their end is across it).
        let near: Vec<(usize, usize)> = std::str::from_utf8(&base)
            .unwrap()
            .char_indices()
            .map(|(i, c)| (i, c.len_utf8()))
            .filter(|&(i, n)| n >= 3 && (i + 3) % 64 < 4)
            .collect();
        for &(i, n) in &near {
            let forms = if n == 3 { &THREE } else { &FOUR };
            let (valid, invalid) = forms[rng.below(2)];
            for form in [valid, invalid] {
                let mut b = base.clone();
                b[i..i + n].copy_from_slice(form);
                check_all(&b, false, &format!("{form:02X?} at byte {i}"));
            }
        }
    }
}

/// A block of three-byte (four-byte) characters only that ends with the lead byte
/// of a two-byte character, valid (C2) or overlong (C0, C1), completed in the next
/// block (of another kind).
#[test]
fn two_byte_lead_after_fixed_blocks() {
    for lead in [0xC0u8, 0xC1, 0xC2, 0xDF] {
        for tail in [
            "xyz and more ascii text, é ü ä",
            "ЖЖЖЖ",
            "中中中中",
            "😀😀😀😀",
        ] {
            let three = "中".repeat(21).into_bytes();
            // A first block of one- and two-byte characters and the first bytes of
            // an emoji, then a block of emoji only, the last one ending at its byte
            // 62 (the avx512-vbmi2 run takes the blocks at a fixed stride from the
            // first one that is not ASCII).
            let four = ["é", &"x".repeat(61), &"😀".repeat(16)]
                .concat()
                .into_bytes();
            for mut b in [three, four] {
                b.extend([lead, 0xBF]);
                b.extend(tail.repeat(8).bytes());
                check_all(&b, false, &format!("{lead:02X} BF then {tail:?}"));
            }
        }
    }
}

/// A block of three-byte (four-byte) characters only, after a block of one- to
/// three-byte characters that sets the phase, whose last two bytes are E0 or ED and
/// a second byte in or out of range, completed in the next block (of mixed
/// characters): the character is checked by neither block's value checks.
#[test]
fn range_checked_lead_at_byte_62_of_fixed_blocks() {
    for (lead, second) in [(0xE0u8, 0x9Fu8), (0xE0, 0xA0), (0xED, 0x9F), (0xED, 0xA0)] {
        // Three-byte characters from byte 3 to byte 125; emoji from byte 62 to 125.
        let three = ["é", "x", &"中".repeat(41)].concat().into_bytes();
        let four = ["é", &"x".repeat(60), &"😀".repeat(16)]
            .concat()
            .into_bytes();
        for mut b in [three, four] {
            assert_eq!(b.len(), 126);
            b.extend([lead, second, 0xBF]);
            b.extend("x é y ".repeat(20).bytes());
            check_all(
                &b,
                false,
                &format!("{lead:02X} {second:02X} BF at byte 126"),
            );
        }
    }
}

/// Texts of changing block kinds (as in `block_kinds_and_ranges_across_boundaries`)
/// with one to three places overwritten by bytes that start, continue or break a
/// sequence (single bytes, and E0/ED/F0/F4/C0/C1 with a second byte in or out of
/// range), most of them within 4 bytes of a multiple of 64. `UTFAST_STRESS=N` runs
/// N texts instead of the default.
#[test]
fn block_kinds_with_random_byte_errors() {
    const PATCHES: [&[u8]; 24] = [
        b"\x80",
        b"\xBF",
        b"\xC0",
        b"\xC2",
        b"\xDF",
        b"\xE0",
        b"\xED",
        b"\xEF",
        b"\xF0",
        b"\xF4",
        b"\xF5",
        b"\xFF",
        b"a",
        b"\xE0\x9F",
        b"\xE0\xA0",
        b"\xED\x9F",
        b"\xED\xA0",
        b"\xF0\x8F",
        b"\xF0\x90",
        b"\xF4\x8F",
        b"\xF4\x90",
        b"\xC1\xBF",
        b"\xC2\x80",
        b"\xE0\x80\x80",
    ];
    let texts = std::env::var("UTFAST_STRESS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if quick() { 100 } else { 1000 });
    let mut rng = Rng(0x0B10_CE44);
    for _ in 0..texts {
        let mut b = block_kinds_text(&mut rng, 4, 5);
        for _ in 0..1 + rng.below(3) {
            let patch = PATCHES[rng.below(PATCHES.len())];
            let i = if rng.below(4) == 0 {
                rng.below(b.len() - 3)
            } else {
                (64 * (1 + rng.below(3)) + rng.below(8)).saturating_sub(4 + patch.len())
            };
            b[i..i + patch.len()].copy_from_slice(patch);
        }
        check_all(&b, false, "random byte errors");
    }
}

/// The avx512-vbmi2 run's part block: when the input does not start on a 64-byte
/// boundary, the run's first step converts only the characters that end before the
/// first boundary, and its later loads are aligned. Texts that start with each kind
/// of block (so that the run starts at the input's first byte and the part block
/// is of that kind), at every address modulo 64, valid and with a byte that starts,
/// continues or breaks a sequence at every position around the boundary (the end
/// of the part block) and around byte 64 (the end of the first whole block).
#[test]
fn part_block_at_every_alignment() {
    const PATCHES: [&[u8]; 12] = [
        b"\x80",
        b"\xC0",
        b"\xC2",
        b"\xE0",
        b"\xED",
        b"\xF0",
        b"\xF5",
        b"a",
        b"\xE0\x9F",
        b"\xED\xA0",
        b"\xF0\x8F",
        b"\xF4\x90",
    ];
    let firsts = [
        "é and some ascii text of sixty-four bytes or so, more and more..",
        "éèêëÀÂÇÉÈÊËÎÏÔŒÙÛÜŸàâçéèêëîïôœùûüÿЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖ",
        "中文字符三字节中文字符三字节中文字符三字节中文字符三字节",
        "😀🦀😀🦀😀🦀😀🦀😀🦀😀🦀😀🦀😀🦀😀🦀",
        "aé中 aé中 aé中 aé中 aé中 aé中 aé中 aé中 aé中",
    ];
    let offsets: Vec<usize> = if quick() {
        vec![0, 4, 17, 33, 62]
    } else {
        (0..64).collect()
    };
    let mut rng = Rng(0xA11_6AED);
    for first in firsts {
        let mut base = first.as_bytes().to_vec();
        base.extend(block_kinds_text(&mut rng, 5, 3));
        let mut buf = vec![0u8; base.len() + 128];
        for &off in &offsets {
            let start = buf.as_ptr().align_offset(64) + off;
            let place =
                |buf: &mut Vec<u8>, b: &[u8]| buf[start..start + b.len()].copy_from_slice(b);
            place(&mut buf, &base);
            check_all(
                &buf[start..start + base.len()],
                false,
                &format!("valid, {off} past a boundary"),
            );
            // The part block ends at `cut`; the first whole block at `cut + 64`.
            let cut = (64 - off) % 64;
            let step = if quick() { 3 } else { 1 };
            for end in [cut, cut + 64] {
                for pos in (end.saturating_sub(4)..end + 4).step_by(step) {
                    for p in PATCHES {
                        let mut b = base.clone();
                        b[pos..pos + p.len()].copy_from_slice(p);
                        place(&mut buf, &b);
                        check_all(
                            &buf[start..start + b.len()],
                            false,
                            &format!("{p:02X?} at byte {pos}, {off} past a boundary"),
                        );
                    }
                }
            }
        }
    }
}

/// The avx512-vbmi2 run's part block of three-byte (four-byte) characters only,
/// whose last character is cut by the first 64-byte boundary and completed in a
/// block of mixed characters after it: that character is checked by neither
/// block's value checks, so its lead byte and the byte after it are carried across
/// the boundary (E0/ED and a second byte out of range; C0/C1). Every cut that
/// splits a character, in or out of range.
#[test]
fn range_checked_lead_across_the_part_block() {
    const THREE: [&[u8]; 6] = [
        b"\xE0\xA0\x80",
        b"\xE0\x9F\xBF",
        b"\xED\x9F\xBF",
        b"\xED\xA0\x80",
        b"\xC0\x80x",
        b"\xC1\xBFx",
    ];
    const FOUR: [&[u8]; 6] = [
        b"\xF0\x90\x80\x80",
        b"\xF0\x8F\xBF\xBF",
        b"\xF4\x90\x80\x80",
        b"\xE0\x9F\xBFx",
        b"\xED\xA0\x80x",
        b"\xC0\x80xx",
    ];
    let tail = "x é y Ж z ".repeat(20);
    // Characters from byte 0 to past byte 64, then mixed text.
    let texts: [(String, usize, &[&[u8]]); 2] = [
        ("中".repeat(23) + &tail, 3, &THREE),
        ("😀".repeat(17) + &tail, 4, &FOUR),
    ];
    let mut buf = vec![0u8; texts[0].0.len().max(texts[1].0.len()) + 128];
    for (text, n, forms) in &texts {
        let base = text.as_bytes();
        for off in 1..64 {
            let cut = 64 - off;
            if cut % n == 0 {
                continue;
            }
            // The character across the cut.
            let at = cut - cut % n;
            let start = buf.as_ptr().align_offset(64) + off;
            for form in forms.iter() {
                let mut b = base.to_vec();
                b[at..at + n].copy_from_slice(form);
                buf[start..start + b.len()].copy_from_slice(&b);
                check_all(
                    &buf[start..start + b.len()],
                    false,
                    &format!("{form:02X?} at byte {at}, {off} past a boundary"),
                );
            }
        }
    }
}

/// The ASCII run of the decoder (neon: 64 bytes per step, the steps that fit both
/// buffers counted in advance): ASCII of every length from 64 to 300 bytes, then a
/// two-, three- or four-byte character or an invalid byte, then more text; `dst`
/// sizes at the end of every step of the run and around it, for both unit sizes.
#[test]
fn ascii_runs_of_every_length() {
    let ks = kernels();
    let step = if quick() { 9 } else { 1 };
    let ends: [&[u8]; 5] = [
        b"\xC3\xA9",
        b"\xE2\x82\xAC",
        b"\xF0\x9F\x98\x8A",
        b"\xFF",
        b"\x80",
    ];
    for n in (64..300).step_by(step) {
        for end in ends {
            let mut src = vec![b'a'; n];
            src.extend_from_slice(end);
            src.extend_from_slice("and more text: \u{e9}\u{20ac} ".repeat(3).as_bytes());
            let items = decode_items(&src, Encoding::Utf8);
            for to in TARGETS {
                let unit = if matches!(to, Encoding::Utf32Le | Encoding::Utf32Be) {
                    4
                } else {
                    2
                };
                for mode in [Mode::Strict, Mode::Lossy] {
                    let exact = model_items(&items, to, mode, usize::MAX).out.len();
                    let mut sizes = vec![exact, exact.saturating_sub(1), exact + 64];
                    for k in 1..=(n / 64 + 1) {
                        for d in [0, 1, 2, 3, 5] {
                            sizes.push((64 * unit * k + d).saturating_sub(2));
                        }
                    }
                    for size in sizes {
                        check_case(ks, &src, &items, Encoding::Utf8, to, mode, size)
                            .unwrap_or_else(|m| panic!("ASCII run of {n} bytes: {m}"));
                    }
                }
            }
        }
    }
}

/// Text in a Latin script: ASCII with two-byte characters every few bytes and a
/// three-byte character now and then (at most two per 64 bytes), the layout that
/// the wasm kernel's run of one- and two-byte blocks goes on through (one- and
/// two-byte blocks converted whole, a block with one or two three-byte characters
/// converted up to the first and that character in scalar code).
fn latin_stretch() -> String {
    let words = [
        "la ",
        "ĉevalo ",
        "kaj ",
        "ŭ ",
        "Ж ",
        "\u{80}",
        "\u{7FF} ",
        "ĝis ",
        "mondo, ",
        "sur ",
        "Marso ",
        "ŝ ",
        "estas ",
        "ĵaŭdo. ",
        "ĥoro ",
    ];
    let long = ["— ", "\u{800}", "\u{FFFF} ", "\u{D7FF}", "e\u{E000} "];
    let mut latin = String::new();
    for k in 0..80 {
        latin.push_str(words[k * 7 % words.len()]);
        if k % 8 == 7 {
            latin.push_str(long[k / 8 % long.len()]);
        }
    }
    latin
}

/// Checks `base` cut at every `step`-th byte of `from..from + 260`, with each byte
/// of `from..from + 200` (every `step`-th) replaced by one that starts, continues or
/// breaks a sequence, and with overlong, surrogate, truncated and four-byte
/// characters inserted (every `3 * step`-th byte).
fn check_edits(base: &[u8], from: usize, step: usize) {
    for cut in (from..(from + 260).min(base.len())).step_by(step) {
        check_all(&base[..cut], false, &format!("Latin cut at {cut}"));
    }
    let span = from..(from + 200).min(base.len());
    for i in span.clone().step_by(step) {
        for bad in [
            0x80u8, 0xBF, 0xC0, 0xC1, 0xC3, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xFF, b'a',
        ] {
            let mut b = base.to_vec();
            b[i] = bad;
            check_all(&b, false, &format!("{bad:02X} at byte {i}"));
        }
    }
    for i in span.step_by(3 * step) {
        for bad in [
            &b"\xE0\x9F\xBF"[..],
            b"\xED\xA0\x80",
            b"\xE0\xA0\x80",
            b"\xED\x9F\xBF",
            b"\xE2\x80",
            b"\xC3",
            b"\xF0\x9F\x98\x80",
        ] {
            let mut b = base.to_vec();
            b.splice(i..i, bad.iter().copied());
            check_all(&b, false, &format!("{bad:02X?} inserted at {i}"));
        }
    }
}

/// Latin text (`latin_stretch`) after an ASCII block, where the wasm kernel's ASCII
/// run enters it: after every length of the ASCII start (every phase of the blocks
/// against the characters), valid and with the edits of `check_edits`.
#[test]
fn latin_text_after_an_ascii_block() {
    let latin = latin_stretch();
    // Every length of the ASCII start; the edits at every fifth byte, from an offset
    // that changes with the start, so that over all starts every byte of the
    // stretch takes them in every phase.
    let (leads, step) = if quick() { (9, 9) } else { (1, 5) };
    for lead in (64..128).step_by(leads) {
        let base = ["x".repeat(lead), latin.clone(), "tail of ascii.".into()]
            .concat()
            .into_bytes();
        check_all(
            &base,
            lead % 16 == 0,
            &format!("Latin after {lead} ASCII bytes"),
        );
        check_edits(&base, lead + lead % step, step);
    }
}

/// Latin text (`latin_stretch`) without an ASCII block before it: at the start of
/// the input, and after a block of three-byte characters that the wasm kernel's run
/// does not take (the run then starts at a block that is not ASCII), after every
/// length of a short ASCII start, valid and with the edits of `check_edits`.
#[test]
fn latin_text_without_an_ascii_block() {
    let latin = latin_stretch();
    let (leads, step) = if quick() { (9, 9) } else { (3, 7) };
    for before in ["", "日本語の文字列、日本語の文字列、日本語の文字列。"] {
        for lead in (0..64).step_by(leads) {
            let base = [
                before.into(),
                "x".repeat(lead),
                latin.clone(),
                "tail.".into(),
            ]
            .concat()
            .into_bytes();
            check_all(
                &base,
                lead % 16 == 0,
                &format!("Latin after {lead} ASCII bytes"),
            );
            check_edits(&base, before.len() + lead % step, step);
        }
    }
}

/// Text of three-byte characters mixed with ASCII and two-byte characters (CJK in
/// markup, numbers and names): blocks of one- to three-byte characters that do not
/// have the fixed layout of twenty three-byte characters, which the wasm kernel
/// checks with masks instead of the validator (`checked_block`), after an ASCII
/// run of every length, whose blocks the wasm kernel converts alone before such
/// text; valid, cut, and with an error at every byte around the first two block
/// boundaries after the ASCII run (each kind the masks must catch: C0/C1, F0..FF,
/// lone and missing continuation bytes, overlong E0 and surrogate ED forms, a lead
/// byte at byte 63 with a bad byte 64).
#[test]
fn mixed_three_byte_text_after_ascii_runs() {
    let mixed = "中文 (2024) 日本語の「テキスト」, é 한국어 ".repeat(6);
    const PATCHES: [&[u8]; 14] = [
        b"\x80",
        b"\xC0",
        b"\xC1 ",
        b"\xC0\x80",
        b"\xC1\xBF",
        b"\xDF",
        b"\xE0\x9F\xBF",
        b"\xE0\xA0\x80",
        b"\xED\xA0\x80",
        b"\xED\x9F\xBF",
        b"\xEF\xBF",
        b"\xF0\x9F\x98\x80",
        b"\xF8",
        b"\xFF",
    ];
    let (leads, step) = if quick() { (7, 5) } else { (3, 2) };
    // An ASCII block, of changing letters (16 bytes stored in the place of others
    // show), then the mixed text from the next block on.
    for lead in (64..128).step_by(leads) {
        let ascii: String = (0..lead)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect();
        let base = [ascii, mixed.clone()].concat().into_bytes();
        check_all(&base, false, &format!("mixed CJK after {lead} ASCII bytes"));
        let from = lead - lead % 64 + 64;
        for cut in (from + 56..from + 72).step_by(step) {
            check_all(&base[..cut], false, &format!("cut at {cut}"));
        }
        for pos in (from + 58..from + 134).step_by(step) {
            for p in PATCHES {
                let mut b = base.clone();
                b[pos..pos + p.len()].copy_from_slice(p);
                check_all(
                    &b,
                    false,
                    &format!("{p:02X?} at byte {pos}, after {lead} ASCII bytes"),
                );
            }
        }
    }
}

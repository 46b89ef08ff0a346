//! The whole-block paths of the UTF-8 -> UTF-16/UTF-32 loop (`generic/utf8_block.rs`
//! on the 128-bit kernels, the avx2 block hooks): blocks of twenty three-byte
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

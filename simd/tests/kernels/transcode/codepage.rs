//! The code pages on every kernel against scalar (and scalar against the oracle,
//! encoding_rs): the Russian corpus of `tests/data/cyrillic` in every direction and
//! mode, random bytes (undefined ones included) and random text of each page's
//! characters with every buffer size that matters, and round trips.

use utfast_testkit::*;

/// Text that stresses the encoders' fast blocks: runs of ASCII, Cyrillic letters
/// (two-byte UTF-8 `D0`/`D1`), Ё/ё, letters of U+0400..U+047F that the code pages
/// lack, box drawing (three bytes), Latin-1 symbols some have, characters none has.
const POOL: &str =
    "aeo .,\nабвгдежзийклмнопрстуфхцчшщъыьэюяАБВЮЯЁёЂђЎўЄєІіЇїѢѣѲѳ҂Ґґ─│┌╬░▒▓■°·©«»№€—’\u{A0}ÿ中😀\
     éàüßœŒłąčřőΩαβγשלוםمرحباกขคĀ\u{FFFD}";

/// Random text of runs of characters of [`POOL`] (Cyrillic letters most often).
fn cyrillic_text(rng: &mut Rng, len: usize) -> String {
    let pool: Vec<char> = POOL.chars().collect();
    let mut text = String::new();
    while text.len() < len {
        let c = if rng.below(3) == 0 {
            pool[rng.below(pool.len())]
        } else {
            char::from_u32(0x410 + rng.below(64) as u32).unwrap()
        };
        let longest = if rng.below(4) == 0 { 40 } else { 3 };
        let run = 1 + rng.below(longest);
        text.extend(std::iter::repeat_n(c, run));
    }
    text
}

/// Random text of runs of characters of code page `cp` (most often) and of [`POOL`].
fn page_text(rng: &mut Rng, cp: Encoding, len: usize) -> String {
    let page = utfast_scalar::CodePage::of(cp).unwrap();
    let own: Vec<char> = (0x80..=0xFF)
        .filter(|&b| page.is_defined(b))
        .map(|b| page.decode(b))
        .collect();
    let pool: Vec<char> = POOL.chars().collect();
    let mut text = String::new();
    while text.len() < len {
        let c = match rng.below(6) {
            0 => pool[rng.below(pool.len())],
            1 => char::from(b' ' + rng.below(95) as u8),
            _ => own[rng.below(own.len())],
        };
        let longest = if rng.below(4) == 0 { 40 } else { 3 };
        let run = 1 + rng.below(longest);
        text.extend(std::iter::repeat_n(c, run));
    }
    text
}

/// Every transcoding of the corpus on every kernel against scalar: decoding to
/// UTF-8 (also against the corpus's expected UTF-8 or encoding_rs), UTF-16LE/BE,
/// UTF-32LE/BE; encoding back from each (the original bytes), every mode.
#[test]
fn corpus_every_direction_every_kernel() {
    let ks = kernels();
    let targets = [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Utf32Le,
        Encoding::Utf32Be,
    ];
    for (name, cp, bytes, utf8) in cyrillic_texts() {
        let bytes = if quick() {
            bytes[..bytes.len().min(8192)].to_vec()
        } else {
            bytes
        };
        let peer = encoding_rs::Encoding::for_label(cp.name().as_bytes()).unwrap();
        let want_utf8 = peer.decode_without_bom_handling(&bytes).0.into_owned();
        if let Some(u) = &utf8 {
            if !quick() {
                assert_eq!(&want_utf8, u, "{name}: encoding_rs vs the corpus's UTF-8");
            }
        }
        for to in targets {
            let want = encode_str(&want_utf8, to);
            for k in ks {
                for mode in MODES {
                    let len = want.len();
                    let got = kernel(k, &bytes, cp, to, mode, len, 0xA5)
                        .unwrap_or_else(|m| panic!("{name} {} {cp}->{to}: {m}", k.name()));
                    assert_eq!(
                        got.result,
                        Ok(len),
                        "{name} {} {cp}->{to} {mode:?}",
                        k.name()
                    );
                    assert!(got.out == want, "{name} {} {cp}->{to} {mode:?}", k.name());
                    let back = kernel(k, &want, to, cp, mode, bytes.len(), 0xA5)
                        .unwrap_or_else(|m| panic!("{name} {} {to}->{cp}: {m}", k.name()));
                    assert_eq!(
                        back.result,
                        Ok(bytes.len()),
                        "{name} {} {to}->{cp} {mode:?}",
                        k.name()
                    );
                    assert!(back.out == bytes, "{name} {} {to}->{cp} {mode:?}", k.name());
                }
            }
        }
    }
}

/// The Russian lipsum in UTF-8 (characters some code pages lack) to every code page,
/// strict and lossy, every kernel against scalar.
#[test]
fn russian_utf8_to_code_pages() {
    let ks = kernels();
    let text = lipsum_text("Russian");
    for cp in CODE_PAGES {
        for from in [Encoding::Utf8, Encoding::Utf16Le, Encoding::Utf32Be] {
            let src = encode_str(&text, from);
            for mode in [Mode::Strict, Mode::Lossy] {
                let max = utfast_scalar::transcode::max_output_len(from, cp, src.len());
                let want = scalar(&src, from, cp, mode, max, 0xA5).unwrap();
                for k in ks {
                    let got = kernel(k, &src, from, cp, mode, max, 0x5A).unwrap();
                    assert_eq!(got, want, "{} {from}->{cp} {mode:?}", k.name());
                }
            }
        }
    }
}

/// Random bytes in every code page, and random text in UTF-8/16/32 to every code
/// page, with every buffer size of `check_all_targets`, at every length up to 200
/// and a few long ones, misaligned.
#[test]
fn random_inputs_every_size() {
    let ks = kernels();
    let mut rng = Rng(0xC0DE_9A6E_5EED_0001);
    let lens: Vec<usize> = (0..=200)
        .step_by(if quick() { 13 } else { 1 })
        .chain([511, 1000, 4097])
        .collect();
    let all = ALL;
    for &len in &lens {
        // The Cyrillic pages at every length to every target; the others at every
        // ninth length to the Unicode forms (the block paths are the same code).
        let pages = if len % 9 == 0 || len > 200 {
            &CODE_PAGES[..]
        } else {
            &CYRILLIC[..]
        };
        for &cp in pages {
            let targets: &[Encoding] = if CYRILLIC.contains(&cp) {
                &all
            } else {
                &UNICODE
            };
            // Bytes: mostly high ones, some ASCII runs.
            let src: Vec<u8> = (0..len)
                .map(|i| {
                    if (i / 17) % 3 == 0 {
                        b'a' + (i % 26) as u8
                    } else {
                        rng.next() as u8 | 0x80
                    }
                })
                .collect();
            let (storage, off) = misaligned(&src, len % 7);
            check_all_targets(ks, &storage[off..], cp, targets).unwrap_or_else(|m| panic!("{m}"));
            if !CYRILLIC.contains(&cp) {
                // Text of the page's own characters, from UTF-8/16/32.
                let text = page_text(&mut rng, cp, len);
                for from in [Encoding::Utf8, Encoding::Utf16Le, Encoding::Utf32Be] {
                    let src = encode_str(&text, from);
                    check_all_targets(ks, &src, from, &[cp]).unwrap_or_else(|m| panic!("{m}"));
                }
            }
        }
        let text = cyrillic_text(&mut rng, len);
        let mut chars: Vec<char> = text.chars().collect();
        chars.truncate(len.max(1));
        let text: String = chars.into_iter().collect();
        for from in [Encoding::Utf8, Encoding::Utf16Be, Encoding::Utf32Le] {
            let mut src = encode_str(&text, from);
            if len % 5 == 4 && !src.is_empty() {
                // Something ill-formed in the middle.
                let at = src.len() / 2 / from.unit_size() * from.unit_size();
                let bad: &[u8] = match from {
                    Encoding::Utf8 => b"\xD0",
                    Encoding::Utf16Be => b"\xDC\x00",
                    _ => b"\x00\xD8\x00\x00",
                };
                src.splice(at..at, bad.iter().copied());
            }
            check_all_targets(ks, &src, from, &CYRILLIC[..]).unwrap_or_else(|m| panic!("{m}"));
        }
    }
}

/// Code page -> UTF-8/16/32 -> code page is the identity on every kernel and mode.
#[test]
fn round_trips_of_random_bytes() {
    let mut rng = Rng(77);
    for len in [0, 1, 63, 64, 65, 200, 1025] {
        let src: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        utfast_testkit::fuzz::check_codepage_roundtrip(&src);
    }
}

/// `len` random bytes: printable ASCII `ascii_in_8` times in eight, a byte of `pool`
/// otherwise.
fn ascii_and(rng: &mut Rng, len: usize, ascii_in_8: usize, pool: &[u8]) -> Vec<u8> {
    (0..len)
        .map(|_| {
            if rng.below(8) < ascii_in_8 {
                b' ' + rng.below(95) as u8
            } else {
                pool[rng.below(pool.len())]
            }
        })
        .collect()
}

/// Code page -> UTF-8 converts blocks of ASCII and two-byte characters directly
/// (lead and trail bytes from in-register tables, packed per group of eight) and
/// other blocks through UTF-16: bytes of two-byte characters only, mixed with
/// ASCII at several densities, with one byte of a three-byte character (or none)
/// at every position, every kernel against scalar with every buffer size of
/// `check_all_targets`.
#[test]
fn two_byte_blocks_with_an_odd_byte_at_every_position() {
    let ks = kernels();
    let mut rng = Rng(0x2B_17E5);
    for cp in CODE_PAGES {
        let page = utfast_scalar::CodePage::of(cp).unwrap();
        let width = |b: u8| page.decode(b).len_utf8();
        let two: Vec<u8> = (0x80..=0xFF).filter(|&b| width(b) == 2).collect();
        let three: Vec<u8> = (0x80..=0xFF).filter(|&b| width(b) == 3).collect();
        for (len, ascii_in_8) in [(70, 0), (97, 2), (130, 5), (64, 1)] {
            for at in 0..=len {
                let mut src = ascii_and(&mut rng, len, ascii_in_8, &two);
                if at < len && !three.is_empty() {
                    src[at] = three[rng.below(three.len())];
                }
                check_all_targets(ks, &src, cp, &[Encoding::Utf8])
                    .unwrap_or_else(|m| panic!("{m}"));
            }
        }
    }
}

/// Code page -> UTF-8 on a page of mostly three-byte characters (Thai,
/// windows-874) converts blocks of ASCII and characters of the page's most common
/// prefixes (the UTF-8 bytes before the last) directly, one look-up and a
/// `PACK3` packing per group of four, and refuses blocks with any other byte to
/// the UTF-16 way: its three-byte characters mixed with ASCII at several
/// densities, with one byte of a rare prefix (a two-byte character, a three-byte
/// one that fewer than eight share its prefix with) or an undefined one at every
/// position and alignment (or none), every kernel against scalar with every buffer
/// size of `check_all_targets`.
#[test]
fn three_byte_blocks_with_an_odd_byte_at_every_position() {
    let ks = kernels();
    let mut rng = Rng(0x3B_17E5);
    for cp in CODE_PAGES {
        let page = utfast_scalar::CodePage::of(cp).unwrap();
        let utf8 = |b: u8| page.decode(b).to_string().into_bytes();
        let high = 0x80..=0xFFu8;
        let three: Vec<u8> = high
            .clone()
            .filter(|&b| page.is_defined(b) && utf8(b).len() == 3)
            .collect();
        if three.len() < 64 {
            continue;
        }
        let prefix = |b: u8| utf8(b)[..utf8(b).len() - 1].to_vec();
        let rare = |b: u8| three.iter().filter(|&&c| prefix(c) == prefix(b)).count() < 8;
        let (odd, common): (Vec<u8>, Vec<u8>) = high.partition(|&b| !page.is_defined(b) || rare(b));
        for (len, ascii_in_8) in [(70, 0), (97, 2), (130, 5)] {
            for at in 0..=len {
                let mut src = ascii_and(&mut rng, len, ascii_in_8, &common);
                if at < len {
                    src[at] = odd[rng.below(odd.len())];
                }
                let (storage, off) = misaligned(&src, at);
                check_all_targets(ks, &storage[off..], cp, &[Encoding::Utf8])
                    .unwrap_or_else(|m| panic!("{m}"));
            }
        }
    }
}

/// Mostly-ASCII bytes of length about `len` with `odd` at byte `at`, and otherwise
/// one of `own` (UTF-8 of characters of the page) at a random position in `1 / gap`
/// of the characters (`gap == 0`: none).
fn ascii_with(
    rng: &mut Rng,
    own: &[Vec<u8>],
    gap: usize,
    odd: &[u8],
    at: usize,
    len: usize,
) -> Vec<u8> {
    let mut src = Vec::new();
    let mut placed = false;
    while src.len() < len || !placed {
        if !placed && src.len() >= at {
            src.extend_from_slice(odd);
            placed = true;
        } else if gap > 0 && rng.below(gap) == 0 {
            src.extend_from_slice(&own[rng.below(own.len())]);
        } else {
            src.push(b' ' + rng.below(95) as u8);
        }
    }
    src
}

/// UTF-8 -> code page on mostly-ASCII text: the blocks with few non-ASCII bytes go
/// character by character (and so do the blocks the vector path refuses): a
/// character of the page (two or three bytes), one it lacks (strict error, lossy
/// `?`), a four-byte one, or an ill-formed sequence (lone continuation byte,
/// truncated, overlong, surrogate) at every position (every fifth for most pages),
/// among ASCII with none, a few or many of the page's characters (some blocks
/// above the character-by-character limit), every kernel against scalar with every
/// buffer size of `check_all_targets`.
#[test]
fn sparse_utf8_to_code_pages_with_an_odd_character_at_every_position() {
    let ks = kernels();
    let mut rng = Rng(0x5BA7_5E01);
    let pool: Vec<char> = POOL.chars().collect();
    for (i, cp) in CODE_PAGES.into_iter().enumerate() {
        let page = utfast_scalar::CodePage::of(cp).unwrap();
        let own: Vec<Vec<u8>> = (0x80..=0xFF)
            .filter(|&b| page.is_defined(b))
            .map(|b| page.decode(b).to_string().into_bytes())
            .collect();
        let width = |n: usize| own.iter().find(|c| c.len() == n).cloned();
        let lacking = pool
            .iter()
            .find(|&&c| c.len_utf8() == 2 && page.encode(c as u32).is_none())
            .map(|c| c.to_string().into_bytes());
        let mut odds: Vec<Vec<u8>> = [width(2), width(3), lacking]
            .into_iter()
            .flatten()
            .collect();
        for bad in [
            "中".as_bytes(),
            "😀".as_bytes(),
            b"\x80",
            b"\xC3",
            b"\xE2\x82",
            b"\xED\xA0\x80",
            b"\xC0\xAF",
            b"\xE0\x80\x80",
            b"\xF0\x9F",
        ] {
            odds.push(bad.to_vec());
        }
        let step = if quick() {
            11
        } else if i % 4 == 0 {
            1
        } else {
            5
        };
        for odd in &odds {
            for at in (0..200).step_by(step) {
                let gap = [0, 40, 12, 5][at % 4];
                let src = ascii_with(&mut rng, &own, gap, odd, at, 280);
                check_all_targets(ks, &src, Encoding::Utf8, &[cp])
                    .unwrap_or_else(|m| panic!("{m}"));
            }
        }
    }
}

/// Code page -> UTF-8/16/32 on mostly-ASCII bytes: 64-byte blocks with at most a
/// few high bytes write each character on its own (UTF-8: the block copied and
/// moved right behind each character; UTF-16/32: the block widened and the units
/// of the high bytes written over), denser ones go the vector ways. One high byte
/// of each kind (two-byte, three-byte, undefined) at every position (every fifth for
/// most pages), among ASCII with none, one, a few or many other high bytes, every
/// kernel against scalar with every buffer size of `check_all_targets`.
#[test]
fn sparse_code_page_bytes_with_an_odd_byte_at_every_position() {
    let ks = kernels();
    let mut rng = Rng(0x5BA7_5E02);
    for (i, cp) in CODE_PAGES.into_iter().enumerate() {
        let page = utfast_scalar::CodePage::of(cp).unwrap();
        let width = |b: u8| page.decode(b).len_utf8();
        let defined: Vec<Vec<u8>> = (0x80..=0xFF)
            .filter(|&b| page.is_defined(b))
            .map(|b| vec![b])
            .collect();
        let odds: Vec<u8> = [
            (0x80..=0xFF).find(|&b| page.is_defined(b) && width(b) == 2),
            (0x80..=0xFF)
                .rev()
                .find(|&b| page.is_defined(b) && width(b) == 3),
            (0x80..=0xFF).find(|&b| !page.is_defined(b)),
        ]
        .into_iter()
        .flatten()
        .collect();
        let step = if quick() {
            11
        } else if i % 4 == 1 {
            1
        } else {
            5
        };
        for &odd in &odds {
            for at in (0..260).step_by(step) {
                let gap = [0, 200, 60, 25, 6][at % 5];
                let src = ascii_with(&mut rng, &defined, gap, &[odd], at, 330);
                let (storage, off) = misaligned(&src, at);
                check_all_targets(ks, &storage[off..], cp, &UNICODE)
                    .unwrap_or_else(|m| panic!("{m}"));
            }
        }
    }
}

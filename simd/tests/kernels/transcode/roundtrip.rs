//! Round trips over the lipsum corpus (tests/data/lipsum): every pair of encodings
//! among UTF-8, UTF-16LE/BE, UTF-32LE/BE, in strict, lossy and valid mode, on every
//! kernel; Latin-1 with the (ASCII) Latin file, with a Latin-1 subset filter of every
//! file, and with a Latin-1 fold of every file; length functions against the outputs.
//! Expected bytes are produced by std (`str::encode_utf16`, `char as u32`).

use utfast_testkit::*;

const FILES: [&str; 9] = [
    "Arabic", "Chinese", "Emoji", "Hebrew", "Hindi", "Japanese", "Korean", "Latin", "Russian",
];

/// The Unicode forms and Latin-1 (the Cyrillic code pages have their own round trips in
/// `codepage.rs`).
const LATIN1_AND_UNICODE: [Encoding; 6] = [
    Encoding::Utf8,
    Encoding::Utf16Le,
    Encoding::Utf16Be,
    Encoding::Utf32Le,
    Encoding::Utf32Be,
    Encoding::Latin1,
];

/// Under QEMU: the first 8 KiB (cut on a char boundary) instead of the whole file.
fn maybe_shorten(s: String) -> String {
    if !quick() || s.len() <= 8192 {
        return s;
    }
    let mut end = 8192;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_string()
}

/// Converts `text` encoded as `from` into every encoding of `targets` with every kernel
/// and mode, exact-size and `max_output_len` buffers; checks against std's encoding.
fn round_trips(ks: &[&'static Kernel], name: &str, text: &str, encs: &[Encoding]) {
    let forms: Vec<(Encoding, Vec<u8>)> = encs.iter().map(|&e| (e, encode_str(text, e))).collect();
    for (from, src) in &forms {
        for (to, want) in &forms {
            for k in ks {
                for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
                    for dst_len in [
                        want.len(),
                        utfast_scalar::transcode::max_output_len(*from, *to, src.len()),
                    ] {
                        let got =
                            kernel(k, src, *from, *to, mode, dst_len, 0xA5).unwrap_or_else(|m| {
                                panic!("{name}: kernel {} {from} -> {to} {mode:?}: {m}", k.name())
                            });
                        assert!(
                            got.result == Ok(want.len()) && got.out == *want,
                            "{name}: kernel {} {from} -> {to} {mode:?} dst_len {dst_len}: {:?}, first difference at byte {:?}",
                            k.name(),
                            got.result,
                            got.out.iter().zip(want.iter()).position(|(a, b)| a != b)
                        );
                    }
                }
                // A buffer one byte short: OutputTooSmall on the last char boundary that fits.
                if !want.is_empty() {
                    let short = kernel(k, src, *from, *to, Mode::Strict, want.len() - 1, 0x5A)
                        .unwrap_or_else(|m| {
                            panic!("{name}: kernel {} {from} -> {to} short: {m}", k.name())
                        });
                    let last = text.chars().next_back().unwrap();
                    let mut tail = Vec::new();
                    encode_char(last, *to, &mut tail);
                    let mut tail_src = Vec::new();
                    encode_char(last, *from, &mut tail_src);
                    let expect = TranscodeError::new(
                        ErrorKind::OutputTooSmall,
                        src.len() - tail_src.len(),
                        want.len() - tail.len(),
                    );
                    assert_eq!(
                        short.result,
                        Err(expect),
                        "{name}: kernel {} {from} -> {to} short buffer",
                        k.name()
                    );
                    assert_eq!(short.out, want[..want.len() - tail.len()]);
                }
            }
        }
        check_lengths_valid(ks, name, text, *from, src);
    }
}

/// Length and count functions on valid input agree with std and with the outputs.
fn check_lengths_valid(ks: &[&'static Kernel], name: &str, text: &str, from: Encoding, src: &[u8]) {
    let chars = text.chars().count();
    let u16len = text.encode_utf16().count();
    let u8len = text.len();
    for k in ks {
        let n = k.name();
        match from {
            Encoding::Utf8 => {
                assert_eq!(k.count_utf8(src), chars, "{name}: {n} count_utf8");
                assert_eq!(
                    k.utf16_len_from_utf8(src),
                    u16len,
                    "{name}: {n} utf16_len_from_utf8"
                );
            }
            Encoding::Utf16Le | Encoding::Utf16Be => {
                let e = from.endian().unwrap();
                assert_eq!(
                    k.count_utf16(src, e),
                    chars,
                    "{name}: {n} count_utf16 {from}"
                );
                assert_eq!(
                    k.utf8_len_from_utf16(src, e),
                    u8len,
                    "{name}: {n} utf8_len_from_utf16 {from}"
                );
            }
            Encoding::Utf32Le | Encoding::Utf32Be => {
                let e = from.endian().unwrap();
                assert_eq!(
                    k.utf8_len_from_utf32(src, e),
                    u8len,
                    "{name}: {n} utf8_len_from_utf32 {from}"
                );
                assert_eq!(
                    k.utf16_len_from_utf32(src, e),
                    u16len,
                    "{name}: {n} utf16_len_from_utf32 {from}"
                );
            }
            Encoding::Latin1 => {
                assert_eq!(
                    k.utf8_len_from_latin1(src),
                    u8len,
                    "{name}: {n} utf8_len_from_latin1"
                );
            }
            // Code pages: no kernel length operation.
            cp if utfast_scalar::CodePage::of(cp).is_some() => {}
            // WTF-8, CESU-8, MUTF-8: in kernels/transcode/wtf8.rs.
            Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => {}
            // `Encoding` is `#[non_exhaustive]`.
            _ => unimplemented!("an encoding this test does not know"),
        }
        if from.unit_size() != 1 || from == Encoding::Utf8 {
            let unit = if from == Encoding::Utf8 {
                1
            } else {
                from.unit_size()
            };
            assert!(k.validate_utf8(&encode_str(text, Encoding::Utf8)).is_ok());
            if unit == 2 {
                assert!(
                    k.validate_utf16(src, from.endian().unwrap()).is_ok(),
                    "{name}: {n} validate {from}"
                );
            }
            if unit == 4 {
                assert!(
                    k.validate_utf32(src, from.endian().unwrap()).is_ok(),
                    "{name}: {n} validate {from}"
                );
            }
        }
    }
}

#[test]
fn lipsum_unicode_round_trips() {
    let ks = kernels();
    for name in FILES {
        let text = maybe_shorten(lipsum_text(name));
        round_trips(ks, name, &text, &UNICODE);
        println!(
            "{name}: {} bytes, round trips among {} encodings OK",
            text.len(),
            UNICODE.len()
        );
    }
}

#[test]
fn lipsum_latin1_round_trips() {
    let ks = kernels();
    for name in FILES {
        let text = maybe_shorten(lipsum_text(name));
        // Latin-1 subset filter: keep the chars Latin-1 can represent.
        let filtered: String = text.chars().filter(|&c| (c as u32) <= 0xFF).collect();
        round_trips(
            ks,
            &format!("{name} (Latin-1 filter)"),
            &filtered,
            &LATIN1_AND_UNICODE,
        );
        // Latin-1 fold: every char mapped into U+0000..U+00FF (dense non-ASCII Latin-1).
        let folded: String = text.chars().map(|c| char::from(c as u32 as u8)).collect();
        round_trips(
            ks,
            &format!("{name} (Latin-1 fold)"),
            &folded,
            &LATIN1_AND_UNICODE,
        );
        if name == "Latin" {
            assert!(text.is_ascii());
            round_trips(ks, "Latin", &text, &LATIN1_AND_UNICODE);
        }
    }
}

#[test]
fn lipsum_to_latin1_not_representable() {
    // Strict: NotLatin1 at the first char above U+00FF; lossy: '?' for each such char.
    let ks = kernels();
    for name in FILES {
        let text = maybe_shorten(lipsum_text(name));
        let first_bad = text.char_indices().find(|&(_, c)| (c as u32) > 0xFF);
        let lossy: Vec<u8> = text
            .chars()
            .map(|c| {
                if (c as u32) <= 0xFF {
                    c as u32 as u8
                } else {
                    b'?'
                }
            })
            .collect();
        for from in UNICODE {
            let src = encode_str(&text, from);
            for k in ks {
                let got = kernel(
                    k,
                    &src,
                    from,
                    Encoding::Latin1,
                    Mode::Lossy,
                    lossy.len(),
                    0xA5,
                )
                .unwrap();
                assert!(
                    got.result == Ok(lossy.len()) && got.out == lossy,
                    "{name}: {} {from} -> Latin-1 lossy",
                    k.name()
                );
                let strict = kernel(
                    k,
                    &src,
                    from,
                    Encoding::Latin1,
                    Mode::Strict,
                    src.len(),
                    0xA5,
                )
                .unwrap();
                match first_bad {
                    None => assert_eq!(strict.result, Ok(lossy.len())),
                    Some((at, _)) => {
                        let before = &text[..at];
                        let e = strict.result.expect_err("not representable");
                        assert_eq!(
                            e.kind(),
                            ErrorKind::NotLatin1,
                            "{name}: {} {from}",
                            k.name()
                        );
                        assert_eq!(
                            e.valid_up_to(),
                            encode_str(before, from).len(),
                            "{name}: {} {from}",
                            k.name()
                        );
                        assert_eq!(
                            e.written(),
                            before.chars().count(),
                            "{name}: {} {from}",
                            k.name()
                        );
                        assert_eq!(strict.out, encode_str(before, Encoding::Latin1));
                    }
                }
            }
        }
    }
}

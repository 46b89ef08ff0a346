//! WTF-8, CESU-8 and MUTF-8: every kernel against scalar (validation, every pair with
//! UTF-8, UTF-16, UTF-32 and each other, every mode, every `dst` size that matters,
//! a canary after `dst`), and scalar against the independent oracles of
//! `utfast_testkit::wtf8` (the WTF-8 specification; the `cesu8` crate).

use utfast_scalar::transcode::{max_output_len, transcode};
use utfast_scalar::{Encoding, Mode};
use utfast_testkit::wtf8::{cesu8_from_str, cesu8_to_string, wtf8_from_units, wtf8_to_units};
use utfast_testkit::{kernels, lipsum_text, oracle, Rng, WTF8_FAMILY};

const OTHERS: [Encoding; 6] = [
    Encoding::Utf8,
    Encoding::Utf16Le,
    Encoding::Utf16Be,
    Encoding::Utf32Le,
    Encoding::Latin1,
    Encoding::Wtf8,
];

/// Byte tokens that matter to these encodings.
const TOKENS: &[&[u8]] = &[
    b"a",
    b" ",
    b"\x00",
    b"\xC0\x80",
    b"\xC3\xA9",
    b"\xE2\x82\xAC",
    b"\xED\x9F\xBF",
    b"\xED\xA0\x80",
    b"\xED\xAF\xBF",
    b"\xED\xB0\x80",
    b"\xED\xBF\xBF",
    b"\xED\xA0\xBD\xED\xB8\x80",
    b"\xF0\x9F\x98\x80",
    b"\xED",
    b"\xED\xA0",
    b"\xFF",
    b"\x80",
    b"\xC0",
    b"\xC0\x81",
    b"\xE0\x80",
];

/// Inputs: texts in each encoding, token soups, both cut and padded with ASCII so
/// the SIMD paths run.
fn inputs(rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for lang in ["Latin", "Russian", "Chinese", "Emoji"] {
        let text = lipsum_text(lang);
        let text: String = text.chars().take(700).collect();
        for e in WTF8_FAMILY {
            out.push(oracle::encode_str(&text, e));
        }
    }
    for _ in 0..300 {
        let mut v = Vec::new();
        let pad = rng.below(100);
        v.extend(std::iter::repeat_n(b'x', pad));
        let tokens = 1 + rng.below(40);
        for _ in 0..tokens {
            v.extend_from_slice(TOKENS[rng.below(TOKENS.len())]);
            if rng.below(3) == 0 {
                v.extend(std::iter::repeat_n(b'y', rng.below(70)));
            }
        }
        out.push(v);
    }
    out
}

fn run(
    k: &utfast_simd::Kernel,
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
    len: usize,
) -> (Result<usize, utfast_scalar::TranscodeError>, Vec<u8>) {
    let mut buf = vec![0xA5u8; len + 16];
    let r = k.transcode(src, &mut buf[..len], from, to, mode);
    assert!(
        buf[len..].iter().all(|&b| b == 0xA5),
        "{}: wrote past dst",
        k.name()
    );
    let n = match r {
        Ok(n) => n,
        Err(e) => e.written(),
    };
    buf.truncate(n);
    (r, buf)
}

#[test]
fn every_kernel_matches_scalar() {
    let ks = kernels();
    let mut rng = Rng(0x77_7F_8C_E5);
    let mut cases = 0usize;
    for src in inputs(&mut rng) {
        for k in ks {
            assert_eq!(
                k.validate_wtf8(&src),
                utfast_scalar::wtf8::validate_wtf8(&src),
                "{}",
                k.name()
            );
            assert_eq!(
                k.validate_cesu8(&src),
                utfast_scalar::cesu8::validate_cesu8(&src),
                "{}",
                k.name()
            );
            assert_eq!(
                k.validate_mutf8(&src),
                utfast_scalar::cesu8::validate_mutf8(&src),
                "{}",
                k.name()
            );
        }
        for from in WTF8_FAMILY {
            let units16: Vec<u8> = src.iter().map(|&b| b ^ 0x5A).collect();
            let pairs = OTHERS
                .iter()
                .chain(WTF8_FAMILY.iter())
                .map(|&to| (from, to, src.clone()))
                .chain(OTHERS.iter().take(4).map(|&o| {
                    (
                        o,
                        from,
                        if o == Encoding::Utf8 {
                            src.clone()
                        } else {
                            units16.clone()
                        },
                    )
                }));
            for (f, t, input) in pairs {
                for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
                    let max = max_output_len(f, t, input.len());
                    let mut want = vec![0u8; max];
                    let full = transcode(&input, &mut want, f, t, mode);
                    let strict_ok = transcode(&input, &mut want, f, t, Mode::Strict).is_ok();
                    let need = full.unwrap_or_else(|e| e.written());
                    for len in [
                        max,
                        need,
                        need.saturating_sub(1),
                        need / 2,
                        rng.below(max + 1),
                    ] {
                        let mut sbuf = vec![0u8; len];
                        let sr = transcode(&input, &mut sbuf, f, t, mode);
                        let sn = sr.unwrap_or_else(|e| e.written());
                        for k in ks {
                            let (kr, out) = run(k, &input, f, t, mode, len);
                            if mode == Mode::Valid && !strict_ok {
                                continue; // unspecified output on invalid input
                            }
                            assert_eq!(
                                kr,
                                sr,
                                "{} {f}->{t} {mode:?} len {len}: {}",
                                k.name(),
                                utfast_testkit::show(&input)
                            );
                            assert_eq!(out, sbuf[..sn], "{} {f}->{t} {mode:?} len {len}", k.name());
                            cases += 1;
                        }
                    }
                }
            }
        }
    }
    println!("wtf8 family: {cases} kernel cases");
}

#[test]
fn scalar_matches_wtf8_spec() {
    let mut rng = Rng(0x3E_55_17);
    for round in 0..3000 {
        // Any 16-bit units, surrogates frequent.
        let n = rng.below(40);
        let units: Vec<u16> = (0..n)
            .map(|_| match rng.below(6) {
                0 => 0xD800 + rng.below(0x400) as u16,
                1 => 0xDC00 + rng.below(0x400) as u16,
                2 => rng.below(0x80) as u16,
                _ => rng.next() as u16,
            })
            .collect();
        let le: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
        let want = wtf8_from_units(&units);
        let mut dst = vec![0u8; max_output_len(Encoding::Utf16Le, Encoding::Wtf8, le.len())];
        let n = transcode(
            &le,
            &mut dst,
            Encoding::Utf16Le,
            Encoding::Wtf8,
            Mode::Strict,
        )
        .unwrap();
        assert_eq!(dst[..n], want[..], "round {round}: {units:04X?}");
        assert_eq!(utfast_scalar::wtf8::validate_wtf8(&want), Ok(()));
        let mut back = vec![0u8; 2 * want.len()];
        let m = transcode(
            &want,
            &mut back,
            Encoding::Wtf8,
            Encoding::Utf16Le,
            Mode::Strict,
        )
        .unwrap();
        assert_eq!(back[..m], le[..], "round trip {units:04X?}");
        // Damage a byte: scalar validation agrees with the specification.
        let mut bad = want.clone();
        if !bad.is_empty() {
            let i = rng.below(bad.len());
            bad[i] = TOKENS[rng.below(TOKENS.len())][0];
        }
        let spec = wtf8_to_units(&bad);
        assert_eq!(
            utfast_scalar::wtf8::validate_wtf8(&bad).is_ok(),
            spec.is_some(),
            "{}",
            utfast_testkit::show(&bad)
        );
        if let Some(u) = spec {
            let mut out = vec![0u8; 2 * bad.len()];
            let m = transcode(
                &bad,
                &mut out,
                Encoding::Wtf8,
                Encoding::Utf16Le,
                Mode::Strict,
            )
            .unwrap();
            let got: Vec<u16> = out[..m]
                .chunks(2)
                .map(|p| u16::from_le_bytes([p[0], p[1]]))
                .collect();
            assert_eq!(got, u);
        }
    }
}

#[test]
fn scalar_matches_cesu8_crate() {
    let mut rng = Rng(0x000C_E5C8);
    let mut inputs: Vec<String> = ["Latin", "Russian", "Chinese", "Emoji"]
        .iter()
        .map(|l| lipsum_text(l).chars().take(400).collect())
        .collect();
    inputs.push("a\0b\u{10FFFF}\u{FFFF}\u{800}\u{7FF}".into());
    for text in &inputs {
        for (mutf8, enc) in [(false, Encoding::Cesu8), (true, Encoding::Mutf8)] {
            let want = cesu8_from_str(text, mutf8);
            let mut dst = vec![0u8; max_output_len(Encoding::Utf8, enc, text.len())];
            let n =
                transcode(text.as_bytes(), &mut dst, Encoding::Utf8, enc, Mode::Strict).unwrap();
            assert_eq!(dst[..n], want[..], "{enc}");
            for _ in 0..200 {
                let mut bad = want.clone();
                for _ in 0..1 + rng.below(2) {
                    let i = rng.below(bad.len());
                    bad[i] = TOKENS[rng.below(TOKENS.len())][rng.below(1)];
                }
                let four = bad
                    .utf8_chunks()
                    .any(|c| c.valid().chars().any(|ch| ch.len_utf8() == 4));
                if four || (mutf8 && bad.contains(&0)) {
                    // The crate also accepts UTF-8's 4-byte sequences (not CESU-8).
                    // The cesu8 crate's from_java_cesu8 accepts a raw 00 byte; Java's
                    // Modified UTF-8 (and utfast) does not.
                    continue;
                }
                let crate_says = cesu8_to_string(&bad, mutf8);
                let ours = if mutf8 {
                    utfast_scalar::cesu8::validate_mutf8(&bad)
                } else {
                    utfast_scalar::cesu8::validate_cesu8(&bad)
                };
                assert_eq!(
                    ours.is_ok(),
                    crate_says.is_some(),
                    "{enc} {}",
                    utfast_testkit::show(&bad)
                );
                if let Some(s) = crate_says {
                    let mut out = vec![0u8; 3 * bad.len()];
                    let m = transcode(&bad, &mut out, enc, Encoding::Utf8, Mode::Strict).unwrap();
                    assert_eq!(out[..m], *s.as_bytes());
                }
            }
        }
    }
}

#[test]
fn garbage_fits_the_worst_case_and_never_panics() {
    let mut rng = Rng(0x6A_4B_A6_E5);
    let all = utfast_scalar::Encoding::ALL;
    for round in 0..4000 {
        let n = rng.below(24);
        let src: Vec<u8> = (0..n)
            .map(|_| match rng.below(3) {
                0 => TOKENS[rng.below(TOKENS.len())][0],
                _ => rng.next() as u8,
            })
            .collect();
        for from in all {
            for to in all {
                if !WTF8_FAMILY.contains(&from) && !WTF8_FAMILY.contains(&to) {
                    continue;
                }
                for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
                    let mut dst = vec![0u8; max_output_len(from, to, src.len())];
                    let r = transcode(&src, &mut dst, from, to, mode);
                    assert!(
                        !matches!(r, Err(e) if e.is_output_too_small()),
                        "round {round} {from}->{to} {mode:?}: {}",
                        utfast_testkit::show(&src)
                    );
                }
            }
        }
    }
}

#[test]
fn corrupted_long_texts_match_scalar() {
    let mut rng = Rng(0x9E37_79B9);
    let text: String = ["Emoji", "Chinese", "Latin", "Russian", "Hindi"]
        .iter()
        .flat_map(|l| lipsum_text(l).chars().take(700).collect::<Vec<_>>())
        .collect();
    for from in WTF8_FAMILY {
        let clean = oracle::encode_str(&text, from);
        for round in 0..40 {
            let mut input = clean.clone();
            for _ in 0..1 + round % 6 {
                let at = rng.below(input.len());
                input[at] = rng.next() as u8;
            }
            for to in [Encoding::Utf8, Encoding::Utf16Le, Encoding::Utf16Be] {
                for mode in [Mode::Strict, Mode::Lossy] {
                    let cap = max_output_len(from, to, input.len());
                    let mut want = vec![0u8; cap];
                    let r = transcode(&input, &mut want, from, to, mode);
                    let n = r.unwrap_or_else(|e| e.written());
                    for k in kernels() {
                        let (kr, out) = run(k, &input, from, to, mode, cap);
                        assert_eq!(kr, r, "{} {from}->{to} {mode:?} round {round}", k.name());
                        assert!(
                            out == want[..n],
                            "{} {from}->{to} {mode:?} round {round}",
                            k.name()
                        );
                    }
                }
            }
        }
    }
}

/// A pair error (a lead surrogate without its trail, or followed by a trail in
/// WTF-8) is flagged up to 4 bytes after the lead starts: at every offset around the
/// validator's blocks and check intervals, the exact error is still found.
#[test]
fn pair_errors_at_every_offset() {
    let bad: [&[u8]; 3] = [
        b"\xED\xA0\xBD\xE4\xB9\xA8",
        b"\xED\xA0\xBD\xED\xB8\x80",
        b"\xED\xB8\x80",
    ];
    for off in 0..600 {
        for tail in bad {
            let mut src = vec![b'x'; off];
            src.extend_from_slice("é".as_bytes());
            src.extend_from_slice(tail);
            src.extend(std::iter::repeat_n(b'y', 100));
            for k in kernels() {
                let n = k.name();
                assert_eq!(
                    k.validate_wtf8(&src),
                    utfast_scalar::wtf8::validate_wtf8(&src),
                    "{n} {off}"
                );
                assert_eq!(
                    k.validate_cesu8(&src),
                    utfast_scalar::cesu8::validate_cesu8(&src),
                    "{n} {off}"
                );
                assert_eq!(
                    k.validate_mutf8(&src),
                    utfast_scalar::cesu8::validate_mutf8(&src),
                    "{n} {off}"
                );
            }
        }
    }
}

/// A lead surrogate sequence ending a 64-byte block one byte early (its trail would
/// start at byte 63), followed by ASCII blocks: CESU-8 and MUTF-8 need the trail, so
/// every kernel must report it (a fuzz finding: the ASCII skip missed it).
#[test]
fn lead_surrogate_before_an_ascii_block() {
    for at in 56..64 {
        let mut src = vec![b'a'; at];
        src.extend_from_slice(b"\xED\xA0\x80");
        src.resize(200, b'b');
        for k in utfast_testkit::kernels() {
            let want = utfast_scalar::cesu8::validate_cesu8(&src);
            assert!(want.is_err());
            assert_eq!(k.validate_cesu8(&src), want, "{} cesu8 at {at}", k.name());
            let want = utfast_scalar::cesu8::validate_mutf8(&src);
            assert_eq!(k.validate_mutf8(&src), want, "{} mutf8 at {at}", k.name());
        }
    }
}

/// CESU-8/MUTF-8 -> UTF-8/UTF-16 validates and converts 64-byte blocks in one pass:
/// a special (a surrogate pair, `C0 80`), an error or a cut character at every
/// offset around the block ends, after non-ASCII text, with every `dst` size near
/// the output's end, on every kernel, equals scalar.
#[test]
fn specials_and_errors_at_every_block_offset() {
    let pieces: [&[u8]; 9] = [
        b"\xED\xA0\xBD\xED\xB8\x80", // a pair
        b"\xC0\x80",                 // MUTF-8's U+0000
        b"\xED\xA0\xBD",             // a lead without its trail
        b"\xED\xB8\x80",             // a trail without its lead
        b"\xED\xA0\xBD\xE4\xB9\xA8", // a lead, then no trail
        b"\xF0\x9F\x98\x80",         // a 4-byte sequence
        b"\x00",                     // MUTF-8: an error
        b"\xE4\xB9",                 // a cut character
        b"\xED\x9F\xBF",             // U+D7FF, not a special
    ];
    let cyrillic = "Привет, мир! ".as_bytes();
    let mut cases = 0usize;
    for off in 0..140 {
        for (i, piece) in pieces.iter().enumerate() {
            // Non-ASCII text before (two-byte characters cut at any block end), the
            // piece, then text with a pair every 37 bytes, long enough for blocks.
            let mut src: Vec<u8> = cyrillic.iter().copied().cycle().take(off).collect();
            src.extend_from_slice(piece);
            for k in 0..12 {
                src.extend_from_slice(if k % 3 == 0 { pieces[0] } else { cyrillic });
                src.extend(std::iter::repeat_n(b'z', k * 5));
            }
            for from in [Encoding::Cesu8, Encoding::Mutf8] {
                for to in [Encoding::Utf8, Encoding::Utf16Le] {
                    for mode in [Mode::Strict, Mode::Lossy] {
                        let max = max_output_len(from, to, src.len());
                        let mut want = vec![0u8; max];
                        let full = transcode(&src, &mut want, from, to, mode);
                        let need = full.unwrap_or_else(|e| e.written());
                        // The full size, and (for one piece per offset) sizes near
                        // the output's end.
                        let sizes: Vec<usize> = if i == off % pieces.len() {
                            (need.saturating_sub(90)..=need)
                                .step_by(7)
                                .chain([max])
                                .collect()
                        } else {
                            vec![max]
                        };
                        for len in sizes {
                            let mut sbuf = vec![0u8; len];
                            let sr = transcode(&src, &mut sbuf, from, to, mode);
                            let sn = sr.unwrap_or_else(|e| e.written());
                            for k in kernels() {
                                let (kr, out) = run(k, &src, from, to, mode, len);
                                let n = k.name();
                                assert_eq!(
                                    kr, sr,
                                    "{n} {from}->{to} {mode:?} off {off} piece {i} len {len}"
                                );
                                assert!(
                                    out == sbuf[..sn],
                                    "{n} {from}->{to} {mode:?} off {off} piece {i} len {len}"
                                );
                                cases += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    println!("specials at block offsets: {cases} kernel cases");
}

/// Runs of surrogate pairs (emoji text) are converted many pairs at a time, their
/// pattern checked byte by byte: a damaged byte at every position of a run, after
/// every short prefix, equals scalar on every kernel.
#[test]
fn damaged_pair_runs_match_scalar() {
    let pair = b"\xED\xA0\xBD\xED\xB8\x80";
    let mut cases = 0usize;
    for prefix in 0..8 {
        let mut clean = vec![b'p'; prefix];
        for _ in 0..40 {
            clean.extend_from_slice(pair);
        }
        clean.extend(std::iter::repeat_n(b'q', 70));
        for at in prefix..prefix + 40 * 6 {
            for value in [0x41, 0x80, 0xAF, 0xB0, 0xBF, 0xC0, 0xED, 0x00] {
                let mut src = clean.clone();
                if src[at] == value {
                    continue;
                }
                src[at] = value;
                for from in [Encoding::Cesu8, Encoding::Mutf8] {
                    for to in [Encoding::Utf8, Encoding::Utf16Le] {
                        for mode in [Mode::Strict, Mode::Lossy] {
                            let max = max_output_len(from, to, src.len());
                            let mut want = vec![0u8; max];
                            let r = transcode(&src, &mut want, from, to, mode);
                            let n = r.unwrap_or_else(|e| e.written());
                            for k in kernels() {
                                let (kr, out) = run(k, &src, from, to, mode, max);
                                let name = k.name();
                                assert_eq!(
                                    kr, r,
                                    "{name} {from}->{to} {mode:?} at {at} = {value:02X}"
                                );
                                assert!(out == want[..n], "{name} {from}->{to} {mode:?} at {at}");
                                cases += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    println!("damaged pair runs: {cases} kernel cases");
}

/// CESU-8/MUTF-8 -> UTF-8 checks plain text four 64-byte blocks at a time and tests
/// their error bits once per group: a special, an error or a cut character at every
/// offset of several groups of otherwise plain text (non-ASCII before it; non-ASCII
/// or ASCII blocks after it, so that a character cut by a block end is completed or
/// not by the next block, checked or skipped as ASCII), with `dst` sizes near the
/// output's end, equals scalar on every kernel.
#[test]
fn specials_and_errors_in_plain_groups() {
    let pieces: [&[u8]; 10] = [
        b"\xED\xA0\xBD\xED\xB8\x80", // a pair
        b"\xC0\x80",                 // MUTF-8's U+0000
        b"\xED\xA0\xBD",             // a lead without its trail
        b"\xED\xB8\x80",             // a trail without its lead
        b"\xF0\x9F\x98\x80",         // a 4-byte sequence
        b"\x00",                     // MUTF-8: an error
        b"\xE4\xB9",                 // a cut character
        b"\xC3",                     // a cut character
        b"\x80",                     // a stray continuation byte
        b"\xED\x9F\xBF",             // U+D7FF, not a special
    ];
    // Whole characters of one, two and three bytes, up to `len` bytes, then ASCII.
    let plain = |len: usize| {
        let mut v = Vec::with_capacity(len);
        for c in "Жёлтый 中文 ĉu — ok. ".chars().cycle() {
            if v.len() + c.len_utf8() > len {
                break;
            }
            v.extend_from_slice(c.to_string().as_bytes());
        }
        v.resize(len, b'a');
        v
    };
    let after = [plain(700), vec![b'z'; 700]];
    let mut cases = 0usize;
    for off in 50..600 {
        for (i, piece) in pieces.iter().enumerate() {
            for (j, rest) in after.iter().enumerate() {
                let mut src = plain(off);
                src.extend_from_slice(piece);
                src.extend_from_slice(rest);
                for from in [Encoding::Cesu8, Encoding::Mutf8] {
                    let to = Encoding::Utf8;
                    for mode in [Mode::Strict, Mode::Lossy] {
                        let max = max_output_len(from, to, src.len());
                        let mut want = vec![0u8; max];
                        let full = transcode(&src, &mut want, from, to, mode);
                        let need = full.unwrap_or_else(|e| e.written());
                        let sizes: Vec<usize> = if (off + i + j) % 23 == 0 {
                            (need.saturating_sub(300)..=need).step_by(11).collect()
                        } else {
                            vec![max]
                        };
                        for len in sizes {
                            let mut sbuf = vec![0u8; len];
                            let sr = transcode(&src, &mut sbuf, from, to, mode);
                            let sn = sr.unwrap_or_else(|e| e.written());
                            for k in kernels() {
                                let (kr, out) = run(k, &src, from, to, mode, len);
                                let n = k.name();
                                let what = format!(
                                    "{n} {from} {mode:?} off {off} piece {i} rest {j} len {len}"
                                );
                                assert_eq!(kr, sr, "{what}");
                                assert!(out == sbuf[..sn], "{what}");
                                cases += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    println!("specials in plain groups: {cases} kernel cases");
}

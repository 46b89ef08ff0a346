//! Streaming transcoding: every way of cutting the input and the output buffer must
//! give exactly the one-shot result (output, error kind and error offset).

use std::io::{Read, Write};
use utfast::io::{TranscodingReader, TranscodingWriter, Utf8ValidatingReader};
use utfast::DecodeError;
use utfast::{BomHandling, Encoding, ErrorKind, Mode, Status, Transcoder};
use utfast_scalar::transcode::{max_output_len, transcode};

use utfast_testkit::{hex, kernels, lipsum_text, Rng};

/// What a conversion produced: the output and, in strict mode, the error.
type Outcome = (Vec<u8>, Option<(u64, ErrorKind)>);

fn one_shot(src: &[u8], from: Encoding, to: Encoding, mode: Mode) -> Outcome {
    let mut dst = vec![0u8; max_output_len(from, to, src.len())];
    match transcode(src, &mut dst, from, to, mode) {
        Ok(n) => (dst[..n].to_vec(), None),
        Err(e) => (
            dst[..e.written()].to_vec(),
            Some((e.valid_up_to() as u64, e.kind())),
        ),
    }
}

/// Feeds `pieces` (the last one with `last == true`) through `t` with output buffers of
/// `dst_size` bytes.
fn stream(mut t: Transcoder, pieces: &[&[u8]], dst_size: usize) -> Outcome {
    let mut out = Vec::new();
    let mut dst = vec![0u8; dst_size];
    for (i, piece) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        let mut src = *piece;
        let mut rounds = 0;
        loop {
            let (status, read, written) = t.transcode(src, &mut dst, last);
            out.extend_from_slice(&dst[..written]);
            src = &src[read..];
            rounds += 1;
            assert!(rounds < 1_000_000, "no progress");
            match status {
                Status::InputEmpty => {
                    assert!(src.is_empty());
                    break;
                }
                Status::OutputFull => assert!(written > 0 || dst_size == 0),
                Status::Malformed { offset, kind } => {
                    // Reported again, consuming and writing nothing.
                    let again = t.transcode(src, &mut dst, last);
                    assert_eq!(again, (status, 0, 0));
                    return (out, Some((offset, kind)));
                }
            }
        }
    }
    (out, None)
}

fn encode(s: &str, e: Encoding) -> Vec<u8> {
    match e {
        Encoding::Utf8 => s.as_bytes().to_vec(),
        Encoding::Utf16Le => s.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        Encoding::Utf16Be => s.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        Encoding::Utf32Le => s.chars().flat_map(|c| (c as u32).to_le_bytes()).collect(),
        Encoding::Utf32Be => s.chars().flat_map(|c| (c as u32).to_be_bytes()).collect(),
        Encoding::Latin1 => s.chars().map(|c| (c as u32).min(0xFF) as u8).collect(),
        // Code pages: `?` for what they lack.
        cp if utfast::CodePage::of(cp).is_some() => {
            let mut out = Vec::new();
            for c in s.chars() {
                if !utfast_testkit::oracle::encode_char(c, e, &mut out) {
                    out.push(b'?');
                }
            }
            out
        }
        // WTF-8, CESU-8, MUTF-8
        Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => {
            utfast_testkit::oracle::encode_str(s, e)
        }
        // `Encoding` is `#[non_exhaustive]`.
        _ => unimplemented!("an encoding this test does not know"),
    }
}

fn swap(units: &[u8], size: usize) -> Vec<u8> {
    let mut v = units.to_vec();
    for c in v.chunks_mut(size) {
        c.reverse();
    }
    v
}

/// Short inputs in `e` that exercise every cut: multi-byte characters, surrogate
/// pairs, every kind of ill-formed sequence, truncation at the end.
fn tricky_inputs(e: Encoding) -> Vec<Vec<u8>> {
    let texts = [
        "",
        "a",
        "é",
        "€",
        "😀",
        "a😀b",
        "\u{FEFF}x",
        "\u{10FFFF}\n",
        "ÿĀ",
        "x\u{7FF}\u{800}y",
    ];
    let mut v: Vec<Vec<u8>> = texts.iter().map(|s| encode(s, e)).collect();
    let raw: Vec<&[u8]> = match e {
        Encoding::Utf8 => vec![
            b"\xFF",
            b"a\xC0\x80b",
            b"\xE0\x80\x80",
            b"\xED\xA0\x80z",
            b"\xF4\x90\x80\x80",
            b"\xF0\x9F\x98",
            b"a\xF0\x9F\x98b",
            b"\xE2\x82",
            b"\x80\xBF",
            b"\xC3",
            b"\xF0\x9F\x98\x80\xE2\x82\xAC\xC3",
            b"\xE2\x82\xF0\x9F\x98\x80",
            b"\xE0\xA0",
            b"\xF1\x80\x80\xE1\x80\xC2b\x80",
        ],
        Encoding::Utf16Le | Encoding::Utf16Be => vec![
            b"\x3D\xD8",
            b"\x3D\xD8\x41",
            b"\x00\xDCa\x00",
            b"\x3D\xD8\x3D\xD8\x00\xDE",
            b"a\x00b",
            b"a\x00\x3D\xD8\x00\xDEb\x00",
            b"\x3D\xD8a\x00",
            b"\x3D",
        ],
        Encoding::Utf32Le | Encoding::Utf32Be => vec![
            b"\x00\x00\x11\x00",
            b"a\x00\x00\x00\x00\xD8\x00\x00",
            b"a\x00\x00\x00\x00\xF6",
            b"\xFF\xFF\xFF\xFFa\x00\x00\x00",
            b"a",
        ],
        Encoding::Latin1 => vec![b"\x00\x80\xFF", b"\xE9t\xE9"],
        // Code pages
        cp if utfast::CodePage::of(cp).is_some() => {
            vec![b"\x00\x80\xFF", b"\xC0\xEF\xF0\xB8\x98", b"\xE2\x82"]
        }
        // WTF-8, CESU-8, MUTF-8: lone, paired and cut surrogates, C0 80, 00, 4-byte.
        Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => vec![
            b"a\xED\xA0\x80b",
            b"a\xED\xB0\x80b",
            b"\xED\xA0\xBD\xED\xB8\x80",
            b"x\xED\xA0\xBD\xED\xB8",
            b"x\xED\xA0\xBD\xED",
            b"x\xED\xA0\xBD",
            b"\xED\xA0\xBD\xED\xA0\xBDz",
            b"a\xC0\x80b\x00c",
            b"\xC0",
            b"\xF0\x9F\x98\x80",
            b"\xF0\x9F\x98",
            b"\xFF\xED\xB0\x80\xED\xA0\x80",
        ],
        // `Encoding` is `#[non_exhaustive]`.
        _ => unimplemented!("an encoding this test does not know"),
    };
    let size = e.unit_size();
    for r in raw {
        let be = matches!(e, Encoding::Utf16Be | Encoding::Utf32Be);
        v.push(if be { swap(r, size) } else { r.to_vec() });
    }
    v
}

#[test]
fn every_two_and_three_way_split_matches_one_shot() {
    let mut cases = 0u64;
    for from in Encoding::ALL {
        for input in tricky_inputs(from) {
            for to in Encoding::ALL {
                for mode in [Mode::Strict, Mode::Lossy] {
                    let expected = one_shot(&input, from, to, mode);
                    let n = input.len();
                    for i in 0..=n {
                        for j in i..=n {
                            let pieces = [&input[..i], &input[i..j], &input[j..]];
                            for dst_size in [1, 2, 3, 5, 64] {
                                let t = Transcoder::new(from, to, mode);
                                let got = stream(t, &pieces, dst_size);
                                assert_eq!(
                                    got, expected,
                                    "{from:?}->{to:?} {mode:?} {input:02X?} cut {i},{j} dst {dst_size}"
                                );
                                cases += 1;
                            }
                        }
                        let t = Transcoder::new(from, to, mode);
                        assert_eq!(stream(t, &[&input[..i], &input[i..]], 7), expected);
                    }
                }
            }
        }
    }
    println!("{cases} split cases");
}

fn lipsum() -> String {
    let mut s = String::new();
    for name in ["Emoji", "Chinese", "Latin", "Russian", "Hindi"] {
        s.extend(lipsum_text(name).chars().take(700));
    }
    s
}

#[test]
fn random_splits_and_output_sizes_on_long_inputs() {
    let text = lipsum();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let kernels = kernels();
    for from in Encoding::ALL {
        let clean = encode(&text, from);
        for to in Encoding::ALL {
            for round in 0..6 {
                let mut input = clean.clone();
                // Rounds 1.. corrupt a few bytes (and maybe cut the end).
                for _ in 0..round * 2 {
                    let at = rng.below(input.len());
                    input[at] = rng.next() as u8;
                }
                if round % 2 == 1 {
                    input.truncate(input.len() - rng.below(4));
                }
                let modes: &[Mode] = if round == 0 {
                    &[Mode::Strict, Mode::Lossy, Mode::Valid]
                } else {
                    &[Mode::Strict, Mode::Lossy]
                };
                for &mode in modes {
                    let expected = one_shot(&input, from, to, mode);
                    let mut cuts: Vec<usize> = (0..rng.below(40))
                        .map(|_| rng.below(input.len() + 1))
                        .collect();
                    cuts.sort_unstable();
                    let mut pieces = Vec::new();
                    let mut prev = 0;
                    for c in cuts {
                        pieces.push(&input[prev..c]);
                        prev = c;
                    }
                    pieces.push(&input[prev..]);
                    let kernel = kernels[rng.below(kernels.len())];
                    for dst_size in [1 + rng.below(9), 1 + rng.below(300), 1 << 16] {
                        let t = Transcoder::new(from, to, mode).with_kernel(kernel);
                        let got = stream(t, &pieces, dst_size);
                        assert!(
                            got == expected,
                            "{from:?}->{to:?} {mode:?} round {round} dst {dst_size} kernel {}",
                            kernel.name()
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn bom_strip_and_sniff_at_every_cut() {
    let text = "\u{FEFF}hé😀";
    let cases = [
        // (from, bom handling, input, effective encoding, BOM length)
        (
            Encoding::Utf8,
            BomHandling::Strip,
            encode(text, Encoding::Utf8),
            Encoding::Utf8,
            3,
        ),
        (
            Encoding::Utf8,
            BomHandling::Sniff,
            encode(text, Encoding::Utf8),
            Encoding::Utf8,
            3,
        ),
        (
            Encoding::Utf8,
            BomHandling::Strip,
            b"h\xE9".to_vec(),
            Encoding::Utf8,
            0,
        ),
        (
            Encoding::Utf16Le,
            BomHandling::Sniff,
            encode(text, Encoding::Utf16Be),
            Encoding::Utf16Be,
            2,
        ),
        (
            Encoding::Utf16Le,
            BomHandling::Sniff,
            encode(text, Encoding::Utf16Le),
            Encoding::Utf16Le,
            2,
        ),
        (
            Encoding::Utf16Le,
            BomHandling::Sniff,
            encode("hé", Encoding::Utf16Le),
            Encoding::Utf16Le,
            0,
        ),
        (
            Encoding::Utf16Be,
            BomHandling::Strip,
            encode(text, Encoding::Utf16Be),
            Encoding::Utf16Be,
            2,
        ),
        (
            Encoding::Utf16Be,
            BomHandling::Strip,
            encode(text, Encoding::Utf16Le),
            Encoding::Utf16Be,
            0,
        ),
        (
            Encoding::Utf32Le,
            BomHandling::Sniff,
            encode(text, Encoding::Utf32Be),
            Encoding::Utf32Be,
            4,
        ),
        (
            Encoding::Utf32Le,
            BomHandling::Sniff,
            encode(text, Encoding::Utf32Le),
            Encoding::Utf32Le,
            4,
        ),
        (
            Encoding::Utf32Le,
            BomHandling::Sniff,
            b"\xFF\xFE".to_vec(),
            Encoding::Utf32Le,
            0,
        ),
        (
            Encoding::Utf16Le,
            BomHandling::Sniff,
            b"\xFE\xFF\xD8\x3D".to_vec(),
            Encoding::Utf16Be,
            2,
        ),
        (
            Encoding::Utf16Le,
            BomHandling::Sniff,
            b"\xFF".to_vec(),
            Encoding::Utf16Le,
            0,
        ),
        (
            Encoding::Latin1,
            BomHandling::Strip,
            b"\xFF\xFEx".to_vec(),
            Encoding::Latin1,
            0,
        ),
    ];
    for (from, bom, input, effective, bom_len) in cases {
        for to in [Encoding::Utf8, Encoding::Utf32Be] {
            for mode in [Mode::Strict, Mode::Lossy] {
                let (out, err) = one_shot(&input[bom_len..], effective, to, mode);
                let expected = (out, err.map(|(at, kind)| (at + bom_len as u64, kind)));
                for i in 0..=input.len() {
                    for j in i..=input.len() {
                        let t = Transcoder::new(from, to, mode).with_bom(bom);
                        let pieces = [&input[..i], &input[i..j], &input[j..]];
                        assert_eq!(
                            stream(t, &pieces, 3),
                            expected,
                            "{from:?} {bom:?} {input:02X?} cut {i},{j}"
                        );
                    }
                }
                let mut t = Transcoder::new(from, to, mode).with_bom(bom);
                let mut dst = vec![0; 64];
                t.transcode(&input, &mut dst, true);
                assert_eq!((t.from(), t.bom_skipped()), (effective, bom_len));
            }
        }
    }
}

#[test]
fn wpt_chunked_decoding() {
    let text = utfast_testkit::data("conformance/lossy/streaming.json");
    let cases: serde_json::Value = serde_json::from_slice(&text).unwrap();
    let mut n = 0;
    for case in cases.as_array().unwrap() {
        let chunks = case["chunks_hex"].as_array().unwrap();
        let outputs = case["expected_outputs_utf8_hex"].as_array().unwrap();
        let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, Mode::Lossy);
        let mut all = Vec::new();
        for (i, (chunk, want)) in chunks.iter().zip(outputs).enumerate() {
            let src = chunk.as_str().map(hex).unwrap_or_default();
            let last = i + 1 == chunks.len();
            let mut dst = [0u8; 64];
            let (status, read, written) = t.transcode(&src, &mut dst, last);
            assert_eq!((status, read), (Status::InputEmpty, src.len()));
            assert_eq!(dst[..written], hex(want.as_str().unwrap()), "{case}");
            all.extend_from_slice(&dst[..written]);
        }
        assert_eq!(all, hex(case["expected_utf8_hex"].as_str().unwrap()));
        n += 1;
    }
    println!("{n} WPT streaming cases");
}

/// A reader that hands out its data a few bytes at a time.
struct Trickle<'a> {
    data: &'a [u8],
    rng: Rng,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = (1 + self.rng.below(7)).min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn decode_error(e: &std::io::Error) -> DecodeError {
    assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
    *e.get_ref().unwrap().downcast_ref::<DecodeError>().unwrap()
}

#[test]
fn io_adapters_match_one_shot() {
    let text = lipsum();
    let mut rng = Rng(7);
    for (from, to) in [
        (Encoding::Utf8, Encoding::Utf16Le),
        (Encoding::Utf16Be, Encoding::Utf8),
        (Encoding::Utf32Le, Encoding::Latin1),
    ] {
        for corrupt in [false, true] {
            let mut input = encode(&text, from);
            if corrupt {
                let at = rng.below(input.len());
                input[at] = 0xFF;
                input[at / 2] = 0xDC;
            }
            for mode in [Mode::Strict, Mode::Lossy] {
                let (want, err) = one_shot(&input, from, to, mode);
                // Reader, with a trickling source and odd read sizes.
                let source = Trickle {
                    data: &input,
                    rng: Rng(rng.next() | 1),
                };
                let mut r = TranscodingReader::new(source, from, to, mode);
                let mut got = Vec::new();
                let mut buf = [0u8; 13];
                let result = loop {
                    match r.read(&mut buf) {
                        Ok(0) => break Ok(()),
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                        Err(e) => break Err(decode_error(&e)),
                    }
                };
                assert_eq!(got, want);
                match (result, err) {
                    (Ok(()), None) => {}
                    (Err(e), Some((at, kind))) => {
                        assert_eq!((e.offset, e.kind, e.encoding), (at, kind, from))
                    }
                    other => panic!("{from:?}->{to:?} {mode:?}: {other:?}"),
                }
                // Writer, with writes of random sizes.
                let mut w = TranscodingWriter::new(Vec::new(), from, to, mode);
                let mut rest = &input[..];
                let mut failed = None;
                while !rest.is_empty() {
                    let n = (1 + rng.below(50)).min(rest.len());
                    match w.write(&rest[..n]) {
                        Ok(k) => rest = &rest[k..],
                        Err(e) => {
                            failed = Some(decode_error(&e));
                            break;
                        }
                    }
                }
                match failed {
                    Some(e) => assert_eq!(Some((e.offset, e.kind)), err),
                    None => match w.finish() {
                        Ok(out) => assert_eq!((out, err), (want.clone(), None)),
                        Err(e) => {
                            assert_eq!(Some((decode_error(&e).offset, decode_error(&e).kind)), err)
                        }
                    },
                }
            }
        }
    }
}

#[test]
fn utf8_validating_reader_passes_valid_prefix_then_fails() {
    let text = lipsum();
    let mut rng = Rng(99);
    for trial in 0..200 {
        let mut input = text.as_bytes().to_vec();
        if trial % 4 != 0 {
            let at = rng.below(input.len());
            input[at] = [0xFF, 0x80, 0xC3, 0xED][trial % 4];
        }
        if trial % 3 == 0 {
            input.truncate(input.len() - rng.below(3));
        }
        let expected = std::str::from_utf8(&input);
        let source = Trickle {
            data: &input,
            rng: Rng(rng.next() | 1),
        };
        let mut r = Utf8ValidatingReader::new(source);
        let mut got = Vec::new();
        let mut buf = vec![0u8; 1 + rng.below(40)];
        let result = loop {
            match r.read(&mut buf) {
                Ok(0) => break Ok(()),
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(e) => break Err(decode_error(&e)),
            }
        };
        match (expected, result) {
            (Ok(_), Ok(())) => assert_eq!(got, input),
            (Err(e), Err(d)) => {
                assert_eq!(d.offset, e.valid_up_to() as u64);
                assert_eq!(got, &input[..e.valid_up_to()]);
            }
            (e, r) => panic!("trial {trial}: {e:?} vs {r:?}"),
        }
    }
    // The error stays.
    let mut r = Utf8ValidatingReader::new(&b"\xC3("[..]);
    let mut buf = [0u8; 8];
    assert!(r.read(&mut buf).is_err());
    assert!(r.read(&mut buf).is_err());
}

#[test]
fn writer_without_finish_still_flushes() {
    let mut sink = Vec::new();
    {
        let mut w =
            TranscodingWriter::new(&mut sink, Encoding::Latin1, Encoding::Utf8, Mode::Strict);
        w.write_all(b"caf\xE9").unwrap();
    }
    assert_eq!(sink, "café".as_bytes());
}

//! Streaming with BOM handling hands text out as soon as it is due: bytes are held back
//! only while they may still begin a BOM, and an error is reported by the call that
//! brings the byte deciding it. Each check looks at the output after every call, not
//! only at the joined output, on every kernel.

use utfast::{incomplete_suffix_len, BomHandling, Encoding, ErrorKind, Mode, Status, Transcoder};
use utfast_testkit::fuzz::prompt_outcome;
use utfast_testkit::{hex, kernels, to_hex};

/// Bytes from hex digits, spaces allowed.
fn h(s: &str) -> Vec<u8> {
    hex(&s.replace(' ', ""))
}

/// The encodings whose BOM the handling removes (each selecting its byte order).
fn accepted(from: Encoding, bom: BomHandling) -> Vec<Encoding> {
    match bom {
        BomHandling::Keep => vec![],
        BomHandling::Strip => utfast_testkit::fuzz::bom_encodings(from, false),
        BomHandling::Sniff => utfast_testkit::fuzz::bom_encodings(from, true),
    }
}

/// What a stream gave: the joined output and its error (stream offset, kind).
#[derive(Debug, PartialEq)]
struct Call {
    out: Vec<u8>,
    error: Option<(u64, ErrorKind)>,
}

/// Feeds `pieces` one call each (`last == false`; then one empty call with `last`),
/// with an ample output buffer, and checks after every call that exactly what is due
/// came out ([`prompt_outcome`]) and that an error came in the call that decided it.
/// Returns the joined output and the error of the stream.
fn fed_piecewise(
    t: Transcoder,
    pieces: &[&[u8]],
    (from, bom, to, mode): (Encoding, BomHandling, Encoding, Mode),
) -> Call {
    let mut t = t;
    let mut out = Vec::new();
    let mut arrived = Vec::new();
    let boms = accepted(from, bom);
    let mut dst = vec![0u8; 256];
    for (i, piece) in pieces.iter().chain([&&b""[..]]).enumerate() {
        let last = i == pieces.len();
        arrived.extend_from_slice(piece);
        let (status, read, written) = t.transcode(piece, &mut dst, last);
        out.extend_from_slice(&dst[..written]);
        let what = || {
            format!(
                "{from}({bom:?})->{to} {mode:?}, call {i} of {}: {}",
                pieces.len(),
                to_hex(&arrived)
            )
        };
        if let Status::Malformed { offset, kind } = status {
            let want = prompt_outcome(&arrived, last, from, &boms, to, mode, incomplete_suffix_len);
            assert_eq!(want.error, Some((offset, kind)), "{}", what());
            assert_eq!(to_hex(&out), to_hex(&want.out), "{}", what());
            return Call {
                out,
                error: Some((offset, kind)),
            };
        }
        assert_eq!(status, Status::InputEmpty, "{}", what());
        assert_eq!(read, piece.len(), "{}", what());
        if !last {
            let want = prompt_outcome(
                &arrived,
                false,
                from,
                &boms,
                to,
                mode,
                incomplete_suffix_len,
            );
            assert_eq!(want.error, None, "{}: error not reported", what());
            assert_eq!(to_hex(&out), to_hex(&want.out), "{}", what());
        }
    }
    Call { out, error: None }
}

/// Text and invalid bytes to follow a BOM prefix, in `e`.
fn tails(e: Encoding) -> Vec<Vec<u8>> {
    if e == Encoding::Latin1 {
        // No BOM: the bytes of the Unicode BOMs are text.
        return vec![vec![], h("61"), h("E9 FF FE"), h("EF BB BF"), h("FE FF 00")];
    }
    let text = |s: &str| utfast_testkit::oracle::encode_str(s, e);
    let mut v = vec![
        vec![],
        text("a"),
        text("ok!"),
        text("é"),
        text("€x"),
        text("😀"),
        text("\u{FEFF}z"),
    ];
    v.extend(match e {
        Encoding::Utf8 => vec![
            h("80"),
            h("FF 61"),
            h("C0 80"),
            h("E0 80 61"),
            h("E2 82"),
            h("F0 9F 98"),
        ],
        Encoding::Utf16Le => vec![h("00 DC"), h("3D D8 61 00"), h("3D D8"), h("61")],
        Encoding::Utf16Be => vec![h("DC 00"), h("D8 3D 00 61"), h("D8 3D"), h("61")],
        Encoding::Utf32Le => vec![h("00 00 11 00"), h("00 D8 00 00"), h("61 00")],
        Encoding::Utf32Be => vec![h("00 11 00 00"), h("00 00 D8 00"), h("00 00")],
        _ => vec![],
    });
    v
}

/// Every prefix of every accepted BOM, followed by text and by invalid bytes, fed one
/// byte per call and in one call, to three targets in both modes, on every kernel.
#[test]
fn every_bom_prefix_is_decided_at_the_byte_that_rules_it_out() {
    let streams = [
        (Encoding::Utf8, BomHandling::Strip),
        (Encoding::Utf8, BomHandling::Sniff),
        (Encoding::Cesu8, BomHandling::Strip),
        (Encoding::Utf16Le, BomHandling::Strip),
        (Encoding::Utf16Be, BomHandling::Strip),
        (Encoding::Utf16Le, BomHandling::Sniff),
        (Encoding::Utf16Be, BomHandling::Sniff),
        (Encoding::Utf32Le, BomHandling::Strip),
        (Encoding::Utf32Be, BomHandling::Strip),
        (Encoding::Utf32Le, BomHandling::Sniff),
        (Encoding::Utf32Be, BomHandling::Sniff),
        (Encoding::Latin1, BomHandling::Strip),
    ];
    let mut checked = 0;
    for (from, bom) in streams {
        let mut inputs = Vec::new();
        let boms = accepted(from, bom);
        for b in boms.iter().map(|e| e.bom()).chain([&b""[..]]) {
            for p in 0..=b.len() {
                for e in boms.iter().copied().chain([from]) {
                    for tail in tails(e) {
                        let mut input = b[..p].to_vec();
                        input.extend_from_slice(&tail);
                        inputs.push(input);
                    }
                }
            }
        }
        inputs.sort();
        inputs.dedup();
        for input in &inputs {
            for to in [Encoding::Utf8, Encoding::Utf16Be, Encoding::Utf32Le] {
                for mode in [Mode::Strict, Mode::Lossy] {
                    let mut results = Vec::new();
                    for &k in kernels() {
                        let t = || Transcoder::new(from, to, mode).with_bom(bom).with_kernel(k);
                        let bytes: Vec<&[u8]> = input.chunks(1).collect();
                        let stream = (from, bom, to, mode);
                        let one_by_one = fed_piecewise(t(), &bytes, stream);
                        let whole = fed_piecewise(t(), &[input], stream);
                        assert_eq!(one_by_one, whole, "{} {}", k.name(), to_hex(input));
                        results.push(whole);
                        checked += 1;
                    }
                    assert!(results.windows(2).all(|w| w[0] == w[1]));
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// CPython's incremental decoders, fed one byte per call (`check_partial` in
/// Lib/test/test_codecs.py): the number of characters decoded after each byte, as
/// CPython 3.11 gives them. `utf-8-sig` is UTF-8 with `Strip`; `utf-16` and `utf-32`
/// are `Sniff` (CPython's incremental decoders require the BOM, so only inputs with
/// one are compared).
#[test]
fn cpython_partial_outputs() {
    let cases: &[(&str, &str, &str, &[usize])] = &[
        (
            "utf-8-sig",
            "efbbbfefbbbf00c3bfdfbfe0a080efbfbff0908080",
            "\u{feff}\x00ÿ\u{7ff}\u{800}\u{ffff}\u{10000}",
            &[
                0, 0, 0, 0, 0, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7,
            ],
        ),
        ("utf-8-sig", "efbbbf6f6b21", "ok!", &[0, 0, 0, 1, 2, 3]),
        ("utf-8-sig", "616263", "abc", &[1, 2, 3]),
        (
            "utf-8-sig",
            "efbbbfc3a9e282acf09f9880",
            "é€😀",
            &[0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3],
        ),
        (
            "utf-16",
            "fffe0000ff000001ffff00d800dc",
            "\x00ÿĀ\u{ffff}\u{10000}",
            &[0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 4, 5],
        ),
        (
            "utf-16",
            "fffe6f006b002100",
            "ok!",
            &[0, 0, 0, 1, 1, 2, 2, 3],
        ),
        (
            "utf-16",
            "feff0061d83dde00",
            "a😀",
            &[0, 0, 0, 1, 1, 1, 1, 2],
        ),
        (
            "utf-32",
            "fffe000000000000ff00000000010000ffff000000000100",
            "\x00ÿĀ\u{ffff}\u{10000}",
            &[
                0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5,
            ],
        ),
        (
            "utf-32",
            "fffe0000fffe0000e900000000f60100",
            "\u{feff}é😀",
            &[0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3],
        ),
        (
            "utf-32",
            "0000feff000000610001f600",
            "a😀",
            &[0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2],
        ),
    ];
    for &(codec, input, text, counts) in cases {
        let (from, bom) = match codec {
            "utf-8-sig" => (Encoding::Utf8, BomHandling::Strip),
            "utf-16" => (Encoding::Utf16Le, BomHandling::Sniff),
            _ => (Encoding::Utf32Le, BomHandling::Sniff),
        };
        let input = h(input);
        assert_eq!(input.len(), counts.len());
        for &k in kernels() {
            let mut t = Transcoder::new(from, Encoding::Utf8, Mode::Strict)
                .with_bom(bom)
                .with_kernel(k);
            let mut out = Vec::new();
            let mut dst = [0u8; 16];
            for (i, byte) in input.chunks(1).enumerate() {
                let (status, read, written) = t.transcode(byte, &mut dst, false);
                assert_eq!((status, read), (Status::InputEmpty, 1));
                out.extend_from_slice(&dst[..written]);
                let want: String = text.chars().take(counts[i]).collect();
                assert_eq!(
                    String::from_utf8_lossy(&out),
                    want,
                    "{} {codec} after byte {i}",
                    k.name()
                );
            }
            assert_eq!(t.transcode(b"", &mut dst, true), (Status::InputEmpty, 0, 0));
        }
    }
}

/// CPython's `test_incremental_errors` (UTF-8 and UTF-8-sig): each input fed in one
/// call that does not end the stream is already an error.
#[test]
fn cpython_incremental_errors() {
    let mut cases: Vec<Vec<u8>> = vec![h("80"), h("BF"), h("C0"), h("FF")];
    for prefix in [
        "C2", "DF", "E0", "E0 A0", "EF", "EF BF", "F0", "F0 90", "F0 90 80", "F4", "F4 8F",
        "F4 8F BF",
    ] {
        for suffix in ["7F", "C0"] {
            cases.push(h(&format!("{prefix} {suffix}")));
        }
    }
    for c in [
        "E0 80", "E0 9F", "ED A0 80", "ED BF BF", "F0 80", "F0 8F", "F4 90",
    ] {
        cases.push(h(c));
    }
    assert_eq!(cases.len(), 35);
    for bom in [BomHandling::Keep, BomHandling::Strip, BomHandling::Sniff] {
        for input in &cases {
            for &k in kernels() {
                let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, Mode::Strict)
                    .with_bom(bom)
                    .with_kernel(k);
                let mut dst = [0u8; 16];
                let (status, _, _) = t.transcode(input, &mut dst, false);
                assert!(
                    matches!(status, Status::Malformed { offset: 0, .. }),
                    "{} {bom:?} {}: {status:?}",
                    k.name(),
                    to_hex(input)
                );
            }
        }
    }
}

/// A stream: its encoding, what is done with a BOM, the pieces fed one call each and
/// the output due after each call.
type Conversation<'a> = (Encoding, BomHandling, &'a [&'a [u8]], &'a [&'a [u8]]);

/// The cases of the report: "ok" then "!" comes out at once; so does UTF-16LE "y\0".
#[test]
fn short_first_calls_are_not_held_back() {
    let cases: &[Conversation] = &[
        (Encoding::Utf8, BomHandling::Strip, &[b"abc"], &[b"abc"]),
        (
            Encoding::Utf8,
            BomHandling::Strip,
            &[b"ok", b"!"],
            &[b"ok", b"!"],
        ),
        (
            Encoding::Utf8,
            BomHandling::Sniff,
            &[b"o", b"k"],
            &[b"o", b"k"],
        ),
        (
            Encoding::Utf8,
            BomHandling::Strip,
            &[b"\xEF", b"\xBB", b"\xBFx"],
            &[b"", b"", b"x"],
        ),
        (Encoding::Utf16Le, BomHandling::Strip, &[b"y\0"], &[b"y"]),
        (
            Encoding::Utf16Le,
            BomHandling::Sniff,
            &[b"y", b"\0"],
            &[b"", b"y"],
        ),
        (
            Encoding::Utf32Le,
            BomHandling::Sniff,
            &[b"\xFF\xFE", b"\0"],
            &[b"", b""],
        ),
        (
            Encoding::Utf32Le,
            BomHandling::Sniff,
            &[b"\xFF\xFE\x01\0"],
            &["\u{1FEFF}".as_bytes()],
        ),
    ];
    for &(from, bom, pieces, outs) in cases {
        for &k in kernels() {
            let mut t = Transcoder::new(from, Encoding::Utf8, Mode::Lossy)
                .with_bom(bom)
                .with_kernel(k);
            let mut dst = [0u8; 16];
            for (piece, want) in pieces.iter().zip(outs) {
                let (status, read, written) = t.transcode(piece, &mut dst, false);
                assert_eq!((status, read), (Status::InputEmpty, piece.len()));
                assert_eq!(&dst[..written], *want, "{} {from} {bom:?}", k.name());
            }
        }
    }
    // An invalid first byte is an error at once, not at the end of the stream.
    let mut t =
        Transcoder::new(Encoding::Utf8, Encoding::Utf8, Mode::Strict).with_bom(BomHandling::Strip);
    let mut dst = [0u8; 16];
    assert!(matches!(
        t.transcode(b"\x80", &mut dst, false),
        (Status::Malformed { offset: 0, .. }, _, 0)
    ));
}

/// The streams of the request/response tests: every encoding with BOM handling.
const EXCHANGES: &[(Encoding, BomHandling)] = &[
    (Encoding::Utf8, BomHandling::Strip),
    (Encoding::Utf8, BomHandling::Sniff),
    (Encoding::Wtf8, BomHandling::Strip),
    (Encoding::Cesu8, BomHandling::Strip),
    (Encoding::Mutf8, BomHandling::Strip),
    (Encoding::Utf16Le, BomHandling::Strip),
    (Encoding::Utf16Be, BomHandling::Strip),
    (Encoding::Utf16Le, BomHandling::Sniff),
    (Encoding::Utf32Le, BomHandling::Strip),
    (Encoding::Utf32Be, BomHandling::Strip),
    (Encoding::Utf32Le, BomHandling::Sniff),
];

/// A server that answers each request with its text in UTF-8, through
/// `io::TranscodingReader` with BOM handling, over loopback TCP: a client sends the
/// first 1, 2, 3 and 4 characters of a request (with and without a BOM first), then
/// waits for their echo. A server that held them back would never answer: the read
/// timeout fails the test instead.
#[test]
fn std_io_request_response_over_tcp() {
    use std::io::{Read, Write};
    use std::net::{TcpListener, TcpStream};
    use std::time::Duration;
    for &k in kernels() {
        for &(from, bom) in EXCHANGES {
            for with_bom in [false, true] {
                for n in 1..=4 {
                    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
                    let addr = listener.local_addr().unwrap();
                    let server = std::thread::spawn(move || {
                        let (stream, _) = listener.accept().unwrap();
                        let mut back = stream.try_clone().unwrap();
                        let t = Transcoder::new(from, Encoding::Utf8, Mode::Strict)
                            .with_bom(bom)
                            .with_kernel(k);
                        let mut r = utfast::io::TranscodingReader::with_transcoder(stream, t);
                        let mut buf = [0u8; 64];
                        loop {
                            match r.read(&mut buf) {
                                Ok(0) | Err(_) => return,
                                Ok(m) => {
                                    if back.write_all(&buf[..m]).is_err() {
                                        return;
                                    }
                                }
                            }
                        }
                    });
                    let text: String = "ok!é".chars().take(n).collect();
                    let mut request = if with_bom {
                        from.bom().to_vec()
                    } else {
                        Vec::new()
                    };
                    request.extend(utfast_testkit::oracle::encode_str(&text, from));
                    let mut client = TcpStream::connect(addr).unwrap();
                    client
                        .set_read_timeout(Some(Duration::from_secs(10)))
                        .unwrap();
                    client.write_all(&request).unwrap();
                    let mut echo = vec![0u8; text.len()];
                    client.read_exact(&mut echo).unwrap_or_else(|e| {
                        panic!(
                            "{} {from} {bom:?}: no answer to {}: {e}",
                            k.name(),
                            to_hex(&request)
                        )
                    });
                    assert_eq!(echo, text.as_bytes());
                    drop(client);
                    server.join().unwrap();
                }
            }
        }
    }
}

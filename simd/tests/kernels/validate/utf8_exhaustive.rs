//! UTF-8 validation against `core::str::from_utf8`: exhaustive for short inputs,
//! property-based (near-valid text) for long ones, for the scalar functions and for
//! every kernel in `utfast_simd::available()`.

use proptest::prelude::*;
use utfast_scalar::utf8 as scalar;
use utfast_scalar::{ErrorKind, Utf8Error};

/// One implementation under test.
/// A validator under test.
type Validate = Box<dyn Fn(&[u8]) -> Result<(), Utf8Error>>;
/// A boolean validator under test.
type IsUtf8 = Box<dyn Fn(&[u8]) -> bool>;

struct Impl {
    name: String,
    validate: Validate,
    is_utf8: IsUtf8,
}

/// Every available kernel (`kernel/scalar` is `utfast_scalar::utf8::validate_utf8`
/// and `is_utf8`), then the scalar single-stream entry points.
fn impls() -> Vec<Impl> {
    let mut v = kernel_impls();
    v.push(Impl {
        name: "utfast_scalar::utf8::*_short".into(),
        validate: Box::new(scalar::validate_utf8_short),
        is_utf8: Box::new(scalar::is_utf8_short),
    });
    v
}

/// Every available kernel.
fn kernel_impls() -> Vec<Impl> {
    let mut v = Vec::new();
    for &k in utfast_testkit::kernels() {
        v.push(Impl {
            name: format!("kernel/{}", k.name()),
            validate: Box::new(|s| k.validate_utf8(s)),
            is_utf8: Box::new(|s| k.is_utf8(s)),
        });
    }
    v
}

fn announce(test: &str, impls: &[Impl]) {
    let names: Vec<&str> = impls.iter().map(|i| i.name.as_str()).collect();
    eprintln!("{test}: ran {}", names.join(", "));
}

/// Compares one implementation with core on `src`; `Err` describes a mismatch.
fn check(imp: &Impl, src: &[u8]) -> Result<(), String> {
    let want = core::str::from_utf8(src).map(|_| ());
    let got = (imp.validate)(src);
    let fail = |what: &str| {
        Err(format!(
            "{}: {what} on {src:02X?} (len {}): core {want:?}, got {got:?}",
            imp.name,
            src.len()
        ))
    };
    match (&want, &got) {
        (Ok(()), Ok(())) => {}
        (Err(w), Err(g)) => {
            if (w.valid_up_to(), w.error_len()) != (g.valid_up_to(), g.error_len()) {
                return fail("position mismatch");
            }
            let (kind, len) = scalar::classify_error(&src[g.valid_up_to()..]);
            if kind != g.kind() || len.map(usize::from) != w.error_len() {
                return fail("kind/classify_error mismatch");
            }
        }
        _ => return fail("validity mismatch"),
    }
    if (imp.is_utf8)(src) != want.is_ok() {
        return fail("is_utf8 mismatch");
    }
    Ok(())
}

fn check_all(impls: &[Impl], src: &[u8]) {
    for imp in impls {
        if let Err(e) = check(imp, src) {
            panic!("{e}");
        }
    }
}

#[test]
fn exhaustive_lengths_1_to_3() {
    let impls = impls();
    announce("exhaustive_lengths_1_to_3", &impls);
    for a in 0..=255u8 {
        check_all(&impls, &[a]);
        for b in 0..=255u8 {
            check_all(&impls, &[a, b]);
            for c in 0..=255u8 {
                check_all(&impls, &[a, b, c]);
            }
        }
    }
}

/// Every 4-byte input whose first byte is a 4-byte lead (F0..F4), one thread per
/// lead byte. (The `*_short` functions are what the scalar kernel runs below 64
/// bytes, so the kernels cover them here.)
#[test]
fn exhaustive_four_byte_leads() {
    announce("exhaustive_four_byte_leads", &kernel_impls());
    std::thread::scope(|s| {
        for a in 0xF0..=0xF4u8 {
            s.spawn(move || {
                let impls = kernel_impls();
                for b in 0..=255u8 {
                    for c in 0..=255u8 {
                        for d in 0..=255u8 {
                            check_all(&impls, &[a, b, c, d]);
                        }
                    }
                }
            });
        }
    });
}

/// Mixed text with characters of every length, a few hundred bytes long.
fn mixed_text() -> Vec<u8> {
    let unit = "Grüße, мир! 世界 🦀 ok; Ünïcödé €100 𝄞 ascii run here.. ";
    unit.repeat(8).into_bytes()
}

/// Byte strings that are ill-formed wherever they are put (or at least at the start
/// of a character).
const BAD: &[&[u8]] = &[
    b"\x80",
    b"\xBF",
    b"\xC0\xAF",
    b"\xC1\xBF",
    b"\xF5\x80\x80\x80",
    b"\xFF",
    b"\xFE",
    b"\xE0\x80\x80",
    b"\xE0\x9F\xBF",
    b"\xED\xA0\x80",
    b"\xED\xBF\xBF",
    b"\xF0\x80\x80\x80",
    b"\xF0\x8F\xBF\xBF",
    b"\xF4\x90\x80\x80",
    b"\xC3",
    b"\xE2\x82",
    b"\xF0\x9F\xA6",
];

/// Every corruption at every position of mixed text and of ASCII runs: covers the
/// 8/16-byte ASCII skip, every block boundary and every cut of the streams.
#[test]
fn every_position_of_near_valid_text() {
    let impls = impls();
    announce("every_position_of_near_valid_text", &impls);
    let texts = [mixed_text(), vec![b'x'; 600], {
        let mut t = vec![b'y'; 300];
        t.extend_from_slice("é".repeat(150).as_bytes());
        t
    }];
    for text in &texts {
        check_all(&impls, text);
        for p in 0..=text.len() {
            check_all(&impls, &text[..p]);
            check_all(&impls, &text[p..]);
            for bad in BAD {
                let mut v = text[..p].to_vec();
                v.extend_from_slice(bad);
                v.extend_from_slice(&text[p..]);
                check_all(&impls, &v);
                // Replace instead of insert.
                let mut w = text.clone();
                for (i, &b) in bad.iter().enumerate() {
                    if let Some(x) = w.get_mut(p + i) {
                        *x = b;
                    }
                }
                check_all(&impls, &w);
            }
        }
    }
}

#[test]
fn classify_error_is_total_and_agrees_with_core() {
    // Never panics, for every input of up to 2 bytes and every 3-byte one with a
    // lead byte; at an error position it agrees with core.
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            for src in [&[a][..], &[a, b][..]] {
                let (kind, len) = scalar::classify_error(src);
                match core::str::from_utf8(src) {
                    Err(e) if e.valid_up_to() == 0 => {
                        assert_eq!(len.map(usize::from), e.error_len(), "{src:02X?}");
                        if e.error_len().is_none() {
                            assert_eq!(kind, ErrorKind::TooShort);
                        }
                    }
                    _ => assert_eq!((kind, len), (ErrorKind::TooShort, Some(0)), "{src:02X?}"),
                }
            }
        }
    }
    assert_eq!(scalar::classify_error(b""), (ErrorKind::TooShort, Some(0)));
    assert_eq!(
        scalar::classify_error("€".as_bytes()),
        (ErrorKind::TooShort, Some(0))
    );
    let kinds = [
        (&b"\xC0\x80"[..], ErrorKind::InvalidLeadByte),
        (b"\xA0", ErrorKind::UnexpectedContinuation),
        (b"\xE0\x9F\x80", ErrorKind::Overlong),
        (b"\xF0\x8F\x80\x80", ErrorKind::Overlong),
        (b"\xED\xA0\x80", ErrorKind::Surrogate),
        (b"\xF4\x90\x80\x80", ErrorKind::TooLarge),
        (b"\xE2\x28\xA1", ErrorKind::TooShort),
        (b"\xF1\x80\x80", ErrorKind::TooShort),
    ];
    for (src, kind) in kinds {
        assert_eq!(scalar::classify_error(src).0, kind, "{src:02X?}");
        assert_eq!(scalar::validate_utf8(src).unwrap_err().kind(), kind);
    }
}

/// A mutation of valid text.
#[derive(Debug, Clone)]
enum Mutation {
    FlipBit(usize, u8),
    Truncate(usize),
    Insert(usize, Vec<u8>),
    Replace(usize, u8),
}

fn bad_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        (0x80u8..=0xBF).prop_map(|b| vec![b]),
        prop::sample::select(vec![0xC0u8, 0xC1, 0xF5, 0xF8, 0xFC, 0xFE, 0xFF])
            .prop_map(|b| vec![b]),
        (0xA0u8..=0xBF, 0x80u8..=0xBF).prop_map(|(b, c)| vec![0xED, b, c]),
        (0x80u8..=0x9F, 0x80u8..=0xBF).prop_map(|(b, c)| vec![0xE0, b, c]),
        (0x80u8..=0x8F).prop_map(|b| vec![0xF0, b, 0x80, 0x80]),
        (0x90u8..=0xBF).prop_map(|b| vec![0xF4, b, 0x80, 0x80]),
        prop::sample::select(BAD.to_vec()).prop_map(|b| b.to_vec()),
        (0xC2u8..=0xF4).prop_map(|b| vec![b]),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0u8..8).prop_map(|(i, b)| Mutation::FlipBit(i, b)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), bad_bytes()).prop_map(|(i, b)| Mutation::Insert(i, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Replace(i, b)),
    ]
}

fn apply(mut v: Vec<u8>, muts: &[Mutation]) -> Vec<u8> {
    for m in muts {
        let n = v.len();
        match *m {
            Mutation::FlipBit(i, b) if n > 0 => v[i % n] ^= 1 << b,
            Mutation::Truncate(i) => v.truncate(i % (n + 1)),
            Mutation::Insert(i, ref b) => {
                let at = i % (n + 1);
                v.splice(at..at, b.iter().copied());
            }
            Mutation::Replace(i, b) if n > 0 => v[i % n] = b,
            _ => {}
        }
    }
    v
}

/// Text biased toward what the fast paths care about: ASCII runs of every length,
/// and characters of every length.
fn text() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => (1usize..80).prop_map(|n| "a".repeat(n)),
        2 => prop::char::range('\u{80}', '\u{7FF}').prop_map(String::from),
        3 => prop::char::range('\u{800}', '\u{FFFF}').prop_map(String::from),
        1 => prop::char::range('\u{10000}', '\u{10FFFF}').prop_map(String::from),
        1 => any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..200).prop_map(|v| v.concat().into_bytes())
}

/// An ASCII run with one bad byte string near a power-of-two boundary.
fn ascii_run_with_bad_byte() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::sample::select(vec![8usize, 16, 32, 64, 128, 256, 512, 1024]),
        -3isize..=3,
        0usize..40,
        bad_bytes(),
    )
        .prop_map(|(boundary, delta, extra, bad)| {
            let at = boundary.saturating_add_signed(delta);
            let mut v = vec![b'z'; at];
            v.extend_from_slice(&bad);
            v.extend(std::iter::repeat_n(b'z', extra));
            v
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn valid_text_is_valid(t in text()) {
        for imp in &impls() {
            check(imp, &t).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn mutated_text_matches_core(
        t in text(),
        muts in prop::collection::vec(mutation(), 1..4),
    ) {
        let v = apply(t, &muts);
        for imp in &impls() {
            check(imp, &v).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn ascii_runs_with_a_bad_byte_match_core(v in ascii_run_with_bad_byte()) {
        for imp in &impls() {
            check(imp, &v).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn padded_inputs_match_core(
        t in text(),
        muts in prop::collection::vec(mutation(), 0..2),
        front in 0usize..300,
        back in 0usize..300,
    ) {
        // Pad with ASCII on both sides so every alignment and tail path runs.
        let mut v = vec![b'p'; front];
        v.extend(apply(t, &muts));
        v.extend(std::iter::repeat_n(b'q', back));
        for imp in &impls() {
            check(imp, &v).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn random_bytes_match_core(v in prop::collection::vec(any::<u8>(), 0..600)) {
        for imp in &impls() {
            check(imp, &v).map_err(TestCaseError::fail)?;
        }
    }
}

#[test]
fn proptest_kernels_announced() {
    // The property tests above run every implementation listed here.
    let impls = impls();
    announce("proptest (all properties)", &impls);
    assert!(impls.iter().any(|i| i.name == "kernel/scalar"));
}

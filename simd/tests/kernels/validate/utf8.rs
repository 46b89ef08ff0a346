//! Every available kernel's `validate_utf8`, `is_utf8` and `is_ascii` against the
//! scalar reference and `core::str::from_utf8`: padded seeds (every alignment and
//! tail path), errors at every position, all byte pairs at block boundaries,
//! property tests and the conformance vectors.
//!
//! Under emulation (`UTFAST_QEMU=1`, see `utfast_testkit::quick`) the case counts
//! shrink.

use proptest::prelude::*;
use utfast_simd::Kernel;
use utfast_testkit::{data, hex, kernels, quick};

/// Compares one kernel with std and the scalar reference on `input`.
fn check(k: &Kernel, input: &[u8]) {
    let std = core::str::from_utf8(input).map(drop);
    let scalar = utfast_scalar::utf8::validate_utf8(input);
    let got = k.validate_utf8(input);
    assert_eq!(
        got,
        scalar,
        "kernel {} validate_utf8 vs scalar on {input:02X?}",
        k.name()
    );
    match (&got, &std) {
        (Ok(()), Ok(())) => {}
        (Err(g), Err(s)) => assert_eq!(
            (g.valid_up_to(), g.error_len()),
            (s.valid_up_to(), s.error_len()),
            "kernel {} vs std on {input:02X?}",
            k.name()
        ),
        _ => panic!(
            "kernel {}: {got:?} but std says {std:?} on {input:02X?}",
            k.name()
        ),
    }
    assert_eq!(
        k.is_utf8(input),
        std.is_ok(),
        "kernel {} is_utf8 on {input:02X?}",
        k.name()
    );
    assert_eq!(
        k.is_ascii(input),
        input.is_ascii(),
        "kernel {} is_ascii",
        k.name()
    );
}

fn check_all(ks: &[&Kernel], input: &[u8]) {
    for k in ks {
        check(k, input);
    }
}

/// `n` bytes of valid UTF-8 made of `kind`'s characters (topped up with ASCII).
fn padding(n: usize, kind: usize) -> Vec<u8> {
    let unit: &str = ["a", "é", "€", "😊", "aé€😊"][kind % 5];
    let mut out = Vec::with_capacity(n);
    for c in unit.chars().cycle() {
        if out.len() + c.len_utf8() > n {
            break;
        }
        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    }
    out.resize(n, b'x');
    out
}

/// Valid text and one sample of every error class, including incomplete sequences.
const SEEDS: &[&[u8]] = &[
    b"",
    b"plain ascii",
    "h\u{e9}llo \u{20ac} w\u{f6}rld \u{1F600}\u{10FFFF}\u{FFFF}\u{800}\u{7FF}\u{80}".as_bytes(),
    b"\x80",             // lone continuation
    b"\xBF\x80",         // two lone continuations
    b"\xC0\x80",         // overlong 2
    b"\xC1\xBF",         // overlong 2
    b"\xC2",             // incomplete 2
    b"\xC2A",            // too short
    b"\xC2\xC2\x80",     // lead after lead
    b"\xE0\x80\x80",     // overlong 3
    b"\xE0\x9F\xBF",     // overlong 3
    b"\xE0\xA0",         // incomplete 3
    b"\xE2\x82",         // incomplete 3
    b"\xE2\x82A",        // too short 3
    b"\xED\xA0\x80",     // surrogate
    b"\xED\xBF\xBF",     // surrogate
    b"\xF0\x80\x80\x80", // overlong 4
    b"\xF0\x8F\xBF\xBF", // overlong 4
    b"\xF0\x9F\x98",     // incomplete 4
    b"\xF0\x9F\x98A",    // too short 4
    b"\xF4\x90\x80\x80", // too large
    b"\xF5\x80\x80\x80", // invalid lead
    b"\xF8\x88\x80\x80\x80",
    b"\xFF",
    b"\xFE\xFE\xFF\xFF",
    b"\xE2\x82\xAC\x80", // valid then extra continuation
    b"\xF0\x9F\x98\x80\x80",
];

#[test]
fn padded_seeds() {
    let ks = kernels();
    let (befores, afters): (Vec<usize>, Vec<usize>) = if quick() {
        (
            (0..=67).chain([127, 128, 129, 130, 200, 511]).collect(),
            vec![0, 1, 3, 60, 61, 63, 64, 65, 130],
        )
    } else {
        (
            (0..=140)
                .chain([191, 192, 193, 255, 256, 320, 509, 511, 512])
                .collect(),
            vec![
                0, 1, 2, 3, 4, 31, 32, 33, 60, 61, 62, 63, 64, 65, 127, 128, 129, 200, 511,
            ],
        )
    };
    for seed in SEEDS {
        for kind in 0..5 {
            for &before in &befores {
                for &after in &afters {
                    let mut input = padding(before, kind);
                    input.extend_from_slice(seed);
                    input.extend_from_slice(&padding(after, kind + 1));
                    check_all(ks, &input);
                }
            }
        }
    }
}

/// Ill-formed or cut sequences: a lone continuation byte, bytes that never occur,
/// overlong forms, a surrogate, a code point above U+10FFFF, truncated sequences.
const BAD: &[&[u8]] = &[
    b"\x80",
    b"\xFF",
    b"\xC0",
    b"\xC2",
    b"\xE0\x80",
    b"\xED\xA0",
    b"\xF4\x90",
    b"\xE2\x82",
    b"\xF0\x9F\x98",
    b"\xF0\x9F",
];

#[test]
fn errors_at_every_position() {
    let ks = kernels();
    let bad = BAD;
    let lens: &[usize] = if quick() {
        &[64, 129, 200]
    } else {
        &[64, 65, 96, 127, 128, 129, 160, 191, 192, 193, 200]
    };
    for &len in lens {
        for kind in [0, 4] {
            let base = padding(len, kind);
            for b in bad {
                for pos in 0..len {
                    let mut input = base.clone();
                    let end = (pos + b.len()).min(len);
                    input[pos..end].copy_from_slice(&b[..end - pos]);
                    check_all(ks, &input);
                }
            }
        }
    }
}

/// The ASCII skip after an ASCII block (neon tests the next block alone, and
/// checks it at once when it is not ASCII; the other kernels test two blocks at a
/// time): two-byte text, 63 to 260 ASCII bytes, then two-byte text with an error
/// at every position of its first 130 bytes, and a sequence cut just before the
/// ASCII.
#[test]
fn errors_after_ascii_blocks() {
    let ks = kernels();
    let asciis: &[usize] = if quick() {
        &[64, 100, 192]
    } else {
        &[63, 64, 65, 100, 128, 129, 192, 260]
    };
    let step = if quick() { 5 } else { 1 };
    for lead in [64usize, 70] {
        for &n in asciis {
            let mut base = padding(lead, 1);
            base.extend(std::iter::repeat_n(b'a', n));
            let at = base.len();
            base.extend(padding(200, 1));
            check_all(ks, &base);
            for b in BAD {
                for pos in (at..at + 130).step_by(step) {
                    let mut input = base.clone();
                    input[pos..pos + b.len()].copy_from_slice(b);
                    check_all(ks, &input);
                }
            }
            let mut cut = base.clone();
            cut[lead - 1] = 0xE2;
            check_all(ks, &cut);
        }
    }
}

/// Inputs of 256 bytes and more start their block loop at the first 64-byte
/// boundary of the input, inside the first block (whose end it checks again): an
/// error or a cut sequence at every position around both, at every start address
/// modulo 64.
#[test]
fn errors_around_the_aligned_start() {
    let ks = kernels();
    let bad = BAD;
    let len = 300;
    let offsets: Vec<usize> = if quick() {
        vec![1, 16, 61]
    } else {
        (0..64).collect()
    };
    for kind in [0, 4] {
        let base = padding(len, kind);
        let mut buf = vec![0u8; len + 128];
        for &off in &offsets {
            // `off` bytes past the buffer's first 64-byte boundary.
            let start = buf.as_ptr().align_offset(64) + off;
            for b in bad {
                for pos in 0..140 {
                    let mut input = base.clone();
                    input[pos..pos + b.len()].copy_from_slice(b);
                    buf[start..start + len].copy_from_slice(&input);
                    check_all(ks, &buf[start..start + len]);
                }
            }
            buf[start..start + len].copy_from_slice(&base);
            check_all(ks, &buf[start..start + len]);
        }
    }
}

#[test]
fn every_byte_pair_at_block_boundaries() {
    let ks = kernels();
    let positions: &[usize] = if quick() {
        &[63]
    } else {
        &[0, 14, 15, 31, 62, 63, 64, 126]
    };
    for &pos in positions {
        let mut input = vec![b'a'; 130];
        for b1 in 0..=255u8 {
            for b2 in 0..=255u8 {
                input[pos] = b1;
                input[pos + 1] = b2;
                for k in ks {
                    let expect = core::str::from_utf8(&input).is_ok();
                    assert_eq!(
                        k.is_utf8(&input),
                        expect,
                        "{} {b1:02X} {b2:02X} at {pos}",
                        k.name()
                    );
                }
                if b1 >= 0xC0 || b2 >= 0xC0 {
                    check_all(ks, &input);
                }
            }
        }
    }
}

#[test]
fn ascii_with_one_high_byte() {
    let ks = kernels();
    for len in 0..300usize {
        let mut input = vec![b'z'; len];
        check_all(ks, &input);
        for pos in (0..len).step_by(if quick() { 7 } else { 1 }) {
            input[pos] = 0x80;
            for k in ks {
                assert!(!k.is_ascii(&input), "{} len {len} pos {pos}", k.name());
            }
            input[pos] = b'z';
        }
    }
}

#[test]
fn large_inputs_early_and_late_errors() {
    let ks = kernels();
    let text = padding(64 * 1024, 4);
    check_all(ks, &text);
    for pos in [0, 1, 63, 64, 4095, 4096, 4097, 40_000, 64 * 1024 - 1] {
        let mut input = text.clone();
        input[pos] = 0xFF;
        check_all(ks, &input);
    }
}

#[test]
fn conformance_vectors() {
    let ks = kernels();
    let data = data("conformance/utf8_errors.json");
    let records: serde_json::Value = serde_json::from_slice(&data).expect("valid JSON");
    let records = records.as_array().expect("array of records");
    assert!(records.len() > 1000);
    for r in records {
        let input = hex(r["input_hex"].as_str().unwrap());
        let asserted: Vec<&str> = r["asserted"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        let std = core::str::from_utf8(&input);
        // The record itself agrees with std on what it asserts.
        assert_eq!(
            std.is_ok(),
            r["valid"].as_bool().unwrap(),
            "record {}",
            r["id"]
        );
        if let Err(e) = std {
            if asserted.contains(&"valid_up_to") {
                assert_eq!(Some(e.valid_up_to() as u64), r["valid_up_to"].as_u64());
            }
            if asserted.contains(&"error_len") {
                assert_eq!(e.error_len().map(|n| n as u64), r["error_len"].as_u64());
            }
        }
        // Short records only reach the SIMD loop when padded.
        for (before, after) in [(0, 0), (61, 0), (64, 0), (100, 3), (1, 70)] {
            let mut padded = padding(before, 4);
            padded.extend_from_slice(&input);
            padded.extend_from_slice(&padding(after, 0));
            check_all(ks, &padded);
        }
    }
}

/// Valid text with a few byte-level mutations (replace, insert, delete, truncate).
fn near_valid() -> impl Strategy<Value = Vec<u8>> {
    let text = prop::collection::vec(any::<char>(), 0..300)
        .prop_map(|cs| cs.into_iter().collect::<String>().into_bytes());
    let edits = prop::collection::vec((any::<usize>(), any::<u8>(), 0..4u8), 0..3);
    (text, edits).prop_map(|(mut bytes, edits)| {
        for (at, byte, op) in edits {
            let at = if bytes.is_empty() {
                0
            } else {
                at % bytes.len()
            };
            match op {
                0 if !bytes.is_empty() => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                2 if !bytes.is_empty() => {
                    bytes.remove(at);
                }
                _ => bytes.truncate(at),
            }
        }
        bytes
    })
}

fn cases() -> u32 {
    if quick() {
        48
    } else {
        1024
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn near_valid_inputs(input in near_valid(), pad in 0usize..130) {
        let ks = kernels();
        let mut padded = padding(pad, pad);
        padded.extend_from_slice(&input);
        check_all(ks, &input);
        check_all(ks, &padded);
    }

    #[test]
    fn random_bytes(input in prop::collection::vec(any::<u8>(), 0..200)) {
        check_all(kernels(), &input);
    }
}

//! Exhaustive and boundary sweeps, on every kernel, LE and BE:
//! - every single UTF-16 unit 0..=0xFFFF, alone and inside ASCII context;
//! - every pair and triple of boundary units (surrogate range edges and friends);
//! - every UTF-32 boundary unit (singles and pairs) and every unit 0..=0x10FFFF plus
//!   a sample above, in blocks;
//! - every 1- and 2-byte UTF-8 input, lossy and strict to UTF-16, and a sampled sweep
//!   of 3- and 4-byte inputs.
//!
//! Expected values come from std (`char::decode_utf16`, `String::from_utf16_lossy`,
//! `char::from_u32`, `String::from_utf8_lossy`) through `utfast_testkit::model`; every kernel
//! is compared with scalar.

use utfast_testkit::*;

const BOUNDARY16: [u16; 15] = [
    0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xD801, 0xDBFF, 0xDC00, 0xDC01, 0xDFFF, 0xE000,
    0xFFFD, 0xFFFF,
];

const UTF16: [Encoding; 2] = [Encoding::Utf16Le, Encoding::Utf16Be];
const UTF32: [Encoding; 2] = [Encoding::Utf32Le, Encoding::Utf32Be];

/// Checks `src` to the given targets in strict and lossy mode with a `max_output_len`
/// buffer (scalar vs std model, kernels vs scalar), plus validation.
fn check_targets(ks: &[&'static Kernel], src: &[u8], from: Encoding, targets: &[Encoding]) {
    let items = decode_items(src, from);
    for &to in targets {
        let max = utfast_scalar::transcode::max_output_len(from, to, src.len());
        for mode in [Mode::Strict, Mode::Lossy] {
            if let Err(m) = check_case(ks, src, &items, from, to, mode, max) {
                panic!("{m}");
            }
        }
    }
}

#[test]
fn every_utf16_unit() {
    let ks = kernels();
    let mut n = 0;
    for from in UTF16 {
        let e = from.endian().unwrap();
        let other = if from == Encoding::Utf16Le {
            Encoding::Utf16Be
        } else {
            Encoding::Utf16Le
        };
        let targets = [Encoding::Utf8, Encoding::Utf32Le, other, Encoding::Latin1];
        for u in 0..=0xFFFFu16 {
            // Alone, and at a varying position inside ASCII (so SIMD blocks see it).
            let alone = [u];
            let mut ctx: Vec<u16> = vec![u16::from(b'a'); usize::from(u % 61)];
            ctx.push(u);
            ctx.extend(std::iter::repeat_n(u16::from(b'z'), 40));
            // Under QEMU only every 17th unit also runs in context.
            let with_ctx = !quick() || u.is_multiple_of(17);
            for units in [&alone[..], &ctx[..]]
                .into_iter()
                .take(1 + usize::from(with_ctx))
            {
                let src = units16(units, e);
                n += 1;
                // std directly: lossy text and validity.
                let lossy = String::from_utf16_lossy(units);
                assert_eq!(decode_lossy(&src, from), lossy);
                let valid = String::from_utf16(units).is_ok();
                assert_eq!(valid, !(0xD800..=0xDFFF).contains(&u));
                for k in ks {
                    let v = k.validate_utf16(&src, e);
                    let want_at = units.iter().position(|&x| x == u).unwrap() * 2;
                    let ok = match v {
                        Ok(()) => valid,
                        Err(err) => !valid && err.valid_up_to() == want_at,
                    };
                    assert!(
                        ok,
                        "kernel {} validate_utf16 {from} {u:04X}: {v:?}",
                        k.name()
                    );
                    let max =
                        utfast_scalar::transcode::max_output_len(from, Encoding::Utf8, src.len());
                    let got =
                        kernel(k, &src, from, Encoding::Utf8, Mode::Lossy, max, 0xA5).unwrap();
                    assert_eq!(
                        got.out,
                        lossy.as_bytes(),
                        "kernel {} {from} {u:04X} lossy",
                        k.name()
                    );
                }
                check_targets(ks, &src, from, &targets);
            }
        }
    }
    println!("every_utf16_unit: {n} inputs");
}

#[test]
fn utf16_boundary_pairs_and_triples() {
    let ks = kernels();
    let mut n = 0;
    for from in UTF16 {
        let e = from.endian().unwrap();
        let mut seqs: Vec<Vec<u16>> = Vec::new();
        for &a in &BOUNDARY16 {
            for &b in &BOUNDARY16 {
                seqs.push(vec![a, b]);
                for &c in &BOUNDARY16 {
                    seqs.push(vec![a, b, c]);
                }
            }
        }
        for (i, s) in seqs.iter().enumerate() {
            let mut ctx: Vec<u16> = vec![u16::from(b'a'); i % 71];
            ctx.extend_from_slice(s);
            ctx.extend(std::iter::repeat_n(0x3B1, i % 37)); // Greek alpha after
            for units in [&s[..], &ctx[..]] {
                let src = units16(units, e);
                n += 1;
                assert_eq!(decode_lossy(&src, from), String::from_utf16_lossy(units));
                if let Err(m) = check_validation(ks, &src) {
                    panic!("{m}");
                }
                check_targets(ks, &src, from, &utfast_testkit::ALL);
                // Odd trailing byte after the sequence (truncated final unit).
                let mut odd = src.clone();
                odd.push(0x41);
                check_targets(ks, &odd, from, &[Encoding::Utf8, Encoding::Utf32Le]);
            }
        }
    }
    println!("utf16_boundary_pairs_and_triples: {n} inputs");
}

const BOUNDARY32: [u32; 24] = [
    0,
    0x7F,
    0x80,
    0xFF,
    0x100,
    0x7FF,
    0x800,
    0xD7FF,
    0xD800,
    0xDBFF,
    0xDC00,
    0xDFFF,
    0xE000,
    0xFFFD,
    0xFFFF,
    0x10000,
    0x10FFFF,
    0x110000,
    0x1FFFFF,
    0x10_0000 | 0xD800,
    0x7FFF_FFFF,
    0x8000_0000,
    0xFFFF_D800,
    0xFFFF_FFFF,
];

#[test]
fn utf32_boundary_units() {
    let ks = kernels();
    let mut n = 0;
    for from in UTF32 {
        let e = from.endian().unwrap();
        for &a in &BOUNDARY32 {
            let want: String = char::from_u32(a).map_or("\u{FFFD}".into(), String::from);
            let src = units32(&[a], e);
            assert_eq!(decode_lossy(&src, from), want);
            check_targets(ks, &src, from, &utfast_testkit::ALL);
            for &b in &BOUNDARY32 {
                for pad in [0usize, 7, 16, 33] {
                    let mut units = vec![0x61u32; pad];
                    units.extend([a, b]);
                    let src = units32(&units, e);
                    n += 1;
                    if let Err(m) = check_validation(ks, &src) {
                        panic!("{m}");
                    }
                    check_targets(ks, &src, from, &utfast_testkit::ALL);
                }
            }
            // Truncated final unit after a boundary unit.
            for extra in 1..4 {
                let mut src = units32(&[a], e);
                src.extend(std::iter::repeat_n(0u8, extra));
                check_targets(ks, &src, from, &[Encoding::Utf8, Encoding::Utf16Le]);
            }
        }
    }
    println!("utf32_boundary_units: {n} pair inputs");
}

#[test]
fn every_utf32_scalar_value_in_blocks() {
    // Every unit 0..=0x10FFFF plus the 0x100 values above, in blocks of 512 units,
    // and a sample of high values (each 0x10000 multiple and its neighbours).
    let ks = kernels();
    let mut units: Vec<u32> = (0..=0x11_00FF).collect();
    for hi in (0x11u32..=0xFFFF).step_by(if quick() { 97 } else { 1 }) {
        units.extend([(hi << 16).wrapping_sub(1), hi << 16, (hi << 16) | 1]);
    }
    let step = if quick() { 4 } else { 1 };
    let mut n = 0;
    for from in UTF32 {
        let e = from.endian().unwrap();
        for block in units.chunks(512).step_by(step) {
            let src = units32(block, e);
            n += 1;
            let lossy: String = block
                .iter()
                .map(|&u| char::from_u32(u).unwrap_or('\u{FFFD}'))
                .collect();
            for k in ks {
                for to in [Encoding::Utf8, Encoding::Utf16Be] {
                    let max = utfast_scalar::transcode::max_output_len(from, to, src.len());
                    let got = kernel(k, &src, from, to, Mode::Lossy, max, 0).unwrap();
                    assert!(
                        got.out == encode_str(&lossy, to),
                        "kernel {} {from} -> {to} lossy, block starting {:#X}",
                        k.name(),
                        block[0]
                    );
                }
            }
            if let Err(m) = check_validation(ks, &src) {
                panic!("{m}");
            }
            check_targets(ks, &src, from, &[Encoding::Utf8, Encoding::Utf16Le]);
        }
    }
    println!("every_utf32_scalar_value_in_blocks: {n} blocks");
}

/// UTF-8 input to UTF-16 (lossy, strict): kernels vs scalar vs std, alone and in context.
fn check_utf8_input(ks: &[&'static Kernel], input: &[u8], ctx_len: usize) {
    let mut ctx = vec![b'x'; ctx_len];
    ctx.extend_from_slice(input);
    ctx.extend_from_slice(b"yz");
    let with_ctx = !quick() || ctx_len.is_multiple_of(13);
    for src in [input, &ctx[..]]
        .into_iter()
        .take(1 + usize::from(with_ctx))
    {
        let want: Vec<u8> = String::from_utf8_lossy(src)
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let max =
            utfast_scalar::transcode::max_output_len(Encoding::Utf8, Encoding::Utf16Le, src.len());
        let got = scalar(src, Encoding::Utf8, Encoding::Utf16Le, Mode::Lossy, max, 0).unwrap();
        assert!(
            got.out == want,
            "scalar UTF-8 -> UTF-16LE lossy of {}",
            show(src)
        );
        check_targets(
            ks,
            src,
            Encoding::Utf8,
            &[Encoding::Utf16Le, Encoding::Utf16Be],
        );
    }
}

#[test]
fn every_one_and_two_byte_utf8_input() {
    let ks = kernels();
    let mut n = 0;
    for a in 0..=255u8 {
        check_utf8_input(ks, &[a], usize::from(a) % 67);
        n += 1;
        for b in 0..=255u8 {
            check_utf8_input(ks, &[a, b], (usize::from(a) * 7 + usize::from(b)) % 67);
            n += 1;
        }
    }
    println!("every_one_and_two_byte_utf8_input: {n} inputs");
}

/// Bytes that matter after a lead byte: range edges of Table 3-7 and invalid bytes.
const SAMPLE: [u8; 16] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xF0, 0xF4, 0xFF,
];

#[test]
fn sampled_three_and_four_byte_utf8_inputs() {
    // Scalar vs std on every (b0, b1) and sampled b2 (b3): cheap, run individually.
    // Kernels: the same cases joined with '|' separators into one input per (b0, b1),
    // so SIMD blocks see them, compared with scalar and std.
    let ks = kernels();
    let b1_step = if quick() { 5 } else { 1 };
    let mut n = 0;
    for b0 in 0..=255u8 {
        for b1 in (0..=255u8).step_by(b1_step) {
            let mut joined = Vec::new();
            for &b2 in &SAMPLE {
                let three = [b0, b1, b2];
                n += 1;
                check_scalar_utf8(&three);
                joined.extend_from_slice(&three);
                joined.push(b'|');
                if (0xF0..=0xF4).contains(&b0) {
                    for &b3 in &SAMPLE {
                        let four = [b0, b1, b2, b3];
                        n += 1;
                        check_scalar_utf8(&four);
                        joined.extend_from_slice(&four);
                        joined.push(b'|');
                    }
                }
            }
            check_targets(
                ks,
                &joined,
                Encoding::Utf8,
                &[Encoding::Utf16Le, Encoding::Utf32Be],
            );
        }
    }
    println!("sampled_three_and_four_byte_utf8_inputs: {n} inputs");
}

fn check_scalar_utf8(src: &[u8]) {
    let want: Vec<u8> = String::from_utf8_lossy(src)
        .encode_utf16()
        .flat_map(u16::to_be_bytes)
        .collect();
    let mut dst = [0u8; 32];
    let r = utfast_scalar::transcode::utf8_to_utf16(src, &mut dst, Endian::Big, Mode::Lossy);
    assert_eq!(r, Ok(want.len()), "scalar lossy {}", show(src));
    assert_eq!(&dst[..want.len()], &want[..], "scalar lossy {}", show(src));
    let r = utfast_scalar::transcode::utf8_to_utf16(src, &mut dst, Endian::Big, Mode::Strict);
    match (std::str::from_utf8(src), r) {
        (Ok(s), Ok(n)) => assert_eq!(n, 2 * s.encode_utf16().count()),
        (Err(e), Err(te)) => {
            assert_eq!(te.valid_up_to(), e.valid_up_to(), "strict {}", show(src));
            assert_eq!(
                te.written(),
                2 * std::str::from_utf8(&src[..e.valid_up_to()])
                    .unwrap()
                    .encode_utf16()
                    .count()
            );
        }
        (a, b) => panic!("strict {}: std {a:?}, scalar {b:?}", show(src)),
    }
}

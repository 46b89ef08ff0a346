//! The unit-oriented SIMD operations (UTF-16/UTF-32/Latin-1 validation, transcoders
//! between UTF-16, UTF-32 and Latin-1, Latin-1 to UTF-8, lengths and counts) of every
//! SIMD kernel available on this CPU, against the scalar kernel: lipsum texts in every
//! form, an error (or a special unit) at every position of a buffer with padding on
//! both sides, every mode, output buffers of generous, exact, exact - 1 and half size
//! (results, `written`, positions and the untouched bytes after `written` must all
//! match, except scratch bytes inside `dst` after a successful variable-length
//! conversion), and random inputs.
//!
//! Under QEMU (`UTFAST_QEMU=1`) the exhaustive loops take larger steps.

use proptest::prelude::*;
use utfast_scalar::transcode::max_output_len;
use utfast_scalar::{Encoding, Endian, Mode};
use utfast_simd::{Kernel, SCALAR};
use utfast_testkit::harness::Tail;
use utfast_testkit::{call, compared, lipsum, quick, scalar, show};

use Encoding::{Latin1, Utf16Be, Utf16Le, Utf32Be, Utf32Le, Utf8};

const UTF16: [Encoding; 2] = [Utf16Le, Utf16Be];
const UTF32: [Encoding; 2] = [Utf32Le, Utf32Be];

/// Every target of the unit-oriented transcoders from `from`.
fn targets(from: Encoding) -> &'static [Encoding] {
    match from {
        Utf16Le | Utf16Be | Utf32Le | Utf32Be => &[Utf16Le, Utf16Be, Utf32Le, Utf32Be, Latin1],
        Latin1 => &[Utf8, Utf16Le, Utf16Be, Utf32Le, Utf32Be],
        // Code pages: see `codepage.rs`.
        Utf8 => &[],
        cp if utfast_scalar::CodePage::of(cp).is_some() => &[],
        Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => &[],
        // `Encoding` is `#[non_exhaustive]`.
        _ => unimplemented!("an encoding this test does not know"),
    }
}

fn endian(e: Encoding) -> Endian {
    e.endian().unwrap_or(Endian::NATIVE)
}

/// Encodes units of `bits` bits (16 or 32) in the byte order of `e`.
fn encode(units: &[u32], e: Encoding) -> Vec<u8> {
    let en = endian(e);
    match e {
        Utf16Le | Utf16Be => units.iter().flat_map(|&u| en.write_u16(u as u16)).collect(),
        Utf32Le | Utf32Be => units.iter().flat_map(|&u| en.write_u32(u)).collect(),
        _ => units.iter().map(|&u| u as u8).collect(),
    }
}

fn utf16_units(s: &str) -> Vec<u32> {
    s.encode_utf16().map(u32::from).collect()
}
fn utf32_units(s: &str) -> Vec<u32> {
    s.chars().map(u32::from).collect()
}

/// Compares every kernel of `ks` with scalar on `src` for `from -> to` in `mode`, with
/// several output sizes (scalar's result computed once per size, not once per kernel);
/// `ctx` describes the case.
fn check_transcode(
    ks: &[&Kernel],
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
    ctx: &str,
) {
    let max = max_output_len(from, to, src.len());
    let fail = |name: &str, size: usize, m: String| -> ! {
        panic!("{name} {from:?}->{to:?} {mode:?} dst {size}: {m}: {ctx}")
    };
    let exact = scalar(src, from, to, mode, max + 8, 0xA5)
        .unwrap_or_else(|m| fail("scalar", max + 8, m))
        .written();
    // A transcoder with variable-length output (Latin-1 -> UTF-8, UTF-16 <->
    // UTF-32 with surrogate pairs) may leave scratch bytes after `written` inside
    // `dst`, except after `OutputTooSmall` (the contract: `dst[..written]` is the
    // output, nothing past `dst` is written, and after `OutputTooSmall` nothing
    // past `written`); the others must leave every byte after `written` untouched,
    // as scalar does.
    let variable = to == Utf8
        || (UTF16.contains(&from) && UTF32.contains(&to))
        || (UTF32.contains(&from) && UTF16.contains(&to));
    let tail = if variable {
        Tail::Contract
    } else {
        Tail::Untouched
    };
    for size in [
        max + 8,
        exact,
        exact.saturating_sub(1),
        exact / 2,
        exact.saturating_sub(3),
    ] {
        let want =
            scalar(src, from, to, mode, size, 0xA5).unwrap_or_else(|m| fail("scalar", size, m));
        for k in ks {
            let got = call(
                |s, d| k.transcode(s, d, from, to, mode),
                src,
                size,
                0xA5,
                tail,
            )
            .unwrap_or_else(|m| fail(k.name(), size, m));
            if got != want {
                let at = got.out.iter().zip(&want.out).position(|(x, y)| x != y);
                fail(
                    k.name(),
                    size,
                    format!(
                        "kernel {:?}, scalar {:?}; outputs differ from byte {at:?}: kernel {}, \
                         scalar {}",
                        got.result,
                        want.result,
                        show(&got.out),
                        show(&want.out)
                    ),
                );
            }
        }
    }
}

/// Trusted-valid mode on (possibly) invalid input: only memory safety and bounds.
fn check_valid_mode_no_panic(ks: &[&Kernel], src: &[u8], from: Encoding, to: Encoding) {
    let max = max_output_len(from, to, src.len());
    for (k, size) in ks.iter().flat_map(|k| [(k, max), (k, max / 2)]) {
        let r = call(
            |s, d| k.transcode(s, d, from, to, Mode::Valid),
            src,
            size,
            0,
            Tail::Contract,
        );
        // `call` checked `written <= size` and that nothing outside `dst` changed.
        let o = r.unwrap_or_else(|m| panic!("{} {from:?}->{to:?} Valid dst {size}: {m}", k.name()));
        if let Err(e) = o.result {
            assert!(
                e.valid_up_to() <= src.len(),
                "{} {from:?}->{to:?} {e:?}",
                k.name()
            );
        }
    }
}

/// Validation and every length function of every kernel of `ks` against scalar on
/// `src` read as `from`.
fn check_validate_and_lengths(ks: &[&Kernel], src: &[u8], from: Encoding, ctx: &str) {
    for k in ks {
        validate_and_lengths(k, src, from, ctx);
    }
}

fn validate_and_lengths(k: &Kernel, src: &[u8], from: Encoding, ctx: &str) {
    let name = k.name();
    match from {
        Utf16Le | Utf16Be => {
            let e = endian(from);
            assert_eq!(
                k.validate_utf16(src, e),
                SCALAR.validate_utf16(src, e),
                "{name} validate_utf16 {ctx}"
            );
            assert_eq!(
                k.count_utf16(src, e),
                SCALAR.count_utf16(src, e),
                "{name} count_utf16 {ctx}"
            );
            assert_eq!(
                k.utf8_len_from_utf16(src, e),
                SCALAR.utf8_len_from_utf16(src, e),
                "{name} utf8_len_from_utf16 {ctx}"
            );
        }
        Utf32Le | Utf32Be => {
            let e = endian(from);
            assert_eq!(
                k.validate_utf32(src, e),
                SCALAR.validate_utf32(src, e),
                "{name} validate_utf32 {ctx}"
            );
            assert_eq!(
                k.utf8_len_from_utf32(src, e),
                SCALAR.utf8_len_from_utf32(src, e),
                "{name} utf8_len_from_utf32 {ctx}"
            );
            assert_eq!(
                k.utf16_len_from_utf32(src, e),
                SCALAR.utf16_len_from_utf32(src, e),
                "{name} utf16_len_from_utf32 {ctx}"
            );
        }
        cp if matches!(cp, Latin1 | Utf8) || utfast_scalar::CodePage::of(cp).is_some() => {
            assert_eq!(
                k.count_utf8(src),
                SCALAR.count_utf8(src),
                "{name} count_utf8 {ctx}"
            );
            assert_eq!(
                k.utf16_len_from_utf8(src),
                SCALAR.utf16_len_from_utf8(src),
                "{name} utf16_len_from_utf8 {ctx}"
            );
            assert_eq!(
                k.utf8_len_from_latin1(src),
                SCALAR.utf8_len_from_latin1(src),
                "{name} utf8_len_from_latin1 {ctx}"
            );
        }
        // WTF-8, CESU-8, MUTF-8: in kernels/transcode/wtf8.rs.
        Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => {}
        // `Encoding` is `#[non_exhaustive]`.
        _ => unimplemented!("an encoding this test does not know"),
    }
}

/// Everything for one input: validation, lengths, every target in strict and lossy
/// mode, and trusted-valid mode where the input is valid for it (`valid_for_latin1`:
/// every character is at most U+00FF).
fn check_all(
    ks: &[&Kernel],
    src: &[u8],
    from: Encoding,
    valid: bool,
    valid_for_latin1: bool,
    ctx: &str,
) {
    check_validate_and_lengths(ks, src, from, ctx);
    for &to in targets(from) {
        for mode in [Mode::Strict, Mode::Lossy] {
            check_transcode(ks, src, from, to, mode, ctx);
        }
        if valid && (to != Latin1 || valid_for_latin1) {
            check_transcode(ks, src, from, to, Mode::Valid, ctx);
        } else {
            check_valid_mode_no_panic(ks, src, from, to);
        }
    }
}

#[test]
fn lipsum_every_form() {
    let ks = compared();
    let texts = lipsum();
    for (name, text) in &texts {
        let text: &str = if quick() {
            &text[..text.floor_char_boundary(4000)]
        } else {
            text
        };
        // Latin-1 bytes of the text's characters (low byte) and the matching string.
        let latin1: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
        let as_latin1: String = latin1.iter().map(|&b| char::from(b)).collect();
        check_all(ks, text.as_bytes(), Utf8, true, false, name);
        check_all(ks, &latin1, Latin1, true, true, name);
        for s in [text, as_latin1.as_str()] {
            let fits = s.chars().all(|c| (c as u32) < 0x100);
            for e in UTF16 {
                check_all(ks, &encode(&utf16_units(s), e), e, true, fits, name);
            }
            for e in UTF32 {
                check_all(ks, &encode(&utf32_units(s), e), e, true, fits, name);
            }
        }
    }
}

/// A base text of `n` units mixing ASCII, Latin-1 and (if `bmp`) other BMP
/// characters, deterministic per `seed`.
fn base_units(n: usize, seed: u32, bmp: bool) -> Vec<u32> {
    let mut x = seed.wrapping_mul(2_654_435_761) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            match x % 16 {
                0 if bmp => 0x4E00 + (x >> 8) % 0x1000,
                1 => 0xA0 + (x >> 8) % 0x60,
                _ => 0x20 + (x >> 8) % 0x5F,
            }
        })
        .collect()
}

/// Inserts each of `specials` (a sequence of units) at every position of padded base
/// texts and checks every operation.
fn every_position(forms: [Encoding; 2], specials: &[(&str, &[u32])], bmp: bool) {
    let ks = compared();
    let step = if quick() { 7 } else { 1 };
    let pads: &[usize] = if quick() {
        &[0, 17, 64]
    } else {
        &[0, 1, 5, 16, 31, 64, 100, 255, 300]
    };
    for &(what, special) in specials {
        for (pi, &left) in pads.iter().enumerate() {
            let right = pads[(pi * 3 + 1) % pads.len()];
            let len = 64 + 64 * (pi % 4);
            let base = base_units(left + len + right, pi as u32 + 1, bmp);
            for pos in (left..left + len).step_by(step) {
                let mut units = base.clone();
                units.splice(pos..pos, special.iter().copied());
                for from in forms {
                    let src = encode(&units, from);
                    let ctx = format!(
                        "{what} at unit {pos} (pad {left}/{right}, len {})",
                        units.len()
                    );
                    check_all(ks, &src, from, false, false, &ctx);
                    // Odd / partial trailing bytes.
                    for cut in 1..from.unit_size() {
                        check_all(ks, &src[..src.len() - cut], from, false, false, &ctx);
                    }
                }
            }
        }
    }
}

#[test]
fn utf16_error_at_every_position() {
    every_position(
        UTF16,
        &[
            ("lone low", &[0xDC00]),
            ("lone high", &[0xDBFF]),
            ("high high", &[0xD800, 0xD800]),
            ("reversed pair", &[0xDC00, 0xD800]),
            ("pair", &[0xD83D, 0xDE00]),
            ("U+0100", &[0x100]),
            ("U+20AC", &[0x20AC]),
            ("U+FFFF", &[0xFFFF]),
        ],
        false,
    );
}

/// UTF-16 text dense in surrogate pairs (about every other character an emoji, so
/// pairs straddle every vector and loop-iteration boundary of the swap and of the
/// transcoders), with an unpaired or misordered surrogate at every position: the
/// surrogate-pairing checks that run in vectors (the swap's surrogate loop) against
/// scalar, in every mode and with every `dst` size of `check_transcode`.
#[test]
fn utf16_errors_among_pairs() {
    let ks = compared();
    let step = if quick() { 5 } else { 1 };
    let mut x = 0x9E37_79B9u32;
    let mut base = Vec::new();
    while base.len() < 320 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        if x.is_multiple_of(2) {
            let c = 0x1F600 + (x >> 8) % 0x200 - 0x10000;
            base.extend_from_slice(&[0xD800 + (c >> 10), 0xDC00 + (c & 0x3FF)]);
        } else {
            base.push(0x20 + (x >> 8) % 0x5F);
        }
    }
    let specials: &[(&str, &[u32])] = &[
        ("lone low", &[0xDC00]),
        ("lone high", &[0xDBFF]),
        ("high high", &[0xD800, 0xD800]),
        ("reversed pair", &[0xDFFF, 0xDBFF]),
    ];
    utf16_specials_everywhere(ks, &base, specials, step, "among pairs");
}

/// `base` (UTF-16 units) with each of `specials` inserted at every `step`-th unit, and
/// its valid prefixes of every `step`-th length (a trailing high surrogate dropped),
/// through `k`'s validation, lengths and UTF-16 <-> UTF-16 conversions in every mode
/// and with every `dst` size of `check_transcode`, against scalar.
fn utf16_specials_everywhere(
    ks: &[&Kernel],
    base: &[u32],
    specials: &[(&str, &[u32])],
    step: usize,
    label: &str,
) {
    for &(what, special) in specials {
        for pos in (0..base.len()).step_by(step) {
            // Inserting between the halves of a pair of the base text breaks it:
            // one more error, which the comparison with scalar covers as well.
            let mut units = base.to_vec();
            units.splice(pos..pos, special.iter().copied());
            for from in UTF16 {
                let src = encode(&units, from);
                let ctx = format!("{what} at unit {pos} {label}");
                check_validate_and_lengths(ks, &src, from, &ctx);
                for to in UTF16 {
                    for mode in [Mode::Strict, Mode::Lossy] {
                        check_transcode(ks, &src, from, to, mode, &ctx);
                    }
                    check_valid_mode_no_panic(ks, &src, from, to);
                }
            }
        }
    }
    // Valid: every length, so that the text ends at every unit of an iteration.
    for len in (0..base.len()).step_by(step) {
        let mut units = base[..len].to_vec();
        if units.last().is_some_and(|u| (0xD800..0xDC00).contains(u)) {
            units.pop();
        }
        for from in UTF16 {
            let src = encode(&units, from);
            let ctx = format!("valid, {len} units {label}");
            for to in UTF16 {
                for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
                    check_transcode(ks, &src, from, to, mode, &ctx);
                }
            }
        }
    }
}

/// UTF-16 made of surrogate pairs only (emoji text), after zero or one BMP unit so
/// that the pairs start at even and at odd units of every vector: the swap's run of
/// whole pairs and its hand-over to the pairing check (back by one unit when an
/// iteration ends with a high surrogate) against scalar, with an unpaired, misordered
/// or BMP unit, or two high or two low surrogates, inserted at every position, in every mode and with every `dst` size of
/// `check_transcode`, and valid prefixes of every length.
#[test]
fn utf16_errors_among_pairs_only() {
    let ks = compared();
    let step = if quick() { 5 } else { 1 };
    let specials: &[(&str, &[u32])] = &[
        ("lone low", &[0xDC00]),
        ("lone high", &[0xDBFF]),
        ("reversed pair", &[0xDFFF, 0xDBFF]),
        ("two lows", &[0xDC00, 0xDFFF]),
        ("two highs", &[0xD800, 0xDBFF]),
        ("BMP unit", &[0x41]),
        ("U+E000", &[0xE000]),
        ("U+FFFF, high", &[0xFFFF, 0xD800]),
        // Low byte of a low surrogate: the odd phase tests the high byte alone.
        ("U+41DC", &[0x41DC]),
    ];
    for lead in [0, 1] {
        let mut base: Vec<u32> = vec![0xFEFF; lead];
        for j in 0..140u32 {
            let c = 0x1F600 + (j * 37) % 0x200 - 0x10000;
            base.extend_from_slice(&[0xD800 + (c >> 10), 0xDC00 + (c & 0x3FF)]);
        }
        let label = format!("among pairs only (lead {lead})");
        utf16_specials_everywhere(ks, &base, specials, step, &label);
    }
}

/// `check_transcode` with the input copied to the same misalignment (modulo 64) as
/// the `dst` that the harness picks: the swaps and copies align their loop to `dst`
/// when the input's misalignment is the same (with 16-byte vectors, only then),
/// after one unaligned vector checked on its own.
fn check_transcode_same_misalignment(
    ks: &[&Kernel],
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
    ctx: &str,
) {
    let max = max_output_len(from, to, src.len());
    let exact = scalar(src, from, to, mode, max + 8, 0xA5)
        .unwrap_or_else(|m| panic!("scalar: {m}: {ctx}"))
        .written();
    let mut storage = vec![0u8; src.len() + 128];
    for size in [max + 8, exact, exact.saturating_sub(2), exact / 2] {
        let want = scalar(src, from, to, mode, size, 0xA5)
            .unwrap_or_else(|m| panic!("scalar: {m}: {ctx}"));
        for k in ks {
            let got = call(
                |_, d| {
                    let mis = d.as_ptr() as usize % 64;
                    let at = storage.as_ptr().align_offset(64) + mis;
                    storage[at..at + src.len()].copy_from_slice(src);
                    k.transcode(&storage[at..at + src.len()], d, from, to, mode)
                },
                src,
                size,
                0xA5,
                Tail::Untouched,
            )
            .unwrap_or_else(|m| {
                panic!(
                    "{} {from:?}->{to:?} {mode:?} dst {size}: {m}: {ctx}",
                    k.name()
                )
            });
            assert!(
                got == want,
                "{} {from:?}->{to:?} {mode:?} dst {size}: kernel {:?} {}, scalar {:?} {}: {ctx}",
                k.name(),
                got.result,
                show(&got.out),
                want.result,
                show(&want.out)
            );
        }
    }
}

/// The swaps and copies with input and output equally misaligned (their loops then
/// start at the first aligned offset, after one unaligned vector): UTF-16 with
/// pairs and UTF-32, an error at every position of the first vectors and some
/// later, valid inputs of several lengths, every mode, every `dst` alignment of the
/// harness.
#[test]
fn swaps_with_input_as_misaligned_as_output() {
    let step = if quick() { 3 } else { 1 };
    let base: Vec<u32> = (0..200u32)
        .map(|j| match j % 7 {
            0 => 0x1F600 + j,
            1 => 0x20,
            _ => 0x430 + j % 32,
        })
        .collect();
    let ks = compared();
    for (forms, bad) in [(UTF16, 0xDC00u32), (UTF32, 0xD800)] {
        let units16: Vec<u32> = if forms == UTF16 {
            base.iter()
                .flat_map(|&c| {
                    if c > 0xFFFF {
                        let c = c - 0x10000;
                        vec![0xD800 + (c >> 10), 0xDC00 + (c & 0x3FF)]
                    } else {
                        vec![c]
                    }
                })
                .collect()
        } else {
            base.clone()
        };
        let mut cases: Vec<(String, Vec<u32>)> = (0..80)
            .step_by(step)
            .chain((80..units16.len()).step_by(13 * step))
            .map(|pos| {
                let mut u = units16.clone();
                u.insert(pos, bad);
                (format!("{bad:#X} at unit {pos}"), u)
            })
            .collect();
        for len in [units16.len(), 150, 97, 64] {
            let mut u = units16[..len].to_vec();
            if u.last().is_some_and(|x| (0xD800..0xDC00).contains(x)) {
                u.pop();
            }
            cases.push((format!("valid, {} units", u.len()), u));
        }
        for (ctx, units) in &cases {
            for from in forms {
                let src = encode(units, from);
                for to in forms {
                    for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
                        if mode == Mode::Valid && !ctx.starts_with("valid") {
                            continue;
                        }
                        check_transcode_same_misalignment(ks, &src, from, to, mode, ctx);
                    }
                }
            }
        }
    }
}

/// UTF-32 of supplementary characters (all of them, or mixed with ASCII): the swap's
/// loop for units above 0xD7FF, with an invalid or a borderline unit at every
/// position, against scalar in every mode and with every `dst` size.
#[test]
fn utf32_errors_among_supplementary() {
    let ks = compared();
    let step = if quick() { 5 } else { 1 };
    let specials: &[(&str, &[u32])] = &[
        ("surrogate", &[0xD800]),
        ("low surrogate", &[0xDFFF]),
        ("above 10FFFF", &[0x110000]),
        ("all ones", &[0xFFFF_FFFF]),
        ("U+D7FF", &[0xD7FF]),
        ("U+E000", &[0xE000]),
    ];
    for ascii_every in [0, 3] {
        let base: Vec<u32> = (0..200u32)
            .map(|j| {
                if ascii_every > 0 && j % ascii_every == 0 {
                    0x41 + j % 26
                } else {
                    0x1F600 + (j * 37) % 0x200
                }
            })
            .collect();
        utf32_specials_everywhere(ks, &base, specials, step, "among supplementary");
    }
}

/// UTF-32 with runs of every kind the swap's prefix loop switches between: BMP
/// units below 0xD800 (eight vectors per test), supplementary characters only (the
/// minimum/maximum test), upper-BMP and supplementary units mixed with ASCII (the
/// exact test), each run longer than the exact loop's iterations on every kernel,
/// with an invalid or a borderline unit at every position (the borders of the exact
/// test's arithmetic too: 0x8000_0000, 0x11_D800, 0x10_D800), against scalar in
/// every mode and with every `dst` size.
#[test]
fn utf32_errors_across_runs() {
    let ks = compared();
    let step = if quick() { 7 } else { 1 };
    let specials: &[(&str, &[u32])] = &[
        ("surrogate", &[0xDBFF]),
        ("above 10FFFF", &[0x110000]),
        ("top bit", &[0x8000_0000]),
        ("11D800", &[0x11_D800]),
        ("U+10FFFF", &[0x10FFFF]),
        ("U+10D800", &[0x10_D800]),
        ("U+E000", &[0xE000]),
    ];
    let mut base: Vec<u32> = (0..40).map(|j| 0x430 + j % 32).collect();
    base.extend((0..1100u32).map(|j| 0x1F600 + (j * 37) % 0x200));
    base.extend((0..40).map(|j| 0x5D0 + j % 27));
    base.extend((0..300u32).map(|j| match j % 5 {
        0 => 0x20,
        1 => 0xFF0C,
        _ => 0x20000 + j * 97,
    }));
    base.extend((0..40).map(|j| 0x41 + j % 26));
    utf32_specials_everywhere(ks, &base, specials, step, "across runs");
}

/// Each of `specials` inserted at every `step`-th unit of `base` (UTF-32, both byte
/// orders), converted to both byte orders in every mode and checked against scalar.
fn utf32_specials_everywhere(
    ks: &[&Kernel],
    base: &[u32],
    specials: &[(&str, &[u32])],
    step: usize,
    label: &str,
) {
    for &(what, special) in specials {
        for pos in (0..base.len()).step_by(step) {
            let mut units = base.to_vec();
            units.splice(pos..pos, special.iter().copied());
            for from in UTF32 {
                let src = encode(&units, from);
                let ctx = format!("{what} at unit {pos} {label}");
                for to in UTF32 {
                    for mode in [Mode::Strict, Mode::Lossy] {
                        check_transcode(ks, &src, from, to, mode, &ctx);
                    }
                    check_valid_mode_no_panic(ks, &src, from, to);
                }
            }
        }
    }
}

#[test]
fn utf32_error_at_every_position() {
    every_position(
        UTF32,
        &[
            ("surrogate", &[0xD800]),
            ("low surrogate", &[0xDFFF]),
            ("above 10FFFF", &[0x110000]),
            ("all ones", &[0xFFFF_FFFF]),
            ("U+10FFFF", &[0x10FFFF]),
            ("U+1F600", &[0x1F600]),
            ("U+0100", &[0x100]),
            ("U+D7FF", &[0xD7FF]),
        ],
        false,
    );
}

#[test]
fn bmp_text_with_errors() {
    every_position(
        UTF16,
        &[("lone low", &[0xDFFF]), ("pair", &[0xDBFF, 0xDFFF])],
        true,
    );
    every_position(
        UTF32,
        &[("surrogate", &[0xDBFF]), ("U+10000", &[0x10000])],
        true,
    );
}

#[test]
fn latin1_every_length_and_alignment() {
    let ks = compared();
    let bytes: Vec<u8> = (0..700u32).map(|i| (i * 37 % 256) as u8).collect();
    let ascii: Vec<u8> = (0..700u32).map(|i| (i * 37 % 128) as u8).collect();
    let step = if quick() { 13 } else { 1 };
    for src in [&bytes, &ascii] {
        for start in [0, 1, 3] {
            for end in (start..src.len()).step_by(step) {
                check_all(
                    ks,
                    &src[start..end],
                    Latin1,
                    true,
                    true,
                    &format!("{start}..{end}"),
                );
            }
        }
    }
}

/// Units biased towards the interesting values (surrogates, limits, Latin-1).
fn unit_strategy() -> impl Strategy<Value = u32> {
    prop_oneof![
        8 => 0x20u32..0x7F,
        3 => 0x80u32..0x100,
        2 => 0x100u32..0xD800,
        2 => 0xD800u32..0xE000,
        1 => 0xE000u32..0x10000,
        1 => 0x10000u32..0x110000,
        1 => 0x110000u32..=u32::MAX,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if quick() { 16 } else { 96 }))]

    #[test]
    fn random_units(units in proptest::collection::vec(unit_strategy(), 0..400), trail in 0usize..4) {
        let ks = compared();
        for from in [Utf16Le, Utf16Be, Utf32Le, Utf32Be] {
            let mut src = encode(&units, from);
            src.extend(std::iter::repeat_n(0xD8, trail % from.unit_size()));
            check_all(ks, &src, from, false, false, "random");
        }
        let bytes: Vec<u8> = units.iter().map(|&u| u as u8).collect();
        check_all(ks, &bytes, Latin1, true, true, "random");
    }

    #[test]
    fn random_valid_text(s in "[a-z éß€\u{4E00}-\u{4E20}😀\u{10FFFF}]{0,300}") {
        let ks = compared();
        let fits = s.chars().all(|c| (c as u32) < 0x100);
        check_all(ks, s.as_bytes(), Utf8, true, false, "random text");
        for e in UTF16 {
            check_all(ks, &encode(&utf16_units(&s), e), e, true, fits, "random text");
        }
        for e in UTF32 {
            check_all(ks, &encode(&utf32_units(&s), e), e, true, fits, "random text");
        }
    }
}

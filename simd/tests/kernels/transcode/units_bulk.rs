//! The bulk loops of the unit transcoders (the avx512-vbmi2 tier's UTF-16 <->
//! UTF-32, UTF-8 -> Latin-1 and Latin-1 -> UTF-8, and every other kernel's on the
//! same inputs): inputs long enough for several 256-byte blocks and fixed-advance
//! steps, with runs of surrogate pairs, supplementary characters or two-byte
//! sequences at every offset relative to a step, and one error (or a special
//! unit) at every position, against scalar: results, `written`, error positions,
//! the output, and the bytes after `written`, for several output sizes.

use utfast_scalar::transcode::max_output_len;
use utfast_scalar::{Encoding, Mode};
use utfast_simd::Kernel;
use utfast_testkit::harness::Tail;
use utfast_testkit::{call, kernels, quick, scalar, show};

use Encoding::{Latin1, Utf16Be, Utf16Le, Utf32Be, Utf32Le, Utf8};

const MODES: [Mode; 3] = [Mode::Strict, Mode::Lossy, Mode::Valid];

/// `k` against scalar on `src` (`Mode::Valid` on invalid input: no panic and
/// bounds only).
fn check(k: &Kernel, src: &[u8], from: Encoding, to: Encoding, mode: Mode, valid: bool, ctx: &str) {
    let max = max_output_len(from, to, src.len());
    // As in `units.rs` (fixed-width outputs untouched past `written` whatever the
    // result), and the UTF-8 readers' contract (scratch bytes allowed after any
    // result but `OutputTooSmall`).
    let fixed = !(from == Utf8
        || to == Utf8
        || matches!(
            (from, to),
            (Utf16Le | Utf16Be, Utf32Le | Utf32Be) | (Utf32Le | Utf32Be, Utf16Le | Utf16Be)
        ));
    let tail = if fixed {
        Tail::Untouched
    } else {
        Tail::Contract
    };
    let exact = match scalar(src, from, to, mode, max + 8, 0xA5) {
        Ok(o) => o.written(),
        Err(m) => panic!("scalar {from:?}->{to:?} {mode:?}: {m}: {ctx}"),
    };
    for size in [
        max + 8,
        exact,
        exact.saturating_sub(1),
        exact / 2,
        exact.saturating_sub(5),
    ] {
        let got = call(
            |s, d| k.transcode(s, d, from, to, mode),
            src,
            size,
            0xA5,
            tail,
        );
        if mode == Mode::Valid && !valid {
            // Only memory safety and bounds (checked by `call`).
            if let Err(m) = got {
                panic!(
                    "{} {from:?}->{to:?} {mode:?} dst {size}: {m}: {ctx}",
                    k.name()
                );
            }
            continue;
        }
        let want = scalar(src, from, to, mode, size, 0xA5).expect("scalar");
        let got = got.unwrap_or_else(|m| {
            panic!(
                "{} {from:?}->{to:?} {mode:?} dst {size}: {m}: {ctx}",
                k.name()
            )
        });
        if got != want {
            let at = got.out.iter().zip(&want.out).position(|(x, y)| x != y);
            panic!(
                "{} {from:?}->{to:?} {mode:?} dst {size}: kernel {:?}, scalar {:?}; outputs \
                 differ from byte {at:?}: kernel {}, scalar {}: {ctx}",
                k.name(),
                got.result,
                want.result,
                show(&got.out),
                show(&want.out)
            );
        }
    }
}

fn encode16(units: &[u16], e: Encoding) -> Vec<u8> {
    let en = e.endian().unwrap();
    units.iter().flat_map(|&u| en.write_u16(u)).collect()
}

fn encode32(units: &[u32], e: Encoding) -> Vec<u8> {
    let en = e.endian().unwrap();
    units.iter().flat_map(|&u| en.write_u32(u)).collect()
}

/// Positions to plant an error at: every one, or every third under `quick()`.
fn positions(n: usize) -> impl Iterator<Item = usize> {
    (0..n).step_by(if quick() { 3 } else { 1 })
}

/// UTF-16 text: `lead` BMP units, then surrogate pairs and BMP runs in turn.
fn utf16_text(lead: usize, len: usize) -> Vec<u16> {
    let mut u: Vec<u16> = (0..lead).map(|i| 0x430 + (i % 32) as u16).collect();
    let mut i = 0u32;
    while u.len() < len {
        // 40 pairs, then 140 BMP units (a whole bulk block and a pairs step more).
        for _ in 0..40 {
            let c = 0x1F600 + (i % 80) - 0x1_0000;
            u.extend([0xD800 | (c >> 10) as u16, 0xDC00 | (c & 0x3FF) as u16]);
            i += 1;
        }
        u.extend((0..140).map(|j| 0x61 + (j % 26) as u16));
    }
    u
}

#[test]
fn utf16_to_utf32_pairs_and_errors_at_every_position() {
    for &k in kernels() {
        for lead in [0, 1, 15, 16, 17, 31] {
            let base = utf16_text(lead, 420);
            for from in [Utf16Le, Utf16Be] {
                for to in [Utf32Le, Utf32Be] {
                    for mode in MODES {
                        let src = encode16(&base, from);
                        check(
                            k,
                            &src,
                            from,
                            to,
                            mode,
                            true,
                            &format!("lead {lead}, valid"),
                        );
                    }
                }
            }
            // One unit replaced by a lone high or low surrogate (or a BMP unit,
            // which leaves the neighbour of a pair lone).
            for at in positions(base.len().min(200)) {
                for bad in [0xD83D, 0xDE00, 0x41] {
                    let mut u = base.clone();
                    u[at] = bad;
                    for mode in MODES {
                        let src = encode16(&u, Utf16Le);
                        let ctx = format!("lead {lead}, {bad:04X} at {at}");
                        check(k, &src, Utf16Le, Utf32Le, mode, false, &ctx);
                    }
                }
            }
        }
    }
}

/// Long runs of surrogate pairs of every kind of code point (U+10000, U+10FFFF,
/// the ends of each high and low half, a spread of others), after `lead` BMP
/// units: the runs of whole pairs converted four vectors at a time.
fn utf16_pair_run(lead: usize, pairs: usize) -> Vec<u16> {
    let mut u: Vec<u16> = (0..lead).map(|i| 0x20 + i as u16).collect();
    let edges = [0x1_0000, 0x10_FFFF, 0x1_03FF, 0x1_0400, 0x10_FC00, 0x1F600];
    for i in 0..pairs as u32 {
        let c = match edges.get(i as usize % 9) {
            Some(&c) => c,
            None => 0x1_0000 + i.wrapping_mul(0x9E37_79B1) % 0x10_0000,
        } - 0x1_0000;
        u.extend([0xD800 | (c >> 10) as u16, 0xDC00 | (c & 0x3FF) as u16]);
    }
    u.extend([0x41, 0x42]);
    u
}

#[test]
fn utf16_to_utf32_pair_runs_every_code_point_kind() {
    for &k in kernels() {
        for lead in [0, 1, 2, 3, 7, 8, 9, 33] {
            let base = utf16_pair_run(lead, 300);
            for from in [Utf16Le, Utf16Be] {
                for to in [Utf32Le, Utf32Be] {
                    for mode in MODES {
                        let src = encode16(&base, from);
                        check(k, &src, from, to, mode, true, &format!("lead {lead}"));
                    }
                }
            }
            // A pair's halves in the wrong order, a lone half, a BMP unit among
            // the pairs, in both byte orders.
            for at in positions(base.len().min(190)).filter(|a| a % 5 == lead % 5) {
                for bad in [0xDBFF, 0xDC00, 0x20AC] {
                    let mut u = base.clone();
                    u[at] = bad;
                    for (from, to) in [(Utf16Le, Utf32Le), (Utf16Be, Utf32Be)] {
                        for mode in MODES {
                            let src = encode16(&u, from);
                            let ctx = format!("lead {lead}, {bad:04X} at {at}");
                            check(k, &src, from, to, mode, false, &ctx);
                        }
                    }
                }
            }
        }
    }
}

/// UTF-32 text: `lead` BMP characters, then runs of 70 supplementary and 70 BMP
/// characters.
fn utf32_text(lead: usize, len: usize) -> Vec<u32> {
    let mut u: Vec<u32> = (0..lead).map(|i| 0x5D0 + (i % 27) as u32).collect();
    let mut i = 0u32;
    while u.len() < len {
        u.extend((0..70).map(|j| 0x1F300 + (i + j) % 500));
        u.extend((0..70).map(|j| 0x4E00 + (i + j) % 900));
        i += 7;
    }
    u
}

#[test]
fn utf32_to_utf16_supplementary_runs_and_errors_at_every_position() {
    for &k in kernels() {
        for lead in [0, 1, 15, 16, 63, 64] {
            let base = utf32_text(lead, 400);
            for from in [Utf32Le, Utf32Be] {
                for to in [Utf16Le, Utf16Be] {
                    for mode in MODES {
                        let src = encode32(&base, from);
                        check(
                            k,
                            &src,
                            from,
                            to,
                            mode,
                            true,
                            &format!("lead {lead}, valid"),
                        );
                    }
                }
            }
            for at in positions(base.len().min(220)) {
                for bad in [0xD800, 0xDFFF, 0x11_0000, 0xFFFF_FFFF] {
                    let mut u = base.clone();
                    u[at] = bad;
                    for mode in MODES {
                        let src = encode32(&u, Utf32Le);
                        let ctx = format!("lead {lead}, {bad:X} at {at}");
                        check(k, &src, Utf32Le, Utf16Le, mode, false, &ctx);
                    }
                }
            }
        }
    }
}

/// UTF-8 text of Latin-1 characters: `lead` ASCII bytes, then words with two-byte
/// characters (C2 and C3 first bytes) at every offset, and an ASCII run of 300.
fn latin1_text(lead: usize) -> String {
    let mut s: String = (0..lead).map(|i| (b'a' + (i % 26) as u8) as char).collect();
    for i in 0..90u32 {
        s.push(char::from_u32(0xA0 + (i * 7) % 96).unwrap());
        s.extend((0..i % 5).map(|_| 'x'));
    }
    s.extend((0..300).map(|i| (b'a' + (i % 26) as u8) as char));
    s.push('\u{FF}');
    s
}

#[test]
fn utf8_to_latin1_first_bytes_at_every_offset_and_errors_at_every_position() {
    for &k in kernels() {
        for lead in [0, 1, 62, 63, 64, 255, 256] {
            let base = latin1_text(lead).into_bytes();
            for mode in MODES {
                check(
                    k,
                    &base,
                    Utf8,
                    Latin1,
                    mode,
                    true,
                    &format!("lead {lead}, valid"),
                );
            }
            // A byte replaced by: a continuation byte, a first byte C3, a first
            // byte of a character above U+00FF (C4), of three bytes, an ASCII byte.
            for at in positions(base.len().min(260)) {
                for bad in [0x80, 0xC0, 0xC1, 0xC3, 0xC4, 0xE2, 0x41] {
                    let mut u = base.clone();
                    u[at] = bad;
                    for mode in MODES {
                        let ctx = format!("lead {lead}, {bad:02X} at {at}");
                        check(k, &u, Utf8, Latin1, mode, false, &ctx);
                    }
                }
            }
        }
    }
}

#[test]
fn latin1_to_utf8_first_non_ascii_at_every_position() {
    for &k in kernels() {
        for len in [255, 256, 600, 1100] {
            let base: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
            for at in positions(len) {
                let mut u = base.clone();
                u[at] = 0x80 + (at % 128) as u8;
                if at + 300 < len {
                    u[at + 300] = 0xE9;
                }
                check(
                    k,
                    &u,
                    Latin1,
                    Utf8,
                    Mode::Strict,
                    true,
                    &format!("len {len}, at {at}"),
                );
            }
            check(
                k,
                &base,
                Latin1,
                Utf8,
                Mode::Strict,
                true,
                &format!("len {len}, ASCII"),
            );
        }
    }
}

//! Block-structured inputs for UTF-16/UTF-32 -> UTF-8 (written for the
//! `avx512-vbmi2` tier's hooks in the generic encoder, whose blocks are 32 units:
//! a two-byte block packed by one compress, a block with three-byte units by two,
//! a block of three-byte units only by fixed permutes, and two blocks below U+0800
//! inside the ASCII run; run on every kernel): sequences of 32-unit blocks of each
//! class, at every offset from a block boundary, with a character of another class
//! in every lane, surrogate pairs and unpaired surrogates between them, in both byte
//! orders, every mode, and `dst` sizes around the end of every step.

use utfast_scalar::Encoding;
use utfast_testkit::harness::check_case;
use utfast_testkit::{decode_items, kernels, model_items, Rng, MODES};

use Encoding::{Utf16Be, Utf16Le, Utf32Be, Utf32Le, Utf8};

/// One unit of a class: ASCII (including NUL), two-byte, three-byte (either side
/// of the surrogates, and U+0800 / U+FFFF), supplementary.
fn unit(class: u64, r: u64) -> u32 {
    match class {
        0 => [0x00, 0x20, 0x41, 0x7F][(r % 4) as usize],
        1 => [0x80, 0xE9, 0x436, 0x7FF][(r % 4) as usize],
        2 => [0x800, 0x4E2D, 0xD7FF, 0xE000, 0xFFFF, 0x3042][(r % 6) as usize],
        _ => [0x1_0000, 0x1_F600, 0x10_FFFF][(r % 3) as usize],
    }
}

/// The input as code points (or lone surrogates, `0xD800..0xE000`): blocks of 32
/// of one class, each with up to two units of another class in random lanes.
fn blocks(rng: &mut Rng, n: usize, lead: usize) -> Vec<u32> {
    let mut v: Vec<u32> = (0..lead).map(|i| unit(0, i as u64)).collect();
    for _ in 0..n {
        let class = rng.next() % 3;
        let mut b: Vec<u32> = (0..32).map(|_| unit(class, rng.next())).collect();
        for _ in 0..rng.next() % 3 {
            let lane = (rng.next() % 32) as usize;
            b[lane] = match rng.next() % 8 {
                7 => 0xDC00 | (rng.next() as u32 & 0x3FF),
                6 => 0xD800 | (rng.next() as u32 & 0x3FF),
                c => unit(c % 4, rng.next()),
            };
        }
        v.extend(b);
    }
    v
}

/// `cps` in `to` (lone surrogates as single units; UTF-32 keeps them as units).
fn encode(cps: &[u32], to: Encoding) -> Vec<u8> {
    let mut out = Vec::new();
    for &c in cps {
        match to {
            Utf16Le | Utf16Be => {
                let units: Vec<u16> = if c >= 0x1_0000 {
                    let c = c - 0x1_0000;
                    vec![0xD800 | (c >> 10) as u16, 0xDC00 | (c & 0x3FF) as u16]
                } else {
                    vec![c as u16]
                };
                for u in units {
                    out.extend(if to == Utf16Le {
                        u.to_le_bytes()
                    } else {
                        u.to_be_bytes()
                    });
                }
            }
            _ => out.extend(if to == Utf32Le {
                c.to_le_bytes()
            } else {
                c.to_be_bytes()
            }),
        }
    }
    out
}

/// Checks `src` (in `from`) to UTF-8 in every mode with `dst` of exact size, one
/// less, and at the end of each of a few steps.
fn check(src: &[u8], from: Encoding, caps: &[usize]) {
    let ks = kernels();
    let items = decode_items(src, from);
    for mode in MODES {
        let exact = model_items(&items, Utf8, mode, usize::MAX).out.len();
        let mut all = vec![exact, exact.saturating_sub(1), exact + 200];
        all.extend(caps.iter().filter(|&&c| c < exact));
        for cap in all {
            if let Err(m) = check_case(ks, src, &items, from, Utf8, mode, cap) {
                panic!("{m}");
            }
        }
    }
}

#[test]
fn block_classes_to_utf8() {
    let mut rng = Rng(0x5EED_E4C0);
    let rounds = if utfast_testkit::quick() { 60 } else { 300 };
    for round in 0..rounds {
        let cps = blocks(&mut rng, 1 + round % 7, round % 5);
        let caps: Vec<usize> = (0..6).map(|_| (rng.next() % 700) as usize).collect();
        for from in [Utf16Le, Utf16Be, Utf32Le, Utf32Be] {
            check(&encode(&cps, from), from, &caps);
        }
    }
}

#[test]
fn ascii_run_with_two_byte_blocks_to_utf8() {
    // Mostly ASCII with an accented letter every `gap` units (the ASCII run's
    // two-byte pairs), then a three-byte or supplementary character or a lone
    // surrogate at every offset of the run, and `dst` cut at every size near it.
    for gap in [1usize, 5, 16, 31, 40, 64, 65] {
        for at in (0..140).step_by(if utfast_testkit::quick() { 7 } else { 1 }) {
            for odd in [0x4E2D, 0x800, 0xFFF, 0x1_F600, 0x1_0000, 0xDC00, 0xD800] {
                let mut cps: Vec<u32> = (0..300)
                    .map(|i| if i % gap == gap - 1 { 0xE9 } else { 0x61 })
                    .collect();
                cps[at] = odd;
                for from in [Utf16Le, Utf16Be, Utf32Le, Utf32Be] {
                    let src = encode(&cps, from);
                    let caps: Vec<usize> = (at..at + 140).step_by(9).collect();
                    check(&src, from, &caps);
                }
            }
        }
    }
}

/// The 512-bit encoder's aligned start: when UTF-16 (UTF-32) input starts a whole
/// number of units past a 64-byte boundary, its first block is converted whole and
/// the loop goes on from the boundary (keeping the output of the units before it).
/// Inputs that start with a block of each class, at every such address modulo 64,
/// valid and with a unit of another class, a pair (a supplementary code point) or
/// a lone surrogate at every unit around the boundary.
#[test]
fn aligned_start_at_every_offset_to_utf8() {
    let mut rng = Rng(0xA11_E4C0);
    let offsets: Vec<usize> = if utfast_testkit::quick() {
        vec![0, 2, 16, 36, 60, 62]
    } else {
        (0..64).step_by(2).collect()
    };
    let odds = [0x41u32, 0xE9, 0x4E2D, 0x1_F600, 0xDC00, 0xD800];
    for class in 0..3u64 {
        let mut cps: Vec<u32> = (0..32).map(|_| unit(class, rng.next())).collect();
        cps.extend(blocks(&mut rng, 10, 0));
        for from in [Utf16Le, Utf16Be, Utf32Le, Utf32Be] {
            let unit_bytes = if matches!(from, Utf16Le | Utf16Be) {
                2
            } else {
                4
            };
            let base = encode(&cps, from);
            let mut buf = vec![0u8; base.len() + 256];
            for &off in offsets.iter().filter(|&&o| o % unit_bytes == 0) {
                let start = buf.as_ptr().align_offset(64) + off;
                let n = (64 - off) % 64 / unit_bytes;
                let mut cases = vec![cps.clone()];
                for at in n.saturating_sub(2)..n + 3 {
                    for &odd in &odds {
                        let mut c = cps.clone();
                        c[at] = odd;
                        cases.push(c);
                    }
                }
                for c in cases {
                    let src = encode(&c, from);
                    buf[start..start + src.len()].copy_from_slice(&src);
                    check(&buf[start..start + src.len()], from, &[40, 90]);
                }
            }
        }
    }
}

/// The 128-bit kernels' runs of the Basic Multilingual Plane (neon: a loop of its
/// own, 16 units per step, chosen by the largest unit; UTF-16 tests 32 units at a
/// time first, and a surrogate may end the run in either half of them; an ASCII
/// run 32 units per step): a run of each kind of text (ASCII, two-byte, one- and three-byte,
/// three-byte only, all three widths) of every length up to 80 units after 0 to 3
/// ASCII units, ended by a supplementary code point, a lone surrogate of either
/// kind, U+FFFF or (UTF-32) a unit above U+10FFFF, then more of the same text;
/// `dst` cut around the end of the run.
#[test]
fn bmp_runs_end_at_every_unit_to_utf8() {
    let kinds: [&[u32]; 5] = [
        &[0x61, 0x20, 0x7F],
        &[0x627, 0x20, 0xE9, 0x7FF],
        &[0x915, 0x20, 0x94D],
        &[0x4E2D, 0xFFFD, 0x800],
        &[0x61, 0xE9, 0xAC00, 0x20, 0x436],
    ];
    let step = if utfast_testkit::quick() { 7 } else { 1 };
    for kind in kinds {
        for lead in 0..4 {
            for len in (0..80).step_by(step) {
                for end in [0x1_F600, 0xD800, 0xDC00, 0xFFFF, 0x11_0000] {
                    let mut cps: Vec<u32> = (0..lead).map(|_| 0x41).collect();
                    cps.extend(kind.iter().cycle().take(len));
                    cps.push(end);
                    cps.extend(kind.iter().cycle().take(40));
                    for from in [Utf16Le, Utf16Be, Utf32Le, Utf32Be] {
                        if end > 0x10_FFFF && matches!(from, Utf16Le | Utf16Be) {
                            continue;
                        }
                        let src = encode(&cps, from);
                        let caps: Vec<usize> = (len..len + 3 * len.max(8)).step_by(11).collect();
                        check(&src, from, &caps);
                    }
                }
            }
        }
    }
}

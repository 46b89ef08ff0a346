//! The SIMD UTF-8 <-> UTF-16 transcoders (the kernels' `utf8_to_utf16` and
//! `utf16_to_utf8` methods) against the std model of `utfast-testkit` and the scalar
//! crate, in both directions, both byte orders and all three modes.
//!
//! Every case runs with `dst` of exact size, exact - 1 (and a few smaller) and
//! generous size; `dst` is a window of a larger buffer filled with a sentinel
//! (`utfast_testkit::call`), and the bytes after `written` (on `OutputTooSmall`),
//! before `dst` and after `dst` (always) must be intact.

use utfast_scalar::{Encoding, Endian, Mode};
use utfast_simd::Kernel;
use utfast_testkit::harness::Tail;
use utfast_testkit::{
    call, decode_items, kernels, lipsum, model_items, scalar, Outcome, Rng, ENDIANS, MODES,
};

const SENTINEL: u8 = 0xA5;

fn utf16_bytes(units: impl IntoIterator<Item = u16>, e: Endian) -> Vec<u8> {
    units.into_iter().flat_map(|u| e.write_u16(u)).collect()
}

#[derive(Clone, Copy, Debug)]
enum Dir {
    Utf8ToUtf16,
    Utf16ToUtf8,
}

impl Dir {
    /// (from, to) for byte order `e` of the UTF-16 side.
    fn encodings(self, e: Endian) -> (Encoding, Encoding) {
        let utf16 = match e {
            Endian::Little => Encoding::Utf16Le,
            Endian::Big => Encoding::Utf16Be,
        };
        match self {
            Dir::Utf8ToUtf16 => (Encoding::Utf8, utf16),
            Dir::Utf16ToUtf8 => (utf16, Encoding::Utf8),
        }
    }
}

/// Calls the kernel's method for `dir` with a guarded `cap`-byte `dst`.
fn run(
    t: &Kernel,
    dir: Dir,
    src: &[u8],
    e: Endian,
    mode: Mode,
    cap: usize,
) -> Result<Outcome, String> {
    let f = |s: &[u8], d: &mut [u8]| match dir {
        Dir::Utf8ToUtf16 => t.utf8_to_utf16(s, d, e, mode),
        Dir::Utf16ToUtf8 => t.utf16_to_utf8(s, d, e, mode),
    };
    call(f, src, cap, SENTINEL, Tail::Contract)
}

/// Runs one kernel on one input, endian and mode, with several `dst` sizes: the
/// kernel equals the std model and the scalar crate (which must equal the model too).
fn check(t: &Kernel, dir: Dir, src: &[u8], e: Endian, mode: Mode, what: &str) {
    let (from, to) = dir.encodings(e);
    let items = decode_items(src, from);
    let valid = items.iter().all(|it| it.val.is_ok());
    if mode == Mode::Valid && !valid {
        // Only memory safety is promised: run it with every size, ignore the output.
        for cap in [0, src.len(), 4 * src.len() + 8] {
            if let Err(m) = run(t, dir, src, e, mode, cap) {
                panic!("{} Valid mode, cap {cap}: {m}: {what}", t.name());
            }
        }
        return;
    }
    let exact = model_items(&items, to, mode, usize::MAX).out.len();
    let mut caps = vec![exact, exact + 1, exact + 64, 4 * src.len() + 64];
    for d in [1, 2, 3, 4, 5, 17, 100] {
        if d <= exact {
            caps.push(exact - d);
        }
    }
    for cap in caps {
        let want = model_items(&items, to, mode, cap);
        let ctx = |s: &str| {
            format!(
                "{} {dir:?} {e:?} {mode:?} cap {cap} (exact {exact}, len {}): {s}: {what}",
                t.name(),
                src.len()
            )
        };
        let got = run(t, dir, src, e, mode, cap).unwrap_or_else(|m| panic!("{}", ctx(&m)));
        assert_eq!(got, want, "{}", ctx("kernel vs std model"));
        let s =
            scalar(src, from, to, mode, cap, SENTINEL).unwrap_or_else(|m| panic!("{}", ctx(&m)));
        assert_eq!(got, s, "{}", ctx("kernel vs scalar"));
    }
}

fn check_all_ways(ks: &[&Kernel], text8: &[u8], what: &str) {
    for t in ks {
        for e in ENDIANS {
            for mode in MODES {
                check(t, Dir::Utf8ToUtf16, text8, e, mode, what);
            }
        }
    }
}

fn check_utf16_all_ways(ks: &[&Kernel], units: &[u16], odd: bool, what: &str) {
    for t in ks {
        for e in ENDIANS {
            let mut src = utf16_bytes(units.iter().copied(), e);
            if odd {
                src.push(0x41);
            }
            for mode in MODES {
                check(t, Dir::Utf16ToUtf8, &src, e, mode, what);
            }
        }
    }
}

#[test]
fn lipsum_both_directions() {
    let ks = kernels();
    for (name, text) in lipsum() {
        check_all_ways(ks, text.as_bytes(), &name);
        let units: Vec<u16> = text.encode_utf16().collect();
        check_utf16_all_ways(ks, &units, false, &name);
    }
}

/// Test-specific draws on the shared generator.
trait Draws {
    fn below64(&mut self, n: u64) -> u64;
    fn char(&mut self) -> char;
    fn text(&mut self, n: usize) -> String;
}

impl Draws for Rng {
    fn below64(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// A character from a random length class (with the class boundaries likely).
    fn char(&mut self) -> char {
        let ranges = [
            (0x00, 0x7F),
            (0x80, 0x7FF),
            (0x800, 0xD7FF),
            (0xE000, 0xFFFF),
            (0x10000, 0x10FFFF),
        ];
        let (lo, hi) = ranges[self.below64(5) as usize];
        let v = match self.below64(4) {
            0 => lo,
            1 => hi,
            _ => lo + self.below64((hi - lo + 1) as u64) as u32,
        };
        char::from_u32(v).unwrap()
    }
    /// A string with runs of one length class, like real text.
    fn text(&mut self, n: usize) -> String {
        let mut s = String::new();
        while s.chars().count() < n {
            let c = self.char();
            let run = 1 + self.below64(20);
            for _ in 0..run {
                s.push(c);
            }
            if self.below64(3) == 0 {
                s.push(' ');
            }
        }
        s
    }
}

const BAD_UTF8: &[&[u8]] = &[
    b"\xFF",
    b"\x80",
    b"\xBF",
    b"\xC0\x80",
    b"\xC1\xBF",
    b"\xC2",
    b"\xE0\x80\x80",
    b"\xE0\xA0",
    b"\xED\xA0\x80",
    b"\xF0\x80\x80\x80",
    b"\xF0\x90\x80",
    b"\xF4\x90\x80\x80",
    b"\xF5\x80\x80\x80",
    b"\xE2\x82",
    b"\xC3\xA9\xA9",
];

#[test]
fn random_near_valid() {
    let ks = kernels();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..300 {
        let n = 1 + rng.below64(300) as usize;
        let text = rng.text(n);
        // UTF-8: a few random byte edits.
        let mut b = text.clone().into_bytes();
        let edits = rng.below64(4);
        for _ in 0..edits {
            let i = rng.below64(b.len() as u64) as usize;
            match rng.below64(3) {
                0 => b[i] = rng.next() as u8,
                1 => {
                    b.remove(i);
                }
                _ => {
                    let bad = BAD_UTF8[rng.below64(BAD_UTF8.len() as u64) as usize];
                    b.splice(i..i, bad.iter().copied());
                }
            }
        }
        check_all_ways(ks, &b, &format!("utf8 round {round}"));
        // UTF-16: random unit edits (lone surrogates, swapped pairs) and odd tails.
        let mut u: Vec<u16> = text.encode_utf16().collect();
        for _ in 0..rng.below64(4) {
            let i = rng.below64(u.len() as u64) as usize;
            u[i] = [0xD800, 0xDBFF, 0xDC00, 0xDFFF, rng.next() as u16][rng.below64(5) as usize];
        }
        check_utf16_all_ways(ks, &u, rng.below64(8) == 0, &format!("utf16 round {round}"));
    }
}

#[test]
fn error_at_every_position() {
    let ks = kernels();
    let mut rng = Rng(42);
    let text = rng.text(90);
    let base = text.as_bytes();
    let len = base.len().min(256);
    assert!(len >= 64, "seed too short: {len}");
    for i in 0..len {
        for bad in [
            &b"\xFF"[..],
            b"\x80",
            b"\xE2\x82",
            b"\xED\xA0\x80",
            b"\xF4\x90\x80\x80",
        ] {
            let mut b = base[..len].to_vec();
            b.splice(i..i, bad.iter().copied());
            check_all_ways(ks, &b, &format!("utf8 error at {i}"));
        }
    }
    let units: Vec<u16> = text.encode_utf16().take(128).collect();
    for i in 0..units.len() {
        for bad in [0xD800u16, 0xDC00] {
            let mut u = units.clone();
            u.insert(i, bad);
            check_utf16_all_ways(ks, &u, false, &format!("utf16 error at {i}"));
        }
        check_utf16_all_ways(ks, &units[..i], true, &format!("utf16 odd length at {i}"));
        let mut u = units[..i].to_vec();
        u.push(0xD83D);
        check_utf16_all_ways(
            ks,
            &u,
            true,
            &format!("utf16 high surrogate + odd byte at {i}"),
        );
    }
}

#[test]
fn padded_seeds() {
    let ks = kernels();
    let seeds: &[&str] = &[
        "é",
        "€",
        "😀",
        "a\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
        "ü😀中a",
        "\u{FEFF}",
    ];
    let pads: Vec<usize> = (0..=70)
        .chain([95, 127, 128, 129, 255, 256, 511, 512])
        .collect();
    for (k, seed) in seeds.iter().enumerate() {
        for &left in &pads {
            for right in [0usize, 1, 2, 3, 15, 31, 33, 63, 64, 65, 127, 257, 511]
                .iter()
                .copied()
                .filter(|r| (r + left + k) % 3 != 0)
            {
                let pad = ["a", "ж", "中"][(left + right) % 3];
                let s = format!(
                    "{}{}{}",
                    pad.repeat(left / pad.len()),
                    seed,
                    "b".repeat(right)
                );
                check_all_ways(ks, s.as_bytes(), &format!("seed {k} pad {left}/{right}"));
                let mut bad = s.clone().into_bytes();
                bad.truncate(bad.len() - right);
                bad.push(0xFF);
                bad.extend(std::iter::repeat_n(b'b', right));
                check_all_ways(ks, &bad, &format!("bad seed {k} pad {left}/{right}"));
                let units: Vec<u16> = s.encode_utf16().collect();
                check_utf16_all_ways(ks, &units, false, &format!("seed {k} pad {left}/{right}"));
                let mut lone = units.clone();
                lone.insert(left / pad.len(), 0xDC00);
                check_utf16_all_ways(
                    ks,
                    &lone,
                    false,
                    &format!("lone seed {k} pad {left}/{right}"),
                );
            }
        }
    }
}

/// Long runs of one mix of character lengths (what the whole-block SIMD paths
/// convert: only 2-byte, only 3-byte, ASCII with 2- or 3-byte, all three, and
/// 4-byte), each with an error inserted at every offset.
#[test]
fn long_runs_error_at_every_offset() {
    let ks = kernels();
    let patterns = ["ж", "中", "жж a", "कि ", "中ж a", "😀", "a中中中中中中中中"];
    for pat in patterns {
        let text: String = pat.repeat(200).chars().take(100).collect();
        let base = text.as_bytes();
        let len = base.len().min(210);
        for i in 0..len {
            for bad in [
                &b"\xFF"[..],
                b"\x80",
                b"\xE2\x82",
                b"\xED\xA0\x80",
                b"\xE0\x9F\xBF",
            ] {
                let mut b = base[..len].to_vec();
                b.splice(i..i, bad.iter().copied());
                check_all_ways(ks, &b, &format!("{pat:?} run, utf8 error at {i}"));
            }
            // Replaced bytes keep the run's layout of lead and continuation bytes
            // (a two-byte or ASCII lead, E0/ED with an out-of-range second byte, ...).
            for by in [0x41u8, 0xC2, 0xE0, 0xED, 0xF0, 0x80, 0x9F, 0xA0, 0xBF] {
                let mut b = base[..len].to_vec();
                b[i] = by;
                check_all_ways(ks, &b, &format!("{pat:?} run, byte {i} = {by:#04X}"));
            }
        }
        check_all_ways(ks, base, &format!("{pat:?} run"));
        let units: Vec<u16> = text.encode_utf16().collect();
        for i in 0..units.len() {
            for bad in [0xD800u16, 0xDC00] {
                let mut u = units.clone();
                u.insert(i, bad);
                check_utf16_all_ways(ks, &u, false, &format!("{pat:?} run, utf16 error at {i}"));
            }
        }
        check_utf16_all_ways(ks, &units, true, &format!("{pat:?} run, odd length"));
    }
}

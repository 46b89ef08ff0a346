//! The SIMD UTF-8 <-> UTF-16 transcoders against an oracle, in both directions,
//! both byte orders and all three modes.
//!
//! The oracle is built from `std` (`str::from_utf8`, `char::decode_utf16`) plus
//! `utfast_scalar::utf8::classify_error` / `utf16::validate_utf16_bytes`: it lists
//! the input as a sequence of (input end, output bytes) events and a final error,
//! and derives the exact `Ok`/`Err` of the `TranscodeError` contract for any `dst`
//! length. When the scalar transcoders are implemented, every case is also
//! compared with them (see `scalar_agrees`).
//!
//! Every case runs with `dst` of exact size, exact - 1 (and a few smaller) and
//! generous size; `dst` is a window of a larger buffer filled with a sentinel, and
//! the bytes after `written` (on `OutputTooSmall`) and after `dst` (always) must
//! be intact.

use utfast_scalar::{utf16, utf8, Endian, ErrorKind, Mode, TranscodeError};
use utfast_simd::Kernel;

#[path = "common/lipsum.rs"]
mod lipsum;
use lipsum::lipsum;
#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

/// A kernel under test (every kernel in `utfast_simd::available()`, scalar included).
type Utf16Transcoders = &'static Kernel;

const SENTINEL: u8 = 0xA5;
const ENDIANS: [Endian; 2] = [Endian::Little, Endian::Big];
const MODES: [Mode; 3] = [Mode::Strict, Mode::Lossy, Mode::Valid];

/// What a conversion of a whole input produces: per character, the input position
/// after it and its output bytes; then the strict-mode error (kind, position).
struct Events {
    chars: Vec<(usize, Vec<u8>)>,
    error: Option<(ErrorKind, usize)>,
}

impl Events {
    /// The exact result for a `dst` of `cap` bytes, and the expected output.
    fn expect(&self, cap: usize) -> (Result<usize, TranscodeError>, Vec<u8>) {
        let mut out = Vec::new();
        let mut pos = 0;
        for (end, bytes) in &self.chars {
            if out.len() + bytes.len() > cap {
                let e = TranscodeError::new(ErrorKind::OutputTooSmall, pos, out.len());
                return (Err(e), out);
            }
            out.extend_from_slice(bytes);
            pos = *end;
        }
        match self.error {
            Some((kind, at)) => (Err(TranscodeError::new(kind, at, out.len())), out),
            None => (Ok(out.len()), out),
        }
    }
}

fn utf16_bytes(units: impl IntoIterator<Item = u16>, e: Endian) -> Vec<u8> {
    units.into_iter().flat_map(|u| e.write_u16(u)).collect()
}

/// Oracle for UTF-8 -> UTF-16 (`strict`: stop at the first error; else lossy).
fn utf8_events(src: &[u8], to: Endian, strict: bool) -> Events {
    let mut chars = Vec::new();
    let mut pos = 0;
    loop {
        let rest = &src[pos..];
        let (good, err) = match std::str::from_utf8(rest) {
            Ok(s) => (s, None),
            Err(e) => (
                std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap(),
                Some(e),
            ),
        };
        for (i, c) in good.char_indices() {
            let mut b = [0u16; 2];
            chars.push((
                pos + i + c.len_utf8(),
                utf16_bytes(c.encode_utf16(&mut b).iter().copied(), to),
            ));
        }
        let Some(e) = err else {
            return Events { chars, error: None };
        };
        let at = pos + e.valid_up_to();
        if strict {
            let (kind, _) = utf8::classify_error(&src[at..]);
            return Events {
                chars,
                error: Some((kind, at)),
            };
        }
        let len = e.error_len().unwrap_or(src.len() - at);
        pos = at + len;
        chars.push((pos, utf16_bytes([0xFFFD], to)));
    }
}

/// Oracle for UTF-16 (bytes in order `from`) -> UTF-8.
fn utf16_events(src: &[u8], from: Endian, strict: bool) -> Events {
    let units: Vec<u16> = src
        .chunks_exact(2)
        .map(|b| from.read_u16([b[0], b[1]]))
        .collect();
    let mut chars = Vec::new();
    let mut i = 0;
    let fffd = "\u{FFFD}".as_bytes().to_vec();
    while i < units.len() {
        let u = units[i];
        let n = if (0xD800..0xDC00).contains(&u)
            && i + 1 < units.len()
            && (0xDC00..0xE000).contains(&units[i + 1])
        {
            2
        } else {
            1
        };
        match char::decode_utf16(units[i..i + n].iter().copied())
            .next()
            .unwrap()
        {
            Ok(c) => chars.push((2 * (i + n), c.to_string().into_bytes())),
            Err(_) => {
                if strict {
                    let e = utf16::validate_utf16_bytes(src, from).unwrap_err();
                    assert_eq!(e.valid_up_to(), 2 * i);
                    return Events {
                        chars,
                        error: Some((e.kind(), 2 * i)),
                    };
                }
                // A high surrogate cut by an odd final byte is one U+FFFD with it.
                let end = if i + 1 == units.len() && src.len() % 2 == 1 && u < 0xDC00 {
                    src.len()
                } else {
                    2 * (i + 1)
                };
                chars.push((end, fffd.clone()));
            }
        }
        i += n;
    }
    if src.len() % 2 == 1 && chars.last().is_none_or(|c| c.0 != src.len()) {
        if strict {
            return Events {
                chars,
                error: Some((ErrorKind::TruncatedUnit, src.len() - 1)),
            };
        }
        chars.push((src.len(), fffd));
    }
    Events { chars, error: None }
}

/// Whether the scalar transcoders are implemented yet (they were `todo!()` stubs).
fn scalar_ready() -> bool {
    static READY: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *READY.get_or_init(|| {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let ok = std::panic::catch_unwind(|| {
            let mut d = [0u8; 8];
            utfast_scalar::transcode::utf8_to_utf16(b"a", &mut d, Endian::Little, Mode::Strict)
                .is_ok()
                && utfast_scalar::transcode::utf16_to_utf8(
                    b"a\0",
                    &mut d,
                    Endian::Little,
                    Mode::Strict,
                )
                .is_ok()
        })
        .unwrap_or(false);
        std::panic::set_hook(hook);
        if !ok {
            println!("scalar transcoders not implemented yet: comparing with the std oracle only");
        }
        ok
    })
}

#[derive(Clone, Copy, Debug)]
enum Dir {
    Utf8ToUtf16,
    Utf16ToUtf8,
}

/// Runs one kernel on one input, endian and mode, with several `dst` sizes.
fn check(t: &Utf16Transcoders, dir: Dir, src: &[u8], e: Endian, mode: Mode, what: &str) {
    let events = match dir {
        Dir::Utf8ToUtf16 => utf8_events(src, e, mode == Mode::Strict),
        Dir::Utf16ToUtf8 => utf16_events(src, e, mode == Mode::Strict),
    };
    let valid = events.error.is_none() && utf8_events_valid(dir, src, e);
    if mode == Mode::Valid && !valid {
        // Only memory safety is promised: run it with every size, ignore the output.
        for cap in [0, src.len(), 4 * src.len() + 8] {
            let (r, buf) = run(t, dir, src, e, mode, cap);
            let written = r.unwrap_or_else(|e| e.written());
            assert!(
                written <= cap,
                "{} Valid mode: written {written} > cap {cap}",
                t.name()
            );
            assert!(
                buf[cap..].iter().all(|&b| b == SENTINEL),
                "{} Valid mode wrote past dst",
                t.name()
            );
        }
        return;
    }
    let exact: usize = events.chars.iter().map(|c| c.1.len()).sum();
    let mut caps = vec![exact, exact + 1, exact + 64, 4 * src.len() + 64];
    for d in [1, 2, 3, 4, 5, 17, 100] {
        if d <= exact {
            caps.push(exact - d);
        }
    }
    for cap in caps {
        let (want, want_out) = events.expect(cap);
        let (got, buf) = run(t, dir, src, e, mode, cap);
        let ctx = || {
            let mut d = vec![0u8; cap];
            let s = match dir {
                Dir::Utf8ToUtf16 => utfast_scalar::transcode::utf8_to_utf16(src, &mut d, e, mode),
                Dir::Utf16ToUtf8 => utfast_scalar::transcode::utf16_to_utf8(src, &mut d, e, mode),
            };
            format!(
                "{} {dir:?} {e:?} {mode:?} cap {cap} (exact {exact}, len {}, scalar {s:?}): {what}",
                t.name(),
                src.len()
            )
        };
        assert_eq!(got, want, "{}", ctx());
        let written = match got {
            Ok(n) => n,
            Err(err) => err.written(),
        };
        assert_eq!(&buf[..written], &want_out[..], "{}", ctx());
        // On OutputTooSmall nothing past `written` may change (other errors may
        // leave scratch bytes there: only dst[..written] is specified).
        if got.is_err_and(|e| e.is_output_too_small()) {
            assert!(
                buf[written..cap].iter().all(|&b| b == SENTINEL),
                "scribbled past written: {}",
                ctx()
            );
        }
        assert!(
            buf[cap..].iter().all(|&b| b == SENTINEL),
            "wrote past dst: {}",
            ctx()
        );
        if scalar_ready() && mode != Mode::Valid {
            let mut d = vec![0u8; cap];
            let s = match dir {
                Dir::Utf8ToUtf16 => utfast_scalar::transcode::utf8_to_utf16(src, &mut d, e, mode),
                Dir::Utf16ToUtf8 => utfast_scalar::transcode::utf16_to_utf8(src, &mut d, e, mode),
            };
            assert_eq!(got, s, "scalar differs: {}", ctx());
        }
    }
}

fn utf8_events_valid(dir: Dir, src: &[u8], e: Endian) -> bool {
    match dir {
        Dir::Utf8ToUtf16 => std::str::from_utf8(src).is_ok(),
        Dir::Utf16ToUtf8 => utf16::validate_utf16_bytes(src, e).is_ok(),
    }
}

/// Calls the kernel with a `cap`-byte window of a sentinel-filled buffer.
fn run(
    t: &Utf16Transcoders,
    dir: Dir,
    src: &[u8],
    e: Endian,
    mode: Mode,
    cap: usize,
) -> (Result<usize, TranscodeError>, Vec<u8>) {
    let mut buf = vec![SENTINEL; cap + 64];
    let r = match dir {
        Dir::Utf8ToUtf16 => t.utf8_to_utf16(src, &mut buf[..cap], e, mode),
        Dir::Utf16ToUtf8 => t.utf16_to_utf8(src, &mut buf[..cap], e, mode),
    };
    (r, buf)
}

fn kernels() -> Vec<Utf16Transcoders> {
    let ks: Vec<_> = utfast_simd::available().collect();
    let names: Vec<_> = ks.iter().map(|k| k.name()).collect();
    for want in ["avx512", "avx2"] {
        if !names.contains(&want) {
            println!("{want}: CPU lacks the features, skipped");
        }
    }
    println!("kernels tested: {names:?}");
    ks
}

fn check_all_ways(ks: &[Utf16Transcoders], text8: &[u8], what: &str) {
    for t in ks {
        for e in ENDIANS {
            for mode in MODES {
                check(t, Dir::Utf8ToUtf16, text8, e, mode, what);
            }
        }
    }
}

fn check_utf16_all_ways(ks: &[Utf16Transcoders], units: &[u16], odd: bool, what: &str) {
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
        check_all_ways(&ks, text.as_bytes(), &name);
        let units: Vec<u16> = text.encode_utf16().collect();
        check_utf16_all_ways(&ks, &units, false, &name);
    }
}

/// Test-specific draws on the shared generator.
impl Rng {
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
        check_all_ways(&ks, &b, &format!("utf8 round {round}"));
        // UTF-16: random unit edits (lone surrogates, swapped pairs) and odd tails.
        let mut u: Vec<u16> = text.encode_utf16().collect();
        for _ in 0..rng.below64(4) {
            let i = rng.below64(u.len() as u64) as usize;
            u[i] = [0xD800, 0xDBFF, 0xDC00, 0xDFFF, rng.next() as u16][rng.below64(5) as usize];
        }
        check_utf16_all_ways(
            &ks,
            &u,
            rng.below64(8) == 0,
            &format!("utf16 round {round}"),
        );
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
            check_all_ways(&ks, &b, &format!("utf8 error at {i}"));
        }
    }
    let units: Vec<u16> = text.encode_utf16().take(128).collect();
    for i in 0..units.len() {
        for bad in [0xD800u16, 0xDC00] {
            let mut u = units.clone();
            u.insert(i, bad);
            check_utf16_all_ways(&ks, &u, false, &format!("utf16 error at {i}"));
        }
        check_utf16_all_ways(&ks, &units[..i], true, &format!("utf16 odd length at {i}"));
        let mut u = units[..i].to_vec();
        u.push(0xD83D);
        check_utf16_all_ways(
            &ks,
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
                check_all_ways(&ks, s.as_bytes(), &format!("seed {k} pad {left}/{right}"));
                let mut bad = s.clone().into_bytes();
                bad.truncate(bad.len() - right);
                bad.push(0xFF);
                bad.extend(std::iter::repeat_n(b'b', right));
                check_all_ways(&ks, &bad, &format!("bad seed {k} pad {left}/{right}"));
                let units: Vec<u16> = s.encode_utf16().collect();
                check_utf16_all_ways(&ks, &units, false, &format!("seed {k} pad {left}/{right}"));
                let mut lone = units.clone();
                lone.insert(left / pad.len(), 0xDC00);
                check_utf16_all_ways(
                    &ks,
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
                check_all_ways(&ks, &b, &format!("{pat:?} run, utf8 error at {i}"));
            }
            // Replaced bytes keep the run's layout of lead and continuation bytes
            // (a two-byte or ASCII lead, E0/ED with an out-of-range second byte, ...).
            for by in [0x41u8, 0xC2, 0xE0, 0xED, 0xF0, 0x80, 0x9F, 0xA0, 0xBF] {
                let mut b = base[..len].to_vec();
                b[i] = by;
                check_all_ways(&ks, &b, &format!("{pat:?} run, byte {i} = {by:#04X}"));
            }
        }
        check_all_ways(&ks, base, &format!("{pat:?} run"));
        let units: Vec<u16> = text.encode_utf16().collect();
        for i in 0..units.len() {
            for bad in [0xD800u16, 0xDC00] {
                let mut u = units.clone();
                u.insert(i, bad);
                check_utf16_all_ways(&ks, &u, false, &format!("{pat:?} run, utf16 error at {i}"));
            }
        }
        check_utf16_all_ways(&ks, &units, true, &format!("{pat:?} run, odd length"));
    }
}

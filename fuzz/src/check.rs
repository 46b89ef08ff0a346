//! The checks behind every fuzz target: each kernel of `utfast_simd::available()`
//! against the scalar kernel (bit-identical outputs, `Ok` values, error kinds and
//! positions), and the scalar kernel against the std-only [`oracle`](super::oracle).
//!
//! This file is also compiled into `tests/regressions.rs` and `tests/overread.rs`
//! with `#[path]`, so it only uses `std`, `utfast_scalar`, `utfast_simd` and the
//! sibling `oracle` module.

use super::oracle::{self, assert_bytes_eq, hex};
use std::sync::OnceLock;
use utfast_scalar::transcode::max_output_len;
use utfast_scalar::{Encoding, Endian, ErrorKind, Mode, TranscodeError};
use utfast_simd::Kernel;

/// Every mode, in the order the fuzz targets pick them.
pub const MODES: [Mode; 3] = [Mode::Strict, Mode::Lossy, Mode::Valid];
/// Both byte orders.
pub const ENDIANS: [Endian; 2] = [Endian::Little, Endian::Big];
/// Fill byte of output buffers; bytes that a kernel must not write keep it.
pub const SENTINEL: u8 = 0xA5;
/// Bytes of sentinel after the end of every `dst` slice.
pub const GUARD: usize = 32;

/// Every kernel usable here, best first, scalar last (collected once; the names are
/// printed to stderr the first time).
pub fn kernels() -> &'static [&'static Kernel] {
    static K: OnceLock<Vec<&'static Kernel>> = OnceLock::new();
    K.get_or_init(|| {
        let k: Vec<&'static Kernel> = utfast_simd::available().collect();
        let names: Vec<&str> = k.iter().map(|k| k.name()).collect();
        eprintln!("utfast kernels: {names:?}");
        k
    })
}

/// The kernels that are compared with scalar (all but scalar itself).
pub fn fast_kernels() -> impl Iterator<Item = &'static Kernel> {
    kernels().iter().copied().filter(|k| k.name() != "scalar")
}

/// The scalar reference kernel.
pub fn scalar() -> &'static Kernel {
    &utfast_simd::SCALAR
}

/// The encoding selected by a fuzzer byte.
pub fn encoding(b: u8) -> Encoding {
    Encoding::ALL[usize::from(b) % Encoding::ALL.len()]
}

/// The mode selected by a fuzzer byte.
pub fn mode(b: u8) -> Mode {
    MODES[usize::from(b) % MODES.len()]
}

/// The result of one transcoding into a `dst` of a given length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// What the transcoder returned.
    pub result: Result<usize, TranscodeError>,
    /// `dst[..written]`.
    pub out: Vec<u8>,
}

impl Run {
    /// Output bytes written (`Ok` value or `TranscodeError::written`).
    pub fn written(&self) -> usize {
        match self.result {
            Ok(n) => n,
            Err(e) => e.written(),
        }
    }
}

/// Transcodes into a `dst` of exactly `len` bytes, followed by [`GUARD`] sentinel
/// bytes that must stay untouched (as must `dst[written..]` if `tail_untouched`).
pub fn run_guarded(
    k: &Kernel,
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
    len: usize,
    tail_untouched: bool,
) -> Run {
    let mut buf = vec![SENTINEL; len + GUARD];
    let result = k.transcode(src, &mut buf[..len], from, to, mode);
    let what = || {
        format!(
            "{} {from}->{to} {mode:?} dst {len} src {}",
            k.name(),
            hex(src)
        )
    };
    let written = match result {
        Ok(n) => n,
        Err(e) => e.written(),
    };
    assert!(written <= len, "{}: written {written} > dst len", what());
    assert!(
        buf[len..].iter().all(|&b| b == SENTINEL),
        "{}: wrote past the end of dst",
        what()
    );
    if tail_untouched {
        assert!(
            buf[written..len].iter().all(|&b| b == SENTINEL),
            "{}: wrote into dst[written..] (written {written}): {}",
            what(),
            hex(&buf[written..len])
        );
    }
    buf.truncate(written);
    Run { result, out: buf }
}

/// Checks the scalar result of an unlimited-buffer transcoding against the oracle.
fn check_scalar_against_oracle(src: &[u8], from: Encoding, to: Encoding, mode: Mode, r: &Run) {
    let what = || format!("scalar {from}->{to} {mode:?} src {}", hex(src));
    let oracle_mode = if mode == Mode::Valid {
        Mode::Strict
    } else {
        mode
    };
    let want = oracle::transcode(src, from, to, oracle_mode);
    assert_bytes_eq(&r.out, &want.out, || format!("{} (vs std)", what()));
    match (r.result, want.error) {
        (Ok(n), None) => assert_eq!(n, r.out.len(), "{}", what()),
        (Err(e), Some((at, kind))) => {
            assert_eq!(e.valid_up_to(), at, "{}: valid_up_to vs std", what());
            assert_eq!(e.written(), want.out.len(), "{}: written vs std", what());
            assert!(
                !e.is_output_too_small(),
                "{}: {e:?} with max_output_len",
                what()
            );
            if let Some(kind) = kind {
                assert_eq!(e.kind(), kind, "{}", what());
            } else {
                assert_ne!(e.kind(), ErrorKind::NotLatin1, "{}", what());
            }
        }
        (got, want) => panic!("{}: scalar {got:?}, std error {want:?}", what()),
    }
}

/// Transcodes `src` with every kernel into buffers of generous size, exact size,
/// exact size minus one, and `cut` (a fuzzer-chosen fraction of the exact size), and
/// compares everything with scalar; checks scalar against the std oracle (for
/// `Mode::Valid`, only if `src` is valid input for the pair, see
/// [`oracle::is_valid_for`]; otherwise only memory safety is checked). Returns the
/// scalar output.
pub fn check_transcode(src: &[u8], from: Encoding, to: Encoding, mode: Mode, cut: u8) -> Vec<u8> {
    let s = scalar();
    let cap = max_output_len(from, to, src.len());
    let reference = run_guarded(s, src, from, to, mode, cap, false);
    let valid_input = oracle::is_valid_for(src, from, to);
    if mode != Mode::Valid || valid_input {
        check_scalar_against_oracle(src, from, to, mode, &reference);
    } else {
        // Valid mode on invalid input: anything goes but memory safety (nothing written
        // past dst, `written <= dst.len()`), for every kernel and several dst sizes.
        let n = reference.written();
        let sizes = [cap, n, n.saturating_sub(1), n * usize::from(cut) / 256];
        for &k in kernels() {
            for len in sizes {
                run_guarded(k, src, from, to, mode, len, false);
            }
        }
        return reference.out;
    }
    let n = reference.written();
    let mut sizes = vec![(cap, reference.clone())];
    let exact = run_guarded(s, src, from, to, mode, n, true);
    assert_eq!(exact, reference, "scalar, exact dst {n}, src {}", hex(src));
    sizes.push((n, exact));
    let cut_len = n * usize::from(cut) / 256;
    let smaller = if n > 0 { vec![n - 1, cut_len] } else { vec![] };
    for len in smaller {
        let r = run_guarded(s, src, from, to, mode, len, true);
        let what = || format!("scalar {from}->{to} {mode:?} dst {len} src {}", hex(src));
        let e = r
            .result
            .err()
            .unwrap_or_else(|| panic!("{}: expected OutputTooSmall", what()));
        assert_eq!(e.kind(), ErrorKind::OutputTooSmall, "{}", what());
        assert_eq!(r.out[..], reference.out[..e.written()], "{}", what());
        // dst[..written] is the conversion of src[..valid_up_to], and the next
        // character would not have fit.
        let prefix = run_guarded(s, &src[..e.valid_up_to()], from, to, mode, cap, false);
        assert_eq!(prefix.result, Ok(e.written()), "{}: prefix", what());
        sizes.push((len, r));
    }
    for k in fast_kernels() {
        for (len, want) in &sizes {
            let got = run_guarded(k, src, from, to, mode, *len, *len < cap);
            assert_eq!(
                got.result,
                want.result,
                "{} vs scalar: {from}->{to} {mode:?} dst {len} src {}",
                k.name(),
                hex(src)
            );
            assert_bytes_eq(&got.out, &want.out, || {
                format!(
                    "{} vs scalar: {from}->{to} {mode:?} dst {len} src {}",
                    k.name(),
                    hex(src)
                )
            });
        }
    }
    reference.out
}

/// Validation of `src` in every form, every kernel against scalar, scalar against std.
pub fn check_validate(src: &[u8]) {
    let s = scalar();
    let want8 = s.validate_utf8(src);
    match (core::str::from_utf8(src), want8) {
        (Ok(_), Ok(())) => {}
        (Err(e), Err(w)) => {
            assert_eq!(
                (w.valid_up_to(), w.error_len()),
                (e.valid_up_to(), e.error_len()),
                "scalar vs std: {}",
                hex(src)
            );
            let (kind, len) = utfast_scalar::utf8::classify_error(&src[e.valid_up_to()..]);
            assert_eq!(w.kind(), kind, "scalar kind: {}", hex(src));
            assert_eq!(
                len.map(usize::from),
                e.error_len(),
                "classify: {}",
                hex(src)
            );
        }
        (std, got) => panic!("scalar {got:?}, std {std:?}: {}", hex(src)),
    }
    assert_eq!(s.is_utf8(src), want8.is_ok(), "scalar is_utf8 {}", hex(src));
    assert_eq!(
        s.is_ascii(src),
        src.is_ascii(),
        "scalar is_ascii {}",
        hex(src)
    );
    for e in ENDIANS {
        let w16 = s.validate_utf16(src, e);
        let first_bad = |from| {
            oracle::decode(src, from)
                .iter()
                .find(|p| p.1.is_none())
                .map(|p| p.0)
        };
        let enc16 = if e == Endian::Little {
            Encoding::Utf16Le
        } else {
            Encoding::Utf16Be
        };
        let enc32 = if e == Endian::Little {
            Encoding::Utf32Le
        } else {
            Encoding::Utf32Be
        };
        assert_eq!(
            w16.err().map(|x| x.valid_up_to()),
            first_bad(enc16),
            "scalar utf16 {e:?} {}",
            hex(src)
        );
        let w32 = s.validate_utf32(src, e);
        assert_eq!(
            w32.err().map(|x| x.valid_up_to()),
            first_bad(enc32),
            "scalar utf32 {e:?} {}",
            hex(src)
        );
    }
    for k in fast_kernels() {
        let what = |op: &str| format!("{} vs scalar {op}: {}", k.name(), hex(src));
        assert_eq!(k.validate_utf8(src), want8, "{}", what("validate_utf8"));
        assert_eq!(k.is_utf8(src), want8.is_ok(), "{}", what("is_utf8"));
        assert_eq!(k.is_ascii(src), src.is_ascii(), "{}", what("is_ascii"));
        for e in ENDIANS {
            let op = format!("{e:?}");
            assert_eq!(
                k.validate_utf16(src, e),
                s.validate_utf16(src, e),
                "{}",
                what(&op)
            );
            assert_eq!(
                k.validate_utf32(src, e),
                s.validate_utf32(src, e),
                "{}",
                what(&op)
            );
        }
    }
}

/// The length/count functions of kernel `k` on `src`, which must be valid in `from`:
/// `(name, value)` pairs, in output units.
pub fn lengths(k: &Kernel, src: &[u8], from: Encoding) -> Vec<(&'static str, usize)> {
    match from {
        Encoding::Utf8 => vec![
            ("count_utf8", k.count_utf8(src)),
            ("utf16_len_from_utf8", k.utf16_len_from_utf8(src)),
        ],
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let e = from.endian().unwrap();
            vec![
                ("count_utf16", k.count_utf16(src, e)),
                ("utf8_len_from_utf16", k.utf8_len_from_utf16(src, e)),
            ]
        }
        Encoding::Utf32Le | Encoding::Utf32Be => {
            let e = from.endian().unwrap();
            vec![
                ("utf8_len_from_utf32", k.utf8_len_from_utf32(src, e)),
                ("utf16_len_from_utf32", k.utf16_len_from_utf32(src, e)),
            ]
        }
        Encoding::Latin1 => vec![("utf8_len_from_latin1", k.utf8_len_from_latin1(src))],
    }
}

/// The values [`lengths`] must return for valid `src`, computed with the oracle.
pub fn expected_lengths(src: &[u8], from: Encoding) -> Vec<(&'static str, usize)> {
    let chars = oracle::char_count(src, from).expect("expected_lengths needs valid input");
    let len_in = |to: Encoding| oracle::transcode(src, from, to, Mode::Strict).out.len();
    let utf8 = len_in(Encoding::Utf8);
    let utf16 = len_in(Encoding::Utf16Le) / 2;
    match from {
        Encoding::Utf8 => vec![("count_utf8", chars), ("utf16_len_from_utf8", utf16)],
        Encoding::Utf16Le | Encoding::Utf16Be => {
            vec![("count_utf16", chars), ("utf8_len_from_utf16", utf8)]
        }
        Encoding::Utf32Le | Encoding::Utf32Be => vec![
            ("utf8_len_from_utf32", utf8),
            ("utf16_len_from_utf32", utf16),
        ],
        Encoding::Latin1 => vec![("utf8_len_from_latin1", utf8)],
    }
}

/// Every kernel's length/count functions on valid `src` equal the real output lengths.
pub fn check_lengths(src: &[u8], from: Encoding) {
    let want = expected_lengths(src, from);
    for &k in kernels() {
        assert_eq!(
            lengths(k, src, from),
            want,
            "{} lengths {from} {}",
            k.name(),
            hex(src)
        );
    }
}

/// Runs every length/count function of every kernel on arbitrary (possibly invalid)
/// bytes: the values are unspecified, but nothing may panic or read out of bounds.
pub fn touch_lengths(src: &[u8]) {
    for &k in kernels() {
        for from in Encoding::ALL {
            let _ = lengths(k, src, from);
        }
    }
}

/// UTF-8 -> X -> UTF-8 is the identity on every kernel (strict and valid mode), and
/// the intermediate form equals std's encoding of `text`.
pub fn check_roundtrip(text: &str) {
    let src = text.as_bytes();
    let latin1_ok = text.chars().all(|c| u32::from(c) < 0x100);
    for to in [
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Utf32Le,
        Encoding::Utf32Be,
        Encoding::Latin1,
    ] {
        if to == Encoding::Latin1 && !latin1_ok {
            continue;
        }
        let mut want_mid = Vec::new();
        for c in text.chars() {
            oracle::encode_char(c, to, &mut want_mid).unwrap();
        }
        for &k in kernels() {
            for mode in [Mode::Strict, Mode::Valid] {
                let what = || format!("{} UTF-8->{to}->UTF-8 {mode:?}: {}", k.name(), hex(src));
                let mid = run_guarded(k, src, Encoding::Utf8, to, mode, want_mid.len(), true);
                assert_eq!(mid.result, Ok(want_mid.len()), "{}", what());
                assert_bytes_eq(&mid.out, &want_mid, what);
                let back = run_guarded(k, &mid.out, to, Encoding::Utf8, mode, src.len(), true);
                assert_eq!(back.result, Ok(src.len()), "{}", what());
                assert_bytes_eq(&back.out, src, what);
            }
        }
    }
}

/// Latin-1 -> UTF-8 -> Latin-1 is the identity on any bytes, on every kernel.
pub fn check_latin1_roundtrip(src: &[u8]) {
    let utf8: String = src.iter().map(|&b| char::from(b)).collect();
    for &k in kernels() {
        for mode in MODES {
            let what = || {
                format!(
                    "{} Latin-1->UTF-8->Latin-1 {mode:?}: {}",
                    k.name(),
                    hex(src)
                )
            };
            let l = Encoding::Latin1;
            let mid = run_guarded(k, src, l, Encoding::Utf8, mode, utf8.len(), true);
            assert_eq!(mid.result, Ok(utf8.len()), "{}", what());
            assert_bytes_eq(&mid.out, utf8.as_bytes(), what);
            let back = run_guarded(k, &mid.out, Encoding::Utf8, l, mode, src.len(), true);
            assert_eq!(back.result, Ok(src.len()), "{}", what());
            assert_bytes_eq(&back.out, src, what);
        }
    }
}

//! The whole-input checks behind the fuzz targets (`fuzz/fuzz_targets/`), also replayed
//! by the regression tests of `utfast-simd`: every kernel of [`kernels`] against the
//! scalar crate (bit-identical outputs, `Ok` values, error kinds and positions), and the
//! scalar crate against the std [`oracle`]. They panic on the first
//! mismatch, with the input in hex.

use crate::harness::{self, call, check_lengths, check_validation, Tail};
use crate::oracle::{self, Outcome};
use crate::{assert_bytes_eq, kernels, to_hex, Encoding, ErrorKind, Kernel, Mode, ALL, MODES};
use utfast_scalar::transcode::max_output_len;

mod wtf8;

/// Fill byte of output buffers; bytes that a transcoder must not write keep it.
pub const SENTINEL: u8 = 0xA5;

/// The encoding selected by a fuzzer byte.
pub fn encoding(b: u8) -> Encoding {
    Encoding::ALL[usize::from(b) % Encoding::ALL.len()]
}

/// The mode selected by a fuzzer byte.
pub fn mode(b: u8) -> Mode {
    MODES[usize::from(b) % MODES.len()]
}

/// Kernel `k` transcodes `src` into a guarded `dst` of `len` bytes ([`harness::call`]);
/// panics if it writes outside `dst` (or into `dst[written..]` when `tail` says so).
pub fn run_kernel(
    k: &Kernel,
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
    len: usize,
    tail: Tail,
) -> Outcome {
    call(
        |s, d| k.transcode(s, d, from, to, mode),
        src,
        len,
        SENTINEL,
        tail,
    )
    .unwrap_or_else(|m| {
        panic!(
            "{} {from}->{to} {mode:?} dst {len}: {m}; src {}",
            k.name(),
            to_hex(src)
        )
    })
}

/// The scalar crate transcodes `src` into a guarded `dst` of `len` bytes; it must
/// write nothing outside `dst[..written]`.
pub fn run_scalar(src: &[u8], from: Encoding, to: Encoding, mode: Mode, len: usize) -> Outcome {
    harness::scalar(src, from, to, mode, len, SENTINEL).unwrap_or_else(|m| {
        panic!(
            "scalar {from}->{to} {mode:?} dst {len}: {m}; src {}",
            to_hex(src)
        )
    })
}

/// Transcodes `src` with every kernel into buffers of generous size, exact size, exact
/// size minus one and `cut` (a fuzzer-chosen fraction, cut / 256, of the exact size),
/// and compares everything with scalar; checks scalar against the std oracle (for
/// `Mode::Valid`, only if `src` is valid input for the pair, see
/// [`oracle::is_valid_for`]; otherwise only memory safety is checked). A too-small
/// `dst` must give `OutputTooSmall` with `dst[..written]` equal to the conversion of
/// `src[..valid_up_to]`. Returns the scalar output.
pub fn check_transcode(src: &[u8], from: Encoding, to: Encoding, mode: Mode, cut: u8) -> Vec<u8> {
    // WTF-8, CESU-8, MUTF-8: their own oracles.
    if crate::WTF8_FAMILY.contains(&from) || crate::WTF8_FAMILY.contains(&to) {
        return wtf8::check_transcode(src, from, to, mode, cut);
    }
    let cap = max_output_len(from, to, src.len());
    let reference = run_scalar(src, from, to, mode, cap);
    if mode == Mode::Valid && !oracle::is_valid_for(src, from, to) {
        // Valid mode on invalid input: anything goes but memory safety (nothing written
        // outside dst, `written <= dst.len()`), for every kernel and several dst sizes.
        let n = reference.written();
        let sizes = [cap, n, n.saturating_sub(1), n * usize::from(cut) / 256];
        for &k in kernels() {
            for len in sizes {
                run_kernel(k, src, from, to, mode, len, Tail::Contract);
            }
        }
        return reference.out;
    }
    // Scalar against the std oracle (Valid mode on valid input equals Strict).
    let oracle_mode = if mode == Mode::Valid {
        Mode::Strict
    } else {
        mode
    };
    let want = oracle::expected(src, from, to, oracle_mode);
    let what = || format!("scalar {from}->{to} {mode:?} (vs std) src {}", to_hex(src));
    assert_bytes_eq(&reference.out, &want.out, what);
    assert_eq!(reference.result, want.result, "{}", what());
    let n = reference.written();
    let mut sizes = vec![(cap, reference.clone())];
    let exact = run_scalar(src, from, to, mode, n);
    assert_eq!(
        exact,
        reference,
        "scalar, exact dst {n}, src {}",
        to_hex(src)
    );
    sizes.push((n, exact));
    let cut_len = n * usize::from(cut) / 256;
    let smaller = if n > 0 { vec![n - 1, cut_len] } else { vec![] };
    for len in smaller {
        let r = run_scalar(src, from, to, mode, len);
        let what = || format!("scalar {from}->{to} {mode:?} dst {len} src {}", to_hex(src));
        let e = r
            .result
            .err()
            .unwrap_or_else(|| panic!("{}: expected OutputTooSmall", what()));
        assert_eq!(e.kind(), ErrorKind::OutputTooSmall, "{}", what());
        assert_eq!(r.out[..], reference.out[..e.written()], "{}", what());
        assert_eq!(
            r,
            oracle::model(src, from, to, oracle_mode, len),
            "{} (vs std)",
            what()
        );
        // dst[..written] is the conversion of src[..valid_up_to], and the next
        // character would not have fit.
        let prefix = run_scalar(&src[..e.valid_up_to()], from, to, mode, cap);
        assert_eq!(prefix.result, Ok(e.written()), "{}: prefix", what());
        sizes.push((len, r));
    }
    for &k in kernels() {
        for (len, want) in &sizes {
            check_kernel(k, src, (from, to, mode), *len, cap, want);
        }
    }
    reference.out
}

/// Kernel `k` transcodes `src` into a guarded `dst` of `len` bytes (of the `cap` that
/// always suffice) exactly as scalar did (`want`): result and output. A too-small
/// `dst` must keep its bytes after the output untouched.
fn check_kernel(
    k: &Kernel,
    src: &[u8],
    (from, to, mode): (Encoding, Encoding, Mode),
    len: usize,
    cap: usize,
    want: &Outcome,
) {
    let tail = if len < cap {
        Tail::Untouched
    } else {
        Tail::Contract
    };
    let got = run_kernel(k, src, from, to, mode, len, tail);
    let what = || {
        format!(
            "{} vs scalar: {from}->{to} {mode:?} dst {len} src {}",
            k.name(),
            to_hex(src)
        )
    };
    assert_eq!(got.result, want.result, "{}", what());
    assert_bytes_eq(&got.out, &want.out, what);
}

/// A copy of `data` that starts `off % 64` bytes past a 64-byte boundary, and its
/// range in the returned buffer: the kernels' loops align their loads and stores to
/// 64 bytes from wherever the input and output start (a first unaligned or partial
/// step), so the fuzz targets place their inputs at every offset, not only where
/// the allocator puts them.
pub fn placed(data: &[u8], off: u8) -> (Vec<u8>, core::ops::Range<usize>) {
    let mut buf = vec![0u8; data.len() + 128];
    let start = buf.as_ptr().align_offset(64) + usize::from(off % 64);
    buf[start..start + data.len()].copy_from_slice(data);
    (buf, start..start + data.len())
}

/// Validation of `src` in every form: every kernel against scalar, scalar against std
/// ([`harness::check_validation`]).
pub fn check_validate(src: &[u8]) {
    if let Err(m) = check_validation(kernels(), src) {
        panic!("{m}");
    }
    wtf8::check_validate(src);
}

/// Every kernel's length/count functions reading `from` on `src` (which the caller
/// made valid in `from`) equal scalar's and std's ([`harness::check_lengths`]).
pub fn check_lengths_valid(src: &[u8], from: Encoding) {
    if crate::WTF8_FAMILY.contains(&from) {
        return; // WTF-8, CESU-8, MUTF-8 have no length functions
    }
    assert!(
        oracle::char_count(src, from).is_some(),
        "check_lengths_valid needs valid {from} input"
    );
    if let Err(m) = check_lengths(kernels(), src, from) {
        panic!("{m}");
    }
}

/// Runs every length/count function of every kernel on arbitrary (possibly invalid)
/// bytes read as every encoding: the values are unspecified on invalid input, but
/// nothing may panic or read out of bounds (and where `src` happens to be valid, they
/// are checked).
pub fn touch_lengths(src: &[u8]) {
    for from in ALL {
        if let Err(m) = check_lengths(kernels(), src, from) {
            panic!("{m}");
        }
    }
}

/// UTF-8 -> X -> UTF-8 is the identity on every kernel (strict and valid mode), and
/// the intermediate form equals std's encoding of `text` (X = UTF-16LE/BE,
/// UTF-32LE/BE, and Latin-1 or a Cyrillic code page (encoding_rs's encoding) when
/// it has every character).
pub fn check_roundtrip(text: &str) {
    let src = text.as_bytes();
    let mut scratch = Vec::new();
    for to in [
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Utf32Le,
        Encoding::Utf32Be,
        Encoding::Latin1,
        // Code pages: the Cyrillic ones, windows-1252, windows-874
        Encoding::Koi8R,
        Encoding::Windows1251,
        Encoding::Ibm866,
        Encoding::Windows1252,
        Encoding::Windows874,
    ] {
        if !text
            .chars()
            .all(|c| oracle::encode_char(c, to, &mut scratch))
        {
            continue;
        }
        let mut want_mid = Vec::new();
        for c in text.chars() {
            assert!(oracle::encode_char(c, to, &mut want_mid));
        }
        for &k in kernels() {
            for mode in [Mode::Strict, Mode::Valid] {
                let what = || format!("{} UTF-8->{to}->UTF-8 {mode:?}: {}", k.name(), to_hex(src));
                let mid = run_kernel(
                    k,
                    src,
                    Encoding::Utf8,
                    to,
                    mode,
                    want_mid.len(),
                    Tail::Untouched,
                );
                assert_eq!(mid.result, Ok(want_mid.len()), "{}", what());
                assert_bytes_eq(&mid.out, &want_mid, what);
                let back = run_kernel(
                    k,
                    &mid.out,
                    to,
                    Encoding::Utf8,
                    mode,
                    src.len(),
                    Tail::Untouched,
                );
                assert_eq!(back.result, Ok(src.len()), "{}", what());
                assert_bytes_eq(&back.out, src, what);
            }
        }
    }
}

/// Latin-1 -> UTF-8 -> Latin-1 is the identity on any bytes, on every kernel and mode.
pub fn check_latin1_roundtrip(src: &[u8]) {
    let utf8: String = src.iter().map(|&b| char::from(b)).collect();
    for &k in kernels() {
        for mode in MODES {
            let what = || {
                format!(
                    "{} Latin-1->UTF-8->Latin-1 {mode:?}: {}",
                    k.name(),
                    to_hex(src)
                )
            };
            let l = Encoding::Latin1;
            let mid = run_kernel(k, src, l, Encoding::Utf8, mode, utf8.len(), Tail::Untouched);
            assert_eq!(mid.result, Ok(utf8.len()), "{}", what());
            assert_bytes_eq(&mid.out, utf8.as_bytes(), what);
            let back = run_kernel(
                k,
                &mid.out,
                Encoding::Utf8,
                l,
                mode,
                src.len(),
                Tail::Untouched,
            );
            assert_eq!(back.result, Ok(src.len()), "{}", what());
            assert_bytes_eq(&back.out, src, what);
        }
    }
}

// Cyrillic code pages
/// Code page -> X -> code page is the identity on any bytes, for every code page,
/// X = UTF-8, UTF-16LE/BE and UTF-32LE, on every kernel and mode, and the
/// intermediate form is encoding_rs's decoding (the oracle's). An undefined byte is
/// an error in strict mode and comes back as `?` otherwise.
pub fn check_codepage_roundtrip(src: &[u8]) {
    for cp in crate::CODE_PAGES {
        let page = utfast_scalar::CodePage::of(cp).expect("a code page");
        let text = oracle::decode_lossy(src, cp);
        let undefined = page.first_undefined(src);
        let back_want: Vec<u8> = src
            .iter()
            .map(|&b| if page.is_defined(b) { b } else { b'?' })
            .collect();
        for via in [
            Encoding::Utf8,
            Encoding::Utf16Le,
            Encoding::Utf16Be,
            Encoding::Utf32Le,
        ] {
            let want_mid = oracle::encode_str(&text, via);
            for &k in kernels() {
                for mode in MODES {
                    let what =
                        || format!("{} {cp}->{via}->{cp} {mode:?}: {}", k.name(), to_hex(src));
                    // (An undefined byte is an input error: the contract allows scratch
                    // bytes after `written`.)
                    let tail = match undefined {
                        Some(_) => Tail::Contract,
                        None => Tail::Untouched,
                    };
                    let mid = run_kernel(k, src, cp, via, mode, want_mid.len(), tail);
                    if let (Some(at), Mode::Strict) = (undefined, mode) {
                        let e = mid.result.expect_err("an undefined byte");
                        assert_eq!((e.kind(), e.valid_up_to()), (ErrorKind::UndefinedByte, at));
                        continue;
                    }
                    assert_eq!(mid.result, Ok(want_mid.len()), "{}", what());
                    assert_bytes_eq(&mid.out, &want_mid, what);
                    let back = run_kernel(k, &mid.out, via, cp, mode, src.len(), Tail::Untouched);
                    assert_eq!(back.result, Ok(src.len()), "{}", what());
                    assert_bytes_eq(&back.out, &back_want, what);
                }
            }
        }
    }
}

/// The encodings whose leading BOM a stream in `from` removes, each selecting its own
/// byte order: its own BOM, or with `sniff` (the unlabelled "UTF-16"/"UTF-32") the BOM
/// of either byte order. None for encodings without a BOM.
pub fn bom_encodings(from: Encoding, sniff: bool) -> Vec<Encoding> {
    let both = match from {
        Encoding::Utf16Le | Encoding::Utf16Be => [Encoding::Utf16Le, Encoding::Utf16Be],
        Encoding::Utf32Le | Encoding::Utf32Be => [Encoding::Utf32Le, Encoding::Utf32Be],
        _ => [from, from],
    };
    let mut v = if sniff { both.to_vec() } else { vec![from] };
    v.dedup();
    v.retain(|e| !e.bom().is_empty());
    v
}

/// What a streaming transcoder must have handed out once the first bytes of a stream,
/// `arrived`, have been fed in calls that did not end the stream ([`prompt_outcome`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    /// The output of every character whose bytes have all arrived and which cannot be
    /// part of a BOM that is still possible.
    pub out: Vec<u8>,
    /// Strict mode: the error that these bytes already decide (stream offset, kind).
    pub error: Option<(u64, ErrorKind)>,
}

/// The [`Prompt`] of `arrived` for a stream from `from` to `to` in `mode` (not
/// `Mode::Valid`), when a leading BOM of one of the encodings `boms` is removed (and
/// selects that encoding). `cut` is the length of the character cut at the end of its
/// input (the facade's `incomplete_suffix_len`): those bytes may still become another
/// character, so nothing of them is due yet. While `arrived` is a proper prefix of an
/// accepted BOM nothing is due; once a byte rules every BOM out, all that is complete
/// is. With `ended` (the stream ended after `arrived`), everything is due: the
/// conversion of the whole stream.
pub fn prompt_outcome(
    arrived: &[u8],
    ended: bool,
    from: Encoding,
    boms: &[Encoding],
    to: Encoding,
    mode: Mode,
    cut: impl Fn(Encoding, &[u8]) -> usize,
) -> Prompt {
    let boms = boms.iter().filter(|e| !e.bom().is_empty());
    let open = boms
        .clone()
        .any(|e| arrived.len() < e.bom().len() && e.bom().starts_with(arrived));
    if open && !ended {
        return Prompt {
            out: Vec::new(),
            error: None,
        };
    }
    let (enc, skip) = boms
        .clone()
        .find(|e| arrived.starts_with(e.bom()))
        .map_or((from, 0), |e| (*e, e.bom().len()));
    let body = &arrived[skip..];
    let whole = if ended {
        body
    } else {
        &body[..body.len() - cut(enc, body)]
    };
    let o = run_scalar(whole, enc, to, mode, max_output_len(enc, to, whole.len()));
    Prompt {
        error: o
            .result
            .err()
            .map(|e| ((skip + e.valid_up_to()) as u64, e.kind())),
        out: o.out,
    }
}

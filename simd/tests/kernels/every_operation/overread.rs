//! Buffer-edge tests for every kernel and every operation.
//!
//! Each input is copied into a `Vec` whose capacity equals its length, so its last byte
//! is the last byte of its heap allocation; output buffers are allocated the same way.
//! Any read past the input or write past the output is then caught by AddressSanitizer
//! (`scripts/asan.sh`); without ASan the test still compares every result with the
//! scalar kernel. Inputs: lengths 0..=300 of ASCII, Latin-1, 2-, 3-, 4-byte and mixed text in
//! every encoding, cut at every byte (so truncated final characters occur), and the same
//! with an invalid final unit. Under QEMU and Node ([`quick`]) the lengths past two
//! 64-byte blocks and a half are sampled: the kernels' loops repeat per block, and
//! their ends (what this file is about) are reached by the shorter lengths; ASan runs
//! natively and takes every length.
//!
//! The scalar kernel is not among the kernels checked here: its operations are the
//! scalar functions every result is compared with, and safe code (the scalar crate
//! forbids `unsafe`) cannot read or write past a slice. Scalar's results are computed
//! once per input and compared with every other kernel.

use utfast_scalar::{Encoding, Mode, TranscodeError};
use utfast_simd::{Kernel, SCALAR};
use utfast_testkit::fuzz::SENTINEL;
use utfast_testkit::{check_lengths, compared, exact_vec, oracle, quick, to_hex, ENDIANS, MODES};

const MAX_LEN: usize = 300;

/// Texts whose encodings are cut to every length 0..=MAX_LEN.
fn texts() -> Vec<(&'static str, String)> {
    let long = |unit: &str| unit.repeat(MAX_LEN + 1);
    vec![
        ("ascii", long("The quick brown fox. ")),
        ("latin1", long("déjà vu ÿ ")),
        // Only two-byte sequences with the lead byte C2 (the UTF-8 -> Latin-1 SIMD path).
        ("latin1-c2", long("¡¿£¥§©« ")),
        ("2-byte", long("Жёлтый ")),
        ("3-byte", long("中文€ ")),
        ("4-byte", long("😀𝄞🎉")),
        ("mixed", long("aé€😀")),
    ]
}

/// An invalid final unit for `e`.
fn invalid_unit(e: Encoding) -> Option<Vec<u8>> {
    Some(match e {
        Encoding::Utf8 => vec![0xFF],
        Encoding::Utf16Le | Encoding::Utf16Be => e.endian()?.write_u16(0xD800).to_vec(),
        Encoding::Utf32Le | Encoding::Utf32Be => e.endian()?.write_u32(0x110000).to_vec(),
        Encoding::Latin1 => return None,
        // Code pages: (almost) every byte is valid.
        cp if utfast_scalar::CodePage::of(cp).is_some() => return None,
        Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => vec![0xFF],
        // `Encoding` is `#[non_exhaustive]`.
        _ => unimplemented!("an encoding this test does not know"),
    })
}

/// The lengths inputs are cut to: every one up to `MAX_LEN`, or under [`quick`] every
/// one up to 160 (two blocks and a half) and every seventh after.
fn lengths() -> Vec<usize> {
    if quick() {
        (0..=160).chain((167..=MAX_LEN).step_by(7)).collect()
    } else {
        (0..=MAX_LEN).collect()
    }
}

/// Every source input: (description, encoding, bytes).
fn inputs() -> Vec<(String, Encoding, Vec<u8>)> {
    let mut out = Vec::new();
    for (name, text) in texts() {
        for from in utfast_testkit::ALL {
            let full = oracle::expected(text.as_bytes(), Encoding::Utf8, from, Mode::Lossy).out;
            for n in lengths() {
                out.push((format!("{name} {from} cut {n}"), from, full[..n].to_vec()));
                if let Some(bad) = invalid_unit(from) {
                    if n >= bad.len() {
                        let mut v = full[..n - bad.len()].to_vec();
                        v.extend_from_slice(&bad);
                        out.push((format!("{name} {from} invalid end {n}"), from, v));
                    }
                }
            }
        }
    }
    out
}

/// Transcodes into an exact-capacity `dst` of `len` bytes.
fn transcode_exact(
    k: &Kernel,
    src: &[u8],
    from: Encoding,
    to: Encoding,
    mode: Mode,
    len: usize,
) -> (Result<usize, TranscodeError>, Vec<u8>) {
    let mut dst = vec![SENTINEL; len];
    assert_eq!(dst.capacity(), len);
    let r = k.transcode(src, &mut dst, from, to, mode);
    let written = match r {
        Ok(n) => n,
        Err(e) => e.written(),
    };
    dst.truncate(written);
    (r, dst)
}

fn check_validation(k: &Kernel, src: &[u8], what: &str) {
    let s = &SCALAR;
    assert_eq!(
        k.validate_utf8(src),
        s.validate_utf8(src),
        "{} {what}",
        k.name()
    );
    assert_eq!(k.is_utf8(src), s.is_utf8(src), "{} {what}", k.name());
    assert_eq!(k.is_ascii(src), src.is_ascii(), "{} {what}", k.name());
    let w = what;
    assert_eq!(
        k.ascii_valid_up_to(src),
        s.ascii_valid_up_to(src),
        "{} {w}",
        k.name()
    );
    for e in ENDIANS {
        let v16 = k.validate_utf16(src, e);
        assert_eq!(v16, s.validate_utf16(src, e), "{} {what}", k.name());
        let v32 = k.validate_utf32(src, e);
        assert_eq!(v32, s.validate_utf32(src, e), "{} {what}", k.name());
        let prefixes = |k: &Kernel| {
            [
                k.ascii_valid_up_to_utf16(src, e),
                k.latin1_valid_up_to_utf16(src, e),
                k.ascii_valid_up_to_utf32(src, e),
                k.latin1_valid_up_to_utf32(src, e),
            ]
        };
        assert_eq!(prefixes(k), prefixes(s), "{} {e:?} {w}", k.name());
        // In place, in an exact allocation: no access past its end.
        let (mut got, mut want) = (exact_vec(src), src.to_vec());
        let n = k.make_well_formed_utf16(&mut got, e);
        let m = s.make_well_formed_utf16(&mut want, e);
        assert_eq!(
            (n, &got),
            (m, &want),
            "{} make_well_formed {e:?} {w}",
            k.name()
        );
    }
}

fn check_transcodes(ks: &[&Kernel], src: &[u8], from: Encoding, what: &str) {
    for to in utfast_testkit::ALL {
        let valid = oracle::is_valid_for(src, from, to);
        for mode in MODES {
            // Scalar output length with an ample buffer, then exact and exact - 1.
            let cap = utfast_scalar::transcode::max_output_len(from, to, src.len());
            let (r, _) = transcode_exact(&SCALAR, src, from, to, mode, cap);
            let n = match r {
                Ok(n) => n,
                Err(e) => e.written(),
            };
            for len in [n, n.saturating_sub(1)] {
                // Unspecified output where `Valid` gets invalid input: only memory
                // safety counts, so there is nothing to compare with.
                let compare = mode != Mode::Valid || valid;
                let want = compare.then(|| transcode_exact(&SCALAR, src, from, to, mode, len));
                for &k in ks {
                    let got = transcode_exact(k, src, from, to, mode, len);
                    if let Some(want) = &want {
                        assert_eq!(
                            &got,
                            want,
                            "{} {from}->{to} {mode:?} dst {len}: {what}: {}",
                            k.name(),
                            to_hex(src)
                        );
                    }
                }
            }
        }
    }
}

/// Every length function on every input (compared with scalar and std where the
/// input is valid for it; only memory safety on invalid input).
fn check_all_lengths(k: &'static Kernel, src: &[u8], what: &str) {
    for f in utfast_testkit::ALL {
        if let Err(m) = check_lengths(&[k], src, f) {
            panic!("{m}: {what}");
        }
    }
}

#[test]
fn every_operation_at_the_end_of_its_allocation() {
    let names: Vec<&str> = compared().iter().map(|k| k.name()).collect();
    println!("kernels: {names:?}");
    let inputs = inputs();
    for (what, from, bytes) in &inputs {
        let src = exact_vec(bytes);
        for &k in compared() {
            check_validation(k, &src, what);
            check_all_lengths(k, &src, what);
        }
        check_transcodes(compared(), &src, *from, what);
    }
    println!("checked {} inputs on {} kernels", inputs.len(), names.len());
}

#[test]
fn exact_allocation_is_exact() {
    // The premise of this file: `exact_vec` and `vec![x; n]` allocate exactly.
    for n in [0, 1, 7, 64, 300] {
        assert_eq!(exact_vec(&vec![b'a'; n]).capacity(), n);
        assert_eq!(vec![SENTINEL; n].capacity(), n);
    }
}

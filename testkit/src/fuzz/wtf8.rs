//! The whole-input checks of the fuzz targets for WTF-8, CESU-8 and MUTF-8: every
//! kernel against scalar, scalar against the oracles of [`crate::oracle::wtf8`].

use super::{check_kernel, run_kernel, run_scalar};
use crate::harness::Tail;
use crate::oracle::wtf8::{
    cesu8_to_string, has_four_byte_sequence, wtf8_from_units, wtf8_to_units,
};
use crate::{kernels, to_hex, Encoding, ErrorKind, Mode, WTF8_FAMILY};
use utfast_scalar::transcode::max_output_len;

/// Scalar validation of `src` in `e` (one of [`crate::WTF8_FAMILY`]) agrees with the
/// oracle; `None` for other encodings.
pub fn oracle_agrees(src: &[u8], e: Encoding) -> Option<()> {
    let ours = match e {
        Encoding::Wtf8 => utfast_scalar::wtf8::validate_wtf8(src),
        Encoding::Cesu8 => utfast_scalar::cesu8::validate_cesu8(src),
        Encoding::Mutf8 => utfast_scalar::cesu8::validate_mutf8(src),
        _ => return None,
    };
    let (oracle_ok, what) = match e {
        Encoding::Wtf8 => (wtf8_to_units(src).is_some(), "the WTF-8 specification"),
        // from_java_cesu8 accepts a raw 00, Java's Modified UTF-8 does not; both
        // of the crate's decoders accept UTF-8's 4-byte sequences, which CESU-8
        // (Unicode Technical Report #26) excludes.
        Encoding::Mutf8 if src.contains(&0) => (false, "Java (a raw 00)"),
        _ if has_four_byte_sequence(src) => (false, "UTR #26 (a 4-byte sequence)"),
        _ => (
            cesu8_to_string(src, e == Encoding::Mutf8).is_some(),
            "the cesu8 crate",
        ),
    };
    assert_eq!(
        ours.is_ok(),
        oracle_ok,
        "scalar {e} validation vs {what}: {ours:?}; src {}",
        to_hex(src)
    );
    Some(())
}

/// Validation in WTF-8, CESU-8 and MUTF-8: every kernel against scalar, scalar against
/// the oracles.
pub fn check_validate(src: &[u8]) {
    for e in WTF8_FAMILY {
        oracle_agrees(src, e);
    }
    for k in kernels() {
        let what = |e: &str| format!("{} validate_{e} vs scalar; src {}", k.name(), to_hex(src));
        assert_eq!(
            k.validate_wtf8(src),
            utfast_scalar::wtf8::validate_wtf8(src),
            "{}",
            what("wtf8")
        );
        assert_eq!(
            k.validate_cesu8(src),
            utfast_scalar::cesu8::validate_cesu8(src),
            "{}",
            what("cesu8")
        );
        assert_eq!(
            k.validate_mutf8(src),
            utfast_scalar::cesu8::validate_mutf8(src),
            "{}",
            what("mutf8")
        );
    }
}

/// [`super::check_transcode`] for pairs with WTF-8, CESU-8 or MUTF-8 on one side:
/// every kernel against scalar with guarded buffers of generous, exact, exact - 1
/// and `cut` / 256 of the exact size (trusted-valid mode only when the input is
/// valid); the `OutputTooSmall` prefix rule; the oracles on the source's validity
/// and, for WTF-8/CESU-8/MUTF-8 -> UTF-16LE/UTF-8, on the output. Returns the scalar
/// output.
pub fn check_transcode(src: &[u8], from: Encoding, to: Encoding, mode: Mode, cut: u8) -> Vec<u8> {
    let cap = max_output_len(from, to, src.len());
    let reference = run_scalar(src, from, to, mode, cap);
    oracle_agrees(src, from);
    let strict = run_scalar(src, from, to, Mode::Strict, cap);
    if strict.result.is_ok() {
        let units = match from {
            Encoding::Wtf8 => wtf8_to_units(src),
            Encoding::Cesu8 | Encoding::Mutf8 => {
                cesu8_to_string(src, from == Encoding::Mutf8).map(|s| s.encode_utf16().collect())
            }
            _ => None,
        };
        if let (Some(units), Encoding::Utf16Le) = (units, to) {
            let want: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
            assert_eq!(
                strict.out,
                want,
                "scalar {from}->UTF-16LE vs oracle; src {}",
                to_hex(src)
            );
        }
    }
    if (from, to) == (Encoding::Utf16Le, Encoding::Wtf8) && src.len().is_multiple_of(2) {
        let units: Vec<u16> = src
            .chunks(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .collect();
        assert_eq!(
            strict.out,
            wtf8_from_units(&units),
            "scalar UTF-16LE->WTF-8 vs oracle"
        );
    }
    let n = reference.written();
    let sizes = [cap, n, n.saturating_sub(1), n * usize::from(cut) / 256];
    if mode == Mode::Valid && strict.result.is_err() {
        for &k in kernels() {
            for len in sizes {
                run_kernel(k, src, from, to, mode, len, Tail::Contract);
            }
        }
        return reference.out;
    }
    for len in sizes {
        let want = run_scalar(src, from, to, mode, len);
        if let Err(e) = want.result {
            if e.kind() == ErrorKind::OutputTooSmall {
                assert_eq!(
                    want.out[..],
                    reference.out[..e.written()],
                    "OutputTooSmall prefix"
                );
                let prefix = run_scalar(&src[..e.valid_up_to()], from, to, mode, cap);
                assert_eq!(
                    prefix.result,
                    Ok(e.written()),
                    "prefix; src {}",
                    to_hex(src)
                );
            }
        }
        for &k in kernels() {
            check_kernel(k, src, (from, to, mode), len, cap, &want);
        }
    }
    reference.out
}

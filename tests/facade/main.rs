//! Tests of the public facade API (`utfast`), organised by API surface; the SIMD
//! kernels themselves are tested in `utfast-simd` (tests/kernels/).
//!
//! - [`validate`]: validation, error kinds, labels and detection, the `kernel` module,
//!   the streaming `Utf8Validator`.
//! - [`transcode`]: every native-unit direction in every mode, `OutputTooSmall`,
//!   lengths, alloc helpers; [`bytes`]: the byte-oriented LE/BE functions and the
//!   generic `transcode`.
//! - [`cesu8_mutf8`]: `cesu8` and `mutf8` against the validators and transcoders.
//! - [`ergonomics`]: exact-size `transcode_to_vec`/`transcode_to_string`, WTF-8 and
//!   `&[u16]`, labels, error messages, `DecodeError::from_io`.
//! - [`std_compat`]: `std_compat`, `compat` and `basic` against std on the
//!   conformance vectors.
//! - [`prefixes`]: the ASCII/Latin-1 prefixes and `make_well_formed_utf16*` on
//!   every kernel.
//! - [`streaming`]: `Transcoder` (every cut of the input and output) and the
//!   `std::io` adapters.

mod bom_stream;
mod bytes;
mod cesu8_mutf8;
mod ergonomics;
mod owned;
mod prefixes;
mod std_compat;
mod streaming;
mod transcode;
mod validate;

/// Valid and invalid UTF-8 samples (invalid ones cover every error kind).
const SAMPLES: &[&[u8]] = &[
    b"",
    b"a",
    b"hello, world",
    "é".as_bytes(),
    "€".as_bytes(),
    "😀".as_bytes(),
    "Grüße, 世界 😀 ÿ".as_bytes(),
    "日本語テキスト".as_bytes(),
    b"\x80",
    b"a\xBFb",
    b"\xC0\x80",
    b"\xC1\xBF",
    b"\xC2",
    b"\xC2a",
    b"\xE0\x80\x80",
    b"\xE0\xA0",
    b"\xE2\x82a",
    b"x\xE2\x82",
    b"\xED\xA0\x80",
    b"\xED\x9F\xBF",
    b"\xEF\xBF\xBF",
    b"\xF0\x8F\xBF\xBF",
    b"\xF0\x90\x80\x80",
    b"\xF0\x9F\x98",
    b"ab\xF0\x9F\x98c",
    b"\xF4\x8F\xBF\xBF",
    b"\xF4\x90\x80\x80",
    b"\xF5\x80",
    b"\xFF",
    b"\xF8\x88\x80\x80\x80",
    b"x\xE2\x82\xACy\xF0\x9F\x98\x80z\xC3",
    b"\xF0\x90\x80\x80\xF0\x90",
];

fn std_err(s: &[u8]) -> Result<(), (usize, Option<usize>)> {
    std::str::from_utf8(s)
        .map(|_| ())
        .map_err(|e| (e.valid_up_to(), e.error_len()))
}

/// Each sample alone and padded with ASCII / multi-byte text on both sides, so the
/// kernel path (64 bytes and more) runs as well as the short scalar path.
fn padded_samples() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for s in SAMPLES {
        for pre in [0usize, 1, 63, 64, 100] {
            for post in [0usize, 3, 70] {
                let mut v = "ä".repeat(pre / 2).into_bytes();
                v.extend(std::iter::repeat_n(b'p', pre % 2));
                v.extend_from_slice(s);
                v.extend(std::iter::repeat_n(b'q', post));
                out.push(v);
            }
        }
    }
    out
}

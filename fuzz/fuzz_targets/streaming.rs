//! Streaming: the input split at fuzzer-chosen points and fed piece by piece equals
//! the one-shot result. Kernel level: a chunked UTF-8 validator built on each
//! kernel's `validate_utf8` (carrying an incomplete final sequence, `error_len() ==
//! None`, into the next chunk) accepts and rejects exactly what one-shot validation does,
//! at the same position; and the facade's `utfast::Utf8Validator` (update per piece,
//! then `finish`) reports exactly `core::str::from_utf8`'s error.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use utfast_fuzz::check;
use utfast_fuzz::oracle::hex;
use utfast_simd::Kernel;

#[derive(Debug, Arbitrary)]
struct Input<'a> {
    /// Chunk lengths (cycled); 0 means an empty `update`. All zero: one empty piece,
    /// then the whole input.
    splits: [u8; 4],
    data: &'a [u8],
}

/// The pieces of `data` for the given cycled chunk lengths.
fn chunks<'a>(data: &'a [u8], splits: &[u8; 4]) -> Vec<&'a [u8]> {
    if splits.iter().all(|&n| n == 0) {
        return vec![&data[..0], data];
    }
    let mut out = Vec::new();
    let mut rest = data;
    for &n in splits.iter().cycle() {
        let n = usize::from(n).min(rest.len());
        let (a, b) = rest.split_at(n);
        out.push(a);
        rest = b;
        if rest.is_empty() && out.len() >= splits.len() {
            break;
        }
    }
    out
}

/// Chunked validation with kernel `k`: `Ok` or the absolute `valid_up_to` of the first error.
fn validate_chunked(k: &Kernel, pieces: &[&[u8]]) -> Result<(), usize> {
    let mut carry: Vec<u8> = Vec::new();
    let mut offset = 0; // absolute position of carry[0]
    for piece in pieces {
        carry.extend_from_slice(piece);
        match (k.validate_utf8)(&carry) {
            Ok(()) => {
                offset += carry.len();
                carry.clear();
            }
            Err(e) if e.error_len().is_none() => {
                assert!(carry.len() - e.valid_up_to() <= 3, "{}: long tail", k.name);
                offset += e.valid_up_to();
                carry.drain(..e.valid_up_to());
            }
            Err(e) => return Err(offset + e.valid_up_to()),
        }
    }
    if carry.is_empty() {
        Ok(())
    } else {
        Err(offset)
    }
}

fuzz_target!(|input: Input<'_>| {
    let pieces = chunks(input.data, &input.splits);
    let want = core::str::from_utf8(input.data)
        .map(|_| ())
        .map_err(|e| e.valid_up_to());
    for &k in check::kernels() {
        let got = validate_chunked(k, &pieces);
        assert_eq!(
            got,
            want,
            "{} chunked {:?}: {}",
            k.name,
            input.splits,
            hex(input.data)
        );
    }
    let mut v = utfast::Utf8Validator::new();
    let mut first_error = None;
    for piece in &pieces {
        v.update(piece);
        // Once reported, an error never changes; an incomplete tail is not one yet.
        if let Some(e) = v.error() {
            assert_eq!(*first_error.get_or_insert(e), e, "error changed");
            assert!(e.error_len().is_some(), "incomplete tail reported early");
        }
    }
    let got = v.finish();
    let std = core::str::from_utf8(input.data);
    assert_eq!(
        got.map_err(|e| (e.valid_up_to(), e.error_len())),
        std.map(|_| ())
            .map_err(|e| (e.valid_up_to(), e.error_len())),
        "Utf8Validator {:?}: {}",
        input.splits,
        hex(input.data)
    );
    if let Some(e) = first_error {
        assert_eq!(got, Err(e), "finish differs from error()");
    }
});

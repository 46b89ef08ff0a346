//! Streaming: the input split at fuzzer-chosen points and fed piece by piece equals
//! the one-shot result.
//!
//! - `utfast::Transcoder` (every kernel via `with_kernel`, every (from, to, mode), BOM
//!   handling Keep/Strip/Sniff, fuzzer-chosen `dst` sizes down to one byte) produces
//!   exactly the output, error offset and kind of one-shot scalar transcoding
//!   (trusted-valid mode: on valid input only; otherwise it must not panic).
//! - After every piece that does not end the stream, it has handed out every character
//!   that is complete and cannot be part of a BOM still possible, and has reported an
//!   error that those bytes decide (`testkit::fuzz::prompt_outcome`).
//! - Kernel level: a chunked UTF-8 validator built on each kernel's `validate_utf8`
//!   (carrying an incomplete final sequence, `error_len() == None`, into the next
//!   chunk) accepts and rejects exactly what one-shot validation does, at the same
//!   position; and the facade's `utfast::Utf8Validator` (update per piece, then
//!   `finish`) reports exactly `core::str::from_utf8`'s error.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use utfast::{BomHandling, Encoding, Mode, Status, Transcoder};
use utfast_simd::Kernel;
use utfast_testkit::fuzz as check;
use utfast_testkit::harness::GUARD;
use utfast_testkit::{assert_bytes_eq, kernels, oracle, to_hex as hex};

#[derive(Debug, Arbitrary)]
struct Input<'a> {
    from: u8,
    to: u8,
    mode: u8,
    /// BOM handling (value % 3): Keep, Strip, Sniff.
    bom: u8,
    /// Size of each `dst` given to the transcoder (0: ample).
    out_len: u8,
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
        match k.validate_utf8(&carry) {
            Ok(()) => {
                offset += carry.len();
                carry.clear();
            }
            Err(e) if e.error_len().is_none() => {
                assert!(
                    carry.len() - e.valid_up_to() <= 3,
                    "{}: long tail",
                    k.name()
                );
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

/// The encodings whose BOM the handling removes (each selecting its byte order).
fn accepted(from: Encoding, bom: BomHandling) -> Vec<Encoding> {
    match bom {
        BomHandling::Keep => vec![],
        BomHandling::Strip => check::bom_encodings(from, false),
        BomHandling::Sniff => check::bom_encodings(from, true),
    }
}

/// The encoding a transcoder reads after BOM handling, and the BOM bytes it skips.
fn after_bom(from: Encoding, bom: BomHandling, data: &[u8]) -> (Encoding, usize) {
    accepted(from, bom)
        .into_iter()
        .find(|e| !e.bom().is_empty() && data.starts_with(e.bom()))
        .map_or((from, 0), |e| (e, e.bom().len()))
}

/// What must have come out once `arrived` was fed without ending the stream.
struct Due<'a> {
    from: Encoding,
    bom: BomHandling,
    to: Encoding,
    mode: Mode,
    data: &'a [u8],
}

impl Due<'_> {
    /// Checks that after the first `fed` bytes (all of them consumed, the stream not
    /// ended) the transcoder has handed out all that is due and held back nothing else,
    /// and that no error was due yet (it would have been reported).
    fn check(&self, fed: usize, out: &[u8], kernel: &str) {
        if self.mode == Mode::Valid {
            return;
        }
        let want = check::prompt_outcome(
            &self.data[..fed],
            false,
            self.from,
            &accepted(self.from, self.bom),
            self.to,
            self.mode,
            utfast::incomplete_suffix_len,
        );
        let what = || {
            format!(
                "{kernel} {}({:?})->{} {:?} after {fed} bytes: {}",
                self.from,
                self.bom,
                self.to,
                self.mode,
                hex(&self.data[..fed])
            )
        };
        assert_eq!(want.error, None, "{}: error not reported", what());
        assert_bytes_eq(out, &want.out, what);
    }
}

/// Streams `pieces` through `t` with output chunks of `out_len` bytes (0: ample):
/// the output, and the first `Malformed` status if any.
/// After each piece that does not end the stream, `due` checks what came out.
fn stream(
    t: &mut Transcoder,
    pieces: &[&[u8]],
    out_len: usize,
    due: impl Fn(usize, &[u8]),
) -> (Vec<u8>, Option<Status>) {
    let mut out = Vec::new();
    let mut fed = 0;
    let total: usize = pieces.iter().map(|p| p.len()).sum();
    let mut budget = 16 * total + 64; // calls; every call must make progress
    for (i, piece) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        let mut pos = 0;
        loop {
            let len = if out_len == 0 {
                4 * piece.len() + 64
            } else {
                out_len
            };
            let mut dst = vec![check::SENTINEL; len + GUARD];
            let (status, read, written) = t.transcode(&piece[pos..], &mut dst[..len], last);
            assert!(
                read <= piece.len() - pos && written <= len,
                "{status:?} {read} {written}"
            );
            assert!(
                dst[len..].iter().all(|&b| b == check::SENTINEL),
                "wrote past dst"
            );
            out.extend_from_slice(&dst[..written]);
            pos += read;
            budget = budget.checked_sub(1).expect("Transcoder makes no progress");
            match status {
                Status::InputEmpty => {
                    assert_eq!(pos, piece.len(), "InputEmpty with input left");
                    fed += pos;
                    if !last {
                        due(fed, &out);
                    }
                    break;
                }
                Status::OutputFull => {}
                malformed => return (out, Some(malformed)),
            }
        }
    }
    (out, None)
}

fn check_transcoder(input: &Input<'_>, pieces: &[&[u8]]) {
    let from = check::encoding(input.from);
    let to = check::encoding(input.to);
    let mode = check::mode(input.mode);
    let bom =
        [BomHandling::Keep, BomHandling::Strip, BomHandling::Sniff][usize::from(input.bom % 3)];
    let data = input.data;
    let (enc, skip) = after_bom(from, bom, data);
    let body = &data[skip..];
    let cap = utfast::max_output_len(enc, to, body.len());
    let want = check::run_scalar(body, enc, to, mode, cap);
    let checked = mode != Mode::Valid || oracle::is_valid_for(body, enc, to);
    for &k in kernels() {
        let mut t = Transcoder::new(from, to, mode).with_bom(bom).with_kernel(k);
        let due = Due {
            from,
            bom,
            to,
            mode,
            data,
        };
        let (out, malformed) = stream(&mut t, pieces, usize::from(input.out_len), |fed, out| {
            due.check(fed, out, k.name())
        });
        if !checked {
            continue;
        }
        let what = || {
            format!(
                "{} {from}({bom:?})->{to} {mode:?} out {} splits {:?}: {}",
                k.name(),
                input.out_len,
                input.splits,
                hex(data)
            )
        };
        assert_eq!(t.from(), enc, "{}: from() after BOM", what());
        assert_eq!(t.bom_skipped(), skip, "{}: bom_skipped", what());
        let want_status = want.result.err().map(|e| Status::Malformed {
            offset: (skip + e.valid_up_to()) as u64,
            kind: e.kind(),
        });
        assert_eq!(malformed, want_status, "{}", what());
        assert_bytes_eq(&out, &want.out, what);
    }
}

fuzz_target!(|input: Input<'_>| {
    let pieces = chunks(input.data, &input.splits);
    check_transcoder(&input, &pieces);
    let want = core::str::from_utf8(input.data)
        .map(|_| ())
        .map_err(|e| e.valid_up_to());
    for &k in kernels() {
        let got = validate_chunked(k, &pieces);
        assert_eq!(
            got,
            want,
            "{} chunked {:?}: {}",
            k.name(),
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

//! Exact lossy lengths and the owned/chunked UTF-8 drop-ins on any input.
//!
//! Input: one header byte (the source encoding, `testkit::fuzz::encoding`), then the
//! text. For every target encoding, `utfast::lossy_output_len` (the active kernel's
//! fast path: validate, count, scalar after each error) must equal the scalar
//! reference count and the length of the real lossy output (scalar transcoder), and
//! that output must fit a buffer of exactly that length. UTF-8 input is also checked
//! against std: `utf8_chunks`, `string_from_utf8`, `string_from_utf8_lossy_owned`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast_scalar::{transcode, Encoding, Mode};
use utfast_testkit::fuzz as check;
use utfast_testkit::to_hex as hex;

fuzz_target!(|data: &[u8]| {
    // Prints the kernels once (`kernels under test: ...`); the fast counts run on the
    // active one, the first of that list (the AVX-512 tiers under the model).
    let _ = utfast_testkit::kernels();
    let Some((&head, src)) = data.split_first() else {
        return;
    };
    let from = check::encoding(head);
    for to in Encoding::ALL {
        let what = || format!("{from} -> {to}: {}", hex(src));
        let mut dst = vec![0u8; transcode::max_output_len(from, to, src.len())];
        let n = transcode::transcode(src, &mut dst, from, to, Mode::Lossy).expect("lossy, worst-case buffer");
        assert_eq!(transcode::lossy_output_len(src, from, to), n, "scalar count {}", what());
        assert_eq!(utfast::lossy_output_len(src, from, to), n, "fast count {}", what());
        let mut exact = vec![0u8; n];
        assert_eq!(utfast::transcode(src, &mut exact, from, to, Mode::Lossy), Ok(n), "{}", what());
        assert_eq!(exact[..], dst[..n], "{}", what());
    }
    if from == Encoding::Utf8 {
        let got: Vec<(&str, &[u8])> = utfast::utf8_chunks(src).map(|c| (c.valid(), c.invalid())).collect();
        let want: Vec<(&str, &[u8])> = src.utf8_chunks().map(|c| (c.valid(), c.invalid())).collect();
        assert_eq!(got, want, "utf8_chunks {}", hex(src));
        let std = String::from_utf8(src.to_vec());
        match utfast::string_from_utf8(src.to_vec()) {
            Ok(s) => assert_eq!(Ok(s), std),
            Err(e) => {
                let w = std.unwrap_err();
                let (a, b) = (e.utf8_error(), w.utf8_error());
                assert_eq!((a.valid_up_to(), a.error_len()), (b.valid_up_to(), b.error_len()));
                assert_eq!(e.into_bytes(), w.into_bytes());
            }
        }
        assert_eq!(utfast::string_from_utf8_lossy_owned(src.to_vec()), String::from_utf8_lossy(src));
        assert_eq!(utfast::utf8_len_from_utf8_lossy(src), String::from_utf8_lossy(src).len());
    }
});

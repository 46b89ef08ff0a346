//! Transcoding: one (from, to, mode) of the 12 x 12 x 3 combinations per input (the
//! Unicode forms, Latin-1, the Cyrillic code pages, and WTF-8, CESU-8 and MUTF-8
//! checked against their own oracles, `utfast_testkit::wtf8`), every
//! kernel against scalar with generous, exact, exact-minus-one and fuzzer-chosen
//! smaller output buffers (guarded by sentinel bytes), scalar against the std oracle;
//! the facade's `utfast::transcode` (active kernel) against scalar; then the
//! length/count functions on the input made valid. The input starts at a
//! fuzzer-chosen offset from a 64-byte boundary (`place`).
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use utfast_scalar::Mode;
use utfast_testkit::fuzz as check;
use utfast_testkit::oracle;

#[derive(Debug, Arbitrary)]
struct Input<'a> {
    from: u8,
    to: u8,
    /// Mode (value % 3); for `Mode::Valid`, bit 7 set keeps the raw (maybe invalid)
    /// input, which only has to be handled memory-safely.
    mode: u8,
    /// Size of the extra, smaller output buffer as a fraction (cut / 256) of the exact size.
    cut: u8,
    /// Where the input starts: `place % 64` bytes past a 64-byte boundary.
    place: u8,
    data: &'a [u8],
}

fuzz_target!(|input: Input<'_>| {
    let from = check::encoding(input.from);
    let to = check::encoding(input.to);
    let mode = check::mode(input.mode);
    let src = if mode == Mode::Valid && input.mode < 0x80 {
        oracle::make_valid_for(input.data, from, to)
    } else {
        input.data.to_vec()
    };
    let (buf, range) = check::placed(&src, input.place);
    let src = &buf[range];
    check::check_transcode(src, from, to, mode, input.cut);
    if mode != Mode::Valid || oracle::is_valid_for(src, from, to) {
        // The facade's generic transcoder (active kernel) agrees with scalar.
        let cap = utfast::max_output_len(from, to, src.len());
        let want = check::run_scalar(src, from, to, mode, cap);
        let mut dst = vec![check::SENTINEL; cap];
        let got = utfast::transcode(src, &mut dst, from, to, mode);
        assert_eq!(got, want.result, "facade {from}->{to} {mode:?}");
        assert_eq!(
            dst[..want.written()],
            want.out[..],
            "facade {from}->{to} {mode:?}"
        );
    }
    check::check_lengths_valid(&oracle::make_valid(input.data, from), from);
    check::touch_lengths(input.data);
});

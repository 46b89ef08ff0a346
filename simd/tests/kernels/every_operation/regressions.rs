//! Regression tests from fuzzing: every finding of `fuzz/run.sh` becomes a named test
//! here with its minimized input, replayed through the same checks the fuzz targets run
//! (`utfast_testkit::fuzz`): every kernel of `utfast_simd::available()` against scalar,
//! and scalar against std.

use utfast_scalar::{Encoding, Mode};
use utfast_testkit::fuzz as check;
use utfast_testkit::{hex as unhex, oracle, quick, sampled_pair, MODES, UNICODE, WTF8_FAMILY};

/// Whether [`replay`] transcodes `from -> to`: the pairs of [`sampled_pair`]; under
/// [`quick`] (QEMU, Node) only those from a Unicode form or the WTF-8 family, whose
/// decoders the boundary sequences of these inputs are about, to the encodings of
/// `utfast_testkit::ALL` and the WTF-8 family. Natively (and under ASan) every sampled pair.
fn replayed_pair(from: Encoding, to: Encoding) -> bool {
    let decoded = |e: Encoding| UNICODE.contains(&e) || WTF8_FAMILY.contains(&e);
    let core = |e: Encoding| utfast_testkit::ALL.contains(&e) || WTF8_FAMILY.contains(&e);
    sampled_pair(from, to) && (!quick() || (decoded(from) && core(to)))
}

/// Replays `data` through every check of the validate, transcode (the pairs of
/// [`replayed_pair`], every mode, the `cut` sizes in turn) and roundtrip targets.
fn replay(data: &[u8]) {
    check::check_validate(data);
    for from in Encoding::ALL {
        let valid = oracle::make_valid(data, from);
        for to in Encoding::ALL {
            if !replayed_pair(from, to) {
                continue;
            }
            let valid_for = oracle::make_valid_for(data, from, to);
            for (i, mode) in MODES.into_iter().enumerate() {
                // `cut` only picks one of the `dst` sizes a check tries (besides the
                // worst case, the exact size and one less), so one value per pair and
                // mode, in turn, reaches the three: all three for every pair tripled
                // the suite's time, under ASan, QEMU and Node too.
                let cut = [0, 0x80, 0xFF][(from as usize + to as usize + i) % 3];
                check::check_transcode(data, from, to, mode, cut);
                check::check_transcode(&valid_for, from, to, mode, cut);
            }
        }
        check::check_lengths_valid(&valid, from);
    }
    check::touch_lengths(data);
    check::check_roundtrip(&String::from_utf8_lossy(data));
    check::check_latin1_roundtrip(data);
}

/// Replays one input of the transcode target: header bytes `[from, to, mode, cut]`
/// followed by the data (the layout of a `fuzz/artifacts/transcode/` file).
#[allow(dead_code)]
fn replay_transcode_artifact(artifact: &[u8]) {
    let (&[from, to, mode, cut], data) = artifact.split_first_chunk::<4>().unwrap();
    let (from, to, m) = (
        check::encoding(from),
        check::encoding(to),
        check::mode(mode),
    );
    let src = if m == Mode::Valid && mode < 0x80 {
        oracle::make_valid_for(data, from, to)
    } else {
        data.to_vec()
    };
    check::check_transcode(&src, from, to, m, cut);
}

/// The boundary sequences of Unicode Table 3-7 and their ill-formed neighbours, at
/// the start, in the middle and at the end of a 64-byte block: the inputs the
/// dictionary `fuzz/utf8.dict` starts every campaign with.
#[test]
fn table_3_7_boundaries_in_every_block_position() {
    let seqs = [
        "c280", "dfbf", "e0a080", "e0bfbf", "ed9fbf", "ee8080", "efbfbf", "f0908080", "f48fbfbf",
        "c0af", "e080af", "eda080", "f08080af", "f4908080", "c2", "e0a0", "f090", "f5", "ff",
        "fffe", "feff", "00d8", "d800", "00dc", "fffe0000", "0000feff", "00001100",
    ];
    for s in seqs {
        let seq = unhex(s);
        for at in [0, 30, 61, 64 - seq.len()] {
            let at = at.min(64 - seq.len());
            let mut data = vec![b'a'; 64];
            data.splice(at..at + seq.len(), seq.iter().copied());
            replay(&data);
            data.truncate(at + seq.len());
            replay(&data);
        }
    }
}

//! `par_validate_utf8`, `par_transcode` and `par_transcode_to_vec` (feature `rayon`)
//! give exactly one thread's results, first error included, on a damaged corpus cut
//! into pieces every few bytes, and on the kernel chosen by `UTFAST_KERNEL` (every
//! kernel, through `each_kernel`).
#![cfg(feature = "rayon")]

use utfast::{Encoding, Mode};
use utfast_testkit::{damage, each_kernel, encode_str, lipsum, Rng, MODES};

/// Every encoding, WTF-8, CESU-8 and MUTF-8 included.
const ALL: [Encoding; 12] = Encoding::ALL;

/// The lipsum corpus in `from`: each language intact and damaged at two rates, and
/// a cut end now and then. Short pieces of each text keep the test fast.
fn corpus(from: Encoding, rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (_, text) in lipsum() {
        let head: String = text.chars().take(700).collect();
        let bytes = match from {
            // Any bytes are Latin-1 or a Cyrillic code page: the low byte of each
            // character.
            Encoding::Latin1 | Encoding::Koi8R | Encoding::Windows1251 | Encoding::Ibm866 => {
                head.chars().map(|c| c as u32 as u8).collect()
            }
            _ => encode_str(&head, from),
        };
        for every in [0, 37, 400] {
            let mut b = bytes.clone();
            if every > 0 {
                damage(rng, &mut b, every);
            }
            if rng.below(3) == 0 {
                b.pop();
            }
            out.push(b);
        }
    }
    out
}

#[test]
fn par_validate_utf8_is_validate_utf8() {
    if each_kernel("par_validate_utf8_is_validate_utf8") {
        return;
    }
    let mut rng = Rng(0xAA);
    for src in corpus(Encoding::Utf8, &mut rng) {
        let want = utfast::validate_utf8(&src);
        for piece in [4, 8, 12, 16, 28, 64, 256] {
            assert_eq!(
                utfast::par_validate_utf8_in_pieces(&src, piece),
                want,
                "pieces of {piece}: {src:?}"
            );
        }
        assert_eq!(utfast::par_validate_utf8(&src), want);
    }
}

#[test]
fn par_transcode_is_transcode() {
    if each_kernel("par_transcode_is_transcode") {
        return;
    }
    let mut rng = Rng(0xBB);
    for from in ALL {
        let inputs = corpus(from, &mut rng);
        for to in ALL {
            for mode in MODES {
                for (i, src) in inputs.iter().enumerate() {
                    // Every piece size for a few inputs, one per input otherwise.
                    let sizes: Vec<usize> = if i % 9 == 0 {
                        vec![4, 8, 12, 20, 36, 100]
                    } else {
                        vec![4 * (1 + (i + from as usize + to as usize) % 16)]
                    };
                    for piece in sizes {
                        check(src, from, to, mode, piece);
                    }
                }
            }
        }
    }
}

/// One input, one piece size: into a worst-case buffer, an exact one, a short one,
/// and into a new `Vec`.
fn check(src: &[u8], from: Encoding, to: Encoding, mode: Mode, piece: usize) {
    let what = || format!("{from} -> {to} {mode:?}, pieces of {piece}: {src:?}");
    let max = utfast::max_output_len(from, to, src.len());
    let mut want = vec![0u8; max];
    let want_r = utfast::transcode(src, &mut want, from, to, mode);
    let valid_len = match want_r {
        Ok(n) => n,
        Err(e) => e.written(),
    };
    // Trusted-valid mode on invalid input has no specified output.
    if mode == Mode::Valid && utfast::validate(src, from).is_err() {
        return;
    }
    for dst_len in [max, valid_len, valid_len / 2, valid_len.saturating_sub(1)] {
        let mut want = vec![0u8; dst_len];
        let want_r = utfast::transcode(src, &mut want, from, to, mode);
        let mut got = vec![0u8; dst_len];
        let got_r = utfast::par_transcode_in_pieces(src, &mut got, (from, to, mode), piece);
        assert_eq!(got_r, want_r, "dst of {dst_len}: {}", what());
        let n = got_r.unwrap_or_else(|e| e.written());
        assert_eq!(got[..n], want[..n], "dst of {dst_len}: {}", what());
    }
    let got = utfast::par_transcode_to_vec_in_pieces(src, (from, to, mode), piece);
    assert_eq!(
        got,
        utfast::transcode_to_vec(src, from, to, mode),
        "{}",
        what()
    );
}

#[test]
fn large_inputs_use_the_pool() {
    // Above the threshold the public functions cut the input themselves.
    let mut text = "Grüße, 世界 😀 ".repeat(120_000).into_bytes();
    assert_eq!(utfast::par_validate_utf8(&text), Ok(()));
    let v = utfast::par_transcode_to_vec(&text, Encoding::Utf8, Encoding::Utf16Le, Mode::Strict)
        .unwrap();
    assert_eq!(
        v,
        utfast::transcode_to_vec(&text, Encoding::Utf8, Encoding::Utf16Le, Mode::Strict).unwrap()
    );
    let mut rng = Rng(5);
    damage(&mut rng, &mut text, 300_000);
    assert_eq!(
        utfast::par_validate_utf8(&text),
        utfast::validate_utf8(&text)
    );
    for mode in [Mode::Strict, Mode::Lossy] {
        let got = utfast::par_transcode_to_vec(&text, Encoding::Utf8, Encoding::Utf32Be, mode);
        assert_eq!(
            got,
            utfast::transcode_to_vec(&text, Encoding::Utf8, Encoding::Utf32Be, mode)
        );
    }
}

//! `par_validate_utf8`, `par_transcode` and `par_transcode_to_vec` (feature `rayon`)
//! give exactly one thread's results, first error included, on a damaged corpus cut
//! into pieces every few bytes, and on the kernel chosen by `UTFAST_KERNEL` (every
//! kernel, through `each_kernel`).
//!
//! The many small cases run in a pool of one thread: a piece's work, the cuts and the
//! joining do not depend on the number of threads (a round counts `max(threads, 2) - 1`
//! pieces either way, and the tasks of a round share nothing), while a multi-thread
//! pool spends tens of microseconds waking its threads for each of the thousands of
//! tiny rounds. A share of the cases, and `large_inputs_use_the_pool`, run on the
//! global pool with all its threads.
#![cfg(feature = "rayon")]

use utfast::{Encoding, Mode};
use utfast_testkit::{damage, each_kernel, lipsum, sampled_pair, text_bytes, CodePage, Rng, MODES};

/// Every encoding, WTF-8, CESU-8 and MUTF-8 included.
const ALL: [Encoding; 37] = Encoding::ALL;

/// The code pages of the pairs: one of each layout of their tables (Cyrillic, Latin
/// with undefined bytes, three-byte Thai). A single-byte input is cut at any byte
/// boundary whatever its page, and the pieces' conversions are the kernel suites'
/// concern, so the other pages would repeat these cases.
const PAGES: [Encoding; 3] = [Encoding::Koi8R, Encoding::Windows1252, Encoding::Windows874];

/// Whether the test runs `from -> to`: the pairs of [`sampled_pair`] whose code pages
/// are in [`PAGES`].
fn par_pair(from: Encoding, to: Encoding) -> bool {
    let kept = |e: Encoding| CodePage::of(e).is_none() || PAGES.contains(&e);
    sampled_pair(from, to) && kept(from) && kept(to)
}

/// The lipsum corpus in `from`: each language intact and damaged at two rates, and
/// a cut end now and then. Short pieces of each text keep the test fast.
fn corpus(from: Encoding, rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (_, text) in lipsum() {
        let head: String = text.chars().take(700).collect();
        let bytes = text_bytes(&head, from);
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

/// `f` in a pool of one thread (built once).
fn one_thread<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    static POOL: std::sync::OnceLock<rayon::ThreadPool> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("a pool of one thread")
    })
    .install(f)
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
            let got = utfast::par_validate_utf8_in_pieces(&src, piece);
            assert_eq!(got, want, "pieces of {piece}: {src:?}");
            let got = one_thread(|| utfast::par_validate_utf8_in_pieces(&src, piece));
            assert_eq!(got, want, "pieces of {piece}, one thread: {src:?}");
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
    let inputs: Vec<Vec<Vec<u8>>> = ALL.iter().map(|&from| corpus(from, &mut rng)).collect();
    // (from, input, to, mode, piece size, also on the global pool). The global pool
    // takes a sixteenth of the inputs: each of its calls wakes its threads, which then
    // spin before they sleep again, and that, not the checks, would fill the test's time.
    let mut cases = Vec::new();
    for (&from, inputs) in ALL.iter().zip(&inputs) {
        for to in ALL {
            if !par_pair(from, to) {
                continue;
            }
            for mode in MODES {
                for (i, src) in inputs.iter().enumerate() {
                    // Every piece size for a few inputs, one per input otherwise.
                    let sizes: Vec<usize> = if i % 9 == 0 {
                        vec![4, 8, 12, 20, 36, 100]
                    } else {
                        vec![4 * (1 + (i + from as usize + to as usize) % 16)]
                    };
                    for (j, &piece) in sizes.iter().enumerate() {
                        let global = j == 0 && (i + mode as usize).is_multiple_of(16);
                        cases.push((from, src, to, mode, piece, global));
                    }
                }
            }
        }
    }
    one_thread(|| {
        for &(from, src, to, mode, piece, _) in &cases {
            check(src, from, to, mode, piece);
        }
    });
    let global: Vec<_> = cases.iter().filter(|c| c.5).collect();
    println!(
        "{} cases on one thread, {} of them also on the global pool ({} threads)",
        cases.len(),
        global.len(),
        rayon::current_num_threads()
    );
    for &&(from, src, to, mode, piece, _) in &global {
        check(src, from, to, mode, piece);
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

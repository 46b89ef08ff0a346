//! The program of `scripts/wasm-speed.sh`, built for wasm32-wasip1 with simd128 and
//! run under node: on every lipsum text and every "Mars" article of `tests/data`, the
//! wasm kernel against simdutf8's simd128 validator (validation) and against our
//! scalar kernel (validation, UTF-8 <-> UTF-16LE, UTF-8 -> UTF-32LE), timed in one
//! process and interleaved (`benches/lib.rs`'s `time_all`, twice: every function once
//! per round, the best round counts), so that a slow phase of the machine hits every
//! column alike.
//!
//! Prints Markdown tables in GB/s (input bytes per second), one per operation, with
//! the ratios the report states, then a line `min/max <ratio> <min> <max>` per ratio.
//! An argument keeps only the texts whose names contain it; `UTFAST_BENCH_OPS` (a
//! comma-separated list of parts of table titles, such as `UTF-32`) only those tables.

use std::hint::black_box;
use utfast_scalar::{Encoding, Mode};
use utfast_simd::Kernel;

#[allow(dead_code, unused_imports)]
#[path = "../../../benches/lib.rs"]
mod loader;

/// The texts: the lipsum files, the UTF-8 "Mars" articles and `twitter.json` (not the
/// Latin-1 only copies, nor `Latin1`, which are not what the report is about).
/// Loaded once, for the whole run (the timed closures keep them).
fn texts() -> Vec<(String, &'static str)> {
    let mut out = loader::bench_texts();
    out.retain(|(name, _)| name != "Latin1" && !loader::latin1_only(name));
    out.into_iter()
        .map(|(name, s)| (name, &*s.leak()))
        .collect()
}

/// GB/s of `bytes` in `secs`.
fn gbps(bytes: usize, secs: f64) -> f64 {
    bytes as f64 / secs / 1e9
}

fn kernel(name: &str) -> &'static Kernel {
    utfast_simd::by_name(name).unwrap_or_else(|| panic!("no kernel {name} in this build"))
}

/// One table: `cols` named functions on each text, GB/s of the input, then the
/// ratios `(name, numerator column, denominator column)` and their minimum and maximum.
fn table(
    texts: &[(String, &'static str)],
    title: &str,
    cols: &[&str],
    ratios: &[(&str, usize, usize)],
    mut run: impl FnMut(&'static str) -> (usize, Vec<Box<dyn FnMut()>>),
) {
    let ops = std::env::var("UTFAST_BENCH_OPS").unwrap_or_default();
    if !ops.is_empty() && !ops.split(',').any(|op| title.contains(op)) {
        return;
    }
    println!("\n### {title} (GB/s of input)\n");
    let mut head: Vec<String> = vec!["text".into()];
    head.extend(cols.iter().map(|c| c.to_string()));
    head.extend(ratios.iter().map(|r| r.0.to_string()));
    loader::print_row(&head, true, true);
    let mut values = vec![Vec::new(); ratios.len()];
    for (name, s) in texts {
        let (bytes, mut fs) = run(s);
        // Two passes of `time_all`, the better of each: on a busy shared machine one
        // pass of short rounds can miss every fast phase for one column.
        let first = loader::time_all(&mut fs);
        let secs: Vec<f64> = loader::time_all(&mut fs)
            .iter()
            .zip(&first)
            .map(|(a, b)| a.min(*b))
            .collect();
        let mut row = vec![name.clone()];
        row.extend(secs.iter().map(|&t| format!("{:.2}", gbps(bytes, t))));
        for (k, &(_, a, b)) in ratios.iter().enumerate() {
            // Speed ratio: time of the denominator over time of the numerator.
            let r = secs[b] / secs[a];
            values[k].push(r);
            row.push(format!("{r:.2}"));
        }
        loader::print_row(&row, true, false);
    }
    for (k, r) in ratios.iter().enumerate() {
        let min = values[k].iter().cloned().fold(f64::MAX, f64::min);
        let max = values[k].iter().cloned().fold(0.0, f64::max);
        println!("\n{title}, {}: min {min:.2}, max {max:.2}", r.0);
    }
}

fn main() {
    let (wasm, scalar) = (kernel("wasm"), kernel("scalar"));
    println!(
        "kernels: {:?}",
        utfast_simd::available()
            .map(|k| k.name())
            .collect::<Vec<_>>()
    );

    // Validation: ours with the exact error (`validate_utf8`, what
    // `std::str::from_utf8` answers) against simdutf8's `compat` (the same answer), and
    // ours yes/no (`is_utf8`) against simdutf8's `basic` (the same).
    let texts = texts();
    table(
        &texts,
        "UTF-8 validation",
        &[
            "wasm validate_utf8",
            "simdutf8 compat",
            "wasm is_utf8",
            "simdutf8 basic",
            "scalar validate_utf8",
        ],
        &[
            ("compat ratio", 0, 1),
            ("basic ratio", 2, 3),
            ("wasm/scalar", 0, 4),
        ],
        |s| {
            let b = s.as_bytes();
            let fs: Vec<Box<dyn FnMut()>> = vec![
                Box::new(move || assert!(wasm.validate_utf8(black_box(b)).is_ok())),
                Box::new(move || assert!(simdutf8::compat::from_utf8(black_box(b)).is_ok())),
                Box::new(move || assert!(wasm.is_utf8(black_box(b)))),
                Box::new(move || assert!(simdutf8::basic::from_utf8(black_box(b)).is_ok())),
                Box::new(move || assert!(scalar.validate_utf8(black_box(b)).is_ok())),
            ];
            (b.len(), fs)
        },
    );

    // Transcoding, strict (validating) mode, into a buffer of the largest size (UTF-32
    // output: four bytes per input byte).
    let transcode = |from: Encoding, to: Encoding, title: &str| {
        table(
            &texts,
            title,
            &["wasm", "scalar"],
            &[("wasm/scalar", 0, 1)],
            |s| {
                let src: Vec<u8> = match from {
                    Encoding::Utf8 => s.as_bytes().to_vec(),
                    _ => s.encode_utf16().flat_map(u16::to_le_bytes).collect(),
                };
                let src: &'static [u8] = Box::leak(src.into_boxed_slice());
                let len = src.len();
                let fs: Vec<Box<dyn FnMut()>> = [wasm, scalar]
                    .into_iter()
                    .map(|k| {
                        let mut dst = vec![0u8; 4 * len + 64];
                        Box::new(move || {
                            let n = k.transcode(black_box(src), &mut dst, from, to, Mode::Strict);
                            assert!(n.is_ok());
                        }) as Box<dyn FnMut()>
                    })
                    .collect();
                (len, fs)
            },
        );
    };
    transcode(Encoding::Utf8, Encoding::Utf16Le, "UTF-8 -> UTF-16LE");
    transcode(Encoding::Utf8, Encoding::Utf32Le, "UTF-8 -> UTF-32LE");
    transcode(Encoding::Utf16Le, Encoding::Utf8, "UTF-16LE -> UTF-8");
}

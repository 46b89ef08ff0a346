//! Side-by-side timing of every kernel's UTF-8 transcoders against the scalar kernel
//! on the lipsum corpora: UTF-8 <-> UTF-16LE, UTF-8 <-> UTF-32LE and UTF-8 -> Latin-1
//! (on the text with every character above U+00FF replaced by 'é'). A small harness
//! (best of N runs of a fixed number of repetitions) so one run shows ratios measured
//! together; GB/s are of the input.
//!
//! `cargo bench -p utfast-benches --bench transcode_generic` (optionally a file-name
//! filter as the first argument, e.g. `Latin`).

use std::hint::black_box;
use std::time::Instant;
use utfast_scalar::{Endian, Mode};
use utfast_simd::{Kernel, TranscodeFn};

/// Best time (seconds) per call of `f`.
fn time(mut f: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..9 {
        let t = Instant::now();
        for _ in 0..10 {
            f();
        }
        best = best.min(t.elapsed().as_secs_f64() / 10.0);
    }
    best
}

/// GB/s of `op` of kernel `k` on `src` (the result is checked against `want`).
fn speed(k: &Kernel, op: fn(&Kernel) -> TranscodeFn, src: &[u8], e: Endian, want: usize) -> f64 {
    let f = op(k);
    let mut dst = vec![0u8; 4 * src.len() + 64];
    let n = f(src, &mut dst, e, e, Mode::Strict).expect("valid input");
    assert_eq!(n, want, "{}", k.name());
    let t = time(|| {
        black_box(f(black_box(src), black_box(&mut dst), e, e, Mode::Strict)).ok();
    });
    src.len() as f64 / t / 1e9
}

fn main() {
    let filter = std::env::args().nth(1).filter(|a| !a.starts_with('-'));
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/lipsum");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".utf8.txt"))
        .filter(|p| {
            filter
                .as_ref()
                .is_none_or(|f| p.to_string_lossy().contains(f.as_str()))
        })
        .collect();
    files.sort();
    let kernels: Vec<&Kernel> = utfast_simd::available().collect();
    type Op = fn(&Kernel) -> TranscodeFn;
    let ops: [(&str, Op); 5] = [
        ("8->16", |k| k.utf8_to_utf16),
        ("16->8", |k| k.utf16_to_utf8),
        ("8->32", |k| k.utf8_to_utf32),
        ("32->8", |k| k.utf32_to_utf8),
        ("8->L1", |k| k.utf8_to_latin1),
    ];
    print!("{:<10} {:<7}", "file", "kernel");
    for (name, _) in &ops {
        print!(" {name:>7} {:>6}", "x");
    }
    println!("   (GB/s of input; x = ratio to scalar)");
    for path in &files {
        let name = path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .replace("-Lipsum.utf8.txt", "");
        let text = std::fs::read_to_string(path).unwrap();
        let latin: String = text
            .chars()
            .map(|c| if (c as u32) < 0x100 { c } else { 'é' })
            .collect();
        let src16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let src32: Vec<u8> = text
            .chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect();
        let inputs: [(&[u8], usize); 5] = [
            (text.as_bytes(), src16.len()),
            (&src16, text.len()),
            (text.as_bytes(), src32.len()),
            (&src32, text.len()),
            (latin.as_bytes(), latin.chars().count()),
        ];
        let scalar: Vec<f64> = ops
            .iter()
            .zip(&inputs)
            .map(|((_, op), (src, want))| {
                speed(&utfast_simd::SCALAR, *op, src, Endian::Little, *want)
            })
            .collect();
        for k in &kernels {
            print!("{name:<10} {:<7}", k.name());
            for (i, ((_, op), (src, want))) in ops.iter().zip(&inputs).enumerate() {
                let s = if k.name() == "scalar" {
                    scalar[i]
                } else {
                    speed(k, *op, src, Endian::Little, *want)
                };
                print!(" {s:>7.2} {:>6.2}", s / scalar[i]);
            }
            println!();
        }
    }
}

//! Side-by-side timing of the SIMD UTF-8 <-> UTF-16LE transcoders against simdutf
//! (C++) and encoding_rs on the lipsum corpora. A small harness (best of N runs of
//! a fixed number of repetitions) so one run shows ratios measured together.
//!
//! `cargo bench --bench transcode_utf16`; set `SIMDUTF_FORCE_IMPLEMENTATION` to pick
//! simdutf's kernel (`haswell` = AVX2, `icelake` = AVX-512).

use std::hint::black_box;
use std::time::Instant;
use utfast_scalar::{Endian, Mode};

/// Best time (seconds) of `runs` x `reps` calls of `f`.
fn time(mut f: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..15 {
        let t = Instant::now();
        for _ in 0..20 {
            f();
        }
        best = best.min(t.elapsed().as_secs_f64() / 20.0);
    }
    best
}

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lipsum");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".utf8.txt"))
        .collect();
    files.sort();
    let kernels: Vec<_> = utfast_simd::available().collect();
    println!(
        "simdutf: SIMDUTF_FORCE_IMPLEMENTATION={:?}",
        std::env::var("SIMDUTF_FORCE_IMPLEMENTATION").ok()
    );
    println!(
        "{:<10} {:<8} {:>9} {:>9} {:>9} {:>8} {:>8}",
        "file", "kernel", "ours GB/s", "simdutf", "enc_rs", "/simdutf", "/enc_rs"
    );
    for path in &files {
        let name = path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .replace("-Lipsum.utf8.txt", "");
        let text = std::fs::read_to_string(path).unwrap();
        let src8 = text.as_bytes();
        let units: Vec<u16> = text.encode_utf16().collect();
        let src16: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
        let mut dst16 = vec![0u16; src8.len() + 64];
        let mut dst16b = vec![0u8; 2 * src8.len() + 64];
        let mut dst8 = vec![0u8; 3 * units.len() + 64];
        for k in &kernels {
            // UTF-8 -> UTF-16LE (GB/s of UTF-8 input).
            let ours = time(|| {
                black_box(
                    (k.utf8_to_utf16)(
                        black_box(src8),
                        &mut dst16b,
                        Endian::Little,
                        Endian::Little,
                        Mode::Strict,
                    )
                    .unwrap(),
                );
            });
            let simd = time(|| {
                // SAFETY: dst16 holds src8.len() + 64 units, enough for any valid input.
                let n = unsafe {
                    simdutf::convert_utf8_to_utf16le(
                        black_box(src8).as_ptr(),
                        src8.len(),
                        dst16.as_mut_ptr(),
                    )
                };
                black_box(n);
            });
            let encr = time(|| {
                black_box(encoding_rs::mem::convert_utf8_to_utf16(
                    black_box(src8),
                    &mut dst16,
                ));
            });
            let gb = |t: f64| src8.len() as f64 / t / 1e9;
            println!(
                "{:<10} {:<8} {:>9.2} {:>9.2} {:>9.2} {:>8.2} {:>8.2}   utf8->utf16le",
                name,
                k.name,
                gb(ours),
                gb(simd),
                gb(encr),
                simd / ours,
                encr / ours
            );
            // UTF-16LE -> UTF-8 (GB/s of UTF-16 input bytes).
            let ours = time(|| {
                black_box(
                    (k.utf16_to_utf8)(
                        black_box(&src16),
                        &mut dst8,
                        Endian::Little,
                        Endian::Little,
                        Mode::Strict,
                    )
                    .unwrap(),
                );
            });
            let simd = time(|| {
                // SAFETY: dst8 holds 3 bytes per unit, enough for any input.
                let n = unsafe {
                    simdutf::convert_utf16le_to_utf8(
                        black_box(&units).as_ptr(),
                        units.len(),
                        dst8.as_mut_ptr(),
                    )
                };
                black_box(n);
            });
            let encr = time(|| {
                black_box(encoding_rs::mem::convert_utf16_to_utf8(
                    black_box(&units),
                    &mut dst8,
                ));
            });
            let gb = |t: f64| src16.len() as f64 / t / 1e9;
            println!(
                "{:<10} {:<8} {:>9.2} {:>9.2} {:>9.2} {:>8.2} {:>8.2}   utf16le->utf8",
                name,
                k.name,
                gb(ours),
                gb(simd),
                gb(encr),
                simd / ours,
                encr / ours
            );
        }
    }
}

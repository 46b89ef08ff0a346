//! `par_validate_utf8` and `par_transcode` (feature `rayon`) against one thread on a
//! 64 MiB buffer: all lipsum files concatenated and repeated (mixed scripts), plus a
//! pure-ASCII buffer. The ratio of the two ids of one input is the speed-up; run it on
//! an idle machine (the numbers of a shared machine mean little).
//!
//! Ids: `<input>/<operation>/<threads>` with `threads` = `1` (the single-thread
//! function: `validate_utf8`, `transcode`) or `par` (rayon's global pool, one thread
//! per core unless `RAYON_NUM_THREADS` says otherwise).
//!
//! Run: `cargo bench -p utfast-benches --bench parallel`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::path::Path;
use utfast::{Encoding, Mode};

const LEN: usize = 64 << 20;

fn mixed() -> Vec<u8> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/lipsum");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|f| f.unwrap().path())
        .collect();
    files.sort();
    let all: Vec<u8> = files
        .iter()
        .filter(|p| p.to_string_lossy().ends_with(".utf8.txt"))
        .flat_map(|p| std::fs::read(p).unwrap())
        .collect();
    let mut v: Vec<u8> = all.iter().copied().cycle().take(LEN).collect();
    while std::str::from_utf8(&v).is_err() {
        v.pop();
    }
    v
}

/// What `par_transcode`'s first pass computes for UTF-8 input.
fn valid_len(src: &[u8], to: Encoding) -> usize {
    match to {
        Encoding::Utf16Le => utfast::utf16_len_from_utf8(src),
        _ => utfast::count_utf8(src),
    }
}

fn bench(c: &mut Criterion) {
    println!(
        "kernel {}, rayon threads {}",
        utfast::kernel::active().name(),
        rayon::current_num_threads()
    );
    let inputs = [("Mixed-64MiB", mixed()), ("Ascii-64MiB", vec![b'a'; LEN])];
    let mut g = c.benchmark_group("parallel");
    g.sample_size(10);
    for (name, src) in &inputs {
        g.throughput(Throughput::Bytes(src.len() as u64));
        g.bench_function(format!("{name}/validate_utf8/1"), |b| {
            b.iter(|| utfast::validate_utf8(black_box(src)))
        });
        g.bench_function(format!("{name}/validate_utf8/par"), |b| {
            b.iter(|| utfast::par_validate_utf8(black_box(src)))
        });
        for to in [Encoding::Utf16Le, Encoding::Utf32Le] {
            let mut dst = vec![0u8; utfast::max_output_len(Encoding::Utf8, to, src.len())];
            // Touch the output once so that page faults are not measured.
            utfast::transcode(src, &mut dst, Encoding::Utf8, to, Mode::Strict).unwrap();
            let op = format!("utf8->{}", to.name());
            g.bench_function(format!("{name}/{op}/1"), |b| {
                b.iter(|| {
                    utfast::transcode(black_box(src), &mut dst, Encoding::Utf8, to, Mode::Strict)
                })
            });
            // The first pass of `par_transcode` (count as if valid), on one thread: with
            // `count` C and `1` T per byte, two idle cores can reach 2T / (C + T).
            g.bench_function(format!("{name}/{op}/count"), |b| {
                b.iter(|| valid_len(black_box(src), to))
            });
            g.bench_function(format!("{name}/{op}/par"), |b| {
                b.iter(|| {
                    utfast::par_transcode(
                        black_box(src),
                        &mut dst,
                        Encoding::Utf8,
                        to,
                        Mode::Strict,
                    )
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

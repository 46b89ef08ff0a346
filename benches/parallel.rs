//! `par_validate_utf8` and `par_transcode` (feature `rayon`) against one thread on a
//! 64 MiB buffer: all lipsum files concatenated and repeated (mixed scripts), plus a
//! pure-ASCII buffer. It first prints the speed-up of each parallel function over its
//! single-thread twin (best of 15 interleaved runs each, the line to read), then runs
//! criterion on both; run it on an idle machine (the numbers of a shared machine mean
//! little; `chrt -f 10` keeps other processes off the cores, not off the memory bus).
//! For transcoding it also prints the memory traffic of the single-thread run, which
//! shows when two cores cannot do much better. `UTFAST_BENCH_PIECES=256,1024` also
//! prints `par_transcode` with pieces of those sizes (KiB), to tune its piece size.
//! Only the speed-up table: `cargo bench -p utfast-benches --bench parallel -- none`.
//!
//! Ids: `<input>/<operation>/<threads>` with `threads` = `1` (the single-thread
//! function: `validate_utf8`, `transcode`) or `par` (rayon's global pool, one thread
//! per core unless `RAYON_NUM_THREADS` says otherwise).
//!
//! Run: `cargo bench -p utfast-benches --bench parallel`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;
use utfast::{Encoding, Mode};

/// The buffer size: 64 MiB, or `UTFAST_BENCH_MIB` MiB (a buffer that fits in the
/// last-level cache shows how far the memory bus limits the speed-up).
fn len() -> usize {
    std::env::var("UTFAST_BENCH_MIB")
        .ok()
        .and_then(|m| m.parse::<usize>().ok())
        .unwrap_or(64)
        << 20
}

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
    let mut v: Vec<u8> = all.iter().copied().cycle().take(len()).collect();
    while std::str::from_utf8(&v).is_err() {
        v.pop();
    }
    v
}

/// The best wall time of the runs of a function.
#[derive(Clone, Copy)]
struct Best {
    wall: f64,
}

impl Best {
    fn new() -> Self {
        Best {
            wall: f64::INFINITY,
        }
    }
    fn run(&mut self, mut f: impl FnMut()) {
        let t = Instant::now();
        f();
        self.wall = self.wall.min(t.elapsed().as_secs_f64());
    }
}

/// Prints the speed-up of each parallel function over its single-thread twin: the
/// best of 15 runs each, the two interleaved so that a burst of load elsewhere hits
/// both. The load average is printed first: with other processes running, the
/// speed-up means little (rayon's waiting threads spin and compete with them).
fn print_speedups(inputs: &[(String, Vec<u8>)]) {
    let threads = rayon::current_num_threads();
    println!(
        "speed-up (best of 15 runs each), kernel {}, rayon threads {threads}, load {}",
        utfast::kernel::active().name(),
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    for (name, src) in inputs {
        let (mut one, mut par) = (Best::new(), Best::new());
        for _ in 0..15 {
            one.run(|| black_box(utfast::validate_utf8(black_box(src))).unwrap());
            par.run(|| black_box(utfast::par_validate_utf8(black_box(src))).unwrap());
        }
        report(name, "validate_utf8", src.len(), 0, one, par);
        for to in [Encoding::Utf16Le, Encoding::Utf32Le] {
            let mut dst = vec![0u8; utfast::max_output_len(Encoding::Utf8, to, src.len())];
            let out = utfast::transcode(src, &mut dst, Encoding::Utf8, to, Mode::Strict).unwrap();
            let (mut one, mut par) = (Best::new(), Best::new());
            let from = Encoding::Utf8;
            for _ in 0..15 {
                one.run(|| {
                    utfast::transcode(black_box(src), &mut dst, from, to, Mode::Strict).unwrap();
                });
                par.run(|| {
                    utfast::par_transcode(black_box(src), &mut dst, from, to, Mode::Strict)
                        .unwrap();
                });
            }
            let op = format!("transcode utf8->{}", to.name());
            report(name, &op, src.len(), out, one, par);
            // The cost of counting relative to converting (r): `par_transcode` counts
            // all but one piece per round, so two threads reach at most
            // (2 + r) / (1 + r) times one thread.
            let mut count = Best::new();
            for _ in 0..15 {
                count.run(|| {
                    black_box(match to {
                        Encoding::Utf16Le => utfast::utf16_len_from_utf8(black_box(src)),
                        _ => utfast::count_utf8(black_box(src)),
                    });
                });
            }
            let r = count.wall / one.wall;
            println!(
                "  {:<12} {:<26} count/convert r = {r:.2}, bound (2 + r)/(1 + r) = {:.2}x",
                "",
                "",
                (2.0 + r) / (1.0 + r)
            );
            // Tuning: `UTFAST_BENCH_PIECES=256,1024` (KiB) also times those piece sizes.
            let sizes = std::env::var("UTFAST_BENCH_PIECES").unwrap_or_default();
            for kib in sizes
                .split(',')
                .filter_map(|s| s.trim().parse::<usize>().ok())
            {
                let mut par = Best::new();
                for _ in 0..15 {
                    par.run(|| {
                        let how = (from, to, Mode::Strict);
                        utfast::par_transcode_in_pieces(black_box(src), &mut dst, how, kib << 10)
                            .unwrap();
                    });
                }
                let op = format!("  pieces of {kib} KiB");
                report(name, &op, src.len(), out, one, par);
            }
        }
    }
}

/// One line of the speed-up table. `out` is the output length: with it, the memory
/// traffic of the single-thread run (input read, output written and first read by
/// the write-allocate of each cache line), which bounds the speed-up when two cores
/// together cannot move much more.
fn report(input: &str, op: &str, len: usize, out: usize, one: Best, par: Best) {
    let gibs = |bytes: usize, t: f64| bytes as f64 / t / f64::from(1u32 << 30);
    let traffic = match out {
        0 => String::new(),
        _ => format!(
            "   (1 thread moves {:.1} GiB/s)",
            gibs(len + 2 * out, one.wall)
        ),
    };
    println!(
        "  {input:<12} {op:<26} 1 thread {:6.2} GiB/s   par {:6.2} GiB/s   speed-up {:.2}x{traffic}",
        gibs(len, one.wall),
        gibs(len, par.wall),
        one.wall / par.wall,
    );
}

fn bench(c: &mut Criterion) {
    let mib = len() >> 20;
    let inputs = [
        (format!("Mixed-{mib}MiB"), mixed()),
        (format!("Ascii-{mib}MiB"), vec![b'a'; len()]),
    ];
    print_speedups(&inputs);
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

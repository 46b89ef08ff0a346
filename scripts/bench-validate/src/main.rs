//! Times `validate_utf8`/`is_utf8` of the utfast kernels next to simdutf8 0.1 and the
//! C++ simdutf 0.7 on the lipsum files, interleaved (several rounds, best time kept),
//! and prints throughput and the ratios the task asks for. Batches are short (about
//! 1 ms) and the best of many is kept, so that time slices lost to other processes
//! on a shared machine do not count.
use std::hint::black_box;
use std::time::{Duration, Instant};

type Case<'a> = (&'a str, Box<dyn Fn(&[u8]) -> bool + 'a>);

/// Best nanoseconds per call over `rounds` batches of about `batch` each.
fn time(f: &dyn Fn(&[u8]) -> bool, input: &[u8], batch: Duration) -> f64 {
    let mut iters = 1u64;
    loop {
        let t = Instant::now();
        for _ in 0..iters {
            assert!(f(black_box(input)));
        }
        if t.elapsed() >= batch / 4 {
            break;
        }
        iters *= 2;
    }
    let t = Instant::now();
    for _ in 0..iters {
        black_box(f(black_box(input)));
    }
    t.elapsed().as_nanos() as f64 / iters as f64
}

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/lipsum");
    let filter = std::env::args().nth(1).unwrap_or_default();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .filter(|p| p.to_string_lossy().contains(&filter))
        .collect();
    files.sort();
    let avx2 = utfast_simd::by_name("avx2").expect("avx2 kernel");
    // Without AVX-512 the avx512 columns repeat the avx2 kernel (marked in the output).
    let avx512 = utfast_simd::by_name("avx512").unwrap_or_else(|| {
        println!("NOTE: no avx512 kernel on this CPU; a512 columns show avx2");
        avx2
    });
    let cases: Vec<Case> = vec![
        (
            "simdutf8",
            Box::new(|s| simdutf8::basic::from_utf8(s).is_ok()),
        ),
        ("simdutf", Box::new(simdutf::validate_utf8)),
        (
            "avx2.validate",
            Box::new(|s| (avx2.validate_utf8)(s).is_ok()),
        ),
        ("avx2.is_utf8", Box::new(|s| (avx2.is_utf8)(s))),
        (
            "avx512.validate",
            Box::new(|s| (avx512.validate_utf8)(s).is_ok()),
        ),
        ("avx512.is_utf8", Box::new(|s| (avx512.is_utf8)(s))),
    ];
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(200);
    println!(
        "{:<10} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} | a2/s8  a512/sd  val/is(2) val/is(512)",
        "file", "simdutf8", "simdutf", "a2.val", "a2.is", "a512.val", "a512.is"
    );
    for path in files {
        let data = std::fs::read(&path).unwrap();
        let mut best = vec![f64::INFINITY; cases.len()];
        for _ in 0..rounds {
            for (i, (_, f)) in cases.iter().enumerate() {
                best[i] = best[i].min(time(f.as_ref(), &data, Duration::from_millis(1)));
            }
        }
        let gbs: Vec<f64> = best.iter().map(|ns| data.len() as f64 / ns).collect();
        let name = path.file_name().unwrap().to_string_lossy();
        let name = name.split('-').next().unwrap();
        print!("{name:<10}");
        for g in &gbs {
            print!(" {g:>9.2}");
        }
        println!(
            " | {:.3}  {:.3}    {:.3}     {:.3}",
            gbs[2] / gbs[0],
            gbs[4] / gbs[1],
            gbs[2] / gbs[3],
            gbs[4] / gbs[5]
        );
    }
    println!(
        "(GB/s; ratios from validate_utf8; val/is = validate throughput / is_utf8 throughput)"
    );
}

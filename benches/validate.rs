//! UTF-8 validation: every available kernel against std, simdutf8, encoding_rs and
//! simdutf (C++).
//!
//! Benchmark ids are `<input>/<implementation>`, parseable by splitting at the first
//! `/`:
//! - inputs: `Lipsum-<Language>` (tests/data/lipsum), `Short-<n>` (n bytes of valid
//!   mixed text), `Size-64KiB` and `Size-1MiB` (all lipsum files concatenated and
//!   repeated), `InvalidFirst-64KiB` and `InvalidLast-64KiB` (that text with its
//!   first/last byte replaced by 0xFF); `ShortMix-<n>` for n = 1..=64: a batch of
//!   [`MIX_STRINGS`] *different* valid strings of n bytes each (slices of the Latin,
//!   Russian, Chinese, Japanese and Emoji lipsum texts), validated one after the
//!   other per iteration, so that branch prediction cannot learn one input;
//! - implementations (`ShortMix-<n>`: only `utfast/is_utf8`, `utfast/validate` (the
//!   facade) and `peer/std`): `kernel/<name>/validate` and `kernel/<name>/is_utf8` (through
//!   the kernel table), `scalar/validate` and `scalar/is_utf8` (the inlinable scalar
//!   functions called directly), `peer/std`, `peer/simdutf8-basic`,
//!   `peer/simdutf8-compat`, `peer/encoding_rs`, `peer/simdutf`.
//!
//! Quick run: `cargo bench --bench validate -- --warm-up-time 1 --measurement-time 3 Lipsum`;
//! the short mixed strings alone: `cargo bench --bench validate -- ShortMix` (~4 min).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::path::Path;

const LANGUAGES: [&str; 9] = [
    "Arabic", "Chinese", "Emoji", "Hebrew", "Hindi", "Japanese", "Korean", "Latin", "Russian",
];

fn lipsum(language: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/lipsum")
        .join(format!("{language}-Lipsum.utf8.txt"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// All lipsum files concatenated and repeated to exactly `len` bytes (cut back to a
/// character boundary, then padded with ASCII).
fn mixed(len: usize) -> Vec<u8> {
    let all: Vec<u8> = LANGUAGES.iter().flat_map(|l| lipsum(l)).collect();
    let mut v: Vec<u8> = all.iter().copied().cycle().take(len).collect();
    // Drop an incomplete character at the end.
    while std::str::from_utf8(&v).is_err() {
        v.pop();
    }
    v.resize(len, b'.');
    assert!(std::str::from_utf8(&v).is_ok());
    v
}

/// `n` bytes of valid text taken from a mixed-script sample.
fn short_sample(n: usize) -> Vec<u8> {
    let text = "Grüße, мир! 世界 🦀 ok; שלום, नमस्ते, 안녕하세요 — fin. ".repeat(4);
    let bytes = text.as_bytes();
    (0..bytes.len() - n)
        .map(|off| &bytes[off..off + n])
        .find(|w| std::str::from_utf8(w).is_ok() && (n == 1 || !w.is_ascii()))
        .expect("a valid window")
        .to_vec()
}

fn bench_input(c: &mut Criterion, input: &str, data: &[u8]) {
    let mut g = c.benchmark_group(input);
    g.throughput(Throughput::Bytes(data.len() as u64));
    for k in utfast_simd::available() {
        g.bench_function(format!("kernel/{}/validate", k.name()), |b| {
            b.iter(|| k.validate_utf8(black_box(data)).is_ok())
        });
        g.bench_function(format!("kernel/{}/is_utf8", k.name()), |b| {
            b.iter(|| k.is_utf8(black_box(data)))
        });
    }
    g.bench_function("scalar/validate", |b| {
        b.iter(|| utfast_scalar::utf8::validate_utf8(black_box(data)).is_ok())
    });
    g.bench_function("scalar/is_utf8", |b| {
        b.iter(|| utfast_scalar::utf8::is_utf8(black_box(data)))
    });
    g.bench_function("peer/std", |b| {
        b.iter(|| core::str::from_utf8(black_box(data)).is_ok())
    });
    g.bench_function("peer/simdutf8-basic", |b| {
        b.iter(|| simdutf8::basic::from_utf8(black_box(data)).is_ok())
    });
    g.bench_function("peer/simdutf8-compat", |b| {
        b.iter(|| simdutf8::compat::from_utf8(black_box(data)).is_ok())
    });
    g.bench_function("peer/encoding_rs", |b| {
        b.iter(|| encoding_rs::Encoding::utf8_valid_up_to(black_box(data)) == data.len())
    });
    g.bench_function("peer/simdutf", |b| {
        b.iter(|| simdutf::validate_utf8(black_box(data)))
    });
    g.finish();
}

fn lipsum_groups(c: &mut Criterion) {
    for language in LANGUAGES {
        bench_input(c, &format!("Lipsum-{language}"), &lipsum(language));
    }
}

fn short_groups(c: &mut Criterion) {
    for n in [1, 2, 4, 8, 16, 32, 48, 63, 64] {
        bench_input(c, &format!("Short-{n}"), &short_sample(n));
    }
}

/// Strings per batch of a `ShortMix-<n>` group.
const MIX_STRINGS: usize = 2048;

/// [`MIX_STRINGS`] valid strings of exactly `n` bytes: slices of real text in
/// several scripts (one- to four-byte characters), at random character boundaries.
fn short_mix(n: usize, texts: &[String]) -> Vec<Vec<u8>> {
    let mut rng = utfast_testkit::Rng(0x5EED + n as u64);
    let mut out = Vec::with_capacity(MIX_STRINGS);
    while out.len() < MIX_STRINGS {
        let t = texts[rng.below(texts.len())].as_bytes();
        let at = rng.below(t.len() - n);
        let w = &t[at..at + n];
        if std::str::from_utf8(w).is_ok() {
            out.push(w.to_vec());
        }
    }
    out
}

fn short_mix_groups(c: &mut Criterion) {
    let texts: Vec<String> = ["Latin", "Russian", "Chinese", "Japanese", "Emoji"]
        .iter()
        .map(|l| String::from_utf8(lipsum(l)).expect("UTF-8"))
        .collect();
    for n in 1..=64 {
        let batch = short_mix(n, &texts);
        let mut g = c.benchmark_group(format!("ShortMix-{n}"));
        g.throughput(Throughput::Bytes((n * MIX_STRINGS) as u64));
        g.warm_up_time(std::time::Duration::from_millis(300));
        g.measurement_time(std::time::Duration::from_millis(800));
        g.sample_size(20);
        g.nresamples(2000);
        g.bench_function("utfast/is_utf8", |b| {
            b.iter(|| {
                batch
                    .iter()
                    .filter(|s| utfast::is_utf8(black_box(s.as_slice())))
                    .count()
            })
        });
        g.bench_function("utfast/validate", |b| {
            b.iter(|| {
                batch
                    .iter()
                    .filter(|s| utfast::validate_utf8(black_box(s.as_slice())).is_ok())
                    .count()
            })
        });
        g.bench_function("peer/std", |b| {
            b.iter(|| {
                batch
                    .iter()
                    .filter(|s| core::str::from_utf8(black_box(s.as_slice())).is_ok())
                    .count()
            })
        });
        g.finish();
    }
}

fn size_groups(c: &mut Criterion) {
    bench_input(c, "Size-64KiB", &mixed(64 << 10));
    bench_input(c, "Size-1MiB", &mixed(1 << 20));
}

fn invalid_groups(c: &mut Criterion) {
    let mut first = mixed(64 << 10);
    first[0] = 0xFF;
    bench_input(c, "InvalidFirst-64KiB", &first);
    let mut last = mixed(64 << 10);
    *last.last_mut().expect("non-empty") = 0xFF;
    bench_input(c, "InvalidLast-64KiB", &last);
}

criterion_group!(
    benches,
    lipsum_groups,
    short_groups,
    short_mix_groups,
    size_groups,
    invalid_groups
);
criterion_main!(benches);

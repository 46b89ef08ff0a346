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
//!
//! `cargo bench -p utfast-benches --bench validate -- --tables [FILTER]` prints, instead
//! of running criterion, the tables of `scripts/bench.py` (in the format of
//! `transcode.rs`): `validate_utf8`, `validate_utf16le` and `validate_utf32le` of every
//! kernel and the peers on every text of `utfast_benches::bench_texts`;
//! `ascii_valid_up_to` and `is_ascii_utf16` on those texts made ASCII (every other
//! character replaced by `?`), `is_latin1_utf16` on the texts that are Latin-1, and
//! `make_well_formed_utf16` on every text (valid: nothing to replace) with our
//! `validate_utf16` as a peer (input placed by
//! `UTFAST_BENCH_OFFSETS`), and the short strings (ns per string of a `ShortMix`
//! batch), every row timed side by side in interleaved rounds (`time_all`). `FILTER`
//! keeps the tables whose name contains it; `UTFAST_BENCH_TEXTS` keeps some texts.

use criterion::{criterion_group, Criterion, Throughput};
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

/// The interleaved tables (`--tables`): see the module documentation.
mod tables {
    use super::{short_mix, MIX_STRINGS};
    use std::hint::black_box;
    use utfast_benches::{
        bench_args, bench_texts, cpu_name, latin1_only, offsets, print_row, time_all, Placed,
    };
    use utfast_scalar::Endian;
    use utfast_simd::Kernel;

    /// A peer: its name and a validation of the text's form (true when valid).
    type Peer<'a> = (&'static str, Box<dyn Fn() -> bool + 'a>);

    /// One row: every kernel's `ours`, then the peers, as GB/s of `src`, then our
    /// best over each peer (`best/<peer>`, >1: we are faster).
    fn row(
        name: &str,
        src: &[u8],
        kernels: &[&Kernel],
        ours: fn(&Kernel, &[u8]) -> bool,
        peers: Vec<Peer>,
        markdown: bool,
    ) {
        for k in kernels {
            assert!(ours(k, src), "{} rejects {name}", k.name());
        }
        for (p, f) in &peers {
            assert!(f(), "{p} rejects {name}");
        }
        let mut fs: Vec<Box<dyn FnMut() + '_>> = Vec::new();
        for &k in kernels {
            fs.push(Box::new(move || {
                black_box(ours(k, black_box(src)));
            }));
        }
        timed_row(name, src.len(), kernels.len(), fs, &peers, markdown);
    }

    /// Times the kernels' closures `fs` and then the peers' side by side and prints
    /// the row of [`row`]: GB/s of `len` bytes per column, then our best over each peer.
    fn timed_row<'a>(
        name: &str,
        len: usize,
        kernels: usize,
        mut fs: Vec<Box<dyn FnMut() + 'a>>,
        peers: &'a [Peer<'a>],
        markdown: bool,
    ) {
        for (_, f) in peers {
            fs.push(Box::new(move || {
                black_box(f());
            }));
        }
        let times = time_all(&mut fs);
        let best = times[..kernels].iter().copied().fold(f64::MAX, f64::min);
        let mut cells = vec![name.to_string()];
        cells.extend(times.iter().map(|t| format!("{:.2}", len as f64 / t / 1e9)));
        cells.extend(times[kernels..].iter().map(|t| format!("{:.2}", t / best)));
        print_row(&cells, markdown, false);
    }

    /// [`row`] of an operation in place: every kernel gets its own copy of `src`
    /// (valid input, which the operation leaves as it is).
    fn row_mut(
        name: &str,
        src: &[u8],
        kernels: &[&Kernel],
        ours: fn(&Kernel, &mut [u8]) -> usize,
        peers: Vec<Peer>,
        markdown: bool,
    ) {
        let (off, _) = offsets();
        let mut copies: Vec<Placed<u8>> = kernels.iter().map(|_| Placed::new(src, off)).collect();
        for (k, c) in kernels.iter().zip(&mut copies) {
            assert_eq!(ours(k, c), 0, "{} changes {name}", k.name());
        }
        for (p, f) in &peers {
            assert!(f(), "{p} rejects {name}");
        }
        let mut fs: Vec<Box<dyn FnMut() + '_>> = Vec::new();
        for (&k, c) in kernels.iter().zip(copies.iter_mut()) {
            fs.push(Box::new(move || {
                black_box(ours(k, black_box(&mut c[..])));
            }));
        }
        timed_row(name, src.len(), kernels.len(), fs, &peers, markdown);
    }

    /// `s` with every character outside ASCII replaced by `?`.
    fn ascii_only(s: &str) -> String {
        s.chars()
            .map(|c| if c.is_ascii() { c } else { '?' })
            .collect()
    }

    fn header(table: &str, unit: &str, kernels: &[&Kernel], peers: &[&str], markdown: bool) {
        let mut h = vec!["file".to_string()];
        h.extend(kernels.iter().map(|k| k.name().to_string()));
        h.extend(peers.iter().map(|p| p.to_string()));
        h.extend(peers.iter().map(|p| format!("best/{p}")));
        println!();
        println!("## {table} ({unit})");
        print_row(&h, markdown, true);
    }

    pub fn run() {
        let (markdown, filter) = bench_args();
        let keep = |t: &str| filter.as_ref().is_none_or(|f| t.contains(f.as_str()));
        let kernels: Vec<&Kernel> = utfast_simd::available().collect();
        let (off, _) = offsets();
        println!("CPU: {}", cpu_name());
        println!(
            "simdutf: SIMDUTF_FORCE_IMPLEMENTATION={:?}; our kernels: {:?}",
            std::env::var("SIMDUTF_FORCE_IMPLEMENTATION").ok(),
            kernels.iter().map(|k| k.name()).collect::<Vec<_>>()
        );
        println!(
            "buffers: input {off} bytes past a 64-byte boundary (UTFAST_BENCH_OFFSETS={off},..)"
        );
        let mut texts = bench_texts();
        texts.retain(|(name, _)| !latin1_only(name));
        if keep("validate_utf8") {
            let peers = [
                "std",
                "simdutf8",
                "simdutf8-compat",
                "encoding_rs",
                "simdutf",
            ];
            header("validate_utf8", "GB/s of input", &kernels, &peers, markdown);
            for (name, s) in &texts {
                let src = Placed::new(s.as_bytes(), off);
                let d: &[u8] = &src;
                let peers: Vec<Peer> = vec![
                    (
                        "std",
                        Box::new(move || core::str::from_utf8(black_box(d)).is_ok()),
                    ),
                    (
                        "simdutf8",
                        Box::new(move || simdutf8::basic::from_utf8(black_box(d)).is_ok()),
                    ),
                    (
                        "simdutf8-compat",
                        Box::new(move || simdutf8::compat::from_utf8(black_box(d)).is_ok()),
                    ),
                    (
                        "encoding_rs",
                        Box::new(move || {
                            encoding_rs::Encoding::utf8_valid_up_to(black_box(d)) == d.len()
                        }),
                    ),
                    (
                        "simdutf",
                        Box::new(move || simdutf::validate_utf8(black_box(d))),
                    ),
                ];
                row(
                    name,
                    d,
                    &kernels,
                    |k, s| k.validate_utf8(s).is_ok(),
                    peers,
                    markdown,
                );
            }
        }
        if keep("validate_utf16le") {
            header(
                "validate_utf16le",
                "GB/s of input",
                &kernels,
                &["std", "simdutf"],
                markdown,
            );
            for (name, s) in &texts {
                let units: Vec<u16> = s.encode_utf16().collect();
                let src = Placed::new(&units, off);
                let u: &[u16] = &src;
                let peers: Vec<Peer> = vec![
                    (
                        "std",
                        Box::new(move || {
                            char::decode_utf16(black_box(u).iter().copied()).all(|c| c.is_ok())
                        }),
                    ),
                    (
                        "simdutf",
                        Box::new(move || simdutf::validate_utf16le(black_box(u))),
                    ),
                ];
                let bytes: &[u8] = bytemuck::cast_slice(u);
                row(
                    name,
                    bytes,
                    &kernels,
                    |k, s| k.validate_utf16(s, Endian::Little).is_ok(),
                    peers,
                    markdown,
                );
            }
        }
        if keep("validate_utf32le") {
            header(
                "validate_utf32le",
                "GB/s of input",
                &kernels,
                &["std", "simdutf"],
                markdown,
            );
            for (name, s) in &texts {
                let units: Vec<u32> = s.chars().map(u32::from).collect();
                let src = Placed::new(&units, off);
                let u: &[u32] = &src;
                let peers: Vec<Peer> = vec![
                    (
                        "std",
                        Box::new(move || black_box(u).iter().all(|&c| char::from_u32(c).is_some())),
                    ),
                    (
                        "simdutf",
                        Box::new(move || simdutf::validate_utf32(black_box(u))),
                    ),
                ];
                let bytes: &[u8] = bytemuck::cast_slice(u);
                row(
                    name,
                    bytes,
                    &kernels,
                    |k, s| k.validate_utf32(s, Endian::Little).is_ok(),
                    peers,
                    markdown,
                );
            }
        }
        if keep("ascii_valid_up_to") {
            let peers = ["encoding_rs", "simdutf"];
            header(
                "ascii_valid_up_to",
                "GB/s of input",
                &kernels,
                &peers,
                markdown,
            );
            for (name, s) in &texts {
                let ascii = ascii_only(s);
                let src = Placed::new(ascii.as_bytes(), off);
                let d: &[u8] = &src;
                let peers: Vec<Peer> = vec![
                    (
                        "encoding_rs",
                        Box::new(move || {
                            encoding_rs::Encoding::ascii_valid_up_to(black_box(d)) == d.len()
                        }),
                    ),
                    (
                        "simdutf",
                        Box::new(move || {
                            let r = simdutf::validate_ascii_with_errors(black_box(d));
                            r.error == simdutf::ErrorCode::Success && r.count == d.len()
                        }),
                    ),
                ];
                row(
                    name,
                    d,
                    &kernels,
                    |k, s| k.ascii_valid_up_to(s) == s.len(),
                    peers,
                    markdown,
                );
            }
        }
        if keep("is_ascii_utf16") {
            // (simdutf 0.7 does not bind `validate_utf16_as_ascii`.)
            let peers = ["encoding_rs"];
            header(
                "is_ascii_utf16",
                "GB/s of input",
                &kernels,
                &peers,
                markdown,
            );
            for (name, s) in &texts {
                let units: Vec<u16> = ascii_only(s).encode_utf16().collect();
                let src = Placed::new(&units, off);
                let u: &[u16] = &src;
                let peers: Vec<Peer> = vec![(
                    "encoding_rs",
                    Box::new(move || encoding_rs::mem::is_basic_latin(black_box(u))),
                )];
                row(
                    name,
                    bytemuck::cast_slice(u),
                    &kernels,
                    |k, s| k.ascii_valid_up_to_utf16(s, Endian::NATIVE) == s.len(),
                    peers,
                    markdown,
                );
            }
        }
        if keep("is_latin1_utf16") {
            let peers = ["encoding_rs"];
            header(
                "is_latin1_utf16",
                "GB/s of input",
                &kernels,
                &peers,
                markdown,
            );
            let all = bench_texts();
            for (name, s) in all
                .iter()
                .filter(|(_, s)| s.chars().all(|c| u32::from(c) < 0x100))
            {
                let units: Vec<u16> = s.encode_utf16().collect();
                let src = Placed::new(&units, off);
                let u: &[u16] = &src;
                let peers: Vec<Peer> = vec![(
                    "encoding_rs",
                    Box::new(move || encoding_rs::mem::is_utf16_latin1(black_box(u))),
                )];
                row(
                    name,
                    bytemuck::cast_slice(u),
                    &kernels,
                    |k, s| k.latin1_valid_up_to_utf16(s, Endian::NATIVE) == s.len(),
                    peers,
                    markdown,
                );
            }
        }
        if keep("make_well_formed_utf16") {
            // Valid text: the repair is a validation; `validate_utf16` (the facade,
            // on the best kernel) is the peer it must keep up with.
            let peers = ["validate_utf16", "encoding_rs"];
            header(
                "make_well_formed_utf16",
                "GB/s of input",
                &kernels,
                &peers,
                markdown,
            );
            for (name, s) in &texts {
                let units: Vec<u16> = s.encode_utf16().collect();
                let src = Placed::new(&units, off);
                let u: &[u16] = &src;
                let theirs = std::cell::RefCell::new(Placed::new(&units, off));
                let peers: Vec<Peer> = vec![
                    (
                        "validate_utf16",
                        Box::new(move || utfast::validate_utf16(black_box(u)).is_ok()),
                    ),
                    (
                        "encoding_rs",
                        Box::new(move || {
                            encoding_rs::mem::ensure_utf16_validity(black_box(
                                &mut theirs.borrow_mut()[..],
                            ));
                            true
                        }),
                    ),
                ];
                row_mut(
                    name,
                    bytemuck::cast_slice(u),
                    &kernels,
                    |k, s| k.make_well_formed_utf16(s, Endian::NATIVE),
                    peers,
                    markdown,
                );
            }
        }
        if keep("short") {
            // The facade's functions (inputs below 64 bytes take the inlined scalar
            // path before any dispatch) against std, on batches of different strings.
            let langs = ["Latin", "Russian", "Chinese", "Japanese", "Emoji"];
            let texts: Vec<String> = langs
                .iter()
                .map(|l| String::from_utf8(super::lipsum(l)).expect("UTF-8"))
                .collect();
            println!();
            println!("## short strings (ns per string)");
            let h = [
                "bytes",
                "is_utf8",
                "validate_utf8",
                "std",
                "std/is_utf8",
                "std/validate_utf8",
            ];
            print_row(&h.map(String::from), markdown, true);
            for n in 1..=64 {
                let batch = short_mix(n, &texts);
                let b = &batch;
                let mut fs: Vec<Box<dyn FnMut() + '_>> = vec![
                    Box::new(move || {
                        black_box(b.iter().filter(|s| utfast::is_utf8(black_box(s))).count());
                    }),
                    Box::new(move || {
                        black_box(
                            b.iter()
                                .filter(|s| utfast::validate_utf8(black_box(s)).is_ok())
                                .count(),
                        );
                    }),
                    Box::new(move || {
                        black_box(
                            b.iter()
                                .filter(|s| core::str::from_utf8(black_box(s)).is_ok())
                                .count(),
                        );
                    }),
                ];
                let t = time_all(&mut fs);
                let ns = |x: f64| format!("{:.2}", x * 1e9 / MIX_STRINGS as f64);
                let cells = vec![
                    n.to_string(),
                    ns(t[0]),
                    ns(t[1]),
                    ns(t[2]),
                    format!("{:.2}", t[2] / t[0]),
                    format!("{:.2}", t[2] / t[1]),
                ];
                print_row(&cells, markdown, false);
            }
        }
    }
}

fn main() {
    if std::env::args().any(|a| a == "--tables") {
        tables::run();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}

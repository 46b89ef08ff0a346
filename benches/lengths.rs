//! Output lengths and code point counts: every kernel side by side with simdutf (C++)
//! on the lipsum, Wikipedia "Mars" and twitter.json texts, in one run.
//!
//! ```text
//! SIMDUTF_FORCE_IMPLEMENTATION=haswell cargo bench -p utfast-benches --bench lengths [-- FILTER] [--markdown]
//! ```
//!
//! GB/s of input; every figure is the best of 31 rounds in which all columns of a row
//! are timed one after the other (see `utfast_benches::time_all`), so the ratios
//! hold on a shared machine. `best/simdutf` is our fastest kernel over simdutf (>1:
//! we are faster). Every function is checked against simdutf's result first.

use std::hint::black_box;
use utfast_benches::{bench_args, bench_texts, cpu_name, latin1_only, print_row, time_all};
use utfast_scalar::Endian;
use utfast_simd::Kernel;

/// One text in the forms the length functions read.
struct Text {
    name: String,
    utf8: Vec<u8>,
    utf16le: Vec<u8>,
    u16s: Vec<u16>,
    utf32le: Vec<u8>,
    u32s: Vec<u32>,
    latin1: Option<Vec<u8>>,
}

/// A length function: its name, its input, ours (on a kernel), simdutf's.
struct Function {
    name: &'static str,
    input: fn(&Text) -> Option<&[u8]>,
    ours: fn(&Kernel, &[u8]) -> usize,
    simdutf: fn(&Text) -> usize,
}

fn functions() -> Vec<Function> {
    vec![
        Function {
            name: "count_utf8",
            input: |t| Some(&t.utf8),
            ours: |k, s| k.count_utf8(s),
            simdutf: |t| simdutf::count_utf8(&t.utf8),
        },
        Function {
            name: "utf16_len_from_utf8",
            input: |t| Some(&t.utf8),
            ours: |k, s| k.utf16_len_from_utf8(s),
            simdutf: |t| simdutf::utf16_length_from_utf8(&t.utf8),
        },
        Function {
            name: "count_utf16le",
            input: |t| Some(&t.utf16le),
            ours: |k, s| k.count_utf16(s, Endian::Little),
            simdutf: |t| simdutf::count_utf16le(&t.u16s),
        },
        Function {
            name: "utf8_len_from_utf16le",
            input: |t| Some(&t.utf16le),
            ours: |k, s| k.utf8_len_from_utf16(s, Endian::Little),
            simdutf: |t| simdutf::utf8_length_from_utf16le(&t.u16s),
        },
        Function {
            name: "utf8_len_from_utf32le",
            input: |t| Some(&t.utf32le),
            ours: |k, s| k.utf8_len_from_utf32(s, Endian::Little),
            simdutf: |t| simdutf::utf8_length_from_utf32(&t.u32s),
        },
        Function {
            name: "utf16_len_from_utf32le",
            input: |t| Some(&t.utf32le),
            ours: |k, s| k.utf16_len_from_utf32(s, Endian::Little),
            simdutf: |t| simdutf::utf16_length_from_utf32(&t.u32s),
        },
        Function {
            name: "utf8_len_from_latin1",
            input: |t| t.latin1.as_deref(),
            ours: |k, s| k.utf8_len_from_latin1(s),
            simdutf: |t| simdutf::utf8_length_from_latin1(t.latin1.as_deref().unwrap_or(&[])),
        },
    ]
}

fn main() {
    let (markdown, filter) = bench_args();
    let kernels: Vec<&Kernel> = utfast_simd::available().collect();
    println!("CPU: {}", cpu_name());
    println!(
        "simdutf: SIMDUTF_FORCE_IMPLEMENTATION={:?}; our kernels: {:?}",
        std::env::var("SIMDUTF_FORCE_IMPLEMENTATION").ok(),
        kernels.iter().map(|k| k.name()).collect::<Vec<_>>()
    );
    let texts: Vec<Text> = bench_texts()
        .into_iter()
        .map(|(name, s)| {
            let u16s: Vec<u16> = s.encode_utf16().collect();
            let u32s: Vec<u32> = s.chars().map(u32::from).collect();
            Text {
                name,
                utf8: s.as_bytes().to_vec(),
                utf16le: u16s.iter().flat_map(|u| u.to_le_bytes()).collect(),
                utf32le: u32s.iter().flat_map(|u| u.to_le_bytes()).collect(),
                latin1: s.chars().map(|c| u8::try_from(c).ok()).collect(),
                u16s,
                u32s,
            }
        })
        .collect();
    for f in functions() {
        if filter
            .as_ref()
            .is_some_and(|x| !f.name.contains(x.as_str()))
        {
            continue;
        }
        let mut header = vec!["file".to_string()];
        header.extend(kernels.iter().map(|k| k.name().to_string()));
        header.extend(["simdutf".to_string(), "best/simdutf".to_string()]);
        println!();
        println!("## {} (GB/s of input)", f.name);
        print_row(&header, markdown, true);
        for t in &texts {
            if latin1_only(&t.name) && !f.name.contains("latin1") {
                continue;
            }
            let Some(src) = (f.input)(t) else { continue };
            let want = (f.simdutf)(t);
            for k in &kernels {
                assert_eq!(
                    (f.ours)(k, src),
                    want,
                    "{} {} on {}",
                    f.name,
                    k.name(),
                    t.name
                );
            }
            let mut fs: Vec<Box<dyn FnMut() + '_>> = Vec::new();
            for &k in &kernels {
                let ours = f.ours;
                fs.push(Box::new(move || {
                    black_box(ours(k, black_box(src)));
                }));
            }
            let peer = f.simdutf;
            fs.push(Box::new(move || {
                black_box(peer(black_box(t)));
            }));
            let secs = time_all(&mut fs);
            let gbs: Vec<f64> = secs.iter().map(|s| src.len() as f64 / s / 1e9).collect();
            let best = gbs[..kernels.len()].iter().cloned().fold(0.0, f64::max);
            let mut row = vec![t.name.clone()];
            row.extend(gbs.iter().map(|g| format!("{g:.2}")));
            row.push(format!("{:.2}", best / gbs[kernels.len()]));
            print_row(&row, markdown, false);
        }
    }
}

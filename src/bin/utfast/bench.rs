//! `utfast bench`: throughput of every available kernel and of std, side by side.

use crate::failure::{output_error, Failure};
use std::hint::black_box;
use std::io::{self, Write};
use std::path::Path;
use std::time::{Duration, Instant};
use utfast::{Encoding, Mode};

/// The nine lipsum samples of tests/data/lipsum (used when no file is given).
const SAMPLES: [&[u8]; 9] = [
    include_bytes!("../../../tests/data/lipsum/Arabic-Lipsum.utf8.txt"),
    include_bytes!("../../../tests/data/lipsum/Chinese-Lipsum.utf8.txt"),
    include_bytes!("../../../tests/data/lipsum/Emoji-Lipsum.utf8.txt"),
    include_bytes!("../../../tests/data/lipsum/Hebrew-Lipsum.utf8.txt"),
    include_bytes!("../../../tests/data/lipsum/Hindi-Lipsum.utf8.txt"),
    include_bytes!("../../../tests/data/lipsum/Japanese-Lipsum.utf8.txt"),
    include_bytes!("../../../tests/data/lipsum/Korean-Lipsum.utf8.txt"),
    include_bytes!("../../../tests/data/lipsum/Latin-Lipsum.utf8.txt"),
    include_bytes!("../../../tests/data/lipsum/Russian-Lipsum.utf8.txt"),
];

/// Time budget per measurement.
const BUDGET: Duration = Duration::from_millis(150);

/// Input bytes per second of `f`, in GB/s, over about [`BUDGET`].
fn measure(bytes: usize, mut f: impl FnMut() -> bool) -> Option<f64> {
    if !f() {
        return None;
    }
    let start = Instant::now();
    let mut runs = 0u64;
    while start.elapsed() < BUDGET {
        f();
        runs += 1;
    }
    Some(bytes as f64 * runs as f64 / start.elapsed().as_secs_f64() / 1e9)
}

fn cell(v: Option<f64>) -> String {
    match v {
        Some(gbs) => format!("{gbs:>14.2}"),
        None => format!("{:>14}", "-"),
    }
}

/// Runs `bench` on `file` or on the embedded samples.
pub fn run(file: Option<&Path>) -> Result<(), Failure> {
    let (what, text) = match file {
        Some(p) => {
            let data = std::fs::read(p)
                .map_err(|e| Failure::Usage(format!("cannot read {}: {e}", p.display())))?;
            (p.display().to_string(), data)
        }
        None => ("9 embedded lipsum samples".to_string(), SAMPLES.concat()),
    };
    let valid = std::str::from_utf8(&text).is_ok();
    let utf16: Vec<u8> = if valid {
        let s = std::str::from_utf8(&text).expect("checked above");
        s.encode_utf16().flat_map(u16::to_le_bytes).collect()
    } else {
        Vec::new()
    };
    let units: Vec<u16> = utf16
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let mut out = vec![0u8; 4 * text.len().max(utf16.len()) + 64];

    let mut report = String::new();
    report.push_str(&format!(
        "input: {what}, {} bytes UTF-8{}\n",
        text.len(),
        if valid {
            format!(", {} bytes UTF-16LE", utf16.len())
        } else {
            " (not valid UTF-8: conversions skipped)".into()
        }
    ));
    report.push_str(&format!(
        "{:<14}{:>14}{:>14}{:>14}   (GB/s of input)\n",
        "kernel", "validate", "utf8->utf16le", "utf16le->utf8"
    ));
    for k in utfast_simd::available() {
        let v = measure(text.len(), || k.validate_utf8(black_box(&text)).is_ok());
        let a = if valid {
            measure(text.len(), || {
                k.transcode(
                    black_box(&text),
                    &mut out,
                    Encoding::Utf8,
                    Encoding::Utf16Le,
                    Mode::Strict,
                )
                .is_ok()
            })
        } else {
            None
        };
        let b = if valid {
            measure(utf16.len(), || {
                k.transcode(
                    black_box(&utf16),
                    &mut out,
                    Encoding::Utf16Le,
                    Encoding::Utf8,
                    Mode::Strict,
                )
                .is_ok()
            })
        } else {
            None
        };
        report.push_str(&format!(
            "{:<14}{}{}{}\n",
            k.name(),
            cell(v),
            cell(a),
            cell(b)
        ));
    }
    let v = measure(text.len(), || std::str::from_utf8(black_box(&text)).is_ok());
    let (a, b) = if valid {
        let s = std::str::from_utf8(&text).expect("checked above");
        let mut wide: Vec<u16> = Vec::with_capacity(units.len());
        let a = measure(text.len(), || {
            wide.clear();
            wide.extend(black_box(s).encode_utf16());
            !wide.is_empty() || s.is_empty()
        });
        let b = measure(utf16.len(), || {
            String::from_utf16(black_box(&units)).is_ok()
        });
        (a, b)
    } else {
        (None, None)
    };
    report.push_str(&format!("{:<14}{}{}{}\n", "std", cell(v), cell(a), cell(b)));
    report.push_str(&implementations());
    io::stdout()
        .lock()
        .write_all(report.as_bytes())
        .map_err(|e| output_error("standard output", e))
}

/// The implementation of every operation in every available kernel (a kernel may
/// run another one's code for some operations: see `Kernel::implementation`).
fn implementations() -> String {
    let kernels: Vec<_> = utfast_simd::available().collect();
    let mut t = format!("\nimplementation per operation\n{:<22}", "operation");
    for k in &kernels {
        t.push_str(&format!("{:>14}", k.name()));
    }
    t.push('\n');
    for (op, _) in utfast_simd::SCALAR.implementations() {
        t.push_str(&format!("{op:<22}"));
        for k in &kernels {
            t.push_str(&format!("{:>14}", k.implementation(op).unwrap_or("-")));
        }
        t.push('\n');
    }
    t
}

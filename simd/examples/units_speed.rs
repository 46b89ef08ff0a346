//! Quick speed check of the unit-oriented SIMD operations against scalar (not a
//! benchmark: a few hundred milliseconds per line, ratios within one run only).
//!
//! `cargo run --release -p utfast-simd --example units_speed`

use std::hint::black_box;
use std::time::{Duration, Instant};
use utfast_scalar::{Encoding, Endian, Mode};
use utfast_simd::{Kernel, SCALAR};

/// Best time of `f` over repeated runs for about `budget`.
fn best(budget: Duration, mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    let mut best = Duration::MAX;
    while start.elapsed() < budget {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
    }
    best
}

fn text(name: &str) -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/lipsum/");
    std::fs::read_to_string(format!("{dir}{name}-Lipsum.utf8.txt")).unwrap()
}

fn main() {
    let ks: Vec<&Kernel> = utfast_simd::available().collect();
    let budget = Duration::from_millis(150);
    let (latin, chinese, emoji) = (text("Latin"), text("Chinese"), text("Emoji"));
    let u16le = |s: &str| {
        s.encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect::<Vec<u8>>()
    };
    let u32le = |s: &str| {
        s.chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect::<Vec<u8>>()
    };
    let latin1: Vec<u8> = latin
        .chars()
        .map(|c| c as u32 as u8)
        .chain(0x80..=0xFF)
        .collect();
    let inputs = [
        ("Latin utf16le", u16le(&latin), Encoding::Utf16Le),
        ("Chinese utf16le", u16le(&chinese), Encoding::Utf16Le),
        ("Emoji utf16le", u16le(&emoji), Encoding::Utf16Le),
        ("Latin utf32le", u32le(&latin), Encoding::Utf32Le),
        ("Chinese utf32le", u32le(&chinese), Encoding::Utf32Le),
        ("Latin latin1", latin1.clone(), Encoding::Latin1),
        ("Latin utf8", latin.clone().into_bytes(), Encoding::Utf8),
        ("Chinese utf8", chinese.clone().into_bytes(), Encoding::Utf8),
    ];
    let mut header = format!("{:<40}", "operation / input");
    for k in &ks {
        header += &format!("{:>9}", k.name());
    }
    println!("{header}   (speed-up over scalar, x)");
    let mut dst = vec![0u8; 4 * latin1.len().max(chinese.len()).max(emoji.len()) + 64];
    const LE: Endian = Endian::Little;
    for (name, src, from) in &inputs {
        type Op = (&'static str, Box<dyn Fn(&Kernel, &[u8], &mut [u8])>);
        let mut ops: Vec<Op> = Vec::new();
        match from {
            Encoding::Utf16Le => {
                ops.push((
                    "validate_utf16",
                    Box::new(|k, s, _| _ = black_box((k.validate_utf16)(s, LE))),
                ));
                ops.push((
                    "count_utf16",
                    Box::new(|k, s, _| _ = black_box((k.count_utf16)(s, LE))),
                ));
                ops.push((
                    "utf8_len_from_utf16",
                    Box::new(|k, s, _| _ = black_box((k.utf8_len_from_utf16)(s, LE))),
                ));
                ops.push((
                    "utf16le->be",
                    Box::new(|k, s, d| {
                        _ = black_box((k.utf16_to_utf16)(s, d, LE, Endian::Big, Mode::Strict))
                    }),
                ));
                ops.push((
                    "utf16->utf32",
                    Box::new(|k, s, d| {
                        _ = black_box((k.utf16_to_utf32)(s, d, LE, LE, Mode::Strict))
                    }),
                ));
                ops.push((
                    "utf16->latin1 lossy",
                    Box::new(|k, s, d| {
                        _ = black_box((k.utf16_to_latin1)(s, d, LE, LE, Mode::Lossy))
                    }),
                ));
            }
            Encoding::Utf32Le => {
                ops.push((
                    "validate_utf32",
                    Box::new(|k, s, _| _ = black_box((k.validate_utf32)(s, LE))),
                ));
                ops.push((
                    "utf8_len_from_utf32",
                    Box::new(|k, s, _| _ = black_box((k.utf8_len_from_utf32)(s, LE))),
                ));
                ops.push((
                    "utf32le->be",
                    Box::new(|k, s, d| {
                        _ = black_box((k.utf32_to_utf32)(s, d, LE, Endian::Big, Mode::Strict))
                    }),
                ));
                ops.push((
                    "utf32->utf16",
                    Box::new(|k, s, d| {
                        _ = black_box((k.utf32_to_utf16)(s, d, LE, LE, Mode::Strict))
                    }),
                ));
                ops.push((
                    "utf32->latin1 lossy",
                    Box::new(|k, s, d| {
                        _ = black_box((k.utf32_to_latin1)(s, d, LE, LE, Mode::Lossy))
                    }),
                ));
            }
            Encoding::Latin1 => {
                ops.push((
                    "latin1->utf16",
                    Box::new(|k, s, d| {
                        _ = black_box((k.latin1_to_utf16)(s, d, LE, LE, Mode::Strict))
                    }),
                ));
                ops.push((
                    "latin1->utf32",
                    Box::new(|k, s, d| {
                        _ = black_box((k.latin1_to_utf32)(s, d, LE, LE, Mode::Strict))
                    }),
                ));
                ops.push((
                    "latin1->utf8",
                    Box::new(|k, s, d| {
                        _ = black_box((k.latin1_to_utf8)(s, d, LE, LE, Mode::Strict))
                    }),
                ));
                ops.push((
                    "utf8_len_from_latin1",
                    Box::new(|k, s, _| _ = black_box((k.utf8_len_from_latin1)(s))),
                ));
            }
            _ => {
                ops.push((
                    "count_utf8",
                    Box::new(|k, s, _| _ = black_box((k.count_utf8)(s))),
                ));
                ops.push((
                    "utf16_len_from_utf8",
                    Box::new(|k, s, _| _ = black_box((k.utf16_len_from_utf8)(s))),
                ));
            }
        }
        for (op, f) in &ops {
            let base = best(budget, || f(&SCALAR, black_box(src), &mut dst));
            let mut line = format!("{:<40}", format!("{op} / {name}"));
            for k in &ks {
                let t = best(budget, || f(k, black_box(src), &mut dst));
                line += &format!("{:>9.1}", base.as_secs_f64() / t.as_secs_f64());
            }
            println!(
                "{line}   (scalar {:.2} GB/s)",
                src.len() as f64 / base.as_secs_f64() / 1e9
            );
        }
    }
}

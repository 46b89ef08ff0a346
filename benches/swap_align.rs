//! The UTF-16 byte swap (ours trusted-valid and validated, simdutf's
//! `change_endianness_utf16`) on the same input and output buffers at chosen
//! offsets modulo 64 bytes and input-to-output gaps modulo 4096: how much of a gap
//! between the libraries is the placement of the buffers (the `transcode` bench
//! gives every column the same buffers, at whatever placement they get).
//!
//! ```text
//! SIMDUTF_FORCE_IMPLEMENTATION=haswell cargo bench -p utfast-benches --bench swap_align [-- FILE]
//! ```

use std::hint::black_box;
use utfast_benches::{lipsum_texts, time_all};
use utfast_scalar::{Encoding, Mode};

fn main() {
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let kernels: Vec<_> = utfast_simd::available()
        .filter(|k| k.name() != "scalar")
        .collect();
    println!(
        "| file | src%64 | (dst-src)%4096 | {} | simdutf | {} |",
        kernels
            .iter()
            .flat_map(|k| [
                format!("{} valid", k.name()),
                format!("{} strict", k.name())
            ])
            .collect::<Vec<_>>()
            .join(" | "),
        kernels
            .iter()
            .map(|k| format!("{} valid/simdutf", k.name()))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    for (name, text) in lipsum_texts() {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let n = le.len();
        // One buffer: the input at `so` (mod 64) of an aligned page-multiple start,
        // the output `gap` bytes (mod 4096) after the input's start, past its end:
        // loads run ahead of stores, and a store followed by a load with the same
        // address bits 0..12 can look like a dependency (4K aliasing).
        let span = n.next_multiple_of(4096) + 4096;
        let mut buf = vec![0u64; (2 * span + 8192) / 8];
        for (so, gap) in [
            (0usize, 0usize),
            (0, 16),
            (0, 32),
            (0, 64),
            (0, 256),
            (0, 1024),
            (0, 2048),
            (0, 3072),
            (0, 3584),
            (0, 4032),
            (0, 4064),
            (0, 4080),
            (16, 0),
            (16, 2048),
            (2, 0),
            (2, 2048),
            (0, 2050),
            (0, 2056),
            (2, 2046),
            (8, 2040),
            (2, 2062),
        ] {
            {
                let b: &mut [u8] = bytemuck::cast_slice_mut(&mut buf);
                let base = b.as_ptr().align_offset(4096);
                let (sb, db) = b[base..].split_at_mut(span);
                let src = &mut sb[so..so + n];
                src.copy_from_slice(&le);
                let src: &[u8] = src;
                let dst = std::cell::RefCell::new(&mut db[so + gap..so + gap + n]);
                let mut fs: Vec<Box<dyn FnMut() + '_>> = Vec::new();
                for k in &kernels {
                    for mode in [Mode::Valid, Mode::Strict] {
                        let dst = &dst;
                        fs.push(Box::new(move || {
                            let mut d = dst.borrow_mut();
                            black_box(
                                k.transcode(
                                    black_box(src),
                                    &mut d,
                                    Encoding::Utf16Le,
                                    Encoding::Utf16Be,
                                    mode,
                                )
                                .expect("valid"),
                            );
                        }));
                    }
                }
                let dst = &dst;
                fs.push(Box::new(move || {
                    let mut d = dst.borrow_mut();
                    // SAFETY: `src` and `d` are `n` bytes, `n` even, both at even
                    // addresses (so their u16 views are aligned).
                    unsafe {
                        simdutf::change_endianness_utf16(
                            black_box(src.as_ptr().cast::<u16>()),
                            n / 2,
                            d.as_mut_ptr().cast::<u16>(),
                        )
                    };
                    black_box(&mut d);
                }));
                let times = time_all(&mut fs);
                let gbs = |t: f64| format!("{:.2}", n as f64 / t / 1e9);
                let last = *times.last().expect("simdutf");
                let mut row = vec![name.clone(), so.to_string(), gap.to_string()];
                row.extend(times.iter().map(|&t| gbs(t)));
                row.extend((0..kernels.len()).map(|k| format!("{:.2}", last / times[2 * k])));
                println!("| {} |", row.join(" | "));
            }
        }
    }
}

//! String columns: `validate_utf8_offsets` against Arrow's own validation
//! (`ArrayData::validate_full`, and `StringArray::try_new`) and against our plain
//! `validate_utf8` over the same bytes; `transcode_array` from windows-1251 against a
//! row-by-row encoding_rs conversion. 1M strings of 8 to 64 bytes cut at character
//! boundaries from the lipsum texts, from the Wikipedia "Mars" articles (`Mars-mix`:
//! each string from the next of the 18 languages, so the column mixes scripts and
//! ASCII runs as real columns do; `Mars-Russian` for windows-1251) and from
//! twitter.json; every row timed side by side in interleaved rounds (`time_all`),
//! milliseconds per column and the ratios.
//!
//! `transcode_array`'s table also times the floor of any conversion into a new column
//! on this machine: allocating the output's size and writing every byte of it once
//! (`alloc+fill`: the page faults of fresh memory, which both sides pay).
//!
//! Run: `cargo bench -p utfast-benches --bench arrow [-- --markdown] [FILTER]`

use arrow_array::builder::StringBuilder;
use arrow_array::{Array, BinaryArray, StringArray};
use arrow_buffer::{Buffer, OffsetBuffer, ScalarBuffer};
use arrow_data::ArrayData;
use arrow_schema::DataType;
use std::hint::black_box;
use utfast::{Encoding, Mode};
use utfast_benches::{bench_args, bench_texts, cpu_name, print_row, time_all};
use utfast_testkit::Rng;

const STRINGS: usize = 1_000_000;

/// Rows per record batch in the batched table (DataFusion's default `batch_size`).
const BATCH: usize = 8192;

/// `STRINGS` strings of 8 to 64 bytes cut from `texts` (each string from the next
/// text, each text read on from where its last string ended, repeated), at character
/// boundaries: the values and the offsets.
fn column(texts: &[&str], rng: &mut Rng) -> (Vec<u8>, Vec<i32>) {
    let mut values = Vec::new();
    let mut offsets = vec![0i32];
    let mut at = vec![0; texts.len()];
    let mut t = 0;
    while offsets.len() <= STRINGS {
        t = (t + 1) % texts.len();
        let text = texts[t];
        let mut end = at[t] + 8 + rng.below(57);
        if end >= text.len() {
            at[t] = 0;
            continue;
        }
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut start = at[t];
        while !text.is_char_boundary(start) {
            start += 1;
        }
        values.extend_from_slice(&text.as_bytes()[start..end]);
        offsets.push(values.len() as i32);
        at[t] = end;
    }
    (values, offsets)
}

fn ms(t: f64) -> String {
    format!("{:.2}", t * 1e3)
}

fn main() {
    let (markdown, filter) = bench_args();
    let keep = |t: &str| filter.as_ref().is_none_or(|f| t.contains(f.as_str()));
    println!("CPU: {}", cpu_name());
    println!(
        "kernel: {}; {STRINGS} strings of 8-64 bytes",
        utfast::kernel::active().name()
    );
    let texts = bench_texts();
    // The texts of a column (none: the row is skipped).
    let text = |name: &str| -> Vec<&str> {
        let of = |n: &str| texts.iter().find(|(t, _)| t == n).map(|(_, s)| s.as_str());
        match name {
            "Mars-mix" => texts
                .iter()
                .filter(|(t, _)| t.starts_with("Mars-") && !t.ends_with("-latin1"))
                .map(|(_, s)| s.as_str())
                .collect(),
            // None when UTFAST_BENCH_TEXTS leaves it out.
            _ => of(name).into_iter().collect(),
        }
    };
    let mut rng = Rng(2026);

    if keep("validate_utf8_offsets") {
        println!("\n## validate_utf8_offsets (ms per column)");
        print_row(
            &[
                "text",
                "ours",
                "validate_utf8",
                "validate_full",
                "try_new",
                "full/ours",
                "try_new/ours",
                "ours/plain",
            ]
            .map(String::from),
            markdown,
            true,
        );
        for name in ["Latin", "Russian", "Chinese", "Mars-mix", "twitter.json"] {
            let parts = text(name);
            if parts.is_empty() {
                continue;
            }
            let (values, offsets) = column(&parts, &mut rng);
            let data = ArrayData::builder(DataType::Utf8)
                .len(STRINGS)
                .add_buffer(Buffer::from_slice_ref(&offsets))
                .add_buffer(Buffer::from_slice_ref(&values))
                .build()
                .expect("a valid column");
            let offset_buffer = OffsetBuffer::new(ScalarBuffer::from(offsets.clone()));
            let value_buffer = Buffer::from_slice_ref(&values);
            let (v, o) = (&values[..], &offsets[..]);
            let t = time_all(&mut [
                Box::new(|| {
                    assert!(utfast::validate_utf8_offsets(black_box(v), black_box(o)).is_ok())
                }),
                Box::new(|| assert!(utfast::validate_utf8(black_box(v)).is_ok())),
                Box::new(|| assert!(black_box(&data).validate_full().is_ok())),
                Box::new(|| {
                    let a = StringArray::try_new(offset_buffer.clone(), value_buffer.clone(), None);
                    assert!(black_box(a).is_ok())
                }),
            ]);
            print_row(
                &[
                    name.to_string(),
                    ms(t[0]),
                    ms(t[1]),
                    ms(t[2]),
                    ms(t[3]),
                    format!("{:.1}", t[2] / t[0]),
                    format!("{:.1}", t[3] / t[0]),
                    format!("{:.2}", t[1] / t[0]),
                ],
                markdown,
                false,
            );
        }
    }

    // The whole column at once, and the same rows in record batches of `BATCH` rows
    // (the default `batch_size` of DataFusion, how pipelines hand columns over): a
    // batch's output is small enough for the allocator to reuse, so the page faults
    // of fresh memory that dominate the whole column are paid once.
    for (batch, title) in [
        (STRINGS, "transcode_array from windows-1251 (ms per column)"),
        (
            BATCH,
            "transcode_array from windows-1251, in batches of 8,192 rows (ms per column)",
        ),
    ] {
        if !keep(title) {
            continue;
        }
        println!("\n## {title}");
        print_row(
            &[
                "text",
                "ours",
                "enc_rs+String",
                "enc_rs+Cow",
                "alloc+fill",
                "String/ours",
                "Cow/ours",
                "ours/floor",
            ]
            .map(String::from),
            markdown,
            true,
        );
        for name in ["Russian", "Latin", "Mars-Russian", "twitter.json"] {
            let parts = text(name);
            if parts.is_empty() {
                continue;
            }
            let (values, offsets) = column(&parts, &mut rng);
            // The same rows in windows-1251 (Latin: ASCII but for a few signs;
            // twitter.json: ASCII but for its Japanese, which becomes `?`).
            let rows: Vec<Vec<u8>> = offsets
                .windows(2)
                .map(|w| {
                    let row = &values[w[0] as usize..w[1] as usize];
                    utfast::transcode_to_vec(
                        row,
                        Encoding::Utf8,
                        Encoding::Windows1251,
                        Mode::Lossy,
                    )
                    .expect("lossy")
                })
                .collect();
            let array = BinaryArray::from(rows.iter().map(|r| r.as_slice()).collect::<Vec<_>>());
            let batches: Vec<BinaryArray> = (0..array.len())
                .step_by(batch)
                .map(|at| array.slice(at, batch.min(array.len() - at)))
                .collect();
            let utf8_lens: Vec<usize> = batches
                .iter()
                .map(|b| {
                    utfast::arrow::transcode_array(b, Encoding::Windows1251, Mode::Strict)
                        .expect("valid")
                        .values()
                        .len()
                })
                .collect();
            let bs = &batches[..];
            let t = time_all(&mut [
                Box::new(|| {
                    for b in bs {
                        let s = utfast::arrow::transcode_array(
                            black_box(b),
                            Encoding::Windows1251,
                            Mode::Strict,
                        );
                        black_box(s.expect("valid"));
                    }
                }),
                Box::new(|| {
                    for b in bs {
                        let s: StringArray = black_box(b)
                            .iter()
                            .map(|r| {
                                r.map(|r| {
                                    encoding_rs::WINDOWS_1251
                                        .decode_without_bom_handling(r)
                                        .0
                                        .into_owned()
                                })
                            })
                            .collect();
                        black_box(s);
                    }
                }),
                Box::new(|| {
                    for b in bs {
                        let a = black_box(b);
                        let mut sb = StringBuilder::with_capacity(a.len(), a.values().len() * 2);
                        for r in a.iter() {
                            match r {
                                Some(r) => sb.append_value(
                                    encoding_rs::WINDOWS_1251.decode_without_bom_handling(r).0,
                                ),
                                None => sb.append_null(),
                            }
                        }
                        black_box(sb.finish());
                    }
                }),
                Box::new(|| {
                    for &n in &utf8_lens {
                        let v = vec![1u8; black_box(n)];
                        black_box(v);
                    }
                }),
            ]);
            print_row(
                &[
                    name.to_string(),
                    ms(t[0]),
                    ms(t[1]),
                    ms(t[2]),
                    ms(t[3]),
                    format!("{:.1}", t[1] / t[0]),
                    format!("{:.1}", t[2] / t[0]),
                    format!("{:.1}", t[0] / t[3]),
                ],
                markdown,
                false,
            );
        }
    }
}

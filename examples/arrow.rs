//! A column of windows-1251 rows (as a legacy database or a Kafka topic hands them
//! over) converted to an Arrow UTF-8 column in one call, and a binary column of UTF-8
//! rows turned into a string column without copying its values.
//!
//! Run: `cargo run --example arrow --features arrow`

use arrow_array::{Array, BinaryArray};
use utfast::{Encoding, Mode};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rows = [
        "Москва",
        "Санкт-Петербург",
        "Новосибирск — 1 625 631 жителей",
        "€ 100",
    ];
    // Encode the rows to windows-1251 (as the producer would have).
    let encoded: Vec<Vec<u8>> = rows
        .iter()
        .map(|r| {
            utfast::transcode_to_vec(
                r.as_bytes(),
                Encoding::Utf8,
                Encoding::Windows1251,
                Mode::Strict,
            )
        })
        .collect::<Result<_, _>>()?;
    let mut cells: Vec<Option<&[u8]>> = encoded.iter().map(|r| Some(r.as_slice())).collect();
    cells.insert(2, None); // a null row
    let column = BinaryArray::from(cells);

    let text = utfast::arrow::transcode_array(&column, Encoding::Windows1251, Mode::Strict)?;
    for i in 0..text.len() {
        if text.is_null(i) {
            println!("{i}: null");
        } else {
            println!(
                "{i}: {} ({} bytes of windows-1251)",
                text.value(i),
                column.value(i).len()
            );
        }
    }

    // A binary column that is already UTF-8: validated, then the same buffers.
    let utf8 = BinaryArray::from(rows.iter().map(|r| r.as_bytes()).collect::<Vec<_>>());
    let strings = utfast::arrow::binary_to_string_array(utf8)?;
    assert_eq!(strings.value(0), "Москва");

    // Damaged input names the row and the string's own UTF-8 error.
    let damaged = BinaryArray::from(vec![b"ok".as_slice(), b"caf\xC3"]);
    let e = utfast::arrow::binary_to_string_array(damaged).unwrap_err();
    println!("rejected: {e}");
    Ok(())
}

//! The `arrow` module: `binary_to_string_array` against Arrow's `StringArray::try_new`
//! (same decision, same buffers, nulls kept, sliced columns), and `transcode_array`
//! against a row-by-row conversion with `transcode_to_string`, in every encoding and
//! mode, with damaged rows and null rows, on every kernel.
#![cfg(feature = "arrow")]

use arrow_array::{
    Array, BinaryArray, GenericStringArray, LargeBinaryArray, OffsetSizeTrait, StringArray,
};
use utfast::arrow::{
    binary_to_string_array, large_binary_to_string_array, transcode_array, transcode_large_array,
    TranscodeArrayError,
};
use utfast::{Encoding, Mode};
use utfast_testkit::{char_runs, damage, each_kernel, Rng};

fn random_rows(rng: &mut Rng, n: usize) -> Vec<Option<Vec<u8>>> {
    (0..n)
        .map(|_| {
            if rng.below(8) == 0 {
                return None;
            }
            let len = match rng.below(6) {
                0 => 0,
                1 => 64 + rng.below(150),
                _ => rng.below(30),
            };
            Some(char_runs(&mut || rng.next(), len).into_bytes())
        })
        .collect()
}

fn binary(rows: &[Option<Vec<u8>>]) -> BinaryArray {
    BinaryArray::from(rows.iter().map(|r| r.as_deref()).collect::<Vec<_>>())
}

fn same_as_try_new<O: OffsetSizeTrait>(
    got: Result<GenericStringArray<O>, utfast::OffsetsError>,
    parts: (
        arrow_buffer::OffsetBuffer<O>,
        arrow_buffer::Buffer,
        Option<arrow_buffer::NullBuffer>,
    ),
    case: usize,
) {
    let (offsets, values, nulls) = parts;
    let ptr = values.as_ptr();
    let want = GenericStringArray::<O>::try_new(offsets, values, nulls);
    assert_eq!(got.is_ok(), want.is_ok(), "case {case}: {got:?}");
    if let (Ok(got), Ok(want)) = (got, want) {
        assert_eq!(got, want, "case {case}");
        assert_eq!(
            got.values().as_ptr(),
            ptr,
            "case {case}: the values were copied"
        );
    }
}

#[test]
fn binary_to_string_against_try_new() {
    if each_kernel("binary_to_string_against_try_new") {
        return;
    }
    let mut rng = Rng(0xA770);
    let mut rejected = 0;
    for case in 0..600 {
        let n = rng.below(40);
        let mut rows = random_rows(&mut rng, n);
        if rng.below(2) == 0 {
            // Damage a row, null or not (Arrow validates null rows' bytes too).
            for row in rows.iter_mut().flatten() {
                if rng.below(6) == 0 {
                    let every = 1 + row.len();
                    damage(&mut rng, row, every);
                }
            }
        }
        let mut array = binary(&rows);
        if array.len() > 2 && rng.below(3) == 0 {
            let at = rng.below(array.len() / 2);
            array = array.slice(at, array.len() - at - rng.below(2));
        }
        let got = binary_to_string_array(array.clone());
        rejected += got.is_err() as usize;
        same_as_try_new(got, array.into_parts(), case);

        let large = LargeBinaryArray::from(rows.iter().map(|r| r.as_deref()).collect::<Vec<_>>());
        same_as_try_new(
            large_binary_to_string_array(large.clone()),
            large.into_parts(),
            case,
        );
    }
    assert!(rejected > 50, "{rejected}");
}

/// The row-by-row oracle: each non-null row converted with `transcode_to_string`.
fn row_by_row(
    array: &BinaryArray,
    from: Encoding,
    mode: Mode,
) -> Result<StringArray, (usize, utfast::TranscodeError)> {
    let mut out = Vec::new();
    for i in 0..array.len() {
        if array.is_null(i) {
            out.push(None);
        } else {
            let s = utfast::transcode_to_string(array.value(i), from, mode).map_err(|e| (i, e))?;
            out.push(Some(s));
        }
    }
    Ok(StringArray::from(out))
}

#[test]
fn transcode_array_against_row_by_row() {
    if each_kernel("transcode_array_against_row_by_row") {
        return;
    }
    let mut rng = Rng(0x7C0DE);
    for from in Encoding::ALL {
        for case in 0..60 {
            let n = rng.below(50);
            let rows = random_rows(&mut rng, n);
            // Each row in `from`: lossy, so characters a code page lacks become `?`.
            let mut encoded: Vec<Option<Vec<u8>>> = rows
                .iter()
                .map(|r| {
                    r.as_ref().map(|r| {
                        utfast::transcode_to_vec(r, Encoding::Utf8, from, Mode::Lossy).unwrap()
                    })
                })
                .collect();
            let damaged = rng.below(2) == 0;
            if damaged {
                for row in encoded.iter_mut().flatten() {
                    if rng.below(5) == 0 {
                        let every = 1 + row.len();
                        damage(&mut rng, row, every);
                    }
                    if from.unit_size() > 1 && rng.below(10) == 0 {
                        row.push(0x41); // a truncated unit
                    }
                }
            }
            let array = binary(&encoded);
            for mode in [Mode::Strict, Mode::Lossy] {
                let got = transcode_array(&array, from, mode);
                let want = row_by_row(&array, from, mode);
                match (&got, &want) {
                    (Ok(g), Ok(w)) => assert_eq!(g, w, "{from:?} {mode:?} case {case}"),
                    (Err(TranscodeArrayError::Row { row, error }), Err((wrow, werror))) => {
                        assert_eq!((row, error), (wrow, werror), "{from:?} case {case}")
                    }
                    _ => panic!("{from:?} {mode:?} case {case}: {got:?} vs {want:?}"),
                }
                if let Ok(g) = got {
                    assert_eq!(g.nulls(), array.nulls());
                    assert_eq!(g.values().len(), g.value_offsets()[g.len()] as usize);
                }
            }
            let large =
                LargeBinaryArray::from(encoded.iter().map(|r| r.as_deref()).collect::<Vec<_>>());
            let got = transcode_large_array(&large, from, Mode::Lossy).unwrap();
            let want = transcode_array(&array, from, Mode::Lossy).unwrap();
            assert!(got.iter().eq(want.iter()), "{from:?} case {case}");
        }
    }
}

#[test]
fn windows_1251_rows_and_empty_columns() {
    let rows: Vec<&[u8]> = vec![b"\xcf\xf0\xe8\xe2\xe5\xf2", b"", b"\x88 \xb9"];
    let text = transcode_array(
        &BinaryArray::from(rows),
        Encoding::Windows1251,
        Mode::Strict,
    )
    .unwrap();
    assert_eq!(
        text.iter().collect::<Vec<_>>(),
        [Some("Привет"), Some(""), Some("€ №")]
    );
    let empty = BinaryArray::from(Vec::<&[u8]>::new());
    assert_eq!(
        transcode_array(&empty, Encoding::Koi8R, Mode::Strict)
            .unwrap()
            .len(),
        0
    );
    assert_eq!(
        transcode_array(&empty, Encoding::Utf16Le, Mode::Strict)
            .unwrap()
            .len(),
        0
    );
    assert_eq!(binary_to_string_array(empty).unwrap().len(), 0);
    let e = transcode_array(
        &BinaryArray::from(vec![b"a\x00".as_slice(), b"\x00\xDC"]),
        Encoding::Utf16Le,
        Mode::Strict,
    )
    .unwrap_err();
    assert_eq!(e.to_string().split(':').next(), Some("row 1"));
}

/// The single-byte encodings' path (offsets counted over the whole values buffer, in
/// chunks of blocks): long columns of every byte value, in runs of one kind (ASCII,
/// letters, the signs of 0x80-0xBF) so that whole blocks take each way of counting,
/// sliced so that the first offset is not 0, against the row-by-row oracle.
#[test]
fn single_byte_columns_long_and_sliced() {
    if each_kernel("single_byte_columns_long_and_sliced") {
        return;
    }
    let mut rng = Rng(0x51C3);
    let mut pages = 0;
    for from in Encoding::ALL {
        let every_byte_decodes = (0..=255u8)
            .all(|b| utfast::transcode_to_vec(&[b], from, Encoding::Utf8, Mode::Strict).is_ok());
        if from.unit_size() != 1 || !every_byte_decodes {
            continue; // not an encoding of one byte per character
        }
        for case in 0..6 {
            let n = [3, 40, 2_000][case % 3];
            let rows: Vec<Option<Vec<u8>>> = (0..n)
                .map(|_| {
                    if rng.below(10) == 0 {
                        return None;
                    }
                    let (lo, span) =
                        [(0, 0x80), (0x80, 0x40), (0xC0, 0x40), (0, 0x100)][rng.below(4)];
                    let len = rng.below(if case % 2 == 0 { 70 } else { 400 });
                    Some((0..len).map(|_| (lo + rng.below(span)) as u8).collect())
                })
                .collect();
            let array = binary(&rows);
            let at = rng.below(n.min(5) + 1);
            let sliced = array.slice(at, array.len() - at - rng.below(2).min(array.len() - at));
            for a in [&array, &sliced] {
                let got = transcode_array(a, from, Mode::Strict).unwrap();
                let want = row_by_row(a, from, Mode::Strict).unwrap();
                assert_eq!(got.len(), want.len());
                for i in 0..a.len() {
                    if !a.is_null(i) {
                        assert_eq!(got.value(i), want.value(i), "{from:?} case {case} row {i}");
                    }
                }
                assert_eq!(got.nulls(), a.nulls());
            }
        }
        pages += 1;
    }
    assert!(pages >= 4, "Latin-1 and the code pages");
}

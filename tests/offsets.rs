//! `validate_utf8_offsets` against Arrow's own validation (`ArrayData` of type
//! `Utf8`/`LargeUtf8`, built with validation, then `validate_full`: what
//! `StringArray::try_new` and IPC readers run) for the accept/reject decision, and
//! against the scalar reference (`utfast_scalar::offsets`) for the exact first error,
//! on random arrays: damaged values, offsets moved inside characters, decreasing and
//! out-of-range offsets, garbage outside the offsets' range, on every kernel.

use arrow_buffer::Buffer;
use arrow_data::ArrayData;
use arrow_schema::DataType;
use utfast::Offset;
use utfast_testkit::{char_runs, damage, each_kernel, Rng};

/// Arrow's decision on `values` and `offsets` (as `i64`, narrowed to `i32` for `Utf8`).
fn arrow_accepts(values: &[u8], offsets: &[i64], large: bool) -> bool {
    let (data_type, buffer) = if large {
        (DataType::LargeUtf8, Buffer::from_slice_ref(offsets))
    } else {
        let narrow: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
        (DataType::Utf8, Buffer::from_slice_ref(&narrow))
    };
    ArrayData::builder(data_type)
        .len(offsets.len().saturating_sub(1))
        .add_buffer(buffer)
        .add_buffer(Buffer::from_slice_ref(values))
        .build()
        .and_then(|data| data.validate_full())
        .is_ok()
}

fn check<O: Offset>(values: &[u8], offsets: &[O], wide: &[i64], large: bool, case: usize) {
    let got = utfast::validate_utf8_offsets(values, offsets);
    let want = utfast_scalar::offsets::validate_utf8_offsets(values, offsets);
    assert_eq!(
        got, want,
        "case {case}: against the reference, offsets {wide:?}"
    );
    assert_eq!(
        got.is_ok(),
        arrow_accepts(values, wide, large),
        "case {case}: against arrow ({got:?}), offsets {wide:?}, values {}",
        utfast_testkit::show(values)
    );
}

/// A random array: its values and offsets (as `i64`).
fn random_array(rng: &mut Rng) -> (Vec<u8>, Vec<i64>) {
    let strings = match rng.below(10) {
        0 => rng.below(3),
        1 => 2000 + rng.below(4500), // several blocks of the fast path
        _ => rng.below(60),
    };
    let mut values = Vec::new();
    // Sometimes bytes before the first offset (never looked at).
    if rng.below(4) == 0 {
        values.extend_from_slice(&[0x80, 0xFF, 0xA9][..1 + rng.below(3)]);
    }
    let mut offsets = vec![values.len() as i64];
    for _ in 0..strings {
        let len = match rng.below(8) {
            0 => 0,
            1 => 64 + rng.below(200),
            _ => rng.below(24),
        };
        let text = char_runs(&mut || rng.next(), len);
        values.extend_from_slice(text.as_bytes());
        offsets.push(values.len() as i64);
    }
    if rng.below(4) == 0 {
        values.extend_from_slice(&[0x80, 0xBF, 0xE2][..1 + rng.below(3)]);
    }
    (values, offsets)
}

fn damage_array(rng: &mut Rng, values: &mut [u8], offsets: &mut [i64]) {
    let n = offsets.len();
    for _ in 0..1 + rng.below(2) {
        match rng.below(7) {
            0 => {} // intact
            1 => damage(rng, values, 1 + values.len().max(1)),
            2 | 3 if n > 0 => {
                // An offset moved by a little: often inside a character.
                let at = rng.below(n);
                let by = rng.below(7) as i64 - 3;
                offsets[at] = (offsets[at] + by).clamp(0, values.len() as i64);
            }
            4 if n > 1 => {
                let (a, b) = (rng.below(n), rng.below(n));
                offsets.swap(a, b); // decreasing, unless equal
            }
            5 if n > 0 => {
                let at = rng.below(n);
                offsets[at] = match rng.below(4) {
                    0 => -1,
                    1 => i32::MIN as i64,
                    2 => values.len() as i64 + 1,
                    _ => i32::MAX as i64,
                };
            }
            _ => {}
        }
    }
}

fn cases() -> usize {
    if utfast_testkit::quick() {
        400
    } else {
        3000
    }
}

#[test]
fn against_arrow_and_reference() {
    if each_kernel("against_arrow_and_reference") {
        return;
    }
    let mut rng = Rng(0x0FF5E75);
    let mut rejected = 0;
    for case in 0..cases() {
        let (mut values, mut offsets) = random_array(&mut rng);
        damage_array(&mut rng, &mut values, &mut offsets);
        let narrow: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
        check(&values, &narrow, &offsets, false, case);
        check(&values, &offsets, &offsets, true, case);
        rejected += utfast::validate_utf8_offsets(&values, &offsets).is_err() as usize;
    }
    // Both decisions are exercised.
    assert!(
        rejected > cases() / 5 && rejected < cases() * 4 / 5,
        "{rejected}"
    );
}

#[test]
fn an_error_at_every_position() {
    if each_kernel("an_error_at_every_position") {
        return;
    }
    // Strings long enough that the SIMD validator runs; one bad byte, offset or
    // boundary at each position in turn, in an array of several fast-path blocks.
    let mut rng = Rng(99);
    let text = char_runs(&mut || rng.next(), 70_000);
    let values = text.as_bytes();
    let mut offsets: Vec<i64> = vec![0];
    while let Some(&last) = offsets.last() {
        let mut next = last as usize + 1 + rng.below(40);
        if next >= values.len() {
            offsets.push(values.len() as i64);
            break;
        }
        while !text.is_char_boundary(next) {
            next += 1;
        }
        offsets.push(next as i64);
    }
    assert!(utfast::validate_utf8_offsets(values, &offsets).is_ok());
    let n = offsets.len();
    for at in (1..n - 1).step_by(97) {
        let mut bad = offsets.clone();
        bad[at] = bad[at - 1] - 1;
        let e = utfast::validate_utf8_offsets(values, &bad).unwrap_err();
        assert_eq!(
            Err(e),
            utfast_scalar::offsets::validate_utf8_offsets(values, &bad)
        );
        assert_eq!(e.index(), at - 1, "{e}");
        let mut v = values.to_vec();
        v[offsets[at] as usize] = 0xFF;
        let e = utfast::validate_utf8_offsets(&v, &offsets).unwrap_err();
        assert_eq!(e.index(), at);
        assert_eq!(e.utf8_error().unwrap().valid_up_to(), 0);
    }
}

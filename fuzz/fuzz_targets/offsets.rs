//! `validate_utf8_offsets` on any values and offsets.
//!
//! Input: one byte `n` (the number of offsets, `n % 64`), then `n` offsets of two
//! bytes each (little-endian `i16`: negative and out-of-range offsets included, small
//! enough to fall inside the values), then the values. The fast function (active
//! kernel, blocks of offsets) must return exactly the scalar reference's result for
//! `i32` and `i64` offsets, and its decision must be std's: every offset in range and
//! non-decreasing, every string `str::from_utf8`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast_testkit::to_hex as hex;

fuzz_target!(|data: &[u8]| {
    let _ = utfast_testkit::kernels();
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let n = (head % 64) as usize;
    if rest.len() < 2 * n {
        return;
    }
    let (raw, values) = rest.split_at(2 * n);
    let wide: Vec<i64> = raw.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]]) as i64).collect();
    let narrow: Vec<i32> = wide.iter().map(|&o| o as i32).collect();
    let what = || format!("offsets {wide:?}, values {}", hex(values));

    let got = utfast::validate_utf8_offsets(values, &wide);
    assert_eq!(got, utfast_scalar::offsets::validate_utf8_offsets(values, &wide), "i64 {}", what());
    assert_eq!(utfast::validate_utf8_offsets(values, &narrow), got, "i32 {}", what());

    let in_range = |o: i64| o >= 0 && o as usize <= values.len();
    let std_ok = wide.iter().all(|&o| in_range(o))
        && wide.windows(2).all(|w| w[0] <= w[1] && core::str::from_utf8(&values[w[0] as usize..w[1] as usize]).is_ok());
    assert_eq!(got.is_ok(), std_ok, "decision {}: {got:?}", what());
    if let Err(e) = got {
        // The strings before the reported one are valid.
        assert!(e.index() < wide.len().max(1), "{}", what());
    }
});

//! `std_compat` (std's error types), `compat` and `basic` (simdutf8's) against std on
//! the UTF-8 error-position conformance vectors, each alone and padded so that the
//! SIMD loop runs too, on every kernel.

use utfast_testkit::{conformance_path, data, each_kernel, hex};

/// The inputs of the conformance vectors: the full set (`errors/vectors.json`, 1,953
/// records) when a shared conformance directory is next to the checkout, else the
/// 1,801 committed in `tests/data/conformance/utf8_errors.json`.
fn vectors() -> Vec<Vec<u8>> {
    let bytes = match conformance_path("errors/vectors.json") {
        Some(p) => std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())),
        None => {
            println!("note: errors/vectors.json not found, using the committed subset");
            data("conformance/utf8_errors.json")
        }
    };
    let records: serde_json::Value = serde_json::from_slice(&bytes).expect("valid JSON");
    let records = records.as_array().expect("array of records");
    assert!(records.len() >= 1801, "{} records", records.len());
    println!("{} conformance records", records.len());
    let mut out = Vec::new();
    for r in records {
        let input = hex(r["input_hex"].as_str().expect("input_hex"));
        // Short inputs reach the SIMD loop only when padded.
        for (before, after) in [(0, 0), (64, 0), (100, 70)] {
            let mut v = "é".repeat(before / 2).into_bytes();
            v.extend_from_slice(&input);
            v.extend(std::iter::repeat_n(b'z', after));
            out.push(v);
        }
    }
    out
}

#[test]
fn std_compat_equals_std() {
    if each_kernel("std_compat::std_compat_equals_std") {
        return;
    }
    let (mut valid, mut invalid) = (0, 0);
    for v in vectors() {
        let want = core::str::from_utf8(&v);
        assert_eq!(utfast::std_compat::from_utf8(&v), want, "{v:02x?}");
        if want.is_ok() {
            valid += 1;
        } else {
            invalid += 1;
        }
        let mut m = v.clone();
        let mut m2 = v.clone();
        assert_eq!(
            utfast::std_compat::from_utf8_mut(&mut m),
            core::str::from_utf8_mut(&mut m2)
        );
        assert_eq!(
            utfast::std_compat::string_from_utf8(v.clone()),
            String::from_utf8(v.clone())
        );
    }
    // Both paths ran.
    assert!(
        valid > 0 && invalid > 1000,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn simdutf8_api_equals_std() {
    if each_kernel("std_compat::simdutf8_api_equals_std") {
        return;
    }
    for mut v in vectors() {
        let want = core::str::from_utf8(&v).map_err(|e| (e.valid_up_to(), e.error_len()));
        let got = utfast::compat::from_utf8(&v).map_err(|e| (e.valid_up_to(), e.error_len()));
        assert_eq!(got, want, "{v:02x?}");
        assert_eq!(utfast::basic::from_utf8(&v).ok(), want.ok(), "{v:02x?}");
        let ok = want.is_ok();
        assert_eq!(utfast::basic::from_utf8_mut(&mut v).is_ok(), ok);
        assert_eq!(utfast::compat::from_utf8_mut(&mut v).is_ok(), ok);
    }
}

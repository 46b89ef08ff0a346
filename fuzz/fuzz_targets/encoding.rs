//! Encoding labels, BOM sniffing and detection: `Encoding::from_label` on arbitrary
//! strings (case- and whitespace-insensitive, consistent with `Encoding::name`),
//! `detect_bom` (the BOM really is a prefix, longest match first),
//! `Encoding::for_unlabelled`, and `detect_encodings`, which must agree with every
//! kernel's validators. Nothing may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast_scalar::encoding::{detect_bom, detect_encodings};
use utfast_scalar::{Encoding, Endian};

fn check_label(label: &str) {
    let e = Encoding::from_label(label);
    assert_eq!(
        Encoding::from_label(&label.to_ascii_uppercase()),
        e,
        "{label:?}"
    );
    assert_eq!(
        Encoding::from_label(&label.to_ascii_lowercase()),
        e,
        "{label:?}"
    );
    assert_eq!(
        Encoding::from_label(&format!(" \t{label}\n ")),
        e,
        "{label:?}"
    );
    if let Some(e) = e {
        assert_eq!(Encoding::from_label(e.name()), Some(e));
        assert!(label.is_ascii(), "non-ASCII label accepted: {label:?}");
    }
}

fn check_bom(data: &[u8]) {
    let bom = detect_bom(data);
    let prefixes: Vec<Encoding> = Encoding::ALL
        .into_iter()
        .filter(|e| !e.bom().is_empty() && data.starts_with(e.bom()))
        .collect();
    match bom {
        None => assert!(prefixes.is_empty(), "missed BOM {prefixes:?}"),
        Some((e, n)) => {
            assert_eq!(n, e.bom().len());
            assert!(prefixes.contains(&e), "{e} BOM is not a prefix");
            let longest = prefixes.iter().map(|p| p.bom().len()).max();
            assert_eq!(Some(n), longest, "not the longest BOM");
        }
    }
    for bits in [16, 32, 8, 0, u32::MAX] {
        let (e, n) = Encoding::for_unlabelled(bits, data);
        let unit = if bits == 32 { 4 } else { 2 };
        assert_eq!(e.unit_size(), unit, "for_unlabelled({bits})");
        assert!(n == 0 || (n == e.bom().len() && data.starts_with(e.bom())));
        if n == 0 {
            assert_eq!(e.endian(), Some(Endian::Little));
            assert!(!data.starts_with(e.bom()), "BOM of {e} not used");
        }
    }
}

fn check_detect(data: &[u8]) {
    let set = detect_encodings(data);
    assert_eq!(
        utfast::detect_encodings(data),
        set,
        "facade detect_encodings"
    );
    assert_eq!(utfast::detect_bom(data), detect_bom(data));
    assert!(set.contains(Encoding::Latin1));
    assert_eq!(set.len(), set.iter().count());
    for &k in utfast_testkit::kernels() {
        let valid = [
            (Encoding::Utf8, k.validate_utf8(data).is_ok()),
            (
                Encoding::Utf16Le,
                k.validate_utf16(data, Endian::Little).is_ok(),
            ),
            (
                Encoding::Utf16Be,
                k.validate_utf16(data, Endian::Big).is_ok(),
            ),
            (
                Encoding::Utf32Le,
                k.validate_utf32(data, Endian::Little).is_ok(),
            ),
            (
                Encoding::Utf32Be,
                k.validate_utf32(data, Endian::Big).is_ok(),
            ),
            (Encoding::Latin1, true),
            // Code pages: never listed (a detector's job).
            (Encoding::Koi8R, false),
            (Encoding::Windows1251, false),
            (Encoding::Ibm866, false),
            (Encoding::Windows1252, false),
            (Encoding::Windows874, false),
        ];
        for (e, ok) in valid {
            assert_eq!(
                set.contains(e),
                ok,
                "{}: detect {e} {:02x?}",
                k.name(),
                data
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    check_label(&String::from_utf8_lossy(data));
    check_bom(data);
    check_detect(data);
});

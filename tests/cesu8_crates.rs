//! The doc examples of the `simd_cesu8` 1.2.0 and `cesu8` 1.1.0 crates, run
//! against `utfast::cesu8` and `utfast::mutf8`: the proof that replacing
//! `simd_cesu8::` by `utfast::cesu8::` (`simd_cesu8::mutf8` by `utfast::mutf8`) or
//! `cesu8::` by `utfast::cesu8::` is the whole migration.
//!
//! Provenance: each test below is one ```` ``` ```` example of the doc comments of
//! the named file as published on crates.io, with its hidden (`# `) lines shown and
//! those paths replaced, nothing else changed (a `fn main` example becomes a module
//! whose test calls it). `simd_cesu8`: <https://github.com/seancroach/simd_cesu8>,
//! Copyright Sean C. Roach, licensed Apache-2.0 OR MIT. `cesu8`:
//! <https://github.com/emk/cesu8-rs>, Copyright 2012-2014 The Rust Project
//! Developers and Eric Kidd, licensed Apache-2.0 OR MIT. Both are the licenses of
//! utfast. Generated from the crates' sources by a short script (doc comment
//! blocks, `# ` prefixes removed, paths replaced), then formatted by rustfmt;
//! regenerate rather than edit.

// rustdoc runs examples with `#![allow(unused)]`; so do these, and clippy's style
// lints are the original authors' business.
#![allow(unused, clippy::all)]

/// simd_cesu8-1.2.0/src/lib.rs line 57
#[test]
fn simd_cesu8_line_57() {
    extern crate alloc;
    use alloc::borrow::Cow;

    let bytes = b"Hello, world!";
    let decoded = utfast::cesu8::decode_lossy_strict(bytes);
    assert_eq!(decoded, Cow::Borrowed("Hello, world!"));
}

/// simd_cesu8-1.2.0/src/lib.rs line 69
#[test]
fn simd_cesu8_line_69() {
    extern crate alloc;
    use alloc::borrow::Cow;
    use alloc::string::String;

    let bytes = [0xed, 0xa0, 0xbd, 0xed, 0xb2, 0x96];
    let decoded = utfast::cesu8::decode_lossy_strict(&bytes);
    assert_eq!(decoded, Cow::<str>::Owned(String::from("💖")));
}

/// simd_cesu8-1.2.0/src/lib.rs line 82
#[test]
fn simd_cesu8_line_82() {
    extern crate alloc;
    use alloc::borrow::Cow;
    use alloc::string::String;

    // NOTE: This is an unpaired surrogate followed by a valid CESU-8 surrogate
    // pair.
    let bytes = [0xed, 0xa0, 0xbd, 0xed, 0xa0, 0xbd, 0xed, 0xb2, 0x96];
    let decoded = utfast::cesu8::decode_lossy_strict(&bytes);
    assert_eq!(decoded, Cow::<str>::Owned(String::from("���💖")));
}

/// simd_cesu8-1.2.0/src/lib.rs line 97
#[test]
fn simd_cesu8_line_97() {
    extern crate alloc;
    use alloc::borrow::Cow;
    use alloc::string::String;

    // NOTE: This is a valid UTF-8 string, but not valid CESU-8.
    let bytes = [0xf0, 0x9f, 0x92, 0x96];
    assert_eq!(core::str::from_utf8(&bytes), Ok("💖"));
    let decoded = utfast::cesu8::decode_lossy_strict(&bytes);
    assert_eq!(decoded, Cow::<str>::Owned(String::from("����")));
}

/// simd_cesu8-1.2.0/src/lib.rs line 161
#[test]
fn simd_cesu8_line_161() {
    extern crate alloc;
    use alloc::borrow::Cow;

    // NOTE: This is a valid UTF-8 string, but not valid CESU-8.
    let bytes = [0xf0, 0x9f, 0x92, 0x96];
    let decoded = utfast::cesu8::decode_lossy(&bytes);
    assert_eq!(decoded, Cow::Borrowed("💖"));
}

/// simd_cesu8-1.2.0/src/lib.rs line 174
#[test]
fn simd_cesu8_line_174() {
    extern crate alloc;
    use alloc::borrow::Cow;

    let bytes = b"Hello, world!";
    let decoded = utfast::cesu8::decode_lossy(bytes);
    assert_eq!(decoded, Cow::Borrowed("Hello, world!"));
}

/// simd_cesu8-1.2.0/src/lib.rs line 186
#[test]
fn simd_cesu8_line_186() {
    extern crate alloc;
    use alloc::borrow::Cow;
    use alloc::string::String;

    let bytes = [0xed, 0xa0, 0xbd, 0xed, 0xb2, 0x96];
    let decoded = utfast::cesu8::decode_lossy(&bytes);
    assert_eq!(decoded, Cow::<str>::Owned(String::from("💖")));
}

/// simd_cesu8-1.2.0/src/lib.rs line 199
#[test]
fn simd_cesu8_line_199() {
    extern crate alloc;
    use alloc::borrow::Cow;
    use alloc::string::String;

    // NOTE: This is an unpaired surrogate followed by a valid CESU-8 surrogate
    // pair.
    let bytes = [0xed, 0xa0, 0xbd, 0xed, 0xa0, 0xbd, 0xed, 0xb2, 0x96];
    let decoded = utfast::cesu8::decode_lossy(&bytes);
    assert_eq!(decoded, Cow::<str>::Owned(String::from("���💖")));
}

/// simd_cesu8-1.2.0/src/lib.rs line 254
mod simd_cesu8_line_254 {
    extern crate alloc;
    use alloc::borrow::Cow;

    fn main() -> Result<(), utfast::cesu8::DecodingError> {
        let bytes = b"Hello, world!";
        let decoded = utfast::cesu8::decode_strict(bytes)?;
        assert_eq!(decoded, Cow::Borrowed("Hello, world!"));
        Ok(())
    }
    #[test]
    fn run() {
        main().unwrap();
    }
}

/// simd_cesu8-1.2.0/src/lib.rs line 269
mod simd_cesu8_line_269 {
    extern crate alloc;
    use alloc::borrow::Cow;
    use alloc::string::String;

    fn main() -> Result<(), utfast::cesu8::DecodingError> {
        let bytes = [0xed, 0xa0, 0xbd, 0xed, 0xb2, 0x96];
        let decoded = utfast::cesu8::decode_strict(&bytes)?;
        assert_eq!(decoded, Cow::<str>::Owned(String::from("💖")));
        Ok(())
    }
    #[test]
    fn run() {
        main().unwrap();
    }
}

/// simd_cesu8-1.2.0/src/lib.rs line 285
#[test]
fn simd_cesu8_line_285() {
    // NOTE: This is a valid UTF-8 string, but not valid CESU-8.
    let bytes = [0xf0, 0x9f, 0x92, 0x96];
    assert_eq!(core::str::from_utf8(&bytes), Ok("💖"));

    let result = utfast::cesu8::decode_strict(&bytes);
    assert!(result.is_err());
}

/// simd_cesu8-1.2.0/src/lib.rs line 340
mod simd_cesu8_line_340 {
    extern crate alloc;
    use alloc::borrow::Cow;

    fn main() -> Result<(), utfast::cesu8::DecodingError> {
        // NOTE: This is a valid UTF-8 string, but not valid CESU-8.
        let bytes = [0xf0, 0x9f, 0x92, 0x96];
        let decoded = utfast::cesu8::decode(&bytes)?;
        assert_eq!(decoded, Cow::Borrowed("💖"));
        Ok(())
    }
    #[test]
    fn run() {
        main().unwrap();
    }
}

/// simd_cesu8-1.2.0/src/lib.rs line 356
mod simd_cesu8_line_356 {
    extern crate alloc;
    use alloc::borrow::Cow;

    fn main() -> Result<(), utfast::cesu8::DecodingError> {
        let bytes = b"Hello, world!";
        let decoded = utfast::cesu8::decode(bytes)?;
        assert_eq!(decoded, Cow::Borrowed("Hello, world!"));
        Ok(())
    }
    #[test]
    fn run() {
        main().unwrap();
    }
}

/// simd_cesu8-1.2.0/src/lib.rs line 371
mod simd_cesu8_line_371 {
    extern crate alloc;
    use alloc::borrow::Cow;
    use alloc::string::String;

    fn main() -> Result<(), utfast::cesu8::DecodingError> {
        let bytes = [0xed, 0xa0, 0xbd, 0xed, 0xb2, 0x96];
        let decoded = utfast::cesu8::decode(&bytes)?;
        assert_eq!(decoded, Cow::<str>::Owned(String::from("💖")));
        Ok(())
    }
    #[test]
    fn run() {
        main().unwrap();
    }
}

/// simd_cesu8-1.2.0/src/lib.rs line 414
#[test]
fn simd_cesu8_line_414() {
    extern crate alloc;
    use alloc::borrow::Cow;

    let single_byte = "\u{0045}";
    assert_eq!(single_byte, "E");
    assert_eq!(single_byte.len(), 1);
    assert_eq!(single_byte.as_bytes(), &[0x45]);
    assert_eq!(utfast::cesu8::encode(single_byte), Cow::Borrowed(&[0x45]));

    let two_bytes = "\u{0205}";
    assert_eq!(two_bytes, "ȅ");
    assert_eq!(two_bytes.len(), 2);
    assert_eq!(two_bytes.as_bytes(), &[0xc8, 0x85]);
    assert_eq!(
        utfast::cesu8::encode(two_bytes),
        Cow::Borrowed(&[0xc8, 0x85])
    );

    let three_bytes = "\u{20ac}";
    assert_eq!(three_bytes, "€");
    assert_eq!(three_bytes.len(), 3);
    assert_eq!(three_bytes.as_bytes(), &[0xe2, 0x82, 0xac]);
    assert_eq!(
        utfast::cesu8::encode(three_bytes),
        Cow::Borrowed(&[0xe2, 0x82, 0xac])
    );

    let four_bytes = "\u{10400}";
    assert_eq!(four_bytes, "𐐀");
    assert_eq!(four_bytes.len(), 4);
    assert_eq!(four_bytes.as_bytes(), &[0xf0, 0x90, 0x90, 0x80]);
    assert_eq!(
        utfast::cesu8::encode(four_bytes),
        Cow::<[u8]>::Owned(vec![0xed, 0xa0, 0x81, 0xed, 0xb0, 0x80])
    );
}

/// simd_cesu8-1.2.0/src/lib.rs line 474
#[test]
fn simd_cesu8_line_474() {
    extern crate alloc;
    use alloc::borrow::Cow;

    let mut buf = Vec::new();

    let single_byte = "\u{0045}";
    assert_eq!(single_byte, "E");
    assert_eq!(single_byte.len(), 1);
    assert_eq!(single_byte.as_bytes(), &[0x45]);
    utfast::cesu8::encode_into(single_byte, &mut buf);
    assert_eq!(&buf, &[0x45]);
    buf.clear();

    let two_bytes = "\u{0205}";
    assert_eq!(two_bytes, "ȅ");
    assert_eq!(two_bytes.len(), 2);
    assert_eq!(two_bytes.as_bytes(), &[0xc8, 0x85]);
    utfast::cesu8::encode_into(two_bytes, &mut buf);
    assert_eq!(&buf, &[0xc8, 0x85]);
    buf.clear();

    let three_bytes = "\u{20ac}";
    assert_eq!(three_bytes, "€");
    assert_eq!(three_bytes.len(), 3);
    assert_eq!(three_bytes.as_bytes(), &[0xe2, 0x82, 0xac]);
    utfast::cesu8::encode_into(three_bytes, &mut buf);
    assert_eq!(&buf, &[0xe2, 0x82, 0xac]);
    buf.clear();

    let four_bytes = "\u{10400}";
    assert_eq!(four_bytes, "𐐀");
    assert_eq!(four_bytes.len(), 4);
    assert_eq!(four_bytes.as_bytes(), &[0xf0, 0x90, 0x90, 0x80]);
    utfast::cesu8::encode_into(four_bytes, &mut buf);
    assert_eq!(&buf, &[0xed, 0xa0, 0x81, 0xed, 0xb0, 0x80]);
    buf.clear();
}

/// simd_cesu8-1.2.0/src/lib.rs line 525
#[test]
fn simd_cesu8_line_525() {
    let one = "E";
    assert_eq!(one.len(), 1);
    assert!(!utfast::cesu8::needs_encoded(one));

    let two = "ȅ";
    assert_eq!(two.len(), 2);
    assert!(!utfast::cesu8::needs_encoded(two));

    let three = "€";
    assert_eq!(three.len(), 3);
    assert!(!utfast::cesu8::needs_encoded(three));

    let four = "𐐀";
    assert_eq!(four.len(), 4);
    assert!(utfast::cesu8::needs_encoded(four));
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 48
#[test]
fn simd_cesu8_mutf8_line_48() {
    extern crate alloc;
    use alloc::borrow::Cow;

    use utfast::mutf8;

    let bytes = b"Hello, world!";
    let decoded = mutf8::decode_lossy_strict(bytes);
    assert_eq!(decoded, Cow::Borrowed("Hello, world!"));
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 62
#[test]
fn simd_cesu8_mutf8_line_62() {
    extern crate alloc;
    use alloc::borrow::Cow;
    use alloc::string::String;

    use utfast::mutf8;

    let bytes = [0xc0, 0x80];
    let decoded = mutf8::decode_lossy_strict(&bytes);
    assert_eq!(decoded, Cow::<str>::Owned(String::from("\0")));
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 76
#[test]
fn simd_cesu8_mutf8_line_76() {
    extern crate alloc;
    use alloc::borrow::Cow;

    use utfast::mutf8;

    // NOTE: This is the first half of MUTF-8's byte pair followed by a null
    // byte in MUTF-8.
    let bytes = [0xc0, 0xc0, 0x80];
    let decoded = mutf8::decode_lossy_strict(&bytes);
    assert_eq!(decoded, Cow::<str>::Owned(String::from("�\0")));
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 92
#[test]
fn simd_cesu8_mutf8_line_92() {
    extern crate alloc;
    use alloc::borrow::Cow;
    use alloc::string::String;

    use utfast::mutf8;

    let bytes = [0x00, 0x00, 0x00];
    assert_eq!(core::str::from_utf8(&bytes), Ok("\0\0\0"));

    let decoded = mutf8::decode_lossy_strict(&bytes);
    assert_eq!(decoded, Cow::<str>::Owned(String::from("���")));
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 158
#[test]
fn simd_cesu8_mutf8_line_158() {
    extern crate alloc;
    use alloc::borrow::Cow;

    use utfast::mutf8;

    // NOTE: This is a valid UTF-8 string, but invalid MUTF-8.
    let bytes = [0x00];
    let decoded = mutf8::decode_lossy(&bytes);
    assert_eq!(decoded, Cow::Borrowed("\0"));
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 173
#[test]
fn simd_cesu8_mutf8_line_173() {
    extern crate alloc;
    use alloc::borrow::Cow;

    use utfast::mutf8;

    let bytes = b"Hello, world!";
    let decoded = mutf8::decode_lossy(bytes);
    assert_eq!(decoded, Cow::Borrowed("Hello, world!"));
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 187
#[test]
fn simd_cesu8_mutf8_line_187() {
    extern crate alloc;
    use alloc::borrow::Cow;
    use alloc::string::String;

    use utfast::mutf8;

    let bytes = [0xc0, 0x80];
    let decoded = mutf8::decode_lossy(&bytes);
    assert_eq!(decoded, Cow::<str>::Owned(String::from("\0")));
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 202
#[test]
fn simd_cesu8_mutf8_line_202() {
    extern crate alloc;
    use alloc::borrow::Cow;

    use utfast::mutf8;

    // NOTE: This is the first half of MUTF-8's byte pair followed by a null
    // byte in MUTF-8.
    let bytes = [0xc0, 0xc0, 0x80];
    let decoded = mutf8::decode_lossy(&bytes);
    assert_eq!(decoded, Cow::<str>::Owned(String::from("�\0")));
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 258
mod simd_cesu8_mutf8_line_258 {
    extern crate alloc;
    use alloc::borrow::Cow;

    use utfast::mutf8;

    fn main() -> Result<(), utfast::cesu8::DecodingError> {
        let bytes = b"Hello, world!";
        let decoded = mutf8::decode_strict(bytes)?;
        assert_eq!(decoded, Cow::Borrowed("Hello, world!"));
        Ok(())
    }
    #[test]
    fn run() {
        main().unwrap();
    }
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 275
mod simd_cesu8_mutf8_line_275 {
    extern crate alloc;
    use alloc::borrow::Cow;
    use alloc::string::String;

    use utfast::mutf8;

    fn main() -> Result<(), utfast::cesu8::DecodingError> {
        let bytes = [0xc0, 0x80];
        let decoded = mutf8::decode_strict(&bytes)?;
        assert_eq!(decoded, Cow::<str>::Owned(String::from("\0")));
        Ok(())
    }
    #[test]
    fn run() {
        main().unwrap();
    }
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 293
#[test]
fn simd_cesu8_mutf8_line_293() {
    use utfast::mutf8;

    let bytes = [0x00];
    assert_eq!(core::str::from_utf8(&bytes), Ok("\0"));

    let result = mutf8::decode_strict(&bytes);
    assert!(result.is_err());
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 349
mod simd_cesu8_mutf8_line_349 {
    extern crate alloc;
    use alloc::borrow::Cow;

    use utfast::mutf8;

    fn main() -> Result<(), utfast::cesu8::DecodingError> {
        // NOTE: This is valid UTF-8, but invalid MUTF-8.
        let bytes = [0x00];
        let decoded = mutf8::decode(&bytes)?;
        assert_eq!(decoded, Cow::Borrowed("\0"));
        Ok(())
    }
    #[test]
    fn run() {
        main().unwrap();
    }
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 367
mod simd_cesu8_mutf8_line_367 {
    extern crate alloc;
    use alloc::borrow::Cow;

    use utfast::mutf8;

    fn main() -> Result<(), utfast::cesu8::DecodingError> {
        let bytes = b"Hello, world!";
        let decoded = mutf8::decode(bytes)?;
        assert_eq!(decoded, Cow::Borrowed("Hello, world!"));
        Ok(())
    }
    #[test]
    fn run() {
        main().unwrap();
    }
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 384
mod simd_cesu8_mutf8_line_384 {
    extern crate alloc;
    use alloc::borrow::Cow;
    use alloc::string::String;

    use utfast::mutf8;

    fn main() -> Result<(), utfast::cesu8::DecodingError> {
        let bytes = [0xc0, 0x80];
        let decoded = mutf8::decode(&bytes)?;
        assert_eq!(decoded, Cow::<str>::Owned(String::from("\0")));
        Ok(())
    }
    #[test]
    fn run() {
        main().unwrap();
    }
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 429
#[test]
fn simd_cesu8_mutf8_line_429() {
    extern crate alloc;
    use alloc::borrow::Cow;

    use utfast::mutf8;

    let null = "\0";
    assert_eq!(null.len(), 1);
    assert_eq!(null.as_bytes(), &[0x00]);
    assert_eq!(mutf8::encode(null), Cow::<[u8]>::Owned(vec![0xc0, 0x80]));

    let single_byte = "\u{0045}";
    assert_eq!(single_byte, "E");
    assert_eq!(single_byte.len(), 1);
    assert_eq!(single_byte.as_bytes(), &[0x45]);
    assert_eq!(mutf8::encode(single_byte), Cow::Borrowed(&[0x45]));

    let two_bytes = "\u{0205}";
    assert_eq!(two_bytes, "ȅ");
    assert_eq!(two_bytes.len(), 2);
    assert_eq!(two_bytes.as_bytes(), &[0xc8, 0x85]);
    assert_eq!(mutf8::encode(two_bytes), Cow::Borrowed(&[0xc8, 0x85]));

    let three_bytes = "\u{20ac}";
    assert_eq!(three_bytes, "€");
    assert_eq!(three_bytes.len(), 3);
    assert_eq!(three_bytes.as_bytes(), &[0xe2, 0x82, 0xac]);
    assert_eq!(
        mutf8::encode(three_bytes),
        Cow::Borrowed(&[0xe2, 0x82, 0xac])
    );

    let four_bytes = "\u{10400}";
    assert_eq!(four_bytes, "𐐀");
    assert_eq!(four_bytes.len(), 4);
    assert_eq!(four_bytes.as_bytes(), &[0xf0, 0x90, 0x90, 0x80]);
    assert_eq!(
        mutf8::encode(four_bytes),
        Cow::<[u8]>::Owned(vec![0xed, 0xa0, 0x81, 0xed, 0xb0, 0x80])
    );
}

/// simd_cesu8-1.2.0/src/mutf8.rs line 483
#[test]
fn simd_cesu8_mutf8_line_483() {
    use utfast::mutf8;

    let null = "\0";
    assert_eq!(null.len(), 1);
    assert!(mutf8::needs_encoded(null));

    let single_byte = "E";
    assert_eq!(single_byte.len(), 1);
    assert!(!mutf8::needs_encoded(single_byte));

    let two_bytes = "ȅ";
    assert_eq!(two_bytes.len(), 2);
    assert!(!mutf8::needs_encoded(two_bytes));

    let three_bytes = "€";
    assert_eq!(three_bytes.len(), 3);
    assert!(!mutf8::needs_encoded(three_bytes));

    let four_bytes = "𐐀";
    assert_eq!(four_bytes.len(), 4);
    assert!(mutf8::needs_encoded(four_bytes));
}

/// cesu8-1.1.0/src/lib.rs line 21
#[test]
fn cesu8_line_21() {
    use std::borrow::Cow;
    use utfast::cesu8::{from_cesu8, to_cesu8};

    // 16-bit Unicode characters are the same in UTF-8 and CESU-8.
    assert_eq!(Cow::Borrowed("aé日".as_bytes()), to_cesu8("aé日"));
    assert_eq!(
        Cow::Borrowed("aé日"),
        from_cesu8("aé日".as_bytes()).unwrap()
    );

    // This string is CESU-8 data containing a 6-byte surrogate pair,
    // which decodes to a 4-byte UTF-8 string.
    let data = &[0xED, 0xA0, 0x81, 0xED, 0xB0, 0x81];
    assert_eq!(Cow::Borrowed("\u{10401}"), from_cesu8(data).unwrap());
}

/// cesu8-1.1.0/src/lib.rs line 132
#[test]
fn cesu8_line_132() {
    use std::borrow::Cow;
    use utfast::cesu8::from_cesu8;

    // This string is valid as UTF-8 or CESU-8, so it doesn't change,
    // and we can convert it without allocating memory.
    assert_eq!(
        Cow::Borrowed("aé日"),
        from_cesu8("aé日".as_bytes()).unwrap()
    );

    // This string is CESU-8 data containing a 6-byte surrogate pair,
    // which becomes a 4-byte UTF-8 string.
    let data = &[0xED, 0xA0, 0x81, 0xED, 0xB0, 0x81];
    assert_eq!(Cow::Borrowed("\u{10401}"), from_cesu8(data).unwrap());
}

/// cesu8-1.1.0/src/lib.rs line 155
#[test]
fn cesu8_line_155() {
    use std::borrow::Cow;
    use utfast::cesu8::from_java_cesu8;

    // This string is valid as UTF-8 or modified UTF-8, so it doesn't change,
    // and we can convert it without allocating memory.
    assert_eq!(
        Cow::Borrowed("aé日"),
        from_java_cesu8("aé日".as_bytes()).unwrap()
    );

    // This string is modified UTF-8 data containing a 6-byte surrogate pair,
    // which becomes a 4-byte UTF-8 string.
    let data = &[0xED, 0xA0, 0x81, 0xED, 0xB0, 0x81];
    assert_eq!(Cow::Borrowed("\u{10401}"), from_java_cesu8(data).unwrap());

    // This string is modified UTF-8 data containing null code-points.
    let data = &[0xC0, 0x80, 0xC0, 0x80];
    assert_eq!(Cow::Borrowed("\0\0"), from_java_cesu8(data).unwrap());
}

/// cesu8-1.1.0/src/lib.rs line 333
#[test]
fn cesu8_line_333() {
    use std::borrow::Cow;
    use utfast::cesu8::to_cesu8;

    // This string is valid as UTF-8 or CESU-8, so it doesn't change,
    // and we can convert it without allocating memory.
    assert_eq!(Cow::Borrowed("aé日".as_bytes()), to_cesu8("aé日"));

    // This string is a 4-byte UTF-8 string, which becomes a 6-byte CESU-8
    // vector.
    assert_eq!(
        Cow::Borrowed(&[0xED, 0xA0, 0x81, 0xED, 0xB0, 0x81]),
        to_cesu8("\u{10401}")
    );
}

/// cesu8-1.1.0/src/lib.rs line 356
#[test]
fn cesu8_line_356() {
    use std::borrow::Cow;
    use utfast::cesu8::to_java_cesu8;

    // This string is valid as UTF-8 or CESU-8, so it doesn't change,
    // and we can convert it without allocating memory.
    assert_eq!(Cow::Borrowed("aé日".as_bytes()), to_java_cesu8("aé日"));

    // This string is a 4-byte UTF-8 string, which becomes a 6-byte modified
    // UTF-8 vector.
    assert_eq!(
        Cow::Borrowed(&[0xED, 0xA0, 0x81, 0xED, 0xB0, 0x81]),
        to_java_cesu8("\u{10401}")
    );

    // This string contains null, which becomes 2-byte modified UTF-8 encoding
    assert_eq!(
        Cow::Borrowed(&[0xC0, 0x80, 0xC0, 0x80]),
        to_java_cesu8("\0\0")
    );
}

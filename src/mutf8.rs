//! Java's Modified UTF-8 (MUTF-8: CESU-8 with U+0000 as `C0 80`, the encoding of
//! JNI strings and class files) with borrowed results, in the shape of
//! `simd_cesu8::mutf8`; see [`crate::cesu8`] for the rules shared with CESU-8.
//!
//! Borrowed when the meaning is the same as UTF-8's: [`decode_strict`] borrows
//! UTF-8 without four-byte sequences and without `00` bytes (a raw `00` is not
//! Modified UTF-8: Java writes U+0000 as `C0 80`, JVMS 4.4.7), and [`encode`]
//! borrows text without U+0000 and without supplementary characters.
//! [`is_valid`] is a `const fn` for literals checked at compile time, and the one
//! item of the module without the `alloc` feature.
//!
//! ```
//! use std::borrow::Cow;
//! assert!(matches!(utfast::mutf8::decode_strict(b"java/lang/String"), Ok(Cow::Borrowed(_))));
//! assert_eq!(utfast::mutf8::decode_strict(b"a\xC0\x80b").unwrap(), "a\0b");
//! assert_eq!(utfast::mutf8::encode("a\0b"), &b"a\xC0\x80b"[..]);
//! const CLASS: &[u8] = b"java/lang/Object";
//! const _: () = assert!(utfast::mutf8::is_valid(CLASS));
//! ```

#[cfg(feature = "alloc")]
use crate::cesu8::shared;
#[cfg(feature = "alloc")]
pub use crate::cesu8::DecodingError;
#[cfg(feature = "alloc")]
use alloc::borrow::Cow;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;
#[cfg(feature = "alloc")]
use utfast_scalar::Encoding;

#[cfg(feature = "alloc")]
/// Decodes Modified UTF-8, borrowing `bytes` when they are valid UTF-8 (`00`
/// bytes and four-byte sequences included, as `simd_cesu8::mutf8::decode` and
/// `cesu8::from_java_cesu8` do).
///
/// Errors: [`DecodingError`] if `bytes` are neither UTF-8 nor Modified UTF-8.
///
/// ```
/// assert_eq!(utfast::mutf8::decode(b"\xC0\x80")?, "\0");
/// assert!(utfast::mutf8::decode(b"\xC0").is_err());
/// # Ok::<(), utfast::mutf8::DecodingError>(())
/// ```
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, DecodingError> {
    shared::decode(bytes, Encoding::Mutf8, false)
}

#[cfg(feature = "alloc")]
/// Decodes Modified UTF-8 only: borrowed when `bytes` are UTF-8 without `00`
/// bytes and four-byte sequences (`simd_cesu8::mutf8::decode_strict`).
///
/// Errors: [`DecodingError`] if `bytes` are not Modified UTF-8 (a `00` byte or a
/// four-byte sequence is not).
///
/// ```
/// assert_eq!(utfast::mutf8::decode_strict(b"\xED\xA0\xBD\xED\xB8\x80")?, "😀");
/// assert!(utfast::mutf8::decode_strict(b"a\x00").is_err());
/// # Ok::<(), utfast::mutf8::DecodingError>(())
/// ```
pub fn decode_strict(bytes: &[u8]) -> Result<Cow<'_, str>, DecodingError> {
    shared::decode(bytes, Encoding::Mutf8, true)
}

#[cfg(feature = "alloc")]
/// Decodes Modified UTF-8 lossily, borrowing valid UTF-8
/// (`simd_cesu8::mutf8::decode_lossy`).
///
/// ```
/// assert_eq!(utfast::mutf8::decode_lossy(b"\xC0\xC0\x80"), "\u{FFFD}\0");
/// assert_eq!(utfast::mutf8::decode_lossy(b"\0"), "\0");
/// ```
pub fn decode_lossy(bytes: &[u8]) -> Cow<'_, str> {
    shared::decode_lossy(bytes, Encoding::Mutf8, false)
}

#[cfg(feature = "alloc")]
/// Decodes Modified UTF-8 only, lossily: `00` bytes and four-byte sequences are
/// replaced too (`simd_cesu8::mutf8::decode_lossy_strict`).
///
/// ```
/// assert_eq!(utfast::mutf8::decode_lossy_strict(b"a\0"), "a\u{FFFD}");
/// ```
pub fn decode_lossy_strict(bytes: &[u8]) -> Cow<'_, str> {
    shared::decode_lossy(bytes, Encoding::Mutf8, true)
}

#[cfg(feature = "alloc")]
/// Encodes `value` as Modified UTF-8, borrowing it when it has no U+0000 and no
/// supplementary character (`simd_cesu8::mutf8::encode`, `cesu8::to_java_cesu8`).
///
/// ```
/// use std::borrow::Cow;
/// assert!(matches!(utfast::mutf8::encode("日本"), Cow::Borrowed(_)));
/// assert_eq!(utfast::mutf8::encode("\0😀"), &b"\xC0\x80\xED\xA0\xBD\xED\xB8\x80"[..]);
/// ```
pub fn encode(value: &str) -> Cow<'_, [u8]> {
    shared::encode(value, Encoding::Mutf8)
}

#[cfg(feature = "alloc")]
/// Appends the Modified UTF-8 of `value` to `buf`.
///
/// ```
/// let mut buf = Vec::new();
/// utfast::mutf8::encode_into("a\0", &mut buf);
/// assert_eq!(buf, b"a\xC0\x80");
/// ```
pub fn encode_into(value: &str, buf: &mut Vec<u8>) {
    shared::encode_into(value, Encoding::Mutf8, buf)
}

#[cfg(feature = "alloc")]
/// Whether `value`'s Modified UTF-8 differs from its UTF-8: it has U+0000 or a
/// supplementary character (`simd_cesu8::mutf8::needs_encoded`).
///
/// ```
/// assert!(utfast::mutf8::needs_encoded("\0"));
/// assert!(!utfast::mutf8::needs_encoded("€"));
/// ```
pub fn needs_encoded(value: &str) -> bool {
    shared::differs(value.as_bytes(), Encoding::Mutf8)
}

/// Whether `bytes` are Modified UTF-8, in a `const` context: the check of a
/// literal at compile time (what the `jni` crate's `jni_str!` does). A plain
/// byte loop; at run time [`crate::validate_mutf8`] is the fast one (same answer).
///
/// ```
/// const OK: bool = utfast::mutf8::is_valid(b"caf\xC3\xA9 \xC0\x80 \xED\xA0\xBD\xED\xB8\x80");
/// assert!(OK);
/// assert!(!utfast::mutf8::is_valid(b"a\x00")); // U+0000 must be C0 80
/// assert!(!utfast::mutf8::is_valid("😀".as_bytes())); // a pair must be two surrogates
/// ```
pub const fn is_valid(bytes: &[u8]) -> bool {
    const fn cont(b: u8) -> bool {
        b & 0xC0 == 0x80
    }
    let n = bytes.len();
    let mut i = 0;
    while i < n {
        let b = bytes[i];
        match b {
            0x01..=0x7F => i += 1,
            // U+0000.
            0xC0 => {
                if i + 1 >= n || bytes[i + 1] != 0x80 {
                    return false;
                }
                i += 2;
            }
            0xC2..=0xDF => {
                if i + 1 >= n || !cont(bytes[i + 1]) {
                    return false;
                }
                i += 2;
            }
            0xE0..=0xEF => {
                if i + 2 >= n || !cont(bytes[i + 2]) {
                    return false;
                }
                let b1 = bytes[i + 1];
                match (b, b1) {
                    (0xE0, 0xA0..=0xBF)
                    | (0xE1..=0xEC | 0xEE..=0xEF, 0x80..=0xBF)
                    | (0xED, 0x80..=0x9F) => i += 3,
                    // A lead surrogate: a trail surrogate must follow.
                    (0xED, 0xA0..=0xAF) => {
                        if i + 5 >= n
                            || bytes[i + 3] != 0xED
                            || !matches!(bytes[i + 4], 0xB0..=0xBF)
                            || !cont(bytes[i + 5])
                        {
                            return false;
                        }
                        i += 6;
                    }
                    _ => return false,
                }
            }
            // 00, continuation bytes, C1, and the four-byte leads F0..FF.
            _ => return false,
        }
    }
    true
}

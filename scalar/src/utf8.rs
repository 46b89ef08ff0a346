//! UTF-8 validation (PLACEHOLDER: simple byte loop; to be replaced by the shift-based DFA).

use crate::error::{ErrorKind, Utf8Error};

/// Classifies the ill-formed sequence at the start of `rest` (which must be non-empty
/// and start with an ill-formed sequence): its kind and the length of its maximal
/// subpart (`None` if `rest` ends inside a sequence that could still be completed).
///
/// ```
/// use utfast_scalar::{utf8::classify_error, ErrorKind};
/// assert_eq!(classify_error(b"\xE0\x80"), (ErrorKind::Overlong, Some(1)));
/// assert_eq!(classify_error(b"\xE2\x82"), (ErrorKind::TooShort, None));
/// assert_eq!(classify_error(b"\xE2\x82a"), (ErrorKind::TooShort, Some(2)));
/// ```
pub fn classify_error(rest: &[u8]) -> (ErrorKind, Option<u8>) {
    let b0 = rest[0];
    let (need, lo, hi, range_kind) = match b0 {
        0x80..=0xBF => return (ErrorKind::UnexpectedContinuation, Some(1)),
        0xC2..=0xDF => (1, 0x80, 0xBF, ErrorKind::TooShort),
        0xE0 => (2, 0xA0, 0xBF, ErrorKind::Overlong),
        0xED => (2, 0x80, 0x9F, ErrorKind::Surrogate),
        0xE1..=0xEC | 0xEE..=0xEF => (2, 0x80, 0xBF, ErrorKind::TooShort),
        0xF0 => (3, 0x90, 0xBF, ErrorKind::Overlong),
        0xF4 => (3, 0x80, 0x8F, ErrorKind::TooLarge),
        0xF1..=0xF3 => (3, 0x80, 0xBF, ErrorKind::TooShort),
        0x00..=0x7F => panic!("classify_error called on a valid ASCII byte"),
        _ => return (ErrorKind::InvalidLeadByte, Some(1)),
    };
    // Second byte: restricted range.
    let Some(&b1) = rest.get(1) else {
        return (ErrorKind::TooShort, None);
    };
    if !(lo..=hi).contains(&b1) {
        let kind = if (0x80..=0xBF).contains(&b1) {
            range_kind
        } else {
            ErrorKind::TooShort
        };
        return (kind, Some(1));
    }
    for i in 2..=need {
        match rest.get(i) {
            None => return (ErrorKind::TooShort, None),
            Some(&b) if (0x80..=0xBF).contains(&b) => {}
            Some(_) => return (ErrorKind::TooShort, Some(i as u8)),
        }
    }
    panic!("classify_error called on a well-formed sequence")
}

/// Validates `src` as UTF-8, with the exact error of `core::str::from_utf8`.
///
/// ```
/// let e = utfast_scalar::utf8::validate_utf8(b"a\xFFb").unwrap_err();
/// assert_eq!((e.valid_up_to(), e.error_len()), (1, Some(1)));
/// ```
pub fn validate_utf8(src: &[u8]) -> Result<(), Utf8Error> {
    let mut i = 0;
    while i < src.len() {
        let n = match sequence_len(&src[i..]) {
            Some(n) => n,
            None => {
                let (kind, len) = classify_error(&src[i..]);
                return Err(Utf8Error::new(i, len, kind));
            }
        };
        i += n;
    }
    Ok(())
}

fn sequence_len(s: &[u8]) -> Option<usize> {
    let cont = |i: usize| s.get(i).is_some_and(|&b| (0x80..=0xBF).contains(&b));
    let in_range = |i: usize, lo: u8, hi: u8| s.get(i).is_some_and(|&b| (lo..=hi).contains(&b));
    let ok = match s[0] {
        0x00..=0x7F => return Some(1),
        0xC2..=0xDF => cont(1).then_some(2),
        0xE0 => (in_range(1, 0xA0, 0xBF) && cont(2)).then_some(3),
        0xED => (in_range(1, 0x80, 0x9F) && cont(2)).then_some(3),
        0xE1..=0xEF => (cont(1) && cont(2)).then_some(3),
        0xF0 => (in_range(1, 0x90, 0xBF) && cont(2) && cont(3)).then_some(4),
        0xF4 => (in_range(1, 0x80, 0x8F) && cont(2) && cont(3)).then_some(4),
        0xF1..=0xF3 => (cont(1) && cont(2) && cont(3)).then_some(4),
        _ => None,
    };
    ok
}

/// Whether `src` is valid UTF-8.
///
/// ```
/// assert!(utfast_scalar::utf8::is_utf8("héllo".as_bytes()));
/// ```
pub fn is_utf8(src: &[u8]) -> bool {
    validate_utf8(src).is_ok()
}

/// Whether every byte of `src` is ASCII (below 0x80).
///
/// ```
/// assert!(utfast_scalar::utf8::is_ascii(b"plain"));
/// ```
pub fn is_ascii(src: &[u8]) -> bool {
    src.is_ascii()
}

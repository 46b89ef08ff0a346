//! Detection: the byte-order mark at the start of an input, the encoding of the
//! byte-order-less labels `utf-16`/`utf-32`, and the set of encodings an input is
//! valid in. Above the types (`types.rs`) and the validators; re-exported at
//! `utfast_scalar::encoding`.

use crate::types::{Encoding, EncodingSet, Endian};
use crate::utf16::validate_utf16_bytes;
use crate::utf32::validate_utf32_bytes;
use crate::utf8::is_utf8;

impl Encoding {
    /// For the byte-order-less labels `utf-16` and `utf-32`: the encoding selected by
    /// the input's BOM, or little-endian when there is none (as Python and WHATWG do
    /// on little-endian hosts), and the length of the BOM to skip.
    ///
    /// ```
    /// # use utfast_scalar::Encoding;
    /// assert_eq!(Encoding::for_unlabelled(16, b"\xFE\xFF\x00a"), (Encoding::Utf16Be, 2));
    /// assert_eq!(Encoding::for_unlabelled(16, b"a\x00"), (Encoding::Utf16Le, 0));
    /// assert_eq!(Encoding::for_unlabelled(32, b"\x00\x00\xFE\xFF"), (Encoding::Utf32Be, 4));
    /// ```
    pub fn for_unlabelled(bits: u32, src: &[u8]) -> (Encoding, usize) {
        if bits == 32 {
            match src {
                [0xFF, 0xFE, 0, 0, ..] => (Encoding::Utf32Le, 4),
                [0, 0, 0xFE, 0xFF, ..] => (Encoding::Utf32Be, 4),
                _ => (Encoding::Utf32Le, 0),
            }
        } else {
            match src {
                [0xFF, 0xFE, ..] => (Encoding::Utf16Le, 2),
                [0xFE, 0xFF, ..] => (Encoding::Utf16Be, 2),
                _ => (Encoding::Utf16Le, 0),
            }
        }
    }
}

/// Detects a byte-order mark at the start of `src`: the encoding it announces and its
/// length. `FF FE 00 00` is read as UTF-32LE (the longer match wins).
///
/// ```
/// # use utfast_scalar::{encoding::detect_bom, Encoding};
/// assert_eq!(detect_bom(b"\xEF\xBB\xBFhi"), Some((Encoding::Utf8, 3)));
/// assert_eq!(detect_bom(b"\xFF\xFE\x00\x00"), Some((Encoding::Utf32Le, 4)));
/// assert_eq!(detect_bom(b"\xFF\xFEa\x00"), Some((Encoding::Utf16Le, 2)));
/// assert_eq!(detect_bom(b"hi"), None);
/// ```
pub fn detect_bom(src: &[u8]) -> Option<(Encoding, usize)> {
    match src {
        [0xFF, 0xFE, 0, 0, ..] => Some((Encoding::Utf32Le, 4)),
        [0, 0, 0xFE, 0xFF, ..] => Some((Encoding::Utf32Be, 4)),
        [0xEF, 0xBB, 0xBF, ..] => Some((Encoding::Utf8, 3)),
        [0xFF, 0xFE, ..] => Some((Encoding::Utf16Le, 2)),
        [0xFE, 0xFF, ..] => Some((Encoding::Utf16Be, 2)),
        _ => None,
    }
}

/// The set of encodings in which `src` is valid text (Latin-1 always is), among the
/// Unicode encoding forms and Latin-1 (WTF-8, CESU-8 and MUTF-8 are not guessed: most
/// UTF-8 is also valid in them).
///
/// The Cyrillic code pages accept every byte too, but are not listed: they are
/// told apart from Latin-1 and from each other only by the plausibility of the
/// text, which is a detector's work, not a validator's.
///
/// A BOM is not required and not interpreted: this answers "which decoders would
/// accept these bytes". Rank them with [`detect_bom`] and plausibility heuristics.
///
/// ```
/// # use utfast_scalar::{encoding::detect_encodings, Encoding};
/// let s = detect_encodings("é".as_bytes());
/// assert!(s.contains(Encoding::Utf8) && s.contains(Encoding::Utf16Le));
/// assert!(!s.contains(Encoding::Utf32Le));
/// ```
pub fn detect_encodings(src: &[u8]) -> EncodingSet {
    let mut set = EncodingSet::EMPTY;
    if is_utf8(src) {
        set.insert(Encoding::Utf8);
    }
    for (enc, endian) in [
        (Encoding::Utf16Le, Endian::Little),
        (Encoding::Utf16Be, Endian::Big),
    ] {
        if validate_utf16_bytes(src, endian).is_ok() {
            set.insert(enc);
        }
    }
    for (enc, endian) in [
        (Encoding::Utf32Le, Endian::Little),
        (Encoding::Utf32Be, Endian::Big),
    ] {
        if validate_utf32_bytes(src, endian).is_ok() {
            set.insert(enc);
        }
    }
    set.insert(Encoding::Latin1);
    set
}

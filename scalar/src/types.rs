//! The vocabulary types: [`Encoding`], [`Endian`], [`Mode`] and [`EncodingSet`].
//! They depend on nothing else in the crate; detection, which runs the validators,
//! is in `detect.rs`.

use core::fmt;

/// The code-page variants of [`Encoding`], as a pattern (one list for the matches of
/// this crate, which stay exhaustive).
macro_rules! code_pages {
    () => {
        $crate::types::Encoding::Ibm866
            | $crate::types::Encoding::Iso8859_2
            | $crate::types::Encoding::Iso8859_3
            | $crate::types::Encoding::Iso8859_4
            | $crate::types::Encoding::Iso8859_5
            | $crate::types::Encoding::Iso8859_6
            | $crate::types::Encoding::Iso8859_7
            | $crate::types::Encoding::Iso8859_8
            | $crate::types::Encoding::Iso8859_8I
            | $crate::types::Encoding::Iso8859_10
            | $crate::types::Encoding::Iso8859_13
            | $crate::types::Encoding::Iso8859_14
            | $crate::types::Encoding::Iso8859_15
            | $crate::types::Encoding::Iso8859_16
            | $crate::types::Encoding::Koi8R
            | $crate::types::Encoding::Koi8U
            | $crate::types::Encoding::Macintosh
            | $crate::types::Encoding::Windows874
            | $crate::types::Encoding::Windows1250
            | $crate::types::Encoding::Windows1251
            | $crate::types::Encoding::Windows1252
            | $crate::types::Encoding::Windows1253
            | $crate::types::Encoding::Windows1254
            | $crate::types::Encoding::Windows1255
            | $crate::types::Encoding::Windows1256
            | $crate::types::Encoding::Windows1257
            | $crate::types::Encoding::Windows1258
            | $crate::types::Encoding::XMacCyrillic
    };
}
pub(crate) use code_pages;

/// Byte order of a UTF-16 or UTF-32 byte stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endian {
    /// Least significant byte first.
    Little,
    /// Most significant byte first.
    Big,
}

impl Endian {
    /// The byte order of the machine this code runs on.
    ///
    /// ```
    /// # use utfast_scalar::Endian;
    /// assert_eq!(Endian::NATIVE == Endian::Little, cfg!(target_endian = "little"));
    /// ```
    #[cfg(target_endian = "little")]
    pub const NATIVE: Endian = Endian::Little;
    /// The byte order of the machine this code runs on.
    #[cfg(target_endian = "big")]
    pub const NATIVE: Endian = Endian::Big;

    /// Reads the 16-bit unit at `b[0..2]`.
    ///
    /// ```
    /// # use utfast_scalar::Endian;
    /// assert_eq!(Endian::Big.read_u16([0xD8, 0x3D]), 0xD83D);
    /// ```
    #[inline(always)]
    pub const fn read_u16(self, b: [u8; 2]) -> u16 {
        match self {
            Endian::Little => u16::from_le_bytes(b),
            Endian::Big => u16::from_be_bytes(b),
        }
    }

    /// Serialises a 16-bit unit in this byte order.
    ///
    /// ```
    /// # use utfast_scalar::Endian;
    /// assert_eq!(Endian::Little.write_u16(0xFEFF), [0xFF, 0xFE]);
    /// ```
    #[inline(always)]
    pub const fn write_u16(self, v: u16) -> [u8; 2] {
        match self {
            Endian::Little => v.to_le_bytes(),
            Endian::Big => v.to_be_bytes(),
        }
    }

    /// Reads the 32-bit unit at `b[0..4]`.
    ///
    /// ```
    /// # use utfast_scalar::Endian;
    /// assert_eq!(Endian::Little.read_u32([0x00, 0xF6, 0x01, 0x00]), 0x1F600);
    /// ```
    #[inline(always)]
    pub const fn read_u32(self, b: [u8; 4]) -> u32 {
        match self {
            Endian::Little => u32::from_le_bytes(b),
            Endian::Big => u32::from_be_bytes(b),
        }
    }

    /// Serialises a 32-bit unit in this byte order.
    ///
    /// ```
    /// # use utfast_scalar::Endian;
    /// assert_eq!(Endian::Big.write_u32(0x1F600), [0x00, 0x01, 0xF6, 0x00]);
    /// ```
    #[inline(always)]
    pub const fn write_u32(self, v: u32) -> [u8; 4] {
        match self {
            Endian::Little => v.to_le_bytes(),
            Endian::Big => v.to_be_bytes(),
        }
    }
}

/// How a transcoder treats ill-formed input.
///
/// New modes may be added in minor releases (`#[non_exhaustive]`): a `match` on a
/// `Mode` outside this crate needs a wildcard arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Mode {
    /// Stop at the first ill-formed sequence and report its kind and position.
    Strict,
    /// Replace each maximal subpart of an ill-formed sequence (UTF-8), each unpaired
    /// surrogate (UTF-16), each invalid unit (UTF-32) and a truncated final unit with
    /// U+FFFD. A character above U+00FF becomes `?` (0x3F) when the target is Latin-1.
    Lossy,
    /// The caller guarantees that the input is valid: no validation work is done.
    /// On invalid input the output is unspecified (but memory-safe, never out of bounds).
    Valid,
}

/// A character encoding form (with byte order) that utfast reads and writes.
///
/// New encodings may be added in minor releases (`#[non_exhaustive]`): a `match` on
/// an `Encoding` outside this crate needs a wildcard arm; [`Encoding::ALL`] lists the
/// encodings of this version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Encoding {
    /// UTF-8.
    Utf8,
    /// UTF-16, little-endian byte order.
    Utf16Le,
    /// UTF-16, big-endian byte order.
    Utf16Be,
    /// UTF-32, little-endian byte order.
    Utf32Le,
    /// UTF-32, big-endian byte order.
    Utf32Be,
    /// ISO-8859-1: each byte is the code point U+0000..U+00FF.
    Latin1,
    // Cyrillic code pages
    /// KOI8-R, the Russian Unix and mail code page (WHATWG index `index-koi8-r`).
    Koi8R,
    /// windows-1251 (CP1251), the Russian Windows code page (WHATWG index).
    Windows1251,
    /// IBM866 (CP866), the Russian DOS code page (WHATWG index).
    Ibm866,
    // WTF-8, CESU-8, MUTF-8
    /// WTF-8: UTF-8 that also holds lone surrogates (any sequence of 16-bit units);
    /// see [`crate::wtf8`].
    Wtf8,
    /// CESU-8: UTF-8 with supplementary characters as surrogate pairs of two
    /// three-byte sequences; see [`crate::cesu8`].
    Cesu8,
    /// Java's Modified UTF-8: CESU-8 with U+0000 as `C0 80`; see [`crate::cesu8`].
    Mutf8,
    // The other single-byte code pages of the WHATWG Encoding Standard; see
    // [`crate::codepage`].
    /// ISO-8859-2 (Latin-2), Central European (WHATWG index).
    Iso8859_2,
    /// ISO-8859-3 (Latin-3), South European (WHATWG index).
    Iso8859_3,
    /// ISO-8859-4 (Latin-4), North European (WHATWG index).
    Iso8859_4,
    /// ISO-8859-5, Cyrillic (WHATWG index).
    Iso8859_5,
    /// ISO-8859-6, Arabic (WHATWG index).
    Iso8859_6,
    /// ISO-8859-7, Greek (WHATWG index).
    Iso8859_7,
    /// ISO-8859-8, Hebrew (visual order) (WHATWG index).
    Iso8859_8,
    /// ISO-8859-8-I, Hebrew (logical order; the bytes of ISO-8859-8) (WHATWG index).
    Iso8859_8I,
    /// ISO-8859-10 (Latin-6), Nordic (WHATWG index).
    Iso8859_10,
    /// ISO-8859-13 (Latin-7), Baltic (WHATWG index).
    Iso8859_13,
    /// ISO-8859-14 (Latin-8), Celtic (WHATWG index).
    Iso8859_14,
    /// ISO-8859-15 (Latin-9), Western European with the euro sign (WHATWG index).
    Iso8859_15,
    /// ISO-8859-16 (Latin-10), South-Eastern European (WHATWG index).
    Iso8859_16,
    /// KOI8-U, Ukrainian (WHATWG index).
    Koi8U,
    /// macintosh (Mac OS Roman) (WHATWG index).
    Macintosh,
    /// windows-874, Thai (a superset of TIS-620) (WHATWG index).
    Windows874,
    /// windows-1250 (CP1250), Central European (WHATWG index).
    Windows1250,
    /// windows-1252 (CP1252), Western European: what WHATWG decodes for the labels `latin1` and `iso-8859-1` (utfast's `latin1` is [`Encoding::Latin1`]) (WHATWG index).
    Windows1252,
    /// windows-1253 (CP1253), Greek (WHATWG index).
    Windows1253,
    /// windows-1254 (CP1254), Turkish (WHATWG index).
    Windows1254,
    /// windows-1255 (CP1255), Hebrew (WHATWG index).
    Windows1255,
    /// windows-1256 (CP1256), Arabic (WHATWG index).
    Windows1256,
    /// windows-1257 (CP1257), Baltic (WHATWG index).
    Windows1257,
    /// windows-1258 (CP1258), Vietnamese (WHATWG index).
    Windows1258,
    /// x-mac-cyrillic (Mac OS Cyrillic) (WHATWG index).
    XMacCyrillic,
}

impl Encoding {
    /// Every encoding, in the order used by [`EncodingSet`] and [`detect_encodings`](crate::encoding::detect_encodings).
    pub const ALL: [Encoding; 37] = [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Utf32Le,
        Encoding::Utf32Be,
        Encoding::Latin1,
        // Cyrillic code pages
        Encoding::Koi8R,
        Encoding::Windows1251,
        Encoding::Ibm866,
        // WTF-8, CESU-8, MUTF-8
        Encoding::Wtf8,
        Encoding::Cesu8,
        Encoding::Mutf8,
        // The other single-byte code pages
        Encoding::Iso8859_2,
        Encoding::Iso8859_3,
        Encoding::Iso8859_4,
        Encoding::Iso8859_5,
        Encoding::Iso8859_6,
        Encoding::Iso8859_7,
        Encoding::Iso8859_8,
        Encoding::Iso8859_8I,
        Encoding::Iso8859_10,
        Encoding::Iso8859_13,
        Encoding::Iso8859_14,
        Encoding::Iso8859_15,
        Encoding::Iso8859_16,
        Encoding::Koi8U,
        Encoding::Macintosh,
        Encoding::Windows874,
        Encoding::Windows1250,
        Encoding::Windows1252,
        Encoding::Windows1253,
        Encoding::Windows1254,
        Encoding::Windows1255,
        Encoding::Windows1256,
        Encoding::Windows1257,
        Encoding::Windows1258,
        Encoding::XMacCyrillic,
    ];

    /// UTF-16 in the byte order of the machine this code runs on: the encoding of a
    /// `&[u16]` seen as bytes (`Utf16Le` on x86-64 and AArch64).
    ///
    /// ```
    /// # use utfast_scalar::{Encoding, Endian};
    /// assert_eq!(Encoding::UTF16_NATIVE.endian(), Some(Endian::NATIVE));
    /// assert_eq!(Encoding::UTF16_NATIVE.unit_size(), 2);
    /// ```
    #[cfg(target_endian = "little")]
    pub const UTF16_NATIVE: Encoding = Encoding::Utf16Le;
    /// UTF-16 in the byte order of the machine this code runs on.
    #[cfg(target_endian = "big")]
    pub const UTF16_NATIVE: Encoding = Encoding::Utf16Be;
    /// UTF-32 in the byte order of the machine this code runs on: the encoding of a
    /// `&[u32]` seen as bytes.
    ///
    /// ```
    /// # use utfast_scalar::{Encoding, Endian};
    /// assert_eq!(Encoding::UTF32_NATIVE.endian(), Some(Endian::NATIVE));
    /// assert_eq!(Encoding::UTF32_NATIVE.unit_size(), 4);
    /// ```
    #[cfg(target_endian = "little")]
    pub const UTF32_NATIVE: Encoding = Encoding::Utf32Le;
    /// UTF-32 in the byte order of the machine this code runs on.
    #[cfg(target_endian = "big")]
    pub const UTF32_NATIVE: Encoding = Encoding::Utf32Be;

    /// Looks up an encoding label: [`Encoding::parse_label`] without the reason
    /// for a failure. Accepted: every name of each encoding in the WHATWG Encoding
    /// Standard, glibc's iconv, Python's codec registry and PostgreSQL, without case,
    /// punctuation and quotes (the list is in [`crate::label`]). The byte-order-less
    /// labels `utf-16`/`utf-32` are not an [`Encoding`] (their byte order comes from
    /// a BOM); see [`Encoding::for_unlabelled`].
    ///
    /// ```
    /// # use utfast_scalar::Encoding;
    /// assert_eq!(Encoding::from_label("UTF-16BE"), Some(Encoding::Utf16Be));
    /// assert_eq!(Encoding::from_label(" latin1 "), Some(Encoding::Latin1));
    /// assert_eq!(Encoding::from_label("CP1251"), Some(Encoding::Windows1251));
    /// assert_eq!(Encoding::from_label("windows1251"), Some(Encoding::Windows1251));
    /// assert_eq!(Encoding::from_label("koi8-u"), Some(Encoding::Koi8U));
    /// assert_eq!(Encoding::from_label("latin1"), Some(Encoding::Latin1)); // not WHATWG's
    /// assert_eq!(Encoding::from_label("shift_jis"), None);
    /// ```
    pub fn from_label(label: &str) -> Option<Encoding> {
        Encoding::parse_label(label).ok()
    }

    /// The canonical name, spelled as the standards spell it: the WHATWG Encoding
    /// Standard's name where it has the encoding (`UTF-8`, `UTF-16LE`, `UTF-16BE`,
    /// `KOI8-R`, `windows-1251`, `IBM866`), else the IANA registry's (`UTF-32LE`,
    /// `UTF-32BE`, `ISO-8859-1`, `CESU-8`), else the specification's (`WTF-8`,
    /// `MUTF-8`). One convention, not one case: the case is the registry's, which is
    /// what other software expects (an HTTP `charset`, iconv, Python). Every name is
    /// also a label ([`Encoding::parse_label`]).
    ///
    /// ```
    /// # use utfast_scalar::Encoding;
    /// assert_eq!(Encoding::Utf16Le.name(), "UTF-16LE");
    /// assert_eq!(Encoding::Windows1251.name(), "windows-1251");
    /// assert_eq!(Encoding::parse_label(Encoding::Ibm866.name()), Ok(Encoding::Ibm866));
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Utf32Le => "UTF-32LE",
            Encoding::Utf32Be => "UTF-32BE",
            Encoding::Latin1 => "ISO-8859-1",
            // Cyrillic code pages
            Encoding::Koi8R => "KOI8-R",
            Encoding::Windows1251 => "windows-1251",
            Encoding::Ibm866 => "IBM866",
            // WTF-8, CESU-8, MUTF-8
            Encoding::Wtf8 => "WTF-8",
            Encoding::Cesu8 => "CESU-8",
            Encoding::Mutf8 => "MUTF-8",
            Encoding::Iso8859_2 => "ISO-8859-2",
            Encoding::Iso8859_3 => "ISO-8859-3",
            Encoding::Iso8859_4 => "ISO-8859-4",
            Encoding::Iso8859_5 => "ISO-8859-5",
            Encoding::Iso8859_6 => "ISO-8859-6",
            Encoding::Iso8859_7 => "ISO-8859-7",
            Encoding::Iso8859_8 => "ISO-8859-8",
            Encoding::Iso8859_8I => "ISO-8859-8-I",
            Encoding::Iso8859_10 => "ISO-8859-10",
            Encoding::Iso8859_13 => "ISO-8859-13",
            Encoding::Iso8859_14 => "ISO-8859-14",
            Encoding::Iso8859_15 => "ISO-8859-15",
            Encoding::Iso8859_16 => "ISO-8859-16",
            Encoding::Koi8U => "KOI8-U",
            Encoding::Macintosh => "macintosh",
            Encoding::Windows874 => "windows-874",
            Encoding::Windows1250 => "windows-1250",
            Encoding::Windows1252 => "windows-1252",
            Encoding::Windows1253 => "windows-1253",
            Encoding::Windows1254 => "windows-1254",
            Encoding::Windows1255 => "windows-1255",
            Encoding::Windows1256 => "windows-1256",
            Encoding::Windows1257 => "windows-1257",
            Encoding::Windows1258 => "windows-1258",
            Encoding::XMacCyrillic => "x-mac-cyrillic",
        }
    }

    /// Size in bytes of one code unit (1, 2 or 4).
    ///
    /// ```
    /// # use utfast_scalar::Encoding;
    /// assert_eq!(Encoding::Utf32Be.unit_size(), 4);
    /// ```
    pub const fn unit_size(self) -> usize {
        match self {
            Encoding::Utf8 | Encoding::Latin1 => 1,
            code_pages!() => 1,
            // WTF-8, CESU-8, MUTF-8
            Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => 1,
            Encoding::Utf16Le | Encoding::Utf16Be => 2,
            Encoding::Utf32Le | Encoding::Utf32Be => 4,
        }
    }

    /// Byte order for UTF-16/UTF-32 (`None` for byte encodings).
    ///
    /// ```
    /// # use utfast_scalar::{Encoding, Endian};
    /// assert_eq!(Encoding::Utf16Be.endian(), Some(Endian::Big));
    /// assert_eq!(Encoding::Utf8.endian(), None);
    /// ```
    pub const fn endian(self) -> Option<Endian> {
        match self {
            Encoding::Utf16Le | Encoding::Utf32Le => Some(Endian::Little),
            Encoding::Utf16Be | Encoding::Utf32Be => Some(Endian::Big),
            Encoding::Utf8 | Encoding::Latin1 => None,
            code_pages!() => None,
            // WTF-8, CESU-8, MUTF-8
            Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => None,
        }
    }

    /// The byte-order mark of this encoding (empty for Latin-1 and the code pages).
    ///
    /// ```
    /// # use utfast_scalar::Encoding;
    /// assert_eq!(Encoding::Utf8.bom(), b"\xEF\xBB\xBF");
    /// ```
    pub const fn bom(self) -> &'static [u8] {
        match self {
            Encoding::Utf8 => b"\xEF\xBB\xBF",
            Encoding::Utf16Le => b"\xFF\xFE",
            Encoding::Utf16Be => b"\xFE\xFF",
            Encoding::Utf32Le => b"\xFF\xFE\x00\x00",
            Encoding::Utf32Be => b"\x00\x00\xFE\xFF",
            Encoding::Latin1 => b"",
            code_pages!() => b"",
            // WTF-8, CESU-8, MUTF-8: U+FEFF is EF BB BF in each.
            Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => b"\xEF\xBB\xBF",
        }
    }

    const fn bit(self) -> u64 {
        let mut i = 0;
        while i < Encoding::ALL.len() {
            if Encoding::ALL[i] as u8 == self as u8 {
                break;
            }
            i += 1;
        }
        1 << i
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`Encoding`]s (a bit set), iterated in [`Encoding::ALL`] order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct EncodingSet(u64);

impl EncodingSet {
    /// The empty set.
    pub const EMPTY: EncodingSet = EncodingSet(0);

    /// Adds an encoding.
    ///
    /// ```
    /// # use utfast_scalar::{Encoding, EncodingSet};
    /// let mut s = EncodingSet::EMPTY;
    /// s.insert(Encoding::Utf8);
    /// assert!(s.contains(Encoding::Utf8) && !s.contains(Encoding::Latin1));
    /// ```
    pub fn insert(&mut self, e: Encoding) {
        self.0 |= e.bit();
    }

    /// Whether `e` is in the set.
    ///
    /// ```
    /// # use utfast_scalar::{encoding::detect_encodings, Encoding};
    /// assert!(detect_encodings(b"abc").contains(Encoding::Latin1));
    /// ```
    pub const fn contains(self, e: Encoding) -> bool {
        self.0 & e.bit() != 0
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// # use utfast_scalar::EncodingSet;
    /// assert!(EncodingSet::EMPTY.is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of encodings in the set.
    ///
    /// ```
    /// # use utfast_scalar::encoding::detect_encodings;
    /// assert_eq!(detect_encodings(b"").len(), 6);
    /// ```
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The encodings in the set, in [`Encoding::ALL`] order.
    ///
    /// ```
    /// # use utfast_scalar::{encoding::detect_encodings, Encoding};
    /// let v: Vec<Encoding> = detect_encodings(b"\xFF").iter().collect();
    /// assert_eq!(v, [Encoding::Latin1]);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Encoding> {
        Encoding::ALL.into_iter().filter(move |&e| self.contains(e))
    }
}

#[cfg(test)]
mod non_exhaustive {
    use super::Encoding::{self, *};

    /// `Encoding::ALL` lists every variant in order. The match is exhaustive inside this
    /// crate: a new variant does not compile here until it is listed, and the
    /// facade's `every_encoding_is_reviewed` then points at the wildcard arms of the
    /// other crates.
    #[test]
    fn all_lists_every_encoding() {
        for (i, &e) in Encoding::ALL.iter().enumerate() {
            let index = match e {
                Utf8 => 0,
                Utf16Le => 1,
                Utf16Be => 2,
                Utf32Le => 3,
                Utf32Be => 4,
                Latin1 => 5,
                Koi8R => 6,
                Windows1251 => 7,
                Ibm866 => 8,
                Wtf8 => 9,
                Cesu8 => 10,
                Mutf8 => 11,
                Iso8859_2 => 12,
                Iso8859_3 => 13,
                Iso8859_4 => 14,
                Iso8859_5 => 15,
                Iso8859_6 => 16,
                Iso8859_7 => 17,
                Iso8859_8 => 18,
                Iso8859_8I => 19,
                Iso8859_10 => 20,
                Iso8859_13 => 21,
                Iso8859_14 => 22,
                Iso8859_15 => 23,
                Iso8859_16 => 24,
                Koi8U => 25,
                Macintosh => 26,
                Windows874 => 27,
                Windows1250 => 28,
                Windows1252 => 29,
                Windows1253 => 30,
                Windows1254 => 31,
                Windows1255 => 32,
                Windows1256 => 33,
                Windows1257 => 34,
                Windows1258 => 35,
                XMacCyrillic => 36,
            };
            assert_eq!(index, i, "{e:?}");
        }
    }
}

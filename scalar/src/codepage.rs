//! The single-byte code pages of the WHATWG Encoding Standard: the Cyrillic pages
//! (KOI8-R, KOI8-U, windows-1251, IBM866, ISO-8859-5, x-mac-cyrillic), the Western and
//! Central European ones (windows-1250, windows-1252, windows-1254, windows-1257,
//! windows-1258, ISO-8859-2/3/4/10/13/14/15/16, macintosh), Greek (windows-1253,
//! ISO-8859-7), Hebrew (windows-1255, ISO-8859-8, ISO-8859-8-I), Arabic (windows-1256,
//! ISO-8859-6) and Thai (windows-874).
//!
//! # The rules
//!
//! - Decoding follows the index of each code page in the WHATWG Encoding Standard
//!   (what browsers and encoding_rs do): bytes `00..=7F` are ASCII, and each byte
//!   `80..=FF` is one character of the Basic Multilingual Plane or, in a few pages,
//!   undefined. An undefined byte (e.g. windows-874 `DB..=DE`, ISO-8859-6 `A1`,
//!   windows-1253 `AA`) is [`ErrorKind::UndefinedByte`] in strict mode and U+FFFD in
//!   lossy mode, as encoding_rs decodes it; [`CodePage::is_total`] says whether a page
//!   has one. The tables ([`tables`](self)) are generated from encoding_rs and checked
//!   against it, against CPython's codecs and (by `scripts/crosscheck-iconv.sh`)
//!   against glibc's iconv by `scalar/tests/codepage.rs`; the differences are listed
//!   there and in the README.
//! - Encoding maps every character back to its byte; a character the code page lacks
//!   is [`ErrorKind::NotInCodePage`] in strict mode (at the position of the
//!   character) and `?` (0x3F) in lossy mode, as Latin-1 targets do with
//!   [`ErrorKind::NotLatin1`]. Ill-formed input is replaced by U+FFFD in lossy mode,
//!   which no code page has, so it becomes `?` too.
//! - [`Encoding::Latin1`] is ISO-8859-1 (every byte its own code point, as iconv,
//!   Python and PostgreSQL have it), not a code page here: WHATWG decodes the labels
//!   `latin1` and `iso-8859-1` as windows-1252, which differs in `80..=9F`.
//! - ISO-8859-8-I decodes and encodes exactly as ISO-8859-8 (the `-I` says the text
//!   is in logical order, which a transcoder does not see).

use crate::error::{ErrorKind, TranscodeError};
use crate::transcode::decode::{decode_utf16, decode_utf32};
use crate::transcode::from_utf8::{decode_utf8, is_ascii_block};
use crate::transcode::sink::{Be, Le, Sink, Utf16Sink, Utf32Sink, Utf8Sink};
use crate::types::{Encoding, Endian, Mode};

mod tables;

/// The UTF-16 unit of an undefined byte in the decode tables: U+FFFD, what encoding_rs
/// decodes it to (no code page defines a byte as U+FFFD).
pub const UNDEFINED: u16 = 0xFFFD;

/// The number of 128-code-point blocks of a page's encoding tables
/// ([`CodePage::encode_block`]).
pub const ENCODE_BLOCKS: usize = 7;

/// Bit 31 of an entry of [`CodePage::utf8_high_half`]: the byte is undefined.
pub const UTF8_UNDEFINED: u32 = 1 << 31;

// `EncodeTables::encode_fast` masks block indices with 7.
const _: () = assert!(ENCODE_BLOCKS + 1 == 8);

/// [`CodePage::utf8_high_half`] of the decode table `decode`.
const fn utf8_table(decode: &[u16; 128]) -> [u32; 128] {
    let mut t = [0u32; 128];
    let mut i = 0;
    while i < 128 {
        let u = decode[i] as u32;
        t[i] = if u < 0x80 {
            // No page maps a high byte to ASCII (`scalar/tests/codepage.rs`); one
            // byte, for completeness.
            u | 1 << 24
        } else if u < 0x800 {
            (0xC0 | u >> 6) | (0x80 | (u & 0x3F)) << 8 | 2 << 24
        } else {
            (0xE0 | u >> 12) | (0x80 | (u >> 6 & 0x3F)) << 8 | (0x80 | (u & 0x3F)) << 16 | 3 << 24
        };
        if decode[i] == UNDEFINED {
            t[i] |= UTF8_UNDEFINED;
        }
        i += 1;
    }
    t
}

/// Declares the code pages once: the enum, [`CodePage::ALL`], the conversions from and
/// to [`Encoding`] (whose variants have the same names) and the tables.
macro_rules! code_pages {
    ($($(#[$doc:meta])* $name:ident => $table:ident,)*) => {
        /// One of the single-byte code pages of the WHATWG Encoding Standard.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum CodePage {
            $($(#[$doc])* $name,)*
        }

        impl CodePage {
            /// Every code page, in [`Encoding::ALL`] order.
            pub const ALL: [CodePage; [$(CodePage::$name),*].len()] = [$(CodePage::$name),*];

            /// The code page of `e`, if it is one.
            ///
            /// ```
            /// # use utfast_scalar::{codepage::CodePage, Encoding};
            /// assert_eq!(CodePage::of(Encoding::Ibm866), Some(CodePage::Ibm866));
            /// assert_eq!(CodePage::of(Encoding::Windows1252), Some(CodePage::Windows1252));
            /// assert_eq!(CodePage::of(Encoding::Latin1), None);
            /// ```
            pub const fn of(e: Encoding) -> Option<CodePage> {
                match e {
                    $(Encoding::$name => Some(CodePage::$name),)*
                    _ => None,
                }
            }

            /// The [`Encoding`] of this code page.
            ///
            /// ```
            /// # use utfast_scalar::{codepage::CodePage, Encoding};
            /// assert_eq!(CodePage::Koi8R.encoding(), Encoding::Koi8R);
            /// ```
            pub const fn encoding(self) -> Encoding {
                match self {
                    $(CodePage::$name => Encoding::$name,)*
                }
            }

            /// The characters of the bytes `80..=FF`: entry `i` is the UTF-16 unit of
            /// byte `0x80 + i`, [`UNDEFINED`] (U+FFFD) for an undefined byte.
            ///
            /// ```
            /// # use utfast_scalar::codepage::{CodePage, UNDEFINED};
            /// assert_eq!(CodePage::Windows1251.high_half()[0xC0 - 0x80], 0x0410); // А
            /// assert_eq!(CodePage::Windows1252.high_half()[0], 0x20AC); // €
            /// assert_eq!(CodePage::Windows874.high_half()[0xDB - 0x80], UNDEFINED);
            /// ```
            pub const fn high_half(self) -> &'static [u16; 128] {
                match self {
                    $(CodePage::$name => &tables::$table,)*
                }
            }

            fn encoder(self) -> &'static Encoder {
                match self {
                    $(CodePage::$name => {
                        static ENCODER: Encoder = Encoder::new(&tables::$table);
                        &ENCODER
                    })*
                }
            }

            /// The UTF-8 form of the characters of the bytes `80..=FF`: entry `i`
            /// holds the bytes of the character of byte `0x80 + i` (first byte
            /// lowest, as a little-endian `u32` stores them), its length (2 or 3)
            /// in bits 24..28 and, for an undefined byte (U+FFFD, `EF BF BD`),
            /// [`UTF8_UNDEFINED`] in bit 31: what a decoder of mostly-ASCII text
            /// writes for a lone high byte.
            ///
            /// ```
            /// # use utfast_scalar::codepage::{CodePage, UTF8_UNDEFINED};
            /// let t = CodePage::Windows1252.utf8_high_half();
            /// assert_eq!(t[0xE9 - 0x80], 0x0200_A9C3); // é: C3 A9
            /// assert_eq!(t[0x80 - 0x80], 0x03AC_82E2); // €: E2 82 AC
            /// let t = CodePage::Windows874.utf8_high_half();
            /// assert_eq!(t[0xDB - 0x80], UTF8_UNDEFINED | 0x03BD_BFEF);
            /// ```
            pub fn utf8_high_half(self) -> &'static [u32; 128] {
                match self {
                    $(CodePage::$name => {
                        static UTF8: [u32; 128] = utf8_table(&tables::$table);
                        &UTF8
                    })*
                }
            }
        }
    };
}

code_pages! {
    /// IBM866 (CP866, the Russian DOS code page).
    Ibm866 => IBM866,
    /// ISO-8859-2 (Latin-2, Central European).
    Iso8859_2 => ISO_8859_2,
    /// ISO-8859-3 (Latin-3, South European; has undefined bytes).
    Iso8859_3 => ISO_8859_3,
    /// ISO-8859-4 (Latin-4, North European).
    Iso8859_4 => ISO_8859_4,
    /// ISO-8859-5 (Cyrillic).
    Iso8859_5 => ISO_8859_5,
    /// ISO-8859-6 (Arabic; has undefined bytes).
    Iso8859_6 => ISO_8859_6,
    /// ISO-8859-7 (Greek; has undefined bytes).
    Iso8859_7 => ISO_8859_7,
    /// ISO-8859-8 (Hebrew, visual order; has undefined bytes).
    Iso8859_8 => ISO_8859_8,
    /// ISO-8859-8-I (Hebrew, logical order: the bytes of ISO-8859-8).
    Iso8859_8I => ISO_8859_8_I,
    /// ISO-8859-10 (Latin-6, Nordic).
    Iso8859_10 => ISO_8859_10,
    /// ISO-8859-13 (Latin-7, Baltic).
    Iso8859_13 => ISO_8859_13,
    /// ISO-8859-14 (Latin-8, Celtic).
    Iso8859_14 => ISO_8859_14,
    /// ISO-8859-15 (Latin-9: Latin-1 with `€`, `Œ`, `Š`, ...).
    Iso8859_15 => ISO_8859_15,
    /// ISO-8859-16 (Latin-10, South-Eastern European).
    Iso8859_16 => ISO_8859_16,
    /// KOI8-R (RFC 1489, Russian).
    Koi8R => KOI8_R,
    /// KOI8-U (RFC 2319, Ukrainian; WHATWG's index, also for the label `koi8-ru`).
    Koi8U => KOI8_U,
    /// macintosh (Mac OS Roman).
    Macintosh => MACINTOSH,
    /// windows-874 (Thai, a superset of TIS-620; has undefined bytes).
    Windows874 => WINDOWS_874,
    /// windows-1250 (Central European).
    Windows1250 => WINDOWS_1250,
    /// windows-1251 (Cyrillic).
    Windows1251 => WINDOWS_1251,
    /// windows-1252 (Western European; WHATWG's meaning of `latin1` and `iso-8859-1`).
    Windows1252 => WINDOWS_1252,
    /// windows-1253 (Greek; has undefined bytes).
    Windows1253 => WINDOWS_1253,
    /// windows-1254 (Turkish; WHATWG's meaning of `iso-8859-9` and `latin5`).
    Windows1254 => WINDOWS_1254,
    /// windows-1255 (Hebrew; has undefined bytes).
    Windows1255 => WINDOWS_1255,
    /// windows-1256 (Arabic).
    Windows1256 => WINDOWS_1256,
    /// windows-1257 (Baltic; has undefined bytes).
    Windows1257 => WINDOWS_1257,
    /// windows-1258 (Vietnamese).
    Windows1258 => WINDOWS_1258,
    /// x-mac-cyrillic (Mac OS Cyrillic).
    XMacCyrillic => X_MAC_CYRILLIC,
}

/// The reverse tables of a code page, built at compile time from its decode table.
struct Encoder {
    /// Every `(code point, byte)` of the high half, sorted by code point; undefined
    /// bytes have the code point `u32::MAX` (after every character).
    sorted: [(u32, u8); 128],
    /// The first code points of the blocks of [`CodePage::encode_block`].
    bases: [u16; ENCODE_BLOCKS],
    /// The bytes of `bases[k] + i`, or 0; block `ENCODE_BLOCKS` is all zeros.
    blocks: [[u8; 128]; ENCODE_BLOCKS + 1],
    /// For each 128-code-point block of the Basic Multilingual Plane (`c >> 7`), its
    /// index in `blocks`, or `ENCODE_BLOCKS` (the zero block) if none of `bases`.
    index: [u8; 512],
    /// Whether every byte is defined.
    total: bool,
}

impl Encoder {
    const fn new(decode: &[u16; 128]) -> Encoder {
        // The 128-code-point blocks of the high half's characters and how many each has
        // (`counts`), and their weights for the main pair (`weights`): the characters
        // of `C0..=FF`, where most pages have their letters, count twice, and neither
        // the C1 controls (the ISO pages' `80..=9F`) nor U+2000 and above (punctuation,
        // symbols, box drawing: IBM866 has as many of those as letters) count.
        let mut bases = [0u16; 128];
        let mut counts = [0usize; 128];
        let mut weights = [0usize; 128];
        let mut nb = 0;
        let mut sorted = [(0u32, 0u8); 128];
        let mut total = true;
        let mut i = 0;
        while i < 128 {
            let cp = decode[i];
            let key = if cp == UNDEFINED {
                total = false;
                u32::MAX
            } else {
                let base = cp & !0x7F;
                let mut k = 0;
                while k < nb && bases[k] != base {
                    k += 1;
                }
                if k == nb {
                    bases[k] = base;
                    nb += 1;
                }
                counts[k] += 1;
                if cp >= 0xA0 && base < 0x2000 {
                    weights[k] += if i >= 0x40 { 2 } else { 1 };
                }
                cp as u32
            };
            // Insertion sort (compile time, 128 entries).
            let mut j = i;
            while j > 0 && sorted[j - 1].0 > key {
                sorted[j] = sorted[j - 1];
                j -= 1;
            }
            sorted[j] = (key, 0x80 + i as u8);
            i += 1;
        }
        // The main pair: two adjacent blocks with the most weight (the first found of
        // equal ones, trying each block as the first of its pair before the second).
        let (mut pair, mut best) = (0u16, 0usize);
        let mut k = 0;
        while k < nb {
            let mut first = bases[k];
            let mut t = 0;
            while t < 2 {
                if first >= 0x80 && first < 0xFF00 {
                    let c = count(&bases, &weights, first) + count(&bases, &weights, first + 0x80);
                    if c > best {
                        (pair, best) = (first, c);
                    }
                }
                first = first.wrapping_sub(0x80);
                t += 1;
            }
            k += 1;
        }
        let mut chosen = [0u16; ENCODE_BLOCKS];
        chosen[0] = pair;
        chosen[1] = pair + 0x80;
        // Then the other blocks, most characters first (the first found of equal ones).
        let mut n = 2;
        while n < ENCODE_BLOCKS {
            let (mut pick, mut most) = (0u16, 0usize);
            let mut k = 0;
            while k < nb {
                let b = bases[k];
                let mut taken = false;
                let mut j = 0;
                while j < n {
                    taken |= chosen[j] == b;
                    j += 1;
                }
                if !taken && counts[k] > most {
                    (pick, most) = (b, counts[k]);
                }
                k += 1;
            }
            chosen[n] = pick;
            n += 1;
        }
        let mut blocks = [[0u8; 128]; ENCODE_BLOCKS + 1];
        let mut index = [ENCODE_BLOCKS as u8; 512];
        let mut k = ENCODE_BLOCKS;
        // From the last block, so that a base listed twice (0: unused) keeps its
        // first index; base 0 (ASCII and C1) is never indexed.
        while k > 0 {
            k -= 1;
            if chosen[k] != 0 {
                index[(chosen[k] >> 7) as usize] = k as u8;
            }
        }
        let mut i = 0;
        while i < 128 {
            let cp = decode[i];
            let mut k = 0;
            while k < ENCODE_BLOCKS {
                let base = chosen[k];
                // A base 0 is an unused slot (no high byte is ASCII).
                if base != 0 && cp != UNDEFINED && cp >= base && cp < base + 0x80 {
                    blocks[k][(cp - base) as usize] = 0x80 + i as u8;
                }
                k += 1;
            }
            i += 1;
        }
        Encoder {
            sorted,
            bases: chosen,
            blocks,
            index,
            total,
        }
    }
}

/// The count of `base` in `counts` (0 if `bases` lacks it; unused entries of `bases`
/// are 0, which no block of high bytes is).
const fn count(bases: &[u16; 128], counts: &[usize; 128], base: u16) -> usize {
    let mut k = 0;
    while k < 128 {
        if bases[k] == base && base != 0 {
            return counts[k];
        }
        k += 1;
    }
    0
}

impl CodePage {
    /// Whether every byte of the code page is defined (decoding never fails but for a
    /// full output buffer).
    ///
    /// ```
    /// # use utfast_scalar::codepage::CodePage;
    /// assert!(CodePage::Windows1252.is_total());
    /// assert!(!CodePage::Windows874.is_total());
    /// ```
    pub fn is_total(self) -> bool {
        self.encoder().total
    }

    /// Block `k` (`k < ENCODE_BLOCKS`) of the page's encoding tables: its first code
    /// point `base` (a multiple of 0x80; 0 for an unused block) and the bytes of the
    /// code points `base + i` (0 where the page lacks the character). Blocks 0 and 1
    /// are the two adjacent blocks below U+2000 that hold the most of the page's
    /// characters, those of its bytes `C0..=FF` counted twice (the SIMD encoders' fast
    /// path: the letters of the page's script), the others the blocks with the most of
    /// the rest, in order (their second chance: symbols, punctuation).
    ///
    /// ```
    /// # use utfast_scalar::codepage::CodePage;
    /// assert_eq!(CodePage::Windows1251.encode_block(0).0, 0x0400); // Cyrillic
    /// assert_eq!(CodePage::Windows1252.encode_block(0).0, 0x0080); // Latin-1 Supplement
    /// assert_eq!(CodePage::Iso8859_8.encode_block(0).0, 0x0580); // Hebrew
    /// assert_eq!(CodePage::Ibm866.encode_block(0).0, 0x0400); // not box drawing
    /// let (base, bytes) = CodePage::Windows1252.encode_block(1); // Latin Extended-A
    /// assert_eq!((base, bytes[0x153 - 0x100]), (0x0100, 0x9C)); // œ
    /// ```
    pub fn encode_block(self, k: usize) -> (u16, &'static [u8; 128]) {
        let enc = self.encoder();
        (enc.bases[k], &enc.blocks[k])
    }

    /// The bytes of the 128 code points from `base` (entry `i` is `base + i`), 0 where
    /// the code page lacks the character, if `base` is one of the blocks of
    /// [`CodePage::encode_block`].
    ///
    /// ```
    /// # use utfast_scalar::codepage::CodePage;
    /// assert_eq!(CodePage::Windows1251.block(0x2100).unwrap()[0x16], 0xB9); // №
    /// assert_eq!(CodePage::Windows1251.block(0x0080).unwrap()[0xAB - 0x80], 0xAB); // «
    /// assert!(CodePage::Koi8R.block(0x3000).is_none());
    /// ```
    pub fn block(self, base: u16) -> Option<&'static [u8; 128]> {
        let enc = self.encoder();
        let k = enc.bases.iter().position(|&b| b == base && b != 0)?;
        Some(&enc.blocks[k])
    }

    /// The character of byte `b` (U+FFFD for an undefined byte, as encoding_rs and
    /// lossy decoding have it).
    ///
    /// ```
    /// # use utfast_scalar::codepage::CodePage;
    /// assert_eq!(CodePage::Koi8R.decode(0xC1), 'а');
    /// assert_eq!(CodePage::Ibm866.decode(b'z'), 'z');
    /// assert_eq!(CodePage::Windows1253.decode(0xAA), '\u{FFFD}');
    /// ```
    #[inline(always)]
    pub fn decode(self, b: u8) -> char {
        let cp = self.decode_u16(b);
        char::from_u32(u32::from(cp)).unwrap_or(char::REPLACEMENT_CHARACTER)
    }

    /// Whether byte `b` is defined.
    ///
    /// ```
    /// # use utfast_scalar::codepage::CodePage;
    /// assert!(CodePage::Windows1252.is_defined(0x81)); // U+0081, as WHATWG says
    /// assert!(!CodePage::Iso8859_3.is_defined(0xA5));
    /// ```
    #[inline(always)]
    pub fn is_defined(self, b: u8) -> bool {
        self.decode_u16(b) != UNDEFINED
    }

    /// The position of the first undefined byte of `src`, if any.
    ///
    /// ```
    /// # use utfast_scalar::codepage::CodePage;
    /// assert_eq!(CodePage::Windows874.first_undefined(b"ab\xDB"), Some(2));
    /// assert_eq!(CodePage::Windows1252.first_undefined(b"ab\xDB"), None);
    /// ```
    pub fn first_undefined(self, src: &[u8]) -> Option<usize> {
        if self.is_total() {
            return None;
        }
        src.iter().position(|&b| !self.is_defined(b))
    }

    #[inline(always)]
    fn decode_u16(self, b: u8) -> u16 {
        if b < 0x80 {
            u16::from(b)
        } else {
            self.high_half()[usize::from(b & 0x7F)]
        }
    }

    /// The byte of the character `c`, or `None` if the code page lacks it.
    ///
    /// ```
    /// # use utfast_scalar::codepage::CodePage;
    /// assert_eq!(CodePage::Windows1251.encode('я' as u32), Some(0xFF));
    /// assert_eq!(CodePage::Windows1251.encode('€' as u32), Some(0x88));
    /// assert_eq!(CodePage::Ibm866.encode('€' as u32), None);
    /// assert_eq!(CodePage::Windows874.encode(0xFFFD), None);
    /// ```
    #[inline]
    pub fn encode(self, c: u32) -> Option<u8> {
        if c < 0x80 {
            return Some(c as u8);
        }
        if c > 0x10FFFF {
            return None;
        }
        let b = self.encode_tables().encode_fast(c);
        if b != 0 {
            return Some(b);
        }
        let enc = self.encoder();
        enc.sorted
            .binary_search_by_key(&c, |&(cp, _)| cp)
            .ok()
            .map(|i| enc.sorted[i].1)
    }

    /// The tables of [`EncodeTables::encode_fast`]: for each 128-code-point block of the
    /// Basic Multilingual Plane, the index of its table in the second array (the
    /// blocks of [`CodePage::encode_block`], then a table of zeros for the others).
    pub fn encode_tables(self) -> EncodeTables {
        let enc = self.encoder();
        EncodeTables {
            index: &enc.index,
            blocks: &enc.blocks,
        }
    }
}

/// A code page's encoding tables by block ([`CodePage::encode_tables`]), for an
/// encoder that looks characters up without a search.
#[derive(Clone, Copy, Debug)]
pub struct EncodeTables {
    index: &'static [u8; 512],
    blocks: &'static [[u8; 128]; ENCODE_BLOCKS + 1],
}

impl EncodeTables {
    /// The byte of the character `c` (below U+10000) if it is ASCII or in one of the
    /// blocks of [`CodePage::encode_block`], else 0 (the page lacks it, or has it in
    /// another block: [`CodePage::encode`] says which).
    ///
    /// ```
    /// # use utfast_scalar::codepage::CodePage;
    /// let t = CodePage::Windows1252.encode_tables();
    /// assert_eq!(t.encode_fast('é' as u32), 0xE9);
    /// assert_eq!(t.encode_fast('€' as u32), 0x80);
    /// assert_eq!(t.encode_fast('Я' as u32), 0);
    /// ```
    #[inline(always)]
    pub fn encode_fast(self, c: u32) -> u8 {
        if c < 0x80 {
            return c as u8;
        }
        if c > 0xFFFF {
            return 0;
        }
        let k = self.index[(c >> 7) as usize];
        // `k <= ENCODE_BLOCKS < 8` (the index's entries): the mask spares the bound
        // check.
        self.blocks[usize::from(k) & 7][(c & 0x7F) as usize]
    }
}

/// Writes a code page: strict mode rejects characters the code page lacks
/// (`NotInCodePage`), lossy and trusted-valid mode write `?` for them.
pub(crate) struct CodePageSink<'a> {
    dst: &'a mut [u8],
    pos: usize,
    mode: Mode,
    cp: CodePage,
}

impl<'a> CodePageSink<'a> {
    pub(crate) fn new(dst: &'a mut [u8], cp: CodePage, mode: Mode) -> Self {
        CodePageSink {
            dst,
            pos: 0,
            mode,
            cp,
        }
    }
}

impl Sink for CodePageSink<'_> {
    #[inline(always)]
    fn written(&self) -> usize {
        self.pos
    }
    #[inline(always)]
    fn push(&mut self, c: u32) -> Result<(), ErrorKind> {
        let b = match self.cp.encode(c) {
            Some(b) => b,
            None if self.mode == Mode::Strict => return Err(ErrorKind::NotInCodePage),
            None => b'?',
        };
        let Some(d) = self.dst.get_mut(self.pos) else {
            return Err(ErrorKind::OutputTooSmall);
        };
        *d = b;
        self.pos += 1;
        Ok(())
    }
    #[inline(always)]
    fn push_ascii(&mut self, ascii: &[u8]) -> bool {
        let Some(d) = self
            .dst
            .get_mut(self.pos..)
            .and_then(|d| d.get_mut(..ascii.len()))
        else {
            return false;
        };
        d.copy_from_slice(ascii);
        self.pos += ascii.len();
        true
    }
}

/// Decodes code page `cp` into `sink`; returns the bytes written. An undefined
/// byte is `UndefinedByte` in strict mode and U+FFFD otherwise.
pub(crate) fn decode_code_page<S: Sink>(
    src: &[u8],
    sink: &mut S,
    cp: CodePage,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let table = cp.high_half();
    let mut i = 0;
    while let Some(&b) = src.get(i) {
        if b < 0x80 {
            while let Some(block) = src.get(i..i + 16) {
                if !is_ascii_block(block) || !sink.push_ascii(block) {
                    break;
                }
                i += 16;
            }
            let Some(&b) = src.get(i) else {
                break;
            };
            if b < 0x80 {
                sink.push(u32::from(b))
                    .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
                i += 1;
                continue;
            }
        }
        let b = src[i];
        let c = if b < 0x80 {
            u32::from(b)
        } else {
            u32::from(table[usize::from(b & 0x7F)])
        };
        if c == u32::from(UNDEFINED) && mode == Mode::Strict {
            return Err(TranscodeError::new(
                ErrorKind::UndefinedByte,
                i,
                sink.written(),
            ));
        }
        sink.push(c)
            .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
        i += 1;
    }
    Ok(sink.written())
}

/// Converts code page `cp` to UTF-8. Returns the bytes written.
///
/// Errors: `UndefinedByte` for a byte the page leaves undefined (strict mode; lossy
/// and trusted-valid mode write U+FFFD for it), and `OutputTooSmall` (see the
/// [transcoding contract](crate::transcode)). Buffer size: `3 * src.len()` always
/// suffices (box-drawing characters and a few symbols take three bytes, the letters
/// of the European scripts two); [`utf8_len_from_codepage`] exactly.
///
/// ```
/// use utfast_scalar::{codepage::{codepage_to_utf8, CodePage}, ErrorKind, Mode};
/// let mut dst = [0u8; 8];
/// assert_eq!(codepage_to_utf8(b"\xF0\xD2\xC9", &mut dst, CodePage::Koi8R, Mode::Strict), Ok(6));
/// assert_eq!(&dst[..6], "При".as_bytes());
/// let e = codepage_to_utf8(b"a\xC0", &mut dst[..2], CodePage::Windows1251, Mode::Strict).unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to(), e.written()), (ErrorKind::OutputTooSmall, 1, 1));
/// let e = codepage_to_utf8(b"a\xFF", &mut dst, CodePage::Windows1253, Mode::Strict).unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to()), (ErrorKind::UndefinedByte, 1));
/// assert_eq!(codepage_to_utf8(b"a\xFF", &mut dst, CodePage::Windows1253, Mode::Lossy), Ok(4));
/// assert_eq!(&dst[..4], "a\u{FFFD}".as_bytes());
/// ```
pub fn codepage_to_utf8(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    decode_code_page(src, &mut Utf8Sink::new(dst), cp, mode)
}

/// Converts code page `cp` to UTF-16 in byte order `to`. Returns the bytes written.
///
/// Errors: `UndefinedByte` (strict mode; otherwise U+FFFD) and `OutputTooSmall`.
/// Buffer size: `2 * src.len()` exactly (every character is in the Basic
/// Multilingual Plane).
///
/// ```
/// use utfast_scalar::{codepage::{codepage_to_utf16, CodePage}, Endian, Mode};
/// let mut dst = [0u8; 4];
/// assert_eq!(codepage_to_utf16(b"a\x80", &mut dst, CodePage::Ibm866, Endian::Big, Mode::Strict), Ok(4));
/// assert_eq!(dst, [0x00, 0x61, 0x04, 0x10]);
/// ```
pub fn codepage_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => decode_code_page(src, &mut Utf16Sink::<Le>::new(dst), cp, mode),
        Endian::Big => decode_code_page(src, &mut Utf16Sink::<Be>::new(dst), cp, mode),
    }
}

/// Converts code page `cp` to UTF-32 in byte order `to`. Returns the bytes written.
///
/// Errors: `UndefinedByte` (strict mode; otherwise U+FFFD) and `OutputTooSmall`.
/// Buffer size: `4 * src.len()` exactly.
///
/// ```
/// use utfast_scalar::{codepage::{codepage_to_utf32, CodePage}, Endian, Mode};
/// let mut dst = [0u8; 4];
/// assert_eq!(codepage_to_utf32(b"\xB8", &mut dst, CodePage::Windows1251, Endian::Little, Mode::Strict), Ok(4));
/// assert_eq!(dst, [0x51, 0x04, 0, 0]); // ё
/// ```
pub fn codepage_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    to: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => decode_code_page(src, &mut Utf32Sink::<Le>::new(dst), cp, mode),
        Endian::Big => decode_code_page(src, &mut Utf32Sink::<Be>::new(dst), cp, mode),
    }
}

/// Converts UTF-8 to code page `cp`. Returns the bytes written.
///
/// Errors: the UTF-8 error kinds and `NotInCodePage` for a character the code page
/// lacks (strict mode; lossy mode writes `?` for both), and `OutputTooSmall` (see
/// the [transcoding contract](crate::transcode)). Buffer size: one byte per input
/// byte always suffices; `len::count_utf8(src)` for valid input.
///
/// ```
/// use utfast_scalar::{codepage::{utf8_to_codepage, CodePage}, ErrorKind, Mode};
/// let mut dst = [0u8; 8];
/// assert_eq!(utf8_to_codepage("Ёж".as_bytes(), &mut dst, CodePage::Ibm866, Mode::Strict), Ok(2));
/// assert_eq!(&dst[..2], b"\xF0\xA6");
/// let e = utf8_to_codepage("a€".as_bytes(), &mut dst, CodePage::Koi8R, Mode::Strict).unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to(), e.written()), (ErrorKind::NotInCodePage, 1, 1));
/// assert_eq!(utf8_to_codepage(b"a\xE2\x82\xAC\xFF", &mut dst, CodePage::Koi8R, Mode::Lossy), Ok(3));
/// assert_eq!(&dst[..3], b"a??");
/// ```
pub fn utf8_to_codepage(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    decode_utf8(src, &mut CodePageSink::new(dst, cp, mode), mode)
}

/// Converts UTF-16 in byte order `from` to code page `cp`. Returns the bytes written.
///
/// Errors: the UTF-16 error kinds and `NotInCodePage` (strict mode; lossy mode
/// writes `?`), and `OutputTooSmall`. Buffer size: one byte per 2 input bytes, plus
/// one for an odd final byte.
///
/// ```
/// use utfast_scalar::{codepage::{utf16_to_codepage, CodePage}, Endian, Mode};
/// let mut dst = [0u8; 2];
/// let src = [0x04, 0x2F, 0x00, 0x21]; // "Я!" big-endian
/// assert_eq!(utf16_to_codepage(&src, &mut dst, CodePage::Koi8R, Endian::Big, Mode::Strict), Ok(2));
/// assert_eq!(&dst, b"\xF1!");
/// ```
pub fn utf16_to_codepage(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let sink = &mut CodePageSink::new(dst, cp, mode);
    match from {
        Endian::Little => decode_utf16::<Le, _>(src, sink, mode),
        Endian::Big => decode_utf16::<Be, _>(src, sink, mode),
    }
}

/// Converts UTF-32 in byte order `from` to code page `cp`. Returns the bytes written.
///
/// Errors: the UTF-32 error kinds and `NotInCodePage` (strict mode; lossy mode
/// writes `?`), and `OutputTooSmall`. Buffer size: one byte per unit, plus one for a
/// truncated final unit.
///
/// ```
/// use utfast_scalar::{codepage::{utf32_to_codepage, CodePage}, Endian, ErrorKind, Mode};
/// let mut dst = [0u8; 2];
/// let e = utf32_to_codepage(&[0x00, 0xF6, 0x01, 0x00], &mut dst, CodePage::Ibm866, Endian::Little, Mode::Strict);
/// assert_eq!(e.unwrap_err().kind(), ErrorKind::NotInCodePage);
/// ```
pub fn utf32_to_codepage(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    from: Endian,
    mode: Mode,
) -> Result<usize, TranscodeError> {
    let sink = &mut CodePageSink::new(dst, cp, mode);
    match from {
        Endian::Little => decode_utf32::<Le, _>(src, sink, mode),
        Endian::Big => decode_utf32::<Be, _>(src, sink, mode),
    }
}

/// UTF-8 bytes of the conversion of `src` from code page `cp`: exact for valid input
/// and for lossy conversion (an undefined byte is U+FFFD, three bytes).
///
/// ```
/// use utfast_scalar::codepage::{utf8_len_from_codepage, CodePage};
/// assert_eq!(utf8_len_from_codepage(b"a\xC0\xDA", CodePage::Ibm866), 1 + 3 + 3);
/// ```
pub fn utf8_len_from_codepage(src: &[u8], cp: CodePage) -> usize {
    let table = cp.high_half();
    src.iter()
        .map(|&b| {
            if b < 0x80 {
                1
            } else if table[usize::from(b & 0x7F)] < 0x800 {
                2
            } else {
                3
            }
        })
        .sum()
}

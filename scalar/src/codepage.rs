//! The Cyrillic single-byte code pages: KOI8-R, windows-1251 and IBM866 (CP866).
//!
//! # The rules
//!
//! - Decoding follows the index of each code page in the WHATWG Encoding Standard
//!   (what browsers and encoding_rs do): bytes `00..=7F` are ASCII, and each of the
//!   128 bytes `80..=FF` is one character of the Basic Multilingual Plane. All 256
//!   bytes are defined in all three code pages, so decoding never fails (the only
//!   error is `OutputTooSmall`), like Latin-1. The tables ([`tables`](self)) are
//!   generated from encoding_rs and checked against it and against CPython's codecs
//!   by `scalar/tests/codepage.rs`.
//! - Encoding maps every character back to its byte; a character the code page lacks
//!   is [`ErrorKind::NotInCodePage`] in strict mode (at the position of the
//!   character) and `?` (0x3F) in lossy mode, as Latin-1 targets do with
//!   [`ErrorKind::NotLatin1`]. Ill-formed input is replaced by U+FFFD in lossy mode,
//!   which no code page has, so it becomes `?` too.
//! - CPython's codecs (`koi8_r`, `cp1251`, `cp866`) agree with the WHATWG indexes on
//!   every byte but one: windows-1251 `0x98` is undefined in CPython (Microsoft's
//!   table leaves it unassigned) and U+0098 in WHATWG. KOI8-R's box drawing
//!   (`0x80..=0xBF`, not KOI8-U's letters) and IBM866 `0xFF` (U+00A0) are the same in
//!   both. `scalar/tests/codepage.rs` checks exactly this list.

use crate::error::{ErrorKind, TranscodeError};
use crate::transcode::decode::{decode_utf16, decode_utf32};
use crate::transcode::from_utf8::{decode_utf8, is_ascii_block};
use crate::transcode::sink::{Be, Le, Sink, Utf16Sink, Utf32Sink, Utf8Sink};
use crate::types::{Encoding, Endian, Mode};

mod tables;

/// One of the Cyrillic single-byte code pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CodePage {
    /// KOI8-R (RFC 1489, WHATWG index `index-koi8-r`).
    Koi8R,
    /// windows-1251 (CP1251, WHATWG index `index-windows-1251`).
    Windows1251,
    /// IBM866 (CP866, the Russian DOS code page, WHATWG index `index-ibm866`).
    Ibm866,
}

/// The reverse table of a code page, built at compile time from its decode table.
struct Encoder {
    /// The byte of U+0400 + i (the Cyrillic block's first 128 code points), or 0.
    cyrillic: [u8; 128],
    /// The bytes of U+0080 + i, U+2000 + i (General Punctuation: dashes, quotes) and
    /// U+2100 + i (Letterlike Symbols: №), or 0.
    others: [[u8; 128]; 3],
    /// Every `(code point, byte)` of the high half, sorted by code point.
    sorted: [(u16, u8); 128],
}

impl Encoder {
    const fn new(decode: &[u16; 128]) -> Encoder {
        let mut cyrillic = [0u8; 128];
        let mut others = [[0u8; 128]; 3];
        let mut sorted = [(0u16, 0u8); 128];
        let mut i = 0;
        while i < 128 {
            let cp = decode[i];
            if cp >= 0x400 && cp < 0x480 {
                cyrillic[(cp - 0x400) as usize] = 0x80 + i as u8;
            }
            let mut k = 0;
            while k < 3 {
                let base = OTHER_BLOCKS[k];
                if cp >= base && cp < base + 0x80 {
                    others[k][(cp - base) as usize] = 0x80 + i as u8;
                }
                k += 1;
            }
            // Insertion sort (compile time, 128 entries).
            let mut j = i;
            while j > 0 && sorted[j - 1].0 > cp {
                sorted[j] = sorted[j - 1];
                j -= 1;
            }
            sorted[j] = (cp, 0x80 + i as u8);
            i += 1;
        }
        Encoder {
            cyrillic,
            others,
            sorted,
        }
    }
}

/// The first code points of the blocks of [`CodePage::block`] besides the Cyrillic one.
const OTHER_BLOCKS: [u16; 3] = [0x0080, 0x2000, 0x2100];

static KOI8_R_ENCODER: Encoder = Encoder::new(&tables::KOI8_R);
static WINDOWS_1251_ENCODER: Encoder = Encoder::new(&tables::WINDOWS_1251);
static IBM866_ENCODER: Encoder = Encoder::new(&tables::IBM866);

impl CodePage {
    /// The three code pages.
    pub const ALL: [CodePage; 3] = [CodePage::Koi8R, CodePage::Windows1251, CodePage::Ibm866];

    /// The code page of `e`, if it is one.
    ///
    /// ```
    /// # use utfast_scalar::{codepage::CodePage, Encoding};
    /// assert_eq!(CodePage::of(Encoding::Ibm866), Some(CodePage::Ibm866));
    /// assert_eq!(CodePage::of(Encoding::Latin1), None);
    /// ```
    pub const fn of(e: Encoding) -> Option<CodePage> {
        match e {
            Encoding::Koi8R => Some(CodePage::Koi8R),
            Encoding::Windows1251 => Some(CodePage::Windows1251),
            Encoding::Ibm866 => Some(CodePage::Ibm866),
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
            CodePage::Koi8R => Encoding::Koi8R,
            CodePage::Windows1251 => Encoding::Windows1251,
            CodePage::Ibm866 => Encoding::Ibm866,
        }
    }

    /// The characters of the bytes `80..=FF`: entry `i` is byte `0x80 + i`.
    ///
    /// ```
    /// # use utfast_scalar::codepage::CodePage;
    /// assert_eq!(CodePage::Windows1251.high_half()[0xC0 - 0x80], 0x0410); // А
    /// ```
    pub const fn high_half(self) -> &'static [u16; 128] {
        match self {
            CodePage::Koi8R => &tables::KOI8_R,
            CodePage::Windows1251 => &tables::WINDOWS_1251,
            CodePage::Ibm866 => &tables::IBM866,
        }
    }

    /// The bytes of U+0400..U+047F (entry `i` is U+0400 + i), 0 where the code page
    /// lacks the character: the Cyrillic letters, looked up by the SIMD encoders.
    ///
    /// ```
    /// # use utfast_scalar::codepage::CodePage;
    /// assert_eq!(CodePage::Ibm866.cyrillic()[0x10], 0x80); // А
    /// assert_eq!(CodePage::Koi8R.cyrillic()[0x60], 0); // Ѡ
    /// ```
    pub fn cyrillic(self) -> &'static [u8; 128] {
        &self.encoder().cyrillic
    }

    /// The bytes of the 128 code points from `base` (entry `i` is `base + i`), 0 where
    /// the code page lacks the character, for the blocks the SIMD encoders look up:
    /// `base` = 0x0400 ([`CodePage::cyrillic`]), 0x0080 (Latin-1 symbols: `«»°`, no-break
    /// space), 0x2000 (dashes, quotes), 0x2100 (`№`); `None` for another `base`.
    ///
    /// ```
    /// # use utfast_scalar::codepage::CodePage;
    /// assert_eq!(CodePage::Windows1251.block(0x2100).unwrap()[0x16], 0xB9); // №
    /// assert_eq!(CodePage::Windows1251.block(0x0080).unwrap()[0xAB - 0x80], 0xAB); // «
    /// assert_eq!(CodePage::Koi8R.block(0x2000).unwrap()[0x14], 0); // — (not in KOI8-R)
    /// assert!(CodePage::Koi8R.block(0x2500).is_none());
    /// ```
    pub fn block(self, base: u16) -> Option<&'static [u8; 128]> {
        let enc = self.encoder();
        if base == 0x400 {
            return Some(&enc.cyrillic);
        }
        let k = OTHER_BLOCKS.iter().position(|&b| b == base)?;
        Some(&enc.others[k])
    }

    fn encoder(self) -> &'static Encoder {
        match self {
            CodePage::Koi8R => &KOI8_R_ENCODER,
            CodePage::Windows1251 => &WINDOWS_1251_ENCODER,
            CodePage::Ibm866 => &IBM866_ENCODER,
        }
    }

    /// The character of byte `b`.
    ///
    /// ```
    /// # use utfast_scalar::codepage::CodePage;
    /// assert_eq!(CodePage::Koi8R.decode(0xC1), 'а');
    /// assert_eq!(CodePage::Ibm866.decode(b'z'), 'z');
    /// ```
    #[inline(always)]
    pub fn decode(self, b: u8) -> char {
        let cp = self.decode_u16(b);
        char::from_u32(u32::from(cp)).unwrap_or(char::REPLACEMENT_CHARACTER)
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
    /// ```
    #[inline]
    pub fn encode(self, c: u32) -> Option<u8> {
        if c < 0x80 {
            return Some(c as u8);
        }
        let enc = self.encoder();
        if (0x400..0x480).contains(&c) {
            let b = enc.cyrillic[(c - 0x400) as usize];
            return (b != 0).then_some(b);
        }
        let c = u16::try_from(c).ok()?;
        enc.sorted
            .binary_search_by_key(&c, |&(cp, _)| cp)
            .ok()
            .map(|i| enc.sorted[i].1)
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

/// Decodes code page `cp` into `sink` (every byte is a character); returns the
/// bytes written.
pub(crate) fn decode_code_page<S: Sink>(
    src: &[u8],
    sink: &mut S,
    cp: CodePage,
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
        sink.push(c)
            .map_err(|k| TranscodeError::new(k, i, sink.written()))?;
        i += 1;
    }
    Ok(sink.written())
}

/// Converts code page `cp` to UTF-8. Returns the bytes written.
///
/// Every byte is a character, so the only error is `OutputTooSmall` (see the
/// [transcoding contract](crate::transcode)). Buffer size: `3 * src.len()` always
/// suffices (box-drawing characters and a few symbols take three bytes, the Cyrillic
/// letters two); [`utf8_len_from_codepage`] exactly.
///
/// ```
/// use utfast_scalar::{codepage::{codepage_to_utf8, CodePage}, ErrorKind};
/// let mut dst = [0u8; 8];
/// assert_eq!(codepage_to_utf8(b"\xF0\xD2\xC9", &mut dst, CodePage::Koi8R), Ok(6));
/// assert_eq!(&dst[..6], "При".as_bytes());
/// let e = codepage_to_utf8(b"a\xC0", &mut dst[..2], CodePage::Windows1251).unwrap_err();
/// assert_eq!((e.kind(), e.valid_up_to(), e.written()), (ErrorKind::OutputTooSmall, 1, 1));
/// ```
pub fn codepage_to_utf8(src: &[u8], dst: &mut [u8], cp: CodePage) -> Result<usize, TranscodeError> {
    decode_code_page(src, &mut Utf8Sink::new(dst), cp)
}

/// Converts code page `cp` to UTF-16 in byte order `to`. Returns the bytes written.
///
/// The only error is `OutputTooSmall`. Buffer size: `2 * src.len()` exactly (every
/// character is in the Basic Multilingual Plane).
///
/// ```
/// use utfast_scalar::{codepage::{codepage_to_utf16, CodePage}, Endian};
/// let mut dst = [0u8; 4];
/// assert_eq!(codepage_to_utf16(b"a\x80", &mut dst, CodePage::Ibm866, Endian::Big), Ok(4));
/// assert_eq!(dst, [0x00, 0x61, 0x04, 0x10]);
/// ```
pub fn codepage_to_utf16(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    to: Endian,
) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => decode_code_page(src, &mut Utf16Sink::<Le>::new(dst), cp),
        Endian::Big => decode_code_page(src, &mut Utf16Sink::<Be>::new(dst), cp),
    }
}

/// Converts code page `cp` to UTF-32 in byte order `to`. Returns the bytes written.
///
/// The only error is `OutputTooSmall`. Buffer size: `4 * src.len()` exactly.
///
/// ```
/// use utfast_scalar::{codepage::{codepage_to_utf32, CodePage}, Endian};
/// let mut dst = [0u8; 4];
/// assert_eq!(codepage_to_utf32(b"\xB8", &mut dst, CodePage::Windows1251, Endian::Little), Ok(4));
/// assert_eq!(dst, [0x51, 0x04, 0, 0]); // ё
/// ```
pub fn codepage_to_utf32(
    src: &[u8],
    dst: &mut [u8],
    cp: CodePage,
    to: Endian,
) -> Result<usize, TranscodeError> {
    match to {
        Endian::Little => decode_code_page(src, &mut Utf32Sink::<Le>::new(dst), cp),
        Endian::Big => decode_code_page(src, &mut Utf32Sink::<Be>::new(dst), cp),
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

/// UTF-8 bytes of the conversion of `src` from code page `cp` (exact: every byte is
/// a character).
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

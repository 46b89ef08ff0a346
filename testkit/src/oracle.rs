//! The reference model: every transcoding direction built only on std
//! (`str::utf8_chunks`, `char::decode_utf16`, `char::from_u32`,
//! `char::encode_utf8/utf16`) and the UTF-8 error classes of Unicode Table 3-7,
//! written down here independently of the scalar crate's `classify_error`.
//!
//! [`decode_items`] splits any input into [`Item`]s (a character, or an ill-formed
//! part with its [`ErrorKind`]); [`model_items`] applies the error contract of
//! `utfast_scalar::transcode` (first event wins, whole characters only, input errors
//! before `OutputTooSmall` at one position) to predict the exact result and output of
//! a call with any `dst` size. Lossy mode: one U+FFFD per maximal subpart of
//! ill-formed UTF-8, per unpaired surrogate, per invalid UTF-32 unit, one for a
//! truncated final unit (together with an unpaired high surrogate just before it);
//! `?` for characters above U+00FF in a Latin-1 target.
//!
//! The Cyrillic code pages (KOI8-R, windows-1251, IBM866) are not in std: their
//! oracle is encoding_rs (the WHATWG indexes), see [`code_page_chars`]. `?` stands
//! for a character a code page target lacks.

use crate::{Encoding, Endian, ErrorKind, Mode, TranscodeError, WTF8_FAMILY};

pub mod wtf8;

// ---------------------------------------------------------------------------------
// Encoding with std
// ---------------------------------------------------------------------------------

// Code pages
/// The characters of a code page's 256 bytes (`None`: undefined) and the reverse map
/// (sorted by character, for a binary search).
pub type CodePageChars = ([Option<char>; 256], Vec<(char, u8)>);

/// The characters of the 256 bytes of a code page (`None` for an undefined byte) and
/// the reverse map, as encoding_rs decodes them (once per process); `None` for the
/// other encodings.
pub fn code_page_chars(e: Encoding) -> Option<&'static CodePageChars> {
    use std::sync::OnceLock;
    static TABLES: [OnceLock<CodePageChars>; 28] = [const { OnceLock::new() }; 28];
    let k = crate::CODE_PAGES.iter().position(|&p| p == e)?;
    // Everything, the label lookup included, inside `get_or_init`: the suites encode
    // millions of characters one at a time, and a label lookup per character cost
    // more than the tests themselves.
    Some(TABLES[k].get_or_init(|| {
        let peer = encoding_rs::Encoding::for_label(e.name().as_bytes()).expect("a WHATWG name");
        let chars: [Option<char>; 256] = core::array::from_fn(|b| {
            let byte = [b as u8];
            let (s, had_errors) = peer.decode_without_bom_handling(&byte);
            let c = s.chars().next().expect("one char per byte");
            (!had_errors).then_some(c)
        });
        let mut back: Vec<(char, u8)> = chars
            .iter()
            .enumerate()
            .filter_map(|(b, &c)| Some((c?, b as u8)))
            .collect();
        back.sort_by_key(|&(c, _)| c);
        // Every character of a WHATWG single-byte index has one byte, so the encoder
        // the tests predict has no choice to make.
        assert!(
            back.windows(2).all(|w| w[0].0 != w[1].0),
            "{e}: a character with two bytes"
        );
        (chars, back)
    }))
}

/// Appends the bytes of `c` in `to`; `false` (and nothing appended) if `c` is not
/// representable (Latin-1 above U+00FF, a character a code page lacks).
// Inlined into the model's loop (another crate, built without LTO): the suites run it
// on every character of long texts for every case, and the call cost as much as the
// encoding.
#[inline]
pub fn encode_char(c: char, to: Encoding, out: &mut Vec<u8>) -> bool {
    match to {
        Encoding::Utf8 => push_utf8(c, out),
        Encoding::Utf16Le | Encoding::Utf16Be => push_utf16(c, to.endian().unwrap(), out),
        Encoding::Utf32Le | Encoding::Utf32Be => push_utf32(c, to.endian().unwrap(), out),
        Encoding::Latin1 => return push_latin1(c, out),
        // WTF-8, CESU-8, MUTF-8: a char is written as in UTF-8, except U+0000 in
        // MUTF-8 (C0 80) and supplementary characters in CESU-8/MUTF-8 (each UTF-16
        // unit as a three-byte sequence).
        Encoding::Wtf8 => push_utf8(c, out),
        Encoding::Cesu8 | Encoding::Mutf8 => {
            if c == '\0' && to == Encoding::Mutf8 {
                out.extend_from_slice(&[0xC0, 0x80]);
            } else {
                let mut u = [0u16; 2];
                for &unit in c.encode_utf16(&mut u).iter() {
                    wtf8::push_generalized(u32::from(unit), out);
                }
            }
        }
        // Code pages
        _ if utfast_scalar::CodePage::of(to).is_some() => {
            return push_code_page(c, &code_page_chars(to).expect("a code page").1, out);
        }
        // `Encoding` is `#[non_exhaustive]`.
        _ => panic!("the test kit cannot encode {to}"),
    }
    true
}

/// Appends the UTF-8 bytes of `c` one push at a time: `extend_from_slice` of a
/// slice of one to four bytes is a call to `memmove`, which cost more than the rest of
/// the model.
#[inline]
fn push_utf8(c: char, out: &mut Vec<u8>) {
    let mut b = [0u8; 4];
    for &x in c.encode_utf8(&mut b).as_bytes() {
        out.push(x);
    }
}

/// Appends the UTF-16 units of `c` in byte order `e`.
#[inline]
fn push_utf16(c: char, e: Endian, out: &mut Vec<u8>) {
    let mut u = [0u16; 2];
    for &unit in c.encode_utf16(&mut u).iter() {
        let [a, b] = if e == Endian::Little {
            unit.to_le_bytes()
        } else {
            unit.to_be_bytes()
        };
        out.push(a);
        out.push(b);
    }
}

/// Appends `c` as one UTF-32 unit in byte order `e`.
#[inline]
fn push_utf32(c: char, e: Endian, out: &mut Vec<u8>) {
    let v = c as u32;
    out.extend_from_slice(&if e == Endian::Little {
        v.to_le_bytes()
    } else {
        v.to_be_bytes()
    });
}

/// Appends `c` as Latin-1; `false` (nothing appended) above U+00FF.
#[inline]
fn push_latin1(c: char, out: &mut Vec<u8>) -> bool {
    let ok = (c as u32) <= 0xFF;
    if ok {
        out.push(c as u32 as u8);
    }
    ok
}

/// Appends the byte of `c` in a code page's reverse map `back` (sorted by character,
/// see [`CodePageChars`]); `false` (nothing appended) if the page lacks `c`.
#[inline]
fn push_code_page(c: char, back: &[(char, u8)], out: &mut Vec<u8>) -> bool {
    match back.binary_search_by_key(&c, |&(ch, _)| ch) {
        Ok(i) => {
            out.push(back[i].1);
            true
        }
        Err(_) => false,
    }
}

/// Encodes text with std; panics for Latin-1 if a char is above U+00FF.
pub fn encode_str(s: &str, to: Encoding) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() * 2);
    for c in s.chars() {
        assert!(encode_char(c, to, &mut out), "{c:?} not in {to}");
    }
    out
}

/// Random-text bytes in any encoding `to`: the Unicode forms encode `s`; Latin-1 and
/// the code pages, which cannot hold most of random text, take each character's low
/// byte (`?` for a byte the page leaves undefined), so that every byte value occurs.
pub fn text_bytes(s: &str, to: Encoding) -> Vec<u8> {
    let page = utfast_scalar::CodePage::of(to);
    if to != Encoding::Latin1 && page.is_none() {
        return encode_str(s, to);
    }
    s.chars()
        .map(|c| c as u32 as u8)
        .map(|b| match page {
            Some(cp) if !cp.is_defined(b) => b'?',
            _ => b,
        })
        .collect()
}

/// Encodes raw 16-bit units (possibly ill-formed) in a byte order.
pub fn units16(units: &[u16], e: Endian) -> Vec<u8> {
    units.iter().flat_map(|&u| e.write_u16(u)).collect()
}

/// Encodes raw 32-bit units (possibly ill-formed) in a byte order.
pub fn units32(units: &[u32], e: Endian) -> Vec<u8> {
    units.iter().flat_map(|&u| e.write_u32(u)).collect()
}

// ---------------------------------------------------------------------------------
// Decoding with std
// ---------------------------------------------------------------------------------

/// One decoded item of the input: a char, or an ill-formed part (one U+FFFD in lossy
/// mode) with its error kind. `start..end` are byte positions in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item {
    /// First byte of the item.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// The character, or the kind of the ill-formed part.
    pub val: Result<char, ErrorKind>,
}

/// Kind of the UTF-8 maximal subpart `bad` (1..=3 bytes, or an incomplete tail),
/// followed in the input by `next` (from Table 3-7 of the Unicode Standard,
/// independently of the scalar crate's `classify_error`).
fn utf8_kind(bad: &[u8], next: Option<u8>) -> ErrorKind {
    let b0 = bad[0];
    match b0 {
        0x80..=0xBF => return ErrorKind::UnexpectedContinuation,
        0xC0 | 0xC1 | 0xF5..=0xFF => return ErrorKind::InvalidLeadByte,
        _ => {}
    }
    if bad.len() == 1 {
        if let Some(b1) = next {
            if (0x80..=0xBF).contains(&b1) {
                // A continuation byte outside the lead byte's restricted range.
                match (b0, b1) {
                    (0xE0, 0x80..=0x9F) | (0xF0, 0x80..=0x8F) => return ErrorKind::Overlong,
                    (0xED, 0xA0..=0xBF) => return ErrorKind::Surrogate,
                    (0xF4, 0x90..=0xBF) => return ErrorKind::TooLarge,
                    _ => {}
                }
            }
        }
    }
    ErrorKind::TooShort
}

/// Splits `src` (in encoding `from`) into chars and ill-formed parts, using std only.
pub fn decode_items(src: &[u8], from: Encoding) -> Vec<Item> {
    let mut items = Vec::with_capacity(src.len());
    match from {
        Encoding::Utf8 => {
            let mut pos = 0;
            for chunk in src.utf8_chunks() {
                for (i, c) in chunk.valid().char_indices() {
                    items.push(Item {
                        start: pos + i,
                        end: pos + i + c.len_utf8(),
                        val: Ok(c),
                    });
                }
                pos += chunk.valid().len();
                let bad = chunk.invalid();
                if !bad.is_empty() {
                    let next = src.get(pos + bad.len()).copied();
                    items.push(Item {
                        start: pos,
                        end: pos + bad.len(),
                        val: Err(utf8_kind(bad, next)),
                    });
                    pos += bad.len();
                }
            }
            assert_eq!(pos, src.len());
        }
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let e = from.endian().unwrap();
            let units = src.chunks_exact(2).map(|c| e.read_u16([c[0], c[1]]));
            let mut pos = 0;
            for r in char::decode_utf16(units) {
                match r {
                    Ok(c) => {
                        let n = 2 * c.len_utf16();
                        items.push(Item {
                            start: pos,
                            end: pos + n,
                            val: Ok(c),
                        });
                        pos += n;
                    }
                    Err(err) => {
                        let kind = if err.unpaired_surrogate() < 0xDC00 {
                            ErrorKind::UnpairedHighSurrogate
                        } else {
                            ErrorKind::UnpairedLowSurrogate
                        };
                        items.push(Item {
                            start: pos,
                            end: pos + 2,
                            val: Err(kind),
                        });
                        pos += 2;
                    }
                }
            }
            if src.len() % 2 == 1 {
                // An odd trailing byte is one truncated unit; an unpaired high
                // surrogate right before it joins it (one U+FFFD together).
                match items.last_mut() {
                    Some(last)
                        if last.end == src.len() - 1
                            && last.val == Err(ErrorKind::UnpairedHighSurrogate) =>
                    {
                        last.end = src.len();
                        last.val = Err(ErrorKind::TruncatedUnit);
                    }
                    _ => items.push(Item {
                        start: src.len() - 1,
                        end: src.len(),
                        val: Err(ErrorKind::TruncatedUnit),
                    }),
                }
            }
        }
        Encoding::Utf32Le | Encoding::Utf32Be => {
            let e = from.endian().unwrap();
            for (i, c) in src.chunks_exact(4).enumerate() {
                let u = e.read_u32([c[0], c[1], c[2], c[3]]);
                let val = char::from_u32(u).ok_or(if u > 0x10FFFF {
                    ErrorKind::TooLarge
                } else {
                    ErrorKind::Surrogate
                });
                items.push(Item {
                    start: 4 * i,
                    end: 4 * i + 4,
                    val,
                });
            }
            if !src.len().is_multiple_of(4) {
                items.push(Item {
                    start: src.len() / 4 * 4,
                    end: src.len(),
                    val: Err(ErrorKind::TruncatedUnit),
                });
            }
        }
        Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => {
            panic!("{from} is not modelled by decode_items: see utfast_testkit::wtf8")
        }
        Encoding::Latin1 => {
            for (i, &b) in src.iter().enumerate() {
                items.push(Item {
                    start: i,
                    end: i + 1,
                    val: Ok(char::from(b)),
                });
            }
        }
        // Code pages
        _ if utfast_scalar::CodePage::of(from).is_some() => {
            let chars = &code_page_chars(from).expect("a code page").0;
            for (i, &b) in src.iter().enumerate() {
                items.push(Item {
                    start: i,
                    end: i + 1,
                    val: chars[usize::from(b)].ok_or(ErrorKind::UndefinedByte),
                });
            }
        }
        // `Encoding` is `#[non_exhaustive]`.
        _ => panic!("the test kit has no oracle for {from}"),
    }
    items
}

/// Lossy decode with std (U+FFFD per ill-formed part).
pub fn decode_lossy(src: &[u8], from: Encoding) -> String {
    decode_items(src, from)
        .iter()
        .map(|it| it.val.unwrap_or('\u{FFFD}'))
        .collect()
}

/// The first ill-formed part of `src` in `from`: (byte position, kind), or `None` if valid.
pub fn first_error(src: &[u8], from: Encoding) -> Option<(usize, ErrorKind)> {
    decode_items(src, from)
        .iter()
        .find_map(|it| it.val.err().map(|k| (it.start, k)))
}

/// Number of characters of `src`, or `None` if `src` is not valid in `from`.
pub fn char_count(src: &[u8], from: Encoding) -> Option<usize> {
    let items = decode_items(src, from);
    items.iter().all(|it| it.val.is_ok()).then_some(items.len())
}

/// Whether decoded `items` are valid input for `Mode::Valid` transcoding to `to`:
/// well-formed and, for a Latin-1 or code page target, without characters it lacks.
pub fn items_valid_for(items: &[Item], to: Encoding) -> bool {
    // Every character has a form in the other targets (`encode_char` never refuses
    // one), so only the narrow ones need each character encoded.
    if !is_narrow(to) {
        return items.iter().all(|it| it.val.is_ok());
    }
    let mut scratch = Vec::with_capacity(4);
    items.iter().all(|it| {
        it.val.is_ok_and(|c| {
            scratch.clear();
            encode_char(c, to, &mut scratch)
        })
    })
}

/// Whether `to` is a byte encoding that lacks characters (Latin-1, the code pages):
/// strict mode reports them, lossy mode writes `?`.
pub fn is_narrow(to: Encoding) -> bool {
    to == Encoding::Latin1 || utfast_scalar::CodePage::of(to).is_some()
}

/// Whether `src` is valid input for `Mode::Valid` transcoding from `from` to `to`.
pub fn is_valid_for(src: &[u8], from: Encoding, to: Encoding) -> bool {
    if WTF8_FAMILY.contains(&from) {
        return family_valid_for(src, from, to);
    }
    items_valid_for(&decode_items(src, from), to)
}

/// `src` made valid in `from` (lossy repair).
pub fn make_valid(src: &[u8], from: Encoding) -> Vec<u8> {
    if WTF8_FAMILY.contains(&from) {
        return family_make_valid_for(src, from, from);
    }
    expected(src, from, from, Mode::Lossy).out
}

/// `src` made valid input for `Mode::Valid` transcoding from `from` to `to`: valid in
/// `from` and, for a Latin-1 or code page target, without characters it lacks (they
/// become `?`).
pub fn make_valid_for(src: &[u8], from: Encoding, to: Encoding) -> Vec<u8> {
    if WTF8_FAMILY.contains(&from) {
        return family_make_valid_for(src, from, to);
    }
    if is_narrow(to) {
        let narrow = expected(src, from, to, Mode::Lossy).out;
        expected(&narrow, to, from, Mode::Strict).out
    } else {
        make_valid(src, from)
    }
}

/// [`is_valid_for`] when `from` is WTF-8, CESU-8 or MUTF-8: valid in `from`,
/// no lone surrogate unless `to` holds one (UTF-16, WTF-8), nothing above U+00FF
/// for a Latin-1 target.
fn family_valid_for(src: &[u8], from: Encoding, to: Encoding) -> bool {
    let Some(chars) = wtf8::decode(src, from) else {
        return false;
    };
    let lone_ok = matches!(to, Encoding::Utf16Le | Encoding::Utf16Be | Encoding::Wtf8);
    chars.iter().all(|c| match c {
        Ok(c) => to != Encoding::Latin1 || (*c as u32) <= 0xFF,
        Err(_) => lone_ok,
    })
}

/// [`make_valid_for`] when `from` is WTF-8, CESU-8 or MUTF-8: std's lossy
/// UTF-8 reading of `src`, written in `from` (and with `?` for characters above
/// U+00FF when `to` is Latin-1).
fn family_make_valid_for(src: &[u8], from: Encoding, to: Encoding) -> Vec<u8> {
    let text = String::from_utf8_lossy(src);
    let text: String = if to == Encoding::Latin1 {
        text.chars()
            .map(|c| if (c as u32) <= 0xFF { c } else { '?' })
            .collect()
    } else {
        text.into_owned()
    };
    encode_str(&text, from)
}

// ---------------------------------------------------------------------------------
// The transcoding model
// ---------------------------------------------------------------------------------

/// Result of a transcoding call: the returned value and `dst[..written]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// What the transcoder returned.
    pub result: Result<usize, TranscodeError>,
    /// `dst[..written]`.
    pub out: Vec<u8>,
}

impl Outcome {
    /// Bytes written (`Ok` value or `written()` of the error).
    pub fn written(&self) -> usize {
        match self.result {
            Ok(n) => n,
            Err(e) => e.written(),
        }
    }
}

/// The expected outcome of transcoding `src` from `from` to `to` in `mode` into a
/// `dst` of `dst_len` bytes (Strict and Lossy; Valid on valid input, where it equals
/// Strict). Input errors and `NotLatin1` need no output space, so at the same position
/// they win over `OutputTooSmall`.
pub fn model(src: &[u8], from: Encoding, to: Encoding, mode: Mode, dst_len: usize) -> Outcome {
    model_items(&decode_items(src, from), to, mode, dst_len)
}

/// [`model`] with an unlimited `dst`.
pub fn expected(src: &[u8], from: Encoding, to: Encoding, mode: Mode) -> Outcome {
    model(src, from, to, mode, usize::MAX)
}

/// [`model`] on already decoded items.
pub fn model_items(items: &[Item], to: Encoding, mode: Mode, dst_len: usize) -> Outcome {
    // Each target's encoder inlined into the loop, its table or byte order looked up
    // once: the model runs for every case of the suites, on every character of texts
    // of up to 100 KB, and `encode_char`'s dispatch per character cost more than the
    // kernels under test. WTF-8, CESU-8, MUTF-8 through `encode_char`.
    match to {
        Encoding::Utf8 => model_with(items, to, mode, dst_len, |c, out| {
            push_utf8(c, out);
            true
        }),
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let e = to.endian().expect("a UTF-16 form");
            model_with(items, to, mode, dst_len, |c, out| {
                push_utf16(c, e, out);
                true
            })
        }
        Encoding::Utf32Le | Encoding::Utf32Be => {
            let e = to.endian().expect("a UTF-32 form");
            model_with(items, to, mode, dst_len, |c, out| {
                push_utf32(c, e, out);
                true
            })
        }
        Encoding::Latin1 => model_with(items, to, mode, dst_len, push_latin1),
        _ if utfast_scalar::CodePage::of(to).is_some() => {
            let back = &code_page_chars(to).expect("a code page").1;
            model_with(items, to, mode, dst_len, |c, out| {
                push_code_page(c, back, out)
            })
        }
        _ => model_with(items, to, mode, dst_len, |c, out| encode_char(c, to, out)),
    }
}

/// [`model_items`] with `encode` for `encode_char(_, to, _)`.
#[inline(always)]
fn model_with(
    items: &[Item],
    to: Encoding,
    mode: Mode,
    dst_len: usize,
    encode: impl Fn(char, &mut Vec<u8>) -> bool,
) -> Outcome {
    // At most six bytes per item (a supplementary character in CESU-8), and never more
    // than one item past `dst_len`: no reallocation while the model writes.
    let mut out = Vec::with_capacity(items.len().min(dst_len).saturating_add(1).saturating_mul(6));
    let err = |kind, at, out: Vec<u8>| Outcome {
        result: Err(TranscodeError::new(kind, at, out.len())),
        out,
    };
    for it in items {
        let c = match (it.val, mode) {
            (Ok(c), _) => c,
            (Err(kind), Mode::Strict) => return err(kind, it.start, out),
            (Err(_), _) => '\u{FFFD}',
        };
        let before = out.len();
        if !encode(c, &mut out) {
            if mode == Mode::Strict {
                let kind = if to == Encoding::Latin1 {
                    ErrorKind::NotLatin1
                } else {
                    ErrorKind::NotInCodePage
                };
                return err(kind, it.start, out);
            }
            out.push(b'?');
        }
        if out.len() > dst_len {
            out.truncate(before);
            return err(ErrorKind::OutputTooSmall, it.start, out);
        }
    }
    Outcome {
        result: Ok(out.len()),
        out,
    }
}

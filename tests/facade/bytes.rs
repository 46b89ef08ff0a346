//! Byte-oriented (LE/BE) transcoders and the generic `transcode` against std.

use super::transcode::{l1s, texts};
use utfast::{Encoding, ErrorKind, Mode, TranscodeError};

#[test]
fn byte_order_variants_match_native() {
    type BytesFn = fn(&[u8], &mut [u8]) -> Result<usize, TranscodeError>;
    for text in texts() {
        let le16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be16: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        let le32: Vec<u8> = text
            .chars()
            .flat_map(|c| u32::from(c).to_le_bytes())
            .collect();
        let be32: Vec<u8> = text
            .chars()
            .flat_map(|c| u32::from(c).to_be_bytes())
            .collect();
        let utf8 = text.as_bytes();
        let to: [(BytesFn, BytesFn, BytesFn, &Vec<u8>); 4] = [
            (
                utfast::utf8_to_utf16le,
                utfast::utf8_to_utf16le_lossy,
                utfast::utf8_to_utf16le_valid,
                &le16,
            ),
            (
                utfast::utf8_to_utf16be,
                utfast::utf8_to_utf16be_lossy,
                utfast::utf8_to_utf16be_valid,
                &be16,
            ),
            (
                utfast::utf8_to_utf32le,
                utfast::utf8_to_utf32le_lossy,
                utfast::utf8_to_utf32le_valid,
                &le32,
            ),
            (
                utfast::utf8_to_utf32be,
                utfast::utf8_to_utf32be_lossy,
                utfast::utf8_to_utf32be_valid,
                &be32,
            ),
        ];
        let mut dst = vec![0u8; 4 * utf8.len() + 8];
        for (strict, lossy, valid, want) in to {
            for f in [strict, lossy, valid] {
                let n = f(utf8, &mut dst).unwrap();
                assert_eq!(dst[..n], want[..]);
            }
        }
        let from: [(BytesFn, BytesFn, BytesFn, &Vec<u8>, Encoding); 4] = [
            (
                utfast::utf16le_to_utf8,
                utfast::utf16le_to_utf8_lossy,
                utfast::utf16le_to_utf8_valid,
                &le16,
                Encoding::Utf16Le,
            ),
            (
                utfast::utf16be_to_utf8,
                utfast::utf16be_to_utf8_lossy,
                utfast::utf16be_to_utf8_valid,
                &be16,
                Encoding::Utf16Be,
            ),
            (
                utfast::utf32le_to_utf8,
                utfast::utf32le_to_utf8_lossy,
                utfast::utf32le_to_utf8_valid,
                &le32,
                Encoding::Utf32Le,
            ),
            (
                utfast::utf32be_to_utf8,
                utfast::utf32be_to_utf8_lossy,
                utfast::utf32be_to_utf8_valid,
                &be32,
                Encoding::Utf32Be,
            ),
        ];
        let mut dst = vec![0u8; 3 * utf8.len() + 8];
        for (strict, lossy, valid, src, enc) in from {
            for f in [strict, lossy, valid] {
                let n = f(src, &mut dst).unwrap();
                assert_eq!(dst[..n], *utf8);
            }
            let v = utfast::transcode_to_vec(src, enc, Encoding::Utf8, Mode::Strict).unwrap();
            assert_eq!(v, utf8);
            // A truncated final unit.
            let mut cut = src.to_vec();
            cut.push(0x41);
            let e = strict(&cut, &mut dst).unwrap_err();
            assert_eq!(
                (e.kind(), e.valid_up_to(), e.written()),
                (ErrorKind::TruncatedUnit, src.len(), utf8.len())
            );
            let n = lossy(&cut, &mut dst).unwrap();
            assert_eq!(dst[..n], *format!("{text}\u{FFFD}").as_bytes());
        }
        assert_eq!(utfast::count_utf16le(&le16), text.chars().count());
        assert_eq!(utfast::count_utf16be(&be16), text.chars().count());
        assert_eq!(utfast::utf8_len_from_utf16le(&le16), utf8.len());
        assert_eq!(utfast::utf8_len_from_utf16be(&be16), utf8.len());
        assert_eq!(utfast::utf8_len_from_utf32le(&le32), utf8.len());
        assert_eq!(utfast::utf8_len_from_utf32be(&be32), utf8.len());
    }
}

#[test]
fn transcode_all_pairs() {
    let text = "Grüße ÿ";
    let forms = |e: Encoding| -> Vec<u8> {
        match e {
            Encoding::Utf8 => text.as_bytes().to_vec(),
            Encoding::Utf16Le => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
            Encoding::Utf16Be => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
            Encoding::Utf32Le => text
                .chars()
                .flat_map(|c| u32::from(c).to_le_bytes())
                .collect(),
            Encoding::Utf32Be => text
                .chars()
                .flat_map(|c| u32::from(c).to_be_bytes())
                .collect(),
            Encoding::Latin1 => l1s(text),
            // Code pages: see `transcode_all_pairs_cyrillic`.
            cp if utfast::CodePage::of(cp).is_some() => unreachable!(),
            // WTF-8, CESU-8, MUTF-8
            Encoding::Wtf8 | Encoding::Cesu8 | Encoding::Mutf8 => {
                utfast_testkit::oracle::encode_str(text, e)
            }
            // `Encoding` is `#[non_exhaustive]`.
            _ => unimplemented!("an encoding this test does not know"),
        }
    };
    let encodings = Encoding::ALL
        .into_iter()
        .filter(|&e| utfast::CodePage::of(e).is_none());
    for from in encodings.clone() {
        for to in encodings.clone() {
            let src = forms(from);
            for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
                let v = utfast::transcode_to_vec(&src, from, to, mode).unwrap();
                assert_eq!(v, forms(to), "{from} -> {to} {mode:?}");
            }
            let mut dst = vec![0u8; forms(to).len() - 1];
            let e = utfast::transcode(&src, &mut dst, from, to, Mode::Strict).unwrap_err();
            assert!(e.is_output_too_small(), "{from} -> {to}");
        }
    }
}

// Cyrillic code pages
#[test]
fn transcode_all_pairs_cyrillic() {
    // Characters every code page and UTF form has (not Latin-1).
    let text = "Съешь ещё этих булок, Ёж! 1234";
    let forms = |e: Encoding| utfast_testkit::oracle::encode_str(text, e);
    // (The Cyrillic pages: the others lack the letters.)
    let cyrillic = [
        Encoding::Koi8R,
        Encoding::Windows1251,
        Encoding::Ibm866,
        Encoding::Koi8U,
    ]
    .into_iter()
    .chain([Encoding::Iso8859_5, Encoding::XMacCyrillic]);
    let encodings = Encoding::ALL
        .into_iter()
        .filter(|&e| e != Encoding::Latin1 && utfast::CodePage::of(e).is_none())
        .chain(cyrillic);
    for from in encodings.clone() {
        for to in encodings.clone() {
            let src = forms(from);
            for mode in [Mode::Strict, Mode::Lossy, Mode::Valid] {
                let v = utfast::transcode_to_vec(&src, from, to, mode).unwrap();
                assert_eq!(v, forms(to), "{from} -> {to} {mode:?}");
            }
            let mut dst = vec![0u8; forms(to).len() - 1];
            let e = utfast::transcode(&src, &mut dst, from, to, Mode::Strict).unwrap_err();
            assert!(e.is_output_too_small(), "{from} -> {to}");
        }
    }
    // A character a code page lacks (U+0100): strict error at its position, lossy `?`.
    let pages = Encoding::ALL
        .into_iter()
        .filter(|&e| utfast::CodePage::of(e).is_some());
    // (U+0100 is in windows-1250, ISO-8859-4 and -10: U+4E00 is in none.)
    for cp in pages {
        let src = "ab\u{4E00}c".as_bytes();
        let e = utfast::transcode_to_vec(src, Encoding::Utf8, cp, Mode::Strict).unwrap_err();
        assert_eq!(
            (e.kind(), e.valid_up_to(), e.written()),
            (ErrorKind::NotInCodePage, 2, 2),
            "{cp}"
        );
        let v = utfast::transcode_to_vec(src, Encoding::Utf8, cp, Mode::Lossy).unwrap();
        assert_eq!(v, b"ab?c");
    }
}

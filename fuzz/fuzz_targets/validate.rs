//! Validation: every kernel's validate_utf8 / is_utf8 / is_ascii / validate_utf16 /
//! validate_utf32 (LE and BE) equals scalar, and scalar equals `core::str::from_utf8`,
//! `char::decode_utf16` and `char::from_u32`. The input is also checked from its
//! second byte on, placed at the offset from a 64-byte boundary that its first byte
//! picks, so that the kernels see every alignment. The facade's
//! functions (byte-oriented and native `&[u16]`/`&[u32]`) must agree too, and so must
//! the ASCII/Latin-1 prefixes and the well-formed UTF-16 repair (every kernel in
//! `check_validate`, the facade here).
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast_scalar::{utf16, utf32, utf8, Encoding, Endian};
use utfast_testkit::fuzz as check;
use utfast_testkit::to_hex as hex;

fn check_facade(src: &[u8]) {
    let what = || hex(src);
    let want = utf8::validate_utf8(src);
    assert_eq!(utfast::validate_utf8(src), want, "{}", what());
    assert_eq!(
        utfast::from_utf8(src).map_err(|e| (e.valid_up_to(), e.error_len())),
        core::str::from_utf8(src).map_err(|e| (e.valid_up_to(), e.error_len())),
        "{}",
        what()
    );
    let mut copy = src.to_vec();
    assert_eq!(utfast::from_utf8_mut(&mut copy).is_ok(), want.is_ok());
    assert_eq!(utfast::is_utf8(src), want.is_ok(), "{}", what());
    assert_eq!(utfast::is_ascii(src), src.is_ascii(), "{}", what());
    let (le, be) = (Endian::Little, Endian::Big);
    assert_eq!(
        utfast::validate_utf16le(src),
        utf16::validate_utf16_bytes(src, le)
    );
    assert_eq!(
        utfast::validate_utf16be(src),
        utf16::validate_utf16_bytes(src, be)
    );
    assert_eq!(
        utfast::validate_utf32le(src),
        utf32::validate_utf32_bytes(src, le)
    );
    assert_eq!(
        utfast::validate_utf32be(src),
        utf32::validate_utf32_bytes(src, be)
    );
    // Native units (valid_up_to in units).
    let u16s: Vec<u16> = src
        .chunks_exact(2)
        .map(|c| u16::from_ne_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(
        utfast::validate_utf16(&u16s),
        utf16::validate_utf16(&u16s),
        "{}",
        what()
    );
    let u32s: Vec<u32> = src
        .chunks_exact(4)
        .map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    assert_eq!(
        utfast::validate_utf32(&u32s),
        utf32::validate_utf32(&u32s),
        "{}",
        what()
    );
    assert_eq!(utfast::ascii_valid_up_to(src), utf8::ascii_valid_up_to(src));
    assert_eq!(
        utfast::ascii_valid_up_to_utf16(&u16s),
        utf16::ascii_valid_up_to(&u16s)
    );
    assert_eq!(
        utfast::latin1_valid_up_to_utf16(&u16s),
        utf16::latin1_valid_up_to(&u16s)
    );
    assert_eq!(
        utfast::ascii_valid_up_to_utf32(&u32s),
        utf32::ascii_valid_up_to(&u32s)
    );
    assert_eq!(
        utfast::latin1_valid_up_to_utf32(&u32s),
        utf32::latin1_valid_up_to(&u32s)
    );
    let (mut got, mut want16) = (u16s.clone(), u16s.clone());
    assert_eq!(
        utfast::make_well_formed_utf16(&mut got),
        utf16::make_well_formed(&mut want16)
    );
    assert_eq!(got, want16, "{}", what());
    for (e, f) in [
        (
            le,
            utfast::make_well_formed_utf16le as fn(&mut [u8]) -> usize,
        ),
        (be, utfast::make_well_formed_utf16be),
    ] {
        let (mut got, mut want) = (src.to_vec(), src.to_vec());
        assert_eq!(f(&mut got), utf16::make_well_formed_bytes(&mut want, e));
        assert_eq!(got, want, "{e:?} {}", what());
    }
    for e in Encoding::ALL {
        let got = utfast::validate(src, e).map_err(|e| e.offset as usize);
        let want = match e {
            Encoding::Utf8 => want.map_err(|e| e.valid_up_to()),
            Encoding::Utf16Le | Encoding::Utf16Be => {
                utf16::validate_utf16_bytes(src, e.endian().unwrap()).map_err(|e| e.valid_up_to())
            }
            Encoding::Utf32Le | Encoding::Utf32Be => {
                utf32::validate_utf32_bytes(src, e.endian().unwrap()).map_err(|e| e.valid_up_to())
            }
            Encoding::Latin1 => Ok(()),
            // Code pages: every byte is a character but the undefined ones.
            cp if utfast_scalar::CodePage::of(cp).is_some() => {
                match utfast_scalar::CodePage::of(cp).and_then(|p| p.first_undefined(src)) {
                    Some(at) => Err(at),
                    None => Ok(()),
                }
            }
            // WTF-8, CESU-8, MUTF-8
            Encoding::Wtf8 => utfast_scalar::wtf8::validate_wtf8(src).map_err(|e| e.valid_up_to()),
            Encoding::Cesu8 => {
                utfast_scalar::cesu8::validate_cesu8(src).map_err(|e| e.valid_up_to())
            }
            Encoding::Mutf8 => {
                utfast_scalar::cesu8::validate_mutf8(src).map_err(|e| e.valid_up_to())
            }
            // `Encoding` is `#[non_exhaustive]`.
            _ => unimplemented!("an encoding this test does not know"),
        };
        assert_eq!(got, want, "validate {e}: {}", what());
    }
}

fuzz_target!(|data: &[u8]| {
    check::check_validate(data);
    check_facade(data);
    if let Some((&place, rest)) = data.split_first() {
        // The rest at the offset from a 64-byte boundary that the first byte picks
        // (the validators' loops align their loads from wherever the input starts).
        let (buf, range) = check::placed(rest, place);
        check::check_validate(&buf[range]);
    }
});

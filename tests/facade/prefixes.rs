//! The ASCII/Latin-1 prefixes and the well-formed UTF-16 repair of the facade on
//! every kernel (`each_kernel`), against std and the scalar crate: the facade's
//! unit conversions (bytes to units) and its short-input paths.

use utfast_scalar::{utf16, utf32, utf8};

#[test]
fn prefixes_and_repair_on_every_kernel() {
    if utfast_testkit::each_kernel("prefixes::prefixes_and_repair_on_every_kernel") {
        return;
    }
    for len in [0usize, 1, 5, 31, 32, 33, 63, 64, 65, 200, 1000] {
        let ascii = vec![b'q'; len];
        assert_eq!(utfast::ascii_valid_up_to(&ascii), len);
        let mut u16s: Vec<u16> = (0..len).map(|i| 0x20 + (i % 0x5F) as u16).collect();
        let mut u32s: Vec<u32> = u16s.iter().map(|&u| u32::from(u)).collect();
        assert!(utfast::is_ascii_utf16(&u16s) && utfast::is_latin1_utf16(&u16s));
        assert!(utfast::is_ascii_utf32(&u32s) && utfast::is_latin1_utf32(&u32s));
        for at in (0..len).step_by(7) {
            let mut b = ascii.clone();
            b[at] = 0xC3;
            assert_eq!(utfast::ascii_valid_up_to(&b), at);
            assert_eq!(utfast::ascii_valid_up_to(&b), utf8::ascii_valid_up_to(&b));
            for (x, latin1) in [(0xE9u16, true), (0x100, false), (0xD800, false)] {
                u16s[at] = x;
                u32s[at] = u32::from(x);
                assert_eq!(utfast::ascii_valid_up_to_utf16(&u16s), at);
                assert_eq!(utfast::ascii_valid_up_to_utf32(&u32s), at);
                let l = if latin1 { len } else { at };
                assert_eq!(utfast::latin1_valid_up_to_utf16(&u16s), l);
                assert_eq!(
                    utfast::latin1_valid_up_to_utf16(&u16s),
                    utf16::latin1_valid_up_to(&u16s)
                );
                assert_eq!(utfast::latin1_valid_up_to_utf32(&u32s), l);
                assert_eq!(
                    utfast::latin1_valid_up_to_utf32(&u32s),
                    utf32::latin1_valid_up_to(&u32s)
                );
                assert_eq!(utfast::is_latin1_utf16(&u16s), latin1);
                assert_eq!(utfast::is_latin1_utf32(&u32s), latin1);
                assert!(!utfast::is_ascii_utf16(&u16s) && !utfast::is_ascii_utf32(&u32s));
            }
            u16s[at] = 0x41;
            u32s[at] = 0x41;
        }
        // The repair against std: native units and both byte orders.
        let mut text: Vec<u16> = "a😀é".encode_utf16().cycle().take(len).collect();
        for at in (0..len).step_by(5) {
            text[at] = [0xD800, 0xDC00, 0xDBFF][at % 3];
        }
        let want: Vec<u16> = char::decode_utf16(text.iter().copied())
            .map(|r| r.unwrap_or('\u{FFFD}'))
            .collect::<String>()
            .encode_utf16()
            .collect();
        let count = char::decode_utf16(text.iter().copied())
            .filter(|r| r.is_err())
            .count();
        let mut got = text.clone();
        assert_eq!(utfast::make_well_formed_utf16(&mut got), count);
        assert_eq!(got, want);
        assert_eq!(utfast::make_well_formed_utf16(&mut got), 0);
        let mut le: Vec<u8> = text.iter().flat_map(|u| u.to_le_bytes()).collect();
        let mut be: Vec<u8> = text.iter().flat_map(|u| u.to_be_bytes()).collect();
        assert_eq!(utfast::make_well_formed_utf16le(&mut le), count);
        assert_eq!(utfast::make_well_formed_utf16be(&mut be), count);
        assert_eq!(
            le,
            want.iter()
                .flat_map(|u| u.to_le_bytes())
                .collect::<Vec<u8>>()
        );
        assert_eq!(
            be,
            want.iter()
                .flat_map(|u| u.to_be_bytes())
                .collect::<Vec<u8>>()
        );
    }
}

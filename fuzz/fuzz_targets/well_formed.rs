//! Well-formed UTF-16 in place and the ASCII/Latin-1 prefixes on UTF-16 made dense in
//! surrogates: each pair of input bytes picks a unit (lone high and low surrogates,
//! pairs, ASCII, Latin-1, other BMP units; the first byte's low bits pick the kind),
//! so that unpaired surrogates fall at every position of the kernels' vectors, not
//! once per 32 units as in random bytes. Every kernel against scalar against std
//! (`utfast_testkit::check_prefixes_and_repair`), in both byte orders, at the offset
//! from a 64-byte boundary that the first byte picks, with an odd final byte when the
//! input has one; and the facade's `make_well_formed_utf16` on native units.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast_testkit::{check_prefixes_and_repair, fuzz as check, kernels, to_hex};

/// A unit from two bytes: the kind from `a`'s low three bits.
fn unit(a: u8, b: u8) -> u16 {
    let low = u16::from(b) | (u16::from(a >> 3) << 8);
    match a & 7 {
        0 => 0xD800 | (low & 0x3FF),
        1 => 0xDC00 | (low & 0x3FF),
        2 | 3 => u16::from(b & 0x7F),
        4 => u16::from(b),
        5 => 0xD83D, // with 6: a pair when they follow each other
        6 => 0xDE00 | u16::from(b & 0x3F),
        _ => 0x100 + low,
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&place, rest)) = data.split_first() else {
        return;
    };
    let units: Vec<u16> = rest.chunks_exact(2).map(|c| unit(c[0], c[1])).collect();
    for e in [utfast_scalar::Endian::Little, utfast_scalar::Endian::Big] {
        let mut bytes: Vec<u8> = units.iter().flat_map(|&u| e.write_u16(u)).collect();
        if rest.len() % 2 == 1 {
            bytes.push(rest[rest.len() - 1]);
        }
        let (buf, range) = check::placed(&bytes, place);
        if let Err(m) = check_prefixes_and_repair(kernels(), &buf[range]) {
            panic!("{m}");
        }
    }
    let mut got = units.clone();
    let mut want = units.clone();
    assert_eq!(
        utfast::make_well_formed_utf16(&mut got),
        utfast_scalar::utf16::make_well_formed(&mut want),
        "{}",
        to_hex(rest)
    );
    assert_eq!(got, want);
});

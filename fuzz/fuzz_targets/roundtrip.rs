//! Round trips on every kernel: UTF-8 -> X -> UTF-8 is the identity on valid UTF-8
//! (X = UTF-16LE/BE, UTF-32LE/BE, and Latin-1 when every character is below U+0100),
//! in strict and trusted-valid mode, and the intermediate form equals std's encoding;
//! Latin-1 -> UTF-8 -> Latin-1 is the identity on any bytes; so is each Cyrillic code
//! page (KOI8-R, windows-1251, IBM866) -> UTF-8/UTF-16LE/BE/UTF-32LE -> code page, and
//! UTF-8 -> code page -> UTF-8 when the code page has every character.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast_testkit::fuzz as check;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check::check_roundtrip(&text);
    check::check_latin1_roundtrip(data);
    // Cyrillic code pages
    check::check_codepage_roundtrip(data);
});

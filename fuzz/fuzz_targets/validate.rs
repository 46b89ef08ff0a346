//! Validation: every kernel's validate_utf8 / is_utf8 / is_ascii / validate_utf16 /
//! validate_utf32 (LE and BE) equals scalar, and scalar equals `core::str::from_utf8`,
//! `char::decode_utf16` and `char::from_u32`. The input is also checked one byte in,
//! so that the kernels see both alignments of the fuzzer's buffer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utfast_fuzz::check;

fuzz_target!(|data: &[u8]| {
    check::check_validate(data);
    if let Some(rest) = data.get(1..) {
        check::check_validate(rest);
    }
});

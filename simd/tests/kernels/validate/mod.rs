//! UTF-8 and UTF-16 validation: `validate_utf8` (exact `core::str::Utf8Error` positions and the
//! error kind), `is_utf8` and `is_ascii` of every kernel; the ASCII and Latin-1
//! prefixes of bytes, UTF-16 and UTF-32; well-formed UTF-16 in place.

mod offsets;
mod prefixes;
mod utf16;
mod utf8;
mod utf8_exhaustive;
mod well_formed;

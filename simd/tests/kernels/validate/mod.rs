//! UTF-8 and UTF-16 validation: `validate_utf8` (exact `core::str::Utf8Error` positions and the
//! error kind), `is_utf8` and `is_ascii` of every kernel.

mod utf16;
mod utf8;
mod utf8_exhaustive;

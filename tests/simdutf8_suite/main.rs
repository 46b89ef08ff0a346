//! simdutf8's own test suite, run against `utfast::basic` and `utfast::compat`: the
//! proof that replacing `simdutf8::` with `utfast::` is the whole migration.
//!
//! Provenance: `tests.rs` beside this file is `tests/tests.rs` of the simdutf8 0.1.5
//! crate as published on crates.io (<https://github.com/rusticstuff/simdutf8>,
//! Copyright Hans Kratz and the simdutf8 contributors, licensed MIT OR Apache-2.0,
//! the licenses of utfast), with every `simdutf8::` replaced by `utfast::` and
//! nothing else changed:
//!
//! ```sh
//! diff <(sed 's/simdutf8::/utfast::/g' simdutf8-0.1.5/tests/tests.rs) tests/simdutf8_suite/tests.rs
//! ```
//!
//! What of it does not run: the parts under `cfg(feature = "public_imp")` (and
//! `aarch64_neon`), simdutf8's optional per-ISA `unsafe` entry points
//! (`basic::imp::x86::avx2::validate_utf8`, `Utf8ValidatorImp`, ...). utfast has no
//! such features, so they compile out exactly as they do in a default simdutf8
//! build; utfast's safe streaming validator is [`utfast::Utf8Validator`].

// The file is kept as published, so the lint it trips is allowed here rather than
// edited there: its `cfg(feature = "public_imp")` and `cfg(feature = "aarch64_neon")`
// name features utfast does not have.
#[allow(unexpected_cfgs)]
#[rustfmt::skip] // simdutf8's formatting (an older rustfmt), kept as published
mod tests;

/// The tests above run on the kernel `utfast` picks for this CPU; this runs them
/// again on every other kernel the CPU has (`UTFAST_KERNEL`, one child process each).
#[test]
fn suite_on_every_kernel() {
    utfast_testkit::each_kernel_filter("tests::");
}

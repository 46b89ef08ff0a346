//! Every kernel of `utfast_simd::available()` against the scalar crate (the oracle),
//! and the scalar crate against the std-based model of `utfast-testkit`: one test
//! binary, organised by operation family.
//!
//! - [`validate`]: UTF-8 validation (`validate_utf8`, `is_utf8`, `is_ascii`):
//!   padded seeds, errors at every position, exhaustive short inputs, property tests,
//!   the UTF-8 error conformance vectors.
//! - [`transcode`]: the transcoders, one module per group of encoding pairs (with the
//!   UTF-16/UTF-32 validators and the length functions that read the same forms), the
//!   exhaustive UTF-16/UTF-32 sweeps, every pair on mutated text (property tests) and
//!   lipsum round trips.
//! - [`every_operation`]: suites that put each input through every operation: the
//!   conformance vectors, buffer edges at the end of the allocation (`overread`, also
//!   run under AddressSanitizer by `scripts/asan.sh`) and the fuzz findings
//!   (`regressions`).
//!
//! - [`model_coverage`]: with `--cfg utfast_avx512_model` only, which modelled AVX-512
//!   operations each kernel operation reaches (`scripts/avx512-model-coverage.sh`).
//!
//! The kernels under test are printed once (`kernels under test: [...]`; run with
//! `--nocapture` to see it). `UTFAST_QEMU=1` / `UTFAST_QUICK=1` shrink the workloads
//! (QEMU: `scripts/test-aarch64.sh`), `PROPTEST_CASES=n` the property tests that
//! follow `utfast_testkit::proptest_cases`.

mod every_operation;
mod model_coverage;
mod transcode;
mod validate;

//! Shared code of the utfast fuzz targets.
//!
//! - [`oracle`]: a std-only decoder/encoder that checks the scalar kernel.
//! - [`check`]: every kernel of `utfast_simd::available()` against the scalar kernel.
//!
//! Both modules are also compiled into the workspace's `tests/regressions.rs` and
//! `tests/overread.rs` (with `#[path]`), so a minimized fuzz finding can be replayed
//! with plain `cargo test`.

pub mod check;
pub mod oracle;

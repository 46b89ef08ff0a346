//! Benchmarks of utfast (no library code: see `validate.rs` and `transcode_utf16.rs`).

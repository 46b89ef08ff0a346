//! Benchmarks of utfast (no library code: see `validate.rs` and `transcode.rs`).

//! End-to-end tests of the `utfast` command-line tool (feature `cli`).
//!
//! - [`commands`]: every subcommand, its options, exit codes and messages, the
//!   conformance vectors through `convert` and `validate`.
//! - [`parallel`]: `--threads` (tiny pieces, so small files are cut many times) prints,
//!   writes and exits exactly as one thread does.
#![cfg(feature = "cli")]

mod commands;
mod parallel;

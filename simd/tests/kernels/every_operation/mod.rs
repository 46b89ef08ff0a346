//! Suites that run each input through every operation of every kernel.

mod conformance;
mod overread;
mod regressions;

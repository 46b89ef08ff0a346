//! Suites that run each input through every operation of every kernel.

mod conformance;
mod lengths;
mod overread;
mod regressions;

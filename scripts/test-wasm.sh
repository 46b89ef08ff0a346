#!/usr/bin/env bash
# Runs the wasm kernel's tests: wasm32 with simd128, under Node's WASI (issue 36).
#
# rustup's toolchains have no wasm32 standard library, so std is built from Debian's
# sources (rust-web-src) with Debian's rustc 1.96 (rustc-web) and rustup's nightly
# cargo (`-Zbuild-std`, allowed on that stable compiler by RUSTC_BOOTSTRAP=1), linked
# by LLVM 16's wasm-ld against Debian's wasi-libc, and run by Node 20's `node:wasi`
# (scripts/wasm/wasi-run.mjs, which also supplies the pthread functions that wasi-libc
# 2022 lacks). Doctests do not run this way (rustup's rustdoc and Debian's std differ).
#
# Installs the Debian packages if they are missing (needs root, as in CI), then runs
# the simd crate's unit tests (every Vector method on v128, the tables) and the
# kernel-vs-scalar suite (simd/tests/kernels/), with the quick workloads of the QEMU
# run (`UTFAST_QEMU=1`) and without `validate::utf8_exhaustive` (as under QEMU):
# every test runs the wasm kernel and scalar. Extra arguments are passed to
# `cargo test` (e.g. a test-name filter).
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/wasm/env.sh
wasm_prepare test-wasm.sh
export UTFAST_QEMU=1

"$RUSTC" --version
node --version
# One cargo call for both test binaries (their dependencies, std among them, build in
# parallel); no debug info, which slows the wasm build and which CI never reads.
# `--nocapture` shows which kernels ran (`kernels under test: ["wasm", "scalar"]`); one
# test thread, as WASI has none.
CARGO_PROFILE_TEST_DEBUG=false wasm_cargo test -p utfast-simd --lib --test kernels "$@" -- \
    --test-threads=1 --nocapture --skip validate::utf8_exhaustive::

#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (nightly), in its own target directory
# (target/asan), so that any out-of-bounds read or write of a SIMD kernel aborts the run.
#
#   scripts/asan.sh            # library unit tests and integration tests
#   scripts/asan.sh --quick    # only tests/overread.rs, tests/regressions.rs, simd unit tests
#
# Tests named `exhaustive*` (the 16M-input sweeps) are skipped: too slow under ASan.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTFLAGS="-Zsanitizer=address"
export RUSTDOCFLAGS="-Zsanitizer=address"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR_ASAN:-target/asan}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:detect_odr_violation=0}"
target="x86_64-unknown-linux-gnu"
start=$(date +%s)

if [ "${1:-}" = "--quick" ]; then
    cargo +nightly test --target "$target" -p utfast-simd --lib -- --skip exhaustive
    cargo +nightly test --target "$target" --test overread --test regressions -- --nocapture
else
    # --lib --tests: unit and integration tests of every crate (no doctests, no benches).
    cargo +nightly test --target "$target" --workspace --lib --tests -- --skip exhaustive
fi
echo "asan.sh: passed in $(($(date +%s) - start)) s"

#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (nightly), in its own target directory
# (target/asan), so that any out-of-bounds read or write of a SIMD kernel aborts the run.
#
#   scripts/asan.sh           # unit tests of every crate, tests/overread.rs (every operation of
#                             # every kernel at the end of its allocation), tests/regressions.rs,
#                             # and the fast integration suites (conformance, facade, streaming)
#   scripts/asan.sh --all     # every integration test (the kernels_*, property and exhaustive
#                             # suites take more than 10 minutes under ASan on 2 cores)
#   scripts/asan.sh --quick   # simd unit tests, tests/overread.rs, tests/regressions.rs
#
# Doctests and benches are not run (`--lib --test ...`).
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTFLAGS="-Zsanitizer=address"
export RUSTDOCFLAGS="-Zsanitizer=address"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR_ASAN:-target/asan}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:detect_odr_violation=0}"
target="x86_64-unknown-linux-gnu"
mode="${1:-default}"
start=$(date +%s)

tests=()
fast="overread regressions conformance facade streaming kernels_utf8"
for f in tests/*.rs; do
    name="$(basename "$f" .rs)"
    case "$mode:$name" in
        --quick:overread | --quick:regressions | --all:*) tests+=(--test "$name") ;;
        --quick:*) ;;
        *) if [[ " $fast " == *" $name "* ]]; then tests+=(--test "$name"); fi ;;
    esac
done
echo "asan.sh: integration tests: ${tests[*]}"

if [ "$mode" = "--quick" ]; then
    cargo +nightly test --target "$target" -p utfast-simd --lib
    cargo +nightly test --target "$target" "${tests[@]}" -- --nocapture
else
    cargo +nightly test --target "$target" --lib  # default members: facade, scalar, simd
    cargo +nightly test --target "$target" "${tests[@]}"
fi
echo "asan.sh: passed in $(($(date +%s) - start)) s"

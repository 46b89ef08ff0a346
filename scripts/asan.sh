#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (nightly), in its own target directory
# (target/asan), so that any out-of-bounds read or write of a SIMD kernel aborts the run.
#
#   scripts/asan.sh           # utfast-simd's unit tests and the fast modules of its `kernels`
#                             # test: every_operation (conformance, overread: every operation of
#                             # every kernel at the end of its allocation, fuzz regressions) and
#                             # validate::utf8. The memory-unsafe code is in utfast-simd: scalar
#                             # forbids unsafe, and the facade's audited `unchecked` module only
#                             # turns validated bytes into str/String, which ASan cannot check;
#                             # their tests (and the kernels they reach) are left to --all.
#   scripts/asan.sh --all     # every test of the default members (the rest of `kernels`, the
#                             # transcoder, property and exhaustive modules, takes more than
#                             # 10 minutes under ASan on 2 cores)
#   scripts/asan.sh --quick   # simd unit tests, kernels' every_operation::overread and
#                             # every_operation::regressions
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

case "$mode" in
    --quick)
        cargo +nightly test --target "$target" -p utfast-simd --lib
        cargo +nightly test --target "$target" -p utfast-simd --test kernels -- --nocapture \
            every_operation::overread:: every_operation::regressions::
        ;;
    --all)
        # Unit tests and every integration test of the default members (facade, scalar,
        # simd).
        cargo +nightly test --target "$target" --lib --tests
        ;;
    *)
        cargo +nightly test --target "$target" -p utfast-simd --lib
        cargo +nightly test --target "$target" -p utfast-simd --test kernels -- \
            every_operation:: validate::utf8::
        ;;
esac
echo "asan.sh: passed in $(($(date +%s) - start)) s"

#!/usr/bin/env bash
# Regenerates docs/avx512-model-coverage.md: runs the kernel test `model_coverage` on the
# AVX-512 instruction model (--cfg utfast_avx512_model, whose operations count their
# calls per thread; the target directory of .ci/run's model step). Fails if a wrapper
# function that kernel code calls is reached by no kernel operation.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTFLAGS="${RUSTFLAGS:-} --cfg utfast_avx512_model"
export CARGO_TARGET_DIR=target/avx512-model
mkdir -p docs
UTFAST_AVX512_COVERAGE_DOC="$PWD/docs/avx512-model-coverage.md" \
    cargo test -p utfast-simd --test kernels -- --exact model_coverage::model_coverage --nocapture \
    | grep -E '^(written to|kernels under test|test result)'

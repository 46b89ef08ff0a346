#!/usr/bin/env bash
# Regenerates docs/avx512-model-coverage.md: runs the kernel test `model_coverage` on the
# AVX-512 instruction model with per-operation counters (--cfg utfast_avx512_model
# --cfg utfast_avx512_model_coverage, target directory target/avx512-coverage). Fails if
# a wrapper function that kernel code calls is reached by no kernel operation.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTFLAGS="${RUSTFLAGS:-} --cfg utfast_avx512_model --cfg utfast_avx512_model_coverage"
export CARGO_TARGET_DIR=target/avx512-coverage
mkdir -p docs
UTFAST_AVX512_COVERAGE_DOC="$PWD/docs/avx512-model-coverage.md" \
    cargo test -p utfast-simd --test kernels -- --exact model_coverage::model_coverage --nocapture \
    | grep -E '^(written to|kernels under test|test result)'

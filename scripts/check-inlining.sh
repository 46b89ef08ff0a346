#!/usr/bin/env bash
# Checks that the SIMD kernels really inlined their primitives: builds the release
# library of utfast-simd and lists its symbols. The per-ISA `#[target_feature]`
# instantiations must exist, and no `Vector` method, `core::arch` intrinsic or generic
# helper may remain as a separate function (that would mean a call per primitive in
# the hot loop, e.g. from a generic instantiated without the target feature).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=target/check-inlining
# Without LTO the rlib holds machine code (with it, only bitcode and no private symbols).
export CARGO_PROFILE_RELEASE_LTO=off
# `--features avx512` so the (opt-in) avx512 kernel is compiled in and checked too.
cargo build --release -q -p utfast-simd --features avx512
rlib=$(ls -t "$CARGO_TARGET_DIR"/release/libutfast_simd.rlib | head -1)
syms=$(nm -C --defined-only "$rlib" 2>/dev/null | awk '{ $1=""; $2=""; print }')

status=0
case "$(uname -m)" in
    x86_64) expected="sse42::find_error sse42::is_ascii::simd avx2::find_error avx2::is_ascii::simd
        avx512::find_error avx512::is_ascii::simd
        sse42::transcode::utf8_to_utf16::simd sse42::transcode::utf16_to_utf8::simd
        sse42::transcode::utf8_to_utf32::simd sse42::transcode::utf32_to_utf8::simd
        sse42::transcode::utf8_to_latin1::simd avx2_utf8_to_utf32::utf8_to_utf32
        avx2_utf32_to_utf8::utf32_to_utf8 avx2::transcode::utf8_to_latin1::simd
        sse42::transcode::latin1_to_utf8::simd avx2::transcode::latin1_to_utf8::simd
        sse42::utf8_to_utf8::simd avx2::utf8_to_utf8::simd avx512::utf8_to_utf8::simd
        sse42::utf16_to_utf32::simd avx2::utf16_to_utf32::simd avx512::utf16_to_utf32::simd" ;;
    aarch64) expected="neon::find_error neon::is_ascii::simd neon::transcode::utf8_to_utf16::simd
        neon::transcode::utf16_to_utf8::simd neon::transcode::utf8_to_utf32::simd
        neon::transcode::utf32_to_utf8::simd neon::transcode::utf8_to_latin1::simd
        neon::transcode::latin1_to_utf8::simd neon::utf8_to_utf8::simd neon::utf16_to_utf32::simd" ;;
    *) expected="" ;;
esac
for f in $expected; do
    if ! grep -q "$f" <<<"$syms"; then
        echo "missing kernel function: $f"
        status=1
    fi
done
outlined=$(grep -E 'as utfast_simd::vector::Vector>|as utfast_simd::vector_ext::VectorExt>|core_arch::|generic::utf8_(decode|encode|latin1)::|generic::utf8_utf8::(utf8_to_utf8|validate|copy)\b|generic::latin1::(latin1_to_utf8|expand16)|generic::utf16::(utf16_to_utf32|widen)|utf8_validate::(check_block|check_vector|find_error_block|Tables)|ascii::is_ascii' <<<"$syms" || true)
if [ -n "$outlined" ]; then
    echo "primitives compiled as separate functions (not inlined):"
    echo "$outlined"
    status=1
fi
if [ "$status" = 0 ]; then
    echo "check-inlining: ok (kernel functions present, no outlined Vector methods or intrinsics)"
fi
exit "$status"

#!/usr/bin/env bash
# Checks that the SIMD kernels really inlined their algorithms and primitives: builds
# the release library of utfast-simd and lists its symbols. Every kernel table entry
# (`<isa>::OPS::<operation>`, the `#[target_feature]` functions made by
# `simd_kernel!`; for the AVX-512 tiers, which take the avx2 kernel's entries for the
# rest, only the operations named in their `generic [...]`/`own [...]` lists, as
# `OPS::GENERIC::<operation>`/`OPS::<operation>`) must exist, and no `Vector` method,
# `core::arch` intrinsic, generic algorithm, AVX-512 wrapper function or ISA block
# helper (a function or a method of a type such as the AVX-512 decoder's `Run`) may
# remain as a separate function (that would mean a
# call per primitive in the hot loop, e.g. from code compiled without the target
# feature). Cold helpers (exact error location, lossy repair, hand-over, the
# per-character UTF-16 surrogate path, the empty `cold_path` marker, a code page's
# search for a character outside its block tables: `lookup_slow`) may be
# separate, and so may the AVX-512 decoder's run (`run_blocks`: one call per run of blocks, each step of it inlined;
# kept apart so that the loop around it keeps its registers).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=target/check-inlining
# Without LTO the rlib holds machine code (with it, only bitcode and no private symbols).
export CARGO_PROFILE_RELEASE_LTO=off
# The AVX-512 instruction wrapper's functions (`avx512::isa::real::*`) must be
# inlined too.
cargo build --release -q -p utfast-simd
rlib=$(ls -t "$CARGO_TARGET_DIR"/release/libutfast_simd.rlib | head -1)
syms=$(nm -C --defined-only "$rlib" 2>/dev/null | awk '{ $1=""; $2=""; print }')

ops="validate_utf8 is_utf8 is_ascii validate_utf16 validate_utf32
    ascii_valid_up_to ascii_valid_up_to_utf16 latin1_valid_up_to_utf16
    ascii_valid_up_to_utf32 latin1_valid_up_to_utf32 make_well_formed_utf16
    offsets_on_boundaries_i32 offsets_on_boundaries_i64
    single_byte_offsets_i32 single_byte_offsets_i64
    utf8_to_utf16 utf8_to_utf32 utf8_to_latin1 utf8_to_utf8
    utf16_to_utf8 utf16_to_utf16 utf16_to_utf32 utf16_to_latin1
    utf32_to_utf8 utf32_to_utf16 utf32_to_utf32 utf32_to_latin1
    latin1_to_utf8 latin1_to_utf16 latin1_to_utf32
    count_utf8 count_utf16 utf16_len_from_utf8 utf8_len_from_utf16
    utf8_len_from_utf32 utf16_len_from_utf32 utf8_len_from_latin1
    codepage_to_utf8 codepage_to_utf16 codepage_to_utf32
    utf8_to_codepage utf16_to_codepage utf32_to_codepage
    validate_wtf8 validate_cesu8 validate_mutf8
    wtf8_to_utf16 wtf8_to_utf8 utf16_to_wtf8
    cesu8_to_utf16 cesu8_to_utf8 utf16_to_cesu8 utf8_to_cesu8
    mutf8_to_utf16 mutf8_to_utf8 utf16_to_mutf8 utf8_to_mutf8"
case "$(uname -m)" in
    x86_64) kernels="x86_64::sse42 x86_64::avx2" tiers="x86_64::avx512::bw x86_64::avx512::vbmi2" ;;
    aarch64) kernels="aarch64::neon" ;;
    *) kernels="" ;;
esac
tiers=${tiers:-}

status=0
for k in $kernels; do
    for op in $ops; do
        if ! grep -q "utfast_simd::$k::OPS::$op\$" <<<"$syms"; then
            echo "missing kernel function: $k::OPS::$op"
            status=1
        fi
    done
done
for k in $tiers; do
    file="simd/src/${k//:://}.rs"
    file="${file#simd/src/}"
    file="simd/src/$file"
    # The operations between `generic [` / `own [` and `]` of the tier's file.
    own_ops=$(tr '\n' ' ' <"$file" | grep -oE '(generic|own) \[[^]]*\]' | sed -E 's/^(generic|own) \[//; s/\]$//; s/=[^,]*//g; s/,/ /g')
    for op in $own_ops; do
        if ! grep -qE "utfast_simd::$k::OPS::(GENERIC::)?$op\$" <<<"$syms"; then
            echo "missing kernel function: $k::OPS::$op"
            status=1
        fi
    done
done
outlined=$(grep -E 'as utfast_simd::vector::Vector>|as utfast_simd::vector_ext::(VectorExt|Lookup128)>|core_arch::|utfast_simd::x86_64::avx512::isa::|utfast_simd::generic::[a-z0-9_]+::[a-z0-9_]+$|utfast_simd::(x86_64|aarch64)::[a-z0-9_]+::[a-z0-9_]+::[a-z0-9_]+$|utfast_simd::(x86_64|aarch64)::[a-z0-9_:]+::[A-Z][A-Za-z0-9_]*(<[^>]*>)?::[a-z0-9_]+$' <<<"$syms" \
    | grep -vE '::(locate_error|repair|utf16_one_by_one|run_blocks|cold_path|lookup_slow)$|::handover::|::OPS::|::isa::(detected|has_feature)$' || true)
if [ -n "$outlined" ]; then
    echo "algorithms or primitives compiled as separate functions (not inlined):"
    echo "$outlined"
    status=1
fi
if [ "$status" = 0 ]; then
    echo "check-inlining: ok ($(wc -w <<<"$kernels") kernels x $(wc -w <<<"$ops") operations and the AVX-512 tiers' own entries present, nothing outlined)"
fi
exit "$status"

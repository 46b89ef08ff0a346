#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60) and fails on any finding.
#
#   fuzz/run.sh [SECONDS] [TARGET...]
#
# Installs cargo-fuzz if missing, (re)builds the seed corpora (fuzz/seed.sh), builds
# all targets once (nightly, AddressSanitizer), then runs each target with the UTF-8
# dictionary and prints its executions and coverage (libFuzzer's final cov/ft numbers).
# Crashes land in fuzz/artifacts/<target>/; logs in fuzz/logs/<target>.log.
# Environment: UTFAST_FUZZ_JOBS=2 runs two targets at a time. UTFAST_FUZZ_AVX512_MODEL=1
# builds with `--cfg utfast_avx512_model` (the AVX-512 kernels on the instruction model
# of simd/src/x86_64/avx512/isa, in the target directory fuzz/target/avx512-model) and
# fails a target whose log does not show the avx512 kernels on the model. The model build
# still tests every kernel (UTFAST_ALL_KERNELS=1): avx2/sse42 run their real instructions,
# so on a CPU without AVX-512 one model build fuzzes all of them.
set -euo pipefail
fuzz_dir="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$fuzz_dir")"
cd "$root" # cargo-fuzz expects to run from the fuzz crate's parent directory
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(validate transcode roundtrip streaming encoding lossy_len well_formed offsets)
fi
jobs="${UTFAST_FUZZ_JOBS:-1}"
model="${UTFAST_FUZZ_AVX512_MODEL:-0}"
build_args=()
if [ "$model" != 0 ]; then
    export RUSTFLAGS="${RUSTFLAGS:-} --cfg utfast_avx512_model"
    export UTFAST_ALL_KERNELS=1
    build_args=(--target-dir "$fuzz_dir/target/avx512-model")
    echo "run.sh: AVX-512 instructions: model (--cfg utfast_avx512_model)"
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "run.sh: installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

"$fuzz_dir/seed.sh"
start=$(date +%s)
cargo +nightly fuzz build "${build_args[@]}"
echo "run.sh: build took $(($(date +%s) - start)) s"

mkdir -p "$fuzz_dir/logs"
run_one() {
    local t="$1" log="$fuzz_dir/logs/$1.log"
    mkdir -p "$fuzz_dir/artifacts/$t"
    if cargo +nightly fuzz run "${build_args[@]}" "$t" -- \
        -max_total_time="$seconds" -timeout=20 -dict="$fuzz_dir/utf8.dict" \
        -print_final_stats=1 >"$log" 2>&1; then
        status=ok
    else
        status=FAILED
    fi
    if [ "$status" = ok ] && [ "$model" != 0 ] \
        && ! grep -qE "kernels under test: .*avx512.*AVX-512 instructions: model" "$log"; then
        echo "$t: the avx512 kernels did not run on the model"
        status=FAILED
    fi
    # Final coverage line ("#N DONE cov: X ft: Y ..."), else the last status line.
    local line runs
    line="$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -n 1 || true)"
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
    printf '%-10s %-6s execs %-10s %s  %s\n' "$t" "$status" "${runs:-?}" \
        "$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [^ ]+' <<<"$line" || echo 'no coverage line')" \
        "$(grep -m1 -o 'kernels under test: .*' "$log" || true)"
    if [ "$status" != ok ]; then
        echo "---- $t: last lines of $log"
        grep -E 'panicked|ERROR|SUMMARY|artifact|Test unit' "$log" | head -n 20 || true
        tail -n 30 "$log"
        return 1
    fi
}

failed=0
pids=()
for t in "${targets[@]}"; do
    if [ "$jobs" -gt 1 ]; then
        run_one "$t" &
        pids+=($!)
        if [ ${#pids[@]} -ge "$jobs" ]; then
            wait "${pids[0]}" || failed=1
            pids=("${pids[@]:1}")
        fi
    else
        run_one "$t" || failed=1
    fi
done
for p in "${pids[@]}"; do wait "$p" || failed=1; done

echo "run.sh: total $(($(date +%s) - start)) s"
if [ "$failed" -ne 0 ]; then
    echo "run.sh: FINDINGS (see fuzz/artifacts/ and fuzz/logs/)"
    exit 1
fi

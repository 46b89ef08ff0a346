#!/usr/bin/env bash
# Estimates the speed of the neon kernel against simdutf's arm64 kernel without ARM
# hardware: two independent estimates, side by side on the same inputs, written to
# docs/aarch64-speed.md (which `scripts/bench.py aarch64` puts into docs/benchmarks.md
# as the section "aarch64 (estimated)"). A benchmark, run by hand: about 10-20
# minutes on 2 cores; not in CI (CI runs the NEON tests under QEMU).
#
#   scripts/aarch64-speed.sh [--texts Arabic,Latin] [--ops validate_utf8,...] [--no-mars]
#
# (A run with options is a trial: it writes target/aarch64-speed/aarch64-speed.md.)
#
# 1. Builds scripts/aarch64-speed (a small program outside the workspace: one
#    operation, ours or simdutf's, N times) for aarch64 the way test-aarch64.sh builds
#    the tests: Debian's rustc-web and its aarch64 std, static linking, and the simdutf
#    crate's bundled C++ source compiled by Debian's aarch64-linux-gnu-g++ (its build
#    script's `cc`), so both kernels are in one binary and read the same buffers.
# 2. Builds the QEMU TCG plugin scripts/aarch64-speed/insn_count.c with the host gcc.
#    A plugin rather than `-singlestep -d nochain,exec` logging: the same counts
#    (checked on a test loop: both give the loop's instruction count exactly) at
#    native-translation speed, and a per-block profile for free. Debian ships no
#    qemu-plugin.h, so the plugin declares the six API calls it uses itself.
# 3. scripts/aarch64-speed/estimate.py: instructions per byte from runs of N and 2N
#    calls (estimate 1); the hot loops from the same runs' block profiles, disassembled
#    from the binary, through llvm-mca for Neoverse N1, V1 and V2 (estimate 2). Its
#    docstring documents the loop heuristic and how bytes per iteration are measured.
# The last line printed: `aarch64-speed: min ratio R1 (instructions), R2 (llvm-mca), N operations`.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/debian-packages.sh
need_packages aarch64-speed.sh rustc-web gcc-aarch64-linux-gnu g++-aarch64-linux-gnu \
    libc6-dev-arm64-cross qemu-user libstd-rust-web-dev:arm64 llvm-19 gcc python3

export RUSTC=/usr/bin/rustc
export CARGO_TARGET_DIR="$PWD/target/aarch64-speed"
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUSTFLAGS="-C target-feature=+crt-static"
export CXX_aarch64_unknown_linux_gnu=aarch64-linux-gnu-g++
export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc
"$RUSTC" --version
(cd scripts/aarch64-speed && nice -n 19 cargo build --release --target aarch64-unknown-linux-gnu -j 1)
bin="$CARGO_TARGET_DIR/aarch64-unknown-linux-gnu/release/aarch64-speed"
plugin="$CARGO_TARGET_DIR/insn_count.so"
gcc -O2 -Wall -shared -fPIC -o "$plugin" scripts/aarch64-speed/insn_count.c
# A trial run (any option) writes beside the binary and leaves the report alone.
out=docs/aarch64-speed.md
[ "$#" -gt 0 ] && out="$CARGO_TARGET_DIR/aarch64-speed.md"
summary=$(nice -n 19 python3 scripts/aarch64-speed/estimate.py "$bin" "$plugin" "$out" "$@")
if [ "$#" -eq 0 ]; then
    python3 scripts/bench.py aarch64
else
    echo "wrote $out" >&2
fi
echo "$summary"

#!/usr/bin/env bash
# Runs the NEON kernel's tests for aarch64 under QEMU user-mode emulation, following
# ../shared/AARCH64.md (beside the repository): Debian's rustc-web (which ships an aarch64 std), a cross
# linker, static linking (dynamically linked binaries hang under qemu-user when they
# start threads) and qemu-aarch64 as the test runner.
#
# Installs the Debian packages if they are missing (needs root, as in CI), then runs
# the simd crate's unit tests (Vector methods, tables) and its kernel-vs-scalar test
# binary `kernels` (simd/tests/kernels/: UTF-8 validation, every transcoder, the
# exhaustive UTF-16/UTF-32 sweeps, transcoding properties, lipsum round trips,
# conformance vectors, buffer edges, fuzz regressions), each test of which runs every
# kernel in `available()`. Only `validate::utf8_exhaustive` (every input of up to
# 3 bytes and every 4-byte input with a 4-byte lead: hours under emulation) is skipped.
# Extra arguments are passed to `cargo test` (e.g. a test-name filter).
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/debian-packages.sh
need_packages test-aarch64.sh rustc-web gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user \
    libstd-rust-web-dev:arm64

export RUSTC=/usr/bin/rustc
export CARGO_TARGET_DIR=target/aarch64-qemu
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUSTFLAGS="-C target-feature=+crt-static"
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER=qemu-aarch64
export UTFAST_QEMU=1

"$RUSTC" --version
# Unit tests of the simd crate (every Vector method on uint8x16_t), then the
# kernel-vs-scalar-vs-std integration tests; `--nocapture` shows which kernels ran
# (`kernels under test: [...]`). (Doctests are left out: rustup's rustdoc has no
# aarch64 std, and they do not touch NEON.)
cargo test --target aarch64-unknown-linux-gnu -p utfast-simd --lib "$@" -- --nocapture
cargo test --target aarch64-unknown-linux-gnu -p utfast-simd --test kernels "$@" -- --nocapture \
    --skip validate::utf8_exhaustive::

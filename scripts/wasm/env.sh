# Sourced by scripts/test-wasm.sh and scripts/wasm-speed.sh: the settings of a wasm32
# build with simd128 (see test-wasm.sh); `wasm_prepare SCRIPT`, which installs the
# Debian packages if they are missing and checks for nightly cargo; `wasm_cargo`,
# cargo for wasm32-wasip1 with std built from Debian's sources. Run from the
# repository root.

. scripts/debian-packages.sh

export RUSTC=/usr/bin/rustc
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target/wasm}
export CARGO_TARGET_WASM32_WASIP1_LINKER=/usr/lib/llvm-16/bin/wasm-ld
# wasi-libc from Debian (not rustc's self-contained copy, which Debian does not ship);
# undefined functions become imports, which the runner supplies or names.
export CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="-C target-feature=+simd128 -L /usr/lib/wasm32-wasi \
-C link-self-contained=no -C link-arg=/usr/lib/wasm32-wasi/crt1-command.o -C link-arg=--allow-undefined"
export CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-warnings $PWD/scripts/wasm/wasi-run.mjs"

wasm_cargo() {
    local cmd=$1
    shift
    cargo +nightly "$cmd" -Zbuild-std=std,panic_abort --target wasm32-wasip1 "$@"
}

wasm_prepare() {
    local node=()
    command -v node >/dev/null 2>&1 || node=(nodejs)
    need_packages "$1" rustc-web rust-web-src lld-16 wasi-libc "${node[@]}"
    if ! cargo +nightly --version >/dev/null 2>&1; then
        echo "$1: needs rustup's nightly toolchain (its cargo's -Zbuild-std)" >&2
        exit 1
    fi
}

# Sourced by the scripts that need Debian packages beside rustup's toolchains
# (test-aarch64.sh, test-wasm.sh): `need_packages SCRIPT PACKAGE...` installs the
# packages that are not installed yet (CI runs as root on a clean machine), or stops
# with a message when that needs root. Packages of another architecture are named
# `name:arch` (that architecture is added first).

need_packages() {
    local who=$1 p missing=()
    shift
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
    done
    [ ${#missing[@]} = 0 ] && return 0
    if [ "$(id -u)" != 0 ]; then
        echo "$who: missing packages (${missing[*]}) and not root; see ../shared/AARCH64.md and issue 36" >&2
        exit 1
    fi
    for p in "${missing[@]}"; do
        case $p in *:*) dpkg --add-architecture "${p#*:}" ;; esac
    done
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
}

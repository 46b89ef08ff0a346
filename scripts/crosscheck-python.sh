#!/bin/sh
# Second opinion: compare `utfast convert` with CPython's codecs on the lipsum samples
# (every pair of UTF encodings, strict) and on corrupted copies (lossy, UTF-8 source).
# Usage: scripts/crosscheck-python.sh [path/to/utfast]   (default: release build)
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-target/release/utfast}
[ -x "$BIN" ] || cargo build --release --features cli
exec python3 - "$BIN" <<'PY'
import glob, random, subprocess, sys
bin_ = sys.argv[1]
codecs = {"utf-8": "utf-8", "utf-16le": "utf-16-le", "utf-16be": "utf-16-be",
          "utf-32le": "utf-32-le", "utf-32be": "utf-32-be"}
def run(args, data):
    p = subprocess.run([bin_, "convert"] + args, input=data, capture_output=True)
    return p.returncode, p.stdout
checked = 0
for path in sorted(glob.glob("tests/data/lipsum/*.utf8.txt")):
    text = open(path, encoding="utf-8").read()
    for f, fc in codecs.items():
        src = text.encode(fc)
        for t, tc in codecs.items():
            code, out = run(["-f", f, "-t", t], src)
            assert code == 0 and out == text.encode(tc), (path, f, t)
            checked += 1
    rng = random.Random(path)
    data = bytearray(text.encode("utf-8"))
    for _ in range(20):
        data[rng.randrange(len(data))] = rng.randrange(256)
    for t, tc in codecs.items():
        code, out = run(["--lossy", "-f", "utf-8", "-t", t], bytes(data))
        want = bytes(data).decode("utf-8", "replace").encode(tc, "surrogatepass")
        assert code == 0 and out == want, (path, "lossy", t)
        checked += 1
print(f"crosscheck-python: {checked} conversions agree with CPython")
PY

#!/usr/bin/env bash
# Builds the seed corpora fuzz/corpus/<target>/ (not committed; regenerated here).
#
# Sources: the conformance vectors (tests/data/conformance, else ../shared/conformance
# next to the main checkout, or $UTFAST_CONFORMANCE) and the lipsum texts
# (tests/data/lipsum/*.txt) cut into 64..4096-byte pieces, also re-encoded as
# UTF-16LE/BE, UTF-32LE/BE and Latin-1 where representable, and the Russian texts of
# tests/data/cyrillic in KOI8-R, windows-1251 and IBM866. The transcode and
# streaming targets get their fuzzer header bytes prepended (see fuzz_targets/).
# Existing corpus files are kept: libFuzzer adds what it found to the same directories.
set -euo pipefail
fuzz_dir="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$fuzz_dir")"

conformance="${UTFAST_CONFORMANCE:-}"
if [ -z "$conformance" ]; then
    common="$(git -C "$root" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)"
    for c in "$root/tests/data/conformance" "$root/../shared/conformance" \
        ${common:+"$(dirname "$common")/../shared/conformance"}; do
        if [ -d "$c" ]; then conformance="$c"; break; fi
    done
fi

if ! command -v python3 >/dev/null; then
    echo "seed.sh: python3 not found; fuzzing starts from empty corpora" >&2
    mkdir -p "$fuzz_dir"/corpus/{validate,transcode,roundtrip,streaming,encoding}
    exit 0
fi

python3 - "$fuzz_dir/corpus" "$root/tests/data/lipsum" "${conformance:-}" <<'PY'
import glob, hashlib, json, os, sys

corpus, lipsum_dir, conformance = sys.argv[1], sys.argv[2], sys.argv[3]
targets = ["validate", "transcode", "roundtrip", "streaming", "encoding", "lossy_len"]
count = {t: 0 for t in targets}
MAX_LEN = 4096  # keep seeds short: libFuzzer's -max_len defaults to the longest seed

def put(target, data):
    d = os.path.join(corpus, target)
    os.makedirs(d, exist_ok=True)
    p = os.path.join(d, "seed-" + hashlib.sha1(data).hexdigest()[:16])
    if not os.path.exists(p):
        with open(p, "wb") as f:
            f.write(data)
        count[target] += 1

# (bytes, encoding index as in Encoding::ALL: 0 UTF-8, 1 16LE, 2 16BE, 3 32LE, 4 32BE, 5 Latin-1,
# 6 KOI8-R, 7 windows-1251, 8 IBM866)
seeds = []

def add_text(text_bytes):
    seeds.append((text_bytes, 0))
    try:
        s = text_bytes.decode("utf-8")
    except UnicodeDecodeError:
        return
    for i, codec in [(1, "utf-16-le"), (2, "utf-16-be"), (3, "utf-32-le"), (4, "utf-32-be")]:
        seeds.append((s.encode(codec)[:MAX_LEN], i))
    if all(ord(c) < 256 for c in s):
        seeds.append((s.encode("latin-1"), 5))
    # Cyrillic code pages (where CPython's codec has every character)
    for i, codec in [(6, "koi8_r"), (7, "cp1251"), (8, "cp866")]:
        try:
            seeds.append((s.encode(codec)[:MAX_LEN], i))
        except UnicodeEncodeError:
            pass

# The Russian texts in the code pages: slices, read as their code page.
cyrillic_dir = os.path.join(os.path.dirname(lipsum_dir), "cyrillic")
for i, name in [(6, "koi8-r"), (7, "windows-1251"), (8, "ibm866")]:
    for path in sorted(glob.glob(os.path.join(cyrillic_dir, f"*.{name}.txt"))):
        data = open(path, "rb").read()
        for k, size in enumerate([64, 300, 4096]):
            off = (i * 211 + k * 1931) % max(1, len(data) - size)
            seeds.append((data[off:off + size], i))

# Lipsum slices: 64..4096 bytes at offsets that also cut characters in half.
for n, path in enumerate(sorted(glob.glob(os.path.join(lipsum_dir, "*.txt")))):
    data = open(path, "rb").read()
    for k, size in enumerate([64, 100, 257, 1000, 4096]):
        off = (n * 131 + k * 977) % max(1, len(data) - size)
        add_text(data[off:off + size])

# Conformance vectors (small inputs with known answers), and slices of the text files.
if conformance:
    for path in sorted(glob.glob(os.path.join(conformance, "*", "*.json"))):
        try:
            vectors = json.load(open(path))
        except (ValueError, OSError):
            continue
        for v in vectors if isinstance(vectors, list) else []:
            h = v.get("input_hex") if isinstance(v, dict) else None
            if h is None:
                continue
            enc = {"utf-16le": 1, "utf-16be": 2, "utf-32le": 3, "utf-32be": 4}.get(v.get("encoding") or "", 0)
            seeds.append((bytes.fromhex(h)[:MAX_LEN], enc))
    for path in sorted(glob.glob(os.path.join(conformance, "kuhn", "*.txt"))
                       + glob.glob(os.path.join(conformance, "texts", "*.txt"))
                       + glob.glob(os.path.join(conformance, "lossy", "files", "*"))):
        data = open(path, "rb").read()
        for off in range(0, min(len(data), 32768), 4096):
            add_text(data[off:off + 1024])
else:
    print("seed.sh: no conformance vectors found; seeding from lipsum only", file=sys.stderr)

for i, (data, enc) in enumerate(seeds):
    put("validate", data)
    put("roundtrip", data)
    # lossy_len header: the source encoding (see fuzz_targets/lossy_len.rs).
    put("lossy_len", bytes([enc]) + data)
    if len(data) <= 512:
        put("encoding", data)
    # transcode header: from, to, mode, cut (see fuzz_targets/transcode.rs).
    put("transcode", bytes([enc, i % 9, (i // 9) % 3, 0x80]) + data)
    # streaming header: from, to, mode, bom, out_len, four cycled chunk lengths.
    if len(data) <= 1024:
        put("streaming", bytes([enc, (i + 1) % 9, i % 3, (i // 3) % 3, [0, 1, 7, 64][i % 4],
                                1 + i % 7, 64, 3, 17 + i % 50]) + data)
for label in [b"utf-8", b"UTF-16LE", b" latin1 ", b"iso_8859-1", b"utf-16", b"l1", b"utf32be",
              b"koi8-r", b"CP1251", b"cp866", b"csibm866", b"x-cp1251", b"koi"]:
    put("encoding", label)
print("seed.sh: new seed files:", ", ".join(f"{t} {count[t]}" for t in targets))
PY

#!/bin/sh
# Whole-process comparison of `utfast convert` with glibc's iconv and ICU's uconv:
# - every byte of KOI8-R, windows-1251, IBM866 and Latin-1 decoded by all three;
# - random text from each code page's repertoire (with characters it lacks mixed in)
#   encoded strictly: same bytes, or an error from both at the same byte offset with
#   the same output before it;
# - CESU-8 both ways against uconv on random text with supplementary characters;
# - strict UTF-8 -> UTF-16LE on damaged lipsum text against iconv (output before the
#   error and its offset);
# - lossy UTF-8 -> UTF-16LE/UTF-32LE on damaged lipsum text against uconv's substitute
#   callback (U+FFFD per maximal subpart, as ICU does since version 60).
# The only differences allowed are the documented ones (README, "Code pages"): listed
# in EXPECTED below. uconv is skipped with a message if ICU's tools are missing.
# Usage: scripts/crosscheck-iconv.sh [path/to/utfast]   (default: release build)
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-target/release/utfast}
[ -x "$BIN" ] || cargo build --release --features cli
command -v iconv >/dev/null || { echo "crosscheck-iconv: iconv not found"; exit 1; }
exec python3 - "$BIN" <<'PY'
import glob, random, re, shutil, subprocess, sys
BIN = sys.argv[1]
UCONV = shutil.which("uconv")
if not UCONV:
    print("crosscheck-iconv: uconv (ICU, Debian icu-devtools) not found: its checks are skipped")
def run(cmd, data):
    p = subprocess.run(cmd, input=data, capture_output=True)
    return p.returncode, p.stdout
def uconv(args, data):
    return run([UCONV] + args, data) if UCONV else None
# (ours, iconv, uconv, CPython) names
PAGES = [("koi8-r", "KOI8-R", "koi8-r", "koi8_r"), ("cp1251", "CP1251", "windows-1251", "cp1251"),
         ("cp866", "CP866", "ibm866", "cp866"), ("latin1", "ISO-8859-1", "iso-8859-1", "latin-1")]
# Documented differences: windows-1251 0x98 is U+0098 in WHATWG's index (and ICU's
# table), undefined in glibc's (as in Microsoft's and CPython's); ICU's ibm-866
# rotates the IBM PC control pictures 0x1A/0x1C/0x7F, which WHATWG, glibc and CPython
# leave as ASCII.
EXPECTED = {("cp1251", 0x98, "iconv"), ("cp866", 0x1A, "uconv"), ("cp866", 0x1C, "uconv"),
            ("cp866", 0x7F, "uconv")}
rng = random.Random(20261124)
bad, checked, seen = [], 0, set()
for ours, ic, uc, py in PAGES:
    for b in range(256):
        d = bytes([b])
        mine = run([BIN, "convert", "-f", ours, "-t", "utf-8"], d)
        if mine[0] != 0:
            bad.append(f"decode {ours} {b:02x}: utfast failed")
        for tool, other in (("iconv", run(["iconv", "-f", ic, "-t", "UTF-8"], d)),
                            ("uconv", uconv(["-f", uc, "-t", "utf-8", "--callback", "stop"], d))):
            if other is None:
                continue
            checked += 1
            if other != mine:
                if (ours, b, tool) in EXPECTED:
                    seen.add((ours, b, tool))
                else:
                    bad.append(f"decode {ours} {b:02x}: utfast {mine} {tool} {other}")
    rep = []
    for b in range(256):
        try:
            rep.append(bytes([b]).decode(py))
        except UnicodeDecodeError:
            pass
    for i in range(60):
        chars = [rng.choice(rep) for _ in range(rng.randrange(1, 300))]
        if i % 3 == 0:
            chars.insert(rng.randrange(len(chars) + 1), rng.choice("€中😀ǅ\u0400\u2116\ufffd"))
        t = "".join(chars).encode()
        p1 = subprocess.run([BIN, "convert", "-f", "utf-8", "-t", ours], input=t, capture_output=True)
        p2 = subprocess.run(["iconv", "-f", "UTF-8", "-t", ic], input=t, capture_output=True)
        checked += 1
        # Both write the conversion of the prefix before the error; both name its offset.
        at1 = re.search(rb"at byte (\d+)", p1.stderr)
        at2 = re.search(rb"at position (\d+)", p2.stderr)
        if ((p1.returncode, p1.stdout) != (p2.returncode, p2.stdout)
                or (at1 and at1.group(1)) != (at2 and at2.group(1))):
            bad.append(f"encode {ours}: utfast {p1.returncode} {p1.stderr[:120]!r} iconv "
                       f"{p2.returncode} {p2.stderr[:120]!r}; input {t[:80]!r}")
if UCONV:
    for i in range(60):
        s = "".join(chr(rng.choice([rng.randrange(0x20, 0x7F), rng.randrange(0x80, 0x800),
                                    rng.randrange(0x800, 0xD800), rng.randrange(0xE000, 0x10000),
                                    rng.randrange(0x10000, 0x110000)]))
                    for _ in range(rng.randrange(1, 200)))
        t = s.encode()
        cesu = uconv(["-f", "utf-8", "-t", "cesu-8", "--callback", "stop"], t)
        for args, src, want in (
                (["-f", "utf-8", "-t", "cesu-8"], t, cesu),
                (["-f", "cesu-8", "-t", "utf-16le"], cesu[1],
                 uconv(["-f", "cesu-8", "-t", "utf-16le", "--callback", "stop"], cesu[1])),
                (["-f", "cesu-8", "-t", "utf-8"], cesu[1], (0, t))):
            checked += 1
            mine = run([BIN, "convert"] + args, src)
            if mine != want:
                bad.append(f"{args}: utfast {mine[0]} uconv {want[0]}; input {src[:80]!r}")
    for path in sorted(glob.glob("tests/data/lipsum/*.utf8.txt")):
        data = bytearray(open(path, "rb").read()[:20000])
        for _ in range(40):
            data[rng.randrange(len(data))] = rng.randrange(256)
        for t in ("utf-16le", "utf-32le"):
            checked += 1
            mine = run([BIN, "convert", "--lossy", "-f", "utf-8", "-t", t], bytes(data))
            other = uconv(["-f", "utf-8", "-t", t, "--callback", "substitute"], bytes(data))
            if mine != other:
                bad.append(f"lossy utf-8 -> {t} on damaged {path}: utfast {mine[0]} uconv {other[0]}")
# Strict UTF-8 -> UTF-16LE on damaged text: same prefix written, same error offset.
for path in sorted(glob.glob("tests/data/lipsum/*.utf8.txt")):
    text = open(path, "rb").read()[:20000]
    for _ in range(8):
        data = bytearray(text)
        data[rng.randrange(len(data))] = rng.choice([0x80, 0xBF, 0xC0, 0xE0, 0xED, 0xF4, 0xF5, 0xFF])
        p1 = subprocess.run([BIN, "convert", "-f", "utf-8", "-t", "utf-16le"], input=bytes(data),
                            capture_output=True)
        p2 = subprocess.run(["iconv", "-f", "UTF-8", "-t", "UTF-16LE"], input=bytes(data),
                            capture_output=True)
        checked += 1
        at1 = re.search(rb"at byte (\d+)", p1.stderr)
        at2 = re.search(rb"at position (\d+)", p2.stderr)
        if ((p1.returncode == 0) != (p2.returncode == 0) or p1.stdout != p2.stdout
                or (at2 and (at1 and at1.group(1)) != at2.group(1))):
            bad.append(f"strict utf-8 -> utf-16le on damaged {path}: utfast {p1.returncode} "
                       f"{p1.stderr[:120]!r} iconv {p2.returncode} {p2.stderr[:120]!r}")
missing = {e for e in EXPECTED if e[2] == "iconv" or UCONV} - seen
for e in sorted(missing):
    bad.append(f"documented difference {e} no longer seen: update EXPECTED and the README")
for line in bad[:30]:
    print(line)
if bad:
    sys.exit(f"crosscheck-iconv: {len(bad)} disagreements")
print(f"crosscheck-iconv: {checked} conversions agree with iconv/uconv "
      f"(documented differences seen: {sorted(seen)})")
PY

#!/bin/sh
# Whole-process comparison of `utfast convert` with glibc's iconv and ICU's uconv:
# - every byte of each of the 28 WHATWG single-byte code pages and of Latin-1
#   decoded by all three;
# - random text from each code page's repertoire (the characters on which WHATWG,
#   glibc and CPython agree, with characters it lacks mixed in) encoded strictly:
#   same bytes, or an error from both at the same byte offset with the same output
#   before it;
# - CESU-8 both ways against uconv on random text with supplementary characters;
# - strict UTF-8 -> UTF-16LE on damaged lipsum text against iconv (output before the
#   error and its offset);
# - lossy UTF-8 -> UTF-16LE/UTF-32LE on damaged lipsum text against uconv's substitute
#   callback (U+FFFD per maximal subpart, as ICU does since version 60).
# The only differences allowed are the documented ones (README, "Code pages"): listed
# in EXPECTED below. uconv is skipped with a message if ICU's tools are missing.
# Usage: scripts/crosscheck-iconv.sh [path/to/utfast]   (default: release build)
# Run as root on a clean Debian machine (CI), it installs python3 and ICU's uconv.
set -eu
cd "$(dirname "$0")/.."
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
    && ! { command -v python3 && command -v uconv; } >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 icu-devtools >/dev/null
fi
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
         ("cp866", "CP866", "ibm866", "cp866"), ("latin1", "ISO-8859-1", "iso-8859-1", "latin-1"),
         ("koi8-u", "KOI8-U", "koi8-u", "koi8_u"), ("macintosh", "MACINTOSH", "macintosh", "mac_roman"),
         ("x-mac-cyrillic", "MAC-CYRILLIC", "x-mac-cyrillic", "mac_cyrillic"),
         ("windows-874", "WINDOWS-874", "windows-874", "cp874"),
         ("iso-8859-8-i", "ISO-8859-8", "iso-8859-8", "iso8859_8")]
PAGES += [(f"windows-{n}", f"CP{n}", f"windows-{n}", f"cp{n}") for n in (1250, 1252, 1253, 1254, 1255, 1256, 1257, 1258)]
PAGES += [(f"iso-8859-{n}", f"ISO-8859-{n}", f"iso-8859-{n}", f"iso8859_{n}") for n in (2, 3, 4, 5, 6, 7, 8, 10, 13, 14, 15, 16)]
# Documented differences (README, "Code pages"), besides the rule below: ICU's ibm-866
# rotates the IBM PC control pictures 0x1A/0x1C/0x7F, which WHATWG, glibc and CPython
# leave as ASCII; WHATWG's KOI8-U is KOI8-RU (Ў/ў at 0xAE/0xBE, box drawing in glibc's
# KOI8-U); WHATWG's macintosh has ∆ (U+2206) at 0xC6 and the Apple logo at U+F8FF
# (0xF0), glibc Δ (U+0394) and U+E01E; WHATWG's x-mac-cyrillic has € at 0xFF, glibc
# ¤; WHATWG's windows-1255 0xCA is U+05BA, undefined in glibc.
EXPECTED = {("cp866", 0x1A, "uconv"), ("cp866", 0x1C, "uconv"), ("cp866", 0x7F, "uconv"),
            ("koi8-u", 0xAE, "iconv"), ("koi8-u", 0xBE, "iconv"), ("macintosh", 0xC6, "iconv"),
            ("macintosh", 0xF0, "iconv"), ("x-mac-cyrillic", 0xFF, "iconv"),
            ("windows-1255", 0xCA, "iconv")}
def c1_passthrough(ours, b, other):
    """The rule: WHATWG decodes the bytes that Microsoft's tables leave unassigned in
    the windows pages (e.g. windows-1252 0x81, 0x8D, 0x8F, 0x90, 0x9D) as the C1
    control of the same value; glibc's tables leave them undefined."""
    return (ours.startswith("windows-") or ours == "cp1251") and 0x80 <= b <= 0x9F and other[0] != 0
rng = random.Random(20261124)
bad, checked, seen = [], 0, set()
for ours, ic, uc, py in PAGES:
    decoded, differ = {}, set()
    for b in range(256):
        d = bytes([b])
        mine = run([BIN, "convert", "-f", ours, "-t", "utf-8"], d)
        decoded[b] = mine[1] if mine[0] == 0 else None
        # uconv on the pages whose ICU table is WHATWG's but for the differences in
        # EXPECTED (ICU's windows-874, macintosh, ... have private-use and older
        # mappings of their own).
        tools = [("iconv", run(["iconv", "-f", ic, "-t", "UTF-8"], d))]
        if ours in ("koi8-r", "cp1251", "cp866", "latin1"):
            tools.append(("uconv", uconv(["-f", uc, "-t", "utf-8", "--callback", "stop"], d)))
        for tool, other in tools:
            if other is None:
                continue
            # An undefined byte: an error from both.
            if mine[0] != 0 and other[0] != 0:
                continue
            if tool == "iconv" and other != mine:
                decoded[b] = None
                differ.add(mine[1].decode())
            checked += 1
            if other != mine:
                if tool == "iconv" and mine == (0, chr(b).encode()) and c1_passthrough(ours, b, other):
                    continue
                if (ours, b, tool) in EXPECTED:
                    seen.add((ours, b, tool))
                else:
                    bad.append(f"decode {ours} {b:02x}: utfast {mine} {tool} {other}")
    rep = []
    for b in range(256):
        try:
            c = bytes([b]).decode(py)
        except UnicodeDecodeError:
            continue
        # Only where utfast (WHATWG), iconv and CPython agree.
        if decoded[b] == c.encode():
            rep.append(c)
    # ... and iconv encodes the character back (glibc's MAC-CYRILLIC, CP1255 and
    # CP1258 decode some bytes to characters they do not encode, or compose them).
    back = run(["iconv", "-c", "-f", "UTF-8", "-t", ic], "\n".join(rep).encode())[1].split(b"\n")
    rep = [c for c, e in zip(rep, back) if len(e) == 1 and e == c.encode(py)]
    for i in range(60):
        chars = [rng.choice(rep) for _ in range(rng.randrange(1, 300))]
        if i % 3 == 0:
            # (Not one that WHATWG and glibc map differently, e.g. x-mac-cyrillic's €.)
            odd = [c for c in "€中😀ǅ\u0400\u2116\ufffd" if c not in differ]
            chars.insert(rng.randrange(len(chars) + 1), rng.choice(odd))
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
for line in bad[:int(__import__("os").environ.get("CROSSCHECK_SHOW", "30"))]:
    print(line)
if bad:
    sys.exit(f"crosscheck-iconv: {len(bad)} disagreements")
print(f"crosscheck-iconv: {checked} conversions agree with iconv/uconv "
      f"(documented differences seen: {sorted(seen)})")
PY

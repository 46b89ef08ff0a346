#!/usr/bin/env python3
"""utfast's benchmarks: run them, write the report, compare two builds.

    scripts/bench.py run                  # every bench, every simdutf tier, 3 runs -> docs/benchmarks/*.csv
    scripts/bench.py report               # docs/benchmarks/*.csv -> docs/benchmarks.md
    scripts/bench.py compare --base REV   # REV's build against this tree's, interleaved runs
    scripts/bench.py aarch64              # docs/aarch64-speed.md -> its section of docs/benchmarks.md
    scripts/bench.py wasm                 # docs/wasm-speed.md -> its section of docs/benchmarks.md
    scripts/bench.py consumers            # consumer kernels + arrow bench -> docs/consumers.md and its section (minutes)

The full run and report of a commit (about an hour on 2 idle cores with AVX-512:
a transcode run takes 5-6 minutes, validate and lengths about one each, 3 runs x 3
tiers, then the command's timings); commit docs/benchmarks/ and docs/benchmarks.md:

    scripts/bench.py run --runs 3 && scripts/bench.py report

A comparison right after a merge (REV = the commit before it; the base is checked
out in target/bench-base/REV and built there with its own target dir, with this
tree's benches/ and bench texts; 3 rounds per build take about 45 minutes plus the
base's first build; prints new/base per bench, table and kernel, lists the rows
below --min and exits 1 if there is one):

    scripts/bench.py compare --base REV --rounds 3 --min 0.97

Trial runs: `--filter utf8->utf16le` (tables whose name contains it), `--texts
Arabic,Mars-Fr` (texts whose name contains one of them), `--tiers haswell`,
`--benches transcode`, `--runs 1`.

What `run` does. It builds `benches/` once (`cargo bench -p utfast-benches --no-run`)
and runs the executables: `transcode` (every direction x every kernel x simdutf,
encoding_rs, std and the WTF-8/CESU-8 crates), `validate --tables` (UTF-8, UTF-16 and
UTF-32 validation against std, simdutf8, encoding_rs and simdutf; short strings
against std) and `lengths` (counts and output lengths against simdutf), once per
simdutf tier and run: `SIMDUTF_FORCE_IMPLEMENTATION=westmere` (SSE4.2, against our
`sse42`), `haswell` (AVX2, against `avx2`) and, on a CPU with AVX-512 VBMI2, `icelake`
(against `avx512-vbmi2`). The runs alternate the tiers (run 1 of every tier, then run
2, ...), so a slow phase of the machine does not fall on one tier. The buffers sit at
fixed offsets from a 64-byte boundary (`--offsets IN,OUT`, the benches'
`UTFAST_BENCH_OFFSETS`, default 0,0). With `--benches ...,cli` (in the default) it
also times the `utfast` command against iconv and uconv, whole processes in
interleaved rounds. Every run of every bench is one CSV in docs/benchmarks/ whose
header names the CPU, date, commit, offsets and simdutf tier; the CSVs of an older
run are removed first (`--keep` keeps them).

The one parser (`parse`) reads what every bench prints through
`utfast_benches::print_row`: a `CPU:` line, then tables of `## <name> (<unit>)`, a
header row and one row per text, cells separated by spaces.
"""

import argparse
import csv
import datetime
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "docs", "benchmarks")
REPORT = os.path.join(ROOT, "docs", "benchmarks.md")
# Written by scripts/aarch64-speed.sh; the report's section AARCH64_HEADING.
AARCH64 = os.path.join(ROOT, "docs", "aarch64-speed.md")
AARCH64_HEADING = "## aarch64 (estimated)"
# Written by `consumers`; the report's section CONSUMERS_HEADING.
CONSUMERS = os.path.join(ROOT, "docs", "consumers.md")
CONSUMERS_HEADING = "## Consumer kernels and Arrow columns"
# Written by scripts/wasm-speed.sh; the report's section WASM_HEADING.
WASM = os.path.join(ROOT, "docs", "wasm-speed.md")
WASM_HEADING = "## wasm32 simd128 (under node)"
# The tables of `validate --tables` that `consumers` runs (each its own filter).
CONSUMER_TABLES = ("ascii_valid_up_to", "is_ascii_utf16", "is_latin1_utf16",
                   "make_well_formed_utf16")
# simdutf's kernel of each tier -> our kernel of the same tier.
TIER_KERNEL = {"westmere": "sse42", "haswell": "avx2", "icelake": "avx512-vbmi2"}
ISA = {"westmere": "SSE4.2", "haswell": "AVX2", "icelake": "AVX-512 VBMI2"}
KERNELS = ("avx512-vbmi2", "avx512", "avx2", "sse42", "neon", "scalar")
BENCHES = ("transcode", "validate", "lengths")


# ---------------------------------------------------------------------------- parsing

def parse(text):
    """The one parser of bench output: (meta, {table: (header, [rows])}), where meta has
    the `CPU:` line and the other header lines, and each row is a list of cells."""
    meta, tables, name = {"lines": []}, {}, None
    for line in text.splitlines():
        if line.startswith("CPU: "):
            meta["cpu"] = line[5:].strip()
        elif line.startswith("## "):
            name = line[3:].rsplit(" (", 1)[0]
            tables[name] = None
        elif name and line.strip():
            cells = line.split()
            if tables[name] is None:
                tables[name] = (cells, [])
            else:
                tables[name][1].append(cells)
        elif name is None and line.strip():
            meta["lines"].append(line.strip())
    return meta, {k: v for k, v in tables.items() if v}


def cells(tables):
    """[(table, row label, column, value)] of parsed tables (numeric cells only)."""
    out = []
    for table, (header, rows) in tables.items():
        for r in rows:
            for col, v in zip(header[1:], r[1:]):
                try:
                    out.append((table, r[0], col, float(v)))
                except ValueError:
                    pass
    return out


def write_csv(path, meta, rows):
    with open(path, "w", newline="") as f:
        for k, v in meta.items():
            f.write(f"# {k}: {v}\n")
        w = csv.writer(f)
        w.writerow(["table", "file", "column", "value"])
        w.writerows(rows)


def read_csv(path):
    meta, rows = {}, []
    with open(path, newline="") as f:
        lines = f.read().splitlines()
    body = []
    for line in lines:
        if line.startswith("# "):
            k, _, v = line[2:].partition(": ")
            meta[k] = v
        else:
            body.append(line)
    for r in list(csv.reader(body))[1:]:
        if len(r) == 4:
            rows.append((r[0], r[1], r[2], float(r[3])))
    return meta, rows


# ---------------------------------------------------------------------- building, running

def git(*args, cwd=ROOT):
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                          check=True).stdout.strip()


def commit_of(tree):
    c = git("rev-parse", "--short", "HEAD", cwd=tree)
    dirty = git("status", "--porcelain", "--untracked-files=no", cwd=tree)
    return c + ("+changes" if dirty else "")


def cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            return set(f.read().split())
    except OSError:
        return set()


def default_tiers():
    flags = cpu_flags()
    tiers = ["westmere", "haswell"]
    if "avx512bw" in flags and "avx512_vbmi2" in flags:
        tiers.append("icelake")
    return tiers


def build(tree, benches):
    """Builds the benches of `tree`; {bench: executable}."""
    cmd = ["cargo", "bench", "-p", "utfast-benches", "--no-run", "--message-format=json"]
    for b in benches:
        cmd += ["--bench", b]
    print(f"building {', '.join(benches)} in {tree} ...", file=sys.stderr)
    p = subprocess.run(cmd, cwd=tree, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"{tree}: build failed:\n{p.stderr[-4000:]}")
    exes = {}
    for line in p.stdout.splitlines():
        try:
            m = json.loads(line)
        except ValueError:
            continue
        if m.get("reason") == "compiler-artifact" and m.get("executable") and \
                "bench" in m["target"]["kind"]:
            exes[m["target"]["name"]] = m["executable"]
    missing = [b for b in benches if b not in exes]
    if missing:
        sys.exit(f"{tree}: no executable for {missing}")
    return exes


def run_bench(exe, bench, tree, tier, offsets, filt, texts):
    """One run of one bench executable; its stdout."""
    args = [exe] + (["--tables"] if bench == "validate" else []) + ([filt] if filt else [])
    env = dict(os.environ, SIMDUTF_FORCE_IMPLEMENTATION=tier, UTFAST_BENCH_OFFSETS=offsets,
               UTFAST_BENCH_TEXTS=texts or "")
    p = subprocess.run(args, cwd=tree, env=env, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"{' '.join(args)} failed:\n{p.stderr[-4000:]}")
    return p.stdout


# ------------------------------------------------------------------ the command vs iconv

def cli_inputs(repeat):
    """The inputs of the command's timings, built under target/bench-data: the
    non-English Wikipedia "Mars" texts (UTF-8) concatenated `repeat` times, and the
    Russian one in each Cyrillic code page, `10 * repeat` times."""
    d = os.path.join(ROOT, "target", "bench-data")
    os.makedirs(d, exist_ok=True)

    def make(path, parts, n):
        if not os.path.exists(path):
            text = b"".join(open(p, "rb").read() for p in parts)
            with open(path + ".tmp", "wb") as out:
                for _ in range(n):
                    out.write(text)
            os.rename(path + ".tmp", path)
        return path

    mars = sorted(p for p in glob.glob(os.path.join(ROOT, "tests/data/wikipedia_mars/*.utf8.txt"))
                  if not os.path.basename(p).startswith("english"))
    files = {"utf-8": make(os.path.join(d, f"mars-x{repeat}.utf8.txt"), mars, repeat)}
    for name in ("koi8-r", "windows-1251", "ibm866"):
        src = os.path.join(ROOT, f"tests/data/cyrillic/mars-russian.{name}.txt")
        files[name] = make(os.path.join(d, f"mars-russian-x{10 * repeat}.{name}.txt"), [src],
                           10 * repeat)
    return files


def run_cli(rounds, repeat):
    """[(table, command, column, value)]: medians, min and max wall seconds."""
    subprocess.run(["cargo", "build", "-q", "--release", "--features", "cli"], cwd=ROOT,
                   check=True)
    u = os.path.join(ROOT, "target", "release", "utfast")
    f = cli_inputs(repeat)
    m = f["utf-8"]
    suites = {"cli": {
        "utfast convert -f utf-8 -t utf-16le": [u, "convert", "-f", "utf-8", "-t", "utf-16le", m],
        "utfast convert -j1 -f utf-8 -t utf-16le": [u, "convert", "-j", "1", "-f", "utf-8", "-t", "utf-16le", m],
        "iconv -f utf-8 -t utf-16le": ["iconv", "-f", "utf-8", "-t", "utf-16le", m],
        "uconv -f utf-8 -t utf-16le": ["uconv", "-f", "utf-8", "-t", "utf-16le", m],
        "utfast validate": [u, "validate", m],
        "utfast validate -j1": [u, "validate", "-j", "1", m],
        "iconv -f utf-8 -t utf-8": ["iconv", "-f", "utf-8", "-t", "utf-8", m],
    }, "cli-cyrillic": {}}
    for name, label in (("koi8-r", "KOI8-R"), ("windows-1251", "CP1251"), ("ibm866", "CP866")):
        c = suites["cli-cyrillic"]
        c[f"utfast convert -f {label.lower()} -t utf-8"] = [u, "convert", "-f", label.lower(), "-t", "utf-8", f[name]]
        c[f"utfast convert -j1 -f {label.lower()} -t utf-8"] = [u, "convert", "-j", "1", "-f", label.lower(), "-t", "utf-8", f[name]]
        c[f"iconv -f {label} -t UTF-8"] = ["iconv", "-f", label, "-t", "UTF-8", f[name]]
        c[f"uconv -f {label.lower()} -t utf-8"] = ["uconv", "-f", label.lower(), "-t", "utf-8", f[name]]
    out = []
    for table, cmds in suites.items():
        cmds = {k: c for k, c in cmds.items() if shutil.which(c[0]) or os.path.exists(c[0])}
        times = {k: [] for k in cmds}
        with open(os.devnull, "wb") as null:
            for r in range(rounds):
                print(f"{table}: round {r + 1}/{rounds}", file=sys.stderr)
                for k, c in cmds.items():
                    start = time.perf_counter()
                    subprocess.run(c, stdout=null, check=True)
                    times[k].append(time.perf_counter() - start)
        size = os.path.getsize(m if table == "cli" else f["koi8-r"])
        for k, v in times.items():
            out += [(table, k, "median_s", statistics.median(v)), (table, k, "min_s", min(v)),
                    (table, k, "max_s", max(v)), (table, k, "input_bytes", size),
                    (table, k, "rounds", rounds)]
    return out


# ------------------------------------------------------------------------------- run

def cmd_run(a):
    benches = [b for b in a.benches.split(",") if b]
    tiers = a.tiers.split(",") if a.tiers else default_tiers()
    os.makedirs(a.out, exist_ok=True)
    if not a.keep:
        for old in glob.glob(os.path.join(a.out, "*.csv")):
            os.remove(old)
    meta0 = {"commit": commit_of(ROOT), "offsets": a.offsets,
             "texts": a.texts or "all", "filter": a.filter or "none"}
    exes = build(ROOT, [b for b in benches if b in BENCHES]) if set(benches) & set(BENCHES) else {}
    for i in range(1, a.runs + 1):
        for tier in tiers:
            for bench in (b for b in benches if b in BENCHES):
                print(f"run {i}/{a.runs}: {bench}, simdutf {tier}, offsets {a.offsets}",
                      file=sys.stderr)
                out = run_bench(exes[bench], bench, ROOT, tier, a.offsets, a.filter, a.texts)
                meta, tables = parse(out)
                info = dict(bench=bench, simdutf=tier, run=i, cpu=meta.get("cpu", "?"),
                            date=datetime.datetime.now(datetime.timezone.utc)
                            .strftime("%Y-%m-%d %H:%M UTC"), **meta0,
                            notes=" | ".join(meta["lines"]))
                name = f"{bench}-{tier}-{a.offsets.replace(',', '_')}-run{i}.csv"
                write_csv(os.path.join(a.out, name), info, cells(tables))
    if "cli" in benches:
        rows = run_cli(a.cli_rounds, a.cli_repeat)
        info = dict(bench="cli", cpu=cpu_name(), date=datetime.datetime.now(
            datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), **meta0,
            nproc=os.cpu_count())
        write_csv(os.path.join(a.out, "cli.csv"), info, rows)
    print(f"results in {os.path.relpath(a.out, ROOT)}/; next: scripts/bench.py report",
          file=sys.stderr)


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


# ---------------------------------------------------------------------------- report

def is_mars(f):
    return f.startswith("Mars-")


def fmt(x):
    return "" if x is None else f"{x:.2f}"


class Results:
    """The CSVs of one directory: values[(bench, tier)][(table, file, column)] = [per run]."""

    def __init__(self, d):
        self.values, self.meta = {}, []
        for path in sorted(glob.glob(os.path.join(d, "*.csv"))):
            meta, rows = read_csv(path)
            self.meta.append(meta)
            key = (meta.get("bench"), meta.get("simdutf"))
            bucket = self.values.setdefault(key, {})
            for t, f, c, v in rows:
                bucket.setdefault((t, f, c), []).append(v)
        self.runs = {}
        for m in self.meta:
            k = (m.get("bench"), m.get("simdutf"))
            self.runs[k] = self.runs.get(k, 0) + 1

    def tiers(self, bench):
        ts = {t for (b, t) in self.values if b == bench}
        return [t for t in TIER_KERNEL if t in ts]

    def tables(self, bench, tier):
        seen = []
        for (t, _, _) in self.values.get((bench, tier), {}):
            if t not in seen:
                seen.append(t)
        return seen

    def files(self, bench, tier, table):
        seen = []
        for (t, f, _) in self.values.get((bench, tier), {}):
            if t == table and f not in seen:
                seen.append(f)
        return seen

    def columns(self, bench, tier, table):
        seen = []
        for (t, _, c) in self.values.get((bench, tier), {}):
            if t == table and c not in seen:
                seen.append(c)
        return seen

    def median(self, bench, tier, table, f, col):
        v = self.values.get((bench, tier), {}).get((table, f, col))
        return statistics.median(v) if v else None

    def ratio(self, bench, tier, table, f, num, den):
        """The median over runs of num/den, each ratio taken within one run."""
        a = self.values.get((bench, tier), {}).get((table, f, num))
        b = self.values.get((bench, tier), {}).get((table, f, den))
        if not a or not b:
            return None
        rs = [x / y for x, y in zip(a, b) if y > 0]
        return statistics.median(rs) if rs else None


def matrix(rows, label="direction"):
    """Markdown: rows = [(label, {file: value})]; columns = the files without "Mars-"
    in order, then the Mars texts as min / median / max, then the worst cell."""
    rows = [(n, {norm(f): v for f, v in vals.items()}) for n, vals in rows]
    files = []
    for _, vals in rows:
        for f in vals:
            if not is_mars(f) and f not in files:
                files.append(f)
    has_mars = any(is_mars(f) for _, vals in rows for f in vals)
    head = files + (["Mars min", "Mars median", "Mars max"] if has_mars else []) + ["worst"]
    out = [f"| {label} | " + " | ".join(head) + " |", "|---" * (len(head) + 1) + "|"]
    for name, vals in rows:
        if not vals:
            continue
        line = [fmt(vals.get(f)) for f in files]
        if has_mars:
            m = [v for f, v in vals.items() if is_mars(f)]
            line += [fmt(min(m)), fmt(statistics.median(m)), fmt(max(m))] if m else ["", "", ""]
        line.append(fmt(min(vals.values())))
        out.append(f"| {name} | " + " | ".join(line) + " |")
    return "\n".join(out)


def mars_detail(rows):
    """The Mars texts of `matrix` rows, transposed: one row per text."""
    names = [n for n, vals in rows if any(is_mars(f) for f in vals)]
    files = sorted({f for _, vals in rows for f in vals if is_mars(f)})
    if not files:
        return ""
    d = dict(rows)
    out = ["| text | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for f in files:
        out.append(f"| {f[5:]} | " + " | ".join(fmt(d[n].get(f)) for n in names) + " |")
    return "\n".join(out)


def ratio_rows(R, bench, tier, num, den, tables=None, exclude=()):
    rows = []
    for t in tables or R.tables(bench, tier):
        if t in exclude or den not in R.columns(bench, tier, t) or \
                num not in R.columns(bench, tier, t):
            continue
        vals = {}
        for f in R.files(bench, tier, t):
            r = R.ratio(bench, tier, t, f, num, den)
            if r is not None:
                vals[f] = r
        rows.append((t, vals))
    return rows


def column_rows(R, bench, tier, col, tables=None, strip=None):
    rows = []
    for t in tables or R.tables(bench, tier):
        if col not in R.columns(bench, tier, t):
            continue
        vals = {}
        for f in R.files(bench, tier, t):
            v = R.median(bench, tier, t, f, col)
            if v is not None:
                vals[strip(f) if strip else f] = v
        rows.append((t, vals))
    return rows


def gbs_table(R, bench, tier, table):
    cols = R.columns(bench, tier, table)
    out = ["| file | " + " | ".join(cols) + " |", "|---" * (len(cols) + 1) + "|"]
    for f in R.files(bench, tier, table):
        out.append(f"| {f} | " + " | ".join(fmt(R.median(bench, tier, table, f, c))
                                              for c in cols) + " |")
    return "\n".join(out)


CODEPAGE = re.compile(r"koi8-r|cp1251|cp866")
# The Cyrillic texts are named `lipsum.<code page>` and `mars.<code page>`: one column
# each for the lipsum and the Mars text, whatever the code page of the row.
CP_SUFFIX = re.compile(r"\.(koi8-r|windows-1251|ibm866)$")


def norm(f):
    return CP_SUFFIX.sub("", f)
OTHERS = re.compile(r"wtf8|cesu8|mutf8")
SWAP = re.compile(r"utf(16|32)le->utf(16|32)be")


def cmd_report(a):
    R = Results(a.dir)
    if not R.meta:
        sys.exit(f"no CSV in {a.dir}: run `scripts/bench.py run` first")
    cpus = sorted({m.get("cpu", "?") for m in R.meta})
    commits = sorted({m.get("commit", "?") for m in R.meta})
    dates = sorted({m.get("date", "?")[:10] for m in R.meta})
    offsets = sorted({m.get("offsets", "?") for m in R.meta})
    texts = sorted({m.get("texts", "all") for m in R.meta})
    runs = max(R.runs.values())
    P = []
    p = P.append
    p("# utfast benchmarks\n")
    p("Generated by `scripts/bench.py report` from the CSV files in "
      "[`docs/benchmarks/`](benchmarks/) (written by `scripts/bench.py run`); do not edit "
      "by hand.\n")
    p(f"- **CPU:** {', '.join(cpus)} ({os.cpu_count()} logical CPUs on the machine that "
      "wrote the report)")
    p(f"- **Date:** {', '.join(dates)}")
    p(f"- **Commit:** {', '.join('`' + c + '`' for c in commits)}")
    p(f"- **Buffer placement:** input and output at offsets {', '.join(offsets)} (bytes "
      "past a 64-byte boundary; `UTFAST_BENCH_OFFSETS`)")
    filters = sorted({m.get("filter", "none") for m in R.meta})
    p(f"- **Runs:** {runs} per bench and simdutf tier; texts: {', '.join(texts)}; "
      f"table filter: {', '.join(filters)}\n")
    p("## Method\n")
    p("- Every table is one bench of `benches/` (`transcode.rs`, `validate.rs --tables`, "
      "`lengths.rs`). In each row (one text, one direction) every column, ours and the "
      "peers', is timed side by side in one process: 31 rounds, each calling every "
      "column in turn for about 1 ms, and each column's figure is its best round. A "
      "slow phase of a shared machine thus hits every column of a row alike, and the "
      "ratios within a row hold where absolute GB/s drift.")
    p("- Ratios are taken within one run (our time over the peer's in the same row), "
      "then the median over the runs is shown; GB/s are medians over the runs. `>1`: "
      "utfast is faster. `worst` is the lowest cell of a row.")
    p("- Every column of a row reads the same input bytes at the same address and writes "
      "to the same output buffer, both at the fixed offsets above: where the buffers sit "
      "moves some rows by up to 20% (loads or stores that straddle cache lines cost "
      "extra, and some kernels align their loops while others do not). `0,0` is what "
      "jemalloc, mimalloc and page-aligned buffers give; `16,16` is where glibc's "
      "`malloc` puts large buffers.")
    p("- simdutf (C++, through its Rust bindings) is forced to the kernel of each tier "
      "(`SIMDUTF_FORCE_IMPLEMENTATION`): `westmere` against our `sse42`, `haswell` "
      "against `avx2`, `icelake` against `avx512-vbmi2`.")
    p("- **A tie at copy speed.** Rows at 0.97-1.03 on ASCII text or byte swaps are ties: "
      "there both libraries move data as fast as the caches take it (about `memcpy` "
      "speed), and such rows move by a few percent between runs either way.")
    p("- Texts: the lipsum files (`tests/data/lipsum`, 65-105 KB, plus `Latin1`: the Latin "
      "text with every 16th a/e/o accented), the Wikipedia \"Mars\" article in 18 "
      "languages (`tests/data/wikipedia_mars`, 87-594 KB; columns `Mars min`, `median`, "
      "`max` summarise them, the detail tables list each) and `twitter.json` "
      "(`tests/data/texts`, mostly ASCII JSON with Japanese strings). The Latin-1 "
      "directions run on the texts that Latin-1 can hold: `Latin`, `Latin1` and four "
      "Mars articles in their Latin-1 form (`Mars-French-latin1`, ...); the code pages on "
      "the Russian lipsum and Mars texts of `tests/data/cyrillic` (columns `lipsum`, "
      "`mars`).\n")

    # Validation
    vt = R.tiers("validate")
    if vt:
        best = vt[-1]
        k = TIER_KERNEL[best]
        p("## Validation\n")
        for t in R.tables("validate", best):
            if t == "short strings":
                continue
            p(f"### `{t}`: GB/s (simdutf `{best}`)\n")
            p(gbs_table(R, "validate", best, t) + "\n")
        p(f"### Validation: our kernel over each peer, per tier\n")
        for tier in vt:
            kk = TIER_KERNEL[tier]
            for t in R.tables("validate", tier):
                if t == "short strings":
                    continue
                cols = [c for c in R.columns("validate", tier, t)
                        if c not in KERNELS and not c.startswith("best/")]
                rows = [(f"{kk} / {c}", {f: R.ratio("validate", tier, t, f, kk, c)
                                          for f in R.files("validate", tier, t)
                                          if R.ratio("validate", tier, t, f, kk, c)})
                        for c in cols]
                p(f"**`{t}`, our `{kk}` (simdutf `{tier}`)**\n")
                p(matrix(rows, "ratio") + "\n")
        if "short strings" in R.tables("validate", best):
            p("### Short strings: ns per string\n")
            p("Batches of 2,048 different valid strings of n bytes (slices of the Latin, "
              "Russian, Chinese, Japanese and Emoji lipsum texts), `utfast::is_utf8` and "
              "`utfast::validate_utf8` (the facade: inputs below 64 bytes run inlined "
              "scalar code) against `core::str::from_utf8`.\n")
            t = "short strings"
            cols = R.columns("validate", best, t)
            p("| bytes | " + " | ".join(cols) + " |\n" + "|---" * (len(cols) + 1) + "|")
            for f in R.files("validate", best, t):
                p(f"| {f} | " + " | ".join(fmt(R.median("validate", best, t, f, c))
                                           for c in cols) + " |")
            p("")

    # Transcoding
    tt = R.tiers("transcode")
    if tt:
        p("## Transcoding\n")
        for tier in tt:
            k = TIER_KERNEL[tier]
            rows = ratio_rows(R, "transcode", tier, k, "simdutf")
            p(f"### {ISA[tier]}: our `{k}` over simdutf `{tier}`\n")
            p(matrix(rows) + "\n")
            if tier == "icelake":
                rows2 = ratio_rows(R, "transcode", tier, k, "avx2")
                p(f"### {ISA[tier]}: our `{k}` over our `avx2` (same runs)\n")
                p("The tier replaces avx2 on these CPUs; directions where it runs the avx2 "
                  "kernel's entry read 1.00 (the column repeats the avx2 time).\n")
                p(matrix(rows2) + "\n")
        swaps = [t for t in R.tables("transcode", tt[-1]) if SWAP.match(t)]
        for tier in tt:
            k = TIER_KERNEL[tier]
            rows = []
            for t in swaps:
                for c in R.columns("transcode", tier, t):
                    if c not in KERNELS and not c.startswith("best/") and c != "lossy":
                        rows += [(f"{t} / {c}", v)
                                 for _, v in ratio_rows(R, "transcode", tier, k, c, tables=[t])]
            if rows:
                p(f"### Byte swaps: our `{k}` over each peer (simdutf `{tier}`)\n")
                p("Our rows without `(valid)` validate (unpaired surrogates, values above "
                  "U+10FFFF are errors); `simdutf` is `change_endianness_utf16`, which does "
                  "not; `simdutf_val+swap` is `validate_utf16le` then that swap; simdutf has "
                  "no UTF-32 swap: `swap_loop` is a vectorised `u32::swap_bytes` loop and "
                  "`simdutf_val+loop` is `validate_utf32` then that loop.\n")
                p(matrix(rows) + "\n")
        best = tt[-1]
        for peer, title in (("enc_rs", "encoding_rs (`mem::convert_*`, code pages: its "
                             "decoders and encoders without replacement)"),
                            ("std", "std")):
            rows = column_rows(R, "transcode", best, f"best/{peer}")
            rows = [(n, v) for n, v in rows if not OTHERS.search(n)]
            if rows:
                p(f"### Our best kernel over {title}\n")
                p(f"(simdutf `{best}` runs; code-page rows: `lipsum`/`mars` are the Russian "
                  "texts in that code page)\n")
                p(matrix(rows) + "\n")
        peers = set()
        for t in R.tables("transcode", best):
            if OTHERS.search(t):
                peers |= {c for c in R.columns("transcode", best, t) if c.startswith("best/")}
        if peers:
            p("### WTF-8, CESU-8, MUTF-8: our best kernel over each peer\n")
            p("`best/utf8`: our own UTF-8 conversion of the same text; `simd_cesu8`, "
              "`cesu8`, `wtf8`: those crates (to and from UTF-16 through encoding_rs).\n")
            rows = []
            for t in R.tables("transcode", best):
                if OTHERS.search(t):
                    for c in sorted(peers):
                        v = {f: x for f in R.files("transcode", best, t)
                             if (x := R.median("transcode", best, t, f, c)) is not None}
                        if v:
                            rows.append((f"{t} / {c[5:]}", v))
            p(matrix(rows) + "\n")
        cp_rows = [(n, v) for n, v in column_rows(R, "transcode", best, best_kernel_col(R, best))
                   if CODEPAGE.search(n)]
        if cp_rows:
            p(f"### Code pages: GB/s of our `{TIER_KERNEL[best]}` kernel\n")
            p(matrix(cp_rows) + "\n")
        rows = column_rows(R, "transcode", best, "lossy")
        if rows:
            p("### Lossy over strict (time of a lossy call over a strict one, valid input)\n")
            p(matrix(rows) + "\n")
        for tier in tt:
            k = TIER_KERNEL[tier]
            d = mars_detail(ratio_rows(R, "transcode", tier, k, "simdutf"))
            if d:
                p(f"### The Mars texts: our `{k}` over simdutf `{tier}`\n")
                p(d + "\n")

    # Lengths
    lt = R.tiers("lengths")
    if lt:
        p("## Lengths and counts\n")
        for tier in lt:
            k = TIER_KERNEL[tier]
            p(f"### Our `{k}` over simdutf `{tier}`\n")
            p(matrix(ratio_rows(R, "lengths", tier, k, "simdutf"), "function") + "\n")

    # The command
    cli = [m for m in R.meta if m.get("bench") == "cli"]
    if cli:
        p("## The `utfast` command against iconv and uconv\n")
        m = cli[0]
        p(f"Whole processes, output to /dev/null, every command once per round in turn "
          f"(interleaved rounds), median and min-max wall time; {m.get('nproc')} CPUs. "
          "Inputs: the 17 non-English Mars texts concatenated and repeated (UTF-8), and "
          "the Russian Mars text repeated in each code page (`target/bench-data/`).\n")
        for table in ("cli", "cli-cyrillic"):
            cmds = R.files("cli", None, table)
            if not cmds:
                continue
            size = R.median("cli", None, table, cmds[0], "input_bytes")
            rounds = R.median("cli", None, table, cmds[0], "rounds")
            p(f"**{size / 1e6:.0f} MB, {rounds:.0f} rounds**\n")
            p("| command | median | min-max | vs iconv | vs uconv |\n|---|---|---|---|---|")
            med = {c: R.median("cli", None, table, c, "median_s") for c in cmds}
            for c in cmds:
                ratio = {}
                if c.startswith("utfast"):
                    for other in ("iconv", "uconv"):
                        peer = matching_peer(c, other, cmds)
                        ratio[other] = f"{med[peer] / med[c]:.1f}x" if peer else ""
                p(f"| `{c}` | {med[c]:.3f} s | {R.median('cli', None, table, c, 'min_s'):.3f}-"
                  f"{R.median('cli', None, table, c, 'max_s'):.3f} | {ratio.get('iconv', '')} | "
                  f"{ratio.get('uconv', '')} |")
            p("")
    P.extend(consumers_section())
    P.extend(aarch64_section())
    P.extend(wasm_section())
    with open(a.out, "w") as f:
        f.write("\n".join(P).rstrip() + "\n")
    print(f"wrote {os.path.relpath(a.out, ROOT)}", file=sys.stderr)


def file_section(path, heading, intro):
    """The lines of a section of the report made of a file that a script of its own
    writes (it has no CSV): `heading`, `intro`, then the file (its own `# ` title
    left out), or nothing when the file is absent."""
    if not os.path.exists(path):
        return []
    with open(path) as f:
        lines = f.read().rstrip().split("\n")
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return ["", heading, "", intro, "", "\n".join(lines).strip(), ""]


def aarch64_section():
    """The section "aarch64 (estimated)": docs/aarch64-speed.md."""
    return file_section(AARCH64, AARCH64_HEADING,
                        "NEON against simdutf's arm64 kernel, estimated under QEMU and "
                        "llvm-mca on this x86-64 machine (`scripts/aarch64-speed.sh`, copied "
                        "from [`aarch64-speed.md`](aarch64-speed.md)).")


def wasm_section():
    """The section of the wasm kernel under node: docs/wasm-speed.md."""
    return file_section(WASM, WASM_HEADING,
                        "The `wasm` kernel (simd128) under node against simdutf8's simd128 "
                        "validator and our scalar kernel in the same module "
                        "(`scripts/wasm-speed.sh`, copied from "
                        "[`wasm-speed.md`](wasm-speed.md)).")


def splice_section(out, heading, section):
    """Replaces (or appends) the section under `heading` of the report `out` with the
    lines `section`, leaving the rest of it as it is."""
    with open(out) as f:
        lines = f.read().rstrip("\n").split("\n")
    if heading in lines:
        start = lines.index(heading)
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
                   len(lines))
        # The blank line before the heading belongs to the section.
        if start > 0 and lines[start - 1] == "":
            start -= 1
        lines[start:end] = []
    with open(out, "w") as f:
        f.write("\n".join(lines + section).rstrip() + "\n")
    print(f"wrote {os.path.relpath(out, ROOT)}", file=sys.stderr)


def cmd_aarch64(a):
    """Replaces (or appends) the section "aarch64 (estimated)" of the report, leaving
    the rest of it as it is: the x86 tables need an hour of benches, the estimates
    twenty minutes of their own."""
    section = aarch64_section()
    if not section:
        sys.exit(f"no {os.path.relpath(AARCH64, ROOT)}: run scripts/aarch64-speed.sh first")
    splice_section(a.out, AARCH64_HEADING, section)


def consumers_section():
    """The section of the consumer kernels and Arrow columns: docs/consumers.md
    (written by `consumers`)."""
    return file_section(CONSUMERS, CONSUMERS_HEADING,
                        "What JavaScript engines and Arrow pipelines call (`scripts/bench.py "
                        "consumers`, copied from [`consumers.md`](consumers.md)): the "
                        "ASCII/Latin-1 prefix checks and `make_well_formed_utf16` against "
                        "encoding_rs and simdutf, `validate_utf8_offsets` against arrow-rs's "
                        "own validation, `transcode_array` against a row-by-row encoding_rs "
                        "loop.")


def cmd_wasm(a):
    """Replaces (or appends) the wasm kernel's section of the report."""
    section = wasm_section()
    if not section:
        sys.exit(f"no {os.path.relpath(WASM, ROOT)}: run scripts/wasm-speed.sh first")
    splice_section(a.out, WASM_HEADING, section)


def cmd_consumers(a):
    """Runs the consumer tables of `validate --tables` and the `arrow` bench `--runs`
    times (interleaved), writes the median of each cell to docs/consumers.md and puts
    it into the report as its own section: minutes, not the hour of a full run."""
    exes = build(ROOT, ["validate", "arrow"])
    tier = default_tiers()[-1]
    runs = []
    for i in range(a.runs):
        for t in CONSUMER_TABLES:
            print(f"run {i + 1}/{a.runs}: validate {t} (simdutf {tier})", file=sys.stderr)
            runs.append(("validate", run_bench(exes["validate"], "validate", ROOT, tier,
                                               a.offsets, t, a.texts)))
        print(f"run {i + 1}/{a.runs}: arrow", file=sys.stderr)
        runs.append(("arrow", run_bench(exes["arrow"], "arrow", ROOT, tier, a.offsets, None,
                                        a.texts)))
    tables, values, cpu = {}, {}, "?"
    for _, out in runs:
        meta, parsed = parse(out)
        cpu = meta.get("cpu", cpu)
        for name, (header, rows) in parsed.items():
            tables.setdefault(name, (header, [r[0] for r in rows]))
            for r in rows:
                for col, v in zip(header[1:], r[1:]):
                    try:
                        values.setdefault((name, r[0], col), []).append(float(v))
                    except ValueError:
                        pass
    P = [f"CPU: {cpu}; commit {commit_of(ROOT)}; {datetime.date.today()}; simdutf "
         f"`{tier}`; the median of {a.runs} runs per cell (ratios of medians are "
         "medians of each run's own ratio only roughly).", ""]
    for name in [t for t in CONSUMER_TABLES if t in tables] + \
            [t for t in tables if t not in CONSUMER_TABLES]:
        header, files = tables[name]
        P += [f"### `{name}`", "", "| " + " | ".join(header) + " |",
              "|" + "---|" * len(header)]
        for f in files:
            cells = []
            for col in header[1:]:
                v = values.get((name, f, col))
                cells.append(fmt(statistics.median(v)) if v else "")
            P.append(f"| {f} | " + " | ".join(cells) + " |")
        P.append("")
    with open(CONSUMERS, "w") as f:
        f.write("\n".join(P).rstrip() + "\n")
    print(f"wrote {os.path.relpath(CONSUMERS, ROOT)}", file=sys.stderr)
    splice_section(a.out, CONSUMERS_HEADING, consumers_section())


def best_kernel_col(R, tier):
    return TIER_KERNEL[tier]


def matching_peer(cmd, other, cmds):
    """The iconv/uconv command doing the same job as the utfast command `cmd`."""
    words = cmd.replace("-j1 ", "").split()
    if words[1] == "validate":
        want = [c for c in cmds if c.startswith(other) and "-t utf-8" in c and "-f utf-8" in c]
    else:
        f, t = words[words.index("-f") + 1], words[words.index("-t") + 1]
        want = [c for c in cmds if c.startswith(other) and f"-f {f}".lower() in c.lower()
                and f"-t {t}".lower() in c.lower()]
    return want[0] if want else None


# --------------------------------------------------------------------------- compare

# Peers that no change of ours moves, in order of preference: a kernel's speed over
# one of them, taken in the same process a moment apart, cancels the machine's drift
# between runs (on a shared VM whole runs move by 20-30%), which absolute speeds of
# two processes do not.
PEERS = ("simdutf", "simdutf8", "std", "enc_rs")


def compared_cells(bench, tables, absolute):
    """[((bench, table, file, kernel), value)]: each kernel's speed over the row's
    peer (the first of PEERS in the table), or with `absolute` its GB/s."""
    out = []
    for table, (header, rows) in tables.items():
        peer = next((c for c in PEERS if c in header), None)
        for r in rows:
            row = dict(zip(header[1:], r[1:]))
            ref = None
            if peer is not None and not absolute:
                try:
                    ref = float(row[peer])
                except (KeyError, ValueError):
                    continue
                if ref <= 0:
                    continue
            for col, v in row.items():
                if col not in KERNELS:
                    continue
                try:
                    x = float(v)
                except ValueError:
                    continue
                out.append(((bench, table, r[0], col), x / ref if ref else x))
    return out


def cmd_compare(a):
    base = git("rev-parse", a.base)
    tree = a.worktree or os.path.join(ROOT, "target", "bench-base", base[:10])
    if not os.path.exists(tree):
        git("worktree", "add", "--detach", tree, base)
    else:
        git("checkout", "-q", "--detach", base, cwd=tree)
        git("checkout", "-q", "--", ".", cwd=tree)
    if not a.base_benches:
        # The same bench code on both sides: this tree's benches/ and bench texts
        # over the base's (the benches use only the crates' public API).
        for f in glob.glob(os.path.join(ROOT, "benches", "*")):
            if os.path.isfile(f):
                shutil.copy(f, os.path.join(tree, "benches"))
        for d in ("wikipedia_mars", "texts"):
            src = os.path.join(ROOT, "tests", "data", d)
            if os.path.isdir(src):
                shutil.copytree(src, os.path.join(tree, "tests", "data", d), dirs_exist_ok=True)
    benches = [b for b in a.benches.split(",") if b]
    trees = {"base": tree, "new": ROOT}
    exes = {k: build(t, benches) for k, t in trees.items()}
    tier = a.tier or default_tiers()[-1]
    vals = {"base": {}, "new": {}}
    for r in range(a.rounds):
        order = ("base", "new") if r % 2 == 0 else ("new", "base")
        for bench in benches:
            for side in order:
                print(f"round {r + 1}/{a.rounds}: {bench} {side}", file=sys.stderr)
                out = run_bench(exes[side][bench], bench, trees[side], tier, a.offsets,
                                a.filter, a.texts)
                for key, v in compared_cells(bench, parse(out)[1], a.absolute or a.best):
                    vals[side].setdefault(key, []).append(v)
    keys = sorted(set(vals["base"]) & set(vals["new"]))
    rows, low = [], []
    for key in keys:
        pick = max if a.best else statistics.median
        b, n = pick(vals["base"][key]), pick(vals["new"][key])
        if b > 0:
            rows.append((*key, b, n, n / b))
    what = "best GB/s" if a.best else "GB/s" if a.absolute else "speed over the row's peer (" + ", ".join(PEERS) + ")"
    print(f"# compare: new ({commit_of(ROOT)}) over base ({base[:10]}), {what}, simdutf {tier}, "
          f"offsets {a.offsets}, {'best' if a.best else 'median'} of {a.rounds} interleaved "
          "rounds per build\n")
    print(f"| bench | table | kernel | rows | min | median | max | rows below {a.min} |")
    print("|---|---|---|---|---|---|---|---|")
    groups = {}
    for bench, t, f, k, b, n, r in rows:
        groups.setdefault((bench, t, k), []).append((f, b, n, r))
    for (bench, t, k), g in groups.items():
        rs = [x[3] for x in g]
        below = [f"{f} {r:.2f} ({b:.2f} -> {n:.2f})" for f, b, n, r in g if r < a.min]
        low += [(bench, t, k, x) for x in below]
        print(f"| {bench} | {t} | {k} | {len(g)} | {min(rs):.2f} | "
              f"{statistics.median(rs):.2f} | {max(rs):.2f} | {'; '.join(below)} |")
    os.makedirs(os.path.join(ROOT, "target", "bench-compare"), exist_ok=True)
    path = os.path.join(ROOT, "target", "bench-compare", f"{base[:10]}.csv")
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["bench", "table", "file", "kernel", "base", "new", "new/base"])
        w.writerows(rows)
    for bench, t, k, x in low:
        print(f"below {a.min}: {bench} {t} {k}: {x}")
    print(f"\n{len(rows)} rows, {len(low)} below {a.min}; every cell in "
          f"{os.path.relpath(path, ROOT)}. Rows within a few percent of 1.00 move by that "
          "much between runs of the same code: rerun those with --filter/--texts and more "
          "--rounds before believing them.")
    sys.exit(1 if low else 0)


# ------------------------------------------------------------------------------ main

def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)

    def common(s):
        s.add_argument("--filter", help="only the tables whose name contains this")
        s.add_argument("--texts", help="only the texts whose name contains one of these "
                       "(comma-separated; UTFAST_BENCH_TEXTS)")
        s.add_argument("--offsets", default="0,0", help="IN,OUT: the buffers this many "
                       "bytes past a 64-byte boundary (default 0,0)")

    r = sub.add_parser("run", help="run the benches, save CSVs under docs/benchmarks/")
    common(r)
    r.add_argument("--runs", type=int, default=3, help="runs per bench and tier (default 3)")
    r.add_argument("--tiers", help="simdutf kernels, comma-separated (default: "
                   "westmere,haswell and icelake where the CPU has AVX-512 VBMI2)")
    r.add_argument("--benches", default="transcode,validate,lengths,cli",
                   help="comma-separated: transcode, validate, lengths, cli")
    r.add_argument("--cli-rounds", type=int, default=15)
    r.add_argument("--cli-repeat", type=int, default=32,
                   help="copies of the Mars texts in the command's input (32: 147 MB)")
    r.add_argument("--out", default=OUT_DIR)
    r.add_argument("--keep", action="store_true", help="keep the CSVs already there")
    r.set_defaults(func=cmd_run)

    p = sub.add_parser("report", help="write docs/benchmarks.md from the CSVs")
    p.add_argument("--dir", default=OUT_DIR)
    p.add_argument("--out", default=REPORT)
    p.set_defaults(func=cmd_report)

    q = sub.add_parser("aarch64", help="put docs/aarch64-speed.md into docs/benchmarks.md "
                       "as the section \"aarch64 (estimated)\", the rest unchanged")
    q.add_argument("--out", default=REPORT)
    q.set_defaults(func=cmd_aarch64)

    w = sub.add_parser("wasm", help="put docs/wasm-speed.md into docs/benchmarks.md as its "
                       "section, the rest unchanged")
    w.add_argument("--out", default=REPORT)
    w.set_defaults(func=cmd_wasm)

    k = sub.add_parser("consumers", help="run the consumer kernels' tables and the arrow "
                       "bench; write docs/consumers.md and its section of docs/benchmarks.md")
    common(k)
    k.add_argument("--runs", type=int, default=3, help="runs (default 3)")
    k.add_argument("--out", default=REPORT)
    k.set_defaults(func=cmd_consumers)

    c = sub.add_parser("compare", help="a base commit's build against this tree's")
    common(c)
    c.add_argument("--base", required=True, help="the commit to compare against")
    c.add_argument("--rounds", type=int, default=3)
    c.add_argument("--min", type=float, default=0.97, help="flag rows below this")
    c.add_argument("--benches", default="transcode,validate")
    c.add_argument("--absolute", action="store_true",
                   help="compare GB/s across processes instead of each kernel's speed "
                        "over the row's peer (simdutf, simdutf8, std or encoding_rs)")
    c.add_argument("--best", action="store_true",
                   help="compare each cell's best GB/s over the rounds (implies "
                        "--absolute): a slow phase of a shared machine only slows a "
                        "process down, and not every kernel alike, so the fastest of "
                        "several processes estimates the idle machine")
    c.add_argument("--tier", help="simdutf kernel for the runs (default: the best here)")
    c.add_argument("--worktree", help="where to check out the base (default "
                   "target/bench-base/<commit>, with its own target dir)")
    c.add_argument("--base-benches", action="store_true",
                   help="build the base's own benches/ instead of this tree's")
    c.set_defaults(func=cmd_compare)
    a = ap.parse_args()
    a.func(a)


if __name__ == "__main__":
    main()

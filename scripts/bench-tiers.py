#!/usr/bin/env python3
"""The README's per-tier transcoding tables: each of our x86 kernels against simdutf's
kernel of the same tier, every direction of `benches/transcode.rs`, every file.

    scripts/bench-tiers.py                # run both tiers (~20 min on 2 busy cores), print Markdown
    scripts/bench-tiers.py --saved        # print again from the last run's saved outputs
    scripts/bench-tiers.py --filter utf16 # only the directions whose name contains "utf16"

A tier is one run of `cargo bench -p utfast-benches --bench transcode` with
`SIMDUTF_FORCE_IMPLEMENTATION` set to simdutf's kernel of that tier (`westmere` =
SSE4.2 for our `sse42`, `haswell` = AVX2 for our `avx2`); the raw outputs are kept in
`target/bench-tiers/<simdutf kernel>.txt`. Every cell is our kernel's GB/s over
simdutf's on that file, from one side-by-side run (>1: utfast is faster); the bench
times all columns of a row in 31 interleaved rounds, so the ratios hold even though
absolute speeds drift on a shared machine. Repeat a run before believing a
difference of a few percent. AVX-512 is not measured here (no AVX-512 on the
development machine): see ../shared/hardware/avx512.md.
"""

import argparse
import datetime
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAVED = os.path.join(ROOT, "target", "bench-tiers")
# (our kernel, simdutf's kernel of the same tier, what it is)
TIERS = [("sse42", "westmere", "SSE4.2"), ("avx2", "haswell", "AVX2")]


def run(simdutf, filt):
    """Runs the bench for one tier; returns its output (also saved)."""
    env = dict(os.environ, SIMDUTF_FORCE_IMPLEMENTATION=simdutf)
    cmd = ["cargo", "bench", "-q", "-p", "utfast-benches", "--bench", "transcode", "--"]
    if filt:
        cmd.append(filt)
    print(f"running {' '.join(cmd)} with SIMDUTF_FORCE_IMPLEMENTATION={simdutf} ...",
          file=sys.stderr)
    out = subprocess.run(cmd, cwd=ROOT, env=env, check=True, capture_output=True,
                         text=True).stdout
    os.makedirs(SAVED, exist_ok=True)
    with open(os.path.join(SAVED, f"{simdutf}.txt"), "w") as f:
        f.write(out)
    return out


def parse(text):
    """(cpu, {direction: (header cells, [row cells])}) from the bench's plain text."""
    cpu, tables, name = "unknown CPU", {}, None
    for line in text.splitlines():
        if line.startswith("CPU: "):
            cpu = line[5:].strip()
        elif line.startswith("## "):
            name = line[3:].split(" (GB/s")[0]
            tables[name] = None
        elif name and line.strip():
            cells = line.split()
            if tables[name] is None:
                tables[name] = (cells, [])
            else:
                tables[name][1].append(cells)
    return cpu, {k: v for k, v in tables.items() if v}


def tier_table(kernel, tables):
    """Markdown rows: direction x file, our `kernel` over simdutf."""
    files = []
    for header, rows in tables.values():
        for r in rows:
            if r[0] not in files:
                files.append(r[0])
    lines = ["| direction | " + " | ".join(files) + " | worst |",
             "|---" * (len(files) + 2) + "|"]
    for name, (header, rows) in tables.items():
        if kernel not in header or "simdutf" not in header:
            continue
        k, s = header.index(kernel), header.index("simdutf")
        ratio = {r[0]: float(r[k]) / float(r[s]) for r in rows if float(r[s]) > 0}
        cells = [f"{ratio[f]:.2f}" if f in ratio else "" for f in files]
        worst = min(ratio.values())
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {worst:.2f} |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--saved", action="store_true",
                    help="use the outputs saved by the last run instead of running")
    ap.add_argument("--filter", help="only the directions whose name contains this")
    args = ap.parse_args()
    today = datetime.date.today().isoformat()
    for kernel, simdutf, isa in TIERS:
        if args.saved:
            with open(os.path.join(SAVED, f"{simdutf}.txt")) as f:
                text = f.read()
            when = datetime.date.fromtimestamp(
                os.path.getmtime(os.path.join(SAVED, f"{simdutf}.txt"))).isoformat()
        else:
            text, when = run(simdutf, args.filter), today
        cpu, tables = parse(text)
        print(f"**{isa}: our `{kernel}` kernel vs simdutf `{simdutf}`** "
              f"({when}, {cpu}; our GB/s over simdutf's, >1 = utfast faster)\n")
        print(tier_table(kernel, tables))
        print()
    print("**AVX-512**: not measured here (no AVX-512 on the development machine); see "
          "`../shared/hardware/avx512.md`.")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The README's per-tier transcoding tables: each of our x86 kernels against simdutf's
kernel of the same tier, every direction of `benches/transcode.rs`, every file.

    scripts/bench-tiers.py                # run every tier once (~1.5 min per tier idle), print Markdown
    scripts/bench-tiers.py --runs 5       # five runs per tier; each cell is the median ratio
    scripts/bench-tiers.py --saved        # print again from the last run's saved outputs
    scripts/bench-tiers.py --filter utf16 # only the directions whose name contains "utf16"
    scripts/bench-tiers.py --offsets 16,16 # input and output 16 bytes past a 64-byte boundary

A tier is one run of `cargo bench -p utfast-benches --bench transcode` with
`SIMDUTF_FORCE_IMPLEMENTATION` set to simdutf's kernel of that tier (`westmere` =
SSE4.2 for our `sse42`, `haswell` = AVX2 for our `avx2`, and on a CPU with AVX-512 VBMI2
`icelake` for our `avx512-vbmi2`); the raw outputs are kept in
`target/bench-tiers/<simdutf kernel>-<offsets>-<run>.txt`. Every cell is our kernel's GB/s over
simdutf's on that file, from one side-by-side run (>1: utfast is faster); the bench
times all columns of a row in 31 interleaved rounds, so the ratios hold even though
absolute speeds drift on a shared machine. Repeat a run before believing a
difference of a few percent (`--runs`). The buffers' placement is fixed (`--offsets`,
default `0,0`: input and output on 64-byte boundaries), because it moves rows by up
to 20%: simdutf's loops run fastest on aligned buffers, ours align themselves. The AVX-512 tier also gets a table over our
own avx2 kernel from the same runs: the tier replaces avx2 on those CPUs, so every
entry of it must be at least as fast.
"""

import argparse
import datetime
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAVED = os.path.join(ROOT, "target", "bench-tiers")
# (our kernel, simdutf's kernel of the same tier, what it is)
TIERS = [("sse42", "westmere", "SSE4.2"), ("avx2", "haswell", "AVX2")]
AVX512 = ("avx512-vbmi2", "icelake", "AVX-512 VBMI2")


def has_avx512_vbmi2():
    """Whether this CPU runs our avx512-vbmi2 tier (Linux: /proc/cpuinfo)."""
    try:
        with open("/proc/cpuinfo") as f:
            flags = f.read().split()
    except OSError:
        return False
    return "avx512bw" in flags and "avx512_vbmi2" in flags


def run(simdutf, filt, offsets, saved_name):
    """Runs the bench for one tier; returns its output (also saved)."""
    env = dict(os.environ, SIMDUTF_FORCE_IMPLEMENTATION=simdutf, UTFAST_BENCH_OFFSETS=offsets)
    cmd = ["cargo", "bench", "-q", "-p", "utfast-benches", "--bench", "transcode", "--"]
    if filt:
        cmd.append(filt)
    print(f"running {' '.join(cmd)} with SIMDUTF_FORCE_IMPLEMENTATION={simdutf} "
          f"UTFAST_BENCH_OFFSETS={offsets} ...", file=sys.stderr)
    out = subprocess.run(cmd, cwd=ROOT, env=env, check=True, capture_output=True,
                         text=True).stdout
    os.makedirs(SAVED, exist_ok=True)
    with open(os.path.join(SAVED, saved_name), "w") as f:
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


def ratios(kernel, peer, tables, with_simdutf=True):
    """{direction: {file: our `kernel` over `peer`}} of one run: the directions that
    simdutf has too, or (`with_simdutf=False`) the others."""
    out = {}
    for name, (header, rows) in tables.items():
        if kernel not in header or peer not in header:
            continue
        if ("simdutf" in header) != with_simdutf:
            continue
        k, s = header.index(kernel), header.index(peer)
        out[name] = {r[0]: float(r[k]) / float(r[s]) for r in rows if float(r[s]) > 0}
    return out


def tier_table(runs):
    """Markdown rows: direction x file, the median over `runs` (a list of `ratios`)."""
    files, names = [], []
    for run in runs:
        for name, row in run.items():
            if name not in names:
                names.append(name)
            for f in row:
                if f not in files:
                    files.append(f)
    lines = ["| direction | " + " | ".join(files) + " | worst |",
             "|---" * (len(files) + 2) + "|"]
    for name in names:
        med = {}
        for f in files:
            vals = [run[name][f] for run in runs if f in run.get(name, {})]
            if vals:
                med[f] = statistics.median(vals)
        if not med:
            continue
        cells = [f"{med[f]:.2f}" if f in med else "" for f in files]
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {min(med.values()):.2f} |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--saved", action="store_true",
                    help="use the outputs saved by the last run instead of running")
    ap.add_argument("--filter", help="only the directions whose name contains this")
    ap.add_argument("--runs", type=int, default=1,
                    help="runs per tier (alternating tiers); each cell is the median ratio")
    ap.add_argument("--offsets", default="0,0",
                    help="IN,OUT: the input and the output this many bytes past a 64-byte "
                         "boundary (the bench's UTFAST_BENCH_OFFSETS; default 0,0)")
    args = ap.parse_args()
    today = datetime.date.today().isoformat()
    tiers = list(TIERS)
    if has_avx512_vbmi2() or (args.saved and os.path.exists(
            os.path.join(SAVED, f"{AVX512[1]}-{args.offsets}-0.txt"))):
        tiers.append(AVX512)
    texts = {t[1]: [] for t in tiers}
    when = today
    for i in range(args.runs):
        for _, simdutf, _ in tiers:
            name = f"{simdutf}-{args.offsets}-{i}.txt"
            if args.saved:
                path = os.path.join(SAVED, name)
                if not os.path.exists(path):
                    continue
                with open(path) as f:
                    texts[simdutf].append(f.read())
                when = datetime.date.fromtimestamp(os.path.getmtime(path)).isoformat()
            else:
                texts[simdutf].append(run(simdutf, args.filter, args.offsets, name))
    for kernel, simdutf, isa in tiers:
        parsed = [parse(t) for t in texts[simdutf]]
        if not parsed:
            continue
        cpu = parsed[0][0]
        n = f"median of {len(parsed)} runs, " if len(parsed) > 1 else ""
        print(f"**{isa}: our `{kernel}` kernel vs simdutf `{simdutf}`** "
              f"({when}, {cpu}; buffers at offsets {args.offsets}; {n}our GB/s over "
              f"simdutf's, >1 = utfast faster)\n")
        print(tier_table([ratios(kernel, "simdutf", t) for _, t in parsed]))
        print()
        if simdutf == AVX512[1]:
            print(f"**{isa}: our `{kernel}` kernel vs our `avx2` kernel on the same CPU** "
                  f"(same runs; >1 = the AVX-512 tier is faster)\n")
            print(tier_table([ratios(kernel, "avx2", t) for _, t in parsed]))
            print()
            print("The directions simdutf does not have (code pages, WTF-8, CESU-8, MUTF-8), "
                  f"`{kernel}` over `avx2`, lowest and highest file:\n")
            others = [ratios(kernel, "avx2", t, with_simdutf=False) for _, t in parsed]
            print("| direction | lowest | highest |\n|---|---|---|")
            for name in others[0]:
                med = [statistics.median(o[name][f] for o in others if f in o.get(name, {}))
                       for f in others[0][name]]
                print(f"| {name} | {min(med):.2f} | {max(med):.2f} |")
            print()
    if AVX512 not in tiers:
        print("**AVX-512**: not measured here (this CPU has no AVX-512 VBMI2); see "
              "`../shared/hardware/avx512.md`.")


if __name__ == "__main__":
    main()

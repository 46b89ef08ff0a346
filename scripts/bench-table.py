#!/usr/bin/env python3
"""Prints Markdown tables from criterion's results (target/criterion) of
`cargo bench -p utfast-benches --bench validate`: GB/s per input and implementation,
and the ratios the project tracks. Usage: scripts/bench-table.py [target/criterion]

The short mixed strings alone (`ShortMix-<n>`, n = 1..=64, ~5 minutes):
    cargo bench -p utfast-benches --bench validate -- --noplot ShortMix && scripts/bench-table.py
Their ns per string is the fastest criterion sample (not the median): on a shared
machine the three implementations are timed one after the other, and the fastest
sample is the figure least disturbed by other work."""
import glob
import json
import math
import os
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "target/criterion"
rows = {}  # group -> function -> (ns, bytes)
fastest = {}  # ShortMix group -> function -> ns per batch (fastest sample)
for est in glob.glob(os.path.join(root, "*", "**", "new", "estimates.json"), recursive=True):
    d = os.path.dirname(est)
    if not os.path.exists(os.path.join(d, "benchmark.json")):
        continue  # an interrupted run
    bench = json.load(open(os.path.join(d, "benchmark.json")))
    ns = json.load(open(est))["median"]["point_estimate"]
    size = (bench.get("throughput") or {}).get("Bytes")
    rows.setdefault(bench["group_id"], {})[bench["function_id"]] = (ns, size)
    if bench["group_id"].startswith("ShortMix-"):
        sample = json.load(open(os.path.join(d, "sample.json")))
        best = min(t / i for t, i in zip(sample["times"], sample["iters"]))
        fastest.setdefault(bench["group_id"], {})[bench["function_id"]] = best


def gbps(group, fn):
    ns, size = rows.get(group, {}).get(fn, (None, None))
    return size / ns if ns and size else None


lipsum = sorted(g for g in rows if g.startswith("Lipsum-"))
MIX = 2048  # strings per ShortMix batch (benches/validate.rs)
mix = sorted(fastest, key=lambda g: int(g.split("-")[1]))
if mix:
    print("| bytes | is_utf8 (ns) | validate_utf8 (ns) | std (ns) | std / is_utf8 | std / validate |")
    print("|---|---|---|---|---|---|")
    for g in mix:
        f = fastest[g]
        i, v, s = (f.get(k) for k in ("utfast/is_utf8", "utfast/validate", "peer/std"))
        if i and v and s:
            print(f"| {g.split('-')[1]} | {i / MIX:.2f} | {v / MIX:.2f} | {s / MIX:.2f} "
                  f"| {s / i:.2f} | {s / v:.2f} |")
    print()
cols = ["kernel/avx2/validate", "kernel/sse42/validate", "kernel/scalar/validate",
        "peer/std", "peer/simdutf8-basic", "peer/simdutf8-compat", "peer/encoding_rs",
        "peer/simdutf"]
cols = [c for c in cols if any(c in rows[g] for g in lipsum)]
if not lipsum:
    sys.exit(0)
print("| input | " + " | ".join(c.split("/", 1)[1] for c in cols)
      + " | avx2/simdutf8 | avx2/simdutf | scalar/std |")
print("|---" * (len(cols) + 4) + "|")
ratios = {"s8": [], "sc": []}
for g in lipsum:
    v = {c: gbps(g, c) for c in cols}
    r8 = v["kernel/avx2/validate"] / v["peer/simdutf8-basic"]
    rsu = v["kernel/avx2/validate"] / v["peer/simdutf"]
    rsc = v["kernel/scalar/validate"] / v["peer/std"]
    if g != "Lipsum-Latin":
        ratios["s8"].append(r8)
        ratios["sc"].append(rsc)
    print(f"| {g[7:]} | " + " | ".join(f"{v[c]:.2f}" if v[c] else "-" for c in cols)
          + f" | {r8:.2f} | {rsu:.2f} | {rsc:.2f} |")
gm = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")
print(f"\ngeomean over the 8 non-ASCII files: avx2/simdutf8 {gm(ratios['s8']):.2f}, "
      f"scalar/std {gm(ratios['sc']):.2f}\n")

short = sorted((g for g in rows if g.startswith("Short-")), key=lambda g: int(g[6:]))
if short:
    print("| bytes | utfast::is_utf8 (ns) | std (ns) | std/utfast |")
    print("|---|---|---|---|")
    for g in short:
        ours = rows[g].get("utfast/is_utf8") or rows[g].get("scalar/is_utf8")
        std = rows[g].get("peer/std")
        if ours and std:
            print(f"| {g[6:]} | {ours[0]:.2f} | {std[0]:.2f} | {std[0] / ours[0]:.2f} |")
    print()
for g in ["Size-64KiB", "Size-1MiB", "InvalidFirst-64KiB", "InvalidLast-64KiB"]:
    if g in rows:
        items = ", ".join(f"{f} {ns / 1000:.2f} us" for f, (ns, _) in sorted(rows[g].items()))
        print(f"- {g}: {items}")

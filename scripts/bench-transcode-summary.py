#!/usr/bin/env python3
"""Condenses the output of `cargo bench -p utfast-benches --bench transcode` into the
README's Markdown: the full tables of the directions named on the command line (default
UTF-8 <-> UTF-16LE) and one summary line per other direction (range over the files of
our best kernel's GB/s and of its speed ratio to each competitor).

    SIMDUTF_FORCE_IMPLEMENTATION=haswell cargo bench -p utfast-benches --bench transcode \
        | tee /tmp/transcode.txt | python3 scripts/bench-transcode-summary.py
"""

import sys

FULL = sys.argv[1:] or ["utf8->utf16le", "utf16le->utf8"]


def parse(lines):
    """{direction: (header cells, [row cells])} from the plain-text tables."""
    tables, name = {}, None
    for line in lines:
        line = line.rstrip("\n")
        if line.startswith("## "):
            name = line[3:].split(" (GB/s")[0]
            tables[name] = None
        elif name and line.strip():
            cells = line.split()
            if tables[name] is None:
                tables[name] = (cells, [])
            else:
                tables[name][1].append(cells)
    return {k: v for k, v in tables.items() if v}


def main():
    tables = parse(sys.stdin)
    for name in FULL:
        if name not in tables:
            continue
        header, rows = tables[name]
        print(f"**{name}** (GB/s of input; ratios: our best kernel vs each, >1 = faster)\n")
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for r in rows:
            print("| " + " | ".join(r) + " |")
        print()
    print("| direction | files | our best GB/s | " + "vs simdutf | vs encoding_rs | lossy/strict |")
    print("|---|---|---|---|---|---|")
    for name, (header, rows) in tables.items():
        if name in FULL:
            continue
        kernels = [i for i, h in enumerate(header) if h in ("avx2", "sse42", "neon", "avx512", "avx512-vbmi2", "scalar")]

        def col(h):
            return header.index(h) if h in header else None

        def rng(values):
            lo, hi = min(values), max(values)
            return f"{lo:.2f}" if lo == hi else f"{lo:.2f}-{hi:.2f}"

        best = [max(float(r[i]) for i in kernels) for r in rows]
        cells = [name, str(len(rows)), rng(best)]
        for h in ("best/simdutf", "best/enc_rs", "lossy"):
            i = col(h)
            cells.append(rng([float(r[i]) for r in rows]) if i is not None else "")
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()

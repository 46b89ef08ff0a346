#!/usr/bin/env python3
"""Before/after comparison of our kernels: benches/transcode.rs and benches/validate.rs
of an older checkout (a git worktree) and of this one, run alternately on the same
machine, best of several rounds per cell; prints after/before for every kernel, row and
file, and the rows below a threshold.

Usage:
  git worktree add ../before <old-commit>
  scripts/bench-before-after.py --before ../before [--rounds 3] [--filter utf8->utf16]
                                [--skip-validate] [--min 0.97]
"""
import argparse, os, re, subprocess, sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
AFTER = os.path.dirname(HERE)


def build(tree, bench):
    """Builds one bench of the tree and returns the executable's path."""
    p = subprocess.run(
        ["cargo", "bench", "-p", "utfast-benches", "--bench", bench, "--no-run"],
        cwd=tree, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"{tree}: build of {bench} failed:\n{p.stderr}")
    m = re.findall(r"Executable .*\((.*)\)", p.stderr)
    if not m:
        sys.exit(f"{tree}: no executable for {bench} in:\n{p.stderr}")
    return os.path.join(tree, m[-1])


def transcode_cells(exe, tree, filt):
    """{(direction, file, kernel): GB/s} of one run of the transcode bench."""
    args = [exe, "--markdown"] + ([filt] if filt else [])
    env = dict(os.environ, SIMDUTF_FORCE_IMPLEMENTATION=os.environ.get(
        "SIMDUTF_FORCE_IMPLEMENTATION", "haswell"))
    out = subprocess.run(args, cwd=tree, capture_output=True, text=True, env=env,
                         check=True).stdout
    cells, direction, header = {}, None, None
    for line in out.splitlines():
        if line.startswith("## "):
            # "## <direction> (GB/s of input)"; a direction may have its own
            # parenthesis, e.g. "utf16le->utf16be (valid)".
            direction, header = line[3:].rsplit(" (", 1)[0], None
        elif line.startswith("| ") and direction:
            row = [c.strip() for c in line.strip("|").split("|")]
            if header is None:
                header = row
                continue
            for name, value in zip(header[1:], row[1:]):
                if name in ("avx512-vbmi2", "avx512", "avx2", "sse42", "neon", "scalar"):
                    cells[(direction, row[0], name)] = float(value)
    return cells


def validate_cells(exe, tree):
    """{(input, implementation): GiB/s} of one quick criterion run of our kernels on
    the lipsum files and the large mixed inputs."""
    args = [exe, "--bench", "^(Lipsum|Size)[^/]*/kernel/", "--warm-up-time", "0.3",
            "--measurement-time", "1", "--noplot"]
    out = subprocess.run(args, cwd=tree, capture_output=True, text=True,
                         check=True).stdout
    cells, ident = {}, None
    units = {"KiB/s": 2**-20, "MiB/s": 2**-10, "GiB/s": 1.0, "TiB/s": 2**10}
    for line in out.splitlines():
        s = line.strip()
        if s and not s.startswith(("time:", "thrpt:", "change:", "Found", "Benchmarking",
                                   "Performance", "No change", "Change", "Warning")) \
                and "/" in s and " " not in s:
            ident = s
        m = re.match(r"thrpt:\s+\[\S+ \S+ (\S+) (\S+) ", s)
        if m and ident:
            inp, impl = ident.split("/", 1)
            cells[(inp, impl)] = float(m.group(1)) * units[m.group(2)]
    return cells


def best(runs):
    out = {}
    for r in runs:
        for k, v in r.items():
            out[k] = max(out.get(k, 0.0), v)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--filter")
    ap.add_argument("--min", type=float, default=0.97)
    ap.add_argument("--skip-validate", action="store_true")
    a = ap.parse_args()
    before = os.path.abspath(a.before)
    trees = {"before": before, "after": AFTER}
    exes = {t: build(p, "transcode") for t, p in trees.items()}
    runs = defaultdict(list)
    for r in range(a.rounds):
        for t in ("before", "after") if r % 2 == 0 else ("after", "before"):
            print(f"round {r + 1}: transcode {t}", file=sys.stderr)
            runs[t].append(transcode_cells(exes[t], trees[t], a.filter))
    b, n = best(runs["before"]), best(runs["after"])
    worst = []
    print("# transcode: after/before (best of %d rounds each)" % a.rounds)
    by_dir = defaultdict(list)
    for key in sorted(set(b) & set(n)):
        by_dir[(key[0], key[2])].append((key[1], n[key] / b[key], b[key], n[key]))
    print("| direction | kernel | min | max | files below %.2f |" % a.min)
    print("|---|---|---|---|---|")
    for (d, k), rows in sorted(by_dir.items()):
        low = [f"{f} {r:.2f} ({x:.2f} -> {y:.2f})" for f, r, x, y in rows if r < a.min]
        worst += [(r, d, k, f) for f, r, _, _ in rows]
        print(f"| {d} | {k} | {min(r for _, r, _, _ in rows):.2f} | "
              f"{max(r for _, r, _, _ in rows):.2f} | {'; '.join(low)} |")
    if not a.skip_validate:
        vexes = {t: build(p, "validate") for t, p in trees.items()}
        vruns = defaultdict(list)
        for r in range(a.rounds):
            for t in ("before", "after") if r % 2 == 0 else ("after", "before"):
                print(f"round {r + 1}: validate {t}", file=sys.stderr)
                vruns[t].append(validate_cells(vexes[t], trees[t]))
        vb, vn = best(vruns["before"]), best(vruns["after"])
        print("\n# validate: after/before (criterion, best of %d quick runs)" % a.rounds)
        print("| input | implementation | before GiB/s | after GiB/s | after/before |")
        print("|---|---|---|---|---|")
        for key in sorted(set(vb) & set(vn)):
            r = vn[key] / vb[key]
            worst.append((r, "validate", key[1], key[0]))
            print(f"| {key[0]} | {key[1]} | {vb[key]:.2f} | {vn[key]:.2f} | {r:.2f} |")
    worst.sort()
    print("\nlowest ratios:", ", ".join(f"{d} {k} {f} {r:.2f}" for r, d, k, f in worst[:8]))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Whole-process timings of `utfast` against iconv and uconv, in interleaved rounds.

Usage: scripts/bench-cli.py [--rounds N] [--file F] [--utfast PATH] [--cyrillic]

Without --file, builds /tmp/utfast-mars.txt: the non-English Wikipedia "Mars" texts
(UTF-8) of ../shared/corpus/lipsum/wikipedia_mars, concatenated 32 times (147 MB).
Each round runs every command once, in turn, so that a machine that changes speed
during the run slows all of them alike; the table gives medians and min-max. Output
goes to /dev/null. Commands whose program is missing are skipped.

With --cyrillic: the Russian "Mars" article of tests/data/cyrillic in KOI8-R, windows-1251
and IBM866, each concatenated 320 times (100 MB, /tmp/utfast-mars-CODEPAGE.txt), decoded to
UTF-8 by `utfast convert -f koi8-r|cp1251|cp866` (default threads and -j1), `iconv -f
KOI8-R|CP1251|CP866` and `uconv -f` the same.
"""
import argparse
import glob
import os
import shutil
import statistics
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def default_file():
    path = "/tmp/utfast-mars.txt"
    if os.path.exists(path):
        return path
    names = sorted(
        f
        for f in glob.glob(os.path.join(ROOT, "..", "shared", "corpus", "lipsum", "wikipedia_mars", "*.utf8.txt"))
        if not os.path.basename(f).startswith("english")
    )
    if not names:
        raise SystemExit("no --file given and ../shared/corpus/lipsum/wikipedia_mars not found")
    text = b"".join(open(n, "rb").read() for n in names)
    with open(path + ".tmp", "wb") as out:
        for _ in range(32):
            out.write(text)
    os.rename(path + ".tmp", path)
    return path


def cyrillic_file(name):
    path = f"/tmp/utfast-mars-{name}.txt"
    if not os.path.exists(path):
        text = open(os.path.join(ROOT, "tests", "data", "cyrillic", f"mars-russian.{name}.txt"), "rb").read()
        with open(path + ".tmp", "wb") as out:
            for _ in range(320):
                out.write(text)
        os.rename(path + ".tmp", path)
    return path


def cyrillic_cmds(u):
    cmds = {}
    for name, label in [("koi8-r", "KOI8-R"), ("windows-1251", "CP1251"), ("ibm866", "CP866")]:
        f = cyrillic_file(name)
        cmds[f"utfast {label}"] = [u, "convert", "-f", label.lower(), "-t", "utf-8", f]
        cmds[f"utfast {label} -j1"] = [u, "convert", "-j", "1", "-f", label.lower(), "-t", "utf-8", f]
        cmds[f"iconv {label}"] = ["iconv", "-f", label, "-t", "UTF-8", f]
        cmds[f"uconv {label}"] = ["uconv", "-f", label.lower(), "-t", "utf-8", f]
    return cmds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--file")
    ap.add_argument("--utfast", default=os.path.join(ROOT, "target", "release", "utfast"))
    ap.add_argument("--cyrillic", action="store_true")
    args = ap.parse_args()
    if not os.path.exists(args.utfast):
        subprocess.run(["cargo", "build", "--release", "--features", "cli"], cwd=ROOT, check=True)
    u = args.utfast
    f = args.file or (cyrillic_file("koi8-r") if args.cyrillic else default_file())
    cmds = cyrillic_cmds(u) if args.cyrillic else {
        "utfast convert": [u, "convert", "-f", "utf-8", "-t", "utf-16le", f],
        "utfast convert -j1": [u, "convert", "-j", "1", "-f", "utf-8", "-t", "utf-16le", f],
        "iconv convert": ["iconv", "-f", "utf-8", "-t", "utf-16le", f],
        "uconv convert": ["uconv", "-f", "utf-8", "-t", "utf-16le", f],
        "utfast validate": [u, "validate", f],
        "utfast validate -j1": [u, "validate", "-j", "1", f],
        "iconv validate": ["iconv", "-f", "utf-8", "-t", "utf-8", f],
    }
    cmds = {k: c for k, c in cmds.items() if shutil.which(c[0]) or os.path.exists(c[0])}
    times = {k: [] for k in cmds}
    with open("/dev/null", "wb") as null:
        for _ in range(args.rounds):
            for k, c in cmds.items():
                start = time.perf_counter()
                subprocess.run(c, stdout=null, check=True)
                times[k].append(time.perf_counter() - start)
    med = {k: statistics.median(v) for k, v in times.items()}
    size = os.path.getsize(f)
    print(f"{f}: {size / 1e6:.0f} MB, {args.rounds} interleaved rounds, nproc {os.cpu_count()}")
    print("| command | median | min-max | vs iconv | vs uconv |")
    print("|---|---|---|---|---|")
    for k, v in times.items():
        task = k.split()[1]
        ratio = lambda other: (
            f"{med[other] / med[k]:.1f}x" if other in med and k.startswith("utfast") else ""
        )
        print(
            f"| `{k}` | {med[k]:.3f} s | {min(v):.3f}-{max(v):.3f} | "
            f"{ratio('iconv ' + task)} | {ratio('uconv ' + task)} |"
        )


if __name__ == "__main__":
    main()

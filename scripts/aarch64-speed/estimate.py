#!/usr/bin/env python3
"""The two estimates of scripts/aarch64-speed.sh (read its header first).

    estimate.py BINARY PLUGIN OUT.md [--texts A,B] [--ops X,Y] [--no-mars]

BINARY is the static aarch64 build of scripts/aarch64-speed (ours and simdutf's
arm64 kernel in one program), PLUGIN the instruction-counting QEMU plugin
(insn_count.c). For every operation x text x side it runs BINARY under qemu-aarch64
twice, with N and 2N calls, each time with the plugin's block profile.

Estimate 1, executed instructions per input byte: (count(2N) - count(N)) / (N x
input bytes). Everything outside the calls (loading and converting the texts,
simdutf's dispatch, start-up) runs once in both processes and cancels exactly;
QEMU's user-mode emulation is deterministic, so one pair of runs is enough.

Estimate 2, cycles per 64 input bytes by llvm-mca, on the lipsum texts. The hot
loops are found from the same two profiles, differenced per instruction address
(the executions of the N extra calls only), as paths through the code:
  1. the instruction with the most executions not yet claimed;
  2. its path: from it, the instructions in the order they run, taking at each
     conditional branch the successor with more executions left (an unconditional
     branch is followed), until the walk comes back to it (a loop iteration; a walk
     that leaves the function or does not come back within it claims nothing, and
     the instruction is left to the remainder);
  3. iterations of the path = the fewest executions left of its instructions; they
     are subtracted from each of its instructions, so that a loop with several
     paths per iteration (an ASCII step and a two-byte step, say) gives one path
     per kind of iteration, each with its own share of the executions, and a path
     holds the loads and tests of its own iteration (a body taken by address range
     instead could miss instructions that run at the other end of a jump, and
     llvm-mca then saw a register as carried from one iteration to the next when
     the program loads it afresh);
  4. bytes per iteration = input bytes of the N calls / its iterations (measured,
     not read from the code);
  5. repeat from 1 until the claimed instructions are 90% of those executed, or 8
     paths.
The operation's estimate is the sum over its paths of llvm-mca's cycles per
iteration x iterations, plus the unclaimed instructions charged at the claimed
paths' mean cycles per instruction, per 64 input bytes. The code is the
disassembly (llvm-objdump) of BINARY itself: exactly the instructions QEMU counted,
as rustc (ours) and Debian's aarch64-linux-gnu-g++ (simdutf, built by the simdutf
crate's build script) compiled and linked them; branch targets and addresses are
replaced by one local label, which llvm-mca ignores anyway.
"""

import argparse
import collections
import os
import re
import statistics
import subprocess
import sys
import tempfile

CPUS = ("neoverse-n1", "neoverse-v1", "neoverse-v2")
CPU_NAMES = {"neoverse-n1": "Neoverse N1 (Graviton 2, Ampere Altra)",
             "neoverse-v1": "Neoverse V1 (Graviton 3)",
             "neoverse-v2": "Neoverse V2 (Graviton 4, Axion, Grace)"}
SIDES = ("ours", "simdutf")
N = 2
BRANCHES = {"b", "cbz", "cbnz", "tbz", "tbnz"}
MAX_PATHS = 8
MCA = os.environ.get("LLVM_MCA", "llvm-mca-19")
OBJDUMP = os.environ.get("LLVM_OBJDUMP", "llvm-objdump-19")
NM = os.environ.get("LLVM_NM", "llvm-nm-19")


def run_counted(binary, plugin, op, side, text, calls, tmp):
    """(total instructions, {block address: (instructions, executions)})"""
    out = os.path.join(tmp, "count")
    subprocess.run(["qemu-aarch64", "-plugin", f"{plugin},out={out},profile=1", binary,
                    "run", op, side, text, str(calls)], check=True)
    with open(out) as f:
        total = int(f.readline())
        blocks = []
        for line in f:
            a, n, c = line.split()
            blocks.append((int(a, 16), int(n), int(c)))
    return total, blocks


def per_insn(blocks):
    cnt = collections.Counter()
    for a, n, c in blocks:
        for i in range(n):
            cnt[a + 4 * i] += c
    return cnt


class Code:
    """The binary's functions (from the symbol table) and their disassembly."""

    def __init__(self, binary):
        self.binary = binary
        syms = []
        for line in subprocess.run([NM, "-S", "--defined-only", binary], check=True,
                                   capture_output=True, text=True).stdout.splitlines():
            p = line.split()
            if len(p) == 4 and p[2] in "tTwW":
                syms.append((int(p[0], 16), int(p[1], 16), p[3]))
        syms.sort()
        self.syms = syms
        self.cache = {}

    def function(self, addr):
        lo, hi = 0, len(self.syms)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.syms[mid][0] <= addr:
                lo = mid + 1
            else:
                hi = mid
        if lo == 0:
            return None
        start, size, name = self.syms[lo - 1]
        if not start <= addr < start + max(size, 4):
            return None
        return start, start + size, name

    def disassemble(self, start, end):
        """{address: (mnemonic, operands, branch target or None)}"""
        if (start, end) in self.cache:
            return self.cache[(start, end)]
        text = subprocess.run([OBJDUMP, "-d", "--no-show-raw-insn",
                               f"--start-address={start:#x}", f"--stop-address={end:#x}",
                               self.binary], check=True, capture_output=True,
                              text=True).stdout
        insns = {}
        for line in text.splitlines():
            m = re.match(r"\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
            if not m:
                continue
            addr, mnem, ops = int(m.group(1), 16), m.group(2), m.group(3)
            target = None
            t = re.search(r"0x([0-9a-f]+) <[^>]*>", ops)
            if t:
                target = int(t.group(1), 16)
                ops = ops[:t.start()] + ".Lt" + ops[t.end():]
            ops = re.sub(r"\s*//.*$", "", ops)
            insns[addr] = (mnem, ops, target)
        self.cache[(start, end)] = insns
        return insns


def loops(code, cnt, total):
    """The hot loops: [(body instructions as text, iterations, executed instructions
    claimed, function, instructions in the body)], see the module's docstring."""
    rem = collections.Counter(cnt)
    found = []
    done = 0
    while done < 0.9 * total and len(found) < MAX_PATHS:
        hot = max((a for a in rem if rem[a] > 0), key=lambda a: rem[a], default=None)
        if hot is None:
            break
        fn = code.function(hot)
        path = trace(code.disassemble(fn[0], fn[1]), rem, hot) if fn else None
        if not path:
            # Not on a cycle (straight-line code): left to the remainder.
            rem[hot] = 0
            continue
        insns = code.disassemble(fn[0], fn[1])
        iterations = min(rem[a] for a in path)
        for a in path:
            rem[a] -= iterations
        executed = iterations * len(path)
        done += executed
        asm = "\n".join(f"{insns[a][0]} {insns[a][1]}" for a in path)
        found.append((asm, iterations, executed, fn[2], len(path)))
    return found


def trace(insns, rem, hot):
    """The cycle through `hot` that follows, at each conditional branch, the
    successor with more executions left: the instructions in the order they run,
    or None if the walk does not come back to `hot` within the function."""
    path, seen, a = [], set(), hot
    while True:
        if a not in insns or a in seen or len(path) > 2000:
            return None
        seen.add(a)
        path.append(a)
        mnem, _, target = insns[a]
        op = mnem.split(".")[0]
        if op == "ret" or op == "br":
            return None
        nxt = a + 4
        if op == "b" and mnem == "b":
            nxt = target
        elif op in BRANCHES and target is not None:
            nxt = target if rem.get(target, 0) > rem.get(a + 4, 0) else a + 4
        if nxt == hot:
            return path
        a = nxt


def mca_cycles(asm, cpu, tmp):
    path = os.path.join(tmp, "loop.s")
    with open(path, "w") as f:
        f.write(".Lt:\n" + asm + "\n")
    r = subprocess.run([MCA, "-mtriple=aarch64-linux-gnu", f"-mcpu={cpu}", "-iterations=200",
                        path], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"llvm-mca failed on:\n{asm}\n{r.stderr}")
    it = int(re.search(r"Iterations:\s+(\d+)", r.stdout).group(1))
    cyc = int(re.search(r"Total Cycles:\s+(\d+)", r.stdout).group(1))
    return cyc / it


def fmt(x):
    return "-" if x is None else f"{x:.2f}"


def table(rows, cols, cell):
    out = ["| operation | " + " | ".join(cols) + " | worst |",
           "|---|" + "---|" * (len(cols) + 1)]
    worst_all = None
    for r in rows:
        vals = [cell(r, c) for c in cols]
        present = [v for v in vals if v is not None]
        worst = min(present) if present else None
        if worst is not None:
            worst_all = worst if worst_all is None else min(worst_all, worst)
        out.append(f"| `{r}` | " + " | ".join(fmt(v) for v in vals) + f" | {fmt(worst)} |")
    return "\n".join(out), worst_all


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("plugin")
    ap.add_argument("out")
    ap.add_argument("--texts", default="")
    ap.add_argument("--ops", default="")
    ap.add_argument("--no-mars", action="store_true")
    a = ap.parse_args()
    listing = subprocess.run(["qemu-aarch64", a.binary, "list"], check=True,
                             capture_output=True, text=True).stdout.split("\n")
    cases = []
    for line in listing:
        if not line.strip():
            continue
        op, text, size = line.split()
        if a.texts and not any(t in text for t in a.texts.split(",")):
            continue
        if a.ops and op not in a.ops.split(","):
            continue
        if a.no_mars and text.startswith("Mars"):
            continue
        cases.append((op, text, int(size)))
    ops = list(dict.fromkeys(c[0] for c in cases))
    lipsum = list(dict.fromkeys(c[1] for c in cases if not c[1].startswith("Mars")))
    mars = list(dict.fromkeys(c[1] for c in cases if c[1].startswith("Mars")))
    code = Code(a.binary)
    ipb = {}   # (op, text, side) -> instructions per byte
    cpb = {}   # (op, text, side, cpu) -> cycles per 64 bytes
    cover = {}  # (op, text, side) -> share of the executed instructions in the loops
    with tempfile.TemporaryDirectory() as tmp:
        for i, (op, text, size) in enumerate(cases):
            for side in SIDES:
                t1, b1 = run_counted(a.binary, a.plugin, op, side, text, N, tmp)
                t2, b2 = run_counted(a.binary, a.plugin, op, side, text, 2 * N, tmp)
                diff = t2 - t1
                ipb[(op, text, side)] = diff / (N * size)
                if text.startswith("Mars"):
                    continue
                c1, c2 = per_insn(b1), per_insn(b2)
                cnt = collections.Counter({k: c2[k] - c1.get(k, 0) for k in c2
                                           if c2[k] > c1.get(k, 0)})
                found = loops(code, cnt, diff)
                claimed = sum(f[2] for f in found)
                cover[(op, text, side)] = claimed / diff if diff else 0
                for cpu in CPUS:
                    cycles = 0.0
                    for asm, iterations, _, _, _ in found:
                        cycles += mca_cycles(asm, cpu, tmp) * iterations
                    rest = diff - claimed
                    if claimed:
                        cycles += cycles / claimed * rest
                    cpb[(op, text, side, cpu)] = cycles / (N * size) * 64
                if os.environ.get("AARCH64_SPEED_VERBOSE"):
                    for asm, iterations, executed, fname, n in found:
                        print(f"  {op} {text} {side}: loop of {n} in {fname[:60]}, "
                              f"{N * size / iterations:.1f} B/iteration, "
                              f"{executed / diff:.0%} of instructions", file=sys.stderr)
            print(f"[{i + 1}/{len(cases)}] {op} {text}: instructions/byte ours "
                  f"{ipb[(op, text, 'ours')]:.3f}, simdutf {ipb[(op, text, 'simdutf')]:.3f}",
                  file=sys.stderr)

    def ratio1(op, text):
        o, s = ipb.get((op, text, "ours")), ipb.get((op, text, "simdutf"))
        return s / o if o else None

    def ratio2(cpu):
        def f(op, text):
            o, s = cpb.get((op, text, "ours", cpu)), cpb.get((op, text, "simdutf", cpu))
            return s / o if o else None
        return f

    P = []
    p = P.append
    p("Generated by `scripts/aarch64-speed.sh`; do not edit by hand. Every cell is "
      "simdutf's figure over ours (`>1`: ours is estimated faster) for our `neon` kernel "
      "against simdutf's `arm64` kernel on the same input, both in one static aarch64 "
      "program. These are **estimates made without ARM hardware**, not measurements "
      "(what they can and cannot tell: below).\n")
    p("### Estimate 1: executed instructions per input byte (QEMU)\n")
    p("Counted by a QEMU TCG plugin (`scripts/aarch64-speed/insn_count.c`, an inline "
      f"counter per translated block) under `qemu-aarch64`; runs of {N} and {2 * N} calls "
      "differenced, so start-up and input preparation cancel.\n")
    t, worst1 = table(ops, lipsum, ratio1)
    p("**Lipsum texts**\n\n" + t + "\n")
    if mars:
        short = [m.replace("Mars-", "") for m in mars]
        t, _ = table(ops, short, lambda op, text: ratio1(op, "Mars-" + text))
        p("**Wikipedia \"Mars\" texts** (secondary)\n\n" + t + "\n")
    p("Instructions per input byte, ours / simdutf (lipsum):\n")
    lines = ["| operation | " + " | ".join(lipsum) + " |", "|---|" + "---|" * len(lipsum)]
    for op in ops:
        cells = []
        for text in lipsum:
            o, s = ipb.get((op, text, "ours")), ipb.get((op, text, "simdutf"))
            cells.append("-" if o is None else f"{o:.2f} / {s:.2f}")
        lines.append(f"| `{op}` | " + " | ".join(cells) + " |")
    p("\n".join(lines) + "\n")
    p("### Estimate 2: cycles per 64 input bytes of the hot loops (llvm-mca)\n")
    p("llvm-mca (LLVM 19) with each CPU's scheduling model, on the hot loops of each "
      "operation as linked into the program: each loop as the paths its iterations "
      "take, in the order their instructions run, found from QEMU's block profile of "
      "the same runs (the heuristic and how bytes per iteration are known: "
      "`scripts/aarch64-speed/estimate.py`). Lipsum texts only.\n")
    worst2 = None
    for cpu in CPUS:
        t, w = table(ops, lipsum, ratio2(cpu))
        if w is not None:
            worst2 = w if worst2 is None else min(worst2, w)
        p(f"**{CPU_NAMES[cpu]}**\n\n" + t + "\n")
    if cover:
        lo = min(cover.values())
        p(f"The paths llvm-mca saw hold {lo:.0%}-{max(cover.values()):.0%} of the executed "
          f"instructions (median {statistics.median(cover.values()):.0%}); the rest is "
          "charged at the paths' mean cycles per instruction.\n")
    p("### What these estimates can and cannot tell\n")
    p("- They compare the work of the two kernels' code on the same input, side by side: "
      "an instruction-count ratio far from 1 on a row says one side does more work there. "
      "Neither is a time.")
    p("- QEMU's count weighs every instruction alike: a `tbl` over four registers, a "
      "`umaxv` or a load counts as much as an `add`, and it knows nothing of latency, "
      "dependency chains or how many instructions the core issues per cycle.")
    p("- llvm-mca models the core's pipelines, latencies and issue width for a loop whose "
      "data are in L1 and whose branches are all predicted: it ignores cache misses and "
      "memory bandwidth (which cap both sides alike on large inputs), branch "
      "mispredictions (which the error-free lipsum inputs mostly avoid, but mixed-width "
      "text does not), the front end, and code outside the hot loops (charged at the "
      "loops' mean). Its scheduling models are LLVM's, not measured silicon, and "
      "simdutf's loops are those GCC produced.")
    p("- Both are per input byte of one text at a time; start-up, dispatch and short "
      "inputs are excluded by construction.\n")
    with open(a.out, "w") as f:
        f.write("\n".join(P).rstrip() + "\n")
    print(f"aarch64-speed: min ratio {fmt(worst1)} (instructions), {fmt(worst2)} (llvm-mca), "
          f"{len(ops)} operations")


if __name__ == "__main__":
    main()

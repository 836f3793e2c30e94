#!/usr/bin/env python3
"""OpenMP gradients (`make bench`, section "openmp"; or run this file alone).

The stencil and dot-plus-norm kernels with their loops as ``#pragma omp parallel for``
(``bench/kernels/omp_*.c``), built as a user builds OpenMP code::

    clang-22 -fopenmp -O2 -S -emit-llvm k.c -o k.ll
    enzyme-opt k.ll -O2 -S -o k.grad.ll
    clang-22 -fopenmp -O2 k.grad.ll -lm -o k.bin

and run at 1 and 2 threads (``OMP_NUM_THREADS``).  Reported: gradient ÷ primal at each
thread count, and each one's speed-up from 1 to 2 threads (issue 23's target for the
gradient: ≥ 1.7×).  Every run first checks the gradient against finite differences
(``bench.h``); a wrong one is reported, never timed.  Needs the LLVM OpenMP runtime
(Debian's ``libomp-22-dev``); without it the section says so and measures nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
KDIR = HERE / "kernels"
OUT = HERE / "out" / "openmp"
CLANG = os.environ.get("CLANG", "clang-22")
ENZYME_OPT = str(ROOT / ".venv" / "bin" / "enzyme-opt")
LIBOMP = Path("/usr/lib/llvm-22/lib/libomp.so")
KERNELS = {"omp_stencil": "stencil, 10^6 cells x 20 steps", "omp_dotnorm": "dot + norm, n = 2*10^6"}
THREADS = (1, 2)
SPEEDUP_TARGET = 1.7


def build(name: str) -> tuple[Path | None, str]:
    """The kernel's binary, or None and why not."""
    OUT.mkdir(parents=True, exist_ok=True)
    ll, grad, exe = OUT / f"{name}.ll", OUT / f"{name}.grad.ll", OUT / f"{name}.bin"
    steps = [[CLANG, "-fopenmp", "-O2", "-S", "-emit-llvm", f"-I{KDIR}", str(KDIR / f"{name}.c"),
              "-o", str(ll)],
             [ENZYME_OPT, str(ll), "-O2", "-S", "-o", str(grad)],
             [CLANG, "-fopenmp", "-O2", str(grad), "-lm", "-o", str(exe)]]
    for cmd in steps:
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            lines = [ln for ln in (p.stderr or p.stdout).splitlines() if ln.strip()]
            return None, f"{Path(cmd[0]).name} failed: {lines[-1] if lines else p.returncode}"
    return exe, ""


def run(exe: Path, threads: int, min_s: float, reps: int) -> dict:
    """Times per call of the primal and the gradient (``bench.h``'s output), and the
    failed checks."""
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), OMP_PROC_BIND="close")
    p = subprocess.run([str(exe), str(min_s), str(reps)], capture_output=True, text=True,
                       env=env, timeout=900)
    times, failed = {}, []
    for line in p.stdout.splitlines():
        parts = line.split()
        if parts[:1] == ["time"]:
            times[parts[1]] = float(parts[2])
        elif parts[:1] == ["check"] and parts[-1] != "ok":
            failed.append(line)
    if p.returncode != 0 and not failed:
        failed.append(f"exit {p.returncode}")
    return {"times": times, "failed": failed}


def bench_openmp(min_s: float, reps: int, log=print) -> dict:
    if not LIBOMP.exists():
        log(f"openmp: skipped, no OpenMP runtime ({LIBOMP}; `make toolchain` installs it)")
        return {"skipped": "no libomp"}
    results: dict = {}
    for name, what in KERNELS.items():
        exe, why = build(name)
        if exe is None:
            results[name] = {"error": why}
            log(f"{name}: {why}")
            continue
        entry = {"what": what, "runs": {t: run(exe, t, min_s, reps) for t in THREADS}}
        results[name] = entry
        for line in _rows(name, entry):
            log(line)
    return results


def _rows(name: str, entry: dict) -> list[str]:
    runs = entry["runs"]
    if any(r["failed"] for r in runs.values()):
        return [f"{name}: wrong gradient, not timed: {next(r['failed'] for r in runs.values() if r['failed'])[0]}"]
    t = {n: runs[n]["times"] for n in THREADS}
    ratio = {n: t[n]["gradient"] / t[n]["primal"] for n in THREADS}
    speed = {k: t[1][k] / t[2][k] for k in ("primal", "gradient")}
    return [f"| {name} ({entry['what']}) | {t[1]['primal'] * 1e3:.2f} ms | "
            f"{t[1]['gradient'] * 1e3:.2f} ms | {ratio[1]:.2f}x | {t[2]['primal'] * 1e3:.2f} ms | "
            f"{t[2]['gradient'] * 1e3:.2f} ms | {ratio[2]:.2f}x | {speed['primal']:.2f}x | "
            f"{speed['gradient']:.2f}x{'' if speed['gradient'] >= SPEEDUP_TARGET else ' (below 1.7x)'} |"]


def markdown(results: dict) -> list[str]:
    if "skipped" in results:
        return [f"OpenMP: skipped ({results['skipped']})."]
    lines = ["| kernel | primal, 1 thread | gradient, 1 thread | ratio | primal, 2 threads | "
             "gradient, 2 threads | ratio | primal speed-up | gradient speed-up (>= 1.7x) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, entry in results.items():
        lines += [f"| {name} | {entry['error']} |"] if "error" in entry else _rows(name, entry)
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--min-time", type=float, default=0.2)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    results = bench_openmp(args.min_time, args.reps, log=lambda line: None)
    print("\n".join(markdown(results)))
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

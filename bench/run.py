#!/usr/bin/env python3
"""enzyme-opt benchmarks (`make bench`).

Sections:
  parse    parse + print throughput of our IR on synthetic clang-like modules (20k/80k/320k
           instructions), canonicalized by llvmlite first; best of 3.
  forward  tangent / primal time (one direction) on every C kernel, and width-4 / primal time on
           dot, stencil and libm.
  reverse  gradient / primal time and the peak-RSS overhead of the gradient, on C kernels.
  split    split mode (__enzyme_augmentfwd + __enzyme_reverse) / combined gradient time, and
           batched reverse (enzyme_width 4: four gradients in one sweep) / one gradient.
  api      the Python API (bench/api_overhead.py): per-call overhead of cached calls, gradient
           time through the API vs through the C harness on the same kernels, compile time.
  tool     the tool's own speed (bench/tool.py): `enzyme-opt m.ll -S -o out.ll` end to end on
           modules of 68/136/272 clang -O2 functions each differentiated, and on the same
           modules with nothing to differentiate (pass-through); instructions per second.
  openmp   OpenMP gradients (bench/openmp.py): the stencil and dot-plus-norm kernels with
           `#pragma omp parallel for`, gradient / primal at 1 and 2 threads, and the speed-up
           from 1 to 2 threads (clang-22 -fopenmp; needs libomp-22-dev).

Each kernel in bench/kernels/ is built the way a user builds it:
  clang-22 -O2 -S -emit-llvm k.c -o k.ll
  enzyme-opt k.ll -O2 -S -o k.grad.ll
  clang-22 -O2 k.grad.ll -lm -o k.bin
and `k.bin` checks every derivative against a finite difference before timing it (a wrong
derivative is reported as a failure, never timed). Results go to the terminal (rich tables)
and to bench/out/results.json; build products stay in bench/out/kernels/<kernel>/.

Options: --sections parse,forward,reverse,split,api,tool,openmp   --quick (short timings, small modules; for testing)
         --cpu-time (kernels time CPU time instead of wall-clock time: for a shared machine)
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"
KDIR = HERE / "kernels"
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from rich import box  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

import api_overhead  # noqa: E402
import synth  # noqa: E402
import openmp as omp_bench  # noqa: E402
import tool as tool_bench  # noqa: E402

console = Console(width=None if sys.stdout.isatty() else 132)

CLANG = os.environ.get("CLANG", "clang-22")
ENZYME_OPT = str(ROOT / ".venv" / "bin" / "enzyme-opt")

PARSE_TARGET = 100_000          # instructions per second, parse + print
FWD_TARGET = 1.5                # tangent / primal
FWD_W4_TARGET = 3.0             # width-4 tangent / primal
REV_TARGET = 2.5                # geometric mean of gradient / primal (issue 24)
REV_KERNEL_TARGET = 3.5         # every kernel's gradient / primal, the stencil's too (issue 24)
SPLIT_TARGET = 1.10             # split / combined: the same work, within noise
BATCH_W4_TARGET = 2.5           # four gradients (enzyme_width 4) / one gradient

# kernel -> what it computes, and which sections use it ("extra": measured, not in the target);
# forward mode times one direction on every forward kernel, width 4 only where `width4`
KERNELS = {
    "dot": dict(desc="dot product, n=10^6", forward=True, width4=True, reverse=True),
    "dotnorm": dict(desc="dot product plus norm in one loop, n=2*10^6", forward=True, reverse=True),
    "ba": dict(desc="bundle-adjustment-like reprojection, 64 cameras, 4096 points, 32768 obs.",
               forward=True, reverse=True),
    "stencil": dict(desc="1-D reaction-diffusion, 3-point stencil, T=20 steps x n=10^5 cells",
                    forward=True, width4=True, reverse=True),
    "stencil_ckpt": dict(desc="the stencil's problem, its time loop as __enzyme_checkpoint_for "
                         "(recursive bisection): memory for time", forward=False, reverse="extra"),
    "libm": dict(desc="sum of sin(x)exp(-x^2/2)+log(1+x^2), n=10^5", forward=True, width4=True,
                 reverse="extra", split=True),
    "gmm": dict(desc="GMM log-likelihood, log-sum-exp, k=16 d=16 n=2000", forward=True, reverse=True,
                split=True),
    "lstm": dict(desc="LSTM-like recurrence, hidden 16, 300 steps", forward=True, reverse=True),
}


# --------------------------------------------------------------------------------------------
# helpers

def fmt_time(s: float | None) -> str:
    if s is None:
        return "-"
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} µs"


def fmt_ratio(r: float | None, target: float | None = None) -> str:
    if r is None:
        return "-"
    text = f"{r:.2f}×"
    if target is not None:
        colour = "green" if r <= target else "red"
        text = f"[{colour}]{text}[/{colour}]"
    return text


def verdict(ok: bool | None) -> str:
    if ok is None:
        return "[yellow]n/a[/yellow]"
    return "[green]met[/green]" if ok else "[red]missed[/red]"


def machine_info() -> dict:
    info = {"cores": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        info["clang"] = subprocess.run([CLANG, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        info["clang"] = "unavailable"
    try:
        info["enzyme_opt_git"] = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
                                                capture_output=True, text=True).stdout.strip()
    except OSError:
        pass
    try:
        import llvmlite
        info["llvmlite"] = llvmlite.__version__
    except ImportError:
        pass
    return info


# --------------------------------------------------------------------------------------------
# 1. parse + print throughput

def count_instructions(llmod) -> int:
    return sum(1 for f in llmod.functions for b in f.blocks for _ in b.instructions)


def bench_parse(sizes: list[int], reps: int) -> dict:
    import llvmlite.binding as llvm

    from enzyme_opt.ir import parse_module, print_module

    console.rule("[bold]1. Parse + print throughput")
    rows = []
    for n in sizes:
        text = synth.make_module(n, seed=n)
        llmod = llvm.parse_assembly(text, context=llvm.create_context())
        llmod.verify()
        canonical = str(llmod)
        ninst = count_instructions(llmod)
        del llmod, text
        best = None
        for _ in range(reps):
            gc.collect()
            t0 = time.perf_counter()
            mod = parse_module(canonical)
            t1 = time.perf_counter()
            printed = print_module(mod)
            t2 = time.perf_counter()
            if best is None or t2 - t0 < best[2]:
                best = (t1 - t0, t2 - t1, t2 - t0)
            del mod
        # untimed: what we print must be valid IR with the same instructions
        back = llvm.parse_assembly(printed, context=llvm.create_context())
        back.verify()
        roundtrip_ok = count_instructions(back) == ninst
        del back, printed
        # diagnostic, not the figure: one parse with Python's cyclic GC switched off
        gc.collect()
        gc.disable()
        try:
            t0 = time.perf_counter()
            mod = parse_module(canonical)
            nogc = time.perf_counter() - t0
        finally:
            gc.enable()
        del mod
        rows.append(dict(target=n, instructions=ninst, bytes=len(canonical), parse_nogc_s=nogc,
                         parse_s=best[0], print_s=best[1], total_s=best[2],
                         inst_per_s=ninst / best[2], parse_inst_per_s=ninst / best[0],
                         roundtrip_ok=roundtrip_ok))
        console.print(f"  {ninst:>7} instructions: {best[2]:.2f} s", highlight=False)
    base = rows[0]["total_s"] / rows[0]["instructions"]
    for r in rows:
        r["time_per_inst_ratio"] = (r["total_s"] / r["instructions"]) / base

    table = Table(title="parse_module + print_module (best of %d)" % reps, box=box.SIMPLE_HEAVY)
    for col in ("instructions", "text", "parse", "print", "parse+print", "instr/s",
                "time/instr vs smallest", "output re-parses", "parse, GC off*"):
        table.add_column(col, justify="right")
    for r in rows:
        table.add_row(f"{r['instructions']:,}", f"{r['bytes'] / 1e6:.1f} MB", fmt_time(r["parse_s"]),
                      fmt_time(r["print_s"]), fmt_time(r["total_s"]),
                      f"[{'green' if r['inst_per_s'] >= PARSE_TARGET else 'red'}]{r['inst_per_s']:,.0f}[/]",
                      f"{r['time_per_inst_ratio']:.2f}", "yes" if r["roundtrip_ok"] else "[red]NO[/red]",
                      fmt_time(r["parse_nogc_s"]))
    console.print(table)
    console.print("  * diagnostic only (one run, gc.disable()): how much of the parse time is Python's cyclic "
                  "garbage collector", highlight=False)
    worst = min(r["inst_per_s"] for r in rows)
    linear = max(r["time_per_inst_ratio"] for r in rows)
    met = worst >= PARSE_TARGET
    console.print(f"  target ≥ {PARSE_TARGET:,} instr/s: {verdict(met)} (slowest size {worst:,.0f} instr/s); "
                  f"time per instruction at the largest size = {rows[-1]['time_per_inst_ratio']:.2f}× the smallest "
                  f"({'≈ linear' if linear <= 1.25 else 'super-linear'})")
    return dict(reps=reps, rows=rows, target_inst_per_s=PARSE_TARGET, target_met=met,
                max_time_per_inst_ratio=linear)


# --------------------------------------------------------------------------------------------
# kernels: build, run, parse

def short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def build_kernel(name: str, cflags: tuple[str, ...] = ()) -> dict:
    d = OUT / "kernels" / name
    d.mkdir(parents=True, exist_ok=True)
    src = KDIR / f"{name}.c"
    ll, grad, exe = d / f"{name}.ll", d / f"{name}.grad.ll", d / f"{name}.bin"
    steps = [
        ("clang", [CLANG, "-O2", *cflags, "-S", "-emit-llvm", f"-I{KDIR}", str(src), "-o", str(ll)]),
        ("enzyme-opt", [ENZYME_OPT, str(ll), "-O2", "-S", "-o", str(grad)]),
        ("link", [CLANG, "-O2", str(grad), "-lm", "-o", str(exe)]),
    ]
    info: dict = {"dir": str(d.relative_to(ROOT))}
    for step, cmd in steps:
        t0 = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True)
        info[f"{step}_s"] = time.perf_counter() - t0
        if p.returncode != 0:
            lines = [ln for ln in (p.stderr or p.stdout).splitlines() if ln.strip()]
            msg = lines[-1] if lines else f"exit {p.returncode}"
            info["error"] = f"{step} failed: {short(msg)}"
            return info
    info["exe"] = str(exe)
    return info


def run_kernel(exe: str, min_s: float, reps: int) -> dict:
    res: dict = {"checks": [], "times": {}, "skipped": {}}
    try:
        p = subprocess.run([exe, str(min_s), str(reps)], capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        res["error"] = "timed out"
        return res
    for line in p.stdout.splitlines():
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "check":
            group = parts[1]
            kv = dict(x.split("=", 1) for x in parts[2:] if "=" in x)
            what = " ".join(x for x in parts[2:] if "=" not in x and x not in ("ok", "FAIL"))
            res["checks"].append(dict(group=group, what=what, ad=float(kv["ad"]), ref=float(kv["ref"]),
                                      relerr=float(kv["relerr"]), ok=parts[-1] == "ok"))
        elif parts[0] == "time":
            res["times"][parts[1]] = float(parts[2])
        elif parts[0] == "skip":
            res["skipped"][parts[1]] = parts[2]
    if p.returncode < 0:
        sig = signal.Signals(-p.returncode).name
        where = "in its first derivative call" if not res["checks"] else f"after {len(res['checks'])} checks"
        res["error"] = f"crashed ({sig}) {where}"
    return res


def run_mem(exe: str, thunk: str) -> int | None:
    p = subprocess.run([exe, "mem", thunk], capture_output=True, text=True, timeout=300)
    for line in p.stdout.splitlines():
        parts = line.split()
        if parts[:2] == ["maxrss_kb", thunk]:
            return int(parts[2])
    return None


def group_failure(res: dict, group: str) -> str | None:
    """Why the derivatives of `group` cannot be timed, or None."""
    bad = [c for c in res["checks"] if c["group"] == group and not c["ok"]]
    if bad:
        c = bad[0]
        return f"wrong derivative ({c['what']}: AD {c['ad']:.6g} vs FD {c['ref']:.6g})"
    if res.get("error"):
        return res["error"]
    if not any(c["group"] == group for c in res["checks"]):
        return "no check ran"
    return None


# --------------------------------------------------------------------------------------------
# 2. forward mode, 3. reverse mode

def bench_kernels(sections: set[str], min_s: float, reps: int, cpu_time: bool = False) -> dict:
    names = [k for k, v in KERNELS.items()
             if ("forward" in sections and v["forward"]) or ("reverse" in sections and v["reverse"])
             or ("split" in sections and v.get("split"))]
    console.rule("[bold]Building and running kernels")
    kernels = {}
    for name in names:
        b = build_kernel(name, ("-DBENCH_CPU_TIME",) if cpu_time else ())
        entry = {"desc": KERNELS[name]["desc"], "build": b}
        if "error" in b:
            console.print(f"  {name}: [red]{b['error']}[/red]")
        else:
            console.print(f"  {name}: built (enzyme-opt {b['enzyme-opt_s']:.2f} s); running…")
            entry["run"] = run_kernel(b["exe"], min_s, reps)
            if entry["run"].get("error"):
                console.print(f"  {name}: [red]{entry['run']['error']}[/red]")
        kernels[name] = entry
    out = {"kernels": kernels}
    if "forward" in sections:
        out["forward"] = forward_table(kernels)
    if "reverse" in sections:
        out["reverse"] = reverse_table(kernels)
    if "split" in sections:
        out["split"] = split_table(kernels)
    return out


def kernel_status(entry: dict, group: str) -> str | None:
    if "error" in entry["build"]:
        return entry["build"]["error"]
    run = entry["run"]
    if "primal" not in run["times"]:
        return run.get("error") or "primal not timed"
    return group_failure(run, group)


def forward_table(kernels: dict) -> dict:
    console.rule("[bold]2. Forward mode")
    table = Table(title="tangent time ÷ primal time", box=box.SIMPLE_HEAVY)
    for col, just in (("kernel", "left"), ("primal", "right"), ("tangent (1 dir)", "right"),
                      ("ratio", "right"), ("width 4", "right"), ("ratio", "right"), ("check", "left")):
        table.add_column(col, justify=just)
    rows, notes = {}, []
    for name, entry in kernels.items():
        if not KERNELS[name]["forward"]:
            continue
        row: dict = {"desc": entry["desc"]}
        t = entry.get("run", {}).get("times", {})
        p = t.get("primal")
        row["primal_s"] = p
        for key, thunk, group in (("tangent", "tangent", "fwd"), ("width4", "tangent_w4", "fwd_w4")):
            if key == "width4" and not KERNELS[name].get("width4"):
                row[key] = None   # this kernel does not time width 4
                continue
            why = kernel_status(entry, group)
            if why or thunk not in t or not p:
                row[key] = {"failed": why or "not timed"}
            else:
                row[key] = {"time_s": t[thunk], "ratio": t[thunk] / p}
        checks = entry.get("run", {}).get("checks", [])
        worst = max((c["relerr"] for c in checks if c["group"].startswith("fwd")), default=None)
        row["max_check_relerr"] = worst
        rows[name] = row

        def cells(r, target):
            if r is None:
                return "-", "-"
            if "failed" in r:
                notes.append(f"{name}: failed: {r['failed']}")
                return f"[red]failed ({len(notes)})[/red]", "-"
            return fmt_time(r["time_s"]), fmt_ratio(r["ratio"], target)
        table.add_row(name, fmt_time(p), *cells(row["tangent"], FWD_TARGET), *cells(row["width4"], FWD_W4_TARGET),
                      f"rel.err ≤ {worst:.0e}" if worst is not None else "-")
    console.print(table)
    for i, note in enumerate(notes, 1):
        console.print(f"  ({i}) {note}", highlight=False)
    # a failed kernel counts as a miss
    met_t = bool(rows) and all(r["tangent"].get("ratio", math.inf) <= FWD_TARGET for r in rows.values())
    met_w = bool(rows) and all(r["width4"].get("ratio", math.inf) <= FWD_W4_TARGET
                               for r in rows.values() if r["width4"] is not None)
    console.print(f"  target one direction ≤ {FWD_TARGET}×: {verdict(met_t)};  "
                  f"width 4 ≤ {FWD_W4_TARGET}×: {verdict(met_w)}")
    return dict(rows=rows, target_tangent=FWD_TARGET, target_width4=FWD_W4_TARGET,
                tangent_target_met=met_t, width4_target_met=met_w)


def reverse_table(kernels: dict) -> dict:
    console.rule("[bold]3. Reverse mode")
    table = Table(title="gradient time ÷ primal time; peak RSS (VmHWM) of a process running one call", box=box.SIMPLE_HEAVY)
    for col, just in (("kernel", "left"), ("primal", "right"), ("gradient", "right"), ("ratio", "right"),
                      ("peak RSS primal", "right"), ("peak RSS gradient", "right"),
                      ("extra (≈ tape)", "right"), ("enzyme-opt", "right"), ("check", "left")):
        table.add_column(col, justify=just)
    rows, notes = {}, []
    for name, entry in kernels.items():
        role = KERNELS[name]["reverse"]
        if not role:
            continue
        row: dict = {"desc": entry["desc"], "in_target": role is True}
        t = entry.get("run", {}).get("times", {})
        p = t.get("primal")
        row["primal_s"] = p
        why = kernel_status(entry, "rev")
        if why or "gradient" not in t or not p:
            row["failed"] = why or "not timed"
        else:
            row["gradient_s"] = t["gradient"]
            row["ratio"] = t["gradient"] / p
            exe = entry["build"]["exe"]
            rp, rg = run_mem(exe, "primal"), run_mem(exe, "gradient")
            row["maxrss_primal_kb"], row["maxrss_gradient_kb"] = rp, rg
            row["extra_mb"] = (rg - rp) / 1024 if rp is not None and rg is not None else None
        row["tool_s"] = entry["build"].get("enzyme-opt_s")
        checks = entry.get("run", {}).get("checks", [])
        worst = max((c["relerr"] for c in checks if c["group"] == "rev" and c["ok"]), default=None)
        row["max_check_relerr"] = worst if "failed" not in row else None
        rows[name] = row
        label = name if role is True else f"{name} (extra)"
        if "failed" in row:
            notes.append(f"{name}: failed: {row['failed']}")
            table.add_row(label, fmt_time(p), f"[red]failed ({len(notes)})[/red]", "-", "-", "-", "-", "-", "-")
        else:
            mb = lambda kb: f"{kb / 1024:.1f} MB" if kb is not None else "-"  # noqa: E731
            table.add_row(label, fmt_time(p), fmt_time(row["gradient_s"]),
                          fmt_ratio(row["ratio"], kernel_target(name)),
                          mb(row["maxrss_primal_kb"]), mb(row["maxrss_gradient_kb"]),
                          f"+{row['extra_mb']:.1f} MB" if row["extra_mb"] is not None else "-",
                          fmt_time(row["tool_s"]), f"rel.err ≤ {worst:.0e}" if worst is not None else "-")
    console.print(table)
    for i, note in enumerate(notes, 1):
        console.print(f"  ({i}) {note}", highlight=False)
    target_rows = [r for r in rows.values() if r["in_target"]]
    ratios = [r["ratio"] for r in target_rows if "ratio" in r]
    failed = [n for n, r in rows.items() if r["in_target"] and "failed" in r]
    geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios)) if ratios else None
    over = [n for n, r in rows.items() if r["in_target"] and r.get("ratio", math.inf) > kernel_target(n)]
    met = geo is not None and geo <= REV_TARGET and not failed and not over
    note = f" over {len(ratios)} of {len(target_rows)} kernels ({', '.join(failed)} failed)" if failed else ""
    console.print(f"  geometric-mean gradient/primal ratio: {fmt_ratio(geo, REV_TARGET)}{note}; "
                  f"target ≤ {REV_TARGET}× and every kernel ≤ {REV_KERNEL_TARGET}×: {verdict(met)}"
                  + (f" ({', '.join(over)} over)" if over else ""))
    return dict(rows=rows, geomean_ratio=geo, geomean_over=[n for n, r in rows.items() if r["in_target"] and "ratio" in r],
                failed=failed, target=REV_TARGET, target_met=met)


def kernel_target(name: str) -> float:
    return REV_KERNEL_TARGET


def split_table(kernels: dict) -> dict:
    console.rule("[bold]4. Split and batched reverse mode")
    table = Table(title="split ÷ combined gradient; four gradients (enzyme_width 4) ÷ one",
                  box=box.SIMPLE_HEAVY)
    for col, just in (("kernel", "left"), ("gradient", "right"), ("split", "right"), ("ratio", "right"),
                      ("width 4", "right"), ("ratio", "right")):
        table.add_column(col, justify=just)
    rows, notes = {}, []
    for name, entry in kernels.items():
        if not KERNELS[name].get("split"):
            continue
        t = entry.get("run", {}).get("times", {})
        g = t.get("gradient")
        row: dict = {"desc": entry["desc"], "gradient_s": g}
        for key, thunk, group in (("split", "gradient_split", "split"), ("width4", "gradient_w4", "rev_w4")):
            why = kernel_status(entry, group)
            row[key] = ({"failed": why or "not timed"} if why or thunk not in t or not g
                        else {"time_s": t[thunk], "ratio": t[thunk] / g})
        rows[name] = row

        def cells(r, target):
            if r is None:
                return "-", "-"
            if "failed" in r:
                notes.append(f"{name}: failed: {r['failed']}")
                return f"[red]failed ({len(notes)})[/red]", "-"
            return fmt_time(r["time_s"]), fmt_ratio(r["ratio"], target)
        table.add_row(name, fmt_time(g), *cells(row["split"], SPLIT_TARGET),
                      *cells(row["width4"], BATCH_W4_TARGET))
    console.print(table)
    for i, note in enumerate(notes, 1):
        console.print(f"  ({i}) {note}", highlight=False)
    met_s = bool(rows) and all(r["split"].get("ratio", math.inf) <= SPLIT_TARGET for r in rows.values())
    met_w = bool(rows) and all(r["width4"].get("ratio", math.inf) <= BATCH_W4_TARGET for r in rows.values())
    console.print(f"  split ≤ {SPLIT_TARGET}× combined: {verdict(met_s)};  "
                  f"width 4 ≤ {BATCH_W4_TARGET}× one gradient: {verdict(met_w)}")
    return dict(rows=rows, target_split=SPLIT_TARGET, target_width4=BATCH_W4_TARGET,
                split_target_met=met_s, width4_target_met=met_w)


# --------------------------------------------------------------------------------------------

def markdown_summary(res: dict) -> str:
    """The figures as markdown tables, for docs/performance.md."""
    m = res["machine"]
    out = [f"Measured {res['started']} on {m.get('cpu', '?')} ({m['cores']} cores), {m.get('clang', '')}, "
           f"enzyme-opt {m.get('enzyme_opt_git', '?')}; min {res['settings']['min_time_s']} s per timing, "
           f"best of {res['settings']['reps']}.", ""]
    if "parse" in res:
        p = res["parse"]
        out += ["| instructions | parse | print | parse+print | instr/s | time/instr vs smallest | parse, GC off |",
                "|---:|---:|---:|---:|---:|---:|---:|"]
        for r in p["rows"]:
            out.append(f"| {r['instructions']:,} | {fmt_time(r['parse_s'])} | {fmt_time(r['print_s'])} | "
                       f"{fmt_time(r['total_s'])} | {r['inst_per_s']:,.0f} | {r['time_per_inst_ratio']:.2f} | "
                       f"{fmt_time(r['parse_nogc_s'])} |")
        out += ["", f"Target ≥ {PARSE_TARGET:,} instr/s: {'met' if p['target_met'] else 'missed'}.", ""]
    if "forward" in res:
        f = res["forward"]
        out += ["| kernel | primal | tangent | ratio (≤ 1.5×) | width 4 | ratio (≤ 3×) |",
                "|---|---:|---:|---:|---:|---:|"]
        for name, r in f["rows"].items():
            cells = []
            for key in ("tangent", "width4"):
                x = r[key]
                cells += (["-", "-"] if x is None else [f"failed: {x['failed']}", "-"] if "failed" in x
                          else [fmt_time(x["time_s"]), f"{x['ratio']:.2f}×"])
            out.append(f"| {name} | {fmt_time(r['primal_s'])} | " + " | ".join(cells) + " |")
        out += ["", f"One direction: {'met' if f['tangent_target_met'] else 'missed'}; "
                    f"width 4: {'met' if f['width4_target_met'] else 'missed'}.", ""]
    if "reverse" in res:
        rv = res["reverse"]
        out += ["| kernel | primal | gradient | ratio | peak RSS primal | peak RSS gradient | extra (≈ tape) | enzyme-opt |",
                "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for name, r in rv["rows"].items():
            label = name if r["in_target"] else f"{name} (extra)"
            if "failed" in r:
                out.append(f"| {label} | {fmt_time(r['primal_s'])} | failed: {r['failed']} | - | - | - | - | - |")
            else:
                mb = lambda kb: f"{kb / 1024:.1f} MB" if kb is not None else "-"  # noqa: E731
                out.append(f"| {label} | {fmt_time(r['primal_s'])} | {fmt_time(r['gradient_s'])} | "
                           f"{r['ratio']:.2f}× | {mb(r['maxrss_primal_kb'])} | {mb(r['maxrss_gradient_kb'])} | "
                           f"+{r['extra_mb']:.1f} MB | {fmt_time(r['tool_s'])} |")
        geo = rv["geomean_ratio"]
        over = f" over {', '.join(rv['geomean_over'])}" if rv["failed"] else ""
        out += ["", f"Geometric mean{over}: {geo:.2f}× (target ≤ {REV_TARGET}×, every kernel ≤ "
                    f"{REV_KERNEL_TARGET}×: "
                    f"{'met' if rv['target_met'] else 'missed'})." if geo else "No reverse kernel measured.", ""]
    if "split" in res:
        sp = res["split"]
        out += [f"| kernel | gradient | split | ratio (≤ {SPLIT_TARGET}×) | width 4 | ratio (≤ {BATCH_W4_TARGET}×) |",
                "|---|---:|---:|---:|---:|---:|"]
        for name, r in sp["rows"].items():
            cells = []
            for key in ("split", "width4"):
                x = r[key]
                cells += ([f"failed: {x['failed']}", "-"] if "failed" in x
                          else [fmt_time(x["time_s"]), f"{x['ratio']:.2f}×"])
            out.append(f"| {name} | {fmt_time(r['gradient_s'])} | " + " | ".join(cells) + " |")
        out += ["", f"Split: {'met' if sp['split_target_met'] else 'missed'}; "
                    f"width 4: {'met' if sp['width4_target_met'] else 'missed'}.", ""]
    if "api" in res:
        out += api_overhead.markdown(res["api"])
    if "tool" in res:
        out += ["", "enzyme-opt end to end (`enzyme-opt m.ll -S -o out.ll`):", ""] + tool_bench.markdown(res["tool"])
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sections", default="parse,forward,reverse,split,api,tool,openmp")
    ap.add_argument("--quick", action="store_true", help="short timings and small modules (smoke test)")
    ap.add_argument("--min-time", type=float, default=None, help="seconds per timed repetition (default 0.2)")
    ap.add_argument("--reps", type=int, default=None, help="repetitions, best taken (default 3)")
    ap.add_argument("--cpu-time", action="store_true",
                    help="kernels time their CPU time, not wall-clock time (on a machine shared with "
                         "other work, where being preempted moves wall-clock ratios)")
    args = ap.parse_args()
    sections = {s.strip() for s in args.sections.split(",") if s.strip()}
    min_s = args.min_time or (0.02 if args.quick else 0.2)
    reps = args.reps or (1 if args.quick else 3)
    sizes = [5_000, 10_000, 20_000] if args.quick else [20_000, 80_000, 320_000]

    for tool in (CLANG, ENZYME_OPT):
        if not shutil.which(tool):
            console.print(f"[red]{tool} not found[/red] (run `make venv toolchain`)")
            return 2
    OUT.mkdir(parents=True, exist_ok=True)
    t_start = time.perf_counter()
    results: dict = {"machine": machine_info(), "settings": {"min_time_s": min_s, "reps": reps, "quick": args.quick,
                                                             "cpu_time": args.cpu_time},
                     "started": time.strftime("%Y-%m-%d %H:%M:%S")}
    console.print(f"[bold]enzyme-opt benchmarks[/bold] — {results['machine'].get('cpu', '?')}, "
                  f"{results['machine']['cores']} cores; min {min_s} s per timing, best of {reps}")
    if "parse" in sections:
        results["parse"] = bench_parse(sizes, reps)
    if sections & {"forward", "reverse", "split"}:
        results.update(bench_kernels(sections, min_s, reps, args.cpu_time))
    if "api" in sections:
        console.rule("[bold]5. Python API")
        results["api"] = api_overhead.bench_api(build_kernel, min_s, reps)
        for line in api_overhead.markdown(results["api"]):
            console.print(line, highlight=False, markup=False)
    if "tool" in sections:
        console.rule("[bold]6. The tool itself")
        results["tool"] = tool_bench.bench_tool((8, 16, 32) if args.quick else tool_bench.SIZES, reps,
                                                log=lambda line: console.print(line, highlight=False))
        for line in tool_bench.markdown(results["tool"]):
            console.print(line, highlight=False, markup=False)
    if "openmp" in sections:
        console.rule("[bold]7. OpenMP")
        results["openmp"] = omp_bench.bench_openmp(min_s, reps, log=lambda line: None)
        for line in omp_bench.markdown(results["openmp"]):
            console.print(line, highlight=False, markup=False)
    results["wall_s"] = time.perf_counter() - t_start
    path = OUT / "results.json"
    path.write_text(json.dumps(results, indent=2) + "\n")
    md = OUT / "results.md"
    md.write_text(markdown_summary(results))
    console.print(f"\nwrote {path.relative_to(ROOT)} and {md.relative_to(ROOT)} ({results['wall_s']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

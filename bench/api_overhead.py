#!/usr/bin/env python3
"""The Python API's costs (`make bench`, section "api"; alone: `bench/run.py --sections api`).

1. Call overhead: time per call of cached API calls on kernels that do almost nothing
   (`c*x*x`, `x[0]*x[1]`), next to the floor — one ctypes call of the compiled entry point
   with its arguments already packed.
2. Gradient through the API vs through a C harness: the reverse-mode gradient of the bench
   kernels (dot, GMM, LSTM), called from Python with NumPy arrays
   (`autodiff(Reverse, f, Active, Duplicated(a, da), …)`) and from C (`K.bin only gradient`,
   the binary `bench/run.py` builds), same kernel, same sizes.  Each API gradient is first
   checked against a fourth-order central difference in one coordinate.
3. Compile time of one request: cold (enzyme-opt + LLVM -O2 + codegen + linking) and from the
   disk cache (linking only).

Timings: calls repeated until a repetition lasts >= min_s, best of `reps` repetitions.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from enzyme_opt import Active, Const, Duplicated, Reverse, autodiff, gradient, load  # noqa: E402

TINY = """
double scaled_square(double x, double c) { return c * x * x; }
double mul(const double *x) { return x[0] * x[1]; }
"""

#: kernel -> its function, its arrays (name, size, differentiated, and the `bench_fill`
#: seed and range its harness fills it with) and its integer arguments
KERNELS = {
    "dot": dict(function="dot", arrays=[("a", 1_000_000, True, 1, -1, 1),
                                        ("b", 1_000_000, True, 2, -1, 1)], ints=[1_000_000]),
    "gmm": dict(function="gmm_objective",
                arrays=[("alphas", 16, True, 6, -1, 1), ("means", 256, True, 7, -2, 2),
                        ("q", 256, True, 8, -0.5, 0.5), ("x", 32_000, False, 5, -2, 2)],
                ints=[2000]),
    "lstm": dict(function="lstm_loss",
                 arrays=[("W", 2048, True, 11, -0.3, 0.3), ("b", 64, True, 12, -0.1, 0.1),
                         ("xs", 4800, False, 9, -1, 1), ("ys", 4800, False, 10, -0.5, 0.5)],
                 ints=[300]),
}
CHECK_TOLERANCE = 1e-6


def best_time(call, min_s: float, reps: int) -> float:
    """Seconds per call: the best of `reps` repetitions lasting >= min_s each."""
    n = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(n):
            call()
        dt = time.perf_counter() - t0
        if dt >= min_s:
            break
        n = max(2 * n, int(n * 1.2 * min_s / dt) + 1) if dt > 0 else 10 * n
    best = dt / n
    for _ in range(reps - 1):
        t0 = time.perf_counter()
        for _ in range(n):
            call()
        best = min(best, (time.perf_counter() - t0) / n)
    return best


def call_overhead(min_s: float, reps: int) -> dict:
    m = load(TINY, language="c")
    h, mul = m["scaled_square"], m["mul"]
    x, dx = np.array([2.0, 3.0]), np.zeros(2)
    calls = {
        "autodiff(Reverse, h, Active, Active(2.0), Const(3.0))":
            lambda: autodiff(Reverse, h, Active, Active(2.0), Const(3.0)),
        "autodiff(Reverse, mul, Active, Duplicated(x, dx))":
            lambda: autodiff(Reverse, mul, Active, Duplicated(x, dx)),
        "gradient(Reverse, mul, x)": lambda: gradient(Reverse, mul, x),
        "h(2.0, 3.0) (the primal)": lambda: h(2.0, 3.0),
    }
    rows = {}
    for name, call in calls.items():
        call()  # compile
        rows[name] = best_time(call, min_s, reps)
    plan = next(iter(mul.plans.values()))
    packed = plan.packer.pack([Duplicated(x, dx)])
    rows["floor: one ctypes call of the entry point, arguments packed"] = \
        best_time(lambda: plan.entry.call(packed), min_s, reps)
    return rows


def bench_fill(n: int, seed: int, lo: float, hi: float) -> np.ndarray:
    """bench.h's bench_fill: the harnesses' inputs, so both sides compute on the same data
    (branches and libm's fast paths depend on it)."""
    out = np.empty(n)
    s = (seed * 2654435761 + 12345) & 0xFFFFFFFF
    for i in range(n):
        s = (s * 1664525 + 1013904223) & 0xFFFFFFFF
        out[i] = (s >> 8) / 16777216.0
    return lo + (hi - lo) * out


def kernel_inputs(spec: dict) -> tuple[list, list]:
    """(annotated arguments, the arrays of the differentiated ones)."""
    args, active = [], []
    for _, size, differentiated, seed, lo, hi in spec["arrays"]:
        values = bench_fill(size, seed, lo, hi)
        if differentiated:
            shadow = np.zeros(size)
            args.append(Duplicated(values, shadow))
            active.append((values, shadow))
        else:
            args.append(Const(values))
    args += [Const(n) for n in spec["ints"]]
    return args, active


def check(function, args, active) -> float:
    """Relative error of the API gradient in one coordinate against a
    fourth-order central difference (h = 1e-3), as the C harnesses check."""
    values, shadow = active[0]
    shadow[:] = 0
    autodiff(Reverse, function, Active, *args)
    i, h = len(values) // 3, 1e-3
    plain = [a.val for a in args]
    keep = values[i]
    samples = []
    for step in (2, 1, -1, -2):
        values[i] = keep + step * h
        samples.append(function(*plain))
    values[i] = keep
    fd = (-samples[0] + 8 * samples[1] - 8 * samples[2] + samples[3]) / (12 * h)
    return abs(shadow[i] - fd) / max(abs(fd), 1e-300)


def harness_time(build_kernel, name: str, min_s: float, reps: int) -> float | None:
    info = build_kernel(name)
    if "error" in info:
        return None
    best = None
    for _ in range(reps):
        run = subprocess.run([info["exe"], "only", "gradient", str(min_s)], capture_output=True,
                             text=True, timeout=600)
        for line in run.stdout.splitlines():
            parts = line.split()
            if parts[:2] == ["time", "gradient"]:
                best = float(parts[2]) if best is None else min(best, float(parts[2]))
    return best


def api_vs_harness(build_kernel, min_s: float, reps: int) -> dict:
    rows = {}
    for name, spec in KERNELS.items():
        row: dict = {}
        try:
            m = load(HERE / "kernels" / f"{name}.c", cflags=["-O2", f"-I{HERE / 'kernels'}"])
            function = m[spec["function"]]
            args, active = kernel_inputs(spec)
            row["check_relerr"] = check(function, args, active)
            if row["check_relerr"] > CHECK_TOLERANCE:
                row["failed"] = f"wrong gradient (relative error {row['check_relerr']:.1e})"
            else:
                row["api_s"] = best_time(lambda: autodiff(Reverse, function, Active, *args),
                                         min_s, reps)
        except Exception as exc:  # noqa: BLE001 - reported in the table
            row["failed"] = f"{type(exc).__name__}: {exc}"
        row["c_s"] = harness_time(build_kernel, name, min_s, reps)
        if "api_s" in row and row["c_s"]:
            row["ratio"] = row["api_s"] / row["c_s"]
        rows[name] = row
    return rows


def compile_times() -> dict:
    source = TINY + "double cubes(const double *x, int n) { double s = 0; " \
                    "for (int i = 0; i < n; i++) s += x[i] * x[i] * x[i]; return s; }\n"
    x = np.ones(8)
    with tempfile.TemporaryDirectory() as cache:
        times = {}
        for label in ("cold", "disk cache"):
            f = load(source, language="c", cache_dir=cache)["cubes"]
            t0 = time.perf_counter()
            gradient(Reverse, f, x, 8)
            times[label] = time.perf_counter() - t0
    return times


def bench_api(build_kernel, min_s: float, reps: int) -> dict:
    return {"overhead": call_overhead(min_s, reps),
            "kernels": api_vs_harness(build_kernel, min_s, reps),
            "compile": compile_times()}


def fmt(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.2f} µs"


def markdown(res: dict) -> list[str]:
    out = ["| cached call | time per call |", "|---|---:|"]
    out += [f"| `{name}` | {fmt(t)} |" for name, t in res["overhead"].items()]
    out += ["", "| kernel | gradient through the API | through the C harness | API / C | check |",
            "|---|---:|---:|---:|---|"]
    for name, r in res["kernels"].items():
        if "failed" in r:
            out.append(f"| {name} | failed: {r['failed']} | {fmt(r.get('c_s'))} | - | - |")
        else:
            ratio = f"{r['ratio']:.2f}×" if "ratio" in r else "-"
            out.append(f"| {name} | {fmt(r['api_s'])} | {fmt(r['c_s'])} | {ratio} | "
                       f"rel.err {r['check_relerr']:.0e} |")
    c = res["compile"]
    out += ["", f"Compiling one request: {c['cold'] * 1e3:.0f} ms cold, "
                f"{c['disk cache'] * 1e3:.0f} ms from the disk cache.", ""]
    return out

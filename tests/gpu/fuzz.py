"""Random CUDA kernels, differentiated and checked like the hand-written ones.

    python tests/gpu/fuzz.py OUT [--count N] [--start SEED] [--levels O1,O2,O3]

Each seed writes one kernel (``OUT/src/k<seed>.cu``) with the entry points of
``kernels/enzyme.h``: a random expression of ``x[i]`` and its neighbours in one
of six shapes that exercise what is particular to GPUs —

* ``elementwise``: reads ``x[i-1]``, ``x[i]``, ``x[i+1]`` from global memory (the
  adds into ``dx`` collide between threads: they must stay atomic);
* ``tile``: the same through a ``__shared__`` tile with halo cells and a barrier;
* ``two_phase``: a tile, a barrier, a second tile of values computed from the
  first, another barrier (shared shadows across two mirrored barriers);
* ``reduce``: every thread ``atomicAdd``s its value into ``y[0]``;
* ``gridstride``: a grid-stride loop carrying a value from one element to the
  next (the tape of a loop);
* ``warp``: warp shuffles (``__shfl_down_sync``, ``__shfl_up_sync``,
  ``__shfl_xor_sync``, the broadcast ``__shfl_sync``) combining each lane's value
  with another's;

in double or single precision (float kernels use CUDA's fast intrinsics; the
reduction is always double: float sums of atomic adds in any order are too
noisy for float differences), with
an out-of-line ``__device__`` helper half of the time.  ``build.py`` compiles
each at every level and ``run.py`` checks gradient and tangent against finite
differences: on the CPU here (``--emulate``, the default), or, with the
directory carried to a GPU machine, ``python3 OUT/run.py OUT --no-bench``.
Every kernel is also differentiated with enzyme-opt --no-reuse (the conservative
reverse sweep: every value it reads from the tape) and ``run.py`` requires its
gradient and tangents to be the default's (checks ``reuse-reverse`` and
``reuse-forward``; ``--no-compare`` skips that, for speed experiments only).
Exit status 1 when a derivative disagreed or a kernel did not build.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import build  # noqa: E402  (tests/gpu/build.py)

SHAPES = ("elementwise", "tile", "two_phase", "reduce", "gridstride", "warp")
BLOCK = 64
N = 517  # nine blocks, the last one partial


class Expression:
    """Random expressions over named leaves, in C for one element type."""

    def __init__(self, rng: random.Random, dtype: str):
        self.rng = rng
        self.float = dtype == "float32"
        self.t = "float" if self.float else "double"

    def const(self) -> str:
        value = round(self.rng.uniform(-2.0, 2.0), 3)
        return f"{value}f" if self.float else f"{value}"

    def positive(self, u: str) -> str:  # a value ≥ 1, for logs, roots and powers
        one = "1.0f" if self.float else "1.0"
        return f"({one} + {u} * {u})"

    def unary(self, u: str) -> str:
        f = "f" if self.float else ""
        choices = [f"sin{f}({u})", f"cos{f}({u})", f"tanh{f}({u})", f"atan{f}({u})",
                   f"erf{f}({u})", f"exp{f}(0.5{f} * {u})", f"sqrt{f}({self.positive(u)})",
                   f"log1p{f}({u} * {u})", f"rsqrt{f}({self.positive(u)})",
                   f"pow{f}({self.positive(u)}, 1.5{f})", f"({u} * {u})"]
        if self.float:  # CUDA's fast intrinsics
            choices += [f"__expf(0.5f * {u})", f"__sinf({u})", f"__cosf({u})",
                        f"__logf({self.positive(u)})"]
        return self.rng.choice(choices)

    def binary(self, u: str, v: str) -> str:
        f = "f" if self.float else ""
        # no fmin/fmax: a kink within a finite-difference step of some element would make
        # the oracle wrong, not the derivative (the C fuzzer, which can discard such
        # points, covers them)
        choices = [f"({u} + {v})", f"({u} - {v})", f"({u} * {v})", f"({u} / {self.positive(v)})",
                   f"({self.const()} * {u} + {v})"]
        if self.float:
            choices.append(f"__fdividef({u}, {self.positive(v)})")
        return self.rng.choice(choices)

    def tree(self, leaves: list[str], depth: int = 3) -> str:
        if depth == 0 or self.rng.random() < 0.2:
            return self.rng.choice(leaves) if self.rng.random() < 0.85 else self.const()
        if self.rng.random() < 0.45:
            return self.unary(self.tree(leaves, depth - 1))
        return self.binary(self.tree(leaves, depth - 1), self.tree(leaves, depth - 1))


def kernel_source(seed: int) -> tuple[str, dict]:
    """The CUDA source of kernel ``k<seed>`` and its launch facts for build.py."""
    rng = random.Random(seed)
    shape = rng.choice(SHAPES)
    # float sums of many atomic adds, in any order, are too noisy for float differences
    dtype = "float64" if shape == "reduce" else rng.choice(("float64", "float64", "float32"))
    e = Expression(rng, dtype)
    t, zero = e.t, ("0.0f" if e.float else "0.0")
    name = f"k{seed}"
    lines = ['#include "enzyme.h"', ""]
    helper = rng.random() < 0.5
    if helper:
        lines += [f"__device__ __noinline__ {t} helper({t} p, {t} q) {{",
                  f"  return {e.tree(['p', 'q'], 2)};", "}", ""]

    def value(leaves: list[str]) -> str:
        expr = e.tree(leaves)
        return f"helper({expr}, {rng.choice(leaves)})" if helper and rng.random() < 0.7 else expr

    lines.append(f"__device__ void {name}(const {t} *x, {t} *y, int n) {{")
    body = []
    index = "int i = blockIdx.x * blockDim.x + threadIdx.x;"
    if shape == "elementwise":
        body += [index, "if (i < n) {",
                 f"  {t} a = x[i], b = i > 0 ? x[i - 1] : {zero},",
                 f"      c = i + 1 < n ? x[i + 1] : {zero};",
                 f"  y[i] = {value(['a', 'b', 'c'])};", "}"]
    elif shape in ("tile", "two_phase"):
        body += [f"__shared__ {t} tile[{BLOCK} + 2];", index, "int s = threadIdx.x + 1;",
                 f"tile[s] = i < n ? x[i] : {zero};",
                 f"if (threadIdx.x == 0) tile[0] = i > 0 && i <= n ? x[i - 1] : {zero};",
                 f"if (threadIdx.x == blockDim.x - 1) tile[s + 1] = i + 1 < n ? x[i + 1] : {zero};",
                 "__syncthreads();",
                 f"{t} a = tile[s], b = tile[s - 1], c = tile[s + 1];"]
        if shape == "two_phase":
            body += [f"__shared__ {t} mid[{BLOCK}];",
                     f"mid[threadIdx.x] = {value(['a', 'b', 'c'])};",
                     "__syncthreads();",
                     f"{t} l = threadIdx.x > 0 ? mid[threadIdx.x - 1] : a;",
                     f"{t} m = mid[threadIdx.x];",
                     "if (i < n)", f"  y[i] = {value(['l', 'm', 'a'])};"]
        else:
            body += ["if (i < n)", f"  y[i] = {value(['a', 'b', 'c'])};"]
    elif shape == "reduce":
        body += [index, "if (i < n) {", f"  {t} a = x[i];",
                 f"  atomicAdd(y, {value(['a'])});", "}"]
    elif shape == "warp":  # every thread shuffles: the loads are guarded, not the shuffles
        body += [index, f"{t} a = i < n ? x[i] : {zero};", f"{t} v = {value(['a'])};"]
        for _ in range(rng.randint(1, 3)):
            call = rng.choice(["__shfl_down_sync(0xffffffffu, v, {})",
                               "__shfl_up_sync(0xffffffffu, v, {})",
                               "__shfl_xor_sync(0xffffffffu, v, {})",
                               "__shfl_sync(0xffffffffu, v, {})"])
            body.append(f"v = {e.binary('v', call.format(rng.choice((1, 2, 4, 8, 16, 0, 31))))};")
        body += ["if (i < n)", "  y[i] = v;"]
    else:  # gridstride
        half = "0.5f" if e.float else "0.5"
        body += [f"{t} p = {e.const()};",
                 "for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;"
                 " i += blockDim.x * gridDim.x) {",
                 f"  {t} a = x[i];", f"  y[i] = {value(['a', 'p'])};",
                 f"  p = {half} * p + {half} * {e.unary('a')};", "}"]
    lines += ["  " + line for line in body]
    lines += ["}", "", f"ENZYME_ENTRY_POINTS_OF({t}, {name})", ""]
    spec = dict(n=N, block=BLOCK, m=1 if shape == "reduce" else "n", bench_n=N, timed=False,
                x=(-1.0, 1.0), dtype=dtype, shape=shape)
    if shape == "gridstride":
        spec["grid"] = 3
    return "\n".join(lines), spec


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="directory for the kernels, PTX, inputs and manifest")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--levels", default="O1,O2,O3", help="clang levels (comma-separated)")
    parser.add_argument("--arch", default="sm_80")
    parser.add_argument("--no-run", action="store_true", help="build only (for a GPU machine)")
    parser.add_argument("--no-compare", action="store_true",
                        help="skip the conservative build (enzyme-opt --no-reuse) and run.py's "
                             "comparison of the two derivatives")
    args = parser.parse_args(argv)
    src = os.path.join(args.out, "src")
    os.makedirs(src, exist_ok=True)
    enzyme_opt = build._enzyme_opt()
    rng = random.Random(args.start)
    manifest = {"arch": args.arch, "directions": 2, "kernels": []}
    failed_builds = []
    for seed in range(args.start, args.start + args.count):
        text, spec = kernel_source(seed)
        path = os.path.join(src, f"k{seed}.cu")
        with open(path, "w") as handle:
            handle.write(text)
        for level in args.levels.split(","):
            name = f"k{seed}_{level}"
            try:
                entry = build.build_kernel(name, {**spec, "source": path, "opt": level,
                                                  "conservative": not args.no_compare},
                                           args.out, args.arch, enzyme_opt, rng)
            except SystemExit:
                failed_builds.append(name)
                continue
            entry["shape"] = spec["shape"]
            manifest["kernels"].append(entry)
    with open(os.path.join(args.out, "manifest.json"), "w") as handle:
        json.dump(manifest, handle, indent=2)
    for script in ("run.py", "emulate.py"):
        shutil.copy(os.path.join(HERE, script), os.path.join(args.out, script))
    print(f"fuzz.py: built {len(manifest['kernels'])} kernels, "
          f"{len(failed_builds)} failed to build{': ' if failed_builds else ''}"
          f"{', '.join(failed_builds)}")
    if args.no_run:
        return 1 if failed_builds else 0
    proc = subprocess.run([sys.executable, os.path.join(args.out, "run.py"), args.out,
                           "--emulate", "--no-bench"], capture_output=True, text=True)
    wrong = [line for line in proc.stdout.splitlines() if "WRONG" in line or "FAILED" in line]
    print("\n".join(wrong))
    passed = [line for line in proc.stdout.splitlines() if line.rstrip().endswith(" ok")]
    reuse = sum(1 for line in passed if " reuse-" in line)
    print(f"fuzz.py: {len(passed)} checks passed ({reuse} of them the default derivative "
          f"against --no-reuse's), {len(wrong)} wrong or failed "
          f"(seeds {args.start}..{args.start + args.count - 1}, levels {args.levels})")
    return 1 if wrong or failed_builds or proc.returncode not in (0, 1) else 0


if __name__ == "__main__":
    sys.exit(main())

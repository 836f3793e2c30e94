"""Build half of the GPU tests: CUDA kernels → PTX, inputs and a manifest.

Runs where clang-22 and enzyme-opt are (no GPU needed):

    python tests/gpu/build.py OUT_DIR [--arch sm_80] [--kernel NAME ...]

For each kernel in ``kernels/``: clang-22 compiles the CUDA source
(device-only, CUDA headers, ``-nocudalib``) to LLVM IR, enzyme-opt
differentiates it and emits PTX (``-O2 --emit asm``, libdevice linked).
Inputs (``x``, directions ``v``, seeds ``dy``) are written as raw float64
files (float32 for a kernel whose ``dtype`` says so), and ``manifest.json``
says how to launch everything.  ``run.py`` is copied next to them: the
directory is all the GPU machine needs (with
NumPy and CuPy; no clang, no network).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "kernels")
CLANG = os.environ.get("CLANG", "clang-22")
CUDA_PATH = os.environ.get("CUDA_PATH", "/usr/local/cuda")

#: name → launch facts.  ``m`` is the length of y ("n": one output per
#: element; 1: a reduction).  ``grid``: a fixed number of blocks (a grid-stride
#: loop), else enough blocks for n; ``bench_grid`` overrides it for timing (a
#: grid-stride kernel is timed as usually launched, filling the GPU).
#: ``bench_n``: elements for the timing runs; ``timed``: one of the kernels whose
#: gradient/primal time ratio is reported.  ``x``: (low, high) of the inputs.
#: ``dtype``: the element type (default float64).  ``width``: lanes of a batched
#: kernel's shadows (enzyme_width; default 1).  ``source`` and ``opt`` (a kernel
#: from elsewhere, compiled at another clang level) are for tests/gpu/fuzz.py, and
#: ``conservative``: the kernel is differentiated a second time with enzyme-opt
#: --no-reuse (its PTX and IR in the manifest's ``conservative``), and run.py
#: compares the two derivatives.
SPECS = {
    "elementwise": dict(n=4099, block=128, m="n", bench_n=1 << 24, timed=True, x=(-2.0, 2.0)),
    "reduce_atomic": dict(n=4099, block=128, m=1, bench_n=1 << 24, timed=False, x=(-2.0, 2.0)),
    "reduce_tree": dict(n=4099, block=256, m=1, bench_n=1 << 24, timed=True, x=(-2.0, 2.0)),
    "stencil": dict(n=4099, block=256, m="n", bench_n=1 << 24, timed=True, x=(-2.0, 2.0)),
    "calltree": dict(n=4099, block=128, m="n", bench_n=1 << 24, timed=False, x=(-1.0, 1.0)),
    "gridstride": dict(n=4099, block=64, grid=8, m="n", bench_n=1 << 24, timed=True,
                       x=(-1.5, 1.5), bench_grid=2112),
    "elementwise_w2": dict(n=4099, block=128, m="n", bench_n=1 << 24, timed=True,
                           x=(-2.0, 2.0), width=2),
    "warp_reduce": dict(n=4099, block=128, m=1, bench_n=1 << 24, timed=True, x=(-2.0, 2.0),
                        dtype="float32"),
    "warp_reduce_f64": dict(n=4099, block=128, m=1, bench_n=1 << 24, timed=False,
                            x=(-2.0, 2.0)),
    "softplus_f32": dict(n=4099, block=256, m="n", bench_n=1 << 24, timed=True, x=(-2.0, 2.0),
                         dtype="float32"),
}
#: element type → the struct format of its raw input files
FORMATS = {"float64": "d", "float32": "f"}
DIRECTIONS = 3
SEED = 20261124


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="directory to write the PTX, inputs and manifest to")
    parser.add_argument("--arch", default="sm_80", help="GPU architecture (default sm_80)")
    parser.add_argument("--kernel", action="append", choices=sorted(SPECS),
                        help="build only these kernels (default: all)")
    parser.add_argument("--enzyme-opt", default=None, help="the enzyme-opt command")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    enzyme_opt = args.enzyme_opt or _enzyme_opt()
    rng = random.Random(SEED)
    manifest = {"arch": args.arch, "directions": DIRECTIONS, "kernels": []}
    for name in args.kernel or sorted(SPECS):
        entry = build_kernel(name, SPECS[name], args.out, args.arch, enzyme_opt, rng)
        manifest["kernels"].append(entry)
        print(f"built {name}: {entry['ptx']}")
    with open(os.path.join(args.out, "manifest.json"), "w") as handle:
        json.dump(manifest, handle, indent=2)
    for script in ("run.py", "emulate.py"):
        shutil.copy(os.path.join(HERE, script), os.path.join(args.out, script))
    print(f"wrote {os.path.join(args.out, 'manifest.json')}")
    return 0


def build_kernel(name: str, spec: dict, out: str, arch: str, enzyme_opt: list[str],
                 rng: random.Random) -> dict:
    source = spec.get("source") or os.path.join(KERNELS, name + ".cu")
    ll = os.path.join(out, name + ".ll")
    _run([CLANG, "-x", "cuda", "--cuda-device-only", f"--cuda-gpu-arch={arch}",
          f"--cuda-path={CUDA_PATH}", "-nocudalib", "-I", os.path.join(HERE, "include"),
          "-I", KERNELS, "-Wno-unknown-cuda-version", f"-{spec.get('opt', 'O2')}", "-S",
          "-emit-llvm", source, "-o", ll])
    ptx = name + ".ptx"
    _run([*enzyme_opt, ll, "-O2", "--emit", "asm", "--mcpu", arch, "-o", os.path.join(out, ptx)])
    # the same, as IR before libdevice and codegen, for emulate.py (the CPU stand-in)
    grad_ll = name + ".grad.ll"
    _run([*enzyme_opt, ll, "-O2", "-S", "-o", os.path.join(out, grad_ll)])
    conservative = None
    if spec.get("conservative"):  # the reference: every value the reverse sweep reads taped
        conservative = {"ptx": name + ".nr.ptx", "ir": name + ".nr.grad.ll"}
        _run([*enzyme_opt, ll, "--no-reuse", "-O2", "--emit", "asm", "--mcpu", arch, "-o",
              os.path.join(out, conservative["ptx"])])
        _run([*enzyme_opt, ll, "--no-reuse", "-O2", "-S", "-o",
              os.path.join(out, conservative["ir"])])
    n = spec["n"]
    m = n if spec["m"] == "n" else spec["m"]
    low, high = spec["x"]
    inputs = {"x": [rng.uniform(low, high) for _ in range(n)],
              "dy": [rng.uniform(-1.0, 1.0) for _ in range(m)]}
    for k in range(DIRECTIONS):
        inputs[f"v{k}"] = [rng.uniform(-1.0, 1.0) for _ in range(n)]
    files = {}
    dtype = spec.get("dtype", "float64")
    for key, values in inputs.items():
        files[key] = f"{name}.{key}.bin"
        _write_values(os.path.join(out, files[key]), values, FORMATS[dtype])
    grid = spec.get("grid") or math.ceil(n / spec["block"])
    bench_grid = spec.get("bench_grid") or spec.get("grid") or \
        math.ceil(spec["bench_n"] / spec["block"])
    entry = {"name": name, "ptx": ptx, "ir": grad_ll, "dtype": dtype,
             "width": spec.get("width", 1), "n": n, "m": m, "block": spec["block"],
             "grid": grid, "inputs": files, "timed": spec["timed"],
             "bench": {"n": spec["bench_n"], "m": spec["bench_n"] if spec["m"] == "n" else m,
                       "grid": bench_grid},
             "entries": {"primal": "primal", "gradient": "gradient", "tangent": "tangent"}}
    if conservative:
        entry["conservative"] = conservative
    return entry


def _write_values(path: str, values: list[float], format: str) -> None:
    with open(path, "wb") as handle:
        handle.write(struct.pack(f"<{len(values)}{format}", *values))


def _enzyme_opt() -> list[str]:
    """This checkout's enzyme-opt: the venv's script, else ``python -m``."""
    script = os.path.join(HERE, "..", "..", ".venv", "bin", "enzyme-opt")
    if os.access(script, os.X_OK):
        return [os.path.abspath(script)]
    return [sys.executable, "-m", "enzyme_opt"]


def _run(cmd: list[str]) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(f"build.py: failed: {' '.join(cmd)}\n{proc.stderr}")
        raise SystemExit(1)


if __name__ == "__main__":
    sys.exit(main())

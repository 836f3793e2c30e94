"""Run half of the GPU tests: load the PTX that build.py made, run the
primal, gradient (reverse mode) and tangent (forward mode) kernels on the
GPU, compare the derivatives with central finite differences of the
primal kernel, and time gradient ÷ primal for the kernels marked timed.

Needs Python with NumPy and CuPy and an NVIDIA GPU — no clang, no network:

    python run.py [DIR] [--kernel NAME] [--repeat N] [--no-bench]

DIR is the directory build.py wrote (default: this script's directory).
Without CuPy or a GPU it says so and exits 0 (skipped).  ``--emulate``
runs the same checks on the CPU instead (emulate.py; needs clang-22): a
dry run of everything but the GPU.  Exit status: 0 when every check
passes (or skipped), 1 when a derivative disagrees, 2 on a usage error.

Checks, for random directions v and a random seed dȳ (from build.py):
reverse  ⟨dx, v⟩ = ⟨dȳ, (f(x+hv) − f(x−hv)) / 2h⟩   (dx = gradient(x, dȳ))
(float kernels: one Richardson step on the difference, whose h is coarse, and
differences within rounding noise of the primal's values count as agreeing)
forward  tangent(x, v) = (f(x+hv) − f(x−hv)) / 2h   (every element)
reuse-*  a kernel built with ``conservative`` (tests/gpu/fuzz.py) is also differentiated
         with enzyme-opt --no-reuse (every value the reverse sweep reads comes from the
         tape): its gradient and tangents must be the default's, to REUSE_REL (relative to
         the largest element; atomic adds into dx in another order round differently)
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys

#: element type → (finite-difference step, relative error allowed); float32
#: differences of a float32 kernel are good to about 1e-4
PRECISION = {"float64": (1e-5, 1e-6), "float32": (1e-2, 2e-3)}
#: rounding noise of a (Richardson) difference quotient, in units of eps·|y| / h
NOISE = 8
#: default and conservative (--no-reuse) derivatives agree to this, relative to the largest
#: element of the array compared (float32: atomic adds in another order, a few roundings)
REUSE_REL = {"float64": 1e-12, "float32": 1e-5}
WARMUP = 3
#: the device malloc heap run.py asks for (CUDA's default is 8 MiB): a kernel
#: whose gradient tapes a loop keeps each thread's tape there
DEVICE_HEAP_MIB = 2048


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check and time enzyme-opt's GPU derivatives.")
    parser.add_argument("dir", nargs="?", default=os.path.dirname(os.path.abspath(__file__)),
                        help="the directory build.py wrote (manifest.json, *.ptx, *.bin)")
    parser.add_argument("--kernel", action="append", help="run only these kernels")
    parser.add_argument("--repeat", type=int, default=20, help="timed launches per kernel")
    parser.add_argument("--no-bench", action="store_true", help="checks only, no timing")
    parser.add_argument("--heap-mib", type=int, default=DEVICE_HEAP_MIB,
                        help="device malloc heap (tapes of loops in kernels live there)")
    parser.add_argument("--emulate", action="store_true",
                        help="run on the CPU (emulate.py, needs clang-22) instead of a GPU")
    parser.add_argument("--in-process", action="store_true",
                        help="run every kernel in this process: faster for many kernels "
                             "(fuzz.py's), but a fault on the GPU ends the whole run")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        manifest = load_manifest(args.dir)
    except ValueError as exc:
        print(f"run.py: error: {exc}", file=sys.stderr)
        return 2
    kernels = [k for k in manifest["kernels"] if not args.kernel or k["name"] in args.kernel]
    unknown = set(args.kernel or ()) - {k["name"] for k in manifest["kernels"]}
    if unknown:
        print(f"run.py: error: no kernel named {', '.join(sorted(unknown))} in the manifest",
              file=sys.stderr)
        return 2
    backend, why = (emulated_backend(args.dir) if args.emulate else gpu_backend(args.heap_mib))
    if backend is None:
        print(f"run.py: no GPU present ({why}): GPU tests skipped")
        return 0
    if args.one:  # a child of run_isolated: one kernel, its result as JSON on stdout
        print(RESULT_MARK + json.dumps(run_kernel(backend, args, kernels[0], manifest)))
        return 0
    print(f"run.py: {backend.description}")
    results = {"device": backend.description, "kernels": []}
    for kernel in kernels:
        if args.in_process:
            results["kernels"].append(run_kernel(backend, args, kernel, manifest))
            continue
        # A fault on the GPU (an illegal address, a trap) ends the whole CUDA
        # context: each kernel runs in a process of its own, so one fault
        # names its kernel and the others still run.
        results["kernels"].append(run_isolated(args, kernel["name"]))
    failures = sum(1 for k in results["kernels"] for c in k["checks"] if not c["ok"])
    failures += sum(1 for k in results["kernels"] if "error" in k)
    print_report(results)
    with open(os.path.join(args.dir, "results.json"), "w") as handle:
        json.dump(results, handle, indent=2)
    return 1 if failures else 0


RESULT_MARK = "run.py result: "
#: seconds one kernel's checks and timing may take (a deadlock must not hang the run)
CHILD_TIMEOUT = 600


def run_kernel(backend, args, kernel: dict, manifest: dict) -> dict:
    """One kernel's checks, and its timing if it is timed."""
    result = check_kernel(backend, args.dir, kernel, manifest["directions"])
    if kernel["timed"] and not args.no_bench and backend.can_time:
        result["timing"] = time_kernel(backend, args.dir, kernel, args.repeat)
    return result


def run_isolated(args, name: str) -> dict:
    """Run one kernel's checks and timing in a child process."""
    command = [sys.executable, os.path.abspath(__file__), args.dir, "--one", "--kernel", name,
               "--repeat", str(args.repeat), "--heap-mib", str(args.heap_mib)]
    command += ["--no-bench"] if args.no_bench else []
    command += ["--emulate"] if args.emulate else []
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=CHILD_TIMEOUT)
    except subprocess.TimeoutExpired:
        return {"name": name, "checks": [],
                "error": f"no result in {CHILD_TIMEOUT} s (a barrier or warp shuffle that not "
                         "every thread reaches?)"}
    for line in proc.stdout.splitlines():
        if line.startswith(RESULT_MARK):
            return json.loads(line[len(RESULT_MARK):])
    # what the kernel printed itself (a tape out of memory), then the exception
    said = [line.strip() for line in proc.stdout.splitlines() if "enzyme-opt" in line]
    errors = [line for line in proc.stderr.splitlines()
              if re.match(r"[\w.]*(Error|Exception)\b", line)]
    said += errors[:1] or proc.stderr.strip().splitlines()[-1:]
    said = list(dict.fromkeys(said))  # every thread that failed printed the same lines
    return {"name": name, "checks": [],
            "error": "; ".join(said) or f"exit status {proc.returncode}"}


def load_manifest(directory: str) -> dict:
    path = os.path.join(directory, "manifest.json")
    try:
        with open(path) as handle:
            manifest = json.load(handle)
    except OSError:
        raise ValueError(f"no manifest at {path}: run build.py first (make gpu-test)") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not valid JSON: {exc}") from None
    for key in ("kernels", "directions"):
        if key not in manifest:
            raise ValueError(f"{path} has no '{key}'")
    for kernel in manifest["kernels"]:
        missing = {"name", "ptx", "n", "m", "block", "grid", "inputs", "entries"} - set(kernel)
        if missing:
            raise ValueError(f"{path}: kernel {kernel.get('name', '?')} lacks "
                             f"{', '.join(sorted(missing))}")
    return manifest


# -- backends ----------------------------------------------------------------------------
def gpu_backend(heap_mib: int = 0):
    """(CuPy backend, None), or (None, why not)."""
    if importlib.util.find_spec("numpy") is None:
        return None, "NumPy is not installed"
    try:
        import cupy
    except Exception as exc:  # ImportError, or a CUDA library CuPy needs is missing
        return None, f"CuPy is not usable: {exc}"
    try:
        count = cupy.cuda.runtime.getDeviceCount()
    except Exception as exc:  # CUDARuntimeError: no driver, no device
        return None, f"CUDA reports no device: {exc}"
    if count == 0:
        return None, "CUDA reports no device"
    return CupyBackend(cupy, heap_mib), None


def emulated_backend(directory: str):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    try:
        import emulate
    except ImportError as exc:
        return None, f"the CPU emulation is not available: {exc}"
    return emulate.backend(directory)


class CupyBackend:
    """Kernels from PTX through CuPy's RawModule (the driver JIT-compiles PTX)."""

    can_time = True

    def __init__(self, cupy, heap_mib: int = 0):
        import numpy
        self.cp, self.np = cupy, numpy
        if heap_mib:  # before any kernel runs: the limit is fixed by the first malloc
            cupy.cuda.runtime.deviceSetLimit(cupy.cuda.runtime.cudaLimitMallocHeapSize,
                                             heap_mib << 20)
        props = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.runtime.getDevice())
        name = props["name"].decode() if isinstance(props["name"], bytes) else props["name"]
        self.description = f"{name} (sm_{props['major']}{props['minor']}), CuPy {cupy.__version__}"

    def load(self, directory: str, kernel: dict):
        return self.cp.RawModule(path=os.path.join(directory, kernel["ptx"]))

    def array(self, host, dtype: str = "float64"):
        return self.cp.asarray(host, dtype=dtype)

    def zeros(self, n: int, dtype: str = "float64"):
        return self.cp.zeros(n, dtype=dtype)

    def host(self, device):
        return self.cp.asnumpy(device)

    def launch(self, module, entry: str, grid: int, block: int, args) -> None:
        kernel = module.get_function(entry)
        kernel((grid,), (block,), tuple(self._arg(a) for a in args))
        self.cp.cuda.runtime.deviceSynchronize()

    def time(self, module, entry: str, grid: int, block: int, args, repeat: int) -> float:
        """Milliseconds per launch (CUDA events around ``repeat`` launches)."""
        kernel = module.get_function(entry)
        args = tuple(self._arg(a) for a in args)
        for _ in range(WARMUP):
            kernel((grid,), (block,), args)
        self.cp.cuda.runtime.deviceSynchronize()  # a fault shows here, with its entry
        start, end = self.cp.cuda.Event(), self.cp.cuda.Event()
        start.record()
        for _ in range(repeat):
            kernel((grid,), (block,), args)
        end.record()
        end.synchronize()
        return self.cp.cuda.get_elapsed_time(start, end) / repeat

    def _arg(self, value):
        return self.np.int32(value) if isinstance(value, int) else value


# -- checks ------------------------------------------------------------------------------
def read_values(directory: str, name: str, dtype: str):
    import numpy
    return numpy.fromfile(os.path.join(directory, name), dtype=numpy.dtype(dtype).newbyteorder("<"))


def check_kernel(backend, directory: str, kernel: dict, directions: int) -> dict:
    """Reverse and forward mode against central differences of the primal."""
    import numpy
    module = backend.load(directory, kernel)
    n, m, grid, block = kernel["n"], kernel["m"], kernel["grid"], kernel["block"]
    entries = kernel["entries"]
    dtype = kernel.get("dtype", "float64")
    step, tolerance = PRECISION[dtype]
    x = read_values(directory, kernel["inputs"]["x"], dtype)
    dy = read_values(directory, kernel["inputs"]["dy"], dtype)

    def primal(at):
        y = backend.zeros(m, dtype)
        backend.launch(module, entries["primal"], grid, block, [backend.array(at, dtype), y, n])
        return backend.host(y).astype(numpy.float64)

    # A batched kernel (enzyme_width W) takes W shadows back to back; lane l is seeded with
    # (l + 1) times lane 0's seed or direction, so a lane mixed up with another shows.
    width = kernel.get("width", 1)
    lanes = [float(lane) for lane in range(1, width + 1)]
    dx = backend.zeros(width * n, dtype)
    seeds = numpy.concatenate([lane * dy for lane in lanes])
    backend.launch(module, entries["gradient"], grid, block,
                   [backend.array(x, dtype), dx, backend.zeros(m, dtype),
                    backend.array(seeds, dtype), n])
    gradients = backend.host(dx).astype(numpy.float64).reshape(width, n)
    h = step * max(1.0, float(numpy.max(numpy.abs(x))))
    # What rounding alone puts into a difference quotient: a function that is constant but
    # for rounding (log1p((a - (a + c))²) in float) has a zero derivative and differences
    # of that size.
    noise = NOISE * float(numpy.finfo(dtype).eps) * max(1.0, float(numpy.max(numpy.abs(
        primal(x))))) / h
    checks = []
    for k in range(directions):
        v = read_values(directory, kernel["inputs"][f"v{k}"], dtype)

        def difference(step_size):
            return (primal(x + step_size * v) - primal(x - step_size * v)) / (2 * step_size)

        fd = difference(h)
        if dtype == "float32":  # h is coarse in float: one Richardson step removes its h² error
            fd = (4 * difference(h / 2) - fd) / 3
        for lane, gradient in zip(lanes, gradients):
            expected = lane * float(numpy.dot(dy.astype(numpy.float64), fd))
            got = float(numpy.dot(gradient, v.astype(numpy.float64)))
            scale = max(abs(expected), float(numpy.linalg.norm(gradient) * numpy.linalg.norm(v)),
                        1e-12)
            floor = lane * noise * float(numpy.linalg.norm(dy)) / tolerance  # independent roundings
            error = abs(got - expected) / (scale + floor)
            checks.append({"mode": _mode("reverse", lane, width), "direction": k,
                           "derivative": got, "finite_difference": expected, "error": error,
                           "ok": error <= tolerance})
        if "tangent" in entries:
            ty = backend.zeros(width * m, dtype)
            backend.launch(module, entries["tangent"], grid, block,
                           [backend.array(x, dtype),
                            backend.array(numpy.concatenate([lane * v for lane in lanes]), dtype),
                            backend.zeros(m, dtype), ty, n])
            tangents = backend.host(ty).astype(numpy.float64).reshape(width, m)
            for lane, tangent in zip(lanes, tangents):
                scale = max(float(numpy.max(numpy.abs(lane * fd))), 1e-12)
                error = float(numpy.max(numpy.abs(tangent - lane * fd))) / \
                    (scale + lane * noise / tolerance)
                checks.append({"mode": _mode("forward", lane, width), "direction": k,
                               "error": error, "ok": error <= tolerance})
    if "conservative" in kernel:
        checks += compare_conservative(backend, directory, kernel, directions, x, seeds,
                                       gradients)
    return {"name": kernel["name"], "n": n, "checks": checks}


def compare_conservative(backend, directory: str, kernel: dict, directions: int, x, seeds,
                         gradients) -> list[dict]:
    """The gradient and the tangents of the kernel built with enzyme-opt --no-reuse against
    the default build's, on the same inputs: one check per array (``reuse-reverse``,
    ``reuse-forward``), its error the largest difference relative to the largest element."""
    import numpy
    dtype = kernel.get("dtype", "float64")
    n, m, grid, block = kernel["n"], kernel["m"], kernel["grid"], kernel["block"]
    width = kernel.get("width", 1)
    entries = kernel["entries"]
    default = backend.load(directory, kernel)
    conservative = backend.load(directory, {**kernel, **kernel["conservative"]})
    rel = REUSE_REL[dtype]

    def check(mode: str, direction: int, ours, theirs) -> dict:
        ours, theirs = (numpy.asarray(a, dtype=numpy.float64) for a in (ours, theirs))
        scale = max(float(numpy.max(numpy.abs(ours), initial=0.0)),
                    float(numpy.max(numpy.abs(theirs), initial=0.0)), 1e-300)
        both_nan = numpy.isnan(ours) & numpy.isnan(theirs)
        diff = numpy.where(both_nan, 0.0, numpy.abs(ours - theirs))
        error = float(numpy.max(diff, initial=0.0)) / scale
        if numpy.isnan(error):
            error = float("inf")
        return {"mode": mode, "direction": direction, "error": error, "ok": error <= rel}

    dx = backend.zeros(width * n, dtype)
    backend.launch(conservative, entries["gradient"], grid, block,
                   [backend.array(x, dtype), dx, backend.zeros(m, dtype),
                    backend.array(seeds, dtype), n])
    checks = [check("reuse-reverse", 0, gradients,
                    backend.host(dx).astype(numpy.float64).reshape(width, n))]
    if "tangent" in entries:
        lanes = [float(lane) for lane in range(1, width + 1)]
        for k in range(directions):
            v = read_values(directory, kernel["inputs"][f"v{k}"], dtype)
            tangent = numpy.concatenate([lane * v for lane in lanes])
            results = []
            for module in (default, conservative):
                ty = backend.zeros(width * m, dtype)
                backend.launch(module, entries["tangent"], grid, block,
                               [backend.array(x, dtype), backend.array(tangent, dtype),
                                backend.zeros(m, dtype), ty, n])
                results.append(backend.host(ty))
            checks.append(check("reuse-forward", k, *results))
    return checks


def _mode(mode: str, lane: float, width: int) -> str:
    """``reverse``, or ``reverse.2`` for lane 2 of a batched kernel."""
    return mode if width == 1 else f"{mode}.{int(lane)}"


def time_kernel(backend, directory: str, kernel: dict, repeat: int) -> dict:
    """Milliseconds per launch of primal, gradient and tangent at the bench size."""
    import numpy
    module = backend.load(directory, kernel)
    bench = kernel["bench"]
    n, m, grid, block = bench["n"], bench["m"], bench["grid"], kernel["block"]
    dtype = kernel.get("dtype", "float64")
    rng = numpy.random.default_rng(0)
    width = kernel.get("width", 1)
    x = backend.array(rng.uniform(-1.0, 1.0, n), dtype)
    y, dx = backend.zeros(m, dtype), backend.zeros(width * n, dtype)
    dy = backend.array(rng.uniform(-1.0, 1.0, width * m), dtype)
    entries = kernel["entries"]
    out = {"n": n}
    out["primal_ms"] = backend.time(module, entries["primal"], grid, block, [x, y, n], repeat)
    out["gradient_ms"] = backend.time(module, entries["gradient"], grid, block,
                                      [x, dx, y, dy, n], repeat)
    if "tangent" in entries:
        out["tangent_ms"] = backend.time(module, entries["tangent"], grid, block,
                                         [x, dx, y, dy, n], repeat)
    out["gradient_ratio"] = out["gradient_ms"] / out["primal_ms"]
    if "tangent_ms" in out:
        out["tangent_ratio"] = out["tangent_ms"] / out["primal_ms"]
    return out


def print_report(results: dict) -> None:
    print(f"\n{'kernel':<14} {'mode':<13} {'dir':>3} {'rel. error':>11}  result")
    for kernel in results["kernels"]:
        if "error" in kernel:
            print(f"{kernel['name']:<14} FAILED: {kernel['error']}")
        for check in kernel["checks"]:
            verdict = "ok" if check["ok"] else "WRONG"
            print(f"{kernel['name']:<14} {check['mode']:<13} {check['direction']:>3} "
                  f"{check['error']:>11.2e}  {verdict}")
    timed = [k for k in results["kernels"] if "timing" in k]
    if timed:
        print(f"\n{'kernel':<14} {'n':>10} {'primal ms':>10} {'gradient ms':>12} "
              f"{'grad/primal':>12} {'tangent/primal':>15}")
        for kernel in timed:
            t = kernel["timing"]
            tangent = f"{t['tangent_ratio']:>15.2f}" if "tangent_ratio" in t else ""
            print(f"{kernel['name']:<14} {t['n']:>10} {t['primal_ms']:>10.4f} "
                  f"{t['gradient_ms']:>12.4f} {t['gradient_ratio']:>12.2f} {tangent}")


if __name__ == "__main__":
    sys.exit(main())

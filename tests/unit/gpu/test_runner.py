"""The GPU test runner (tests/gpu) on a machine without a GPU.

- the build half compiles every kernel: PTX that ptxas accepts, inputs and
  a manifest run.py can read;
- the run half, where CuPy or a GPU is missing, says "no GPU present" and
  exits 0 (skipped); a missing or broken manifest is a usage error (2);
- the run half's checks, on the CPU emulation of the GPU (emulate.py: one
  host thread per GPU thread, barriers as pthread barriers): every
  gradient and tangent agrees with finite differences of the primal
  kernel — the numerics a GPU run would check, minus the GPU.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
BUILD = ROOT / "tests" / "gpu" / "build.py"
PTXAS = "/usr/local/bin/ptxas"


def _tool(name: str) -> str:
    path = shutil.which(name) or (name if os.access(name, os.X_OK) else None)
    if path is None:
        pytest.fail(f"{name} not found (make toolchain installs clang-22; ptxas comes with "
                    f"CUDA)", pytrace=False)
    return path


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    _tool("clang-22")
    out = tmp_path_factory.mktemp("gpu")
    proc = subprocess.run([sys.executable, str(BUILD), str(out)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return out


def _run(directory: Path, *args: str, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(directory / "run.py"), str(directory), *args],
                          capture_output=True, text=True, env=env, timeout=600)


def test_build_writes_ptx_inputs_and_manifest(built):
    manifest = json.loads((built / "manifest.json").read_text())
    names = {k["name"] for k in manifest["kernels"]}
    assert names == {"elementwise", "reduce_atomic", "reduce_tree", "stencil", "calltree",
                     "gridstride", "softplus_f32", "elementwise_w2", "warp_reduce",
                     "warp_reduce_f64"}
    assert sum(k["timed"] for k in manifest["kernels"]) == 7
    sizes = {"float64": 8, "float32": 4}
    ptxas = _tool(PTXAS)
    for kernel in manifest["kernels"]:
        ptx = built / kernel["ptx"]
        assert ".visible .entry gradient(" in ptx.read_text()
        proc = subprocess.run([ptxas, "-arch=sm_80", str(ptx), "-o", os.devnull],
                              capture_output=True, text=True)
        assert proc.returncode == 0, (kernel["name"], proc.stderr)
        for name in kernel["inputs"].values():
            assert (built / name).stat().st_size == kernel["n"] * sizes[kernel["dtype"]] \
                or name.endswith(".dy.bin")


def test_run_skips_without_a_gpu(built):
    if importlib.util.find_spec("cupy") is not None:
        pytest.skip("CuPy is installed here: the skip path is not what runs")
    proc = _run(built)
    assert proc.returncode == 0, proc.stderr
    assert "no GPU present" in proc.stdout and "skipped" in proc.stdout


def test_run_refuses_a_missing_manifest(tmp_path):
    shutil.copy(ROOT / "tests" / "gpu" / "run.py", tmp_path / "run.py")
    proc = _run(tmp_path)
    assert proc.returncode == 2
    assert "no manifest" in proc.stderr and "build.py" in proc.stderr
    (tmp_path / "manifest.json").write_text('{"kernels": [{"name": "k"}], "directions": 1}')
    proc = _run(tmp_path)
    assert proc.returncode == 2 and "kernel k lacks" in proc.stderr


def test_run_refuses_an_unknown_kernel(built):
    proc = _run(built, "--kernel", "nonesuch", "--emulate")
    assert proc.returncode == 2 and "no kernel named nonesuch" in proc.stderr


def test_gradients_agree_with_finite_differences_on_the_cpu_emulation(built):
    proc = _run(built, "--emulate")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    results = json.loads((built / "results.json").read_text())
    checks = [c for k in results["kernels"] for c in k["checks"]]
    # kernels x lanes x directions x (reverse, forward): one kernel is batched, of 2 lanes
    assert len(checks) == 11 * 3 * 2
    assert all(c["ok"] for c in checks), proc.stdout


def test_a_failing_kernel_is_named_and_the_others_still_run(built, tmp_path):
    """Each kernel runs in a process of its own: on a GPU a fault ends the CUDA context."""
    copy = tmp_path / "gpu"
    shutil.copytree(built, copy)
    (copy / "calltree.grad.ll").write_text("this is not IR\n")
    proc = _run(copy, "--emulate", "--kernel", "calltree", "--kernel", "elementwise")
    assert proc.returncode == 1
    assert "calltree       FAILED: RuntimeError: emulate.py: building the CPU stand-in " \
           "failed" in proc.stdout
    results = json.loads((copy / "results.json").read_text())
    elementwise = next(k for k in results["kernels"] if k["name"] == "elementwise")
    assert len(elementwise["checks"]) == 6 and all(c["ok"] for c in elementwise["checks"])


def test_the_kernel_fuzzer_builds_and_checks_random_kernels(tmp_path):
    """tests/gpu/fuzz.py on seeds 12-19 (every shape, float kernels among them), at one
    level: every derivative agrees, with finite differences and with enzyme-opt --no-reuse's;
    a conservative derivative that differs (another kernel's) is reported."""
    _tool("clang-22")
    fuzz = ROOT / "tests" / "gpu" / "fuzz.py"
    proc = subprocess.run([sys.executable, str(fuzz), str(tmp_path), "--count", "8",
                           "--start", "12", "--levels", "O2"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "built 8 kernels, 0 failed to build" in proc.stdout
    assert "checks passed (24 of them the default derivative against --no-reuse's), " \
           "0 wrong or failed" in proc.stdout
    kernels = json.loads((tmp_path / "manifest.json").read_text())["kernels"]
    assert {k["shape"] for k in kernels} == {"elementwise", "tile", "two_phase", "reduce",
                                             "gridstride", "warp"}
    assert {k["dtype"] for k in kernels} == {"float32", "float64"}
    # sabotage: k13's conservative derivative replaced by k15's (both double, one output per
    # element): the comparison must catch it
    shutil.copy(tmp_path / "k15_O2.nr.grad.ll", tmp_path / "k13_O2.nr.grad.ll")
    proc = _run(tmp_path, "--emulate", "--no-bench", "--kernel", "k13_O2")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert re.search(r"k13_O2 +reuse-reverse +0 .* WRONG", proc.stdout), proc.stdout

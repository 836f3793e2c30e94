"""docs/gpu.md's pipeline, run as written (compile-only here): its kernel
through its clang-22, enzyme-opt and ptxas commands, for sm_90 as the page
says and for sm_80; then the kernel's derivatives, on the CPU emulation of
the GPU (tests/gpu/emulate.py), against the closed form the page states."""

from __future__ import annotations

import math
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PAGE = (ROOT / "docs" / "gpu.md").read_text()
#: the CUDA toolkit here lacks the cuRAND headers clang's wrapper includes
STUB = ROOT / "tests" / "gpu" / "include"


def _kernel_source() -> str:
    match = re.search(r"```cuda\n(// k\.cu.*?)```", PAGE, re.S)
    assert match, "docs/gpu.md has no k.cu example"
    return match.group(1)


def _pipeline() -> list[list[str]]:
    section = PAGE[PAGE.index("## The pipeline"):]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    commands = []
    for line in block.replace("\\\n", " ").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            commands.append(shlex.split(line))
    assert [c[0] for c in commands] == ["clang-22", "enzyme-opt", "ptxas"]
    return commands


def _run(cmd: list[str], cwd: Path) -> None:
    if cmd[0] == "enzyme-opt":
        cmd = [sys.executable, "-m", "enzyme_opt", *cmd[1:]]
    elif cmd[0] == "clang-22":
        cmd = [*cmd, "-I", str(STUB), "-Wno-unknown-cuda-version"]
    elif cmd[0] == "ptxas":
        cmd = ["/usr/local/bin/ptxas", *cmd[1:]]
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    assert proc.returncode == 0, (cmd, proc.stderr)


@pytest.mark.parametrize("arch", ["sm_90", "sm_80"])
def test_the_documented_pipeline_builds_ptx_that_ptxas_accepts(arch, tmp_path):
    (tmp_path / "k.cu").write_text(_kernel_source())
    for cmd in _pipeline():
        _run([word.replace("sm_90", arch) for word in cmd], tmp_path)
    ptx = (tmp_path / "k.ptx").read_text()
    assert f".target {arch}" in ptx
    for kernel in ("f_kernel", "grad_f", "tangent_f"):
        assert f".visible .entry {kernel}(" in ptx
    assert ".extern" not in ptx  # libdevice linked, markers gone


def test_the_documented_derivatives_are_right(tmp_path):
    import numpy as np
    sys.path.insert(0, str(ROOT / "tests" / "gpu"))
    import emulate

    (tmp_path / "k.cu").write_text(_kernel_source())
    clang = _pipeline()[0]
    _run(clang, tmp_path)
    _run(["enzyme-opt", "k.ll", "-O2", "-S", "-o", "k.grad.ll"], tmp_path)
    backend = emulate.EmulatedBackend(str(tmp_path))
    module = backend.load(str(tmp_path), {"ir": "k.grad.ll"})
    n, threads = 1000, 128
    blocks = math.ceil(n / threads)
    x = np.random.default_rng(1).uniform(-1.0, 1.0, n)
    expected = 2 * x * np.sin(x) + x * x * np.cos(x)
    dx, dy = backend.zeros(n), np.ones(n)
    backend.launch(module, "grad_f", blocks, threads, [backend.array(x), dx, backend.zeros(n), dy, n])
    assert np.allclose(dx, expected, rtol=1e-12, atol=1e-14)
    assert not dy.any()  # consumed, as the page says
    tangent = backend.zeros(n)
    backend.launch(module, "tangent_f", blocks, threads,
                   [backend.array(x), np.ones(n), backend.zeros(n), tangent, n])
    assert np.allclose(tangent, expected, rtol=1e-12, atol=1e-14)

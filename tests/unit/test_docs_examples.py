"""The examples in docs/ run: every ```c block marked ``// doc-example: NAME``
is compiled by clang-22, rewritten by enzyme-opt, run by lli-22, and its
output must equal the block's ``// expect:`` lines.  The Python API's
examples (```python and ```sh blocks marked ``# doc-example: NAME``) run
too, and their derivatives are checked against finite differences."""

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.unit.api.numeric_checks import assert_close, central_difference

DOCS = Path(__file__).resolve().parents[2] / "docs"
BLOCK = re.compile(r"```c\n(// doc-example: (\S+)\n.*?)```", re.S)


def examples():
    for page in sorted(DOCS.glob("*.md")):
        for match in BLOCK.finditer(page.read_text()):
            yield pytest.param(match.group(1), id=f"{page.name}:{match.group(2)}")


@pytest.mark.parametrize("source", list(examples()))
@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_doc_example_runs(source, level, tmp_path):
    expected = [line[len("// expect: "):] for line in source.splitlines()
                if line.startswith("// expect: ")]
    assert expected, "a doc example must say what it prints"
    c, ll, grad = tmp_path / "x.c", tmp_path / "x.ll", tmp_path / "x.grad.ll"
    c.write_text(source)
    subprocess.run(["clang-22", level, "-S", "-emit-llvm", str(c), "-o", str(ll)], check=True)
    subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-S", "-o", str(grad)], check=True)
    run = subprocess.run(["lli-22", str(grad)], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == expected


def test_there_are_doc_examples():
    assert len(list(examples())) >= 3


# -- Python API examples (docs/python.md) -----------------------------------------------
#
# ```python blocks marked ``# doc-example: NAME`` run in this process; their output must
# equal the ``# expect:`` lines, and FD_CHECKS[NAME] then compares the derivatives they
# computed (the variables the block left) with central finite differences.  ```sh blocks
# so marked run each ``python -c`` line with this interpreter.

PYTHON_BLOCK = re.compile(r"```python\n(# doc-example: (\S+)\n.*?)```", re.S)
SHELL_BLOCK = re.compile(r"```sh\n(# doc-example: (\S+)\n.*?)```", re.S)


def marked_blocks(pattern):
    for page in sorted(DOCS.glob("*.md")):
        for match in pattern.finditer(page.read_text()):
            yield pytest.param(match.group(2), match.group(1), id=f"{page.name}:{match.group(2)}")


def expected_lines(source: str) -> list[str]:
    return [line[len("# expect: "):] for line in source.splitlines()
            if line.startswith("# expect: ")]


def _fd_primal(ns):
    assert ns["m"]["dot"](np.array([0.5, -1.0]), np.array([2.0, 3.0]), 2) == -2.0


def _fd_gradient(ns):
    f, x = ns["f"], ns["x"]
    assert_close(ns["gradient"](ns["Reverse"], f, x)[0], central_difference(f, x))


def _fd_const(ns):
    h = ns["h"]
    assert_close(central_difference(lambda x: h(x, 3.0), 2.0), 12.0)
    assert_close(central_difference(lambda c: h(2.0, c), 3.0), 4.0)


def _fd_duplicated(ns):
    g, A = ns["g"], ns["A"]
    assert_close(ns["dA"], central_difference(lambda a: g(a, 3), A))


def _fd_forward(ns):
    es, two = ns["es"]["es"], ns["es"]["two"]
    assert_close(ns["derivative"], central_difference(es, 1.0))
    assert_close(ns["tangents"], [central_difference(lambda x: two(x, 2.0), 3.0),
                                  central_difference(lambda y: two(3.0, y), 2.0)])


def _fd_vjp(ns):
    F, x = ns["F"], ns["x"]

    def apply(v):
        y = np.zeros(2)
        F(y, v)
        return y
    jac = central_difference(apply, x)          # jac[i, j] = d y_j / d x_i
    assert_close(ns["dx"], jac @ np.array([1.0, 1.0]))
    assert_close(ns["jacobian"](ns["Forward"], F, x, n_outs=2)[0], jac.T)


def _fd_thunk(ns):
    f = ns["f"]
    # f overwrites A[0]: each evaluation gets a fresh copy
    assert_close(ns["dv"], central_difference(lambda v: f(np.array([2.2]), v), 3.3))
    assert_close(ns["dA"], central_difference(lambda a: f(a.copy(), 3.3), np.array([2.2])))


def _fd_hvp(ns):
    f, x, v = ns["f"], ns["x"], ns["v"]
    from enzyme_opt import Reverse, gradient
    hessian = central_difference(lambda p: gradient(Reverse, f, p)[0], x)
    assert_close(ns["hvp"](f, x, v), hessian @ v, rtol=1e-5, atol=1e-6)


def _fd_cpp(ns):
    energy, x = ns["m"]["physics::energy"], ns["x"]
    assert_close(ns["gradient"](ns["Reverse"], energy, x, 2)[0],
                 central_difference(lambda p: energy(p, 2), x))


FD_CHECKS = {"python_cpp": _fd_cpp, "python_primal": _fd_primal, "python_gradient": _fd_gradient,
             "python_const": _fd_const, "python_duplicated": _fd_duplicated,
             "python_forward": _fd_forward, "python_vjp": _fd_vjp, "python_thunk": _fd_thunk,
             "python_hvp": _fd_hvp}


@pytest.mark.parametrize("name, source", list(marked_blocks(PYTHON_BLOCK)))
def test_python_doc_example(name, source):
    expected = expected_lines(source)
    assert expected, "a doc example must say what it prints"
    assert name in FD_CHECKS, f"{name}: add its finite-difference check to FD_CHECKS"
    namespace: dict = {}
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(source, name, "exec"), namespace)
    assert output.getvalue().splitlines() == expected
    FD_CHECKS[name](namespace)


@pytest.mark.parametrize("name, source", list(marked_blocks(SHELL_BLOCK)))
def test_python_one_liner(name, source):
    commands = [line for line in source.splitlines() if line.startswith("python -c ")]
    assert commands and expected_lines(source)
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    out = []
    for command in commands:
        run = subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=env)
        assert run.returncode == 0, run.stderr
        out += run.stdout.splitlines()
    assert out == expected_lines(source)


def test_there_are_python_doc_examples():
    assert {p.values[0] for p in marked_blocks(PYTHON_BLOCK)} == set(FD_CHECKS)

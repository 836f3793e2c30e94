"""Every command and example of README.md and docs/ runs as written.

- ```c blocks marked ``// doc-example: NAME`` are compiled by clang-22, rewritten by
  enzyme-opt, run by lli-22, and their output must equal the block's ``// expect:`` lines.
- The Python API's examples (```python and ```sh blocks marked ``# doc-example: NAME``)
  run too, and their derivatives are checked against finite differences.
- Every other block is found by ``doc_blocks()`` and run (``test_doc_block_runs``): shell
  commands in a scratch directory holding the page's files (a block after
  ``<!-- doc-file: NAME -->``, README.md's for pages without), with ``.venv/bin`` first on
  PATH; ``$ command`` blocks compare what the command prints with the lines shown (all of
  them, or, with ``rows=some``, those lines in that order); ```python blocks after
  ``<!-- doc-example: NAME -->`` compare ``print(x)  # shown`` with what is printed;
  ```llvm blocks are modules enzyme-opt must accept.  ``make TARGET`` lines and the
  benchmark scripts take minutes: they are dry-run (``make -n``) and their flags checked
  against ``--help``.  A block that cannot run here (it needs an NVIDIA GPU, or is not a
  command) is in ``NOT_RUN`` with the reason; a block in neither fails
  ``test_every_doc_block_is_run``.
"""

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from tests.unit.api.numeric_checks import assert_close, central_difference

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
BLOCK = re.compile(r"```c\n(// doc-example: (\S+)\n.*?)```", re.S)


def examples():
    for page in PAGES:
        for match in BLOCK.finditer(page.read_text()):
            yield pytest.param(match.group(1), id=f"{page.name}:{match.group(2)}")


@pytest.mark.parametrize("source", list(examples()))
@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_doc_example_runs(source, level, tmp_path):
    expected = [line[len("// expect: "):] for line in source.splitlines()
                if line.startswith("// expect: ")]
    assert expected, "a doc example must say what it prints"
    # ``// enzyme-opt-flags: -enzyme-…`` lines: options the example needs
    flags = [word for line in source.splitlines() if line.startswith("// enzyme-opt-flags: ")
             for word in line[len("// enzyme-opt-flags: "):].split()]
    c, ll, grad = tmp_path / "x.c", tmp_path / "x.ll", tmp_path / "x.grad.ll"
    c.write_text(source)
    subprocess.run(["clang-22", level, "-S", "-emit-llvm", str(c), "-o", str(ll)], check=True)
    subprocess.run([sys.executable, "-m", "enzyme_opt", *flags, str(ll), "-S", "-o", str(grad)],
                   check=True)
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
    for page in PAGES:
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


# -- every other block ------------------------------------------------------------------

FENCE = re.compile(r"(?:^<!-- (doc-file|doc-example): ([^\n]*?) -->\n)?^```(\w*)\n(.*?)^```",
                   re.S | re.M)
VENV_BIN = ROOT / ".venv" / "bin"


@dataclass
class DocBlock:
    page: str            # README.md, docs/python.md …
    lang: str
    body: str
    marker: str | None   # doc-file | doc-example | None
    args: dict           # the marker's NAME and key="value" words

    @property
    def first(self) -> str:
        return self.body.splitlines()[0] if self.body.strip() else ""

    @property
    def id(self) -> str:
        slug = re.sub(r"[^\w.-]+", "_", self.first)[:40]
        return f"{self.page}:{self.args.get('name') or slug}"


def _marker_args(text: str) -> dict:
    name, _, rest = text.partition(" ")
    args = {"name": name}
    args.update((k, v.strip('"')) for k, v in re.findall(r'(\w+)=("[^"]*"|\S+)', rest))
    return args


@lru_cache(maxsize=1)
def doc_blocks() -> tuple[DocBlock, ...]:
    out = []
    for page in PAGES:
        for m in FENCE.finditer(page.read_text()):
            out.append(DocBlock(str(page.relative_to(ROOT)), m.group(3), m.group(4), m.group(1),
                                _marker_args(m.group(2)) if m.group(1) else {}))
    return tuple(out)


#: Blocks that are not commands to run here, by (page, start of their first line).
NOT_RUN = {
    ("docs/README.md", "enzyme-opt [INPUT|-]"): "the synopsis: test_synopsis_matches_help",
    ("docs/pipeline.md", "enzyme-opt [INPUT|-]"): "the synopsis: test_synopsis_matches_help",
    ("docs/architecture.md", "bytes ─►"): "a diagram",
    ("docs/architecture.md", "ways in"): "a diagram (the layers)",
    ("docs/diagnostics.md", "enzyme-opt: error: <where>"): "the form of every message",
    ("docs/gpu.md", "enzyme-opt: error: k.ll:"): "a message shown (tests/lit/gpu/codegen-errors.ll)",
    ("docs/testing.md", "git clone --depth 1"): "fetches Enzyme's tests from the network "
                                                  "(make peer, outside the repository)",
    ("docs/pipeline.md", "enzyme-opt: warning: f.ll:"): "a message shown "
                                                        "(tests/lit/cli/plugin-flow.c)",
    ("docs/pipeline.md", "enzyme-opt: error: in function @f.omp_outlined"): "a message "
        "shown (tests/lit/openmp/unsupported.c)",
    ("docs/gpu.md", "import cupy"): "needs an NVIDIA GPU and CuPy (make gpu-test)",
    ("docs/gpu.md", "import ctypes"): "needs an NVIDIA GPU and the CUDA driver",
    ("docs/gpu.md", "CUdevice device"): "needs an NVIDIA GPU and the CUDA driver",
    ("docs/modes.md", "__enzyme_checkpoint_for((void *)step"): "a call's form: "
                                                              "modes_checkpoint.c runs one",
    ("docs/modes.md", "__enzyme_fixed_point(step, enzyme_fp_state"): "a call's form: the "
                                                                     "doc-example below runs one",
    ("docs/modes.md", "while (…) {"): "a loop's form: tests/lit/reverse/fixed-point-marked.c "
                                      "runs three",
}

#: Files a block needs beyond its page's, by (page, start of its first line).
FIXTURES = {
    # the Makefile of pipeline.md builds prog from main.c and f.c (README.md's, with main)
    ("docs/pipeline.md", "CLANG"): {"main.c": "double twice(double x) { return 2 * x; }\n"},
    ("docs/performance.md", "clang-22 -O2 -S -emit-llvm k.c"): {
        "k.c": ROOT / "bench/kernels/dot.c", "bench.h": ROOT / "bench/kernels/bench.h"},
    ("docs/gpu.md", "clang-22 -x hip"): {"k.hip": ROOT / "tests/lit/gpu/amdgpu.hip"},
}


def _excused(block: DocBlock) -> str | None:
    for (page, start), why in NOT_RUN.items():
        if block.page == page and block.first.startswith(start):
            return why
    return None


def how_it_runs(block: DocBlock) -> str | None:
    """Which test runs the block (None: none does)."""
    if _excused(block):
        return "excused"
    if block.marker == "doc-file":
        return "file"
    if block.lang == "c" and block.first.startswith("// doc-example:"):
        return "c-example"
    if block.lang in ("python", "sh") and block.first.startswith("# doc-example:"):
        return "python-example"
    if block.lang == "python" and block.marker == "doc-example":
        return "python"
    if block.lang == "llvm":
        return "llvm"
    if block.lang == "make":
        return "makefile"
    if block.lang in ("sh", ""):
        return "console" if block.first.startswith("$ ") else "shell"
    return None


def test_every_doc_block_is_run():
    unrun = [b.id for b in doc_blocks() if how_it_runs(b) is None]
    assert not unrun, f"blocks no test runs (run them, or say why in NOT_RUN): {unrun}"
    stale = [key for key in NOT_RUN if not any(b.page == key[0] and b.first.startswith(key[1])
                                               for b in doc_blocks())]
    assert not stale, f"NOT_RUN names blocks that are gone: {stale}"


def _files_for(block: DocBlock) -> dict[str, str | Path]:
    """The doc-files of the block's page, else README.md's; and its fixtures."""
    files: dict[str, str | Path] = {}
    for page in ("README.md", block.page):
        files.update({b.args["name"]: b.body for b in doc_blocks()
                      if b.marker == "doc-file" and b.page == page})
    for (page, start), extra in FIXTURES.items():
        if block.page == page and block.first.startswith(start):
            files.update(extra)
    return files


def _scratch(block: DocBlock, tmp_path: Path) -> Path:
    for name, content in _files_for(block).items():
        target = tmp_path / name
        if isinstance(content, Path):
            target.write_bytes(content.read_bytes())
        else:
            target.write_text(content)
    return tmp_path


#: an empty curand_mtgp32_kernel.h, which a CUDA 13 install may lack (gpu.md says to
#: add -I DIR for it; CPATH does the same without changing the commands)
CUDA_STUB = ROOT / "tests/lit/gpu/Inputs/stub"


def _env() -> dict:
    return dict(os.environ, PATH=f"{VENV_BIN}{os.pathsep}{Path(sys.executable).parent}"
                                 f"{os.pathsep}{os.environ['PATH']}", CPATH=str(CUDA_STUB))


def _needs(script: str) -> None:
    """Skip where a block's tools are not installed (CUDA for PTX, ptxas)."""
    if "--cuda-path=/usr/local/cuda" in script and not Path("/usr/local/cuda/include").is_dir():
        pytest.skip("needs the CUDA headers in /usr/local/cuda")
    if re.search(r"^ptxas ", script, re.M) and shutil.which("ptxas") is None:
        pytest.skip("needs ptxas")


#: scripts that run for minutes (or on a GPU): their flags are checked, they are not run
LONG_SCRIPTS = ("bench/run.py", "bench/tool.py", "bench/tape_bytes.py", "tests/fuzz/",
                "tests/gpu/", "build/")
#: what make gpu-test / make fuzz-gpu copy into build/
BUILT_SCRIPTS = {"build/gpu/run.py": "tests/gpu/run.py", "build/gpufuzz/run.py": "tests/gpu/run.py"}


def _shell_script(body: str) -> str:
    """The block as a bash script: comments dropped, ``make`` lines dry-run in the
    repository, long scripts' flags checked against their --help."""
    lines = []
    for line in body.replace("\\\n", " ").splitlines():
        command = re.sub(r"\s+#.*$", "", line).strip()
        if not command or command.startswith("#"):
            continue
        if command.startswith("make ") or command == "make":
            lines.append(f"make --no-print-directory -n -C {ROOT} {command[5:]} >/dev/null")
            continue
        words = command.split()
        script = next((w for w in words[1:2] if w.startswith(LONG_SCRIPTS)), None)
        if script and "python" in words[0]:
            flags = " ".join(sorted({w.split("=")[0] for w in words if w.startswith("--")}))
            python = ROOT / words[0] if words[0].startswith(".venv/") else words[0]
            source = ROOT / BUILT_SCRIPTS.get(script, script)
            lines.append(f"help=$({python} {source} --help) && for f in {flags}; do "
                         f"grep -q -- \"$f\" <<<\"$help\" || {{ echo \"{script}: no $f\"; "
                         f"exit 1; }}; done")
            continue
        lines.append(command)
    return "set -e -o pipefail\n" + "\n".join(lines) + "\n"


def _run_bash(script: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", script], cwd=cwd, env=_env(), capture_output=True,
                          text=True, timeout=600)


RUNNABLE = [pytest.param(b, id=b.id) for b in doc_blocks()
            if how_it_runs(b) in ("shell", "console", "python", "llvm", "makefile")]


@pytest.mark.parametrize("block", RUNNABLE)
def test_doc_block_runs(block, tmp_path):
    kind = how_it_runs(block)
    work = _scratch(block, tmp_path)
    if kind == "shell":
        script = _shell_script(block.body)
        _needs(script)
        run = _run_bash(script, work)
        assert run.returncode == 0, f"{block.id}:\n{script}\n{run.stdout}\n{run.stderr}"
        if "expect" in block.args:
            assert run.stdout.splitlines()[-1:] == [block.args["expect"]], run.stdout
    elif kind == "console":
        _check_console(block, work)
    elif kind == "python":
        _check_python(block)
    elif kind == "llvm":
        (work / "block.ll").write_text(block.body)
        run = _run_bash("enzyme-opt block.ll -S -o out.ll", work)
        assert run.returncode == 0, run.stderr
    elif kind == "makefile":
        (work / "Makefile").write_text(block.body)
        target = re.findall(r"^(\w+):", block.body, re.M)[-1]   # the program, built last
        run = _run_bash(f"make {target}", work)
        assert run.returncode == 0, run.stdout + run.stderr
        assert (work / target).exists()


def _check_console(block: DocBlock, work: Path) -> None:
    """``$ command`` lines run; the lines after each are what it prints (all of
    them, or with ``rows=some`` a selection, in order)."""
    if "setup" in block.args:
        run = _run_bash(block.args["setup"], work)
        assert run.returncode == 0, run.stderr
    chunks = re.split(r"^\$ (.*)\n", block.body, flags=re.M)[1:]
    for command, shown in zip(chunks[::2], chunks[1::2]):
        run = _run_bash(command, work)
        assert run.returncode == 0, run.stderr
        printed = [line.rstrip() for line in run.stdout.splitlines()]
        expected = [line.rstrip() for line in shown.splitlines()]
        if block.args.get("rows") == "some":
            position = 0
            for line in expected:
                assert line in printed[position:], f"{command}: not printed: {line!r}\n" + \
                    "\n".join(printed)
                position = printed.index(line, position) + 1
        else:
            assert printed == expected, f"{command} now prints:\n" + "\n".join(printed)


def _check_python(block: DocBlock) -> None:
    """Run from the repository's root; ``print(x)  # shown`` lines must print ``shown``."""
    expected = [m.group(1) for m in re.finditer(r"^print\(.*\)\s+# (.*)$", block.body, re.M)]
    assert expected, f"{block.id}: say what the prints show (print(x)  # shown)"
    run = subprocess.run([sys.executable, "-c", block.body], cwd=ROOT, env=_env(),
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == expected


# -- --help and the docs agree ------------------------------------------------------------

def _help() -> str:
    run = subprocess.run([sys.executable, "-m", "enzyme_opt", "--help"], capture_output=True,
                         text=True, env=dict(os.environ, COLUMNS="100"))
    assert run.returncode == 0
    return run.stdout


def test_synopsis_matches_help():
    """The synopsis of docs/README.md and docs/pipeline.md names the options --help lists."""
    listed = set(re.findall(r"^  (-\w|--[\w-]+)", _help(), re.M)) - {"-h"}
    listed |= {o for line in re.findall(r"^  -\w, (--[\w-]+)", _help(), re.M) for o in [line]}
    listed -= {"--help"}
    for block in doc_blocks():
        if block.first.startswith("enzyme-opt [INPUT|-]"):
            named = set(re.findall(r"\[(-\w|--[\w-]+)", block.body))
            assert named == listed, (block.page, named ^ listed)


def test_help_examples_run(tmp_path):
    """The examples at the end of --help run, on README.md's f.c (and gpu.md's k.cu)."""
    readme_f = next(b.body for b in doc_blocks() if b.page == "README.md"
                    and b.args.get("name") == "f.c")
    (tmp_path / "f.c").write_text(readme_f)
    examples = _help().split("Examples")[1].splitlines()[1:]
    commands = [re.sub(r"\s+\(.*\)$", "", line).strip() for line in examples if line.strip()]
    cuda = [c for c in commands if "k.ll" in c]
    run = _run_bash("set -e -o pipefail\n" + "\n".join(c for c in commands if c not in cuda),
                    tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert (tmp_path / "f").exists() and (tmp_path / "f.grad.bc").exists()
    assert "__enzyme_fwddiff in @df_dx" in run.stdout
    if Path("/usr/local/cuda/include").is_dir():
        kcu = next(b.body for b in doc_blocks() if b.args.get("name") == "k.cu")
        (tmp_path / "k.cu").write_text(kcu)
        run = _run_bash("clang-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 "
                        "--cuda-path=/usr/local/cuda -nocudalib -Wno-unknown-cuda-version -O2 "
                        "-S -emit-llvm k.cu -o k.ll && " + cuda[0], tmp_path)
        assert run.returncode == 0, run.stderr
        assert ".entry grad_f" in (tmp_path / "k.ptx").read_text()


def test_libdevice_search_order_is_the_same_everywhere():
    from enzyme_opt.targets.nvptx import libdevice_search_order
    order = libdevice_search_order()
    assert order.startswith("$CUDA_HOME, $CUDA_PATH, /usr/local/cuda")
    assert order in re.sub(r"(?<=\w)- ", "-", " ".join(_help().split()))  # click wraps at a -
    gpu = (DOCS / "gpu.md").read_text()
    assert ", ".join(f"`{place}`" for place in order.split(", ")) in gpu

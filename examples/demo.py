#!/usr/bin/env python3
"""End-to-end demo: C source -> clang -> enzyme-opt -> JIT -> derivatives checked numerically.

Why this exists: it is the shortest honest proof that enzyme-opt works. It runs the real
user pipeline on examples/demo.c,

    clang-22 -O2 -S -emit-llvm demo.c -o - | enzyme-opt - -S -o -

then loads the differentiated module into LLVM's MCJIT (through llvmlite, the same LLVM 22
that enzyme-opt uses), calls the generated code through ctypes, and compares every
derivative with a central finite difference of the primal f itself:

    f(x, y)        = x^2 sin(y) + exp(x y)
    df/dx          = 2x sin(y) + y exp(x y)
    df/dy          = x^2 cos(y) + x exp(x y)
    finite diff.   = (f(x+h, y) - f(x-h, y)) / (2h),  h = 1e-6

Three entry points are exercised: df_dx_forward (__enzyme_fwddiff, forward mode),
df_dx_reverse (__enzyme_autodiff with enzyme_out/enzyme_const markers) and grad_f
(__enzyme_autodiff2 returning a {double, double} struct: the whole gradient).

Exit status: 0 when every relative error is <= 1e-6; 1 otherwise, or when clang or
enzyme-opt fails (its stderr is shown), or when a derivative call was left in the output.

Environment: CLANG (default clang-22). enzyme-opt is run as `python -m enzyme_opt` with
this interpreter, so `make demo` uses the package installed in .venv.
"""

from __future__ import annotations

import ctypes
import os
import re
import subprocess
import sys
from pathlib import Path

import llvmlite.binding as llvm
from rich.console import Console
from rich.table import Table
from rich.text import Text

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "demo.c"
CLANG = os.environ.get("CLANG", "clang-22")

H = 1e-6            # finite-difference step
TOLERANCE = 1e-6    # maximum accepted relative error
POINTS = [(1.5, 0.5), (-0.7, 2.0), (2.0, -1.3), (0.25, 3.0)]

# Wide enough for the table when the output is a log file or a pipe (rich assumes 80).
console = Console() if sys.stdout.isatty() else Console(width=130)
err_console = Console(stderr=True)


class DemoError(Exception):
    """A step of the pipeline failed; the message says which and why."""


def run(cmd: list[str], stdin: str | None = None) -> str:
    """Run a pipeline stage, returning its stdout; on failure raise with its stderr."""
    try:
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    except FileNotFoundError as e:
        raise DemoError(f"cannot run {cmd[0]!r}: {e.strerror} (is it installed? try `make toolchain`)")
    if proc.returncode != 0:
        raise DemoError(f"`{' '.join(cmd)}` failed with exit code {proc.returncode}:\n"
                        f"{proc.stderr.rstrip() or '(no stderr)'}")
    return proc.stdout


def compile_c(source: Path = SOURCE) -> str:
    """clang-22 -O2 -S -emit-llvm: textual LLVM IR of the C file."""
    return run([CLANG, "-O2", "-S", "-emit-llvm", "-o", "-", str(source)])


def differentiate(ir: str) -> str:
    """enzyme-opt - -S -o -: replace every __enzyme_* call with a derivative."""
    return run([sys.executable, "-m", "enzyme_opt", "-", "-S", "-o", "-"], stdin=ir)


def leftover_requests(ir: str) -> list[str]:
    """Names of __enzyme_* functions still called in `ir` (MCJIT would abort on them)."""
    return sorted(set(re.findall(r"\b(?:call|invoke)\b[^\n]*@(__enzyme_\w+)", ir)))


class JIT:
    """A module compiled in-process by MCJIT; `fn(name, restype, *argtypes)` gives a
    ctypes callable for a defined function."""

    _marker_storage: dict[str, ctypes.c_int] = {}

    def __init__(self, ir: str):
        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        # (llvm.initialize() is deprecated in llvmlite 0.50 and raises; not needed.)
        self.module = llvm.parse_assembly(ir)
        self.module.verify()
        self._define_markers()
        target = llvm.Target.from_triple(llvm.get_process_triple())
        self.target_machine = target.create_target_machine(opt=2)
        self.engine = llvm.create_mcjit_compiler(self.module, self.target_machine)
        self.engine.finalize_object()
        self.engine.run_static_constructors()

    def _define_markers(self) -> None:
        """C code declares `extern int enzyme_out;` etc. Their values are never used, but a
        leftover load would need the symbol: give each declared marker global storage."""
        for g in self.module.global_variables:
            if g.name.startswith("enzyme_") and g.is_declaration:
                cell = self._marker_storage.setdefault(g.name, ctypes.c_int(0))
                llvm.add_symbol(g.name, ctypes.addressof(cell))

    def fn(self, name: str, restype, *argtypes):
        addr = self.engine.get_function_address(name)
        if not addr:
            raise DemoError(f"function @{name} not found in the JIT-compiled module")
        return ctypes.CFUNCTYPE(restype, *argtypes)(addr)


class Grad2(ctypes.Structure):
    """`typedef struct { double dx, dy; } grad2;` — returned in xmm0/xmm1 on x86-64,
    which is how clang lowers `{ double, double }` and how libffi reads it back."""
    _fields_ = [("dx", ctypes.c_double), ("dy", ctypes.c_double)]


def rel_err(value: float, reference: float) -> float:
    return abs(value - reference) / max(abs(reference), 1e-300)


def check(jit: JIT) -> tuple[Table, float]:
    """Evaluate the derivatives at POINTS; return the table and the worst relative error."""
    d = ctypes.c_double
    f = jit.fn("f", d, d, d)
    fwd = jit.fn("df_dx_forward", d, d, d)
    rev = jit.fn("df_dx_reverse", d, d, d)
    grad = jit.fn("grad_f", Grad2, d, d)

    table = Table(title="f(x, y) = x²·sin(y) + exp(x·y): enzyme-opt vs central differences "
                        f"(h = {H:g})")
    for col in ("x", "y", "fwd ∂f/∂x", "rev ∂f/∂x", "grad ∂f/∂x", "grad ∂f/∂y",
                "FD ∂f/∂x", "FD ∂f/∂y", "max rel. err"):
        table.add_column(col, justify="right", no_wrap=True)

    worst = 0.0
    for x, y in POINTS:
        fd_dx = (f(x + H, y) - f(x - H, y)) / (2 * H)
        fd_dy = (f(x, y + H) - f(x, y - H)) / (2 * H)
        fx, rx, g = fwd(x, y), rev(x, y), grad(x, y)
        err = max(rel_err(fx, fd_dx), rel_err(rx, fd_dx),
                  rel_err(g.dx, fd_dx), rel_err(g.dy, fd_dy))
        worst = max(worst, err)
        style = "green" if err <= TOLERANCE else "bold red"
        table.add_row(f"{x:g}", f"{y:g}",
                      *(f"{v:.9g}" for v in (fx, rx, g.dx, g.dy, fd_dx, fd_dy)),
                      f"[{style}]{err:.1e}[/{style}]")
    return table, worst


def main() -> int:
    try:
        ir = compile_c()
        grad_ir = differentiate(ir)
        left = leftover_requests(grad_ir)
        if left:
            raise DemoError("enzyme-opt left derivative requests unresolved: " + ", ".join(left))
        jit = JIT(grad_ir)
        table, worst = check(jit)
    except (DemoError, RuntimeError) as e:
        # The message may quote IR or stderr: print it as plain text, not rich markup.
        err_console.print(Text("demo failed: ", style="bold red") + Text(str(e)))
        return 1

    console.print(table)
    if worst > TOLERANCE:
        console.print(f"[bold red]FAIL[/]: worst relative error {worst:.2e} > {TOLERANCE:g}")
        return 1
    console.print(f"[bold green]OK[/]: all derivatives agree with finite differences "
                  f"(worst relative error {worst:.2e} <= {TOLERANCE:g})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

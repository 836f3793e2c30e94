"""ad/modes/forward_doubles.py: a constant that scales a web of doubled squares takes their
factor 2, and every value stays the same to the bit.

Each function is compiled by LLVM as written and after the rewrite, and both run on the
same random inputs (magnitudes from 1e-300 to 1e150, so subnormal products and sums too):
the results must be equal bit for bit.  The cases that must not change are checked by
their IR."""

import ctypes
import random
import struct

import pytest

from enzyme_opt import llvm
from enzyme_opt.ad.modes.forward_doubles import halve_doubled_sums
from enzyme_opt.ir import parse_module
from enzyme_opt.ir.text.printer import print_module

#: GMM's shape: −0.5·Σ (t + t), each t a product and its copy (how the rules write a
#: square's tangent), through fsub and fneg, and a doubling of one value (t + t, LLVM's CSE)
WEB = """
define double @f(double %a, double %b, double %c, double %d, double %e) {
  %t1 = fmul double %a, %b
  %t2 = fmul double %a, %b
  %d1 = fadd double %t1, %t2
  %u = fmul double %c, %d
  %d2 = fadd double %u, %u
  %v1 = fmul double %e, %a
  %v2 = fmul double %a, %e
  %d3 = fadd double %v1, %v2
  %s = fadd double %d1, %d2
  %n = fneg double %s
  %w = fsub double %n, %d3
  %r = fmul double -5.000000e-01, %w
  ret double %r
}
"""

VECTOR_WEB = """
define double @f(double %a, double %b, double %c, double %d, double %e) {
  %va = insertelement <2 x double> poison, double %a, i64 0
  %vab = insertelement <2 x double> %va, double %b, i64 1
  %vc = insertelement <2 x double> poison, double %c, i64 0
  %vcd = insertelement <2 x double> %vc, double %d, i64 1
  %t = fmul <2 x double> %vab, %vcd
  %d1 = fadd <2 x double> %t, %t
  %t2 = fmul <2 x double> %vcd, %vcd
  %d2 = fadd <2 x double> %t2, %t2
  %s = fsub <2 x double> %d1, %d2
  %r = fmul <2 x double> %s, splat (double 3.000000e-01)
  %r0 = extractelement <2 x double> %r, i64 0
  %r1 = extractelement <2 x double> %r, i64 1
  %x = fmul double %r0, %e
  %y = fadd double %x, %r1
  ret double %y
}
"""


def _compiled(text: str):
    code = llvm.load_native(llvm.emit(text, "obj"))
    fn = ctypes.CFUNCTYPE(ctypes.c_double, *[ctypes.c_double] * 5)(code.address("f"))
    fn.code = code  # keeps the loaded object alive
    return fn


def _rewritten(text: str, primal_names=()) -> tuple[int, str]:
    module = parse_module(text)
    fn = module.get_function("f")
    primal = {inst for inst in fn.instructions() if inst.name in primal_names}
    count = halve_doubled_sums(fn, primal)
    return count, print_module(module)


def _bits(x: float) -> bytes:
    return struct.pack("<d", x)


@pytest.mark.parametrize("text", [WEB, VECTOR_WEB], ids=["scalar", "vector"])
def test_the_constant_takes_the_factor_and_every_value_stays_the_same(text):
    count, rewritten = _rewritten(text)
    assert count == 1
    llvm.verify(rewritten)
    body = rewritten[rewritten.index("define"):]
    assert "%d1" not in body and "%d2" not in body            # the doublings are gone
    assert "-5.000000e-01" not in body and "3.000000e-01" not in body
    before, after = _compiled(text), _compiled(rewritten)
    rng = random.Random(24)
    for _ in range(2000):
        args = [rng.choice((-1, 1)) * rng.uniform(1, 2) * 10.0 ** rng.randint(-160, 75)
                for _ in range(5)]
        assert _bits(after(*args)) == _bits(before(*args)), args


NOT_A_WEB = {
    # the sum is used twice: it cannot change value in place
    "two uses": WEB.replace("  %r = fmul double -5.000000e-01, %w\n  ret double %r",
                            "  %r = fmul double -5.000000e-01, %w\n  %r2 = fadd double %r, %w\n"
                            "  ret double %r2"),
    # one term is no doubling (two different products)
    "a plain term": WEB.replace("%d3 = fadd double %v1, %v2", "%d3 = fadd double %v1, %u"),
    # 2C would overflow
    "huge constant": WEB.replace("-5.000000e-01", "1.000000e+308"),
    # a varying scale is no constant
    "varying scale": WEB.replace("fmul double -5.000000e-01, %w", "fmul double %e, %w"),
}


@pytest.mark.parametrize("case", sorted(NOT_A_WEB))
def test_what_is_not_a_web_of_doublings_stays(case):
    text = NOT_A_WEB[case]
    count, rewritten = _rewritten(text)
    assert count == 0
    assert rewritten[rewritten.index("define"):] == \
        print_module(parse_module(text))[print_module(parse_module(text)).index("define"):]


def test_the_primals_own_code_stays():
    """A doubling the primal computes keeps its value, inf and all: only the derivative's
    code is rewritten."""
    count, _ = _rewritten(WEB, primal_names={"d2"})
    assert count == 0
    count, _ = _rewritten(WEB, primal_names={"r"})
    assert count == 0

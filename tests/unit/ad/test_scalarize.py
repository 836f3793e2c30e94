"""ad/prepare/scalarize.py: packed vectors in loops become scalars, and compute the same.

Each function is compiled twice by LLVM — as written and after scalarizing — and both are
run on the same inputs: the results must be equal bit for bit (the same operations in the
same order on the same values).  The cases that must stay packed are checked by the IR."""

import ctypes
import random

import pytest

from enzyme_opt import llvm
from enzyme_opt.ad.prepare.scalarize import scalarize_packed_vectors
from enzyme_opt.ir import parse_module
from enzyme_opt.ir.text.printer import print_module

HEADER = """
declare <2 x double> @llvm.fmuladd.v2f64(<2 x double>, <2 x double>, <2 x double>)
declare <2 x double> @llvm.fabs.v2f64(<2 x double>)
declare void @sink(<2 x double>)
"""

#: dot-plus-norm as clang's SLP vectorizer packs it (two sums in one vector), with more
#: kinds of lanewise work in the same web: shuffles (one leaving a lane poison, which no
#: scalar then computes), fneg, fcmp and a select, a cast, intrinsics; read back at
#: constant lanes
PACKED_SUMS = HEADER + """
define double @f(ptr %x, ptr %y, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <2 x double> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %px = getelementptr double, ptr %x, i64 %i
  %py = getelementptr double, ptr %y, i64 %i
  %xi = load double, ptr %px
  %yi = load double, ptr %py
  %v0 = insertelement <2 x double> poison, double %xi, i64 0
  %xx = shufflevector <2 x double> %v0, <2 x double> poison, <2 x i32> zeroinitializer
  %w0 = insertelement <2 x double> poison, double %yi, i64 0
  %xy = insertelement <2 x double> %w0, double %xi, i64 1
  %odd = shufflevector <2 x double> %xy, <2 x double> <double 1.0, double 2.0>, <2 x i32> <i32 3, i32 2>
  %half = shufflevector <2 x double> %xy, <2 x double> poison, <2 x i32> <i32 1, i32 poison>
  %hh = fmul <2 x double> %half, %half
  %h = extractelement <2 x double> %hh, i64 0
  %neg = fneg <2 x double> %xy
  %big = fcmp ogt <2 x double> %xy, splat (double 0.25)
  %pick = select <2 x i1> %big, <2 x double> %xy, <2 x double> %neg
  %ii = insertelement <2 x i64> poison, i64 %i, i64 0
  %is = shufflevector <2 x i64> %ii, <2 x i64> poison, <2 x i32> zeroinitializer
  %if = sitofp <2 x i64> %is to <2 x double>
  %scaled = fmul <2 x double> %pick, %if
  %abs = call <2 x double> @llvm.fabs.v2f64(<2 x double> %scaled)
  %sum = call <2 x double> @llvm.fmuladd.v2f64(<2 x double> %xx, <2 x double> %abs, <2 x double> %acc)
  %acc.next = fadd <2 x double> %sum, %odd
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %s = extractelement <2 x double> %acc.next, i64 0
  %q = extractelement <2 x double> %acc.next, i64 1
  %r = call double @llvm.sqrt.f64(double %q)
  %t = fadd double %s, %r
  %u = fadd double %t, %h
  ret double %u
}
declare double @llvm.sqrt.f64(double)
"""


def _run(text: str, x: list[float], y: list[float], n: int | None = None) -> float:
    code = llvm.load_native(llvm.emit(text, "obj"))
    fn = ctypes.CFUNCTYPE(ctypes.c_double, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)(
        code.address("f"))
    xs, ys = (ctypes.c_double * len(x))(*x), (ctypes.c_double * len(y))(*y)
    return fn(ctypes.addressof(xs), ctypes.addressof(ys), len(x) if n is None else n)


def _scalarized(text: str) -> tuple[int, str]:
    module = parse_module(text)
    count = scalarize_packed_vectors(module.get_function("f"))
    return count, print_module(module)


def test_packed_sums_become_scalars_that_compute_the_same():
    count, text = _scalarized(PACKED_SUMS)
    body = text[text.index("define double @f"):]
    assert count == 18 and "<2 x" not in body.split("declare")[0]
    assert "call double @llvm.fmuladd.f64(" in body and "%acc.i1 = phi double" in body
    assert "%hh.i0 = fmul double %xi, %xi" in body and "%hh.i1" not in body  # a poison lane
    llvm.verify(text)
    rng = random.Random(7)
    for n in (1, 2, 17):
        x = [rng.uniform(-1, 1) for _ in range(n)]
        y = [rng.uniform(-1, 1) for _ in range(n)]
        assert _run(text, x, y) == _run(PACKED_SUMS, x, y)


#: a loop accumulating into a <2 x double> phi: what it reads (``reads``), how it sums
#: (``body``) and what it returns (``result``) vary by test
LOOP = HEADER + """
define double @f(ptr %x, ptr %y, i64 %n) {{
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <2 x double> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  {reads}
  {body}
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  {result}
}}
"""
#: x[i] in both lanes, packed from the scalar
SPLAT_X = """%px = getelementptr double, ptr %x, i64 %i
  %xi = load double, ptr %px
  %v0 = insertelement <2 x double> poison, double %xi, i64 0
  %xx = shufflevector <2 x double> %v0, <2 x double> poison, <2 x i32> zeroinitializer"""
#: x[2i] and x[2i+1] in one wide load
WIDE_X = """%pw = getelementptr inbounds <2 x double>, ptr %x, i64 %i
  %wide = load <2 x double>, ptr %pw, align 16"""
#: lane 0 minus lane 1 of the sum
BOTH_LANES = """%a = extractelement <2 x double> %acc.next, i64 0
  %b = extractelement <2 x double> %acc.next, i64 1
  %r = fsub double %a, %b
  ret double %r"""


def loop(body: str, reads: str = SPLAT_X, lane: str = "0", result: str | None = None) -> str:
    """LOOP's function, returning lane ``lane`` of the sum unless ``result`` says else."""
    result = result or f"%s = extractelement <2 x double> %acc.next, i64 {lane}\n  ret double %s"
    return LOOP.format(reads=reads, body=body, result=result)


@pytest.mark.parametrize("body, lane", [
    # stored as a vector: the web touches memory
    ("%acc.next = fadd <2 x double> %acc, %xx\n  store <2 x double> %acc.next, ptr %y", "0"),
    # handed to a call
    ("%acc.next = fadd <2 x double> %acc, %xx\n  call void @sink(<2 x double> %acc.next)", "0"),
    # read back at a lane chosen at run time
    ("%acc.next = fadd <2 x double> %acc, %xx", "%i"),
], ids=["stored", "passed-to-call", "variable-lane"])
def test_webs_that_reach_memory_calls_or_unknown_lanes_stay_packed(body, lane):
    """A vector stored (what the loop vectorizer writes: its derivative is a vector loop
    already), passed to a call or read at a lane known only at run time stays packed."""
    _, text = _scalarized(loop(body, lane=lane))
    assert "%acc = phi <2 x double>" in text and "%acc.next = fadd <2 x double>" in text


def test_integer_division_stays_packed():
    """A lane the primal never reads would divide on its own (by poison: undefined)."""
    text = loop("""%k = insertelement <2 x i64> poison, i64 %n, i64 1
  %d = udiv <2 x i64> <i64 6, i64 6>, %k
  %df = uitofp <2 x i64> %d to <2 x double>
  %acc.next = fadd <2 x double> %acc, %df""")
    _, scalar_text = _scalarized(text)
    assert "udiv <2 x i64>" in scalar_text and "%acc = phi <2 x double>" in scalar_text


def test_packed_code_outside_loops_stays_packed():
    """Straight-line SLP code has no loop the vectorizer could take: it is left as it is."""
    text = HEADER + """
define double @f(ptr %x, ptr %y, i64 %n) {
entry:
  %a = load double, ptr %x
  %b = load double, ptr %y
  %v0 = insertelement <2 x double> poison, double %a, i64 0
  %v = insertelement <2 x double> %v0, double %b, i64 1
  %w = fmul <2 x double> %v, %v
  %s = extractelement <2 x double> %w, i64 0
  %t = extractelement <2 x double> %w, i64 1
  %u = fadd double %s, %t
  ret double %u
}
"""
    count, _ = _scalarized(text)
    assert count == 0


def test_a_lane_nobody_reads_is_not_computed_even_around_a_loop():
    """Lane 1 of the sum is poison (a shuffle leaves it so) and is carried by the loop's
    phi, but nothing reads it: no scalar computes it (its adjoint, 0 × poison, would be
    poison in the reverse sweep)."""
    text = loop("""%half = shufflevector <2 x double> %xx, <2 x double> poison, <2 x i32> <i32 1, i32 poison>
  %acc.next = fadd <2 x double> %acc, %half""")
    count, scalar_text = _scalarized(text)
    body = scalar_text[scalar_text.index("define double @f"):]
    assert count == 5 and "<2 x" not in body
    assert "%acc.i0 = phi double" in body and "acc.i1" not in body and "poison" not in body
    llvm.verify(scalar_text)
    assert _run(scalar_text, [0.5, -0.25, 2.0], [0.0] * 3) == 2.25


#: a sum of squares of pairs, as the SLP vectorizer packs contiguous data: wide loads and
#: lanewise work only (no scalars packed side by side)
SQUARES = "%acc.next = call <2 x double> @llvm.fmuladd.v2f64(<2 x double> %wide, " \
    "<2 x double> %wide, <2 x double> %acc)"
#: bundle adjustment's residuals: one wide load of two coordinates, beside scalars packed
#: into vectors by insertelement
WITH_SCALARS = """%py = getelementptr inbounds double, ptr %y, i64 %i
  %yi = load double, ptr %py
  %p0 = insertelement <2 x double> poison, double %yi, i64 0
  %pair = insertelement <2 x double> %p0, double 1.5, i64 1
  %acc.next = call <2 x double> @llvm.fmuladd.v2f64(<2 x double> %wide, <2 x double> %pair, <2 x double> %acc)"""


def test_data_parallel_work_on_contiguous_memory_stays_packed():
    """Its derivative is vector code on contiguous shadows (GMM at -ffast-math ran 38 %
    slower split)."""
    count, text = _scalarized(loop(SQUARES, reads=WIDE_X, result=BOTH_LANES))
    assert count == 0 and "load <2 x double>" in text


def test_a_vector_load_beside_packed_scalars_splits_into_one_load_per_lane():
    source = loop(WITH_SCALARS, reads=WIDE_X, result=BOTH_LANES)
    count, text = _scalarized(source)
    body = text[text.index("define double @f"):]
    assert count == 5 and "load <2 x double>" not in body and "phi <2" not in body
    assert "%wide.i0 = load double, ptr %pw, align 16" in body
    assert "getelementptr inbounds i8, ptr %pw, i64 8" in body
    assert "%wide.i1 = load double, ptr %0, align 8" in body
    llvm.verify(text)
    rng = random.Random(3)
    for pairs in (1, 5):
        x = [rng.uniform(-1, 1) for _ in range(2 * pairs)]
        assert _run(text, x, x, pairs) == _run(source, x, x, pairs)

"""ad/sine_cosine.py: a sine and a cosine of one value in one block become one ``sincos``
call, whose values are those of glibc's ``sin`` and ``cos`` bit for bit, and only where
``errno``'s write does not move past a memory access.

The merged functions are compiled by LLVM and run against the originals on arguments of
every magnitude (and ±inf, nan): the results must be equal bit for bit.  The cases that
must not change are checked by their IR."""

import ctypes
import math
import random
import struct

import pytest

from enzyme_opt import llvm
from enzyme_opt.ad.sine_cosine import add_partner_calls, has_sincos, merge_sine_cosine
from enzyme_opt.ir import parse_module
from enzyme_opt.ir.text.printer import print_module

HEADER = 'target triple = "x86_64-pc-linux-gnu"\n'
DECLARATIONS = """
declare double @sin(double) #0
declare double @cos(double) #0
declare float @sinf(float) #0
declare float @cosf(float) #0
declare double @llvm.sin.f64(double)
declare double @llvm.cos.f64(double)
attributes #0 = { mustprogress nofree nounwind willreturn memory(errnomem: write) }
"""

#: the primal's sin(x) and the tangent rule's llvm.cos(x) (forward mode), a rotation's
#: cos(θ) and sin(θ) (both libm), and a float pair
MERGED = {
    "tangent": """
define double @f(double %x, double %dx) {
  %s = call double @sin(double %x)
  %y = fmul double %s, %x
  %c = call double @llvm.cos.f64(double %x)
  %t = fmul double %c, %dx
  %r = fadd double %y, %t
  ret double %r
}""",
    "rotation": """
define double @f(double %x, double %dx) {
  %c = call double @cos(double %x)
  %s = call double @sin(double %x)
  %a = fmul double %c, %dx
  %r = fsub double %a, %s
  ret double %r
}""",
    "intrinsic first": """
define double @f(double %x, double %dx) {
  %c = call double @llvm.cos.f64(double %x)
  %u = fadd double %x, %dx
  %s = call double @sin(double %x)
  %r = fmul double %c, %s
  %v = fadd double %r, %u
  ret double %v
}""",
    "float": """
define double @f(double %x, double %dx) {
  %xf = fptrunc double %x to float
  %s = call float @sinf(float %xf)
  %c = call float @cosf(float %xf)
  %p = fsub float %s, %c
  %r = fpext float %p to double
  ret double %r
}""",
}

#: errno's write would move over a store or a load, both calls are intrinsics (LLVM merges
#: those itself), the operands differ, or they are in different blocks
UNCHANGED = {
    "store between libm calls": """
define double @f(double %x, ptr %out) {
  %c = call double @cos(double %x)
  store double %c, ptr %out
  %s = call double @sin(double %x)
  %r = fadd double %c, %s
  ret double %r
}""",
    "load before a libm call that would move up": """
define double @f(double %x, ptr %out) {
  %c = call double @llvm.cos.f64(double %x)
  %e = load double, ptr %out
  %s = call double @sin(double %x)
  %r = fadd double %c, %s
  %v = fadd double %r, %e
  ret double %v
}""",
    "two intrinsics": """
define double @f(double %x, ptr %out) {
  %c = call double @llvm.cos.f64(double %x)
  %s = call double @llvm.sin.f64(double %x)
  %r = fadd double %c, %s
  ret double %r
}""",
    "different operands": """
define double @f(double %x, ptr %out) {
  %y = fadd double %x, 1.0
  %c = call double @cos(double %x)
  %s = call double @sin(double %y)
  %r = fadd double %c, %s
  ret double %r
}""",
    "different blocks": """
define double @f(double %x, ptr %out) {
  %c = call double @cos(double %x)
  br label %next
next:
  %s = call double @sin(double %x)
  %r = fadd double %c, %s
  ret double %r
}""",
}


def _merged(body: str, declarations: str = DECLARATIONS) -> tuple[str, int]:
    module = parse_module(HEADER + body + declarations, "test.ll")
    count = merge_sine_cosine(module, [module.get_function("f")])
    text = print_module(module)
    llvm.verify(text)
    return text, count


def _compiled(text: str):
    code = llvm.load_native(llvm.emit(text, "obj"))
    fn = ctypes.CFUNCTYPE(ctypes.c_double, ctypes.c_double, ctypes.c_double)(code.address("f"))
    return code, fn


def _bits(value: float) -> bytes:
    return struct.pack("<d", value)


def _arguments():
    rng = random.Random(35)
    values = [0.0, -0.0, math.inf, -math.inf, math.nan, 1e-310, math.pi, 1e22, -1e300]
    for _ in range(3000):
        values.append(rng.uniform(-10, 10) * 10 ** rng.randint(-300, 300))
    return values


@pytest.mark.parametrize("case", sorted(MERGED))
def test_merged_pair_gives_the_same_bits(case):
    merged, count = _merged(MERGED[case])
    assert count == 1
    assert merged.count("call void @sincos") == 1 or merged.count("call void @sincosf") == 1
    assert "@sin(" not in merged.split("define")[1].split("}")[0]
    original, new = _compiled(HEADER + MERGED[case] + DECLARATIONS), _compiled(merged)
    for x in _arguments():
        dx = x * 0.5 + 1
        assert _bits(original[1](x, dx)) == _bits(new[1](x, dx)), (case, x)


@pytest.mark.parametrize("case", sorted(UNCHANGED))
def test_pair_left_alone(case):
    merged, count = _merged(UNCHANGED[case])
    assert count == 0
    assert "sincos" not in merged


def test_program_function_named_sincos_is_not_glibcs():
    own = DECLARATIONS + """
define void @sincos(double %x, ptr %s, ptr %c) {
  store double 0.0, ptr %s
  store double 0.0, ptr %c
  ret void
}"""
    merged, count = _merged(MERGED["rotation"], own)
    assert count == 0


def test_only_glibc_targets():
    assert has_sincos("x86_64-pc-linux-gnu") and has_sincos("aarch64-unknown-linux-gnu")
    for triple in ("x86_64-apple-macosx14.0.0", "x86_64-pc-windows-msvc",
                   "x86_64-unknown-linux-musl", "nvptx64-nvidia-cuda", "", None):
        assert not has_sincos(triple)


PARTNERS = """
define double @f(double %x, double %y, double %z) {
  %s = call double @sin(double %x)
  %c = call double @cos(double %y)
  %t = call double @sin(double %z)
  %u = call double @cos(double %z)
  %a = fadd double %s, %c
  %b = fadd double %t, %u
  %r = fadd double %a, %b
  ret double %r
}"""


def test_partner_calls_beside_active_sines_and_cosines():
    """A gradient's forward sweep gets cos(x) beside an active sin(x) and sin(y) beside
    cos(y), which ``merge_sine_cosine`` then joins; sin(z) and cos(z) are partners
    already, and an inactive call gets none."""
    module = parse_module(HEADER + PARTNERS + DECLARATIONS, "test.ll")
    f = module.get_function("f")
    inactive = {"u"}
    assert [c.name for c in add_partner_calls(f, lambda call: call.name not in inactive)] \
        == ["s", "c"]
    calls = [(i.name, i.called_function.name) for i in f.instructions() if i.opcode == "call"]
    assert calls == [("s", "sin"), ("cos", "llvm.cos.f64"), ("c", "cos"),
                     ("sin", "llvm.sin.f64"), ("t", "sin"), ("u", "cos")]
    assert merge_sine_cosine(module, [f]) == 3
    llvm.verify(print_module(module))

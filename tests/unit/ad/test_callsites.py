"""Decoding Enzyme call sites: how each argument is classified."""

import pytest

from enzyme_opt import llvm
from enzyme_opt.abi import request as R
from enzyme_opt.abi.callsites import decode_call
from enzyme_opt.abi.entries import find_call_sites
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import parse_module

PRELUDE = """
@enzyme_dup = external global i32
@enzyme_const = external global i32
@enzyme_out = external global i32
@enzyme_width = external global i32
@enzyme_dupv = external global i32
@enzyme_dupx = external global i32
declare double @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)
declare double @__enzyme_augmentfwd(ptr, ...)
declare double @__enzyme_virtualreverse(ptr, ...)
declare double @ext(double)
define double @f(double %x, ptr %p, i32 %n) {
  %v = load double, ptr %p
  %m = fmul double %x, %v
  ret double %m
}
"""


def decode(body: str, extra: str = ""):
    text = llvm.read_input((PRELUDE + extra + body).encode(), "t.ll")
    module = parse_module(text, "t.ll")
    calls = find_call_sites(module)
    assert len(calls) == 1
    return decode_call(calls[0], "t.ll")


def caller(call_args: str, entry: str = "__enzyme_autodiff") -> str:
    return f"""
define double @main(double %a, ptr %q, ptr %dq) {{
  %mk = load i32, ptr @enzyme_const
  %dup = load i32, ptr @enzyme_dup
  %out = load i32, ptr @enzyme_out
  %r = call double (ptr, ...) @{entry}(ptr @f, {call_args})
  ret double %r
}}
"""


def test_defaults_reverse_float_active_pointer_dup_int_const():
    site = decode(caller("double %a, ptr %q, ptr %dq, i32 3"))
    assert site.request.mode == R.REVERSE
    assert site.request.args == (R.OUT, R.DUP, R.CONST)
    assert [b.marker for b in site.bindings] == [None, None, None]
    assert site.bindings[1].shadows[0].name == "dq"
    assert site.request.ret == R.OUT and site.differential_return is None


def test_defaults_forward_float_is_duplicated():
    site = decode(caller("double %a, double 1.0, ptr %q, ptr %dq, i32 3", "__enzyme_fwddiff"))
    assert site.request.mode == R.FORWARD
    assert site.request.args == (R.DUP, R.DUP, R.CONST)
    assert site.request.ret == R.DUP


def test_global_markers_loaded_by_value():
    site = decode(caller("i32 %out, double %a, i32 %dup, ptr %q, ptr %dq, i32 %mk, i32 3"))
    assert site.request.args == (R.OUT, R.DUP, R.CONST)
    assert [b.marker for b in site.bindings] == ["enzyme_out", "enzyme_dup", "enzyme_const"]


def test_metadata_markers():
    site = decode(caller('metadata !"enzyme_out", double %a, metadata !"enzyme_dup", ptr %q, '
                         'ptr %dq, metadata !"enzyme_const", i32 3'))
    assert site.request.args == (R.OUT, R.DUP, R.CONST)


def test_marker_passed_as_the_global_itself_and_const_pointer():
    site = decode(caller("double %a, ptr @enzyme_const, ptr %q, i32 3"))
    assert site.request.args == (R.OUT, R.CONST, R.CONST)


def test_phi_of_identical_markers():
    body = """
define double @main(double %a, ptr %q, ptr %dq, i1 %c) {
entry:
  br i1 %c, label %l, label %r
l:
  %m1 = load i32, ptr @enzyme_const
  br label %j
r:
  %m2 = load i32, ptr @enzyme_const
  br label %j
j:
  %m = phi i32 [ %m1, %l ], [ %m2, %r ]
  %res = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %a, i32 %m, ptr %q, i32 3)
  ret double %res
}
"""
    assert decode(body).request.args == (R.OUT, R.CONST, R.CONST)


def test_differential_return_trailing_argument():
    site = decode(caller("double %a, ptr %q, ptr %dq, i32 3, double 2.5"))
    assert site.differential_return is not None and site.differential_return.value == 2.5


def test_width_and_dupv():
    body = """
define void @main(double %a, ptr %q, ptr %base) {
  %w = load i32, ptr @enzyme_width
  %v = load i32, ptr @enzyme_dupv
  %r = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, i32 %w, i32 2, double %a, double 1.0,
                                                 double 0.0, i32 %v, i64 8, ptr %q, ptr %base, i32 3)
  ret void
}
"""
    site = decode(body)
    assert site.request.width == 2
    assert len(site.bindings[0].shadows) == 2
    assert site.bindings[1].stride.value == 8 and len(site.bindings[1].shadows) == 1


@pytest.mark.parametrize("args, message", [
    ("double %a, i32 %dup", "too few arguments"),
    ("double %a, i32 %dup, ptr %q", "too few arguments"),
    ("double %a, i32 %dup, ptr %q, double 1.0, i32 3", "the shadow of parameter 2 of @f has type double, but its primal has type ptr"),
    ("double %a, ptr %q, ptr %dq, i32 3, double 1.0, double 2.0", "too many arguments"),
])
def test_argument_errors(args, message):
    with pytest.raises(DifferentiationError, match=message):
        decode(caller(args))


def test_unknown_marker_is_an_error():
    body = caller("double %a, i32 %x, ptr %q, i32 3").replace(
        "%mk = load i32, ptr @enzyme_const", "%x = load i32, ptr @enzyme_dupx")
    with pytest.raises(DifferentiationError, match="unknown Enzyme marker 'enzyme_dupx'"):
        decode(body)


def test_declaration_only_function_is_an_error():
    body = """
define double @main(double %a) {
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @ext, double %a)
  ret double %r
}
"""
    with pytest.raises(DifferentiationError, match="@ext: it is only a declaration"):
        decode(body)


def test_virtualreverse_is_no_request():  # abi/virtual_reverse.py lowers it before
    with pytest.raises(DifferentiationError, match="not a derivative"):
        decode(caller("double %a, ptr %q, ptr %dq, i32 3", "__enzyme_virtualreverse"))

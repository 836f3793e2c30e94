"""analysis/types.signature_float_pointees: what a C++ function's mangled name says its
pointer parameters point to (a -O0 memmove that nothing near it types)."""

import pytest

from enzyme_opt.analysis.types import _split_parameters, signature_float_pointees
from enzyme_opt.demangle import demangler
from enzyme_opt.ir import parse_module
from enzyme_opt.ir import types as T


@pytest.mark.parametrize("spelled, params", [
    ("double* std::__copy_move<false, true, std::random_access_iterator_tag>::__copy_m<double>"
     "(double const*, double const*, double*)", ["double const*", "double const*", "double*"]),
    ("f()", []),
    ("g(void)", []),
    ("A::h(int, void (*)(double, int), std::map<int, float>) const",
     ["int", "void (*)(double, int)", "std::map<int, float>"]),
    ("not a signature", None),
])
def test_parameters_of_a_demangled_signature(spelled, params):
    assert _split_parameters(spelled) == params


MODULE = """
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
define ptr @{name}(ptr %first, ptr %last, ptr %out) {{
  call void @llvm.memmove.p0.p0.i64(ptr %out, ptr %first, i64 16, i1 false)
  ret ptr %out
}}
"""


@pytest.mark.skipif(demangler() is None, reason="needs a C++ demangler")
@pytest.mark.parametrize("name, expected", [
    # double* std::__copy_move<false, true, std::random_access_iterator_tag>
    #   ::__copy_m<double>(double const*, double const*, double*)
    ("_ZNSt11__copy_moveILb0ELb1ESt26random_access_iterator_tagE8__copy_mIdEEPT_PKS3_S6_S4_",
     {T.f64}),
    ("_Z4copyPKfS0_Pf", {T.f32}),          # copy(float const*, float const*, float*)
    ("_Z4copyPKlS0_Pl", set()),            # copy(long const*, long const*, long*)
    ("copy", set()),                       # C: no signature
    ("_Z4copyPKdS0_", set()),              # two parameters for three arguments: not trusted
    ("_ZN1A4copyEPKdS1_", set()),          # A::copy(double const*, double const*): `this`?
])
def test_float_pointees_from_the_signature(name, expected):
    module = parse_module(MODULE.format(name=name))
    copy = next(i for i in module.get_function(name).instructions() if i.opcode == "call")
    assert signature_float_pointees(copy) == expected

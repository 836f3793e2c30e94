"""analysis/activity.py: memory a function allocates is varied unless nothing
varied ever reaches memory."""

from enzyme_opt.analysis.activity import varied_values
from enzyme_opt.ir import parse_module

PROGRAM = """
@g = global double 0.0

declare i32 @puts(ptr)
declare double @llvm.sin.f64(double)
declare void @opaque(ptr)

define double @registers_only(double %x) {
  %buf = alloca [16 x i8]
  call void @opaque(ptr %buf)
  %s = call double @llvm.sin.f64(double %x)
  %y = fmul double %s, %x
  ret double %y
}

define double @through_a_local(double %x) {
  %slot = alloca double
  call void @opaque(ptr %slot)
  store double %x, ptr %slot
  %y = load double, ptr %slot
  ret double %y
}

define double @through_a_call(double %x) {
  %slot = alloca double
  %y = call double @helper(double %x, ptr %slot)
  ret double %y
}

define double @helper(double %x, ptr %p) {
  store double %x, ptr %p
  %y = load double, ptr %p
  ret double %y
}
"""


def _varied(name: str) -> dict:
    fn = parse_module(PROGRAM).get_function(name)
    varied = varied_values(fn, {fn.args[0]})
    return {inst.name: inst in varied for inst in fn.instructions() if inst.name}


def test_memory_no_varied_value_reaches_is_not_varied():
    varied = _varied("registers_only")
    assert not varied["buf"] and varied["s"] and varied["y"]


def test_a_varied_store_makes_every_allocation_varied():
    varied = _varied("through_a_local")
    assert varied["slot"] and varied["y"]


def test_a_call_given_a_varied_value_makes_every_allocation_varied():
    assert _varied("through_a_call")["slot"]


def test_globals_with_shadows_keep_the_conservative_answer():
    module = parse_module(PROGRAM)
    fn = module.get_function("registers_only")
    varied = varied_values(fn, {fn.args[0], module.get("g")})
    assert any(inst.name == "buf" and inst in varied for inst in fn.instructions())

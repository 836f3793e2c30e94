"""analysis/activity.py and analysis/local_memory.py: memory a function
allocates is varied when a varied value may reach it."""

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

; a map-like object holding the derivative, a key-like local beside it: the callee
; writes the varied value into the object through a pointer it loads from it, and
; into the key only the key's own buffer address and a count
define double @key_beside_object(double %x) {
  %object = alloca { ptr, double }
  %key = alloca { ptr, i64, [16 x i8] }
  %r = call ptr @insert(ptr %object, ptr %key, double %x)
  %y = load double, ptr %r
  ret double %y
}

define ptr @insert(ptr %object, ptr %key, double %v) {
  %node = call ptr @malloc(i64 16)
  store double %v, ptr %node
  store ptr %node, ptr %object
  %cell = load ptr, ptr %object
  store double %v, ptr %cell
  %buf = getelementptr i8, ptr %key, i64 16
  store ptr %buf, ptr %key
  %len = getelementptr i8, ptr %key, i64 8
  store i64 0, ptr %len
  ret ptr %node
}

; the same, but the callee keeps the key's address in the object: a later write
; through a pointer loaded from the object could reach the key
define double @key_kept_in_object(double %x) {
  %object = alloca { ptr, double }
  %key = alloca { ptr, i64, [16 x i8] }
  call void @keep(ptr %object, ptr %key, double %x)
  %p = load ptr, ptr %object
  store double %x, ptr %p
  %y = load double, ptr %key
  ret double %y
}

define void @keep(ptr %object, ptr %key, double %v) {
  store ptr %key, ptr %object
  ret void
}

; a heap block whose address leaves through an argument: its caller may store a
; derivative into it later, so it is varied though nothing varied is stored here
define double @block_to_caller(double %x, ptr %out) {
  %block = call ptr @malloc(i64 8)
  store ptr %block, ptr %out
  %y = fmul double %x, %x
  ret double %y
}

; realloc of varied memory holds what the old block held
define double @grown(ptr %x) {
  %y = call ptr @realloc(ptr %x, i64 16)
  %v = load double, ptr %y
  ret double %v
}

declare ptr @malloc(i64)
declare ptr @realloc(ptr, i64)
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


def test_a_local_the_varied_value_never_reaches_is_not_varied():
    varied = _varied("key_beside_object")
    assert varied["object"] and not varied["key"] and varied["y"]


def test_a_local_whose_address_a_callee_keeps_is_varied():
    varied = _varied("key_kept_in_object")
    assert varied["object"] and varied["key"] and varied["y"]


def test_a_heap_block_whose_address_leaves_is_varied():
    assert _varied("block_to_caller")["block"]


def test_realloc_of_varied_memory_is_varied():
    varied = _varied("grown")
    assert varied["y"] and varied["v"]

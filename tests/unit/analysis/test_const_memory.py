"""analysis/const_memory.py: derivatives written into memory without a shadow and read back.

Each function takes ``%x`` (active, shadowed) and ``%cd`` (no shadow, as enzyme_const);
the varied set is the forward fixed point from ``%x``.
"""

import pytest

from enzyme_opt.analysis.activity import varied_values
from enzyme_opt.analysis.const_memory import derivative_read_back
from enzyme_opt.ir import parse_module

PROGRAM = """
define double @read_back(ptr %x, ptr %cd) {
  %v = load double, ptr %x
  %sq = fmul double %v, %v
  store double %sq, ptr %cd
  %back = load double, ptr %cd
  %r = fmul double %back, %v
  ret double %r
}

define double @write_only(ptr %x, ptr %cd) {
  %v = load double, ptr %x
  %sq = fmul double %v, %v
  store double %sq, ptr %cd
  ret double %sq
}

define double @read_modify_write(ptr %x, ptr %cd) {
  %v = load double, ptr %x
  %old = load double, ptr %cd
  %new = fadd double %old, %v
  store double %new, ptr %cd
  %big = fcmp ogt double %new, 1.0e2
  %r = select i1 %big, double 0.0, double %v
  ret double %r
}

define double @other_element(ptr %x, ptr %cd) {
  %v = load double, ptr %x
  store double %v, ptr %cd
  %p1 = getelementptr inbounds double, ptr %cd, i64 1
  %c1 = load double, ptr %p1
  %r = fmul double %c1, %v
  ret double %r
}

define double @unknown_element(ptr %x, ptr %cd, i64 %i) {
  %v = load double, ptr %x
  store double %v, ptr %cd
  %pi = getelementptr inbounds double, ptr %cd, i64 %i
  %ci = load double, ptr %pi
  %r = fmul double %ci, %v
  ret double %r
}

define internal void @square_into(ptr %to, double %v) {
  %sq = fmul double %v, %v
  store double %sq, ptr %to
  ret void
}

define internal double @first_of(ptr %from) {
  %v = load double, ptr %from
  ret double %v
}

define double @callee_writes_caller_reads(ptr %x, ptr %cd) {
  %v = load double, ptr %x
  call void @square_into(ptr %cd, double %v)
  %back = load double, ptr %cd
  ret double %back
}

define double @caller_writes_callee_reads(ptr %x, ptr %cd) {
  %v = load double, ptr %x
  store double %v, ptr %cd
  %back = call double @first_of(ptr %cd)
  ret double %back
}

define double @spilled_at_O0(ptr %x, ptr %cd) {
  %cd.addr = alloca ptr
  store ptr %cd, ptr %cd.addr
  %v = load double, ptr %x
  %p = load ptr, ptr %cd.addr
  store double %v, ptr %p
  %q = load ptr, ptr %cd.addr
  %back = load double, ptr %q
  ret double %back
}

define double @through_a_struct(ptr %x, ptr %cd) {
  %m = alloca { ptr, ptr }
  store ptr %cd, ptr %m
  %v = load double, ptr %x
  store double %v, ptr %cd
  %c = load ptr, ptr %m
  %back = load double, ptr %c
  ret double %back
}

define internal void @keep(ptr %p) {
  ret void
}

define internal void @keep_in(ptr %slot, ptr %p) {
  store ptr %p, ptr %slot
  ret void
}

define double @kept_by_a_callee(ptr %x, ptr %cd) {
  %m = alloca ptr
  call void @keep_in(ptr %m, ptr %cd)
  %v = load double, ptr %x
  store double %v, ptr %cd
  %c = load ptr, ptr %m
  %back = load double, ptr %c
  ret double %back
}

define internal void @square_through(ptr %h, double %v) {
  %c = load ptr, ptr %h
  %sq = fmul double %v, %v
  store double %sq, ptr %c
  ret void
}

define double @written_through_a_holder(ptr %x, ptr %cd) {
  %h = alloca ptr
  store ptr %cd, ptr %h
  %v = load double, ptr %x
  call void @square_through(ptr %h, double %v)
  %back = load double, ptr %cd
  %r = fmul double %back, %v
  ret double %r
}

define internal void @square_second(ptr %m, double %v) {
  %px = getelementptr inbounds i8, ptr %m, i64 8
  %x = load ptr, ptr %px
  %sq = fmul double %v, %v
  store double %sq, ptr %x
  ret void
}

define double @written_through_a_struct_with_a_shadow(ptr %x, ptr %cd) {
  %m = alloca { ptr, ptr }
  store ptr %cd, ptr %m
  %px = getelementptr inbounds i8, ptr %m, i64 8
  store ptr %x, ptr %px
  %v = load double, ptr %x
  call void @square_second(ptr %m, double %v)
  %back = load double, ptr %cd
  %r = fmul double %back, %v
  ret double %r
}

define double @given_away_but_not_kept(ptr %x, ptr %cd, ptr %other) {
  call void @keep(ptr %cd)
  %v = load double, ptr %x
  store double %v, ptr %cd
  %q = load ptr, ptr %other
  %r = load double, ptr %q
  ret double %r
}

define double @read_before_the_write(ptr %x, ptr %cd) {
  %first = load double, ptr %cd
  %v = load double, ptr %x
  %r = fmul double %first, %v
  store double %r, ptr %cd
  ret double %r
}

define double @read_in_the_next_iteration(ptr %x, ptr %cd, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %t, %loop ]
  %c = load double, ptr %cd
  %v = load double, ptr %x
  %w = fmul double %c, %v
  store double %w, ptr %cd
  %t = fadd double %s, %w
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %done
done:
  ret double %t
}

define double @inactive_write(ptr %x, ptr %cd) {
  store double 1.0, ptr %cd
  %back = load double, ptr %cd
  %v = load double, ptr %x
  %r = fmul double %back, %v
  ret double %r
}
"""

READ_BACK = {"read_back", "unknown_element", "callee_writes_caller_reads",
             "caller_writes_callee_reads", "spilled_at_O0", "through_a_struct",
             "read_in_the_next_iteration", "kept_by_a_callee", "written_through_a_holder"}
NOT_READ_BACK = {"write_only", "read_modify_write", "other_element", "inactive_write",
                 "given_away_but_not_kept", "read_before_the_write",
                 # a callee's write through a struct with a shadow: run-time activity's
                 "written_through_a_struct_with_a_shadow"}


def _found(name, shadowed_cd=False):
    module = parse_module(PROGRAM)
    fn = module.get_function(name)
    x, cd = fn.args[0], fn.args[1]
    shadowed = {x: x} | ({cd: cd} if shadowed_cd else {})
    return derivative_read_back(fn, varied_values(fn, {x}), shadowed), fn


@pytest.mark.parametrize("name", sorted(READ_BACK))
def test_a_derivative_read_back_from_memory_without_a_shadow_is_found(name):
    found, fn = _found(name)
    assert found is not None
    write, read, root = found
    assert root is fn.args[1]
    assert write.function is fn and read.function is fn


@pytest.mark.parametrize("name", sorted(NOT_READ_BACK))
def test_a_constant_output_is_not_a_read_back(name):
    assert _found(name)[0] is None


@pytest.mark.parametrize("name", sorted(READ_BACK))
def test_memory_with_a_shadow_is_never_in_question(name):
    assert _found(name, shadowed_cd=True)[0] is None


def test_a_generated_function_may_state_its_access():
    """The checkpointing driver states what it does with floats (it hands the user's data
    to the scheme through pointers, which reading its body would count as writes)."""
    from enzyme_opt.analysis.const_memory import (ACCESS_ATTRIBUTE, Access, _FloatAccess,
                                                  access_attribute)
    module = parse_module("""
define internal void @driver(ptr %data, ptr %regions, ptr %fn) {
  call void %fn(ptr %data, ptr %regions)
  ret void
}
""")
    fn = module.get_function("driver")
    read_from_body = _FloatAccess().of(fn)
    assert 0 in read_from_body.written            # an opaque call: everything it is given
    fn.add_string_attribute(ACCESS_ATTRIBUTE, access_attribute({"written": (1,), "kept": (0,)}))
    assert _FloatAccess().of(fn) == Access(frozenset({1}), frozenset(), frozenset(),
                                           frozenset(), frozenset({0}))

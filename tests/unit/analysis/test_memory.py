"""analysis/memory.py: which memory a call tree writes, and which loads it leaves unchanged."""

from enzyme_opt.analysis.memory import (cannot_overlap, read_objects, writes_only_local_memory,
                                         written_objects)
from enzyme_opt.ir import parse_module

PROGRAM = """
@g = global double 0.0
@k = global double 0.0

define void @store_through(ptr %p, double %v) {
  store double %v, ptr %p
  ret void
}

define void @only_local(ptr %x) {
  %tmp = alloca double
  %v = load double, ptr %x
  call void @store_through(ptr %tmp, double %v)
  ret void
}

define void @writes_out(ptr noalias %x, ptr %out, ptr %y) {
  %v = load double, ptr %x
  %q = getelementptr double, ptr %out, i64 1
  call void @store_through(ptr %q, double %v)
  store double %v, ptr @g
  ret void
}

define void @writes_loaded(ptr %pp, double %v) {
  %p = load ptr, ptr %pp
  store double %v, ptr %p
  ret void
}

define void @joined(ptr %u, ptr %w, i1 %c, i64 %n) {
entry:
  %a = getelementptr double, ptr %u, i64 1
  %b = select i1 %c, ptr %a, ptr %w
  br label %loop
loop:
  %p = phi ptr [ %b, %entry ], [ %next, %loop ]
  store double 1.0, ptr %p
  %next = getelementptr double, ptr %p, i64 1
  %more = icmp ult i64 0, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define void @joined_with_loaded(ptr %u, ptr %pp, i1 %c) {
  %l = load ptr, ptr %pp
  %p = select i1 %c, ptr %u, ptr %l
  store double 1.0, ptr %p
  ret void
}

define void @opaque(ptr %x, ptr %f) {
  call void %f(ptr %x)
  ret void
}
"""


def _functions():
    module = parse_module(PROGRAM)
    return {fn.name: fn for fn in module.functions}, module


def test_writes_of_callees_are_mapped_onto_the_callers_arguments():
    fns, module = _functions()
    assert written_objects(fns["only_local"]) == frozenset()   # the callee writes our alloca
    assert writes_only_local_memory(fns["only_local"])
    x, out, y = fns["writes_out"].args
    assert written_objects(fns["writes_out"]) == {out, module.get("g")}
    assert not writes_only_local_memory(fns["writes_out"])


def test_writes_through_phis_and_selects_name_every_object_joined():
    """A pointer walking an array (a phi) or chosen between two (a select) writes into each
    of the objects it may come from (a checkpointed loop's step at -O2 was refused
    before: its snapshot could not be named)."""
    fns, _ = _functions()
    u, w, _, _ = fns["joined"].args
    assert written_objects(fns["joined"]) == {u, w}
    assert written_objects(fns["joined_with_loaded"]) is None   # one of them is unknown


def test_unnamed_or_opaque_writes_are_unknown():
    fns, _ = _functions()
    assert written_objects(fns["writes_loaded"]) is None
    assert written_objects(fns["opaque"]) is None


def test_what_cannot_overlap():
    fns, module = _functions()
    x, out, y = fns["writes_out"].args
    g, k = module.get("g"), module.get("k")
    assert cannot_overlap(x, out) and cannot_overlap(x, g)        # x is noalias
    assert cannot_overlap(k, g)                                   # distinct globals
    assert not cannot_overlap(y, out) and not cannot_overlap(y, g)  # plain pointers may
    assert not cannot_overlap(g, g)


def test_reads_are_named_like_writes():
    fns, module = _functions()
    x, out, y = fns["writes_out"].args
    assert read_objects(fns["writes_out"]) == {x}             # %v = load %x; store_through reads nothing
    assert read_objects(fns["only_local"]) == {fns["only_local"].args[0]}
    assert read_objects(fns["writes_loaded"]) == {fns["writes_loaded"].args[0]}   # the load of %pp
    assert read_objects(fns["opaque"]) is None

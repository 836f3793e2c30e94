"""analysis/pointees.py: what the whole program says a pointer's memory holds."""

from enzyme_opt.analysis.pointees import PointeeTypes
from enzyme_opt.ir import parse_module
from enzyme_opt.ir import types as T

# A float buffer grown through a helper that only copies (no type near the copy), read as
# float by its user; a temporary {ptr, double} whose second field flows like a double*;
# and an identity function (std::move-like) called on both float and double memory.
PROGRAM = """
%tmp = type { ptr, double }

define ptr @identity(ptr %p) {
  ret ptr %p
}

define void @grow(ptr %holder, ptr %old, i64 %n) {
  %new = call ptr @malloc(i64 %n)
  call void @llvm.memmove.p0.p0.i64(ptr %new, ptr %old, i64 %n, i1 false)
  store ptr %new, ptr %holder
  ret void
}

define float @user(ptr %holder, ptr %old, i64 %n, ptr %d) {
  call void @grow(ptr %holder, ptr %old, i64 %n)
  %data = load ptr, ptr %holder
  %same = call ptr @identity(ptr %data)
  %x = load float, ptr %same
  %t = alloca %tmp
  store ptr %holder, ptr %t
  %field = getelementptr inbounds %tmp, ptr %t, i32 0, i32 1
  %dd = call ptr @identity(ptr %d)
  %y = load double, ptr %dd
  store double %y, ptr %field
  ret float %x
}

declare ptr @malloc(i64)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
"""


def analysed():
    module = parse_module(PROGRAM)
    functions = [f for f in module.functions if not f.is_declaration]
    return module, PointeeTypes(functions)


def test_a_copy_learns_its_type_from_a_reader_two_functions_away():
    module, types = analysed()
    grow = module.get_function("grow")
    copy = next(i for i in grow.instructions() if "memmove" in str(i))
    assert types.scalar_types(copy.arg(0)) == {T.f32}
    assert types.scalar_types(copy.arg(1)) == {T.f32}


def test_an_identity_function_does_not_merge_what_it_is_called_on():
    module, types = analysed()
    user = module.get_function("user")
    d = user.args[3]
    assert types.scalar_types(d) == {T.f64}


def test_a_field_stays_apart_from_its_object_but_the_object_counts_its_fields():
    module, types = analysed()
    user = module.get_function("user")
    field = next(i for i in user.instructions() if i.name == "field")
    temporary = next(i for i in user.instructions() if i.name == "t")
    assert types.scalar_types(field) == {T.f64}
    assert types.scalar_types(temporary) == {T.ptr, T.f64}


def test_a_pointer_outside_the_analysed_functions_has_no_evidence():
    module, types = analysed()
    assert types.scalar_types(module.get_function("malloc")) == set()


WRITES = """
%struct.state = type { ptr, ptr }

define void @bump(ptr %s) {
  %field = getelementptr inbounds i8, ptr %s, i64 8
  %count = load ptr, ptr %field
  %n = load i32, ptr %count
  %n1 = add i32 %n, 1
  store i32 %n1, ptr %count
  ret void
}

define i32 @peek(ptr %s) {
  %field = getelementptr inbounds i8, ptr %s, i64 8
  %count = load ptr, ptr %field
  %n = load i32, ptr %count
  ret i32 %n
}

define void @keep(ptr %count, ptr %other) {
  %s = alloca %struct.state
  %slot = getelementptr inbounds i8, ptr %s, i64 8
  store ptr %count, ptr %slot
  call void @bump(ptr %s)
  %t = alloca %struct.state
  %tslot = getelementptr inbounds i8, ptr %t, i64 8
  store ptr %other, ptr %tslot
  %n = call i32 @peek(ptr %t)
  ret void
}
"""


def test_memory_written_through_a_kept_pointer_is_told_apart_from_memory_only_read():
    # A pointer without a shadow kept in memory that has one needs run-time activity when
    # anything is written through it (analysis/activity.inactive_pointer_into_shadow): the
    # store's shadow would be a null pointer's.
    module = parse_module(WRITES)
    types = PointeeTypes([f for f in module.functions if not f.is_declaration])
    keep = module.get_function("keep")
    written_slot = next(i for i in keep.instructions() if i.name == "slot")
    read_slot = next(i for i in keep.instructions() if i.name == "tslot")
    assert types.written_through_pointees(written_slot)
    assert not types.written_through_pointees(read_slot)
    assert types.loaded_pointee_types(read_slot) == {T.i32}

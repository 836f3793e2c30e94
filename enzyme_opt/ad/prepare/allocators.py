"""Allocators called through a function pointer that a global holds, called
directly in the ``preprocess_`` copies.

``static void *(*allocfn)(size_t) = malloc; … allocfn(n)`` is an indirect call,
which AD cannot see into: memory it returns would get no shadow.  When the
pointer is loaded from a global (at a constant offset) whose initializer holds
a standard allocator there (``knowledge/calls.py``'s ``ALLOCATIONS``), the
call becomes a direct call of that allocator, so its memory gets a shadow
allocation as any allocation's does.

The global may have been changed since (another translation unit may write an
external one, this one a mutable one): treating another function's result as
fresh memory would be a silently wrong derivative.  So the copy checks, each
time, that the pointer it loaded is still that allocator, and traps when it is
not (``llvm.trap``): the assumption is checked when it cannot be proved, as a
checkpointed loop's are.  LLVM folds the check away where the global is never
written.
"""

from __future__ import annotations

from enzyme_opt.analysis.types import constant_offset
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable
from enzyme_opt.ir.values import ConstantAggregate, Value
from enzyme_opt.knowledge.calls import ALLOCATIONS


def call_held_allocators(function: Function) -> None:
    for inst in list(function.instructions()):
        if not isinstance(inst, I.CallInst) or inst.called_function is not None \
                or isinstance(inst, I.InvokeInst):
            continue
        allocator = held_allocator(inst.callee)
        if allocator is None or len(allocator.args) != len(inst.args) or \
                allocator.return_type != inst.type:
            continue
        b = Builder().before(inst)
        moved = b.icmp("ne", inst.callee, allocator)
        with b.if_then(moved, "allocator.changed"):
            trap = function.module.get_or_declare("llvm.trap", T.FunctionType(T.void, ()))
            b.call(trap, [])
        direct = b.call(allocator, inst.args, inst.name)
        inst.name = ""
        inst.replace_all_uses_with(direct)
        inst.erase()


def held_allocator(callee: Value) -> Function | None:
    """The standard allocator ``callee`` was loaded from a global's
    initializer as, if it was."""
    if not isinstance(callee, I.LoadInst):
        return None
    base, offset = constant_offset(callee.pointer)
    if not isinstance(base, GlobalVariable) or offset is None or base.initializer is None:
        return None
    held = _constant_at(base.initializer, offset)
    return held if isinstance(held, Function) and held.name in ALLOCATIONS else None


def _constant_at(constant: Value, offset: int) -> Value | None:
    """The element of a constant initializer at byte ``offset`` (None when
    no element starts there)."""
    for _ in range(16):
        if offset == 0 and not isinstance(constant, ConstantAggregate):
            return constant
        if not isinstance(constant, ConstantAggregate):
            return None
        ty = constant.type
        if isinstance(ty, (T.StructType, T.NamedStructType)):
            starts = T.DEFAULT_LAYOUT.struct_layout(ty)[1]
        else:
            size = T.alloc_size(ty.element)
            starts = [k * size for k in range(len(constant.operands))]
        index = max((k for k, start in enumerate(starts) if start <= offset), default=None)
        if index is None:
            return None
        offset -= starts[index]
        constant = constant.operands[index]
    return None

"""Type analysis: which floating type does memory hold?

Clang erases element types from pointers; a ``memcpy`` moves bytes.  To
give the copy an adjoint we ask how the memory behind its operands is
accessed elsewhere in the function: loads and stores through pointers
derived from the same base object, and ``!tbaa`` type names.
"""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.values import Value


def underlying_object(value: Value) -> Value:
    """Strip GEPs and casts: the allocation a pointer points into."""
    seen = 0
    while seen < 64:
        seen += 1
        if isinstance(value, I.GEPInst) or (isinstance(value, I.CastInst)
                                            and value.opcode in ("bitcast", "addrspacecast")):
            value = value.operand(0)
        else:
            return value
    return value


def float_types_of_object(function, base: Value) -> set[T.Type]:
    found: set[T.Type] = set()
    for inst in function.instructions():
        if isinstance(inst, I.LoadInst):
            pointer, ty = inst.pointer, inst.type
        elif isinstance(inst, I.StoreInst):
            pointer, ty = inst.pointer, inst.value.type
        else:
            continue
        if ty.scalar.is_float and underlying_object(pointer) is base:
            found.add(ty.scalar)
    return found


def memory_float_type(inst: I.CallInst) -> T.Type:
    """The float type a memcpy moves, from accesses to either operand's
    object; double when nothing tells (the common case in C)."""
    function = inst.function
    found: set[T.Type] = set()
    for operand in inst.args[:2]:
        found |= float_types_of_object(function, underlying_object(operand))
    if len(found) == 1:
        return found.pop()
    if T.f32 in found and T.f64 not in found:
        return T.f32
    return T.f64

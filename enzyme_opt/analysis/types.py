"""Type analysis: which floating type does memory hold?

Clang erases element types from pointers; a ``memcpy`` moves bytes.  To
give the copy an adjoint we need to know which bytes are floats of which
width: exactly from the ``!tbaa.struct`` clang attaches to struct copies,
else from how the memory behind its operands is loaded and stored (here
and in the callers that pass it).
"""

from __future__ import annotations

import re

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.values import Argument, Value


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


def memory_float_types(inst: I.CallInst) -> set[T.Type]:
    """The float types accessed in the memory a memcpy moves: from loads and
    stores of either operand's object in this function, and, when an operand
    is a parameter, in the callers' objects passed for it."""
    found: set[T.Type] = set()
    for operand in inst.args[:2]:
        found |= _object_float_types(inst.function, underlying_object(operand), depth=2)
    return found


def object_float_types(function, base: Value, depth: int = 2) -> set[T.Type]:
    """Float types the memory of object ``base`` is accessed with, in
    ``function`` and (for a parameter) in the callers passing it."""
    return _object_float_types(function, base, depth)


def _object_float_types(function, base: Value, depth: int) -> set[T.Type]:
    found = float_types_of_object(function, base)
    if found or depth == 0 or not isinstance(base, Argument):
        return found
    for use in function.uses:
        call = use.user
        if isinstance(call, I.CallInst) and call.callee is function and call.function is not None:
            found |= _object_float_types(call.function, underlying_object(call.arg(base.index)),
                                         depth - 1)
    return found


_NODE = re.compile(r"^(![0-9]+) = (?:distinct )?!\{(.*)\}$")


def struct_copy_fields(inst: I.CallInst) -> list[tuple[int, int, T.Type | None]] | None:
    """``(offset, size, float type or None)`` of each field of a struct copy,
    from the ``!tbaa.struct`` clang attaches to it (None: not annotated)."""
    ref = inst.get_metadata("tbaa.struct")
    module = inst.function.module if inst.function is not None else None
    if ref is None or module is None:
        return None
    items = _node_items(module, ref)
    if items is None or len(items) % 3:
        return None
    fields = []
    for k in range(0, len(items), 3):
        offset, size, tag = items[k:k + 3]
        name = _type_name(module, tag)
        ty = {"double": T.f64, "float": T.f32}.get(name)
        fields.append((int(offset.split()[-1]), int(size.split()[-1]), ty))
    return fields


def _node_items(module, ref: str) -> list[str] | None:
    line = module.metadata.get(ref)
    match = _NODE.match(line or "")
    if not match:
        return None
    return [item.strip() for item in match.group(2).split(",")]


def _type_name(module, tag: str) -> str | None:
    """The scalar type name of a TBAA access tag ``!{base, access, offset}``."""
    items = _node_items(module, tag)
    if not items or len(items) < 2:
        return None
    access = _node_items(module, items[1])
    if not access or not access[0].startswith('!"'):
        return None
    return access[0][2:-1]

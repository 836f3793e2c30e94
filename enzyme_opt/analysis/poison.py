"""Which lanes of a fixed-width vector may hold poison or undef ("don't care" lanes).

The SLP vectorizer packs unrelated scalars into vectors and leaves lanes it does not need as
poison: ``shufflevector %m, poison, <i32 1, i32 poison>`` then ``fmul`` of two such vectors,
of which only lane 0 is read.  At run time a poison lane holds whatever the register held,
NaN included.  The primal never looks at it, and neither should a derivative: the adjoint
of a don't-care lane is 0, but ``0 · NaN`` in the product rule is NaN, which the adjoint
of the *other* operand carries into lanes that matter (found by the C++ fuzzer, seed 35 at
-O2: the gradient was NaN).  The reverse sweep masks its contributions to these lanes.

A forward fixed point over the function: a lane may be undefined when it comes from a
poison/undef constant lane, a poison mask lane of a shuffle, a lane of an ``insertelement``
base the insert does not overwrite, or, lane by lane, from any operand of an elementwise
operation or cast; a ``select`` or ``phi`` lane only when every value it may choose leaves
that lane undefined (masking a lane that is defined on some path would drop its derivative).
"""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.values import ConstantAggregate, ConstantInt, ConstantKeyword, Value

_UNDEFINED = ("poison", "undef")


def undefined_lanes(function) -> dict[Value, int]:
    """Instruction → bit mask of the lanes that may be poison or undef (only
    vectors with at least one such lane are listed)."""
    vectors = [inst for inst in function.instructions() if _fixed(inst.type)]
    masks: dict[Value, int] = {}
    changed = True
    while changed:  # masks only grow: this ends
        changed = False
        for inst in vectors:
            mask = _lanes_of(inst, masks)
            if mask != masks.get(inst, 0):
                masks[inst] = mask
                changed = True
    return {value: mask for value, mask in masks.items() if mask}


def defined_lane_flags(mask: int, count: int) -> list[bool]:
    """Per lane: is it defined (not in ``mask``)?"""
    return [not (mask >> lane) & 1 for lane in range(count)]


def _fixed(ty: T.Type) -> bool:
    return isinstance(ty, T.VectorType) and not ty.scalable


def _mask_of(value: Value, masks: dict[Value, int]) -> int:
    if not _fixed(value.type):
        return 0
    if isinstance(value, ConstantKeyword):
        return (1 << value.type.count) - 1 if value.keyword in _UNDEFINED else 0
    if isinstance(value, ConstantAggregate):
        return sum(1 << lane for lane, element in enumerate(value.operands)
                   if isinstance(element, ConstantKeyword) and element.keyword in _UNDEFINED)
    return masks.get(value, 0)


def _lanes_of(inst: I.Instruction, masks: dict[Value, int]) -> int:
    count = inst.type.count
    if isinstance(inst, I.ShuffleVectorInst):
        a, b = inst.operand(0), inst.operand(1)
        width = a.type.count
        from_a, from_b = _mask_of(a, masks), _mask_of(b, masks)
        mask = 0
        for lane, source in enumerate(inst.mask):
            if source < 0 or (from_a if source < width else from_b) >> (source % width) & 1:
                mask |= 1 << lane
        return mask
    if isinstance(inst, I.InsertElementInst):
        base = _mask_of(inst.operand(0), masks)
        index = inst.operand(2)
        return base & ~(1 << index.value) if isinstance(index, ConstantInt) else base
    if isinstance(inst, (I.PhiInst, I.SelectInst)):
        # A choice: a lane is undefined only where every choice leaves it so. A phi
        # joining a loaded vector with `undef` (the path where the loop that fills it
        # never ran) is defined on the path that reads it; masking its adjoint there
        # lost the derivative silently (-O3, shared/repro/reverse-O3-wrong.c).
        choices = [v for v, _ in inst.incoming] if isinstance(inst, I.PhiInst) \
            else inst.operands[1:]
        mask = (1 << count) - 1
        for choice in choices:
            mask &= _mask_of(choice, masks)
        return mask
    operands = inst.args if isinstance(inst, I.CallInst) else inst.operands
    mask = 0
    for operand in operands:
        if _fixed(operand.type) and operand.type.count == count:
            mask |= _mask_of(operand, masks)
    return mask & ((1 << count) - 1)

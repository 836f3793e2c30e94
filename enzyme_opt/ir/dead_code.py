"""Erasing instructions nothing needs, the two ways the passes need it.

``erase_unused`` starts from values that may have lost their last use and follows their
operands: what fed only an erased instruction goes too (a worklist).  ``erase_unreached``
starts from what must stay and keeps what it reads, transitively, erasing the rest of the
instructions it is given — cycles included, which a worklist never frees (a loop's phi
and its update read each other).
"""

from __future__ import annotations

from typing import Callable, Iterable

from enzyme_opt.ir.instructions import Instruction
from enzyme_opt.ir.values import Value, poison


def erase_unused(values: Iterable[Value],
                 erasable: Callable[[Instruction], bool] | None = None) -> None:
    """Erase each of ``values`` that is an instruction nothing uses, then each of its
    operands that this leaves unused, transitively; ``erasable`` limits which may go."""
    work = list(values)
    while work:
        inst = work.pop()
        if not isinstance(inst, Instruction) or inst.parent is None or inst.has_uses() \
                or (erasable is not None and not erasable(inst)):
            continue
        operands = inst.operands
        inst.erase()
        work += operands


def erase_unreached(code: list[Instruction], roots: Iterable[Instruction]) -> int:
    """Keep ``roots`` and, transitively, the instructions of ``code`` they read; erase the
    rest of ``code``.  An erased instruction's debug records move to the next instruction
    its block keeps, and those that named an erased value name ``poison``, as LLVM's do.
    Returns how many were erased."""
    members = set(code)
    live: set[Instruction] = set()
    work = list(roots)
    while work:
        inst = work.pop()
        if inst not in live:
            live.add(inst)
            work += [op for op in inst.operands if op in members and op not in live]
    dead = [inst for inst in code if inst not in live]
    for inst in dead:  # a dead cycle (phi and update) lets go of itself first
        inst.drop_operands()
    for inst in dead:
        for use in list(inst.uses):   # what still reads it is a debug record
            use.set(poison(inst.type))
    gone = set(dead)
    for block in dict.fromkeys(inst.parent for inst in dead):
        kept, records = [], []
        for inst in block.instructions:
            if inst in gone:
                records += inst.debug_records
                inst.parent = None
            else:
                if records:
                    inst.debug_records = (*records, *inst.debug_records)
                    records = []
                kept.append(inst)
        block.instructions[:] = kept
    return len(dead)

"""Which memory a call tree writes.

The reverse sweep may re-read a load instead of taping its value when the
memory cannot have changed in between.  For a gradient call nothing runs
between the two sweeps but the forward sweep itself, so it is enough that
the whole call tree of the differentiated function writes only memory it
allocated itself (allocas, mallocs): then arguments and globals hold, at
reverse time, what they held at every load.
"""

from __future__ import annotations

from enzyme_opt.ad.rules.elementwise import is_inactive_callee, math_name_of
from enzyme_opt.analysis.activity import ALLOCATION_FUNCTIONS
from enzyme_opt.analysis.types import underlying_object
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.module import Function

#: callees that read but never write memory they are given
_READ_ONLY_CALLEES = frozenset({"printf", "puts", "fprintf", "strlen", "strcmp", "memcmp"})


def _is_local(pointer) -> bool:
    base = underlying_object(pointer)
    if isinstance(base, I.AllocaInst):
        return True
    return isinstance(base, I.CallInst) and base.called_function is not None \
        and base.called_function.name in ALLOCATION_FUNCTIONS


def writes_only_local_memory(root: Function) -> bool:
    """Does nothing reachable from ``root`` write (or free) memory that
    ``root``'s caller could see?"""
    seen: set[Function] = set()
    work = [root]
    while work:
        fn = work.pop()
        if fn in seen:
            continue
        seen.add(fn)
        if fn.is_declaration:
            return False
        for inst in fn.instructions():
            if isinstance(inst, I.StoreInst) and not _is_local(inst.pointer):
                return False
            if isinstance(inst, (I.AtomicRMWInst, I.CmpXchgInst)):
                return False
            if isinstance(inst, I.CallInst) and not _call_writes_only_local(inst, work):
                return False
    return True


def _call_writes_only_local(call: I.CallInst, work: list[Function]) -> bool:
    callee = call.called_function
    if callee is None:
        return False
    name = callee.name
    if name.startswith(("llvm.memcpy.", "llvm.memmove.", "llvm.memset.")):
        return _is_local(call.arg(0))
    if name in ("free", "realloc") or name.startswith("llvm.lifetime."):
        return all(_is_local(a) for a in call.args if a.type.is_pointer)
    if name in ALLOCATION_FUNCTIONS or math_name_of(name) is not None:
        return True
    if name in _READ_ONLY_CALLEES or (is_inactive_callee(name) and
                                      not any(a.type.is_pointer for a in call.args)):
        return True
    if not callee.is_declaration:
        work.append(callee)
        return True
    return not any(a.type.is_pointer for a in call.args)

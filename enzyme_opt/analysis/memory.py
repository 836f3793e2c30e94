"""Which memory a call tree writes.

The reverse sweep may re-read a load instead of taping its value when the
memory cannot have changed in between.  For a gradient call nothing runs
between the two sweeps but the forward sweep itself, so it is enough that
the whole call tree of the differentiated function writes only memory it
allocated itself (allocas, mallocs): then arguments and globals hold, at
reverse time, what they held at every load.
"""

from __future__ import annotations

from enzyme_opt.ad.rules import calls
from enzyme_opt.ad.rules.calls import call_kind
from enzyme_opt.analysis.types import underlying_object
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.module import Function

#: callees that read but never write memory they are given
_READ_ONLY_CALLEES = frozenset({"printf", "puts", "fprintf", "strlen", "strcmp", "memcmp"})


def _is_local(pointer) -> bool:
    base = underlying_object(pointer)
    if isinstance(base, I.AllocaInst):
        return True
    return isinstance(base, I.CallInst) and call_kind(base) == calls.ALLOCATE


def reachable_functions(function: Function) -> list[Function]:
    """``function`` and every defined function it calls directly, transitively."""
    seen: dict[Function, None] = {}
    work = [function]
    while work:
        fn = work.pop()
        if fn in seen or fn.is_declaration:
            continue
        seen[fn] = None
        # A callee with a math rule (libdevice's __nv_sin, linked in) or a
        # tape helper of a derivative is never differentiated through, so
        # never cloned.
        work += [callee for callee in direct_callees(fn)
                 if calls.callee_kind(callee) not in (calls.MATH, calls.TAPE)]
    return list(seen)


def direct_callees(fn: Function) -> list[Function]:
    """The functions ``fn`` calls directly, once per call, in order; for a
    body not parsed yet, read from its text (``ir/unparsed.py``)."""
    if fn.unparsed_body is not None:
        symbols = fn.module.symbols
        return [symbols[name] for name in fn.unparsed_body.callees
                if isinstance(symbols.get(name), Function)]
    return [inst.called_function for inst in fn.instructions()
            if isinstance(inst, I.CallInst) and inst.called_function is not None]


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
    kind = call_kind(call)
    pointers = [a for a in call.args if a.type.is_pointer]
    if kind in (calls.COPY, calls.FILL):
        return _is_local(call.arg(0))
    if kind in (calls.FREE, calls.TAPE) or \
            (kind == calls.ALLOCATE and call.called_function.name == "realloc"):
        return all(_is_local(p) for p in pointers)
    if kind in (calls.ALLOCATE, calls.MATH):
        return True
    if kind == calls.DEFINED:
        work.append(call.called_function)
        return True
    if kind in (calls.INACTIVE, calls.EXTERNAL):
        return call.called_function.name in _READ_ONLY_CALLEES or \
            all(_is_local(p) for p in pointers)
    return False  # opaque: anything may be written

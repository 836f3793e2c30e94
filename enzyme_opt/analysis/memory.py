"""Which memory a call tree writes.

The reverse sweep may re-read a load instead of taping its value when the
memory cannot have changed in between.  For a gradient call nothing runs
between the two sweeps but the forward sweep itself, so it is enough that
the call tree of the differentiated function never writes the object the load
reads: when it writes only memory it allocated itself (allocas, mallocs),
arguments and globals hold, at reverse time, what they held at every load;
when it writes some arguments or globals (``written_objects``), a load from
another object that cannot overlap them (``cannot_overlap``) is unchanged too.
A constant global never changes at all.
"""

from __future__ import annotations

from enzyme_opt.analysis.types import underlying_object
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.module import Function, GlobalVariable
from enzyme_opt.ir.values import Argument, Value
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind
from enzyme_opt.knowledge.openmp import FORK_CALLS, microtask_of

#: callees that read but never write memory they are given
READ_ONLY_CALLEES = frozenset({"printf", "puts", "fprintf", "strlen", "strcmp", "memcmp"})


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
    body not parsed yet, read from its text (``ir/text/unparsed.py``)."""
    if fn.unparsed_body is not None:
        if not any(name in FORK_CALLS for name in fn.unparsed_body.callees):
            symbols = fn.module.symbols
            return [symbols[name] for name in fn.unparsed_body.callees
                    if isinstance(symbols.get(name), Function)]
        fn.parse_body()  # a fork names its microtask as an operand, not as a callee
    # The microtask of an OpenMP fork (``knowledge/openmp.py``) is called too, on
    # every thread.
    return [callee for inst in fn.instructions() if isinstance(inst, I.CallInst)
            for callee in (inst.called_function, microtask_of(inst)) if callee is not None]


def written_objects(root: Function) -> frozenset | None:
    """The memory ``root``'s call tree may write or free, besides what it
    allocates itself: a set of ``root``'s arguments and of globals (each
    standing for the object it points to), or None when it may write memory
    it cannot name (a pointer loaded from memory, an opaque call)."""
    return _objects(root, {}, _written_pointers)


def read_objects(root: Function) -> frozenset | None:
    """The memory ``root``'s call tree may read, besides what it allocates
    itself, named as ``written_objects`` names what it writes."""
    return _objects(root, {}, _read_pointers)


def _objects(fn: Function, memo: dict, pointers_of) -> frozenset | None:
    """The arguments and globals whose memory the pointers ``pointers_of(inst,
    memo)`` gives for each instruction of ``fn`` reach (None: unknown)."""
    if fn in memo:
        return memo[fn]        # a recursive call: None (in progress) until it is known
    memo[fn] = None
    if fn.is_declaration:
        return None
    found: set[Value] = set()
    for inst in fn.instructions():
        pointers = pointers_of(inst, memo)
        if pointers is None:
            return None
        for pointer in pointers:
            bases = underlying_objects(pointer)
            if bases is None:
                return None
            for base in map(unspilled, bases):
                if _is_local(base):
                    continue
                if not isinstance(base, (Argument, GlobalVariable)):
                    return None
                found.add(base)
    memo[fn] = frozenset(found)
    return memo[fn]


def unspilled(base: Value) -> Value:
    """The argument or global a pointer loaded from a local variable always holds: -O0
    keeps each parameter in an alloca (``store ptr %u, ptr %u.addr`` once, then a load
    of ``%u.addr`` at each use), which is only ever stored that one value and only ever
    loaded from.  ``base`` itself otherwise."""
    if not isinstance(base, I.LoadInst):
        return base
    slot = base.pointer
    if not isinstance(slot, I.AllocaInst):
        return base
    stored = None
    for use in slot.uses:
        user = use.user
        if isinstance(user, I.LoadInst) and user.type.is_pointer:
            continue
        if isinstance(user, I.StoreInst) and use.index == 1 and stored is None and \
                isinstance(user.value, (Argument, GlobalVariable)):
            stored = user.value
            continue
        return base
    return stored if stored is not None else base


def _written_pointers(inst: I.Instruction, memo: dict) -> list[Value] | None:
    if isinstance(inst, I.StoreInst):
        return [inst.pointer]
    if isinstance(inst, (I.AtomicRMWInst, I.CmpXchgInst)):
        return [inst.operand(0)]
    if isinstance(inst, I.CallInst):
        return _call_targets(inst, memo)
    return []


def _read_pointers(inst: I.Instruction, memo: dict) -> list[Value] | None:
    if isinstance(inst, I.LoadInst):
        return [inst.pointer]
    if isinstance(inst, (I.AtomicRMWInst, I.CmpXchgInst)):
        return [inst.operand(0)]
    if isinstance(inst, I.CallInst):
        return _call_sources(inst, memo)
    return []


def underlying_objects(pointer: Value, limit: int = 32) -> list[Value] | None:
    """Every object ``pointer`` may point into: its underlying object, or those of
    each value a phi or select of pointers chooses from (``p = c ? u + 1 : u + 2``,
    as LLVM joins two addresses in one argument).  None past ``limit`` values."""
    found: dict[Value, None] = {}
    work, seen = [pointer], set()
    while work:
        value = underlying_object(work.pop())
        if id(value) in seen:
            continue
        seen.add(id(value))
        if len(seen) > limit:
            return None
        if isinstance(value, I.PhiInst):
            work += [v for v, _ in value.incoming]
        elif isinstance(value, I.SelectInst):
            work += [value.operand(1), value.operand(2)]
        else:
            found[value] = None
    return list(found)


def _call_targets(call: I.CallInst, memo: dict) -> list[Value] | None:
    """The pointers (of the caller) whose memory ``call`` may write; None: unknown."""
    kind = call_kind(call)
    pointers = [a for a in call.args if a.type.is_pointer]
    if kind in (calls.COPY, calls.FILL):
        return [call.arg(0)]
    if kind in (calls.FREE, calls.TAPE) or \
            (kind == calls.ALLOCATE and call.called_function.name == "realloc"):
        return pointers
    if kind == calls.MATH:
        return pointers   # frexp's exponent: math writes only through its pointer arguments
    if kind == calls.ALLOCATE:
        return []
    if kind == calls.DEFINED:
        callee = call.called_function
        inner = _objects(callee, memo, _written_pointers)
        if inner is None:
            return None
        # The callee's arguments stand for what this call passes; its globals for themselves.
        return [call.arg(v.index) if isinstance(v, Argument) else v for v in inner]
    if kind in (calls.INACTIVE, calls.EXTERNAL):
        return [] if call.called_function.name in READ_ONLY_CALLEES else pointers
    return None  # opaque: anything may be written


def _call_sources(call: I.CallInst, memo: dict) -> list[Value] | None:
    """The pointers (of the caller) whose memory ``call`` may read; None: unknown."""
    kind = call_kind(call)
    pointers = [a for a in call.args if a.type.is_pointer]
    if kind == calls.COPY:
        return [call.arg(1)]
    if kind in (calls.FILL, calls.FREE, calls.MATH) or \
            (kind == calls.ALLOCATE and call.called_function.name != "realloc"):
        return []
    if kind == calls.DEFINED:
        inner = _objects(call.called_function, memo, _read_pointers)
        if inner is None:
            return None
        return [call.arg(v.index) if isinstance(v, Argument) else v for v in inner]
    if kind in (calls.INACTIVE, calls.EXTERNAL, calls.ALLOCATE, calls.TAPE):
        return pointers
    return None  # opaque: anything may be read


def writes_only_local_memory(root: Function) -> bool:
    """Does nothing reachable from ``root`` write (or free) memory that
    ``root``'s caller could see?"""
    return written_objects(root) == frozenset()


def cannot_overlap(read: Value, written: Value) -> bool:
    """Can no write through ``written`` (an argument or a global) change the memory a
    load through ``read`` sees?  Two distinct globals are distinct objects; a ``noalias``
    (C's ``restrict``) argument's memory is not written through any other pointer while
    the function runs, nor is memory read through another pointer written through it.
    Both are values of one function (the caller maps a copy's parameters back: comparing
    parameters of two copies would never find one equal to itself, and b58fd62's re-read
    of a restrict argument the function overwrote was exactly that)."""
    if read is written:
        return False
    if isinstance(read, GlobalVariable) and isinstance(written, GlobalVariable):
        return True
    return any(isinstance(v, Argument) and _is_noalias(v) for v in (read, written))


def _is_noalias(arg: Argument) -> bool:
    return "noalias" in arg.attrs.split()

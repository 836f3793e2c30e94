"""Derivatives written into memory that has no shadow, then read back.

A pointer parameter without a shadow (passed ``enzyme_const``, or a callee's parameter
whose caller had none for it) points to memory the caller promised carries no
derivatives.  Writing a value that carries one there is fine when only the caller reads
it afterwards: the caller did not want that derivative (a constant output).  But when the
differentiated code itself reads the value back and computes with it, the derivative
through that memory is needed and there is nowhere to keep it: it would be dropped
without a word (the C fuzzer's seed 70174: ``cd[0] = x[0] * x[0]`` then a sum over
``cd[i] * x[i]`` gave ``dx[0] = 1`` at -O0 where 3 is right; at -O2 LLVM forwards the
store and the memory is never read).  This module finds that case so that the generators
refuse it in one line.

What counts, per function being differentiated, for each shadowless pointer parameter
``p`` (the *root*; memory reached through pointers loaded from ``p``'s memory counts as
``p``'s, and -O0's spill slot of ``p`` is seen through):

* a *write*: a store of a derivative-carrying float whose address comes from ``p``, a copy
  from varied memory into it, or a call given a varied value whose callee may store floats
  behind ``p`` (a callee's own stores, a ``sincos`` output, an OpenMP region);
* a *read*: a load of floats from ``p``'s memory whose value reaches anything but a store
  back into ``p``'s memory, a comparison or a conversion to an integer (so ``out[i] +=
  x[i]`` on a constant output is not a read), or a call whose callee may load floats from
  it.

Both in one function refuse it when the read may run after the write (in a loop, an
earlier line may read what a later one wrote in the iteration before), unless both are
constant offsets from ``p`` that do not meet.  Each callee is
summarized once (``_FloatAccess``): behind which parameters its call tree stores and loads
floats, and which parameters' addresses it keeps.  Once ``p``'s address is kept (stored
into memory, returned, given to a callee that keeps it), a pointer loaded from memory may
be ``p``: the C fuzzer's ``struct fuzz_mix`` holds ``cd`` and reads it back through the
struct.  Not seen: memory reached through another pointer that aliases ``p`` (two
parameters given the same array), which the caller's promise is taken for.
"""

from __future__ import annotations

from typing import NamedTuple

from enzyme_opt.analysis.activity import PROPAGATING
from enzyme_opt.analysis.memory import READ_ONLY_CALLEES, underlying_objects, unspilled
from enzyme_opt.analysis.types import constant_offset
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.cfg import Reachability
from enzyme_opt.ir.values import Argument, Value
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind
from enzyme_opt.knowledge.openmp import FORK_CALLS, microtask_of

#: what a value read from constant memory may reach without carrying its derivative on:
#: comparisons and conversions to integers (a store back into the same memory is checked
#: apart, for it depends on where it stores)
_DERIVATIVE_STOPS = frozenset({"fcmp", "icmp", "fptosi", "fptoui"})

#: how many pointers ``roots`` follows back through loads (memory behind memory)
_DEPTH = 8

#: kinds of call that neither write floats into memory they are given nor read floats
#: from it that carry a derivative on
_NEITHER = frozenset({calls.FILL, calls.INACTIVE, calls.ALLOCATE, calls.FREE, calls.TAPE})


def derivative_read_back(function, varied: set[Value], shadowed) -> tuple | None:
    """``(write, read, parameter)``: an instruction of ``function`` that writes a value
    carrying a derivative into memory behind ``parameter``, a shadowless pointer parameter,
    and another that reads it back (see the module docstring); None when there is none."""
    candidates = {arg for arg in function.args if arg.type.is_pointer and arg not in shadowed}
    if not candidates:
        return None
    summaries = _FloatAccess()
    escaped = _escaped(function, candidates, summaries)
    writes: dict[Argument, list[tuple[I.Instruction, range | None]]] = {}
    for inst in function.instructions():
        for root in _written_roots(inst, varied, candidates, escaped, summaries):
            writes.setdefault(root, []).append((inst, _bytes(inst, root)))
    if not writes:
        return None
    reach = Reachability()
    for inst in function.instructions():
        for root in _read_roots(inst, set(writes), escaped & set(writes), summaries):
            read = _bytes(inst, root)
            for write, written in writes[root]:
                # (a call that both writes and reads: its callee's own question)
                if write is inst or not reach.may_follow(write, inst):
                    continue
                if read is None or written is None or _overlap(read, written):
                    return write, inst, root
    return None


def read_back_error(function, varied, shadowed, ctx, primal_of):
    """The one-line error for what ``derivative_read_back`` finds (None when nothing),
    for both modes' generators: made from the primal body before the rules run, which
    replace calls, and raised after them, whose own refusals name the construct more
    closely."""
    found = derivative_read_back(function, varied, shadowed)
    if found is None:
        return None
    write, read, root = found
    from enzyme_opt.demangle import user_name
    original = primal_of(root)
    param = original if isinstance(original, Argument) and original.parent is not None else root
    what = f"parameter {param.index + 1} of @{user_name(param.parent.name)}"
    return ctx.error(write, f"a value carrying a derivative is written into memory behind "
                            f"{what}, which has no shadow (it is enzyme_const, or its caller "
                            f"passed memory without one), and read back ({ctx.where(read)}): "
                            f"the derivative through that memory would be lost; pass it with "
                            f"enzyme_dup and a zeroed shadow of the same size")


def roots(pointer: Value, candidates, escaped=frozenset(), depth: int = 0) -> set[Argument]:
    """The candidate parameters whose memory ``pointer`` may point into: its underlying
    objects, seen through -O0's spill slots and through the pointers it was loaded
    from; a pointer loaded from memory, returned by a call or not known at all may also
    be any of ``escaped``, the candidates the function stored into memory or gave away."""
    bases = underlying_objects(pointer)
    if bases is None:
        return set(escaped)
    found: set[Argument] = set()
    for base in map(unspilled, bases):
        if base in candidates:
            found.add(base)
        elif isinstance(base, I.LoadInst):
            found |= set(escaped)
            if depth < _DEPTH:
                found |= roots(base.pointer, candidates, escaped, depth + 1)
        elif isinstance(base, I.CallInst) and call_kind(base) != calls.ALLOCATE:
            found |= set(escaped)
    return found


def _bytes(inst, root: Argument) -> range | None:
    """The bytes of ``root``'s memory a store or load touches, when its address is
    ``root`` plus a constant (-O2's unrolled ``cd[0] = ...`` and reads of ``cd[1]``,
    ``cd[2]`` do not meet); None: anywhere."""
    if not isinstance(inst, (I.StoreInst, I.LoadInst)):
        return None
    base, offset = constant_offset(inst.pointer)
    if offset is None or unspilled(base) is not root:
        return None
    ty = inst.value.type if isinstance(inst, I.StoreInst) else inst.type
    return range(offset, offset + T.store_size(ty))


def _overlap(a: range, b: range) -> bool:
    return a.start < b.stop and b.start < a.stop


def _written_roots(inst, varied, candidates, escaped, summaries) -> set[Argument]:
    """The candidates ``inst`` may write a value carrying a derivative into: a store (one
    through a pointer without a shadow, loaded from memory, may be an escaped one), a copy
    from varied memory, a call given a varied value whose callee stores floats there."""
    if isinstance(inst, I.StoreInst):
        if inst.value not in varied or not T.contains_float(inst.value.type):
            return set()
        return roots(inst.pointer, candidates, () if inst.pointer in varied else escaped)
    if not isinstance(inst, I.CallInst) or not any(a in varied for a in inst.args):
        return set()
    kind = call_kind(inst)
    if kind == calls.COPY:
        return roots(inst.arg(0), candidates) if inst.arg(1) in varied else set()
    if kind in _NEITHER and microtask_of(inst) is None:
        return set()
    return _passed_roots(inst, candidates, summaries, 0, escaped, varied)


def _read_roots(inst, written: set[Argument], escaped, summaries) -> set[Argument]:
    """The candidates whose floats ``inst`` may read and carry on: a load whose value
    reaches more than a store back or a comparison, a copy out, a call whose callee loads
    floats from there (or through pointers kept in memory it is given, which may be an
    escaped one)."""
    if isinstance(inst, I.LoadInst):
        if not T.contains_float(inst.type):
            return set()
        return {r for r in roots(inst.pointer, written, escaped)
                if _carries_on(inst, r, written)}
    if not isinstance(inst, I.CallInst):
        return set()
    kind = call_kind(inst)
    if kind == calls.COPY:
        return roots(inst.arg(1), written, escaped)
    if microtask_of(inst) is None and (kind in _NEITHER or kind == calls.MATH or (
            kind == calls.EXTERNAL and inst.called_function.name in READ_ONLY_CALLEES)):
        return set()
    return _passed_roots(inst, written, summaries, 1, escaped)


def _summarized(call) -> bool:
    return call_kind(call) == calls.DEFINED or microtask_of(call) is not None


def _passed_roots(call, candidates, summaries, which: int, escaped=frozenset(),
                  varied=frozenset()):
    """The candidates whose memory ``call`` may write (``which`` 0) or read (1): for a
    defined callee (or a fork's microtask), those behind the parameters its ``Access``
    names, and ``escaped`` where it does so through pointers kept in a parameter's memory;
    for any other callee, all it is given, and ``escaped`` unless it is given only constant
    data.  A write through a pointer kept in memory the caller passes with a shadow (a
    varied pointer) is left to run-time activity, which stops a derivative written into
    constant data found there (``ad/runtime_activity.py``); only memory without one (a
    struct holding ``cd`` and nothing active) can hide it."""
    summarized = _summarized(call)
    found: set[Argument] = set()
    for operand, callee, k in _call_operands(call):
        access = summaries.of(callee) if summarized else None
        if (access is None and not _constant_data(operand)) or \
                (access is not None and k in access[which + 2] and
                 (which == 1 or operand not in varied)):
            found |= set(escaped)
        if access is None or k in access[which]:
            found |= roots(operand, candidates, escaped)
    return found


def _constant_data(pointer: Value) -> bool:
    """Does ``pointer`` point into constant globals only (a message), which can hold no
    candidate's address?"""
    from enzyme_opt.ir.module import GlobalVariable
    bases = underlying_objects(pointer)
    return bases is not None and all(isinstance(b, GlobalVariable) and b.is_constant
                                     for b in bases)


def _call_operands(call: I.CallInst):
    """(operand, callee, parameter index) for each pointer operand of a call, or of an
    OpenMP fork's microtask (its operands after the microtask are its parameters from
    the third on)."""
    task = microtask_of(call)
    if task is not None:
        first = FORK_CALLS[call.called_function.name] + 1
        for k, operand in enumerate(call.args[first:]):
            if operand.type.is_pointer and k + 2 < len(task.args):
                yield operand, task, k + 2
        return
    callee = call.called_function
    for k, operand in enumerate(call.args):
        if operand.type.is_pointer:
            yield operand, callee, k


class Access(NamedTuple):
    """What a function's call tree does with the memory behind its pointer parameters
    (parameter indexes): stores floats there (``written``), loads floats from there
    (``read``), does either through a pointer kept in that memory (``written_deep``,
    ``read_deep``: the pointer may be a caller's escaped candidate), keeps the address
    (``kept``: stores it into memory, returns it, gives it to a call that keeps it)."""
    written: frozenset
    read: frozenset
    written_deep: frozenset
    read_deep: frozenset
    kept: frozenset


#: A function enzyme-opt generates may state its ``Access`` in this string attribute,
#: ``written=3,6;read=3,6;…`` (fields of ``Access``, parameter indexes), where reading its
#: body would say too much: the checkpointing driver hands the user's ``data`` to the
#: scheme's functions through pointers, which would count as writing floats there.
ACCESS_ATTRIBUTE = "enzyme_opt.float_access"


def access_attribute(access: dict[str, tuple[int, ...]]) -> str:
    """The ``ACCESS_ATTRIBUTE`` value for ``{field: parameter indexes}``."""
    return ";".join(f"{field}={','.join(map(str, access.get(field, ())))}"
                    for field in Access._fields)


def float_access(fn) -> Access:
    """``fn``'s ``Access``, as the question above summarizes a callee."""
    return _FloatAccess().of(fn)


class _FloatAccess:
    """``Access`` per defined function, asked once.  A declaration, or a recursion not
    yet summarized, counts as everything; an opaque or external call, as touching all it
    is given."""

    def __init__(self):
        self._memo: dict = {}

    def of(self, fn) -> Access:
        if fn in self._memo:
            return self._memo[fn]
        every = frozenset(range(len(fn.args)))
        self._memo[fn] = Access(every, every, every, every, every)
        if fn.is_declaration:
            return self._memo[fn]
        stated = fn.string_attributes().get(ACCESS_ATTRIBUTE)
        if stated is not None:
            fields = dict(part.split("=") for part in stated.split(";"))
            self._memo[fn] = Access(*(frozenset(int(i) for i in fields[f].split(",") if i)
                                      for f in Access._fields))
            return self._memo[fn]
        params = {a for a in fn.args if a.type.is_pointer}
        found = [set(), set(), set(), set()]   # written, read, written_deep, read_deep
        for inst in fn.instructions():
            if isinstance(inst, I.StoreInst) and T.contains_float(inst.value.type):
                found[0] |= roots(inst.pointer, params)
                found[2] |= _deep_roots(inst.pointer, params)
            elif isinstance(inst, I.LoadInst) and T.contains_float(inst.type):
                found[1] |= roots(inst.pointer, params)
                found[3] |= _deep_roots(inst.pointer, params)
            elif isinstance(inst, I.CallInst):
                for into, more in zip(found, self._call(inst, params)):
                    into |= more
        kept = _escaped(fn, params, self)
        self._memo[fn] = Access(*(frozenset(a.index for a in each)
                                  for each in (*found, kept)))
        return self._memo[fn]

    def _call(self, inst, params) -> tuple:
        """(written, read, written_deep, read_deep) of ``params`` by one call."""
        kind = call_kind(inst)
        if kind == calls.COPY:
            return roots(inst.arg(0), params), roots(inst.arg(1), params), \
                _deep_roots(inst.arg(0), params), _deep_roots(inst.arg(1), params)
        if kind in _NEITHER and microtask_of(inst) is None:
            return set(), set(), set(), set()
        if not _summarized(inst):
            given = set()
            for operand, _, _ in _call_operands(inst):
                given |= roots(operand, params)
            reads = kind != calls.MATH and not (
                kind == calls.EXTERNAL and inst.called_function.name in READ_ONLY_CALLEES)
            return given, (given if reads else set()), given, (given if reads else set())
        out = (set(), set(), set(), set())
        for operand, callee, k in _call_operands(inst):
            access = self.of(callee)
            reached = roots(operand, params)
            for into, indexes in zip(out, access[:4]):
                if k in indexes:
                    into |= reached
        return out


def _deep_roots(pointer: Value, params) -> set[Argument]:
    """The parameters behind whose memory ``pointer`` was loaded (``p->x``: ``p``), not
    those it points into directly."""
    found: set[Argument] = set()
    for base in map(unspilled, underlying_objects(pointer) or ()):
        if isinstance(base, I.LoadInst):
            found |= roots(base.pointer, params)
    return found


def _escaped(function, candidates, summaries) -> set[Argument]:
    """The candidates whose address ``function`` stores into memory, returns, or gives to
    a call that may keep it (a defined callee that keeps that parameter; any other call
    but a copy, a fill, math, an allocation, an inactive call or an LLVM intrinsic, unless
    its parameter is ``nocapture``): a pointer read back from memory may then be one of
    them (the C fuzzer's ``struct fuzz_mix`` holding ``cd``)."""
    found: set[Argument] = set()
    for inst in function.instructions():
        if isinstance(inst, I.StoreInst) and T.contains_pointer(inst.value.type):
            found |= _pointer_roots(inst.value, candidates)
        elif isinstance(inst, I.ReturnInst) and inst.value is not None and \
                T.contains_pointer(inst.value.type):
            found |= _pointer_roots(inst.value, candidates)
        elif isinstance(inst, I.CallInst) and (call_kind(inst) not in _NEITHER | {
                calls.COPY, calls.MATH} or microtask_of(inst) is not None):
            summarized = _summarized(inst)
            for operand, callee, k in _call_operands(inst):
                if summarized and k not in summaries.of(callee).kept:
                    continue
                if not summarized and _not_captured(callee, k):
                    continue
                found |= roots(operand, candidates)
    return found


def _pointer_roots(value: Value, candidates) -> set[Argument]:
    """``roots`` of a pointer, or of each pointer an aggregate is built from."""
    if isinstance(value, I.InsertValueInst):
        return _pointer_roots(value.operand(0), candidates) | \
            _pointer_roots(value.operand(1), candidates)
    return roots(value, candidates) if value.type.scalar.is_pointer else set()


def _not_captured(callee, index: int) -> bool:
    """Does the callee promise not to keep parameter ``index`` (LLVM's intrinsics never
    do; a defined function says so with ``nocapture``/``captures(none)``, which -O0
    never infers)?"""
    if callee is None:
        return False
    if callee.name.startswith("llvm."):
        return True
    if index >= len(callee.args):
        return False   # through ...
    attrs = callee.args[index].attrs
    return "nocapture" in attrs.split() or "captures(none)" in attrs


def _carries_on(load: I.LoadInst, root: Argument, written) -> bool:
    """Does the value ``load`` reads from ``root``'s memory reach something that would
    need its derivative?  Arithmetic carries it on; a store back into ``root``'s memory
    alone (``out[i] += ...``), a comparison or a conversion to an integer does not."""
    work, seen = [load], set()
    while work:
        value = work.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        for use in value.uses:
            user = use.user
            if isinstance(user, I.StoreInst):
                if use.index != 0 or roots(user.pointer, written) != {root}:
                    return True
            elif getattr(user, "opcode", None) in _DERIVATIVE_STOPS:
                continue
            elif getattr(user, "opcode", None) in PROPAGATING or (
                    isinstance(user, I.CallInst) and call_kind(user) == calls.MATH):
                work.append(user)
            else:
                return True
    return False

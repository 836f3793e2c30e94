"""Which of a function's own allocations may come to hold a derivative.

``activity.varied_values`` first takes every alloca and allocation as varied:
anything may be stored there.  When some varied value does reach memory, this
module narrows that to the allocations a varied value can actually reach, so
that a local that only ever holds text, counters or its own buffer pointer
keeps no shadow.  The case it was written for: ``data["alpha_x"]`` on a
``std::unordered_map<std::string, double>`` builds the key in a local
``std::string`` and hands it to ``operator[]`` beside the map, whose nodes hold
the derivatives; the key never receives one, and with no shadow it moves into
the node as the characters it is.

A varied value reaches a local allocation ``A`` when it is

- stored (or written atomically) through a pointer whose underlying object is
  ``A``, or through a pointer that may point anywhere (loaded from memory, a
  call's result) while ``A`` has *escaped* (its address was stored into
  memory, returned, turned into an integer or given to a call that keeps it);
- copied into ``A`` from memory a varied pointer reaches (``memcpy``);
- written into ``A`` by a defined callee given ``A`` and some varied argument,
  as that callee's *summary* says: which of its pointer parameters' objects
  it may write a varied value into directly, whether it writes through
  pointers it loaded (then every escaped allocation of the caller may be
  hit), and which parameters it lets escape.  Summaries are computed from
  the callee's body (and its callees', to a bounded depth) with the same
  varied fixed point.

Anything this cannot follow (an indirect call, an external function given a
varied value, recursion, ``va_arg``) makes the answer "unknown", and the
caller goes back to every allocation varied.  So a wrong "not reached" needs
a write this walk does not see; every kind of write an instruction can make
is listed below, and a doubt answers unknown.
"""

from __future__ import annotations

from dataclasses import dataclass

from enzyme_opt.analysis.memory import underlying_objects
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.module import Function, GlobalVariable
from enzyme_opt.ir.values import Argument, Constant, Value
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind

#: how deep callee summaries follow calls before answering unknown
MAX_DEPTH = 8

#: pointer-preserving instructions: their result points into the same object
_DERIVING = ("getelementptr", "bitcast", "addrspacecast", "phi", "select", "freeze")

#: how an address escapes (``LocalMemory._escapes``)
KEPT, PASSED = "kept", "passed"

#: calls that neither write a varied value nor keep a pointer they are given
_HARMLESS = (calls.INACTIVE, calls.MATH, calls.FREE, calls.FILL)


@dataclass(frozen=True)
class Summary:
    """What a call of a function may do to the memory it is given."""
    #: parameters whose objects may receive a varied value directly
    written: frozenset[int]
    #: it may write a varied value through a pointer it loaded from memory
    writes_indirectly: bool
    #: parameters whose address it may keep (store into memory, return)
    escaping: frozenset[int]


def is_allocation(value: Value) -> bool:
    """An ``alloca`` or a call of an allocation function (``malloc``, ``new``,
    ``realloc`` …): memory that did not exist before it."""
    return isinstance(value, I.AllocaInst) or \
        (isinstance(value, I.CallInst) and call_kind(value) == calls.ALLOCATE)


def is_local_allocation(value: Value, function: Function, fresh_calls) -> bool:
    """An allocation of ``function`` (``fresh_calls``: the defined calls that
    return memory they allocate, which count too)."""
    if getattr(value, "function", None) is not function:
        return False
    return is_allocation(value) or (isinstance(value, I.CallInst) and fresh_calls(value))


class LocalMemory:
    """The allocations of one function a varied value may reach."""

    def __init__(self, varied_of, fresh_calls):
        #: ``varied_of(function, active_args)``: the varied fixed point of a
        #: callee with every allocation varied
        self.varied_of = varied_of
        #: ``fresh_calls(call)``: does this defined call return fresh memory?
        self.fresh_calls = fresh_calls
        self.summaries: dict[tuple, Summary | None] = {}
        self.in_progress: set[tuple] = set()

    # -- the caller's question ------------------------------------------------------------
    def reached_allocations(self, function: Function, varied: set[Value]) -> set | None:
        """The local allocations of ``function`` a varied value may reach,
        given the values ``varied`` now; None when that cannot be told.
        An allocation whose address is kept in other memory counts as
        reached whatever is stored in it: that memory may have a shadow,
        which must then hold the allocation's (and a heap block outlives
        the call: its caller may store a derivative into it)."""
        escapes = self._escapes_of_allocations(function)
        if escapes is None:
            return None
        written = self._written_objects(function, varied, 0)
        if written is None:
            return None
        objects, through_aliases = written
        reached = {a for a, how in escapes.items() if how == KEPT}
        reached |= {obj for obj in objects if is_local_allocation(obj, function, self.fresh_calls)}
        if through_aliases:   # any allocation whose address left it may be the one written
            reached |= escapes.keys()
        return reached

    def _written_objects(self, function: Function, varied: set[Value], depth: int):
        """The objects of ``function`` (its allocations and parameters) a
        varied value may be written into, and whether one may also be
        written through a pointer loaded from memory (which may point
        anywhere); None: unknown."""
        found: set[Value] = set()
        through_loads = False
        for inst in function.instructions():
            writes = self._varied_writes(inst, varied, depth)
            if writes is None:
                return None
            targets, indirect = writes
            through_loads |= indirect
            for pointer in targets:
                objects = underlying_objects(pointer)
                if objects is None:
                    return None
                for obj in objects:
                    if isinstance(obj, Argument) or \
                            is_local_allocation(obj, function, self.fresh_calls):
                        found.add(obj)
                    elif not isinstance(obj, (GlobalVariable, Constant)):
                        through_loads = True
        return found, through_loads

    # -- writes of varied values -------------------------------------------------------------
    def _varied_writes(self, inst, varied: set[Value], depth: int):
        """The pointers ``inst`` may write a varied value through, and
        whether it may also write one through pointers it loads itself;
        None: unknown."""
        if isinstance(inst, I.StoreInst):
            return ([inst.pointer], False) if inst.value in varied else ((), False)
        if isinstance(inst, (I.AtomicRMWInst, I.CmpXchgInst)):
            written = inst.operands[1:]
            return ([inst.operand(0)], False) if any(v in varied for v in written) else ((), False)
        if isinstance(inst, I.Instruction) and inst.opcode == "va_arg":
            return None if any(o in varied for o in inst.operands) else ((), False)
        if not isinstance(inst, I.CallInst):
            return (), False
        kind = call_kind(inst)
        if kind in _HARMLESS:
            return (), False
        if kind == calls.COPY:   # the destination takes what the source's memory holds
            return ([inst.arg(0)], False) if inst.arg(1) in varied else ((), False)
        given = [i for i, a in enumerate(inst.args) if a in varied]
        if not given:
            return (), False
        if kind == calls.ALLOCATE:   # realloc moves the old block's contents to the new
            return [inst, *(a for a in inst.args if a.type.is_pointer)], False
        if kind != calls.DEFINED:
            return None
        summary = self.summary(inst.called_function, frozenset(given), depth + 1)
        if summary is None:
            return None
        return [inst.arg(k) for k in summary.written], summary.writes_indirectly

    # -- escapes ---------------------------------------------------------------------------------
    def _escapes_of_allocations(self, function: Function) -> dict | None:
        """How each local allocation of ``function`` whose address leaves
        it escapes (``KEPT`` or ``PASSED``); None: unknown."""
        found = {}
        for inst in function.instructions():
            if is_local_allocation(inst, function, self.fresh_calls):
                how = self._escapes(inst, 0)
                if how is None:
                    return None
                if how:
                    found[inst] = how
        return found

    def _escapes(self, base: Value, depth: int) -> str | None:
        """Where the address of ``base`` (or one derived from it) may go:
        ``KEPT`` (stored into other memory, returned, made an integer, or
        given to a function that keeps it), ``PASSED`` (given to a call we
        cannot see into, which may keep it only in memory that holds no
        derivative, as no varied value reaches it: else the reach is
        unknown anyway), "" (nowhere but ``base``'s own memory), None
        (unknown)."""
        work, seen, found = [base], set(), ""
        while work:
            value = work.pop()
            if id(value) in seen:
                continue
            seen.add(id(value))
            for user in value.users:
                if not isinstance(user, I.Instruction):
                    return KEPT
                op = user.opcode
                if op in _DERIVING:
                    work.append(user)
                elif op in ("load", "icmp") or (op == "store" and user.value is not value):
                    continue
                elif op == "store":   # the address itself is stored: kept, unless into itself
                    if underlying_objects(user.pointer) != [base]:
                        return KEPT
                elif isinstance(user, I.CallInst):
                    how = self._call_keeps(user, value, depth)
                    if how is None or how == KEPT:
                        return how
                    found = found or how
                else:
                    return KEPT   # returned, ptrtoint, stored atomically, ...
        return found

    def _call_keeps(self, call: I.CallInst, value: Value, depth: int) -> str | None:
        kind = call_kind(call)
        if kind in _HARMLESS or kind == calls.COPY:
            return ""
        if call.callee is value:
            return KEPT
        if kind != calls.DEFINED:
            return PASSED
        given = frozenset(i for i, a in enumerate(call.args) if a is value)
        summary = self.summary(call.called_function, None, depth + 1)
        if summary is None:
            return None
        return KEPT if not given.isdisjoint(summary.escaping) else ""

    # -- callee summaries ------------------------------------------------------------------------
    def summary(self, callee: Function, varied_params, depth: int) -> Summary | None:
        """What ``callee`` may do to its parameters' memory when the
        parameters ``varied_params`` are varied (None: for escapes only,
        whatever is varied)."""
        key = (callee, varied_params)
        if key in self.summaries:
            return self.summaries[key]
        if depth > MAX_DEPTH or key in self.in_progress or callee.is_declaration:
            return None
        self.in_progress.add(key)
        try:
            found = self._summarize(callee, varied_params, depth)
        finally:
            self.in_progress.discard(key)
        self.summaries[key] = found
        return found

    def _summarize(self, callee: Function, varied_params, depth: int) -> Summary | None:
        params = range(len(callee.args)) if varied_params is None else varied_params
        varied = self.varied_of(callee, {callee.args[i] for i in params})
        written = self._written_objects(callee, varied, depth)
        if written is None:
            return None
        objects, indirect = written
        escaping = set()
        for arg in callee.args:
            if arg.type.is_pointer:
                how = self._escapes(arg, depth)
                if how is None:
                    return None
                if how:   # kept, or given to a call that might keep it
                    escaping.add(arg.index)
        return Summary(frozenset(obj.index for obj in objects if isinstance(obj, Argument)),
                       indirect, frozenset(escaping))

"""Forward mode: a math call a rule needs that the primal already makes is not made again,
and one whose value nothing reads is not made at all.

``sin'(x) = cos(x)``: when the function also computes ``cos(x)`` (a rotation's
``c = cos(θ); s = sin(θ)``), the tangent of ``sin(θ)`` uses that value instead of
calling ``cos`` again.  LLVM does not merge them itself: the primal calls libm's
``cos``, which may set ``errno``, and the rule calls ``llvm.cos``, which does not, so
both stay (bundle adjustment's tangent spent a fifth of its time computing ``sin``
and ``cos`` a second time).

The primal's call is used where it is already computed (earlier in the same block)
or where it can move up to the rule's position: later in the same block, with
nothing between that reads or writes memory but other math calls (so every
``errno`` write keeps its order relative to everything that could see it).  Which
calls count: ``ad/rules/primal_math.py`` (the reverse sweep's side of the same idea).

A forward derivative returns tangents (and the primal's result only when asked), so
much of the primal's code is read by nothing in it: LLVM deletes such arithmetic, but
not a libm call, which may set ``errno`` (``log(s)`` in a log-sum-exp, whose tangent
``ṡ/s`` does not need it: GMM's tangent kept 16 ``exp`` calls' worth of values alive
across it), nor what only such a call reads.  ``drop_unread_primal_code`` deletes them,
as Enzyme does: a derivative computes derivatives, and ``errno`` is not one of them (nor
is it part of ABI.md's contract of a derivative call).
"""

from __future__ import annotations

from enzyme_opt.ad.rules.primal_math import math_call_name
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.values import Value, poison

#: instructions that read or write memory (or unwind): a call moved up never crosses one
_TOUCHES_MEMORY = frozenset({"load", "store", "call", "invoke", "callbr", "atomicrmw", "cmpxchg",
                             "fence", "va_arg", "landingpad", "resume", "catchpad", "cleanuppad"})


class PrimalMath:
    """The math calls of one function by (rule name, type, arguments); called as
    :class:`Math`'s ``known`` hook."""

    def __init__(self, function):
        self.calls: dict[tuple, list] = {}
        for block in function.blocks:
            for inst in block.instructions:
                name = math_call_name(inst)
                if name is not None:
                    key = (name, inst.type, tuple(inst.args))
                    self.calls.setdefault(key, []).append(inst)

    def __call__(self, name: str, ty, args, b) -> Value | None:
        for call in self.calls.get((name, ty, tuple(args)), ()):
            if call.parent is not b.block or b.index is None:
                continue
            instructions = b.block.instructions
            position = instructions.index(call)
            if position < b.index:
                return call
            between = instructions[b.index:position]
            if any(_blocks_move(inst) for inst in between) or any(a in between for a in args):
                continue
            instructions.pop(position)
            instructions.insert(b.index, call)   # not b.insert: the call keeps its metadata
            b.index += 1
            return call
        return None


def _blocks_move(inst) -> bool:
    return inst.opcode in _TOUCHES_MEMORY and math_call_name(inst) is None


#: what an instruction whose value nothing reads may simply not do (a load only when it is
#: neither volatile nor atomic; a call only of the math library, ``_is_pure``)
_PURE_OPCODES = frozenset({
    "fneg", "fadd", "fsub", "fmul", "fdiv", "frem", "add", "sub", "mul", "udiv", "sdiv", "urem",
    "srem", "shl", "lshr", "ashr", "and", "or", "xor", "trunc", "zext", "sext", "fptrunc", "fpext",
    "fptoui", "fptosi", "uitofp", "sitofp", "ptrtoint", "inttoptr", "bitcast", "addrspacecast",
    "getelementptr", "icmp", "fcmp", "select", "phi", "extractvalue", "insertvalue",
    "extractelement", "insertelement", "shufflevector", "freeze", "alloca", "load", "call"})


def _is_pure(inst) -> bool:
    op = inst.opcode
    if op not in _PURE_OPCODES:
        return False
    if op == "load":
        return not inst.volatile and not inst.ordering
    if op == "call":   # a math-library call: its value, and errno (frexp writes through a pointer)
        return math_call_name(inst) is not None and \
            not any(arg.type.is_pointer for arg in inst.args)
    return True


def drop_unread_primal_code(function) -> int:
    """Delete what nothing in ``function`` needs (module docstring): every instruction that
    has an effect is kept, with everything it reads, transitively; the rest goes, cycles
    of phis included (a primal sum the derivative does not return).  A deleted
    instruction's debug records move to the next instruction kept, and those that named a
    deleted value name ``poison`` instead, as LLVM's do.  Returns how many."""
    code = [inst for block in function.blocks for inst in block.instructions]
    live = {inst for inst in code if not _is_pure(inst)}
    work = list(live)
    while work:
        for value in work.pop().operands:
            if isinstance(value, I.Instruction) and value not in live:
                live.add(value)
                work.append(value)
    dead = [inst for inst in code if inst not in live]
    for inst in dead:
        inst.drop_operands()
    for inst in dead:
        for use in list(inst.uses):   # what still reads it is a debug record
            use.set(poison(inst.type))
    for block in function.blocks:
        kept, records = [], []
        for inst in block.instructions:
            if inst in live:
                if records:
                    inst.debug_records = (*records, *inst.debug_records)
                    records = []
                kept.append(inst)
            else:
                records += inst.debug_records
                inst.parent = None
        block.instructions[:] = kept
    return len(dead)

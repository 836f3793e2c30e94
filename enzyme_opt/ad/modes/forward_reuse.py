"""Forward mode: a math call a rule needs that the primal already makes is not made again.

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

One whose value nothing reads is not made at all: ``ad/unread_code.py``.
"""

from __future__ import annotations

from enzyme_opt.ad.rules.primal_math import math_call_name
from enzyme_opt.ir.values import Value

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


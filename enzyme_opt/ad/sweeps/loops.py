"""Counted loops: the reverse sweep runs a loop's iterations backwards by
counting, instead of reading a "came from" entry and the induction
variables from every iteration's record.

In the forward sweep each loop (in loop-simplify form: one preheader, one
latch) gets an iteration counter; its exits record the count once.  The
reverse sweep loads it into a down-counter ``rc``: in the inverted header,
``rc == 0`` means "leave to the preheader", else decrement and go round to
the latch.  An induction variable ``i = phi [start, pre], [i + step, latch]``
is recomputed as ``start + rc·step`` (``gep start, rc·step`` for pointers), so
it needs no tape at all when ``start`` and ``step`` are loop-invariant.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.cfg import CFG, Loop
from enzyme_opt.ir.module import BasicBlock
from enzyme_opt.ir.values import Argument, Constant, ConstantInt, Value


@dataclass(eq=False)
class CountedLoop:
    loop: Loop
    preheader: BasicBlock
    latch: BasicBlock
    counter: I.PhiInst = None        # iterations started before this one
    count: I.Instruction = None      # counter + 1, recorded at the exits
    #: induction phis → (start, step, GEP source type or None for integers)
    inductions: dict = field(default_factory=dict)
    #: the blocks outside the loop that it branches to (the sweeps add no blocks)
    exits: frozenset = frozenset()


def instrument_loops(cfg: CFG, live: set[BasicBlock]) -> dict[BasicBlock, CountedLoop]:
    """Add a counter to every loop whose shape allows it; keyed by header."""
    counted: dict[BasicBlock, CountedLoop] = {}
    for loop in cfg.loops:
        header = loop.header
        pre = loop.preheader
        if header not in live or pre is None or len(loop.latches) != 1:
            continue
        latch = loop.latches[0]
        if set(cfg.preds[header]) != {pre, latch} or len(header.predecessors) != 2:
            continue
        info = CountedLoop(loop, pre, latch, exits=frozenset(loop.exits))
        info.counter = I.PhiInst(T.i64, (), "iteration")
        header.insert(0, info.counter)
        info.count = I.BinaryOp("add", info.counter, ConstantInt(T.i64, 1), "iterations",
                                flags="nuw nsw")
        header.insert(header.first_non_phi_index(), info.count)
        info.counter.add_incoming(ConstantInt(T.i64, 0), pre)
        info.counter.add_incoming(info.count, latch)
        for phi in header.phis:
            if phi is not info.counter:
                _record_induction(info, phi)
        counted[header] = info
    return counted


def _invariant(value: Value, loop: Loop) -> bool:
    return isinstance(value, (Argument, Constant)) or (
        isinstance(value, I.Instruction) and value.parent not in loop.blocks)


def _record_induction(info: CountedLoop, phi: I.PhiInst) -> None:
    start = phi.incoming_value_for(info.preheader)
    nxt = phi.incoming_value_for(info.latch)
    if not _invariant(start, info.loop):
        return
    # Scalar integers only: a vectorized loop's <W x iN> induction (lanes
    # start, start+1, ... stepping by a splat) is taped like any other value.
    if isinstance(nxt, I.BinaryOp) and nxt.opcode == "add" and isinstance(phi.type, T.IntType):
        a, b = nxt.operands
        step = b if a is phi else a if b is phi else None
        if step is not None and _invariant(step, info.loop):
            info.inductions[phi] = (start, step, None)
    elif isinstance(nxt, I.GEPInst) and nxt.pointer is phi and len(nxt.indices) == 1 \
            and isinstance(nxt.indices[0], ConstantInt):
        info.inductions[phi] = (start, nxt.indices[0], nxt.source_type)


def exits_recording(counted: dict[BasicBlock, CountedLoop], block: BasicBlock) -> list[CountedLoop]:
    """The counted loops that ``block`` is an exit of (it records their counts)."""
    return [info for info in counted.values() if block in info.exits]


def induction_value(b: Builder, info: CountedLoop, phi: I.PhiInst, rc: Value,
                    start: Value, step: Value) -> Value:
    """``phi`` in the iteration ``rc`` (0-based), rebuilt from start and step."""
    _, _, source_type = info.inductions[phi]
    if source_type is not None:
        offset = b.mul(rc, ConstantInt(T.i64, step.value))
        return b.gep(source_type, start, [offset], phi.name)
    index = b.cast("trunc", rc, phi.type) if phi.type != T.i64 else rc
    scaled = index if _is_constant(step, 1) else b.mul(index, step)
    return scaled if _is_constant(start, 0) else b.add(start, scaled, phi.name)


def _is_constant(value: Value, k: int) -> bool:
    return isinstance(value, ConstantInt) and value.value == k

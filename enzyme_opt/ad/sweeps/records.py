"""Where the augmented forward sweep records what the reverse sweep needs.

``RecordPlanner`` is the half of ``AugmentedBuilder`` (``ad/sweeps/augment.py``) that
decides what goes on the tape and where: each block's record (the values its
inverse block reads, and which predecessor it was entered from), values
hoisted out of loops to their exits or to the return block, cheap float
arithmetic and (on GPUs, in loops) math calls recomputed instead of taped,
and for a function without cycles one frame holding every block's record at
a fixed offset (``tape.frame_layout``).  It reads the builder's state (the
CFG, the request, what ``needs`` and ``is_recomputable`` answer) and fills
``records``, ``hoisted``, ``came_from`` and the frame's layout.
"""

from __future__ import annotations

from enzyme_opt.ad.rules.primal_math import math_call_name
from enzyme_opt.ad.sweeps.loops import exits_recording, instrument_loops
from enzyme_opt.ad.sweeps.tape import (frame_layout, frame_slot, push_frame, store_record,
                                       write_record)
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import BasicBlock
from enzyme_opt.ir.values import Argument, Constant, ConstantInt, Value
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind

#: Float arithmetic recomputed in the reverse sweep when its operands are there anyway.
CHEAP_FLOAT_OPS = frozenset({"fadd", "fsub", "fmul", "fneg"})
#: Math calls as cheap as that arithmetic (``a·b + c``), by rule name.
CHEAP_MATH = frozenset({"fmuladd", "fma"})
MAX_RECOMPUTE_DEPTH = 6
#: How far an operand of cheap float arithmetic is rebuilt from re-read memory: a
#: lane of a vectorized loop's load is five steps from its induction variable.
MAX_REBUILD_DEPTH = 9


class RecordPlanner:
    """What each block records for the reverse sweep, and where (a mixin of
    ``AugmentedBuilder``)."""

    def blocks_reaching(self, target: BasicBlock) -> set[BasicBlock]:
        seen = {target}
        work = [target]
        while work:
            block = work.pop()
            for pred in self.cfg.preds[block]:
                if pred not in seen:
                    seen.add(pred)
                    work.append(pred)
        return seen

    def write_records(self) -> None:
        """Push, at the end of each block, what its inverse block reads.

        Values computed once (outside every loop, in a block dominating the
        return) are *hoisted*: recorded once at the return block, whose
        inverse runs first and so makes them available to the whole reverse
        sweep, instead of being re-recorded by every loop iteration."""
        returning = [b for b in self.cfg.rpo if isinstance(b.terminator, I.ReturnInst)]
        self.return_block = returning[0] if len(returning) == 1 else None
        live = self.blocks_reaching(returning[0]) if len(returning) == 1 else set(self.cfg.rpo)
        self.live = live
        self.counted = instrument_loops(self.cfg, live)
        self.loop_counts = {info.count for info in self.counted.values()} | \
            {info.counter for info in self.counted.values()}
        #: induction variables rebuilt from the reverse counter (taped under --no-reuse)
        self.inductions = {phi: info for info in self.counted.values()
                           for phi in info.inductions} if self.reuse else {}
        per_block: dict[BasicBlock, dict[Value, None]] = {b: {} for b in self.cfg.rpo if b in live}
        #: values recorded once where their loop nest stops varying them → where the
        #: reverse sweep may read them from their slot: the loops whose exits record them,
        #: or None when recorded at the return block (everywhere)
        self.hoisted: dict[Value, set | None] = {}
        for block in self.cfg.rpo:
            if block not in live:
                continue
            preds = [p for p in self.cfg.preds[block] if p in live]
            roots: list[Value] = []
            if len(preds) > 1 and block not in self.counted:
                roots.append(self.record_predecessor(block, preds))
            roots += [info.count for info in exits_recording(self.counted, block)]
            for inst in block.instructions:
                if inst.opcode != "phi" and not inst.is_terminator and self.needs_reverse(inst):
                    roots += [v for v in self.needs(inst) if v is not None]
            for value in self.expand(roots):
                for place in self.placement(value, block):
                    per_block[place][value] = None
        for block, cached in per_block.items():
            if cached:
                self.check_recordable(block, cached)
                self.records[block] = list(cached)
        if self.records and self.fits_one_frame():
            self.frame_offsets, self.frame_size = frame_layout(self.records)
            entry = self.cfg.rpo[0]
            frame = push_frame(Builder().before(entry.instructions[0]), self.tape,
                               self.frame_size)
            for block, values in self.records.items():
                b = Builder().before_terminator(block)
                store_record(b, frame_slot(b, frame, self.frame_offsets[block]), values)
            return
        for block, values in self.records.items():
            write_record(Builder().before_terminator(block), self.tape, values)

    def fits_one_frame(self) -> bool:
        """Does every block run at most once per call (no cycle: no edge goes
        back in reverse post-order, which also catches irreducible cycles)
        while nothing else pushes onto the tape (no augmented callee)?  Then
        the records form one frame (``tape.frame_layout``)."""
        if self.calls:
            return False
        index = self.cfg.index
        return all(index[succ] > index[block] for block in self.cfg.rpo
                   for succ in block.successors if succ in index)

    def check_recordable(self, block: BasicBlock, values) -> None:
        """Tape records have a layout fixed at compile time; a scalable vector
        (``<vscale x 2 x double>``) has a size known only at run time."""
        for value in values:
            if _is_scalable(value.type):
                where = value if isinstance(value, I.Instruction) else block.terminator
                raise self.ctx.error(where, f"reverse mode cannot save {value.ref()} (a "
                                            f"scalable vector, {value.type}) for the reverse "
                                            f"sweep: its size is known only at run time")

    def placement(self, value: Value, block: BasicBlock) -> list[BasicBlock]:
        """Where to record ``value``, needed by the inverse of ``block``.

        In ``block`` itself when it varies as often as ``block`` runs.  A
        value computed outside a loop that ``block`` is in does not change
        while that loop runs: it is recorded once at the loop's exits (the
        reverse sweep enters the loop through exactly one of them), or once
        at the return block when computed once per call."""
        if value in self.loop_counts or value in self.came_from.values() or not self.reuse:
            return [block]
        if self.is_hoistable(value):
            self.hoisted[value] = None
            return [self.return_block]
        loop = self.cfg.loop_of.get(block)
        defined = value.parent if isinstance(value, I.Instruction) else None
        outermost = None
        while loop is not None and defined is not None and defined not in loop.blocks:
            outermost = loop
            loop = loop.parent
        if outermost is None:
            return [block]
        exits = [e for e in outermost.exits if e in self.live]
        if not exits or any(e in outermost.blocks for e in exits):
            return [block]
        if value not in self.hoisted:
            self.hoisted[value] = set()
        if self.hoisted[value] is not None:
            self.hoisted[value].add(outermost)
        return exits

    def hoisted_into(self, value: Value, block: BasicBlock) -> bool:
        """Does the inverse of ``block`` find ``value`` in its slot?  Only where
        the slot was written before: everywhere for a value recorded at the return
        block (whose inverse runs first), inside the loop for one recorded at a loop's
        exits.  Elsewhere the value comes from the block's own record or is rebuilt
        (the inverse of a block outside that loop may run before any exit's)."""
        if value not in self.hoisted:
            return False
        loops = self.hoisted[value]
        return loops is None or any(block in loop.blocks for loop in loops)

    def is_hoistable(self, value: Value) -> bool:
        """Computed exactly once per call and available at the return?"""
        return (self.return_block is not None and isinstance(value, I.Instruction)
                and value.parent not in self.cfg.loop_of
                and self.cfg.dominates(value.parent, self.return_block))

    def record_predecessor(self, block: BasicBlock, preds: list[BasicBlock]) -> Value:
        """A phi numbering the predecessor ``block`` was entered from."""
        index = {p: i for i, p in enumerate(preds)}
        self.pred_index[block] = index
        ty = T.i8 if len(preds) < 256 else T.i32
        phi = I.PhiInst(ty, (), "came.from")
        block.insert(0, phi)
        for pred in self.cfg.preds[block]:
            edges = sum(1 for op in pred.terminator.operands if op is block)
            for _ in range(edges):
                phi.add_incoming(ConstantInt(ty, index.get(pred, 0)), pred)
        self.came_from[block] = phi
        return phi

    def expand(self, roots: list[Value]) -> list[Value]:
        cached: dict[Value, None] = {}
        recomputed: set[Value] = set()

        def need(value: Value, depth: int) -> None:
            if isinstance(value, (Argument, Constant, BasicBlock)) or value in cached \
                    or value in recomputed:
                return
            if value in self.inductions:  # rebuilt from the loop's reverse counter
                recomputed.add(value)
                for source in self._rebuilt_from(value):
                    need(source, depth + 1)
                return
            # past the depth limit only what is rebuilt from free values alone (BA's camera
            # index and point-index address: loads and addresses from the loop counter)
            if self.is_recomputable(value) and \
                    (depth < MAX_RECOMPUTE_DEPTH or self.differentiated_again
                     or self._rebuildable(value, depth, cached, recomputed)):
                if self._compare_worth_taping(value, depth, cached, recomputed):
                    cached[value] = None
                    return
                recomputed.add(value)
                for operand in value.operands:
                    need(operand, depth + 1)
            else:
                cached[value] = None

        for root in roots:
            need(root, 0)
        if not self.reuse:
            return list(cached)
        kept = self._recompute_cheap_floats(list(cached), recomputed)
        return self._trade_for_operands(kept, recomputed)

    def _trade_for_operands(self, cached: list[Value], recomputed: set[Value]) -> list[Value]:
        """Tape one operand instead of the cheap float values computed from
        it when that takes fewer bytes: a reaction term ``r·u·(1 − u)`` needs
        ``r·u`` and ``1 − u``, both rebuilt from ``u`` (a step of a stencil
        then tapes one state vector, not two)."""
        kept = dict.fromkeys(cached)
        while True:
            freed_by: dict[Value, list[Value]] = {}
            for value in kept:
                if not (isinstance(value, I.Instruction) and value.opcode in CHEAP_FLOAT_OPS):
                    continue
                missing = [op for op in value.operands
                           if not self._available_without(op, value, kept, recomputed)]
                if len(missing) == 1 and isinstance(missing[0], I.Instruction) and \
                        not missing[0].type.is_aggregate and missing[0] not in self.loop_counts:
                    freed_by.setdefault(missing[0], []).append(value)
            trade = next(((operand, users) for operand, users in freed_by.items()
                          if T.alloc_size(operand.type) < sum(T.alloc_size(u.type) for u in users)),
                         None)
            if trade is None:
                break
            operand, users = trade
            kept[operand] = None
            for user in users:
                del kept[user]
                recomputed.add(user)
                self.float_recompute.add(user)
        self.recomputable.clear()
        return self._recompute_cheap_floats(list(kept), recomputed)

    def _recompute_cheap_floats(self, cached: list[Value], recomputed: set[Value]) -> list[Value]:
        """Drop cached float arithmetic whose operands are available anyway
        (cached, recomputed, or free): recomputing costs an instruction,
        caching costs tape memory.  Never adds to the cache set."""
        kept = dict.fromkeys(cached)
        changed = True
        while changed:
            changed = False
            for value in list(kept):
                if isinstance(value, I.Instruction) and self._cheap_to_rebuild(value) and \
                        all(self._available_without(op, value, kept, recomputed)
                            or self._rebuildable(op, 1, kept, recomputed)
                            or self._rebuildable_from_tape(op, 1, kept, recomputed)
                            for op in value.operands):
                    for op in value.operands:
                        if not self._available_without(op, value, kept, recomputed):
                            self._rebuild(op, kept, recomputed)
                    del kept[value]
                    recomputed.add(value)
                    self.float_recompute.add(value)
                    changed = True
        self.recomputable.clear()  # answers may change with float_recompute
        return list(kept)

    def _cheap_to_rebuild(self, value: I.Instruction) -> bool:
        """Float arithmetic, ``fmuladd``, a lane of a vector (taped whole anyway: BA's
        rotation axis ``k = w/θ`` is one ``<2 x double>`` and a lane of it), or on a GPU a
        math call in a loop."""
        if value.opcode in CHEAP_FLOAT_OPS or value.opcode == "extractelement":
            return True
        if isinstance(value, I.CallInst) and math_call_name(value) in CHEAP_MATH:
            return True
        return self.recomputes_math(value)

    def recomputes_math(self, value: I.Instruction) -> bool:
        """On a GPU a math call (``__nv_cos``) in a loop whose operands the reverse
        sweep has anyway is computed again rather than taped each iteration: a
        gradient kernel waits on memory, not arithmetic (a grid-stride loop's tape
        of 32 bytes an iteration made its gradient 5.6 times the primal on an
        H200).  Outside loops the tape becomes registers: nothing to save."""
        return self.on_gpu and isinstance(value, I.CallInst) and value.opcode == "call" \
            and value.parent in self.cfg.loop_of and value.called_function is not None \
            and call_kind(value) == calls.MATH

    def recomputed_for_another_round(self, value: I.Instruction) -> bool:
        """In a gradient a later round differentiates again (reverse over
        reverse), float arithmetic and math outside loops are computed again
        in the reverse sweep, never taped: a tape there would need a tape of
        shadows in the outer derivative (``tape.elide_unused_tape``)."""
        if not self.differentiated_again or value.parent in self.cfg.loop_of:
            return False
        if value.opcode in ("fadd", "fsub", "fmul", "fdiv", "frem", "fneg", "fcmp"):
            return True
        return isinstance(value, I.CallInst) and value.opcode == "call" and \
            value.called_function is not None and call_kind(value) == calls.MATH

    def _compare_worth_taping(self, value: Value, depth: int, cached, recomputed) -> bool:
        """Tape a comparison's result (a byte) rather than operands the reverse sweep would
        have to tape to compare again: a running maximum's ``select`` needs only which way
        each comparison went (log-sum-exp's max over 16 terms: 15 bytes, not 31 values),
        and not under ``--no-reuse``, which tapes everything anyway."""
        return value.opcode in ("fcmp", "icmp") and not value.type.is_vector and \
            not self.differentiated_again and \
            not all(self._rebuildable(op, depth + 1, cached, recomputed) for op in value.operands)

    def _rebuildable(self, value: Value, depth: int, kept, recomputed: set[Value]) -> bool:
        """Can the reverse sweep rebuild ``value`` from nothing taped: a load it
        may repeat (``x[i] - mean[j]`` from the arrays, not one tape slot per
        iteration), an address, an induction variable — or from what is taped anyway."""
        if isinstance(value, (Argument, Constant)) or value in recomputed or value in kept:
            return True
        if depth >= MAX_REBUILD_DEPTH:
            return False
        return (value in self.inductions or self.is_recomputable(value)) and \
            all(self._rebuildable(v, depth + 1, kept, recomputed)
                for v in self._rebuilt_from(value))

    def _rebuildable_from_tape(self, value: Value, depth: int, kept,
                               recomputed: set[Value]) -> bool:
        """Is ``value`` cheap float arithmetic (``_cheap_to_rebuild``) over what the reverse
        sweep has anyway (taped, rebuilt for another use, constants), through chains of
        such arithmetic?  BA's distortion polynomial and the rotation's cross products are
        rebuilt from the taped angle, axis and projection so (its tape 2.25 → 1.50× what
        the reverse sweep strictly needs).  Not through memory read again for the chain
        alone: BA's residuals rebuilt from the points and cameras it re-reads through their
        index arrays took 1.25× of tape but 7 % more time (docs/performance.md §3)."""
        if isinstance(value, (Argument, Constant)) or value in recomputed or value in kept:
            return True
        if depth >= MAX_REBUILD_DEPTH or not isinstance(value, I.Instruction) or \
                not self._cheap_to_rebuild(value):
            return False
        return all(self._rebuildable_from_tape(v, depth + 1, kept, recomputed)
                   for v in value.operands)

    def _rebuild(self, value: Value, kept, recomputed: set[Value]) -> None:
        """Mark ``value`` (``_rebuildable``) and what it is rebuilt from as recomputed:
        float arithmetic as the planner's choice (``float_recompute``)."""
        if isinstance(value, (Argument, Constant)) or value in recomputed or value in kept:
            return
        recomputed.add(value)
        if isinstance(value, I.Instruction) and value not in self.inductions and \
                not self.is_recomputable(value) and self._cheap_to_rebuild(value):
            self.float_recompute.add(value)
        for source in self._rebuilt_from(value):
            self._rebuild(source, kept, recomputed)

    def _rebuilt_from(self, value: Value):
        """What the reverse sweep rebuilds ``value`` from: an induction variable's start and
        step (with the loop's reverse counter), else its operands."""
        if value in self.inductions:
            start, step, _ = self.inductions[value].inductions[value]
            return (start, step)
        return value.operands

    def _available_without(self, operand: Value, user: Value, kept, recomputed) -> bool:
        return (isinstance(operand, (Argument, Constant)) or operand in recomputed
                or (operand in kept and operand is not user))


def _is_scalable(ty: T.Type) -> bool:
    """Whether ``ty`` is or holds a scalable vector."""
    if isinstance(ty, T.VectorType):
        return ty.scalable
    return any(_is_scalable(e) for e in getattr(ty, "elements", ()))

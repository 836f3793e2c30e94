"""Reverse mode: ``diffe<f>`` = ``augmented_<f>`` (forward sweep, pushing a
tape) followed by ``reverse_<f>`` (reverse sweep, popping it).

The two halves are generated together from one request; the combined
function only creates the tape, calls both and frees it.  Calls inside
``f`` to other defined functions become ``augmented_<g>`` in the forward
sweep and ``reverse_<g>`` in the reverse sweep, sharing the caller's tape,
so split mode (``__enzyme_augmentfwd``/``__enzyme_reverse``) is the same
pair with the tape handed to the user.

Reverse sweep shape (AD-NOTES §2–5): one block ``invert<B>`` per primal
block; it pops the record ``B`` pushed (the primal values its adjoints
need, and which predecessor ``B`` was entered from), runs the adjoint rule
of each active instruction of ``B`` backwards, distributes phi adjoints to
the incoming edge taken, and branches to ``invert<pred>``.  Adjoints live
in zero-initialised stack slots (``%"x'de"``) that SROA promotes; a slot is
read and reset at its value's definition, which makes loops work.  A value
used only within its own block (most temporaries) keeps its adjoint as an
SSA value instead: a third of the output's instructions were the loads and
stores of such slots.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from enzyme_opt.abi import request as R
from enzyme_opt.ad.sweeps.adjoints import REGISTER, AdjointRules, empty_adjoint, register_adjoint
from enzyme_opt.ad.sweeps.augment import AugmentedBuilder
from enzyme_opt.ad.sweeps.lanes import Lanes
from enzyme_opt.ad.sweeps.loops import exits_recording, induction_value
from enzyme_opt.ad.sweeps.tape import (frame_slot, free_tape, load_record, new_tape, pop_frame,
                                       read_record)
from enzyme_opt.ad.utils import build_struct
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import BasicBlock, Function
from enzyme_opt.ir.types import shadow_type
from enzyme_opt.ir.values import Argument, Constant, ConstantAggregate, ConstantInt, Value, zero


def _primal_params(request: R.DiffRequest) -> tuple[list[T.Type], list[str]]:
    params, names = [], []
    for arg, activity in zip(request.function.args, request.args):
        params.append(arg.type)
        names.append(arg.name)
        if activity in (R.DUP, R.DUPNONEED):
            params.append(shadow_type(arg.type, request.width))
            names.append(f"{arg.name}'" if arg.name else "")
    return params, names


def gradient_type(request: R.DiffRequest) -> T.Type:
    """What the reverse sweep returns: the adjoints of the ``out`` arguments
    (one: that type; several: a struct in argument order; none: void)."""
    outs = [shadow_type(arg.type, request.width)
            for arg, a in zip(request.function.args, request.args) if a == R.OUT]
    if not outs:
        return T.void
    return outs[0] if len(outs) == 1 else T.StructType(tuple(outs))


def gradient_signature(request: R.DiffRequest) -> tuple[T.FunctionType, list[str]]:
    """``(args and shadows, [differeturn]) -> gradient``: the reverse sweep's.
    At width W every shadow, the differential return and each derivative
    are ``[W x T]``: W rows of the Jacobian in one sweep."""
    params, names = _primal_params(request)
    if request.ret == R.OUT:
        params.append(shadow_type(request.function.return_type, request.width))
        names.append("differeturn")
    return T.FunctionType(gradient_type(request), tuple(params)), names


def reverse_signature(request: R.DiffRequest) -> tuple[T.FunctionType, list[str]]:
    """``diffe<f>``: the gradient, after the primal result with
    ``enzyme_primal_return`` (``{result, d1, d2, …}``)."""
    fty, names = gradient_signature(request)
    primal = request.function.return_type
    if not request.return_primal or primal == T.void:
        return fty, names
    grads = fty.ret.elements if isinstance(fty.ret, T.StructType) else \
        () if fty.ret == T.void else (fty.ret,)
    return T.FunctionType(T.StructType((primal, *grads)), fty.params), names


def augmented_return_type(request: R.DiffRequest) -> T.Type:
    ret = request.function.return_type
    if request.ret == R.DUP:
        return T.StructType((ret, shadow_type(ret, request.width)))
    return ret


def augmented_signature(request: R.DiffRequest) -> tuple[T.FunctionType, list[str]]:
    params, names = _primal_params(request)
    return T.FunctionType(augmented_return_type(request), (*params, T.ptr)), [*names, "tape"]


def reverse_half_signature(request: R.DiffRequest) -> tuple[T.FunctionType, list[str]]:
    fty, names = gradient_signature(request)
    return T.FunctionType(fty.ret, (*fty.params, T.ptr)), [*names, "tape"]


def default_seed(ty: T.Type) -> Value:
    """1.0 in every floating leaf (Enzyme's default seed)."""
    if ty.scalar.is_float:
        return Builder.const(ty, 1.0)
    if isinstance(ty, (T.StructType, T.NamedStructType)):
        return ConstantAggregate(ty, [default_seed(e) for e in ty.elements])
    if isinstance(ty, T.ArrayType):
        return ConstantAggregate(ty, [default_seed(ty.element) for _ in range(ty.count)])
    return zero(ty)


class CombinedGenerator:
    """``diffe<f>``: make a tape, run both sweeps, free the tape."""

    def __init__(self, ctx, request: R.DiffRequest, out: Function):
        self.ctx, self.request, self.out = ctx, request, out

    def run(self) -> None:
        request = self.request
        augmented, reverse = self.ctx.split_pair(replace(request, return_primal=False))
        params = self.out.args
        primal_args = params[:-1] if request.ret == R.OUT else params
        b = Builder(self.out.append_block("entry"))
        tape = new_tape(b)
        primal = b.call(augmented, [*primal_args, tape])
        gradient = b.call(reverse, [*params, tape], "gradient" if reverse.return_type != T.void else "")
        free_tape(b, tape)
        self.ctx.combined.append(self.out)
        if self.out.return_type == T.void:
            b.ret()
        elif self.out.return_type == reverse.return_type:
            b.ret(gradient)
        else:  # enzyme_primal_return: { result, gradients… }
            if request.ret == R.DUP:
                primal = b.extractvalue(primal, 0)
            grads = [] if reverse.return_type == T.void else [gradient]
            if isinstance(reverse.return_type, T.StructType):
                grads = [b.extractvalue(gradient, k) for k in range(len(reverse.return_type.elements))]
            b.ret(build_struct(b, [primal, *grads]))


class SplitGenerator:
    """Generates the pair ``augmented_<f>`` / ``reverse_<f>`` of one request."""

    def __init__(self, ctx, request: R.DiffRequest, augmented: Function, reverse: Function):
        self.ctx = ctx
        self.request = request
        self.aug = augmented
        self.rev = reverse

    def run(self) -> None:
        forward = AugmentedBuilder(self.ctx, self.request, self.aug)
        forward.run()
        self.forward = forward
        self.build_reverse()
        forward.erase_unused_shadows()
        self.release()

    def release(self) -> None:
        """Let go of both sweeps' state once the pair is built.  It refers to itself
        (the adjoint rules to this generator, the run-time checks to the forward
        sweep's ``fail``, the tape planner's closures to the sweep), and with the
        collector paused while we compile (``ir/collector.py``) every derivative's
        analyses, value maps and tape plans would stay in memory to the end (11 MB of
        the 374-function module's peak of ``bench/toolsynth.py``)."""
        vars(self.forward).clear()
        vars(self).clear()

    # -- the reverse sweep -------------------------------------------------------------
    def build_reverse(self) -> None:
        fwd = self.forward
        rev = self.rev
        request = self.request
        # Parameters: the augmented function's (minus its tape), then the
        # differential return, then the tape.
        aug_params = self.aug.args[:-1]
        rev_params = rev.args
        self.param_map: dict[Value, Value] = dict(zip(aug_params, rev_params))
        self.tape = rev_params[-1]
        differeturn = rev_params[len(aug_params)] if request.ret == R.OUT else None
        entry = rev.append_block("entry")
        self.entry_builder = Builder(entry)
        cfg = fwd.cfg
        returning = [blk for blk in cfg.rpo if isinstance(blk.terminator, I.ReturnInst)]
        if not returning:
            # f never returns (every path loops forever or ends in unreachable):
            # neither does its augmented forward sweep, so the reverse sweep
            # is never reached.
            entry.append(I.UnreachableInst())
            return
        assert len(returning) == 1, "preprocessing merges the returns of a function"
        self.lanes = Lanes(request.width)
        self.rules = AdjointRules(self)
        self.slots: dict[Value, Value] = {}
        #: the running sum of each register adjoint (``adjoints.REGISTER``)
        self.registers: dict[Value, Value] = {}
        for value in fwd.adjoint_values:
            if register_adjoint(value, self.lanes.type(value.type)):
                self.slots[value] = REGISTER
            else:
                self.slot(value)
        self.hoisted_slots: dict[Value, Value] = {}
        self.block: BasicBlock | None = None  # set by build_invert_block
        self.loop_counters = {header: self.entry_builder.alloca(T.i64, "reverse.iteration")
                              for header in fwd.counted}
        self.inverts: dict[BasicBlock, BasicBlock] = {}
        live = fwd.blocks_reaching(returning[0])
        for block in cfg.rpo:
            if block in live:
                self.inverts[block] = rev.append_block("invert" + _block_label(block))
        b = Builder(entry)
        #: the forward sweep's one frame of records, if it has one (records.fits_one_frame)
        self.frame = pop_frame(b, self.tape, fwd.frame_size) if fwd.frame_size else None
        ret_value = returning[0].terminator.value
        if differeturn is not None and ret_value is not None and ret_value in self.slots:
            self.rules.accumulate(b, ret_value, self.lanes.from_abi(b, differeturn, ret_value.type))
        b.br(self.inverts[returning[0]])
        for block in reversed(cfg.rpo):
            if block in live:
                self.build_invert_block(block, live)

    def slot(self, value: Value) -> Value:
        """The adjoint accumulator of ``value`` (made zeroed on first use)."""
        slot = self.slots.get(value)
        if slot is None:
            b = self.entry_builder.before_terminator(self.entry_builder.block)
            name = f"{value.name}'de" if value.name else ""
            ty = self.lanes.type(value.type)
            slot = b.alloca(ty, name)
            b.store(empty_adjoint(ty), slot)
            self.slots[value] = slot
        return slot

    def hoisted_slot(self, value: Value) -> Value:
        slot = self.hoisted_slots.get(value)
        if slot is None:
            b = self.entry_builder.before_terminator(self.entry_builder.block) \
                if self.entry_builder.block.terminator is not None else self.entry_builder
            slot = b.alloca(value.type, f"{value.name}.cached" if value.name else "")
            self.hoisted_slots[value] = slot
        return slot

    def build_invert_block(self, block: BasicBlock, live: set[BasicBlock]) -> None:
        fwd = self.forward
        b = Builder(self.inverts[block])
        self.block = block  # the forward block being inverted (get() reads what it has)
        self.available: dict[Value, Value] = {}
        record = fwd.records.get(block, [])
        if record:
            # Hoisted values (recorded at the return block or a loop's exits)
            # outlive this block: they go to a slot the loop's blocks read.
            loaded_record = read_record(b, self.tape, record) if self.frame is None else \
                load_record(b, frame_slot(b, self.frame, fwd.frame_offsets[block]), record)
            for value, loaded in zip(record, loaded_record):
                if value in fwd.hoisted:
                    b.store(loaded, self.hoisted_slot(value))
                self.available[value] = loaded
        for info in exits_recording(fwd.counted, block):
            # Entering a loop backwards: its last iteration comes first.
            last = b.sub(self.get(b, info.count), ConstantInt(T.i64, 1), "last.iteration")
            b.store(last, self.loop_counters[info.loop.header])
        for inst in reversed(block.instructions):
            if inst.opcode == "phi" or inst.is_terminator:
                continue
            if fwd.needs_reverse(inst):
                self.rules.visit(b, inst)
        self.rules.end_block(b)
        preds = [p for p in fwd.cfg.preds[block] if p in live]
        if block is fwd.cfg.rpo[0]:
            self.finish(b)
            return
        if block in fwd.counted:
            self.leave_iteration(b, fwd.counted[block])
            return
        if len(preds) == 1:
            self.rules.phi_edges(b, block, [(preds[0], None)])
            b.br(self.inverts[preds[0]])
            return
        came_from = self.get(b, fwd.came_from[block])
        edges = [(p, partial(b.icmp, "eq", came_from,
                             ConstantInt(came_from.type, fwd.pred_index[block][p])))
                 for p in preds]
        self.rules.phi_edges(b, block, edges)
        cases = [(ConstantInt(came_from.type, fwd.pred_index[block][p]), self.inverts[p])
                 for p in preds[1:]]
        b.switch(came_from, self.inverts[preds[0]], cases)

    def leave_iteration(self, b: Builder, info) -> None:
        """End of an inverted loop header: the first iteration returns to
        the preheader, any other goes round to the previous one."""
        counter = self.loop_counters[info.loop.header]
        iteration = self.iteration(b, info.loop.header)
        first = b.icmp("eq", iteration, ConstantInt(T.i64, 0), "first.iteration")
        again = partial(b.icmp, "ne", iteration, ConstantInt(T.i64, 0))
        self.rules.phi_edges(b, info.loop.header, [(info.preheader, first), (info.latch, again)])
        b.store(b.sub(iteration, ConstantInt(T.i64, 1)), counter)
        b.cbr(first, self.inverts[info.preheader], self.inverts[info.latch])

    def finish(self, b: Builder) -> None:
        """End of the reverse sweep: return the adjoints of the out args."""
        outs = [arg for arg, a in zip(self.forward.primal_args, self.request.args) if a == R.OUT]
        # + 0.0 turns an adjoint that received nothing (-0.0, see empty_adjoint)
        # into the +0.0 Enzyme returns; every other value passes unchanged.
        values = [self.lanes.to_abi(b, plus_zero(b, b.load(self.lanes.type(a.type), self.slot(a)),
                                                 f"d{a.name}" if a.name else ""), a.type)
                  for a in outs]
        if not values:
            b.ret()
        elif len(values) == 1:
            b.ret(values[0])
        else:
            aggregate: Value = zero(self.rev.return_type)
            for index, value in enumerate(values):
                aggregate = b.insertvalue(aggregate, value, index)
            b.ret(aggregate)

    def iteration(self, b: Builder, header: BasicBlock) -> Value:
        """The iteration of the inverted loop ``header`` this block runs in: its
        counter, read once per inverted block (the header's inverse stores the
        next one only as it leaves)."""
        key = ("iteration", header)
        found = self.available.get(key)
        if found is None:
            found = self.available[key] = b.load(T.i64, self.loop_counters[header], "iteration")
        return found

    # -- primal values in the reverse sweep ------------------------------------------------
    def get(self, b: Builder, value: Value) -> Value:
        """``value`` of the forward sweep, as available in the current
        inverted block: a parameter, a constant, a cached record entry, or
        recomputed from those."""
        if isinstance(value, Argument):
            return self.param_map[value]
        if isinstance(value, (Constant, BasicBlock)):
            return value
        found = self.available.get(value)
        if found is not None:
            return found
        if self.forward.hoisted_into(value, self.block):
            loaded = b.load(value.type, self.hoisted_slot(value), value.name)
            self.available[value] = loaded
            return loaded
        info = self.forward.inductions.get(value)
        if info is not None:
            start, step, _ = info.inductions[value]
            iteration = self.iteration(b, info.loop.header)
            rebuilt = induction_value(b, info, value, iteration, self.get(b, start),
                                      self.get(b, step))
            self.available[value] = rebuilt
            return rebuilt
        if isinstance(value, I.Instruction) and self.forward.is_recomputable(value):
            from enzyme_opt.ir.clone import clone_instruction
            operands = {op: self.get(b, op) for op in value.operands}
            copy = clone_instruction(value, operands)
            copy.metadata = ()
            self.available[value] = b.insert(copy)
            return copy
        raise DifferentiationError(f"internal error: the value {value.ref()} of "
                                   f"@{self.aug.name} is not available in the reverse sweep")


def plus_zero(b: Builder, adjoint: Value, name: str = "") -> Value:
    """``adjoint + 0.0``, element by element through arrays and structs (a batched
    ``<2 x float>`` parameter's adjoints are a ``[2 x <2 x float>]``, which ``fadd``
    does not take)."""
    ty = adjoint.type
    if isinstance(ty, (T.ArrayType, T.StructType, T.NamedStructType)):
        elements = [ty.element] * ty.count if isinstance(ty, T.ArrayType) else ty.elements
        whole: Value = adjoint
        for index, element in enumerate(elements):
            if T.contains_float(element):
                part = plus_zero(b, b.extractvalue(adjoint, index))
                whole = b.insertvalue(whole, part, index, name if index == len(elements) - 1 else "")
        return whole
    return b.fadd(adjoint, zero(ty), name) if ty.scalar.is_float else adjoint


def _block_label(block: BasicBlock) -> str:
    return block.name if block.name else str(block.parent.slot_name(block)[1:])


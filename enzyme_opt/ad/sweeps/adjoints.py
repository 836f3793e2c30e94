"""Adjoint rules of the reverse sweep: for an instruction ``y = op(x…)``
with adjoint ``ȳ``, add each operand's share into its adjoint.

Elementwise operations reuse the partials table (``x̄i += ∂y/∂xi · ȳ``);
memory, aggregates, phis and calls have their own rules here.  Every rule
reads primal values through ``gen.get`` (cached or recomputed) and
adjoints through ``take``/``accumulate``.
"""

from __future__ import annotations

from enzyme_opt.ad.parallel import gpu, openmp, shuffles
from enzyme_opt.ad.parallel.openmp_prepare import REVERSE, carry_region, in_parallel_region
from enzyme_opt.ad.rules.custom_calls import call_rule, float_params
from enzyme_opt.ad.rules.elementwise import ONE, elementwise_rule, splat_partial, times_partial
from enzyme_opt.ad.rules.math import Math
from enzyme_opt.ad.rules.primal_math import math_call_name
from enzyme_opt.ad.runtime_activity import RuntimeActivity
from enzyme_opt.ad.sweeps import indirect, reallocs
from enzyme_opt.ad.sweeps.gradient_log import log_gradient, log_hook
from enzyme_opt.ad.sweeps.lanes import Lanes
from enzyme_opt.ad.sweeps.needs import release_args
from enzyme_opt.ad.sweeps.openmp.ranges import ReverseRanges
from enzyme_opt.ad.sweeps.tape import TAPE_TYPE, free_tape
from enzyme_opt.ad.utils import split_lanes
from enzyme_opt.analysis.poison import defined_lane_flags, undefined_lanes
from enzyme_opt.analysis.types import struct_copy_fields, underlying_object
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import BasicBlock
from enzyme_opt.ir.types import leaves, shadow_type
from enzyme_opt.ir.values import ConstantAggregate, ConstantFP, ConstantInt, Value, zero
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind, math_rule_of


def _copy_name(inst) -> str:
    """``memcpy`` or ``memmove``, as the user wrote it."""
    return "memmove" if inst.called_function.name.startswith("llvm.memmove") else "memcpy"


def empty_adjoint(ty: T.Type) -> Value:
    """The value an adjoint accumulator starts from (and is reset to): -0.0
    for floats and float vectors, zero otherwise.

    -0.0 is the exact identity of ``fadd`` (``-0.0 + x == x`` for every x,
    ``+0.0 + -0.0`` is ``+0.0``), so once the slots are promoted to registers
    LLVM folds the first ``acc + delta`` into ``delta``.  Starting from +0.0
    left an ``fadd x, 0.0`` that -O2 may not remove (it is not exact for
    x = -0.0) on every adjoint of every iteration."""
    spelled = ("double", "float", "half")
    if isinstance(ty, T.FloatType) and ty.kind in spelled:
        return ConstantFP(ty, -0.0)
    if (isinstance(ty, T.VectorType) and not ty.scalable
            and isinstance(ty.element, T.FloatType) and ty.element.kind in spelled):
        return ConstantAggregate(ty, [ConstantFP(ty.element, -0.0)] * ty.count)
    return zero(ty)


#: the "slot" of an adjoint kept as an SSA value instead of in a stack slot: a value
#: used only by ordinary instructions of its own block gets all its contributions in
#: that block's inverse, before its own rule takes the sum (``register_adjoint``)
REGISTER = object()


def register_adjoint(value: Value, ty: T.Type) -> bool:
    """Can the adjoint of ``value`` (of lane type ``ty``) live in a register: is
    every user an ordinary (non-phi) instruction of ``value``'s own block?
    Its contributions then all come from that block's inverse (one iteration
    at a time), before the take at its definition."""
    if not isinstance(value, I.Instruction) or ty.is_aggregate:
        return False
    block = value.parent
    for use in value.uses:
        user = use.user
        if isinstance(user, I.PhiInst) or (isinstance(user, I.Instruction)
                                           and user.parent is not block):
            return False
    return True


INVERSE_CAST = {"fpext": "fptrunc", "fptrunc": "fpext", "bitcast": "bitcast",
                "addrspacecast": "addrspacecast"}


class AdjointRules:
    def __init__(self, gen):
        self.gen = gen
        self.fwd = gen.forward
        self.gpu = (gen.rev.module.triple or "").startswith(("nvptx", "amdgcn"))
        #: the reverse sweep of a function an OpenMP team runs: other threads may add to
        #: the same shadow memory at once (``ad/parallel/openmp.py``)
        self.threads = in_parallel_region(gen.forward.request.function)
        #: where such adds may be plain: a region's exclusive intervals (openmp/ranges.py)
        self.ranges = ReverseRanges.of(gen) if self.threads else None
        #: at width W an adjoint holds W lanes (``<W x T>`` for a float)
        self.lanes: Lanes = gen.lanes
        self.width = self.lanes.width
        #: lanes of vector values the primal leaves poison (built on first use)
        self._undefined: dict | None = None
        #: the program's enzymeLogGrad, called with each operation's adjoint (width 1)
        self.log_hook = log_hook(gen.rev.module) if self.width == 1 else None
        #: the run-time checks of shadows that may be constant data (``ad/runtime_activity.py``)
        self.runtime = RuntimeActivity(gen.ctx.runtime_activity, gen.rev, gen.ctx.error)

    # -- adjoint slots ---------------------------------------------------------------------
    def take(self, b: Builder, value: Value) -> Value | None:
        """Read and reset the adjoint of ``value`` (None: it has none, or, for
        a value kept in a register, nothing was added to it)."""
        slot = self.gen.slots.get(value)
        if slot is None:
            return None
        if slot is REGISTER:
            adjoint = self.gen.registers.pop(value, None)
            if isinstance(adjoint, I.Instruction) and not adjoint.name and value.name:
                adjoint.name = f"{value.name}'"  # as a slot's load is named
            return adjoint
        ty = self.lanes.type(value.type)
        adjoint = b.load(ty, slot, f"{value.name}'" if value.name else "")
        b.store(empty_adjoint(ty), slot)
        return adjoint

    def accumulate(self, b: Builder, value: Value, delta: Value) -> None:
        slot = self.gen.slots.get(value)
        if slot is None:
            return
        if slot is REGISTER:
            registers = self.gen.registers
            sum_so_far = registers.get(value)
            registers[value] = delta if sum_so_far is None else b.fadd(sum_so_far, delta)
            return
        ty = self.lanes.type(value.type)
        if ty.is_aggregate:
            for path, leaf in leaves(ty):
                if not (leaf.scalar.is_float):
                    continue
                indices = [ConstantInt(T.i32, 0), *(ConstantInt(T.i32, p) for p in path)]
                pointer = b.gep(ty, slot, indices)
                part = b.insert(I.ExtractValueInst(delta, path, leaf))
                b.store(b.fadd(b.load(leaf, pointer), part), pointer)
            return
        b.store(b.fadd(b.load(ty, slot), delta), slot)

    def end_block(self, b: Builder) -> None:
        """The inverse of a block is complete but for its branch."""
        if self.ranges is not None:
            self.ranges.flush(b)

    def memory_add(self, b: Builder, pointer: Value, delta: Value, align: int | None,
                   private: bool = False, load: I.Instruction | None = None) -> None:
        """``*pointer += delta`` in shadow memory, the adjoint of ``load`` (atomically
        on GPUs and in OpenMP regions, where other threads may add to the same
        location, unless ``openmp/ranges.py`` shows at run time that none does)."""
        if self.gpu:
            return gpu.atomic_add(b, pointer, delta, align)
        if self.threads and not private:
            if self.ranges is not None:
                return self.ranges.add(b, pointer, delta, align, load)
            return openmp.atomic_add(b, pointer, delta, align)
        if isinstance(delta.type, T.VectorType) and not delta.type.scalable:
            # One element at a time: a vector read-modify-write that overlaps the
            # previous one (the i-1, i, i+1 neighbours of a vectorized stencil)
            # defeats store-to-load forwarding and stalls on every iteration;
            # element-sized accesses to the same addresses forward.
            for lane in range(delta.type.count):
                index = ConstantInt(T.i64, lane)
                element = b.gep(delta.type.element, pointer, [index]) if lane else pointer
                part = b.extractelement(delta, index)
                b.store(b.fadd(b.load(part.type, element), part), element)
            return
        b.store(b.fadd(b.load(delta.type, pointer, align=align), delta), pointer, align)

    def per_lane(self, b: Builder, dy: Value, ty: T.Type, result_ty: T.Type, rule) -> Value:
        """``rule`` applied to each lane of the adjoint ``dy`` of a ``ty``
        value, giving the lanes of an adjoint of a ``result_ty`` value (at
        width 1: ``rule(dy)`` itself)."""
        return self.lanes.join(b, [rule(lane) for lane in self.lanes.split(b, dy, ty)], result_ty)

    def scale(self, b: Builder, partial, dy: Value, ty: T.Type) -> Value:
        """``∂y/∂x · ȳ`` in every lane: one vector multiply when the lanes
        of a float are a vector."""
        if self.width == 1 or partial == ONE:
            return times_partial(b, partial, dy)
        if self.lanes.vectorized(ty):  # the W lanes are one <W x T>
            return times_partial(b, splat_partial(self.lanes, b, partial), dy)
        return self.per_lane(b, dy, ty, ty, lambda lane: times_partial(b, partial, lane))

    # -- dispatch ----------------------------------------------------------------------------
    def visit(self, b: Builder, inst: I.Instruction) -> None:
        op = inst.opcode
        if self.ranges is not None:
            self.ranges.before(b, inst)  # queued adds are made before memory is touched
        if inst in self.fwd.calls:
            return self.call(b, inst)
        if inst in self.fwd.custom_calls:
            return self.custom_call(b, inst)
        if inst in self.fwd.indirect_calls:
            return indirect.reverse(self, b, inst, self.gen.ctx.where(inst))
        if inst in self.fwd.reallocs:
            self.realloc(b, inst)
        if inst in self.fwd.heap_primals:  # a local variable a rerun loop was given
            free = self.gen.rev.module.get_or_declare("free", T.FunctionType(T.void, (T.ptr,)))
            b.call(free, [self.gen.get(b, inst)])
        if inst in self.fwd.heap_shadows:
            return self.free_shadow(b, inst)
        if inst in self.fwd.heap_primals:
            return
        if op in ("fadd", "fsub", "fmul", "fdiv", "frem", "fneg"):
            return self.elementwise(b, inst, op, inst.operands)
        if isinstance(inst, I.CallInst):
            if gpu.is_barrier_call(inst):
                return gpu.mirror_barrier(b, inst)
            if openmp.is_mirrored_call(inst):
                return openmp.mirror(b, inst, self.gen.get)
            kind = call_kind(inst)
            if kind == calls.MATH:
                return self.elementwise(b, inst, math_rule_of(inst.called_function), inst.args)
            if kind == calls.COPY:
                return self.memcpy(b, inst)
            if kind == calls.FILL:
                return self.memset(b, inst)
            if kind == calls.SHUFFLE:
                return self.shuffle(b, inst)
            raise self.gen.ctx.error(inst, f"no reverse-mode rule for a call to {inst.callee.ref()}")
        handler = getattr(self, "op_" + op, None)
        if handler is None:
            raise self.gen.ctx.error(inst, f"no reverse-mode rule for the '{op}' instruction")
        handler(b, inst)

    def shuffle(self, b: Builder, inst) -> None:
        """A warp shuffle: ȳ goes back to the lane the value came from (``gpu.py``)."""
        dy = self.take(b, inst)
        value = inst.arg(1)
        if dy is None or not self.fwd.is_active(value):
            return
        mask, delta = self.gen.get(b, inst.arg(0)), self.gen.get(b, inst.arg(2))
        lanes = [shuffles.reverse_shuffle(b, inst, lane, mask, delta)
                 for lane in self.lanes.split(b, dy, inst.type)]
        self.accumulate(b, value, self.lanes.join(b, lanes, inst.type))

    def elementwise(self, b: Builder, inst, rule_name: str, operands: list[Value]) -> None:
        """``x̄_k += ∂y/∂x_k · ȳ`` for each active operand."""
        dy = self.take(b, inst)
        if dy is None:
            return
        if self.log_hook is not None:
            log_gradient(b, self.log_hook, inst, dy, self.gen.get)
        rule = elementwise_rule(rule_name)
        get = self.gen.get
        needed = set(self.fwd.needs(inst))
        primal = [get(b, o) if o in needed or not isinstance(o, I.Instruction) else None
                  for o in operands]
        result = get(b, inst) if inst in needed else None
        partner = self.fwd.partner_of(inst) if isinstance(inst, I.CallInst) else None
        m = Math(b, inst.type) if partner is None else \
            Math(b, inst.type, known=lambda name, ty, args, at: get(at, partner)
                 if name == math_call_name(partner) else None)
        for k, operand in enumerate(operands):
            partial_of = rule.partial(k)
            if operand not in self.gen.slots or partial_of is None:
                continue
            partial = partial_of(m, primal, result)
            if partial is not None:
                share = self.defined_lanes_only(b, inst, self.scale(b, partial, dy, inst.type))
                self.accumulate(b, operand, share)

    def defined_lanes_only(self, b: Builder, inst, share: Value) -> Value:
        """``share`` with the lanes the primal vector ``inst`` leaves poison set to 0:
        their adjoint is 0, but their partial may be NaN (``analysis/poison.py``)."""
        if not isinstance(inst.type, T.VectorType) or inst.type.scalable:
            return share
        if self._undefined is None:
            self._undefined = undefined_lanes(self.fwd.out)
        mask = self._undefined.get(inst, 0)
        if not mask:
            return share
        count = inst.type.count
        flags = ConstantAggregate(T.VectorType(count, T.i1), [
            ConstantInt(T.i1, int(defined)) for defined in defined_lane_flags(mask, count)])
        # With enzyme_width W the share is W such vectors, one per seed: mask each.
        return self.per_lane(b, share, inst.type, inst.type,
                             lambda lane: b.select(flags, lane, zero(lane.type)))

    # -- casts and aggregates ---------------------------------------------------------------
    def _cast(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        source = inst.operand(0)
        if dy is None or source not in self.gen.slots:
            return
        if not source.type.scalar.is_float:
            raise self.gen.ctx.error(inst, f"cannot differentiate through a bitcast from "
                                           f"{source.type} (integer bits holding floats)")
        self.accumulate(b, source, self.per_lane(
            b, dy, inst.type, source.type,
            lambda lane: b.cast(INVERSE_CAST[inst.opcode], lane, source.type)))

    op_fpext = op_fptrunc = op_bitcast = op_addrspacecast = _cast

    def op_freeze(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        if dy is not None:
            self.accumulate(b, inst.operand(0), dy)

    def op_select(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        if dy is None:
            return
        cond = self.gen.get(b, inst.operand(0))
        if cond.type.is_vector and self.width > 1:  # a lane-wise choice inside each lane
            nothing = zero(inst.type)
            pick = lambda first: self.per_lane(  # noqa: E731
                b, dy, inst.type, inst.type,
                lambda lane: b.select(cond, lane, nothing) if first else b.select(cond, nothing, lane))
            self.accumulate(b, inst.operand(1), pick(True))
            self.accumulate(b, inst.operand(2), pick(False))
            return
        nothing = zero(self.lanes.type(inst.type))
        self.accumulate(b, inst.operand(1), b.select(cond, dy, nothing))
        self.accumulate(b, inst.operand(2), b.select(cond, nothing, dy))

    def op_extractvalue(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        aggregate = inst.operand(0)
        if dy is None or aggregate not in self.gen.slots:
            return
        spread = self.per_lane(b, dy, inst.type, aggregate.type, lambda lane: b.insert(
            I.InsertValueInst(zero(aggregate.type), lane, inst.indices)))
        self.accumulate(b, aggregate, spread)

    def op_insertvalue(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        if dy is None:
            return
        aggregate, element = inst.operands
        ty = inst.type
        if element in self.gen.slots:
            self.accumulate(b, element, self.per_lane(b, dy, ty, element.type, lambda lane: b.insert(
                I.ExtractValueInst(lane, inst.indices, element.type))))
        if aggregate in self.gen.slots:
            self.accumulate(b, aggregate, self.per_lane(b, dy, ty, ty, lambda lane: b.insert(
                I.InsertValueInst(lane, zero(element.type), inst.indices))))

    def op_extractelement(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        vector = inst.operand(0)
        if dy is None or vector not in self.gen.slots:
            return
        index = self.gen.get(b, inst.operand(1))
        self.accumulate(b, vector, self.per_lane(
            b, dy, inst.type, vector.type,
            lambda lane: b.insertelement(zero(vector.type), lane, index)))

    def op_insertelement(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        if dy is None:
            return
        vector, element, index_value = inst.operands
        index = self.gen.get(b, index_value)
        ty = inst.type
        if element in self.gen.slots:
            self.accumulate(b, element, self.per_lane(
                b, dy, ty, element.type, lambda lane: b.extractelement(lane, index)))
        if vector in self.gen.slots:
            self.accumulate(b, vector, self.per_lane(
                b, dy, ty, ty, lambda lane: b.insertelement(lane, zero(element.type), index)))

    def op_shufflevector(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        if dy is None:
            return
        a, c = inst.operand(0), inst.operand(1)
        if a.type.scalable:
            # LLVM allows only splats of lane 0 (or poison) as scalable masks: lane 0
            # of ``a`` gets the sum of every lane of ȳ, however many there are.
            if a in self.gen.slots and inst.mask[0] == 0:
                m = Math(b, inst.type)
                self.accumulate(b, a, self.per_lane(b, dy, inst.type, a.type, lambda lane:
                    b.insertelement(zero(a.type), m.sum_lanes(lane), ConstantInt(T.i32, 0))))
            return
        parts = [self._unshuffle(b, inst, lane) for lane in self.lanes.split(b, dy, inst.type)]
        for k, operand in enumerate((a, c)):
            if operand in self.gen.slots and (operand is not c or c is not a):
                self.accumulate(b, operand, self.lanes.join(b, [p[k] for p in parts], operand.type))

    def _unshuffle(self, b: Builder, inst, dy: Value) -> tuple[Value, Value]:
        """The adjoints of a shuffle's two operands, from one lane of ``ȳ``."""
        a, c = inst.operand(0), inst.operand(1)
        n = a.type.count
        parts = [zero(a.type), zero(c.type)]
        for lane, source in enumerate(inst.mask):
            if source < 0:
                continue
            k = 0 if source < n else 1
            index = ConstantInt(T.i32, source % n)
            piece = b.extractelement(dy, ConstantInt(T.i32, lane))
            old = b.extractelement(parts[k], index)
            parts[k] = b.insertelement(parts[k], b.fadd(old, piece), index)
        return parts[0], parts[1]

    # -- memory -----------------------------------------------------------------------------
    def shadow_lanes(self, b: Builder, pointer: Value) -> list[Value]:
        """The shadow of a primal pointer, one pointer per lane."""
        return split_lanes(b, self.gen.get(b, self.fwd.shadow[pointer]), self.width)

    def checked(self, b: Builder, inst, pointer: Value, ty: T.Type) -> list:
        """(shadow, i1 that it is constant data or None) per lane of ``pointer``'s
        shadow, the shadow redirected to a scratch slot where it is
        (``ad/runtime_activity.py``; without run-time activity, the shadows)."""
        shadows = self.shadow_lanes(b, pointer)
        if not self.runtime.may_be_constant(pointer):
            return [(shadow, None) for shadow in shadows]
        if self.gpu or self.threads:
            self.runtime.refuse(inst, "an adjoint shared between threads", pointer)
        here = self.gen.get(b, pointer)
        return [self.runtime.redirect(b, shadow, pointer, ty, here) for shadow in shadows]

    def op_load(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        if dy is None or inst.pointer not in self.fwd.shadow:
            return
        # The thread's own stack (an alloca of this function) no other thread reaches.
        private = isinstance(underlying_object(inst.pointer), I.AllocaInst)
        if inst.type.is_aggregate:
            raise self.gen.ctx.error(inst, "loads of whole aggregates from active memory are "
                                           "not supported")
        for (shadow, _), lane in zip(self.checked(b, inst, inst.pointer, inst.type),
                                     self.lanes.split(b, dy, inst.type)):
            self.memory_add(b, shadow, lane, inst.align, private, inst)

    def op_atomicrmw(self, b: Builder, inst) -> None:
        gpu.reverse_atomic_update(self, b, inst)

    def op_store(self, b: Builder, inst) -> None:
        value = inst.value
        if value.type.is_aggregate:
            raise self.gen.ctx.error(inst, "stores of whole aggregates to active memory are "
                                           "not supported")
        shadows = self.checked(b, inst, inst.pointer, value.type)
        if value not in self.gen.slots:
            for shadow, _ in shadows:
                b.store(zero(value.type), shadow, inst.align)
            return
        lanes = []
        for shadow, constant in shadows:  # take each lane's adjoint, leaving 0 behind
            taken = gpu.take_by_exchange(b, shadow, value.type, inst.align, inst.pointer)
            if taken is None:
                taken = b.load(value.type, shadow, align=inst.align)
                b.store(zero(value.type), shadow, inst.align)
            if constant is not None:  # constant data: its value is no adjoint
                taken = b.select(constant, zero(value.type), taken)
            lanes.append(taken)
        self.accumulate(b, value, self.lanes.join(b, lanes, value.type))

    def memcpy(self, b: Builder, inst) -> None:
        """``src̄ += dst̄; dst̄ = 0`` over the copied floats: field by field for
        an annotated struct copy, else over elements of the one float type
        the memory is accessed with.  With run-time activity, nothing moves in
        a lane whose destination shadow is constant data (length 0) and nothing
        is added to a source shadow that is (``copy_lanes``)."""
        if self.threads and not isinstance(underlying_object(inst.arg(1)), I.AllocaInst):
            raise self.gen.ctx.error(inst, f"a {_copy_name(inst)} of active memory inside an "
                                           "OpenMP parallel region is not supported (its "
                                           "adjoint would add to memory other threads share "
                                           "without atomics)")
        length = self.gen.get(b, inst.arg(2))
        has_src = ConstantInt(T.i1, int(inst.arg(1) in self.fwd.shadow))
        dst_lanes = self.shadow_lanes(b, inst.arg(0))
        src_lanes = self.shadow_lanes(b, inst.arg(1)) if has_src.value else dst_lanes
        if length.type != T.i64:
            length = b.cast("zext", length, T.i64)
        lanes = self.copy_lanes(b, inst, length, has_src, dst_lanes, src_lanes)
        fields = struct_copy_fields(inst)
        extent = max((offset + size for offset, size, _ in fields), default=0) if fields else 0
        if fields and isinstance(length, ConstantInt) and \
                extent <= length.value < extent + 16:  # one struct, tail padding at most
            for dst, src, moved, from_src in lanes:
                for offset, size, ty in fields:
                    if ty is None:
                        continue  # integers and pointers carry no adjoint
                    at = ConstantInt(T.i64, offset)
                    size = ConstantInt(T.i64, size)
                    if moved is not length:   # 0 where the destination is constant data
                        size = b.select(b.icmp("eq", moved, zero(T.i64)), zero(T.i64), size)
                    b.call(self.gen.ctx.memcpy_adjoint_helper(ty),
                           [b.byte_gep(dst, at), b.byte_gep(src, at), size, from_src])
            return
        if not has_src.value:  # no adjoint to move: dst̄ = 0, whatever it holds
            for dst, _, moved, _ in lanes:
                self.fwd.mem.zero_fill(b, dst, moved)
            return
        held = self.fwd.copied_types(inst)
        floats = {t for t in held if t.is_float}
        if not floats and any(T.contains_pointer(t) for t in held):
            return  # pointers only: their shadows moved in the forward sweep
        if len(floats) != 1:
            what = ("both float and double values" if floats else
                    "values never read or written as floating point in the differentiated code")
            raise self.gen.ctx.error(inst, f"cannot differentiate a {_copy_name(inst)} of memory "
                                           f"that holds {what}: the type of its adjoint is "
                                           "unknown (copy the elements in a loop instead)")
        helper = self.gen.ctx.memcpy_adjoint_helper(floats.pop())
        for dst, src, moved, from_src in lanes:
            b.call(helper, [dst, src, moved, from_src])

    def copy_lanes(self, b: Builder, inst, length: Value, has_src: Value, dst_lanes: list,
                   src_lanes: list) -> list:
        """(destination shadow, source shadow, bytes moved, whether the source takes
        adjoints) per lane of a copy: ``length`` and ``has_src``, but where run-time
        activity finds constant data (``ad/runtime_activity.py``)."""
        dst, src = inst.arg(0), inst.arg(1)
        dst_here = self.gen.get(b, dst) if self.runtime.may_be_constant(dst) else None
        src_here = self.gen.get(b, src) if has_src.value and \
            self.runtime.may_be_constant(src) else None
        lanes = []
        for dst_lane, src_lane in zip(dst_lanes, src_lanes):
            moved = length if dst_here is None else \
                self.runtime.length(b, dst_lane, dst, length, dst_here)
            from_src = has_src if src_here is None else \
                self.runtime.active(b, src_lane, src, src_here)
            if dst_here is not None and has_src.value:   # derivatives copied into constant data
                self.runtime.stop_lost_derivative(b, [dst_lane], dst, self.gen.ctx.where(inst),
                                                  dst_here, from_src)
            lanes.append((dst_lane, src_lane, moved, from_src))
        return lanes

    def memset(self, b: Builder, inst) -> None:
        length = self.gen.get(b, inst.arg(2))
        if length.type != T.i64:
            length = b.cast("zext", length, T.i64)
        dst = inst.arg(0)
        here = self.gen.get(b, dst) if self.runtime.may_be_constant(dst) else None
        for shadow in self.shadow_lanes(b, dst):
            moved = self.runtime.length(b, shadow, dst, length, here) if here is not None \
                else length
            self.fwd.mem.zero_fill(b, shadow, moved)

    def realloc(self, b: Builder, inst) -> None:
        """The reverse of the copy a realloc made (``sweeps/reallocs.py``):
        the old shadow takes back the new one's adjoints."""
        old, size = reallocs.old_and_size(inst)
        helper = self.gen.ctx.memcpy_adjoint_helper(self.fwd.reallocs[inst])
        reallocs.move_back(b, self.gen.rev.module, helper, self.gen.get(b, self.fwd.shadow[inst]),
                           self.gen.get(b, self.fwd.shadow_of(old)), self.gen.get(b, size))

    def free_shadow(self, b: Builder, inst) -> None:
        """Release a shadow made in the forward sweep: an alloca's is
        malloc'd; an allocation's comes from the same allocator."""
        for shadow in self.shadow_lanes(b, inst):
            if isinstance(inst, I.CallInst):
                args = {a: self.gen.get(b, a) for a in release_args(inst)}
                self.fwd.mem.release(b, inst.called_function, shadow,
                                     [args.get(a) for a in inst.args])
                continue
            if inst.allocated_type == TAPE_TYPE:  # a shadow tape (reverse over reverse)
                free_tape(b, shadow)                # its records, then the object
            free = self.gen.rev.module.get_or_declare("free", T.FunctionType(T.void, (T.ptr,)))
            b.call(free, [shadow])

    # -- calls and phis ---------------------------------------------------------------------
    def call(self, b: Builder, inst) -> None:
        """``reverse_<g>(args, shadows, [ȳ], tape)`` returns the adjoints of
        ``g``'s active scalar arguments."""
        request, call_args, primal_args = self.fwd.calls[inst]
        _, reverse = self.gen.ctx.split_pair(request)
        args = [self.gen.get(b, a) for a in call_args]
        if request.ret == "out":
            result = self.fwd.call_results[inst]
            dy = self.take(b, result)
            args.append(self.lanes.to_abi(b, dy, result.type) if dy is not None
                        else zero(shadow_type(result.type, self.width)))
        grads = b.call(reverse, [*args, self.gen.tape])
        carry_region(inst, grads, REVERSE)
        outs = [a for a, act in zip(primal_args, request.args) if act == "out"]
        for index, operand in enumerate(outs):
            delta = grads if len(outs) == 1 else b.extractvalue(grads, index)
            self.accumulate(b, operand, self.lanes.from_abi(b, delta, operand.type))

    def custom_call(self, b: Builder, tape: Value) -> None:
        """The program's gradient rule ``grad(args, shadows, [ȳ], [tape])``
        returns the adjoints of the float arguments; those active here are
        accumulated, the others dropped."""
        call = self.fwd.custom_calls[tape]
        fn = call.function
        args = [self.gen.get(b, a) for a in call.args]
        if T.contains_float(fn.return_type) and not fn.return_type.is_pointer:
            dy = self.take(b, call.result)
            args.append(dy if dy is not None else zero(fn.return_type))
        floats = float_params(fn)
        want = T.StructType(tuple(fn.args[k].type for k in floats)) if floats else T.void
        if call.tape is not None:
            args.append(self.gen.get(b, tape))
        grads = call_rule(b, call.gradient, args, want)
        for index, k in enumerate(floats):
            operand = call.primal_args[k]
            if operand in self.gen.slots:
                self.accumulate(b, operand, b.extractvalue(grads, index))

    def phi_edges(self, b: Builder, block, edges) -> None:
        """Send each active phi's adjoint to the incoming value of the edge
        the forward sweep took into ``block``.  ``edges`` pairs each
        predecessor with the i1 that holds when it was the one (None: the
        only one), or with a function building that i1, called the first time
        an adjoint goes that way: a block whose phis send nothing gets no test
        (it was dead code in every such block).  All the adjoints are taken
        before any is sent: phis read their incoming values in parallel, so when
        one phi's incoming value is another phi of the block (``a, b = b, x*b - a``
        in a loop), the adjoint it sends belongs to that phi's previous value, not
        to the one whose adjoint is being taken."""
        adjoints = [(phi, self.take(b, phi)) for phi in block.phis if phi in self.gen.slots]
        tests: dict[BasicBlock, Value] = {}
        for phi, dy in adjoints:
            if dy is None:
                continue  # a register adjoint nothing was added to
            for pred, taken in edges:
                incoming = phi.incoming_value_for(pred)
                if incoming not in self.gen.slots:
                    continue
                if taken is None:
                    self.accumulate(b, incoming, dy)
                    continue
                if not isinstance(taken, Value):
                    if pred not in tests:
                        tests[pred] = taken()
                    taken = tests[pred]
                self.accumulate(b, incoming, b.select(taken, dy, zero(dy.type)))


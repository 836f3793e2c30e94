"""Adjoint rules of the reverse sweep: for an instruction ``y = op(x…)``
with adjoint ``ȳ``, add each operand's share into its adjoint.

Elementwise operations reuse the partials table (``x̄i += ∂y/∂xi · ȳ``);
memory, aggregates, phis and calls have their own rules here.  Every rule
reads primal values through ``gen.get`` (cached or recomputed) and
adjoints through ``take``/``accumulate``.
"""

from __future__ import annotations

from enzyme_opt.ad import gpu
from enzyme_opt.ad.custom_calls import call_rule, float_params
from enzyme_opt.ad.rules import calls
from enzyme_opt.ad.rules.calls import call_kind, math_rule_of
from enzyme_opt.ad.rules.elementwise import elementwise_rule, times_partial
from enzyme_opt.ad.rules.math import Math
from enzyme_opt.ad.utils import leaves
from enzyme_opt.analysis.types import memory_float_types, struct_copy_fields
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.values import ConstantInt, Value, zero

INVERSE_CAST = {"fpext": "fptrunc", "fptrunc": "fpext", "bitcast": "bitcast",
                "addrspacecast": "addrspacecast"}


class AdjointRules:
    def __init__(self, gen):
        self.gen = gen
        self.fwd = gen.forward
        self.gpu = (gen.rev.module.triple or "").startswith(("nvptx", "amdgcn"))

    # -- adjoint slots ---------------------------------------------------------------------
    def take(self, b: Builder, value: Value) -> Value | None:
        """Read and reset the adjoint of ``value`` (None: it has none)."""
        slot = self.gen.slots.get(value)
        if slot is None:
            return None
        adjoint = b.load(value.type, slot, f"{value.name}'" if value.name else "")
        b.store(zero(value.type), slot)
        return adjoint

    def accumulate(self, b: Builder, value: Value, delta: Value) -> None:
        slot = self.gen.slots.get(value)
        if slot is None:
            return
        ty = value.type
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

    def memory_add(self, b: Builder, pointer: Value, delta: Value, align: int | None) -> None:
        """``*pointer += delta`` in shadow memory (atomically on GPUs, where
        other threads may add to the same location)."""
        if self.gpu:
            return gpu.atomic_add(b, pointer, delta, align)
        b.store(b.fadd(b.load(delta.type, pointer, align=align), delta), pointer, align)

    # -- dispatch ----------------------------------------------------------------------------
    def visit(self, b: Builder, inst: I.Instruction) -> None:
        op = inst.opcode
        if inst in self.fwd.calls:
            return self.call(b, inst)
        if inst in self.fwd.custom_calls:
            return self.custom_call(b, inst)
        if inst in self.fwd.heap_shadows:
            return self.free_shadow(b, inst)
        if op in ("fadd", "fsub", "fmul", "fdiv", "frem", "fneg"):
            return self.elementwise(b, inst, op, inst.operands)
        if isinstance(inst, I.CallInst):
            if gpu.is_barrier_call(inst):
                return gpu.mirror_barrier(b, inst)
            kind = call_kind(inst)
            if kind == calls.MATH:
                return self.elementwise(b, inst, math_rule_of(inst.called_function), inst.args)
            if kind == calls.COPY:
                return self.memcpy(b, inst)
            if kind == calls.FILL:
                return self.memset(b, inst)
            raise self.gen.ctx.error(inst, f"no reverse-mode rule for a call to {inst.callee.ref()}")
        handler = getattr(self, "op_" + op, None)
        if handler is None:
            raise self.gen.ctx.error(inst, f"no reverse-mode rule for the '{op}' instruction")
        handler(b, inst)

    def elementwise(self, b: Builder, inst, rule_name: str, operands: list[Value]) -> None:
        """``x̄_k += ∂y/∂x_k · ȳ`` for each active operand."""
        dy = self.take(b, inst)
        if dy is None:
            return
        rule = elementwise_rule(rule_name)
        get = self.gen.get
        needed = set(self.fwd.needs(inst))
        primal = [get(b, o) if o in needed or not isinstance(o, I.Instruction) else None
                  for o in operands]
        result = get(b, inst) if inst in needed else None
        m = Math(b, inst.type)
        for k, operand in enumerate(operands):
            partial_of = rule.partial(k)
            if operand not in self.gen.slots or partial_of is None:
                continue
            partial = partial_of(m, primal, result)
            if partial is not None:
                self.accumulate(b, operand, times_partial(b, partial, dy))

    # -- casts and aggregates ---------------------------------------------------------------
    def _cast(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        source = inst.operand(0)
        if dy is None or source not in self.gen.slots:
            return
        if not source.type.scalar.is_float:
            raise self.gen.ctx.error(inst, f"cannot differentiate through a bitcast from "
                                           f"{source.type} (integer bits holding floats)")
        self.accumulate(b, source, b.cast(INVERSE_CAST[inst.opcode], dy, source.type))

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
        nothing = zero(inst.type)
        self.accumulate(b, inst.operand(1), b.select(cond, dy, nothing))
        self.accumulate(b, inst.operand(2), b.select(cond, nothing, dy))

    def op_extractvalue(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        aggregate = inst.operand(0)
        if dy is None or aggregate not in self.gen.slots:
            return
        spread = b.insert(I.InsertValueInst(zero(aggregate.type), dy, inst.indices))
        self.accumulate(b, aggregate, spread)

    def op_insertvalue(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        if dy is None:
            return
        aggregate, element = inst.operands
        if element in self.gen.slots:
            self.accumulate(b, element, b.insert(I.ExtractValueInst(dy, inst.indices, element.type)))
        if aggregate in self.gen.slots:
            self.accumulate(b, aggregate, b.insert(I.InsertValueInst(dy, zero(element.type), inst.indices)))

    def op_extractelement(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        vector = inst.operand(0)
        if dy is None or vector not in self.gen.slots:
            return
        index = self.gen.get(b, inst.operand(1))
        self.accumulate(b, vector, b.insertelement(zero(vector.type), dy, index))

    def op_insertelement(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        if dy is None:
            return
        vector, element, index_value = inst.operands
        index = self.gen.get(b, index_value)
        if element in self.gen.slots:
            self.accumulate(b, element, b.extractelement(dy, index))
        if vector in self.gen.slots:
            self.accumulate(b, vector, b.insertelement(dy, zero(element.type), index))

    def op_shufflevector(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        if dy is None:
            return
        a, c = inst.operand(0), inst.operand(1)
        n = a.type.count
        parts = {id(a): zero(a.type), id(c): zero(c.type)}
        for lane, source in enumerate(inst.mask):
            if source < 0:
                continue
            operand = a if source < n else c
            index = ConstantInt(T.i32, source % n)
            piece = b.extractelement(dy, ConstantInt(T.i32, lane))
            current = parts[id(operand)]
            old = b.extractelement(current, index)
            parts[id(operand)] = b.insertelement(current, b.fadd(old, piece), index)
        for operand in (a, c):
            if operand in self.gen.slots and (operand is not c or c is not a):
                self.accumulate(b, operand, parts[id(operand)])

    # -- memory -----------------------------------------------------------------------------
    def op_load(self, b: Builder, inst) -> None:
        dy = self.take(b, inst)
        if dy is None or inst.pointer not in self.fwd.shadow:
            return
        if inst.type.is_aggregate:
            raise self.gen.ctx.error(inst, "loads of whole aggregates from active memory are "
                                           "not supported")
        shadow = self.gen.get(b, self.fwd.shadow[inst.pointer])
        self.memory_add(b, shadow, dy, inst.align)

    def op_atomicrmw(self, b: Builder, inst) -> None:
        gpu.reverse_atomic_update(self, b, inst)

    def op_store(self, b: Builder, inst) -> None:
        value = inst.value
        shadow = self.gen.get(b, self.fwd.shadow[inst.pointer])
        if value.type.is_aggregate:
            raise self.gen.ctx.error(inst, "stores of whole aggregates to active memory are "
                                           "not supported")
        if value in self.gen.slots:
            self.accumulate(b, value, b.load(value.type, shadow, align=inst.align))
        b.store(zero(value.type), shadow, inst.align)

    def memcpy(self, b: Builder, inst) -> None:
        """``src̄ += dst̄; dst̄ = 0`` over the copied floats: field by field for
        an annotated struct copy, else over elements of the one float type
        the memory is accessed with."""
        dst_shadow = self.gen.get(b, self.fwd.shadow[inst.arg(0)])
        length = self.gen.get(b, inst.arg(2))
        src = self.fwd.shadow.get(inst.arg(1))
        src_shadow = self.gen.get(b, src) if src is not None else dst_shadow
        has_src = ConstantInt(T.i1, int(src is not None))
        if length.type != T.i64:
            length = b.cast("zext", length, T.i64)
        fields = struct_copy_fields(inst)
        extent = max((offset + size for offset, size, _ in fields), default=0) if fields else 0
        if fields and isinstance(length, ConstantInt) and \
                extent <= length.value < extent + 16:  # one struct, tail padding at most
            for offset, size, ty in fields:
                if ty is None:
                    continue  # integers and pointers carry no adjoint
                at = ConstantInt(T.i64, offset)
                b.call(self.gen.ctx.memcpy_adjoint_helper(ty),
                       [b.byte_gep(dst_shadow, at), b.byte_gep(src_shadow, at),
                        ConstantInt(T.i64, size), has_src])
            return
        types = memory_float_types(inst)
        if len(types) > 1:
            raise self.gen.ctx.error(inst, "cannot differentiate a memcpy of memory that holds "
                                           "both float and double values without type "
                                           "information (compile with -O1 or higher, which "
                                           "annotates struct copies)")
        element = types.pop() if types else T.f64
        b.call(self.gen.ctx.memcpy_adjoint_helper(element),
               [dst_shadow, src_shadow, length, has_src])

    def memset(self, b: Builder, inst) -> None:
        dst_shadow = self.gen.get(b, self.fwd.shadow[inst.arg(0)])
        length = self.gen.get(b, inst.arg(2))
        self.fwd.mem.zero_fill(b, dst_shadow, length if length.type == T.i64 else b.cast("zext", length, T.i64))

    def free_shadow(self, b: Builder, inst) -> None:
        free = self.gen.rev.module.get_or_declare("free", T.FunctionType(T.void, (T.ptr,)))
        b.call(free, [self.gen.get(b, self.fwd.shadow[inst])])

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
            args.append(dy if dy is not None else zero(result.type))
        grads = b.call(reverse, [*args, self.gen.tape])
        outs = [a for a, act in zip(primal_args, request.args) if act == "out"]
        for index, operand in enumerate(outs):
            delta = grads if len(outs) == 1 else b.extractvalue(grads, index)
            self.accumulate(b, operand, delta)

    def custom_call(self, b: Builder, tape: Value) -> None:
        """The program's gradient rule ``grad(args, shadows, [ȳ], tape)``
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
        grads = call_rule(b, call.gradient, [*args, self.gen.get(b, tape)], want)
        for index, k in enumerate(floats):
            operand = call.primal_args[k]
            if operand in self.gen.slots:
                self.accumulate(b, operand, b.extractvalue(grads, index))

    def phi_edges(self, b: Builder, block, edges) -> None:
        """Send each active phi's adjoint to the incoming value of the edge
        the forward sweep took into ``block``.  ``edges`` pairs each
        predecessor with the i1 that holds when it was the one (None: the
        only one)."""
        for phi in block.phis:
            if phi not in self.gen.slots:
                continue
            dy = self.take(b, phi)
            for pred, taken in edges:
                incoming = phi.incoming_value_for(pred)
                if incoming not in self.gen.slots:
                    continue
                if taken is None:
                    self.accumulate(b, incoming, dy)
                else:
                    self.accumulate(b, incoming, b.select(taken, dy, zero(phi.type)))


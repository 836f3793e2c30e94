"""Forward mode: ``fwddiffe<f>`` computes the primal and its tangent.

The primal body is cloned into the new function; then, walking it in
order, each varied instruction gets its tangent code right after it.
Inactive values have a symbolic Zero tangent (``None``), materialized only
where IR needs a value (a phi incoming, a store, a return).  With width W
each tangent is ``[W x T]`` and rules run once per lane.
"""

from __future__ import annotations

from enzyme_opt.abi import request as R
from enzyme_opt.ad.modes import checkpoint_tangent
from enzyme_opt.ad.modes.forward_doubles import halve_doubled_sums
from enzyme_opt.ad.modes.forward_reuse import PrimalMath
from enzyme_opt.ad.parallel import gpu, shuffles
from enzyme_opt.ad.parallel.openmp_prepare import FORK, carry_region
from enzyme_opt.ad.rules.custom_calls import (call_rule, check_forward_rule, forward_rule_type,
                                              has_tangent, no_rule_message)
from enzyme_opt.ad.rules.elementwise import elementwise_rule, splat_partial, times_partial
from enzyme_opt.ad.rules.math import Math
from enzyme_opt.ad.rules.tangents import is_unit, tangent_rule
from enzyme_opt.ad.runtime_activity import RuntimeActivity, forward_copy
from enzyme_opt.ad.sweeps import indirect
from enzyme_opt.ad.sweeps.lanes import Lanes
from enzyme_opt.ad.sweeps.memory import MemoryOps
from enzyme_opt.ad.unread_code import drop_unread_code
from enzyme_opt.ad.utils import PrimalOf, clone_body, split_lanes
from enzyme_opt.analysis.activity import (GlobalReach, active_store_without_shadow, carries_data,
                                          float_from_integer_bits_message, global_shadows,
                                          pointer_from_integer_message, refuse_shadows_in_use,
                                          refuse_tables_of_shadowed_globals, varied_values)
from enzyme_opt.analysis.const_memory import read_back_error
from enzyme_opt.analysis.library import check_library_calls
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.cfg import definition_order
from enzyme_opt.ir.module import Function
from enzyme_opt.ir.types import leaves, shadow_type
from enzyme_opt.ir.values import InlineAsm, Value, zero
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import (call_kind, external_call_message, freed_argument,
                                        math_rule_of, opaque_call_message)
from enzyme_opt.knowledge.declared import custom_rule

#: Opcodes whose tangent is the same operation applied to the tangents
#: (linear structural ops): operand positions that carry data.
STRUCTURAL = {"extractvalue": (0,), "insertvalue": (0, 1), "extractelement": (0,),
              "insertelement": (0, 1), "shufflevector": (0, 1), "fpext": (0,),
              "fptrunc": (0,), "bitcast": (0,), "freeze": (0,), "addrspacecast": (0,)}


def forward_signature(request: R.DiffRequest,
                      shadow_of_type=None) -> tuple[T.FunctionType, list[str]]:
    """Parameters: each primal parameter, followed by its shadow when
    duplicated.  Return: the tangent, ``{primal, tangent}``, the primal, or void.
    ``shadow_of_type(ty, width)`` gives a shadow's type (``ir.types.shadow_type``: W
    lanes; the leaf-node layout has its own)."""
    shadow_of_type = shadow_of_type or shadow_type
    fn = request.function
    params, names = [], []
    for arg, activity in zip(fn.args, request.args):
        params.append(arg.type)
        names.append(arg.name)
        if activity in (R.DUP, R.DUPNONEED):
            params.append(shadow_of_type(arg.type, request.width))
            names.append(f"{arg.name}'" if arg.name else "")
    ret = fn.return_type
    tangent = shadow_of_type(ret, request.width) if request.ret == R.DUP else None
    if tangent is not None and request.return_primal:
        out = T.StructType((ret, tangent))
    elif tangent is not None:
        out = tangent
    elif request.return_primal:
        out = ret
    else:
        out = T.void
    return T.FunctionType(out, tuple(params)), names


class ForwardGenerator:
    def __init__(self, ctx, request: R.DiffRequest, out: Function):
        self.ctx = ctx
        self.request = request
        self.out = out
        self.width = request.width
        self.lanes = Lanes(request.width)
        self.tangent: dict[Value, Value | None] = {}
        self.mem = MemoryOps(out.module)
        #: the run-time checks of shadows that may be constant data (``ad/runtime_activity.py``)
        self.runtime = RuntimeActivity(ctx.runtime_activity, out, self.fail)

    # -- driver ----------------------------------------------------------------
    def run(self) -> None:
        primal = self.request.function
        vmap: dict[Value, Value] = {}
        params = iter(self.out.args)
        active_args = set()
        shadows = {}
        for arg, activity in zip(primal.args, self.request.args):
            new = next(params)
            vmap[arg] = new
            if activity in (R.DUP, R.DUPNONEED):
                shadows[new] = next(params)
                active_args.add(new)
        #: the primal value each copy here came from (for questions to analysis.pointees)
        self.primal_of = PrimalOf(clone_body(primal, self.out, vmap, R.FORWARD))
        #: the math calls the primal makes, for rules that need one of them (sin' = cos)
        self.primal_math = PrimalMath(self.out)
        globals_with_shadow = global_shadows(self.out.module, self.request.context,
                                             self.width)
        refuse_tables_of_shadowed_globals(self.out, globals_with_shadow, self.ctx)
        refuse_shadows_in_use(self.out, self.ctx)
        shadows.update(globals_with_shadow)
        #: callees whose call trees touch a global with a shadow (activity.GlobalReach)
        self.reaches_shadowed_globals = GlobalReach(globals_with_shadow)
        self.varied = varied_values(self.out, active_args | set(globals_with_shadow))
        check_library_calls(self.out, self.varied, self.fail)
        shadows.update(indirect.function_shadows(self.out.module, self.width))
        entry = Builder().at_start(self.out.entry)
        for arg, shadow in shadows.items():
            self.tangent[arg] = self.lanes.from_abi(entry, shadow, arg.type)
        self.phis: list[tuple[I.PhiInst, I.PhiInst]] = []
        primal_code = {inst for block in self.out.blocks for inst in block.instructions}
        read_back = read_back_error(self.out, self.varied, shadows, self.ctx, self.primal_of)
        for block in definition_order(self.out):
            for inst in list(block.instructions):
                self.visit(inst)
        if read_back is not None:
            raise read_back
        for primal_phi, tangent_phi in self.phis:
            self.fill_phi(primal_phi, tangent_phi)
        if self.ctx.reuse:   # exact (ad/modes/forward_doubles.py); --no-reuse: the rules' form
            halve_doubled_sums(self.out, primal_code)
            drop_unread_code(self.out)   # libm's errno too (ad/unread_code.py)

    def t(self, value: Value) -> Value | None:
        """The tangent of ``value``: None is the symbolic Zero."""
        return self.tangent.get(value)

    def materialize(self, value: Value) -> Value:
        t = self.t(value)
        return t if t is not None else self.lanes.zero(value.type)

    def kept(self, b: Builder, value: Value) -> Value:
        """``materialize``, but a pointer without a shadow going into memory, a phi or a
        select is its own shadow under run-time activity (``ad/runtime_activity.py``)."""
        if self.t(value) is not None or not self.runtime.enabled or \
                not T.contains_pointer(value.type):
            return self.materialize(value)
        own = value
        if T.contains_float(value.type):  # a struct of both: zero floats, its own pointers
            own = zero(value.type)
            for path, leaf in leaves(value.type):
                if leaf.scalar.is_pointer:
                    field = b.insert(I.ExtractValueInst(value, path, leaf))
                    own = b.insert(I.InsertValueInst(own, field, path))
        return self.lanes.join(b, [own] * self.width, value.type)

    def fail(self, inst: I.Instruction, what: str) -> DifferentiationError:
        return self.ctx.error(inst, what)

    def chooses_function_tables(self, inst: I.Instruction) -> bool:
        """A select or phi of functions (``which ? f : g``), varied or not, whose tangent is
        the choice among their tables (``ad/sweeps/indirect.py``), for memory it is stored in."""
        return inst.opcode in ("select", "phi") and inst.type.is_pointer and any(
            self.t(o) is not None for o in inst.operands
            if isinstance(o, Function) or (inst.opcode == "select" and o is not inst.operand(0)))

    # -- visiting ------------------------------------------------------------------
    def visit(self, inst: I.Instruction) -> None:
        op = inst.opcode
        if op == "ret":
            return self.visit_ret(inst)
        if op in ("store", "call", "invoke", "atomicrmw", "cmpxchg"):
            return getattr(self, "visit_" + op)(inst)
        if op in ("inttoptr", "bitcast"):
            problem = (pointer_from_integer_message(inst, self.tangent) if op == "inttoptr"
                       else float_from_integer_bits_message(inst, self.tangent, self.tangent))
            if problem:
                raise self.fail(inst, problem)
        if inst not in self.varied and not self.chooses_function_tables(inst):
            return
        b = Builder().after(inst)
        if op == "phi":
            return self.visit_phi(inst, b)
        if op in ("fadd", "fsub", "fmul", "fdiv", "frem", "fneg"):
            return self.apply_elementwise(inst, op, inst.operands, b)
        if op in STRUCTURAL:
            return self.visit_structural(inst, b)
        handler = getattr(self, "visit_" + op, None)
        if handler is None:
            if carries_data(inst.type):
                raise self.fail(inst, f"no forward-mode rule for the '{op}' instruction")
            return
        handler(inst, b)

    def apply_elementwise(self, inst, rule_name: str, operands: list[Value], b: Builder) -> None:
        """``ẏ = Σ ∂y/∂x_k · ẋ_k`` over the operands that have tangents."""
        tangents = [self.t(o) for o in operands]
        if all(t is None for t in tangents):
            return
        special = tangent_rule(rule_name)
        if special is not None:
            return self.apply_tangent_rule(inst, special, operands, tangents, b)
        rule = elementwise_rule(rule_name)
        m = Math(b, inst.type, known=self.primal_math)
        partials = [None if t is None or rule.partial(k) is None else rule.partial(k)(m, operands, inst)
                    for k, t in enumerate(tangents)]
        if self.lanes.vectorized(inst.type):
            # All W tangents at once: ẏ = Σ splat(∂y/∂x_k) · ẋ_k on <W x T>.
            total = None
            for partial, dx in zip(partials, tangents):
                if partial is None or dx is None:
                    continue
                term = times_partial(b, splat_partial(self.lanes, b, partial), dx)
                total = term if total is None else b.fadd(total, term)
            self.tangent[inst] = total if total is not None else self.lanes.zero(inst.type)
            if total is not None and total.name == "":
                total.name = self.name(inst)
            return
        lanes_in = [self.lanes.split(b, t, o.type) for t, o in zip(tangents, operands)]
        lanes_out = []
        for lane in range(self.width):
            total = None
            for partial, lanes in zip(partials, lanes_in):
                dx = lanes[lane]
                if partial is None or dx is None:
                    continue
                term = times_partial(b, partial, dx)
                total = term if total is None else b.fadd(total, term)
            lanes_out.append(total if total is not None else zero(inst.type))
        self.tangent[inst] = self.lanes.join(b, lanes_out, inst.type, self.name(inst))

    def apply_tangent_rule(self, inst, rule, operands: list[Value], tangents: list, b: Builder) -> None:
        """``ẏ`` by a rule of ``rules.tangents``: once on ``<W x T>`` (operands and result
        splatted) when the tangents travel as one vector, else once per lane."""
        unit = is_unit(operands[0])
        if self.lanes.vectorized(inst.type):
            m = Math(b, self.lanes.type(inst.type))
            x = [self.lanes.splat(b, o) for o in operands]
            total = rule(m, x, self.lanes.splat(b, inst), tangents, unit)
            total.name = self.name(inst)
            self.tangent[inst] = total
            return
        m = Math(b, inst.type)
        lanes_in = [self.lanes.split(b, t, o.type) for t, o in zip(tangents, operands)]
        lanes_out = [rule(m, operands, inst, [lanes[lane] for lanes in lanes_in], unit)
                     for lane in range(self.width)]
        self.tangent[inst] = self.lanes.join(b, lanes_out, inst.type, self.name(inst))

    def name(self, value: Value) -> str:
        return f"{value.name}'" if value.name else ""

    def visit_structural(self, inst: I.Instruction, b: Builder) -> None:
        """The same operation on the tangents of the data operands."""
        from enzyme_opt.ir.clone import clone_instruction
        positions = STRUCTURAL[inst.opcode]
        if all(self.t(inst.operand(p)) is None for p in positions):
            return
        if inst.opcode == "bitcast" and not carries_data(inst.operand(0).type) and \
                self.t(inst.operand(0)) is None:
            return
        lanes = {p: self.lanes.split(b, self.kept(b, inst.operand(p)), inst.operand(p).type)
                 for p in positions}
        out = []
        for lane in range(self.width):
            vmap = {inst.operand(p): lanes[p][lane] for p in positions}
            copy = clone_instruction(inst, vmap)
            copy.name = ""
            copy.metadata = ()
            out.append(b.insert(copy))
        self.tangent[inst] = self.lanes.join(b, out, inst.type, self.name(inst))
        if self.width == 1:
            out[0].name = self.name(inst)

    def visit_select(self, inst: I.SelectInst, b: Builder) -> None:
        cond, x, y = inst.operands
        if self.t(x) is None and self.t(y) is None:
            return
        if T.contains_pointer(inst.type):
            for value in (x, y):
                self.runtime.check_merge(self.ctx, inst, value, self.tangent)
        if self.lanes.vectorized(inst.type) and not cond.type.is_vector:
            self.tangent[inst] = b.select(cond, self.kept(b, x), self.kept(b, y),
                                          self.name(inst))
            return
        tx = self.lanes.split(b, self.kept(b, x), x.type)
        ty = self.lanes.split(b, self.kept(b, y), y.type)
        out = [b.select(cond, tx[k], ty[k]) for k in range(self.width)]
        self.tangent[inst] = self.lanes.join(b, out, inst.type, self.name(inst))
        if self.width == 1:
            out[0].name = self.name(inst)

    def visit_phi(self, inst: I.PhiInst, b: Builder) -> None:
        phi = b.phi(self.lanes.type(inst.type), self.name(inst))
        self.tangent[inst] = phi
        self.phis.append((inst, phi))

    def fill_phi(self, primal: I.PhiInst, tangent: I.PhiInst) -> None:
        if T.contains_pointer(primal.type):
            for value in primal.operands[0::2]:
                self.runtime.check_merge(self.ctx, primal, value, self.tangent)
        tangent.set_incoming([(self.kept(Builder().before_terminator(block), v), block)
                              for v, block in primal.incoming])

    def visit_getelementptr(self, inst: I.GEPInst, b: Builder) -> None:
        base = self.t(inst.pointer)
        if base is None:
            return
        out = []
        for lane_base in self.lanes.split(b, base, inst.type):
            out.append(b.gep(inst.source_type, lane_base, inst.indices, flags=inst.flags))
        self.tangent[inst] = self.lanes.join(b, out, inst.type, self.name(inst))
        if self.width == 1:
            out[0].name = self.name(inst)

    def visit_alloca(self, inst: I.AllocaInst, b: Builder) -> None:
        lanes = []
        for _ in range(self.width):
            shadow = b.alloca(inst.allocated_type, self.name(inst), inst.align, inst.count)
            self.mem.zero_fill(b, shadow, self.mem.alloca_size(b, inst), inst.align or 1)
            lanes.append(shadow)
        self.tangent[inst] = self.lanes.join(b, lanes, inst.type)

    def visit_load(self, inst: I.LoadInst, b: Builder) -> None:
        shadow = self.t(inst.pointer)
        if shadow is None:
            return
        if inst.ordering:
            raise self.fail(inst, "atomic loads of active memory are not supported")
        out = []
        for lane_ptr in split_lanes(b, shadow, self.width):
            loaded = b.load(inst.type, lane_ptr, self.name(inst) if self.width == 1 else "",
                            inst.align)
            out.append(self.runtime.read(b, inst, lane_ptr, inst.pointer, loaded))
        self.tangent[inst] = self.lanes.join(b, out, inst.type, self.name(inst))

    def visit_store(self, inst: I.StoreInst) -> None:
        shadow = self.t(inst.pointer)
        if shadow is None:
            problem = active_store_without_shadow(inst, self.varied, self.tangent)
            if problem:
                raise self.fail(inst, problem)
            return
        if inst.ordering:
            raise self.fail(inst, "atomic stores to active memory are not supported")
        if not checkpoint_tangent.regions_array(inst.pointer):
            self.runtime.check_store(self.ctx, inst, self.tangent, self.primal_of)
        b = Builder().after(inst)
        if self.t(inst.value) is not None and T.contains_float(inst.value.type):
            self.runtime.stop_lost_derivative(b, split_lanes(b, shadow, self.width),
                                              inst.pointer, self.ctx.where(inst))
        values = self.lanes.split(b, self.kept(b, inst.value), inst.value.type)
        for lane_ptr, value in zip(split_lanes(b, shadow, self.width), values):
            target = self.runtime.target(b, lane_ptr, inst.pointer, inst.value.type)
            b.store(value, target, inst.align)

    def visit_atomicrmw(self, inst) -> None:
        shadow = self.t(inst.operand(0))
        if shadow is not None and inst.type.scalar.is_float:
            gpu.check_atomic_update(inst, self.fail)
            self.runtime.refuse(inst, f"an atomic {inst.opcode}", inst.operand(0))
            if self.width > 1:
                raise self.fail(inst, "atomic adds on active memory in vector forward mode are "
                                      "not supported yet")
            gpu.forward_atomic_update(Builder().after(inst), inst, shadow, self.t(inst.operand(1)))

    visit_cmpxchg = visit_atomicrmw

    def visit_ret(self, inst: I.ReturnInst) -> None:
        request = self.request
        b = Builder().before(inst)
        value = inst.value
        if request.ret == R.DUP and request.return_primal:
            agg = b.insertvalue(zero(self.out.return_type), value, 0)
            result = b.insertvalue(agg, self.lanes.to_abi(b, self.materialize(value), value.type), 1)
        elif request.ret == R.DUP:
            result = self.lanes.to_abi(b, self.materialize(value), value.type)
        elif request.return_primal:
            result = value
        else:
            result = None
        b.ret(result)
        inst.erase()

    # -- calls -----------------------------------------------------------------------
    def visit_invoke(self, inst) -> None:
        if any(self.t(a) is not None for a in inst.args):
            raise self.fail(inst, "invoke (a call that may throw) with active arguments "
                                  "is not supported")

    def visit_call(self, inst: I.CallInst) -> None:
        kind = call_kind(inst)
        fn, args = inst.called_function, inst.args
        active = any(self.t(a) is not None for a in args)
        b = Builder().after(inst)
        if kind == calls.OPAQUE:
            if active and isinstance(inst.callee, InlineAsm):
                raise self.fail(inst, opaque_call_message(inst))
            if active:
                table = indirect.table_for(Builder().before(inst), self.out.module, inst,
                                           self.t(inst.callee), self.width)
                problem = indirect.refusal(inst, self.width, lambda v: self.t(v) is not None
                                           or (v is inst.callee and table is not None))
                if problem:
                    raise self.fail(inst, problem)
                indirect.forward(self, inst, table, self.ctx.where(inst))
        elif kind == calls.COPY and self.runtime.enabled:
            forward_copy(self, b, inst)
        elif kind == calls.COPY:
            self.mem.forward_memcpy(b, inst, self.t(args[0]), self.t(args[1]), self.width)
        elif kind == calls.FILL:
            length = self.runtime.length
            self.mem.forward_memset(b, inst, self.t(args[0]), self.width,
                                    lambda b, lane, n: length(b, lane, args[0], n))
        elif kind == calls.ALLOCATE:
            if fn.name == "realloc":
                self.runtime.refuse(inst, "a realloc", args[0])
            old = self.t(args[0]) if fn.name == "realloc" else None
            self.tangent[inst] = self.mem.shadow_allocation(b, inst, old, self.width)
        elif kind == calls.FREE:
            index = freed_argument(fn)
            shadow = self.t(args[index])
            if shadow is not None:
                for lane in split_lanes(b, shadow, self.width):
                    if self.runtime.may_be_constant(args[index]):  # free(NULL) for constant data
                        lane = b.select(self.runtime.is_constant(b, lane, args[index]),
                                        zero(lane.type), lane)
                    b.call(fn, [lane if i == index else a for i, a in enumerate(args)])
        elif kind == calls.TAPE and active:
            self.mirror_tape_call(inst, b)
        elif kind == calls.MATH:
            if inst in self.varied:
                self.apply_elementwise(inst, math_rule_of(fn), args, b)
        elif kind == calls.SHUFFLE and self.t(args[1]) is not None:
            shuffles.check_shuffle(inst, self.fail)
            lanes = [shuffles.forward_shuffle(b, inst, lane)
                     for lane in self.lanes.split(b, self.t(args[1]), inst.type)]
            self.tangent[inst] = self.lanes.join(b, lanes, inst.type, self.name(inst))
        elif kind == calls.EXTERNAL and active:
            raise self.fail(inst, external_call_message(fn.name))
        elif kind == calls.CUSTOM and active:
            rule = custom_rule(fn, R.FORWARD)
            if rule is not None:
                self.call_custom_derivative(inst, fn, rule[0])
            elif fn.is_declaration:
                raise self.fail(inst, no_rule_message(fn, "forward mode"))
            else:
                self.call_derivative(inst, fn, b)  # as Enzyme: only the forward rule counts
        elif kind == calls.DEFINED and active and checkpoint_tangent.is_driver(fn):
            checkpoint_tangent.tangent_driver_call(self, inst)
        elif kind == calls.DEFINED and (active or inst in self.varied
                                        or self.reaches_shadowed_globals(fn)):
            self.call_derivative(inst, fn, b)

    def derivative_request(self, request: R.DiffRequest) -> R.DiffRequest:
        """The request for a callee's derivative (a layout may adjust it)."""
        return request

    def mirror_tape_call(self, inst: I.CallInst, b: Builder) -> None:
        """Differentiating a derivative: beside its tape runs a shadow tape
        holding the tangents of the recorded values, driven by the same
        helper calls (the shadow tape in place of the tape)."""
        shadows = [split_lanes(b, self.t(arg), self.width) for arg in inst.args]
        lanes = []
        for lane in range(self.width):
            args = [lanes[lane] if lanes[0] is not None else arg
                    for arg, lanes in zip(inst.args, shadows)]
            lanes.append(b.call(inst.called_function, args))
        if inst.type != T.void:
            self.tangent[inst] = self.lanes.join(b, lanes, inst.type, self.name(inst))

    def call_custom_derivative(self, inst: I.CallInst, fn: Function, rule: Function) -> None:
        """The program's rule ``rule(x, ẋ, …) → {y, ẏ}`` replaces the call:
        the primal runs once, inside the rule."""
        check_forward_rule(rule, fn, self.width, self.ctx.where(inst))
        b = Builder().before(inst)
        args = []
        for arg, param in zip(inst.args, fn.args):
            args.append(arg)
            if has_tangent(param.type):
                if self.t(arg) is not None and param.type.is_pointer:
                    self.runtime.refuse(inst, f"a call of @{fn.name}, which has a custom "
                                              f"derivative,", arg)
                tangent = self.t(arg)
                args.append(self.lanes.to_abi(b, tangent, arg.type) if tangent is not None
                            else zero(shadow_type(arg.type, self.width)))
        ret_type = forward_rule_type(fn, self.width).ret
        result = call_rule(b, rule, args, ret_type)
        if fn.return_type != T.void:
            primal = b.extractvalue(result, 0, inst.name)
            tangent = b.extractvalue(result, 1, self.name(inst))
            inst.replace_all_uses_with(primal)
            self.tangent[primal] = self.lanes.from_abi(b, tangent, inst.type)
            self.varied.add(primal)
        inst.erase()

    def call_derivative(self, inst: I.CallInst, fn: Function, b: Builder) -> None:
        """Replace the call by one to ``fwddiffe<g>``, which computes the primal too."""
        activities = tuple(R.DUP if self.t(a) is not None else R.CONST for a in inst.args)
        returns_data = carries_data(fn.return_type) and inst in self.varied
        request = self.derivative_request(R.DiffRequest(
            self.ctx.preprocessed(fn), R.FORWARD, self.width, activities,
            R.DUP if returns_data else ("none" if fn.return_type == T.void else R.CONST),
            return_primal=fn.return_type != T.void, context=self.request.context))
        callee = self.ctx.derivative(request)
        b = Builder().before(inst)
        call_args = []
        for arg, activity in zip(inst.args, activities):
            call_args.append(arg)
            if activity == R.DUP:
                call_args.append(self.lanes.to_abi(b, self.t(arg), arg.type))
        result = b.call(callee, call_args)
        carry_region(inst, result, FORK)
        if request.ret == R.DUP:
            primal = b.extractvalue(result, 0)
            tangent = b.extractvalue(result, 1, self.name(inst))
            self.tangent[primal] = self.lanes.from_abi(b, tangent, inst.type)
            self.varied.add(primal)
        else:
            primal = result
        if fn.return_type != T.void:
            inst.replace_all_uses_with(primal)
            primal.name = inst.name
        inst.erase()

"""The augmented forward sweep ``augmented_<f>``: the primal, the shadow
pointers and allocations the reverse sweep will use, calls to the
augmented forms of callees, and at the end of every block a tape record
of the values that block's reverse needs (where and how: ``ad/sweeps/records.py``,
whose ``RecordPlanner`` this builder is).

Which values are cached: the reverse of each active instruction names the
primal values it needs (``needs``, in ``ad/sweeps/needs.py``, whose ``ReverseNeeds``
this builder is too); cheap pure values (address arithmetic, integer ops, casts,
compares) are recomputed in the reverse sweep from their operands instead, so only
loads, phis, call results and floating arithmetic that rules need are written to
the tape.
"""

from __future__ import annotations

from dataclasses import dataclass

from enzyme_opt.abi import request as R
from enzyme_opt.ad.parallel import gpu, shuffles
from enzyme_opt.ad.parallel.openmp_prepare import AUGMENTED, carry_region
from enzyme_opt.ad.rules.custom_calls import (call_rule, check_augment_rule, check_gradient_rule,
                                              no_rule_message)
from enzyme_opt.ad.runtime_activity import RuntimeActivity
from enzyme_opt.ad.sine_cosine import add_partner_calls, has_sincos
from enzyme_opt.ad.sweeps import indirect, reallocs
from enzyme_opt.ad.sweeps.gradient_log import log_hook
from enzyme_opt.ad.sweeps.lanes import Lanes
from enzyme_opt.ad.sweeps.memory import CopyShadows, MemoryOps, heap_allocate_locals
from enzyme_opt.ad.sweeps.needs import ReverseNeeds
from enzyme_opt.ad.sweeps.openmp.ranges import record_ranges
from enzyme_opt.ad.sweeps.records import RecordPlanner
from enzyme_opt.ad.sweeps.tape import mirror_on_shadow_tape, shadow_tapes_supported
from enzyme_opt.ad.utils import PrimalOf, clone_body, join_lanes, split_lanes
from enzyme_opt.analysis.activity import (GlobalReach, active_store_without_shadow, carries_data,
                                          float_from_integer_bits_message, global_shadows,
                                          pointer_from_integer_message, refuse_shadows_in_use,
                                          refuse_tables_of_shadowed_globals, useful_values,
                                          varied_values)
from enzyme_opt.analysis.const_memory import read_back_error
from enzyme_opt.analysis.library import check_library_calls
from enzyme_opt.analysis.memory import writes_only_local_memory
from enzyme_opt.analysis.settled_locals import settled_locals
from enzyme_opt.analysis.types import underlying_object
from enzyme_opt.demangle import user_name
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.cfg import CFG, definition_order
from enzyme_opt.ir.dead_code import erase_unused
from enzyme_opt.ir.module import BasicBlock, Function, GlobalVariable
from enzyme_opt.ir.types import shadow_type
from enzyme_opt.ir.values import Argument, InlineAsm, Value, zero
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind, external_call_message, opaque_call_message
from enzyme_opt.knowledge.declared import custom_rule

#: what a shadow address is built of (``erase_unused_shadows``): pure, erasable when unused
_ADDRESS_CLASSES = (I.GEPInst, I.CastInst, I.InsertValueInst, I.ExtractValueInst)


@dataclass(eq=False)
class CustomCall:
    """A call replaced by the program's augmented forward pass."""

    function: Function
    gradient: Function
    args: list[Value]           # the augmented pass's arguments (primals and shadows)
    primal_args: list[Value]    # the original call's arguments
    tape: Value | None          # what the augmented pass returned for the gradient (None: void)
    result: Value | None        # the primal result, standing for the call


class AugmentedBuilder(CopyShadows, ReverseNeeds, RecordPlanner):
    def __init__(self, ctx, request: R.DiffRequest, out: Function):
        self.ctx = ctx
        self.request = request
        self.out = out
        self.width = request.width
        self.lanes = Lanes(request.width)
        self.mem = MemoryOps(out.module)
        self.shadow: dict[Value, Value] = {}
        #: augmented call → (its request, its arguments with shadows, the primal arguments)
        self.calls: dict[I.CallInst, tuple[R.DiffRequest, list[Value], list[Value]]] = {}
        self.heap_shadows: set[Value] = set()
        #: realloc of active memory → the float type its adjoints move back as
        self.reallocs: dict[I.CallInst, T.Type] = {}
        #: pointer phis and their shadow phis, whose incomings are filled last
        self.shadow_phis: list[tuple[I.PhiInst, I.PhiInst]] = []
        #: augmented call → the value standing for the primal call's result
        self.call_results: dict[I.CallInst, Value] = {}
        #: the tape a custom augmented pass returned → how to call its gradient
        self.custom_calls: dict[Value, CustomCall] = {}
        self.custom_results: set[Value] = set()
        #: the tape of a call through a function pointer → the call (``indirect.py``)
        self.indirect_calls: dict[Value, indirect.IndirectCall] = {}
        self.records: dict[BasicBlock, list[Value]] = {}
        #: where each block's record sits in the call's one frame, if it has one
        #: (``fits_one_frame``), and the frame's size (0: records are pushed per block)
        self.frame_offsets: dict[BasicBlock, int] = {}
        self.frame_size = 0
        self.came_from: dict[BasicBlock, Value] = {}
        self.counted: dict = {}
        self.loop_counts: set = set()
        self.inductions: dict = {}
        self.float_recompute: set[Value] = set()
        #: math call → the primal call its partial reuses (``partner_of``)
        self.partners: dict[Value, Value | None] = {}
        #: memos of ``needs`` and ``needs_reverse``
        self.needed: dict[I.Instruction, list[Value]] = {}
        self.reverse_needed: dict[I.Instruction, bool] = {}
        #: memo of is_recomputable (cleared when float_recompute grows)
        self.recomputable: dict[Value, bool] = {}
        self.pred_index: dict[BasicBlock, dict[BasicBlock, int]] = {}
        self.on_gpu = gpu.is_gpu_module(out.module)
        #: False under --no-reuse: everything the reverse sweep reads is taped
        #: (``Context.reuse``)
        self.reuse = ctx.reuse
        #: a later round differentiates this derivative again (reverse over
        #: reverse): recompute math outside loops so no tape is needed there
        self.differentiated_again = ctx.differentiated_again
        #: the run-time checks of shadows that may be constant data (``ad/runtime_activity.py``)
        self.runtime = RuntimeActivity(ctx.runtime_activity, out, self.fail)
        #: the program's enzymeLogGrad takes each logged operation's result and operands,
        #: which the reverse sweep must then have (``gradient_log.py``)
        hook = log_hook(out.module) if self.width == 1 else None
        self.logs_values = hook is not None and hook.with_values

    # -- driver --------------------------------------------------------------------
    def run(self) -> None:
        primal = self.request.function
        params = iter(self.out.args)
        vmap: dict[Value, Value] = {}
        active: set[Value] = set()
        self.primal_args: list[Argument] = []
        for arg, activity in zip(primal.args, self.request.args):
            new = next(params)
            vmap[arg] = new
            self.primal_args.append(new)
            if activity in (R.DUP, R.DUPNONEED):
                self.shadow[new] = next(params)
                active.add(new)
            elif activity == R.OUT:
                active.add(new)
        self.tape = next(params)
        #: the primal value each copy here came from (for questions to analysis.pointees)
        self.primal_of = PrimalOf(clone_body(primal, self.out, vmap, R.REVERSE))
        #: local variables a rerun loop is given or the reverse sweep re-reads, now
        #: malloc'd: the reverse frees them; the latter's loads are re-read
        settled = settled_locals(self.out) if self.reuse and not self.on_gpu \
            and not self.differentiated_again else frozenset()
        self.heap_primals, self.settled_memory = heap_allocate_locals(self.out, settled)
        globals_with_shadow = global_shadows(self.out.module, self.request.context,
                                             self.width)
        refuse_tables_of_shadowed_globals(self.out, globals_with_shadow, self.ctx)
        refuse_shadows_in_use(self.out, self.ctx)
        self.shadow.update(globals_with_shadow)
        #: callees whose call trees touch a global with a shadow (activity.GlobalReach)
        self.reaches_shadowed_globals = GlobalReach(globals_with_shadow)
        self.varied = varied_values(self.out, active | set(globals_with_shadow))
        self.useful = useful_values(self.out, self.varied)
        check_library_calls(self.out, self.varied, self.fail)
        self.shadow.update(indirect.function_shadows(self.out.module, self.width))
        read_back = read_back_error(self.out, self.varied, self.shadow, self.ctx, self.primal_of)
        for block in definition_order(self.out):
            for inst in list(block.instructions):
                self.visit(inst)
        if read_back is not None:
            raise read_back
        for phi, shadow in self.shadow_phis:
            for value in phi.operands[0::2]:
                self.runtime.check_merge(self.ctx, phi, value, self.shadow)
            shadow.set_incoming([(self.kept_shadow(Builder().before_terminator(blk), v), blk)
                                 for v, blk in phi.incoming])
        if self.request.ret == R.DUP:
            self.return_shadow()
        self.add_sine_cosine_partners()
        self.adjoint_values = [v for v in (*self.primal_args, *self.out.instructions())
                               if self.is_active(v)]
        self.cfg = CFG(self.out)
        self.write_records()
        record_ranges(self)  # an OpenMP region's intervals of shadow bytes (openmp/ranges.py)

    def add_sine_cosine_partners(self) -> None:
        """``cos(x)`` beside an active ``sin(x)`` whose value the reverse sweep reads (so
        tapes), and the reverse reads the partial too: one ``sincos`` call computes both
        (``ad/sine_cosine.add_partner_calls``).  On glibc only, not on GPUs, not under
        ``--no-reuse``, not where a later round differentiates this again."""
        if not self.reuse or self.on_gpu or self.differentiated_again or self.logs_values \
                or not has_sincos(self.out.module.triple):
            return
        def read_by_reverse(call) -> bool:  # noqa: E306
            return self.is_active(call) and any(
                self.needs_reverse(user) and call in self.needs(user) for user in call.users)
        for call in add_partner_calls(self.out, read_by_reverse):
            self.needed.pop(call, None)
        self.partners.clear()   # asked before the partners were there

    def erase_unused_shadows(self) -> None:
        """Once the reverse sweep is built, drop the shadow addresses nothing used.  Every
        address a shadow pointer gets is made here as its primal's is made, in case the
        forward sweep stores through it, passes it on or tapes it; where it only loads,
        the reverse sweep rebuilds the address itself, and the copy here was dead code in
        the output (a third of the augmented sweeps' address arithmetic in a benchmark)."""
        erase_unused(self.shadow.values(), lambda inst: inst.__class__ in _ADDRESS_CLASSES
                     and inst.function is self.out)

    def return_shadow(self) -> None:
        """A duplicated (pointer) return comes back as ``{primal, shadow}``."""
        for inst in list(self.out.instructions()):
            if isinstance(inst, I.ReturnInst):
                b = Builder().before(inst)
                value = inst.value
                pair = b.insertvalue(zero(self.out.return_type), value, 0)
                pair = b.insertvalue(pair, self.shadow_of(value), 1)
                b.ret(pair)
                inst.erase()

    def shadow_of(self, value: Value) -> Value:
        """The shadow of a pointer (null in every lane when it has none)."""
        shadow = self.shadow.get(value)
        return shadow if shadow is not None else zero(shadow_type(value.type, self.width))

    def kept_shadow(self, b: Builder, value: Value) -> Value:
        """The shadow of a pointer going into shadow memory (or a phi, a select): with
        run-time activity, a pointer without one is its own (``ad/runtime_activity.py``)."""
        shadow = self.shadow.get(value)
        if shadow is not None or not self.runtime.enabled:
            return self.shadow_of(value)
        return join_lanes(b, [value] * self.width, value.type, self.width)

    def each_lane(self, b: Builder, shadow: Value, make, name: str = "") -> Value:
        """``make(lane pointer)`` for every lane of a shadow, joined again."""
        lanes = [make(lane) for lane in split_lanes(b, shadow, self.width)]
        return join_lanes(b, lanes, lanes[0].type, self.width, name)

    def is_active(self, value: Value) -> bool:
        """Does ``value`` get an adjoint?  Varied, useful, and holding floats."""
        return value in self.varied and value in self.useful and T.contains_float(value.type)

    def fail(self, inst, message: str) -> DifferentiationError:
        return self.ctx.error(inst, message)

    # -- forward sweep: shadows and augmented calls ------------------------------------------
    def visit(self, inst: I.Instruction) -> None:
        op = inst.opcode
        b = Builder().after(inst)
        name = f"{inst.name}'" if inst.name else ""
        if op in ("getelementptr", "bitcast", "addrspacecast") and inst.operand(0) in self.shadow \
                and inst.type.scalar.is_pointer:
            from enzyme_opt.ir.clone import clone_instruction

            def derive(lane: Value) -> Value:
                copy = clone_instruction(inst, {inst.operand(0): lane})
                copy.name = name if self.width == 1 else ""
                copy.metadata = ()
                return b.insert(copy)
            self.shadow[inst] = self.each_lane(b, self.shadow[inst.operand(0)], derive, name)
        elif op == "select" and T.contains_pointer(inst.type) and \
                (inst.operand(1) in self.shadow or inst.operand(2) in self.shadow):
            c, x, y = inst.operands
            for value in (x, y):
                self.runtime.check_merge(self.ctx, inst, value, self.shadow)
            self.shadow[inst] = b.select(c, self.kept_shadow(b, x), self.kept_shadow(b, y), name)
        elif op == "phi" and T.contains_pointer(inst.type) and (inst in self.varied or any(
                isinstance(v, Function) and v in self.shadow for v in inst.operands)):
            shadow = b.phi(shadow_type(inst.type, self.width), name)
            self.shadow[inst] = shadow
            self.shadow_phis.append((inst, shadow))
        elif op in ("extractvalue", "insertvalue") and T.contains_pointer(inst.operand(0).type):
            self.aggregate_shadow(b, inst, name)
        elif op == "alloca" and inst in self.varied:
            size = self.mem.alloca_size(b, inst)
            lanes = [self.heap_shadow(b, inst, size) for _ in range(self.width)]
            self.shadow[inst] = join_lanes(b, lanes, T.ptr, self.width, name)
        elif op == "load" and inst.type.is_pointer and inst.pointer in self.shadow:
            self.shadow[inst] = self.each_lane(
                b, self.shadow[inst.pointer],
                lambda lane: b.load(T.ptr, lane, name if self.width == 1 else "", inst.align), name)
        elif op == "load" and T.contains_pointer(inst.type) and inst.pointer in self.shadow:
            self.shadow[inst] = self.each_lane(
                b, self.shadow[inst.pointer],
                lambda lane: b.load(inst.type, lane, name if self.width == 1 else "", inst.align),
                name)
        elif op == "store" and inst.value.type.is_pointer and inst.pointer in self.shadow:
            self.runtime.check_store(self.ctx, inst, self.shadow, self.primal_of)
            values = split_lanes(b, self.kept_shadow(b, inst.value), self.width)
            for lane, value in zip(split_lanes(b, self.shadow[inst.pointer], self.width), values):
                b.store(value, self.runtime.target(b, lane, inst.pointer, T.ptr), inst.align)
        elif op == "store" and T.contains_pointer(inst.value.type) and inst.pointer in self.shadow:
            self.store_pointer_fields(b, inst)
        elif op == "store" and inst.pointer in self.shadow and inst.value in self.varied and \
                T.contains_float(inst.value.type):
            self.runtime.stop_lost_derivative(b, split_lanes(b, self.shadow[inst.pointer],
                                                             self.width),
                                              inst.pointer, self.ctx.where(inst))
        elif op == "store" and inst.pointer not in self.shadow:
            problem = active_store_without_shadow(inst, self.varied, self.shadow)
            if problem:
                raise self.fail(inst, problem)
        elif op == "inttoptr" and pointer_from_integer_message(inst, self.shadow):
            raise self.fail(inst, pointer_from_integer_message(inst, self.shadow))
        elif op == "bitcast" and float_from_integer_bits_message(inst, self.shadow, self.varied):
            raise self.fail(inst, float_from_integer_bits_message(inst, self.shadow, self.varied))
        elif op in ("atomicrmw", "cmpxchg") and inst.operand(0) in self.shadow \
                and T.contains_float(inst.type):
            gpu.check_atomic_update(inst, self.fail)
            self.runtime.refuse(inst, f"an atomic {op}", inst.operand(0))
        elif isinstance(inst, I.CallInst):
            self.visit_call(inst, b)

    def mirror_tape_call(self, inst: I.CallInst, b: Builder) -> None:
        """Differentiating a gradient again (reverse over reverse): its tape's
        pushes and pops run on a shadow tape too (``tape.mirror_on_shadow_tape``)."""
        tape = inst.arg(0)
        if self.width > 1 or not shadow_tapes_supported(self.out.module):
            raise self.fail(inst, "reverse mode of a function that itself computes a gradient "
                                  "which keeps values on its tape (reverse over reverse) is "
                                  "supported only on Linux CPUs and one gradient at a time: use "
                                  "forward over reverse (__enzyme_fwddiff of it) for second "
                                  "derivatives")
        shadow = mirror_on_shadow_tape(b, inst, self.shadow[tape], self.mem.zero_fill)
        if shadow is not None:
            self.shadow[inst] = shadow

    def heap_shadow(self, b: Builder, inst, size: Value) -> Value:
        """Shadow memory that outlives the forward sweep (the reverse sweep
        runs in another function): malloc'd, zeroed, freed by the reverse."""
        malloc = self.out.module.get_or_declare("malloc", T.FunctionType(T.ptr, (T.i64,)))
        shadow = b.call(malloc, [size], f"{inst.name}'" if inst.name else "")
        self.mem.zero_fill(b, shadow, size)
        self.heap_shadows.add(inst)
        return shadow

    def visit_call(self, inst: I.CallInst, b: Builder) -> None:
        """The forward sweep's side of a call; memory intrinsics, frees,
        math and inactive calls need nothing here (their reverse does)."""
        kind = call_kind(inst)
        fn, args = inst.called_function, inst.args
        varied_args = [a for a in args if a in self.varied]
        if kind == calls.OPAQUE and varied_args:
            if isinstance(inst.callee, InlineAsm):
                raise self.fail(inst, opaque_call_message(inst))
            table = indirect.table_for(Builder().before(inst), self.out.module, inst,
                                       self.shadow.get(inst.callee), self.width)
            problem = indirect.refusal(inst, self.width, lambda v: v in self.shadow or (
                v is inst.callee and table is not None))
            if problem:
                raise self.fail(inst, problem)
            return indirect.augment(self, inst, table, self.ctx.where(inst))
        if isinstance(inst, I.InvokeInst) and varied_args:
            raise self.fail(inst, "invoke (a call that may throw) with active arguments is not supported")
        if kind == calls.TAPE and varied_args:
            return self.mirror_tape_call(inst, b)
        if kind == calls.SHUFFLE and varied_args:
            shuffles.check_shuffle(inst, self.fail)
        if kind == calls.ALLOCATE and inst in self.varied:
            self.shadow_allocation(inst, b)
        elif kind == calls.COPY and args[0] in self.shadow:
            self.copy_pointer_shadows(b, inst)
        elif kind in (calls.DEFINED, calls.EXTERNAL, calls.CUSTOM):
            returns_active = carries_data(inst.type) and inst in self.varied and \
                (inst in self.useful or T.contains_pointer(inst.type))
            if not varied_args and not returns_active and \
                    not (kind == calls.DEFINED and self.reaches_shadowed_globals(fn)):
                return
            rule = custom_rule(fn, R.REVERSE) if kind == calls.CUSTOM else None
            if rule is not None:
                return self.custom_call(inst, fn, *rule)
            if kind == calls.CUSTOM and fn.is_declaration:
                raise self.fail(inst, no_rule_message(fn, "reverse mode"))
            if kind == calls.EXTERNAL:
                raise self.fail(inst, external_call_message(fn.name))
            self.augment_call(inst, fn)

    def custom_call(self, inst: I.CallInst, fn: Function, augment: Function,
                    gradient: Function) -> None:
        """The program's augmented forward pass replaces the call (the primal
        runs once, inside it); its tape is recorded for the gradient rule,
        which the reverse sweep calls (``adjoints.custom_call``)."""
        where = self.ctx.where(inst)
        if self.width > 1:
            raise self.fail(inst, f"the custom gradient of @{user_name(fn.name)} cannot serve a "
                                  f"vector (enzyme_width {self.width}) gradient")
        shadow_return = fn.return_type.is_pointer and inst in self.varied
        tape_type = check_augment_rule(augment, fn, shadow_return, where)
        check_gradient_rule(gradient, fn, tape_type, where)
        b = Builder().before(inst)
        args: list[Value] = []
        for arg, param in zip(inst.args, fn.args):
            args.append(arg)
            if param.type.is_pointer:
                if arg in self.shadow:
                    self.runtime.refuse(inst, f"a call of @{user_name(fn.name)}, which has a "
                                              f"custom derivative,", arg)
                args.append(self.shadow_of(arg))
        ret = fn.return_type
        if tape_type == T.void:  # no tape; the gradient rule is called without one
            tape = call_rule(b, augment, args, T.void)
            result = None
            if ret != T.void and inst.has_uses():
                result = self.primal_of_void_augment(inst, fn, b)
        elif ret == T.void:
            tape = call_rule(b, augment, args, tape_type, f"{fn.name}.tape")
            result = None
        else:
            tail = (ret, ret) if shadow_return else (ret,)
            pair = call_rule(b, augment, args, T.StructType((tape_type, *tail)))
            tape = b.extractvalue(pair, 0, f"{fn.name}.tape")
            result = b.extractvalue(pair, 1, inst.name)
            if shadow_return:
                self.shadow[result] = b.extractvalue(pair, 2, f"{inst.name}'" if inst.name else "")
        if result is not None:
            for analysis in (self.varied, self.useful):
                if inst in analysis:
                    analysis.add(result)
            inst.replace_all_uses_with(result)
            self.custom_results.add(result)
        self.custom_calls[tape] = CustomCall(fn, gradient, args, inst.args,
                                             None if tape_type == T.void else tape, result)
        inst.erase()

    def primal_of_void_augment(self, inst: I.CallInst, fn: Function, b: Builder) -> Value:
        """The result of a call whose augmented forward pass returns nothing:
        the function computes it, run once more; only one that writes no
        memory its caller sees may be (running it again changes nothing)."""
        if not writes_only_local_memory(fn):
            raise self.fail(inst, f"the augmented forward pass registered for "
                                  f"@{user_name(fn.name)} returns nothing, so its result must "
                                  f"come from running @{user_name(fn.name)} itself, which "
                                  f"writes memory: return {{tape, result}} from it")
        return b.call(fn, list(inst.args), inst.name)

    def shadow_allocation(self, inst: I.CallInst, b: Builder) -> None:
        """A zeroed shadow of the same size, freed by the reverse sweep."""
        if reallocs.is_realloc(inst):
            self.runtime.refuse(inst, "a realloc", reallocs.old_and_size(inst)[0])
            self.reallocs[inst] = reallocs.element_type(inst, self.fail, self.width)
            self.shadow[inst] = reallocs.fresh_shadow(
                b, self.out.module, reallocs.old_and_size(inst)[1],
                f"{inst.name}'" if inst.name else "")
        else:
            self.shadow[inst] = self.mem.shadow_allocation(b, inst, None, self.width)
        self.heap_shadows.add(inst)

    def augment_call(self, inst: I.CallInst, fn: Function) -> None:
        activities = []
        for arg in inst.args:
            if arg in self.shadow:
                activities.append(R.DUP)
            elif T.contains_float(arg.type) and arg in self.varied:
                activities.append(R.OUT)
            else:
                activities.append(R.CONST)
        ret_ty = fn.return_type
        if ret_ty == T.void:
            ret = "none"
        elif T.contains_float(ret_ty) and inst in self.varied and inst in self.useful:
            ret = R.OUT
        elif T.contains_pointer(ret_ty) and inst in self.varied:
            ret = R.DUP
        else:
            ret = R.CONST
        # The callee may re-read only memory nobody writes: what reaches it
        # from our arguments or globals, never our own (writable) allocations.
        reread = self.request.reread_memory is True and all(
            isinstance(underlying_object(a), (Argument, GlobalVariable))
            for a in inst.args if a.type.is_pointer)
        request = R.DiffRequest(self.ctx.preprocessed(fn), R.REVERSE, self.width,
                                tuple(activities), ret, reread_memory=reread,
                                context=self.request.context)
        augmented, _ = self.ctx.split_pair(request)
        call_args: list[Value] = []
        for arg, activity in zip(inst.args, activities):
            call_args.append(arg)
            if activity == R.DUP:
                call_args.append(self.shadow[arg])
        b = Builder().before(inst)
        new = b.call(augmented, [*call_args, self.tape], inst.name if ret != R.DUP else "")
        carry_region(inst, new, AUGMENTED)
        if ret == R.DUP:
            primal = b.extractvalue(new, 0, inst.name)
            self.shadow[primal] = b.extractvalue(new, 1, f"{inst.name}'" if inst.name else "")
            result = primal
        else:
            result = new
        for analysis in (self.varied, self.useful):
            if inst in analysis:
                analysis.add(result)
        self.calls[new] = (request, call_args, inst.args)
        self.call_results[new] = result
        if ret_ty != T.void:
            inst.replace_all_uses_with(result)
        inst.erase()

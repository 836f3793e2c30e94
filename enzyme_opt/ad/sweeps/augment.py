"""The augmented forward sweep ``augmented_<f>``: the primal, the shadow
pointers and allocations the reverse sweep will use, calls to the
augmented forms of callees, and at the end of every block a tape record
of the values that block's reverse needs (where and how: ``ad/sweeps/records.py``,
whose ``RecordPlanner`` this builder is).

Which values are cached: the reverse of each active instruction names the
primal values it needs (``needs``); cheap pure values (address arithmetic,
integer ops, casts, compares) are recomputed in the reverse sweep from
their operands instead, so only loads, phis, call results and floating
arithmetic that rules need are written to the tape.
"""

from __future__ import annotations

from dataclasses import dataclass

from enzyme_opt.abi import request as R
from enzyme_opt.ad.parallel import gpu, openmp, shuffles
from enzyme_opt.ad.parallel.openmp_prepare import AUGMENTED, carry_region
from enzyme_opt.ad.rules.custom_calls import (call_rule, check_augment_rule, check_gradient_rule,
                                              no_rule_message)
from enzyme_opt.ad.rules.elementwise import elementwise_rule
from enzyme_opt.ad.rules.primal_math import partner_call
from enzyme_opt.ad.runtime_activity import RuntimeActivity
from enzyme_opt.ad.sweeps import indirect, reallocs
from enzyme_opt.ad.sweeps.gradient_log import log_hook, logged_operands
from enzyme_opt.ad.sweeps.lanes import Lanes
from enzyme_opt.ad.sweeps.memory import CopyShadows, MemoryOps, heap_allocate_locals
from enzyme_opt.ad.sweeps.openmp_ranges import record_ranges
from enzyme_opt.ad.sweeps.records import RecordPlanner
from enzyme_opt.ad.sweeps.tape import mirror_on_shadow_tape, shadow_tapes_supported
from enzyme_opt.ad.utils import PrimalOf, clone_body, join_lanes, split_lanes
from enzyme_opt.analysis.activity import (GlobalReach, active_store_without_shadow, carries_data,
                                          float_from_integer_bits_message, global_shadows,
                                          pointer_from_integer_message,
                                          refuse_tables_of_shadowed_globals, useful_values,
                                          varied_values)
from enzyme_opt.analysis.library import check_library_calls
from enzyme_opt.analysis.memory import cannot_overlap, writes_only_local_memory
from enzyme_opt.analysis.settled_locals import settled_locals
from enzyme_opt.analysis.types import underlying_object
from enzyme_opt.demangle import user_name
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.cfg import CFG, definition_order
from enzyme_opt.ir.module import BasicBlock, Function, GlobalVariable
from enzyme_opt.ir.types import shadow_type
from enzyme_opt.ir.values import Argument, Constant, InlineAsm, Value, zero
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import (allocation, call_kind, external_call_message, math_rule_of,
                                        opaque_call_message)
from enzyme_opt.knowledge.declared import custom_rule

#: Pure, cheap opcodes recomputed in the reverse sweep rather than cached:
#: address and integer arithmetic, casts, compares, and the lane moves of
#: SIMD code (what the SLP vectorizer builds around re-readable loads).
RECOMPUTABLE = frozenset({"getelementptr", "bitcast", "addrspacecast", "zext", "sext", "trunc",
                          "ptrtoint", "inttoptr", "add", "sub", "mul", "shl", "lshr", "ashr",
                          "and", "or", "xor", "icmp", "fcmp", "sitofp", "uitofp", "freeze",
                          "insertelement", "shufflevector"})
#: Recomputed only when what they pick from is itself free to have: rebuilding
#: them from a cached source would tape more than the value (a lane of a
#: vector, one of two choices).
RECOMPUTABLE_FROM_FREE = frozenset({"extractvalue", "extractelement", "select"})
ELEMENTWISE_OPCODES = frozenset({"fadd", "fsub", "fmul", "fdiv", "frem", "fneg"})


def release_args(inst: I.Instruction) -> list[Value]:
    """The arguments of an allocation call that freeing its memory needs
    (a program's deallocator may take some: ``__enzyme_allocation_like``)."""
    if not isinstance(inst, I.CallInst):
        return []
    return [inst.arg(i) for i in allocation(inst.called_function).free_args if i >= 0]


@dataclass(eq=False)
class CustomCall:
    """A call replaced by the program's augmented forward pass."""

    function: Function
    gradient: Function
    args: list[Value]           # the augmented pass's arguments (primals and shadows)
    primal_args: list[Value]    # the original call's arguments
    tape: Value | None          # what the augmented pass returned for the gradient (None: void)
    result: Value | None        # the primal result, standing for the call


class AugmentedBuilder(CopyShadows, RecordPlanner):
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
        self.shadow.update(globals_with_shadow)
        #: callees whose call trees touch a global with a shadow (activity.GlobalReach)
        self.reaches_shadowed_globals = GlobalReach(globals_with_shadow)
        self.varied = varied_values(self.out, active | set(globals_with_shadow))
        self.useful = useful_values(self.out, self.varied)
        check_library_calls(self.out, self.varied, self.fail)
        self.shadow.update(indirect.function_shadows(self.out.module, self.width))
        for block in definition_order(self.out):
            for inst in list(block.instructions):
                self.visit(inst)
        for phi, shadow in self.shadow_phis:
            for value in phi.operands[0::2]:
                self.runtime.check_merge(self.ctx, phi, value, self.shadow)
            shadow.set_incoming([(self.kept_shadow(Builder().before_terminator(blk), v), blk)
                                 for v, blk in phi.incoming])
        if self.request.ret == R.DUP:
            self.return_shadow()
        self.adjoint_values = [v for v in (*self.primal_args, *self.out.instructions())
                               if self.is_active(v)]
        self.cfg = CFG(self.out)
        self.write_records()
        record_ranges(self)  # an OpenMP region's intervals of shadow bytes (openmp_ranges)

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

    # -- what the reverse sweep needs ------------------------------------------------------
    def needs_reverse(self, inst: I.Instruction) -> bool:
        """Has ``inst`` a reverse rule to run?  Asked for every instruction by the tape's
        planner and again by the reverse sweep, once the forward sweep is built: the answer
        is kept, as ``needs``' is."""
        known = self.reverse_needed.get(inst)
        if known is None:
            known = self.reverse_needed[inst] = self._needs_reverse(inst)
        return known

    def _needs_reverse(self, inst: I.Instruction) -> bool:
        op = inst.opcode
        if inst in self.custom_calls or inst in self.indirect_calls:
            return True
        if inst in self.custom_results:
            return False  # its adjoint goes to the gradient rule (custom_calls)
        if self.is_active(inst) and op not in ("phi",):
            return True
        if op == "store":
            return inst.pointer in self.shadow and T.contains_float(inst.value.type)
        if inst in self.calls or inst in self.heap_shadows or inst in self.heap_primals:
            return True
        if isinstance(inst, I.CallInst):
            if call_kind(inst) in (calls.COPY, calls.FILL):
                return inst.arg(0) in self.shadow
            return gpu.is_barrier_call(inst) or openmp.is_mirrored_call(inst)
        if op == "atomicrmw":
            return inst.operand(0) in self.shadow and inst.operand(1) in self.varied
        return False  # barriers and mirrored runtime calls are calls

    def needs(self, inst: I.Instruction) -> list[Value]:
        """Forward-sweep values the reverse rule of ``inst`` reads (with run-time
        activity, the pointers its shadows are checked against too).  Asked once the
        forward sweep is built, by the tape's planner and again by the reverse rule of a
        float operation, when nothing it depends on changes any more: the answer is kept
        (the caller must not change the list)."""
        needed = self.needed.get(inst)
        if needed is None:
            needed = self.needed[inst] = self._needs_of(inst)
        return needed

    def _needs_of(self, inst: I.Instruction) -> list[Value]:
        needed = list(self._needs(inst))
        if self.runtime.enabled and inst not in self.calls and inst not in self.custom_calls:
            pointers = inst.args[:2] if isinstance(inst, I.CallInst) else \
                [inst.operand(1) if inst.opcode == "store" else inst.operand(0)] \
                if inst.opcode in ("load", "store", "atomicrmw") else []
            needed += [p for p in pointers if self.runtime.may_be_constant(p)
                       and p in self.shadow]
        return needed

    def _needs(self, inst: I.Instruction) -> list[Value]:
        op = inst.opcode
        if inst in self.calls:
            return list(self.calls[inst][1])
        if inst in self.custom_calls:
            call = self.custom_calls[inst]
            return [*call.args, *([inst] if call.tape is not None else [])]
        if inst in self.indirect_calls:
            call = self.indirect_calls[inst]
            return [*call.args, call.table, call.callee, inst]
        if inst in self.reallocs:
            old, size = reallocs.old_and_size(inst)
            return [self.shadow[inst], self.shadow_of(old), size]
        if inst in self.heap_primals:   # freed by the reverse, with its shadow if any
            return [inst, *([self.shadow[inst]] if inst in self.heap_shadows else [])]
        if inst in self.heap_shadows:
            return [self.shadow[inst], *release_args(inst)]
        if op == "load":
            return [self.shadow[inst.pointer]] if inst.pointer in self.shadow else []
        if op in ("store", "atomicrmw"):
            return [self.shadow[inst.pointer if op == "store" else inst.operand(0)]]
        if isinstance(inst, I.CallInst):
            if gpu.is_barrier_call(inst):
                return []
            if openmp.is_mirrored_call(inst):
                return openmp.mirror_needs(inst)
            kind = call_kind(inst)
            if kind == calls.COPY:
                return [self.shadow[inst.arg(0)], self.shadow.get(inst.arg(1)), inst.arg(2)]
            if kind == calls.FILL:
                return [self.shadow[inst.arg(0)], inst.arg(2)]
            if kind == calls.SHUFFLE:  # the lane mask and the distance
                return [inst.arg(0), inst.arg(2)]
            partner = self.partner_of(inst)
            if partner is not None:
                return [partner] if self.is_active(inst.arg(0)) else []
            return self._rule_reads(math_rule_of(inst.called_function), inst, inst.args)
        if op in ELEMENTWISE_OPCODES:
            return self._rule_reads(op, inst, inst.operands)
        if op in ("fpext", "fptrunc", "bitcast", "freeze", "extractvalue",
                  "insertvalue", "shufflevector"):
            return []
        if op == "select":
            return [inst.operand(0)]
        if op in ("extractelement",):
            return [inst.operand(1)]
        if op in ("insertelement",):
            return [inst.operand(2)]
        return [*inst.operands, inst]

    def partner_of(self, inst: I.CallInst):
        """The primal's call whose value the partial of the math call ``inst`` is
        (``cos(θ)`` beside ``sin(θ)``: ``rules/primal_math.partner_call``), read by the
        reverse sweep instead of the operand; None under ``--no-reuse``."""
        if not self.reuse or self.logs_values:
            return None
        if inst not in self.partners:
            self.partners[inst] = partner_call(inst)
        return self.partners[inst]

    def _rule_reads(self, rule_name: str, inst, operands) -> list[Value]:
        """What the partials of the active operands read."""
        rule = elementwise_rule(rule_name)
        reads: dict[Value, None] = {}
        for k, operand in enumerate(operands):
            if not self.is_active(operand):
                continue
            positions, result = rule.reads_for(k)
            for position in positions:  # (a loop: asked for every active operation, twice)
                reads[operands[position]] = None
            if result:
                reads[inst] = None
        if self.logs_values:
            reads.update(dict.fromkeys([inst, *logged_operands(inst)]))
        return list(reads)

    def is_recomputable(self, value: Value) -> bool:
        if not self.reuse or not isinstance(value, I.Instruction) or \
                value in self.loop_counts:
            return False
        known = self.recomputable.get(value)
        if known is not None:
            return known
        self.recomputable[value] = False  # a cycle (through phis) is not recomputable
        op = value.opcode
        if value in self.float_recompute:
            # chosen by the planner (records._recompute_cheap_floats): what it is built
            # from is on the tape or rebuilt
            answer = not value.type.is_aggregate
        elif op == "insertvalue":
            # The lanes of a shadow ([W x ptr] built from per-lane GEPs) are as
            # cheap to rebuild as the GEPs.
            answer = True
        elif op in RECOMPUTABLE_FROM_FREE:
            sources = value.operands[1:] if op == "select" else value.operands[:1]
            answer = all(self.is_free(v) for v in sources)
        else:
            answer = (op in RECOMPUTABLE or value in self.float_recompute
                      or self.is_rereadable(value) or gpu.is_thread_query_call(value)
                      or self.recomputed_for_another_round(value)) \
                and not value.type.is_aggregate
        self.recomputable[value] = answer
        return answer

    def is_free(self, value: Value) -> bool:
        """Available in the reverse sweep without taping it."""
        return isinstance(value, (Argument, Constant)) or self.is_recomputable(value)

    def is_rereadable(self, value: Value) -> bool:
        """A load the reverse sweep can simply repeat: it reads a constant
        global, a local array written only before it is read (``settled_memory``,
        kept for the reverse sweep), or an argument's or a global's memory that the
        request says does not change between the sweeps (never other memory the call
        tree allocates and writes)."""
        if not self.reuse or not isinstance(value, I.LoadInst) or value.volatile \
                or value.ordering:
            return False
        base = underlying_object(value.pointer)
        if (isinstance(base, GlobalVariable) and base.is_constant) or base in self.settled_memory:
            return True
        unchanged = self.request.reread_memory
        if unchanged is False or not isinstance(base, (Argument, GlobalVariable)):
            return False
        if unchanged is True:
            return True
        if isinstance(base, Argument):
            # The written set names the primal's parameters; the load reads one of this
            # function's (whose shadows sit between them: positions differ).
            if base not in self.primal_args:
                return False
            base = self.request.function.args[self.primal_args.index(base)]
        return all(cannot_overlap(base, w) for w in unchanged)

"""Fixed-point loops: Enzyme's ``__enzyme_fixed_point`` (``<enzyme/fixed_point.h>``).

::

    __enzyme_fixed_point(step, enzyme_fp_state, z, bytes, …
                         [enzyme_fp_reduction, r,] [enzyme_fp_max_iters, n,]
                         [enzyme_fp_control, control,] [enzyme_checkpoint_region, p, bytes,]…
                         args…);

is the loop ``i = 0; while (step(i++, args…));``, which iterates the state ``z = φ(z, x)``
until the step says it has converged.  Its derivative is not the derivative of every
iteration but that of the fixed point itself (implicit differentiation; Christianson's
two-phase adjoint, Tapenade's FP-LOOP):

- **Reverse.**  The augmented half runs the loop and keeps only the state it ended in
  (one copy of each state on the heap, whatever the number of iterations).  The reverse
  half starts from the adjoint ``w₀ = z̄`` of that state and runs one step's gradient
  (``augmented_step`` + ``reverse_step``) at the kept state again and again: each run
  turns the state's adjoint ``w`` into ``φ_zᵀ w`` (plus, the first time, what the outputs'
  adjoints give) and adds ``φ_xᵀ w`` to the inputs' adjoints, so the runs sum the Neumann
  series ``x̄ = φ_xᵀ (I − φ_zᵀ)⁻¹ (z̄ + …)``, the gradient of the converged state.  Each run
  starts from the kept state (the step overwrites it); afterwards the state is as the
  reverse half found it and its shadow is zero (the fixed point does not depend on the
  initial guess).
- **Forward.**  The loop runs; then the state's tangent, from zero, is iterated through
  one step's tangent at the converged state, ``s ← φ_z s + φ_x ẋ``, each pass starting
  from the kept state.

The adjoint (tangent) iteration stops when the squared 2-norm of the state's adjoint
update (tangent change) falls below ``r`` times its value after the first pass (default
``1e-12``), when it grows again after five passes, when it is NaN, or after ``n`` passes
(default 1000, 0: no limit); or, with ``enzyme_fp_control``, when ``control(&cumul,
&r)`` (Tapenade's protocol: ``cumul = -1`` before the first pass, then the squared norm)
returns 0.  The state's element type (double or float) is read from how the step
accesses it.  What runs between the loop and its reverse half must not write memory the
step reads (refused, as for checkpointed loops); regions are accepted and need no copy.
``__enzyme_set_fixed_point`` (a loop marked from inside) is not implemented.
"""

from __future__ import annotations

from enzyme_opt.abi import request as R
from enzyme_opt.abi.entries import FIXED_POINT_MARKERS, REGION_MARKER, marker_name, resolve_function
from enzyme_opt.ad.modes.checkpoint import (LATER_FREE_ATTRIBUTE, LATER_WRITE_ATTRIBUTE, as_i64,
                                            differentiated_functions, frees, later_write, may_write)
from enzyme_opt.ad.runtime_activity import refuse_in_driver
from enzyme_opt.ad.sweeps.tape import read_record, write_record
from enzyme_opt.ad.utils import build_struct, calls_of, convert_argument, new_internal_function
from enzyme_opt.analysis.memory import reachable_functions, written_objects
from enzyme_opt.analysis.types import underlying_object
from enzyme_opt.demangle import user_name
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import Argument, ConstantExpr, ConstantFP, ConstantInt, Value, null, zero
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind
from enzyme_opt.knowledge.modes import FIXED_POINT_LOOP, FIXED_POINT_PAIR

ENTRY = "__enzyme_fixed_point"
#: on a loop function: "<where each state is, comma-separated>|<step function>"
LOOP_ATTRIBUTE = FIXED_POINT_LOOP
WHERE_ATTRIBUTE = "enzyme_opt.fixed_point.where"
#: after the states: reduction (double), max_iters (i64), control (ptr)
SETTINGS = 3
DEFAULT_REDUCTION, DEFAULT_MAX_ITERS = 1e-12, 1000
#: the update may grow after this many passes before the iteration stops on growth
GROWTH_GRACE = 5
CONTROL = T.FunctionType(T.i32, (T.ptr, T.ptr))
_ELEMENTS = (T.f64, T.f32)  # the state element types


def is_fixed_point_loop(fn: Function) -> bool:
    return LOOP_ATTRIBUTE in fn.string_attributes()


# -- before AD: the call becomes a call of the loop function --------------------------------
def lower_fixed_point_calls(module: Module, calls, where_of) -> None:
    """Replace every ``__enzyme_fixed_point`` call by a call of its loop function."""
    entry = module.get_function(ENTRY)
    if entry is None or not entry.is_declaration:
        return
    differentiated = differentiated_functions(calls)
    for call in calls_of(entry, where_of):
        _lower_call(module, call, differentiated, where_of)
    if not entry.has_uses():
        module.remove(entry)


def _lower_call(module: Module, call: I.CallInst, differentiated: set, where_of) -> None:
    where = where_of(call)
    args = list(call.args)
    step = resolve_function(args[0], where)
    if not step.args or not isinstance(step.args[0].type, T.IntType) \
            or not isinstance(step.return_type, T.IntType):
        raise DifferentiationError(f"the step @{step.name} of {ENTRY} must take the "
                                   f"iteration's index (an integer) first and return whether "
                                   f"to go on (an integer or bool)", where)
    b = Builder().before(call)
    states, settings, rest = [], {}, args[1:]
    while rest and marker_name(rest[0]) in FIXED_POINT_MARKERS | {REGION_MARKER}:
        name = marker_name(rest[0])
        if name in ("enzyme_fp_state", REGION_MARKER):
            if len(rest) < 3 or not rest[1].type.is_pointer \
                    or not isinstance(_by_value(b, rest[2], T.i64).type, T.IntType):
                raise DifferentiationError(f"{name} must be followed by a pointer and a size "
                                           f"in bytes", where)
            if name == "enzyme_fp_state":
                states.append((rest[1], as_i64(b, _by_value(b, rest[2], T.i64))))
            rest = rest[3:]
            continue
        if len(rest) < 2:
            raise DifferentiationError(f"{name} must be followed by its value", where)
        settings[name] = rest[1]
        rest = rest[2:]
    if not states:
        raise DifferentiationError(f"{ENTRY} needs at least one enzyme_fp_state, pointer, "
                                   f"bytes: the memory each iteration reads and overwrites",
                                   where)
    for value in rest:
        if marker_name(value) is not None:
            raise DifferentiationError(f"{marker_name(value)} is not taken by {ENTRY} after "
                                       f"the step's arguments begin", where)
    params = step.function_type.params[1:]
    if len(rest) != len(params):
        raise DifferentiationError(f"{ENTRY} passes {len(rest)} arguments to the step "
                                   f"@{step.name}, which takes {len(params)} after the index",
                                   where)
    step_args = [convert_argument(b, value, ty) for value, ty in zip(rest, params)]
    places = [_state_place(step, pointer, step_args, where) for pointer, _ in states]
    reduction = settings.get("enzyme_fp_reduction")
    reduction = ConstantFP(T.f64, DEFAULT_REDUCTION) if reduction is None else \
        _as_double(b, _by_value(b, reduction, T.f64))
    max_iters = settings.get("enzyme_fp_max_iters")
    max_iters = ConstantInt(T.i64, DEFAULT_MAX_ITERS) if max_iters is None else \
        as_i64(b, _by_value(b, max_iters, T.i64))
    control = settings.get("enzyme_fp_control", null(T.ptr))
    loop = _loop_function(module, step, places)
    loop.add_string_attribute(WHERE_ATTRIBUTE, where)
    harmless = _Harmless({_base(pointer) for pointer, _ in states}, step, step_args)
    later = later_write(call, differentiated, lambda inst: may_write(inst)
                        and not harmless.writes_only(inst))
    if later is not None:
        loop.add_string_attribute(LATER_WRITE_ATTRIBUTE, where_of(later))
        if frees(later):
            loop.add_string_attribute(LATER_FREE_ATTRIBUTE)
    operands = [v for pair in states for v in pair] + [reduction, max_iters, control]
    replacement = b.call(loop, [*operands, *step_args])
    replacement.metadata = list(call.metadata)
    b.continue_past(call)  # C++: the loop function's call cannot unwind
    call.erase()


def _base(pointer: Value) -> Value:
    """The object a pointer points into, through constant GEPs of a global too."""
    base = underlying_object(pointer)
    while isinstance(base, ConstantExpr) and base.opcode in ("getelementptr", "bitcast"):
        base = underlying_object(base.operand(0))
    return base


class _Harmless:
    """Which writes after the loop cannot change what its reverse half sees: writes to a
    state (the reverse half restores it from its copy) or to an object the step's call
    tree never touches (a global it does not name, memory not given to it)."""

    def __init__(self, states: set, step: Function, step_args: list[Value]):
        self.states = states
        self.touched = {_base(a) for a in step_args if a.type.is_pointer}
        for fn in reachable_functions(step):
            for inst in fn.instructions():
                self.touched.update(_base(v) for v in inst.operands
                                    if isinstance(_base(v), GlobalVariable))

    def harmless(self, target: Value) -> bool:
        return target in self.states or (
            isinstance(target, (GlobalVariable, I.AllocaInst)) and target not in self.touched)

    def writes_only(self, inst: I.Instruction) -> bool:
        """Does ``inst`` write nothing but harmless objects?"""
        if isinstance(inst, I.StoreInst):
            return self.harmless(_base(inst.pointer))
        if not isinstance(inst, I.CallInst):
            return False
        kind = call_kind(inst)
        if kind in (calls.COPY, calls.FILL):
            return self.harmless(_base(inst.arg(0)))
        if kind != calls.DEFINED:
            return False
        written = written_objects(inst.called_function)
        return written is not None and all(
            self.harmless(v) if isinstance(v, GlobalVariable)
            else isinstance(v, Argument) and self.harmless(_base(inst.arg(v.index)))
            for v in written)


def _by_value(b: Builder, value: Value, ty: T.Type) -> Value:
    """A setting passed by reference (Fortran) is loaded."""
    return b.load(ty, value) if value.type.is_pointer else value


def _as_double(b: Builder, value: Value) -> Value:
    if value.type == T.f64:
        return value
    if value.type.is_float:
        return b.cast("fpext", value, T.f64)
    return b.cast("sitofp", value, T.f64)


def _state_place(step: Function, pointer: Value, step_args: list[Value], where: str) -> str:
    """How the step reaches a state: ``a<k>``, its parameter ``k``, or ``g<name>``, a
    global (what ``_state_element`` looks at, once the step is simplified)."""
    for k, value in enumerate(step_args):
        if value is pointer or _same_slot_read(value, pointer):
            return f"a{k + 1}"
    base = underlying_object(pointer)
    if isinstance(base, GlobalVariable) and base is pointer:
        return f"g{base.name}"
    raise DifferentiationError(f"the state of {ENTRY} must be one of the step's pointer "
                               f"arguments or a global", where)


def _same_slot_read(a: Value, b: Value) -> bool:
    """Two reads of one local variable holding the pointer (-O0 code reads a parameter's
    slot once per use), with no write to it between (the slot is written once)."""
    if not (isinstance(a, I.LoadInst) and isinstance(b, I.LoadInst)
            and a.pointer is b.pointer and isinstance(a.pointer, I.AllocaInst)):
        return False
    return sum(isinstance(u.user, I.StoreInst) and u.index == 1 for u in a.pointer.uses) == 1


def _state_element(module: Module, step: Function, place: str, where: str) -> T.Type:
    """``double`` or ``float``: the floating-point type the step (and what it calls)
    reads and writes the state as."""
    start = step.args[int(place[1:])] if place[0] == "a" else module.get(place[1:])
    seen, work, found = set(), [(step, start)], set()
    while work:
        fn, target = work.pop()
        if (id(fn), id(target)) in seen or fn.is_declaration:
            continue
        seen.add((id(fn), id(target)))
        for inst in fn.instructions():
            if isinstance(inst, (I.LoadInst, I.StoreInst)):
                ty = inst.type if isinstance(inst, I.LoadInst) else inst.value.type
                if ty.scalar.is_float and underlying_object(inst.pointer) is target:
                    found.add(ty.scalar)
            elif isinstance(inst, I.CallInst) and isinstance(inst.called_function, Function):
                callee = inst.called_function
                for k, arg in enumerate(inst.args[:len(callee.args)]):
                    if underlying_object(arg) is target:
                        work.append((callee, callee.args[k]))
                if isinstance(target, GlobalVariable):
                    work.append((callee, target))
    if len(found) != 1 or next(iter(found)) not in _ELEMENTS:
        raise DifferentiationError(f"cannot tell whether the state of {ENTRY} holds doubles or "
                                   f"floats: the step @{user_name(step.name)} must read and "
                                   f"write it as one of them", where)
    return next(iter(found))


def _loop_function(module: Module, step: Function, places: list[str]) -> Function:
    """``<step>.fixed_point``: the plain loop, steps from 0 until one returns false."""
    params, names = [], []
    nstates = len(places)
    for k in range(nstates):
        params += [T.ptr, T.i64]
        names += [f"state{k}", f"state{k}.bytes"]
    params += [T.f64, T.i64, T.ptr]
    names += ["reduction", "max_iters", "control"]
    params += step.function_type.params[1:]
    names += [a.name for a in step.args[1:]]
    fn = new_internal_function(module, f"{step.name}.fixed_point",
                               T.FunctionType(T.void, tuple(params)), arg_names=names)
    fn.add_string_attribute(LOOP_ATTRIBUTE, f"{','.join(places)}|{step.name}")
    b = Builder(fn.append_block("entry"))
    _run_loop(b, step, list(fn.args[2 * nstates + SETTINGS:]))
    b.ret()
    return fn


def _run_loop(b: Builder, step: Function, args: list[Value]) -> Value:
    """``i = 0; while (step(i++, args…));``; the number of steps it ran."""
    fn = b.function
    before = b.block
    body, done = fn.append_block("fixed_point.step"), fn.append_block("fixed_point.done")
    b.br(body)
    b.at_end(body)
    j = b.phi(T.i64, "j")
    going = b.call(step, [convert_argument(b, j, step.args[0].type), *args], "going")
    following = b.add(j, ConstantInt(T.i64, 1), "j.next")
    j.add_incoming(ConstantInt(T.i64, 0), before)
    j.add_incoming(following, body)
    b.cbr(b.icmp("ne", going, zero(going.type)), body, done)
    b.at_end(done)
    return following


# -- what both modes share -------------------------------------------------------------------
class _Loop:
    """The loop function's parameters as seen by one of its derivatives."""

    def __init__(self, ctx, request: R.DiffRequest, out: Function):
        self.ctx, self.request, self.out = ctx, request, out
        module = ctx.module
        attributes = request.function.string_attributes()
        places, step_name = attributes[LOOP_ATTRIBUTE].split("|", 1)
        self.step = module.get_function(step_name)
        self.where = attributes.get(WHERE_ATTRIBUTE, "")
        simplified = ctx.preprocessed(self.step)
        self.elements = [_state_element(module, simplified, place, self.where)
                         for place in places.split(",")]
        self.nstates = len(self.elements)
        self.first_arg = 2 * self.nstates + SETTINGS
        self.primal, self.shadows = [], []
        params = iter(out.args)
        for activity in request.args:
            self.primal.append(next(params))
            self.shadows.append(next(params) if activity in (R.DUP, R.DUPNONEED) else None)
        if request.width > 1:
            raise DifferentiationError(f"a fixed-point loop cannot be differentiated at vector "
                                       f"width {request.width}", self.where)
        for k in range(self.nstates):
            if self.shadows[2 * k] is None:
                raise DifferentiationError(f"the state {k} of the fixed-point loop of "
                                           f"@{user_name(self.step.name)} has no shadow: it "
                                           f"must be active memory", self.where)

    def states(self):
        for k in range(self.nstates):
            yield self.primal[2 * k], self.shadows[2 * k], self.primal[2 * k + 1], \
                self.elements[k]

    @property
    def settings(self) -> list[Value]:
        return self.primal[2 * self.nstates:self.first_arg]

    def step_activities(self) -> tuple[str, ...]:
        return tuple(self.request.args[self.first_arg:])

    def args_and_shadows(self) -> list[Value]:
        out = []
        for value, shadow in zip(self.primal[self.first_arg:], self.shadows[self.first_arg:]):
            out.append(value)
            if shadow is not None:
                out.append(shadow)
        return out

    def step_args(self) -> list[Value]:
        return self.primal[self.first_arg:]


def _copies(b: Builder, module: Module, loop: _Loop) -> list[Value]:
    """A heap copy of each state, as the loop left it."""
    malloc = module.get_or_declare("malloc", T.FunctionType(T.ptr, (T.i64,)))
    kept = []
    for state, _, size, _ in loop.states():
        copy = b.call(malloc, [size], "state.kept")
        _memcpy(b, module, copy, state, size)
        kept.append(copy)
    return kept


def _memcpy(b: Builder, module: Module, to: Value, source: Value, size: Value) -> None:
    fn = module.get_or_declare("llvm.memcpy.p0.p0.i64",
                               T.FunctionType(T.void, (T.ptr, T.ptr, T.i64, T.i1)))
    b.call(fn, [to, source, size, ConstantInt(T.i1, 0)])


def _memset_zero(b: Builder, module: Module, to: Value, size: Value) -> None:
    fn = module.get_or_declare("llvm.memset.p0.i64",
                               T.FunctionType(T.void, (T.ptr, T.i8, T.i64, T.i1)))
    b.call(fn, [to, ConstantInt(T.i8, 0), size, ConstantInt(T.i1, 0)])


def _free(b: Builder, module: Module, pointer: Value) -> None:
    b.call(module.get_or_declare("free", T.FunctionType(T.void, (T.ptr,))), [pointer])


def _squared_norm(module: Module, element: T.Type) -> Function:
    """``enzyme_opt.fixed_point.norm.<ty>(a, old, bytes)``: Σ (a[i] − old[i])² as a
    double, ``old`` null for Σ a[i]²."""
    name = f"enzyme_opt.fixed_point.norm.{element}"
    existing = module.get_function(name)
    if existing is not None:
        return existing
    fn = new_internal_function(module, name, T.FunctionType(T.f64, (T.ptr, T.ptr, T.i64)),
                               arg_names=["a", "old", "bytes"])
    a, old, size = fn.args
    entry, body, done = (fn.append_block(n) for n in ("entry", "body", "done"))
    b = Builder(entry)
    n = b.binop("udiv", size, ConstantInt(T.i64, T.alloc_size(element)), "n")
    has_old = b.icmp("ne", old, null(T.ptr), "has.old")
    b.cbr(b.icmp("sgt", n, ConstantInt(T.i64, 0)), body, done)
    b.at_end(body)
    i = b.phi(T.i64, "i")
    total = b.phi(T.f64, "sum")
    x = b.load(element, b.gep(element, a, [i]), "x")
    safe_old = b.select(has_old, old, a)
    before = b.select(has_old, b.load(element, b.gep(element, safe_old, [i])), zero(element))
    d = b.fsub(x, before, "d")
    d = d if element == T.f64 else b.cast("fpext", d, T.f64)
    following = b.fadd(total, b.fmul(d, d), "sum.next")
    i_next = b.add(i, ConstantInt(T.i64, 1), "i.next")
    i.add_incoming(ConstantInt(T.i64, 0), entry)
    i.add_incoming(i_next, body)
    total.add_incoming(ConstantFP(T.f64, 0.0), entry)
    total.add_incoming(following, body)
    b.cbr(b.icmp("slt", i_next, n), body, done)
    b.at_end(done)
    result = b.phi(T.f64, "norm")
    result.add_incoming(ConstantFP(T.f64, 0.0), entry)
    result.add_incoming(following, body)
    b.ret(result)
    return fn


def _iterate(b: Builder, loop: _Loop, one_pass) -> None:
    """The adjoint (tangent) iteration: ``one_pass(b)`` runs one pass and returns the
    squared norm of its update; the stopping rule of the module docstring decides."""
    fn = b.function
    reduction, max_iters, control = loop.settings
    slots = {name: b.alloca(ty, name) for name, ty in
             (("cumul", T.f64), ("reduction.slot", T.f64), ("first", T.f64),
              ("previous", T.f64), ("passes", T.i64))}
    b.store(reduction, slots["reduction.slot"])
    b.store(ConstantInt(T.i64, 0), slots["passes"])
    controlled = b.icmp("ne", control, null(T.ptr), "controlled")
    asks, again, test, done = (fn.append_block(f"fixed_point.{n}")
                               for n in ("ask.first", "pass", "test", "converged"))
    b.cbr(controlled, asks, again)
    b.at_end(asks)
    b.store(ConstantFP(T.f64, -1.0), slots["cumul"])
    go = b.call(control, [slots["cumul"], slots["reduction.slot"]], "go", function_type=CONTROL)
    b.cbr(b.icmp("ne", go, ConstantInt(T.i32, 0)), again, done)
    b.at_end(again)
    norm = one_pass(b)
    passes = b.add(b.load(T.i64, slots["passes"]), ConstantInt(T.i64, 1), "passes.now")
    b.store(passes, slots["passes"])
    ask = fn.append_block("fixed_point.ask")
    b.cbr(controlled, ask, test)
    b.at_end(ask)
    b.store(norm, slots["cumul"])
    go = b.call(control, [slots["cumul"], slots["reduction.slot"]], "go", function_type=CONTROL)
    b.cbr(b.icmp("ne", go, ConstantInt(T.i32, 0)), again, done)
    b.at_end(test)
    is_first = b.icmp("eq", passes, ConstantInt(T.i64, 1))
    first = b.select(is_first, norm, b.load(T.f64, slots["first"]), "first.norm")
    b.store(first, slots["first"])
    previous = b.load(T.f64, slots["previous"])
    b.store(norm, slots["previous"])
    stop = b.fcmp("ole", norm, b.fmul(reduction, first), "reduced")
    grown = b.binop("and", b.icmp("sgt", passes, ConstantInt(T.i64, GROWTH_GRACE)),
                    b.fcmp("ogt", norm, previous), "grows")
    limit = b.binop("and", b.icmp("sgt", max_iters, ConstantInt(T.i64, 0)),
                    b.icmp("sge", passes, max_iters), "at.limit")
    stop = b.binop("or", b.binop("or", stop, grown), b.binop("or", limit,
                                                              b.fcmp("uno", norm, norm)))
    b.cbr(stop, done, again)
    b.at_end(done)


def _norm(b: Builder, module: Module, loop: _Loop, old: list[Value] | None) -> Value:
    total: Value = ConstantFP(T.f64, 0.0)
    for k, (_, shadow, size, element) in enumerate(loop.states()):
        previous = old[k] if old is not None else null(T.ptr)
        total = b.fadd(total, b.call(_squared_norm(module, element), [shadow, previous, size]))
    return total


# -- reverse mode ----------------------------------------------------------------------------
class FixedPointGenerator:
    """``augmented_<step>.fixed_point`` (the loop; keeps the converged state) and
    ``reverse_<step>.fixed_point`` (the adjoint iteration at it)."""

    def __init__(self, ctx, request: R.DiffRequest, augmented: Function, reverse: Function):
        self.ctx, self.request, self.aug, self.rev = ctx, request, augmented, reverse

    def run(self) -> None:
        refuse_in_driver(self.ctx, "a fixed-point loop (__enzyme_fixed_point)", "")
        for fn in (self.aug, self.rev):
            fn.add_string_attribute(FIXED_POINT_PAIR)
        aug = _Loop(self.ctx, self.request, self.aug)
        self._refuse_later_writes(aug)
        module = self.ctx.module
        step = aug.step
        activities = aug.step_activities()
        self.step_request = R.DiffRequest(self.ctx.preprocessed(step), R.REVERSE, 1,
                                          (R.CONST, *activities), R.CONST)
        b = Builder(self.aug.append_block("entry"))
        steps = _run_loop(b, step, aug.step_args())
        record = [steps, *_copies(b, module, aug)]
        write_record(b, self.aug.args[-1], record)
        b.ret()

        rev = _Loop(self.ctx, self.request, self.rev)
        augmented, reverse = self.ctx.split_pair(self.step_request)
        b = Builder(self.rev.append_block("entry"))
        steps, *kept = read_record(b, self.rev.args[-1], record)
        now = _copies(b, module, rev)   # the states as the reverse half finds them
        outs = [p for p, a in enumerate(activities) if a == R.OUT]
        sums = {p: b.alloca(rev.step_args()[p].type, f"adjoint{p}") for p in outs}
        for p, slot in sums.items():
            b.store(zero(rev.step_args()[p].type), slot)
        index = convert_argument(b, b.sub(steps, ConstantInt(T.i64, 1), "last"),
                                 step.args[0].type)
        tape = self.rev.args[-1]

        def one_pass(b: Builder) -> Value:
            for (state, _, size, _), copy in zip(rev.states(), kept):
                _memcpy(b, module, state, copy, size)
            args = [index, *rev.args_and_shadows()]
            b.call(augmented, [*args, tape])
            grads = b.call(reverse, [*args, tape])
            for k, p in enumerate(outs):
                delta = grads if len(outs) == 1 else b.extractvalue(grads, k)
                b.store(b.fadd(b.load(delta.type, sums[p]), delta), sums[p])
            return _norm(b, module, rev, None)

        _iterate(b, rev, one_pass)
        for (state, shadow, size, _), copy, found in zip(rev.states(), kept, now):
            _memset_zero(b, module, shadow, size)
            _memcpy(b, module, state, found, size)
            _free(b, module, copy)
            _free(b, module, found)
        adjoints = [b.load(rev.step_args()[p].type, sums[p]) for p in outs]
        if not adjoints:
            b.ret()
        else:
            b.ret(adjoints[0] if len(adjoints) == 1 else build_struct(b, adjoints))

    def _refuse_later_writes(self, loop: _Loop) -> None:
        attributes = self.request.function.string_attributes()
        later = attributes.get(LATER_WRITE_ATTRIBUTE)
        if later:
            what = "frees memory" if LATER_FREE_ATTRIBUTE in attributes else "writes memory"
            raise DifferentiationError(
                f"this {what} after the fixed-point loop of @{user_name(loop.step.name)} "
                f"({loop.where}) and before its reverse sweep, which runs the step again on "
                f"memory as it is then: do it before the loop, or after the gradient call", later)


# -- forward mode ----------------------------------------------------------------------------
class FixedPointForward:
    """``fwddiffe_<step>.fixed_point``: the loop, then the tangent iteration."""

    def __init__(self, ctx, request: R.DiffRequest, out: Function):
        self.ctx, self.request, self.out = ctx, request, out

    def run(self) -> None:
        refuse_in_driver(self.ctx, "a fixed-point loop (__enzyme_fixed_point)", "")
        loop = _Loop(self.ctx, self.request, self.out)
        module = self.ctx.module
        step = loop.step
        request = R.DiffRequest(self.ctx.preprocessed(step), R.FORWARD, 1,
                                (R.CONST, *loop.step_activities()), R.CONST)
        tangent = self.ctx.derivative(request)
        b = Builder(self.out.append_block("entry"))
        steps = _run_loop(b, step, loop.step_args())
        kept = _copies(b, module, loop)
        malloc = module.get_or_declare("malloc", T.FunctionType(T.ptr, (T.i64,)))
        old = [b.call(malloc, [size], "tangent.before") for _, _, size, _ in loop.states()]
        for _, shadow, size, _ in loop.states():
            _memset_zero(b, module, shadow, size)
        index = convert_argument(b, b.sub(steps, ConstantInt(T.i64, 1), "last"),
                                 step.args[0].type)

        def one_pass(b: Builder) -> Value:
            for (state, shadow, size, _), copy, before in zip(loop.states(), kept, old):
                _memcpy(b, module, before, shadow, size)
                _memcpy(b, module, state, copy, size)
            b.call(tangent, [index, *loop.args_and_shadows()])
            return _norm(b, module, loop, old)

        _iterate(b, loop, one_pass)
        for (state, _, size, _), copy, before in zip(loop.states(), kept, old):
            _memcpy(b, module, state, copy, size)
            _free(b, module, copy)
            _free(b, module, before)
        b.ret()

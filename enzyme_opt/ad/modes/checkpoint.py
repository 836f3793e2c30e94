"""Checkpointed time loops: Enzyme's ``__enzyme_checkpoint_for``.

::

    __enzyme_checkpoint_for((void *)step, start, n, enzyme_scheme, &scheme, data,
                            [enzyme_checkpoint_region, ptr, bytes,]... args...);

is the loop ``for (i = start; i < start + n; i++) step(i, args...)``, and
``__enzyme_checkpoint_while(step, enzyme_scheme, &scheme, data, …)`` the loop
``i = 0; while (step(i++, args...));`` (the scheme learns its length at its end).  In the
primal and in forward mode it is exactly that loop (forward mode over its reverse pair:
``ad/modes/checkpoint_tangent.py``).  In reverse mode the
tape of the whole loop is not kept: a scheme (a table of C functions,
``ad/modes/checkpoint_driver.py``) says before which steps to snapshot the marked
regions, which steps to recompute from a snapshot, and when to differentiate
one step (its tape lives for that step only).  Memory then grows with the
scheme's snapshots, not with ``n``.

Before AD each call becomes a call of a generated loop function
``<step>.checkpointed(start, n, scheme, data, region₀, bytes₀, …, args…)``
whose body is the plain loop (``lower_checkpoint_calls``).  Its reverse-mode
pair, ``augmented_``/``reverse_<step>.checkpointed``, is not differentiated
from that body but generated here (``CheckpointGenerator``) around the
driver: the augmented half runs the scheme's forward sweep and tapes the
scheme's state; the reverse half runs the reverse sweep, in which each step
is ``augmented_<step>`` followed at once by ``reverse_<step>``.

What a snapshot must hold, and what is refused instead of guessed:

- the regions, and every global the step's call tree writes (added to the
  regions);
- memory the step writes through an argument must lie in a region: checked
  when the loop starts (one line on stderr and abort otherwise); a step that
  writes memory enzyme-opt cannot name (through a pointer it loaded) is
  refused at compile time;
- the steps are recomputed in the reverse sweep from memory as it is then:
  code running after the loop and before the reverse sweep (the rest of the
  function and of its callers) must not write memory other than its own
  local variables, or the recomputed steps could read something else; such
  a write is refused, naming it.  Split mode (``__enzyme_augmentfwd``), where
  the program runs between the two sweeps, is refused too;
- a region too small for the state is caught at run time: the last step, run
  again from its snapshot, must leave the state it left the first time (to a
  few units in the last place).
"""

from __future__ import annotations

from enzyme_opt.abi import request as R
from enzyme_opt.abi.entries import REGION_MARKER, SCHEME_MARKER, marker_name, resolve_function
from enzyme_opt.ad.modes.checkpoint_driver import (STEP, fail_with, forward_driver,
                                                   region_fields, region_type, reverse_driver)
from enzyme_opt.ad.sweeps.tape import read_record, write_record
from enzyme_opt.ad.utils import build_struct, calls_of, convert_argument, new_internal_function
from enzyme_opt.analysis.const_memory import ACCESS_ATTRIBUTE, access_attribute, float_access
from enzyme_opt.analysis.memory import (read_objects, reachable_functions, unspilled,
                                         written_objects)
from enzyme_opt.analysis.types import underlying_object, uses_through_offsets
from enzyme_opt.demangle import user_name
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import BasicBlock, Function, GlobalVariable, Module
from enzyme_opt.ir.types import shadow_type
from enzyme_opt.ir.values import Argument, ConstantInt, Value, zero
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind
from enzyme_opt.knowledge.modes import CHECKPOINT_LOOP, FIXED_POINT_LOOP

ENTRY = "__enzyme_checkpoint_for"
WHILE_ENTRY = "__enzyme_checkpoint_while"
#: on a loop function: "<number of regions>,<FOR_KIND or WHILE_KIND>,<step function>"
LOOP_ATTRIBUTE = CHECKPOINT_LOOP
FOR_KIND, WHILE_KIND = "for", "while"
#: on a loop function: where the ``__enzyme_checkpoint_for`` call was, for diagnostics
WHERE_ATTRIBUTE = "enzyme_opt.checkpoint.where"
#: on a loop function: where a write runs between the loop and its reverse sweep
LATER_WRITE_ATTRIBUTE = "enzyme_opt.checkpoint.later.write"
#: on a loop function: that write is a free
LATER_FREE_ATTRIBUTE = "enzyme_opt.checkpoint.later.free"
#: the loop function's parameters before the regions: start, n, scheme, data
LEADING = 4


def is_entry(name: str) -> bool:
    return ENTRY in name or WHILE_ENTRY in name


def is_checkpoint_loop(fn: Function) -> bool:
    return LOOP_ATTRIBUTE in fn.string_attributes()


# -- before AD: the call becomes a call of the loop function --------------------------------
def lower_checkpoint_calls(module: Module, calls, where_of) -> None:
    """Replace every ``__enzyme_checkpoint_for`` call by a call of its loop
    function; ``calls`` are the module's Enzyme calls (``abi.entries.EnzymeCalls``),
    ``where_of(inst)`` says where an instruction is, for errors."""
    entries = [fn for fn in module.functions if is_entry(fn.name) and fn.is_declaration]
    differentiated = differentiated_functions(calls) if entries else set()
    for entry in entries:
        for call in calls_of(entry, where_of):
            _lower_call(module, call, WHILE_ENTRY in entry.name, differentiated, where_of)
        if not entry.has_uses():
            module.remove(entry)


def _lower_call(module: Module, call: I.CallInst, is_while: bool, differentiated: set,
                where_of) -> None:
    """``__enzyme_checkpoint_for(step, start, n, enzyme_scheme, scheme, data, …)`` or
    ``__enzyme_checkpoint_while(step, enzyme_scheme, scheme, data, …)`` (start 0, the
    number of steps -1 until a step returns false)."""
    where = where_of(call)
    entry = WHILE_ENTRY if is_while else ENTRY
    args = list(call.args)
    if is_while:  # as __enzyme_checkpoint_for's operands, with start 0 and n unknown
        args = [args[0], ConstantInt(T.i64, 0), ConstantInt(T.i64, -1), *args[1:]]
    if len(args) < 6 or marker_name(args[3]) != SCHEME_MARKER:
        shape = "step" if is_while else "step, start, n"
        raise DifferentiationError(f"{entry} takes ({shape}, enzyme_scheme, scheme, data, …)",
                                   where)
    step = resolve_function(args[0], where)
    if not step.args or not isinstance(step.args[0].type, T.IntType):
        raise DifferentiationError(f"the step @{step.name} of {entry} must take "
                                   f"the step's index (an integer) first", where)
    if is_while and not isinstance(step.return_type, T.IntType):
        raise DifferentiationError(f"the step @{step.name} of {entry} must return whether to "
                                   f"go on (an integer or bool)", where)
    rest, regions = args[6:], []
    while rest and marker_name(rest[0]) == REGION_MARKER:
        if len(rest) < 3 or not rest[1].type.is_pointer or not isinstance(rest[2].type, T.IntType):
            raise DifferentiationError("enzyme_checkpoint_region must be followed by a pointer "
                                       "and a size in bytes", where)
        regions.append((rest[1], rest[2]))
        rest = rest[3:]
    for value in rest:
        name = marker_name(value)
        if name is not None:
            raise DifferentiationError(f"{name} is not taken by {entry}: the "
                                       f"step's arguments get their activity from the "
                                       f"derivative that calls the loop", where)
    params = step.function_type.params[1:]
    if len(rest) != len(params):
        raise DifferentiationError(f"{entry} passes {len(rest)} arguments to "
                                   f"the step @{step.name}, which takes {len(params)} after "
                                   f"the index", where)
    b = Builder().before(call)
    step_args = [convert_argument(b, value, ty) for value, ty in zip(rest, params)]
    for value, ty in zip(step_args, params):
        if value.type != ty:
            raise DifferentiationError(f"{entry} passes {value.type} where the "
                                       f"step @{step.name} takes {ty}", where)
    loop = _loop_function(module, step, len(regions), is_while)
    loop.add_string_attribute(WHERE_ATTRIBUTE, where)
    later = later_write(call, differentiated)
    if later is not None and not frees(later) and \
            reads_only_regions(step, [pointer for pointer, _ in regions], step_args):
        later = None  # recomputing steps reads only what snapshots restore
    if later is not None:
        loop.add_string_attribute(LATER_WRITE_ATTRIBUTE, where_of(later))
        if frees(later):
            loop.add_string_attribute(LATER_FREE_ATTRIBUTE)
    operands = [as_i64(b, args[1]), as_i64(b, args[2]), args[4], args[5]]
    for pointer, size in regions:
        operands += [pointer, as_i64(b, size)]
    replacement = b.call(loop, [*operands, *step_args])
    replacement.metadata = list(call.metadata)
    b.continue_past(call)  # C++: the loop function's call cannot unwind
    call.erase()


def differentiated_functions(calls) -> set:
    """Every function some Enzyme call differentiates, with its call tree:
    where code runs between a loop's forward and reverse sweeps."""
    found: set = set()
    for site in calls:
        for value in site.args[:2]:
            if isinstance(value, Function) or isinstance(value, I.Instruction):
                try:
                    target = resolve_function(value, "")
                except DifferentiationError:
                    continue
                found.update(reachable_functions(target))
                break
    return found


def as_i64(b: Builder, value: Value) -> Value:
    if value.type == T.i64:
        return value
    return b.cast("sext" if value.type.bits < 64 else "trunc", value, T.i64)


def _loop_function(module: Module, step: Function, nregions: int, is_while: bool) -> Function:
    """``<step>.checkpointed``: the plain loop, tagged so reverse mode knows it: ``n``
    steps from ``start``, or (a while loop) steps from 0 until one returns false."""
    params = [T.i64, T.i64, T.ptr, T.ptr]
    names = ["start", "n", "scheme", "data"]
    for k in range(nregions):
        params += [T.ptr, T.i64]
        names += [f"region{k}", f"region{k}.bytes"]
    params += step.function_type.params[1:]
    names += [a.name for a in step.args[1:]]
    fn = new_internal_function(module, f"{step.name}.checkpointed",
                               T.FunctionType(T.void, tuple(params)), arg_names=names)
    kind = WHILE_KIND if is_while else FOR_KIND
    fn.add_string_attribute(LOOP_ATTRIBUTE, f"{nregions},{kind},{step.name}")
    start, n = fn.args[0], fn.args[1]
    entry, body, done = (fn.append_block(name) for name in ("entry", "step", "done"))
    b = Builder(entry)
    if is_while:
        b.br(body)
    else:
        b.cbr(b.icmp("sgt", n, ConstantInt(T.i64, 0)), body, done)
    b.at_end(body)
    j = b.phi(T.i64, "j")
    going = b.call(step, [_index(b, start, j, step), *fn.args[LEADING + 2 * nregions:]],
                   "going" if is_while else "")
    following = b.add(j, ConstantInt(T.i64, 1), "j.next")
    j.add_incoming(ConstantInt(T.i64, 0), entry)
    j.add_incoming(following, body)
    more = b.icmp("ne", going, zero(going.type)) if is_while else b.icmp("slt", following, n)
    b.cbr(more, body, done)
    b.at_end(done)
    b.ret()
    return fn


def _index(b: Builder, start: Value, j: Value, step: Function) -> Value:
    """``start + j`` as the step's index parameter takes it."""
    return convert_argument(b, b.add(start, j, "i"), step.args[0].type)


# -- what runs between the loop and its reverse sweep ----------------------------------------
def reads_only_regions(step: Function, region_pointers: list[Value], step_args: list[Value]) -> bool:
    """Does the step's call tree read no memory but its own, constant globals,
    and arguments the loop passes one of its checkpoint regions for?  A
    recomputed step then reads only what the scheme's snapshots restore, and
    a write after the loop cannot change what it reads (Enzyme's
    ``checkpoint_vector.c`` writes its outputs there, through another
    pointer that may even alias the region: restored all the same)."""
    read = read_objects(step)
    if read is None:
        return False
    for base in read:
        if isinstance(base, GlobalVariable) and base.is_constant:
            continue
        if isinstance(base, Argument) and base.index >= 1 and \
                any(unspilled(step_args[base.index - 1]) is unspilled(p) for p in region_pointers):
            continue
        return False
    return True


def later_write(call: I.CallInst, differentiated: set,
                matters=None) -> I.Instruction | None:
    """What may change memory between this loop and its reverse sweep: the
    first write after it in its function, or after a call of that function in
    a differentiated caller (transitively), to anything but a local variable
    (or what ``matters`` says is a write that matters); else None."""
    seen: set[int] = set()
    work = [call]
    while work:
        site = work.pop()
        found = _first_write_after(site, matters or may_write)
        if found is not None:
            return found
        fn = site.function
        if id(fn) in seen:
            continue
        seen.add(id(fn))
        work += [u.user for u in fn.uses
                 if isinstance(u.user, I.CallInst) and u.user.callee is fn
                 and u.user.function in differentiated]
    return None


def _first_write_after(site: I.Instruction, matters) -> I.Instruction | None:
    block = site.parent
    position = block.instructions.index(site)
    reachable: dict[BasicBlock, None] = {}
    work = list(block.successors)
    while work:
        nxt = work.pop()
        if nxt not in reachable:
            reachable[nxt] = None
            work += nxt.successors
    after = block.instructions[position + 1:]
    if block in reachable:  # the loop runs in a loop: all of its block comes after it
        after = block.instructions
    after = after + [i for blk in reachable if blk is not block for i in blk.instructions]
    return next((inst for inst in after if inst is not site and matters(inst)), None)


def may_write(inst: I.Instruction) -> bool:
    if isinstance(inst, I.StoreInst):
        return not _is_private(inst.pointer)
    if isinstance(inst, (I.AtomicRMWInst, I.CmpXchgInst)):
        return True
    if not isinstance(inst, I.CallInst):
        return False
    kind = call_kind(inst)
    if kind in (calls.INACTIVE, calls.MATH, calls.ALLOCATE, calls.SHUFFLE):
        if inst.called_function.name in _FORMATS_INTO_ITS_FIRST_ARGUMENT:
            return not _is_private(inst.arg(0))
        return False
    if kind in (calls.COPY, calls.FILL):
        return not _is_private(inst.arg(0))
    if kind == calls.DEFINED:
        written = written_objects(inst.called_function)
        return written is None or any(
            not (isinstance(v, Argument) and _is_private(inst.arg(v.index))) for v in written)
    return True


#: inactive calls that nonetheless write memory: the buffer they format into
_FORMATS_INTO_ITS_FIRST_ARGUMENT = frozenset({"sprintf", "snprintf"})


def frees(inst: I.Instruction) -> bool:
    return isinstance(inst, I.CallInst) and call_kind(inst) == calls.FREE


def _is_private(pointer: Value) -> bool:
    """Is ``pointer`` into a local variable whose address goes nowhere (only
    loaded from and stored to, directly or at an offset)?"""
    base = underlying_object(pointer)
    if not isinstance(base, I.AllocaInst):
        return False
    for use in uses_through_offsets(base):
        user = use.user
        if isinstance(user, I.LoadInst):
            continue
        if isinstance(user, I.StoreInst) and use.index == 1:
            continue
        if isinstance(user, I.CallInst) and call_kind(user) == calls.INACTIVE:
            continue  # lifetime markers, debug records
        return False
    return True


# -- reverse mode: the augmented/reverse pair of a loop function -----------------------------
class CheckpointGenerator:
    """``augmented_<step>.checkpointed`` (the scheme's forward sweep; tapes the
    scheme's state) and ``reverse_<step>.checkpointed`` (its reverse sweep),
    for one request of the loop function."""

    def __init__(self, ctx, request: R.DiffRequest, augmented: Function, reverse: Function):
        self.ctx, self.request, self.aug, self.rev = ctx, request, augmented, reverse
        module = ctx.module
        count, kind, step_name = \
            request.function.string_attributes()[LOOP_ATTRIBUTE].split(",", 2)
        self.nregions = int(count)
        self.is_while = kind == WHILE_KIND
        self.step = module.get_function(step_name)
        self.first_arg = LEADING + 2 * self.nregions
        self.where = request.function.string_attributes().get(WHERE_ATTRIBUTE, "")

    def run(self) -> None:
        request, module = self.request, self.ctx.module
        self._refuse_what_cannot_be_recomputed()
        try:
            #: EnzymeCkptRegion as the program's header lays it out (checkpoint_driver.py)
            self.region = region_type(module)
        except ValueError as problem:
            raise DifferentiationError(str(problem), self.where) from None
        self.written = self._written_by_step()
        activities = request.args[self.first_arg:]
        self.step_request = R.DiffRequest(
            self.ctx.preprocessed(self.step), R.REVERSE, request.width, (R.CONST, *activities),
            "none" if self.step.return_type == T.void else R.CONST)
        self.env = _Environment(self.step.function_type.params[1:], activities, request.width)
        self.globals = self._written_globals()
        self.primal_step = self._primal_step()
        self.gradient_step = self._gradient_step()
        self._augmented()
        self._reverse()
        self._state_access()
        forward_driver(module)
        reverse_driver(module)

    def _refuse_what_cannot_be_recomputed(self) -> None:
        attributes = self.request.function.string_attributes()
        if self.request.width > 1 and R.OUT in self.request.args:
            raise DifferentiationError(f"a checkpointed loop whose step takes an active value "
                                       f"(not a pointer) cannot be differentiated at vector "
                                       f"width {self.request.width}: pass it through memory",
                                       self.where)
        triple = self.ctx.module.triple or ""
        if triple.startswith(("nvptx", "amdgcn")):
            raise DifferentiationError("checkpointed loops are not supported on GPUs", self.where)
        later = attributes.get(LATER_WRITE_ATTRIBUTE)
        if later and LATER_FREE_ATTRIBUTE in attributes:
            raise DifferentiationError(
                f"this frees memory after the checkpointed loop of @{user_name(self.step.name)} "
                f"({self.where}) and before its reverse sweep, which recomputes steps from "
                f"memory: free it after the gradient call (allocate it outside the "
                f"differentiated function)", later)
        if later:
            raise DifferentiationError(
                f"this write runs after the checkpointed loop of @{user_name(self.step.name)} "
                f"({self.where}) and before its reverse sweep, which recomputes steps from "
                f"memory this may change: write it before the loop, or after the gradient call",
                later)

    def _written_by_step(self) -> frozenset:
        """The arguments and globals the step's call tree writes: what snapshots must
        hold (the arguments checked against the regions when the loop starts)."""
        written = written_objects(self.ctx.preprocessed(self.step))
        if written is None:
            raise DifferentiationError(f"the step @{user_name(self.step.name)} writes memory "
                                       f"enzyme-opt cannot name (through a pointer it loads, or "
                                       f"an opaque call), so no snapshot can hold it",
                                       self.where)
        return written

    def _written_globals(self) -> list[GlobalVariable]:
        return sorted((v for v in self.written if isinstance(v, GlobalVariable)),
                      key=lambda g: g.name)

    def _state_access(self) -> None:
        """What the pair does with floats, stated for ``analysis/const_memory.py``: what the
        step does with each of its arguments (and, with any, the reverse sweep with its
        shadow: adjoints are added there and read), and floats taped.  Read from its body,
        the pair would keep every pointer it is given (it stores them into its regions array
        and environment, for the driver, which keeps none) and write floats into every
        region (a snapshot restored writes back bytes a step wrote, no new derivative);
        forward mode over the gradient, which loads the loop's local state from the tape,
        would then see the scheme or an ``enzyme_const`` region written and read back."""
        step = float_access(self.ctx.preprocessed(self.step))
        for fn in (self.aug, self.rev):
            primal, shadows = self._params(fn)
            tape = fn.args[-1].index
            access = {field: {tape} for field in ("written", "read", "written_deep", "read_deep")}
            access["kept"] = set()
            for position, shadow in enumerate(shadows):
                p, arg = position + 1, primal[self.first_arg + position].index  # 0: the index
                for field in ("written", "read", "written_deep", "read_deep", "kept"):
                    if p in getattr(step, field):
                        access[field].add(arg)
                if shadow is not None and p in step.written | step.read | step.kept:
                    access["written"].add(shadow.index)
                    access["read"].add(shadow.index)
                if shadow is not None:
                    for field in ("written_deep", "read_deep", "kept"):
                        if p in getattr(step, field):
                            access[field].add(shadow.index)
            fn.add_string_attribute(ACCESS_ATTRIBUTE, access_attribute(
                {field: tuple(sorted(indexes)) for field, indexes in access.items()}))

    # -- the two per-loop functions the driver calls --------------------------------------
    def _primal_step(self) -> Function:
        fn = self._thunk(f"{self.step.name}.checkpoint.step")
        b = Builder(fn.append_block("entry"))
        env, j = fn.args
        start = self.env.load(b, env, "start")
        going = b.call(self.step, [_index(b, start, j, self.step), *self.env.primal_args(b, env)],
                       "going" if self.is_while else "")
        b.ret(b.icmp("ne", going, zero(going.type)) if self.is_while else ConstantInt(T.i1, 1))
        return fn

    def _gradient_step(self) -> Function:
        """Step ``j`` with its tape, then its adjoint: ``augmented_<step>`` then
        ``reverse_<step>`` on the loop's tape, the adjoints of its float
        arguments added to the loop's."""
        augmented, reverse = self.ctx.split_pair(self.step_request)
        fn = self._thunk(f"{self.step.name}.checkpoint.gradient")
        b = Builder(fn.append_block("entry"))
        env, j = fn.args
        index = _index(b, self.env.load(b, env, "start"), j, self.step)
        tape = self.env.load(b, env, "tape")
        args = [index, *self.env.args_and_shadows(b, env)]
        b.call(augmented, [*args, tape])
        grads = b.call(reverse, [*args, tape])
        outs = self.env.outs
        for k, position in enumerate(outs):
            delta = grads if len(outs) == 1 else b.extractvalue(grads, k)
            slot = self.env.pointer(b, env, ("adjoint", position))
            b.store(b.fadd(b.load(delta.type, slot), delta), slot)
        b.ret(ConstantInt(T.i1, 1))
        return fn

    def _thunk(self, name: str) -> Function:
        fn = new_internal_function(self.ctx.module, name, STEP, arg_names=["env", "j"])
        self.ctx.module.derived_from[fn.name] = user_name(self.step.name)
        return fn

    # -- the pair ----------------------------------------------------------------------------
    def _params(self, fn: Function) -> tuple[list[Value], list[Value]]:
        """The loop function's parameters in ``fn`` (shadows dropped), and the
        shadows of the step's arguments (None where constant)."""
        primal, shadows = [], []
        params = iter(fn.args)
        for activity in self.request.args:
            primal.append(next(params))
            shadow = next(params) if activity in (R.DUP, R.DUPNONEED) else None
            if len(primal) > self.first_arg:
                shadows.append(shadow)
        return primal, shadows

    def _setup(self, b: Builder, fn: Function, accumulate: bool):
        primal, shadows = self._params(fn)
        regions, count, size = self._regions(b, primal)
        env = self.env.build(b, primal[0], fn.args[-1], primal[self.first_arg:], shadows,
                             accumulate)
        return primal, regions, count, size, env

    def _augmented(self) -> None:
        b = Builder(self.aug.append_block("entry"))
        primal, regions, count, size, env = self._setup(b, self.aug, accumulate=False)
        self._check_written_arguments(b, primal)
        steps = b.alloca(T.i64, "length")
        n = primal[1] if self.is_while else _steps(b, primal[1])  # a while loop's: -1
        state = b.call(forward_driver(self.ctx.module),
                       [primal[2], primal[3], n, regions, count, size, env, self.primal_step,
                        steps], "scheme.state")
        self._record = [state, b.load(T.i64, steps, "length")]
        write_record(b, self.aug.args[-1], self._record)
        b.ret()

    def _reverse(self) -> None:
        b = Builder(self.rev.append_block("entry"))
        state, steps = read_record(b, self.rev.args[-1], self._record)
        primal, regions, count, size, env = self._setup(b, self.rev, accumulate=True)
        b.call(reverse_driver(self.ctx.module),
               [primal[2], state, steps, regions, count, size, env, self.primal_step,
                self.gradient_step])
        adjoints = [b.load(self.env.types[("adjoint", p)], self.env.pointer(b, env, ("adjoint", p)))
                    for p in self.env.outs]
        if not adjoints:
            b.ret()
        else:  # as gradient_type: one adjoint bare, several in a struct
            b.ret(adjoints[0] if len(adjoints) == 1 else build_struct(b, adjoints))

    def _regions(self, b: Builder, primal: list[Value]):
        """The ``EnzymeCkptRegion`` array: the marked regions, then the globals the
        step writes; its length and its total size in bytes."""
        entries = [(primal[LEADING + 2 * k], primal[LEADING + 2 * k + 1], 0)
                   for k in range(self.nregions)]
        entries += [(g, ConstantInt(T.i64, T.alloc_size(g.value_type)), g.type.addrspace)
                    for g in self.globals]
        array_type = T.ArrayType(max(len(entries), 1), self.region)
        array = b.alloca(array_type, "regions")
        total: Value = ConstantInt(T.i64, 0)
        for k, (pointer, size, space) in enumerate(entries):
            for f, value in enumerate(region_fields(self.region, pointer, size, space)):
                at = b.gep(array_type, array,
                           [ConstantInt(T.i32, 0), ConstantInt(T.i32, k), ConstantInt(T.i32, f)])
                b.store(value, at)
            total = b.add(total, size, "snapshot.bytes")
        return array, ConstantInt(T.i64, len(entries)), total

    def _check_written_arguments(self, b: Builder, primal: list[Value]) -> None:
        """Memory the step writes through an argument must be in a region:
        else the snapshots miss it and recomputed steps start from the wrong
        state.  Checked once, when the loop starts."""
        for value in sorted((v for v in self.written if isinstance(v, Argument)),
                            key=lambda a: a.index):
            arg = primal[self.first_arg + value.index - 1]
            address = b.cast("ptrtoint", arg, T.i64)
            inside: Value = ConstantInt(T.i1, 0)
            for k in range(self.nregions):
                low = b.cast("ptrtoint", primal[LEADING + 2 * k], T.i64)
                high = b.add(low, primal[LEADING + 2 * k + 1])
                within = b.binop("and", b.icmp("uge", address, low), b.icmp("ult", address, high))
                inside = b.binop("or", inside, within)
            fn = b.function
            missing, held = fn.append_block("unmarked.write"), fn.append_block("marked")
            b.cbr(inside, held, missing)
            b.at_end(missing)
            name = f" ({value.name})" if value.name else ""
            fail_with(b, f"enzyme-opt: __enzyme_checkpoint_for: the step "
                         f"@{user_name(self.step.name)} writes memory through its argument "
                         f"{value.index}{name}, which no enzyme_checkpoint_region holds: mark "
                         f"it with enzyme_checkpoint_region, pointer, bytes")
            b.at_end(held)


def _steps(b: Builder, n: Value) -> Value:
    """The number of steps the loop runs: ``n``, or none when it is negative."""
    zero_steps = ConstantInt(T.i64, 0)
    return b.select(b.icmp("sgt", n, zero_steps), n, zero_steps, "steps")


class _Environment:
    """What the per-step functions read: the loop's start and tape, the step's
    arguments, their shadows, and the sums of the adjoints of its float
    arguments, as one struct on the stack of the loop's derivative."""

    def __init__(self, params: tuple[T.Type, ...], activities: tuple[str, ...], width: int = 1):
        self.keys: list = ["start", "tape"]
        self.types: dict = {"start": T.i64, "tape": T.ptr}
        self.activities = activities
        for position, (ty, activity) in enumerate(zip(params, activities)):
            self._field(("arg", position), ty)
            if activity in (R.DUP, R.DUPNONEED):
                self._field(("shadow", position), shadow_type(ty, width))  # W lanes
            if activity == R.OUT:
                self._field(("adjoint", position), ty)
        self.outs = [p for p, a in enumerate(activities) if a == R.OUT]
        self.struct = T.StructType(tuple(self.types[k] for k in self.keys))

    def _field(self, key, ty: T.Type) -> None:
        self.keys.append(key)
        self.types[key] = ty

    def pointer(self, b: Builder, env: Value, key) -> Value:
        index = self.keys.index(key)
        return b.gep(self.struct, env, [ConstantInt(T.i32, 0), ConstantInt(T.i32, index)])

    def load(self, b: Builder, env: Value, key) -> Value:
        name = key if isinstance(key, str) else ""
        return b.load(self.types[key], self.pointer(b, env, key), name)

    def build(self, b: Builder, start: Value, tape: Value, args: list[Value],
              shadows: list[Value | None], accumulate: bool) -> Value:
        env = b.alloca(self.struct, "env")
        b.store(start, self.pointer(b, env, "start"))
        b.store(tape, self.pointer(b, env, "tape"))
        for position, (arg, shadow) in enumerate(zip(args, shadows)):
            b.store(arg, self.pointer(b, env, ("arg", position)))
            if shadow is not None:
                b.store(shadow, self.pointer(b, env, ("shadow", position)))
            if accumulate and self.activities[position] == R.OUT:
                b.store(zero(arg.type), self.pointer(b, env, ("adjoint", position)))
        return env

    def primal_args(self, b: Builder, env: Value) -> list[Value]:
        return [self.load(b, env, ("arg", p)) for p in range(len(self.activities))]

    def args_and_shadows(self, b: Builder, env: Value) -> list[Value]:
        out = []
        for p, activity in enumerate(self.activities):
            out.append(self.load(b, env, ("arg", p)))
            if activity in (R.DUP, R.DUPNONEED):
                out.append(self.load(b, env, ("shadow", p)))
        return out


#: the loops whose reverse pass runs their step again, as a split-mode error names them
_RERUN_LOOP_NAMES = {CHECKPOINT_LOOP: "a checkpointed loop (__enzyme_checkpoint_for)",
                     FIXED_POINT_LOOP: "a fixed-point loop (__enzyme_fixed_point)"}


def refuse_in_split_mode(function: Function, where: str) -> None:
    """Between ``__enzyme_augmentfwd`` and ``__enzyme_reverse`` the program may change
    any memory, and the reverse pass of a checkpointed or fixed-point loop would run
    steps again on it."""
    for fn in reachable_functions(function):
        attributes = fn.string_attributes()
        for kind, name in _RERUN_LOOP_NAMES.items():
            if kind in attributes:
                raise DifferentiationError(f"{name} cannot be differentiated in split mode: "
                                           f"its reverse pass recomputes steps from memory the "
                                           f"program may change between the two calls; use "
                                           f"__enzyme_autodiff", where)

"""The run-time driver of a checkpointed loop (``__enzyme_checkpoint_for``):
two functions, emitted once per module, that ask the program's scheme for
actions and carry them out.

A scheme is Enzyme's ``EnzymeCheckpointScheme`` (enzyme/checkpoint.h): a
table of C function pointers ``{version, init, next_action, store, restore,
set_nsteps, finalize, save_state, load_state, set_paths}``.  Its actions
(``EnzymeCkptAction {i32 flag; i64 iteration, startiteration, cpnum}``) are
Revolve's:

==========  =============================================================
STORE       save the regions into slot ``cpnum`` (the state before step
            ``iteration``)
RESTORE     load slot ``cpnum``
FORWARD     run steps ``startiteration … iteration-1`` (primal, no tape)
FIRSTUTURN  the state is before the last step: the forward sweep ends
UTURN       run step ``iteration-1`` with its tape, then its adjoint
DONE        the schedule is complete
==========  =============================================================

Besides the scheme's slots the driver uses two of its own, as the protocol
says: slot -2, the state before the last step (stored at FIRSTUTURN; the
reverse sweep starts by restoring it and differentiating that step), and
slot -1, the state the forward sweep left, restored at DONE so the program's
memory is as the primal left it.

``enzyme_opt.checkpoint.forward(scheme, data, n, regions, nregions, bytes,
env, step)`` runs the forward sweep and returns the scheme's state;
``enzyme_opt.checkpoint.reverse(scheme, state, n, regions, nregions, env,
step, gradient)`` the reverse sweep.  ``step(env, j)`` runs step ``j``
without a tape; ``gradient(env, j)`` runs it with its tape and then its
adjoint (``ad/modes/checkpoint.py`` generates both per loop).  A scheme that breaks
the protocol stops the program with one line on stderr.
"""

from __future__ import annotations

import re

from enzyme_opt.ad.sweeps.tape import message_global
from enzyme_opt.analysis.const_memory import ACCESS_ATTRIBUTE, access_attribute
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, Module
from enzyme_opt.ir.values import ConstantInt, Value, null

ABI_VERSION = 1
STORE, RESTORE, FORWARD, FIRSTUTURN, UTURN, DONE = 1, 2, 3, 4, 5, 7

#: EnzymeCkptAction, and EnzymeCkptRegion {ptr, i64 bytes, i32 addrspace, i32 flags} as
#: <enzyme/checkpoint.h> first laid it out; its later version adds {ptr shadow, ptr
#: callbacks} for regions a frontend snapshots itself (flag 1: an object graph), and both
#: say ABI version 1, so the program's header is asked (``region_type``)
ACTION = T.StructType((T.i32, T.i64, T.i64, T.i64))
REGION = T.StructType((T.ptr, T.i64, T.i32, T.i32))
REGION_WITH_CALLBACKS = T.StructType((T.ptr, T.i64, T.i32, T.i32, T.ptr, T.ptr))
REGION_LAYOUTS = (REGION, REGION_WITH_CALLBACKS)
#: the header's name of the struct (``.N`` added when two modules were linked)
REGION_NAME = re.compile(r"struct\.EnzymeCkptRegion(\.\d+)?")
#: the scheme table's fields, by name
SCHEME_FIELDS = ("version", "init", "next_action", "store", "restore", "set_nsteps",
                 "finalize", "save_state", "load_state", "set_paths")
SCHEME = T.StructType((T.i32, *([T.ptr] * (len(SCHEME_FIELDS) - 1))))

INIT = T.FunctionType(T.ptr, (T.ptr, T.i64, T.i64))
NEXT_ACTION = T.FunctionType(T.void, (T.ptr, T.ptr))
STORE_OR_RESTORE = T.FunctionType(T.void, (T.ptr, T.i64, T.i64, T.ptr, T.i64))
FINALIZE = T.FunctionType(T.void, (T.ptr,))
SET_NSTEPS = T.FunctionType(T.void, (T.ptr, T.i64))
#: the per-loop functions the driver calls: step ``j`` of the loop, given its arguments;
#: false when a while loop's step says it was the last
STEP = T.FunctionType(T.i1, (T.ptr, T.i64))

FORWARD_NAME = "enzyme_opt.checkpoint.forward"
REVERSE_NAME = "enzyme_opt.checkpoint.reverse"
_PREFIX = "enzyme-opt: __enzyme_checkpoint_for: "


def region_type(module: Module) -> T.StructType:
    """The ``EnzymeCkptRegion`` layout of the program's ``<enzyme/checkpoint.h>``: the
    named struct its schemes index regions with, which every module including either
    version keeps at every level (its ``__enzyme_checkpoint_builtin`` is ``used`` and
    reaches the reference schemes); the first layout when the module has none (the header
    is not included: a program with its own region type, as enzyme-opt's tests have).
    Raises ValueError with the sentence to report when the struct is neither layout, or
    the module has both."""
    found = set()
    for name, ty in module.struct_types.items():
        if REGION_NAME.fullmatch(name) and ty.body is not None:
            found.add(T.StructType(tuple(ty.body.elements)))
    unknown = found - set(REGION_LAYOUTS)
    if unknown or len(found) > 1:
        layouts = "; ".join(sorted("{" + ", ".join(map(str, t.elements)) + "}"
                                   for t in found))
        raise ValueError(f"<enzyme/checkpoint.h>'s EnzymeCkptRegion is laid out here as "
                         f"{layouts}: enzyme-opt writes regions as {{ptr, i64, i32, i32}} or, "
                         f"in the header's version with callback regions, {{ptr, i64, i32, "
                         f"i32, ptr, ptr}}, and needs the program to use one of them")
    return found.pop() if found else REGION


def region_fields(region: T.StructType, pointer: Value, size: Value, space: int) -> list:
    """One region's fields: memory copied, never a callback region (flags 0); the later
    layout's shadow and callbacks are null, which the header's schemes do not read for
    memory regions."""
    fields = [pointer, size, ConstantInt(T.i32, space), ConstantInt(T.i32, 0)]
    return fields + [null(T.ptr)] * (len(region.elements) - len(fields))


def forward_driver(module: Module) -> Function:
    """The forward sweep.  ``n`` is -1 for a while loop: the loop's length is
    learnt when a step returns false, then given to the scheme (``set_nsteps``)
    and written to ``*steps`` with the other results, for the reverse sweep."""
    found = module.get_function(FORWARD_NAME)
    if found is not None:
        return found
    fn = _new(module, FORWARD_NAME, T.FunctionType(
        T.ptr, (T.ptr, T.ptr, T.i64, T.ptr, T.i64, T.i64, T.ptr, T.ptr, T.ptr)),
        ["scheme", "data", "n", "regions", "nregions", "bytes", "env", "step", "steps"])
    scheme, data, n, regions, nregions, size, env, step, steps = fn.args
    b = Builder(fn.append_block("entry"))
    table = _SchemeTable(b, scheme)
    state = b.call(table.field("init"), [data, n, size], "state", function_type=INIT)
    table.require_store_and_restore()
    b.store(n, steps)
    action = b.alloca(ACTION, "action")
    loop = fn.append_block("next.action")
    b.br(loop)
    b.at_end(loop)
    act = _Action(b, table, state, action)
    # RESTORE: a while loop that has ended goes back to before its last step
    forward, turn, done, bad = _switch_on_action(
        b, act, table, state, regions, nregions, loop,
        [(FORWARD, "forward"), (FIRSTUTURN, "first.uturn"), (DONE, "done")])
    b.at_end(forward)
    known = b.load(T.i64, steps, "known.steps")
    unknown = b.icmp("slt", known, ConstantInt(T.i64, 0), "length.unknown")
    _fail_unless(b, b.binop("or", unknown, b.icmp("sle", act.iteration(b), known)),
                 "the scheme ran steps past the end of the loop")
    ended = _run_steps(b, step, env, act.start(b), act.iteration(b), stop_early=unknown)
    with b.if_then(b.icmp("sge", ended, ConstantInt(T.i64, 0)), "loop.ended"):
        b.store(ended, steps)
        set_nsteps = table.field("set_nsteps")
        _fail_unless(b, b.icmp("ne", set_nsteps, null(T.ptr)),
                     "the scheme has no set_nsteps function, which a while loop needs")
        b.call(set_nsteps, [state, ended], function_type=SET_NSTEPS)
    b.br(loop)
    b.at_end(turn)
    length = b.load(T.i64, steps, "length")
    _fail_unless(b, b.icmp("eq", act.iteration(b), length),
                 "the scheme's first turn is not at the last step")
    last = b.sub(length, ConstantInt(T.i64, 1), "last")
    table.save(state, ConstantInt(T.i64, -2), last, regions, nregions)
    b.call(step, [env, last], function_type=STEP)
    table.save(state, ConstantInt(T.i64, -1), length, regions, nregions)
    b.ret(state)
    b.at_end(done)
    _fail_unless(b, b.icmp("eq", b.load(T.i64, steps), ConstantInt(T.i64, 0)),
                 "the scheme was done before its first turn")
    b.ret(state)
    b.at_end(bad)
    _fail(b, "the scheme asked the forward sweep for an action it cannot take")
    return fn


def reverse_driver(module: Module) -> Function:
    found = module.get_function(REVERSE_NAME)
    if found is not None:
        return found
    fn = _new(module, REVERSE_NAME, T.FunctionType(
        T.void, (T.ptr, T.ptr, T.i64, T.ptr, T.i64, T.i64, T.ptr, T.ptr, T.ptr)),
        ["scheme", "state", "n", "regions", "nregions", "bytes", "env", "step", "gradient"])
    scheme, state, n, regions, nregions, size, env, step, gradient = fn.args
    region = region_type(module)
    b = Builder(fn.append_block("entry"))
    table = _SchemeTable(b, scheme)
    action = b.alloca(ACTION, "action")
    loop, finish = fn.append_block("next.action"), fn.append_block("finish")
    first = fn.append_block("last.step")
    b.cbr(b.icmp("eq", n, ConstantInt(T.i64, 0)), finish, first)
    b.at_end(first)
    last = b.sub(n, ConstantInt(T.i64, 1), "last")
    table.load(state, ConstantInt(T.i64, -2), last, regions, nregions)
    b.call(gradient, [env, last], function_type=STEP)
    # The last step, run again from its snapshot, must leave what it left the first time
    # (slot -1): else the snapshots miss part of the state (a region too small, memory the
    # step reads and writes that no region names) and every recomputed step is wrong.
    # Rounding may differ by a few units in the last place (LLVM folds a constant
    # fmuladd fused in the copy the derivative is made from). The state after a step's
    # adjoint is never read again: the next action restores a snapshot.
    malloc = module.get_or_declare("malloc", T.FunctionType(T.ptr, (T.i64,)))
    again = b.call(malloc, [b.add(size, ConstantInt(T.i64, 1))], "state.again")
    _region_loop(b, region, regions, nregions, lambda b, base, length, offset: b.call(
        memcpy_intrinsic(module), [b.byte_gep(again, offset), base, length, ConstantInt(T.i1, 0)]))
    table.load(state, ConstantInt(T.i64, -1), n, regions, nregions)
    same = b.alloca(T.i1, "same")
    b.store(ConstantInt(T.i1, 1), same)
    _region_loop(b, region, regions, nregions, lambda b, base, length, offset: b.store(
        b.binop("and", b.load(T.i1, same), b.call(_close_function(module), [
            base, b.byte_gep(again, offset), length])), same))
    b.call(module.get_or_declare("free", T.FunctionType(T.void, (T.ptr,))), [again])
    _fail_unless(b, b.load(T.i1, same),
                 "the last step, run again from its snapshot, did not leave the state it left "
                 "the first time: the regions miss part of the state the steps read and write "
                 "(mark all of it, with its full size)")
    b.br(loop)
    b.at_end(loop)
    act = _Action(b, table, state, action)
    forward, uturn, done, bad = _switch_on_action(
        b, act, table, state, regions, nregions, loop,
        [(FORWARD, "forward"), (UTURN, "uturn"), (DONE, "done")])
    b.at_end(forward)
    _run_steps(b, step, env, act.start(b), act.iteration(b))
    b.br(loop)
    b.at_end(uturn)
    b.call(gradient, [env, b.sub(act.iteration(b), ConstantInt(T.i64, 1))], function_type=STEP)
    b.br(loop)
    b.at_end(done)
    table.load(state, ConstantInt(T.i64, -1), n, regions, nregions)
    b.br(finish)
    b.at_end(finish)
    finalize = table.field("finalize")
    with b.if_then(b.icmp("ne", finalize, null(T.ptr)), "finalize"):
        b.call(finalize, [state], function_type=FINALIZE)
    b.ret()
    b.at_end(bad)
    _fail(b, "the scheme asked the reverse sweep for an action it cannot take")
    return fn


CLOSE_NAME = "enzyme_opt.checkpoint.close"
#: how far (in units in the last place of a double) a word of state may round differently
ROUNDING_ULPS = 64


def _close_function(module: Module) -> Function:
    """``close(a, b, bytes)``: are the bytes equal, each 8-byte word but for a few units in
    the last place (as doubles of the same sign), the bytes past the last word exactly?"""
    found = module.get_function(CLOSE_NAME)
    if found is not None:
        return found
    fn = _new(module, CLOSE_NAME, T.FunctionType(T.i1, (T.ptr, T.ptr, T.i64)),
              ["a", "b", "bytes"])
    a, other, size = fn.args
    entry, word, tail, byte, differ, same = (
        fn.append_block(name) for name in ("entry", "word", "tail", "byte", "differ", "same"))
    b = Builder(entry)
    words = b.binop("lshr", size, ConstantInt(T.i64, 3), "words")
    b.cbr(b.icmp("ne", words, ConstantInt(T.i64, 0)), word, tail)
    b.at_end(word)
    k = b.phi(T.i64, "k")
    x = b.load(T.i64, b.gep(T.i64, a, [k]), "x", align=1)
    y = b.load(T.i64, b.gep(T.i64, other, [k]), "y", align=1)
    gap = b.sub(x, y, "gap")
    distance = b.select(b.icmp("slt", gap, ConstantInt(T.i64, 0)), b.sub(ConstantInt(T.i64, 0), gap),
                        gap, "distance")
    same_sign = b.icmp("sge", b.binop("xor", x, y), ConstantInt(T.i64, 0))
    near = b.binop("and", same_sign, b.icmp("ule", distance, ConstantInt(T.i64, ROUNDING_ULPS)))
    k_next = b.add(k, ConstantInt(T.i64, 1))
    more = fn.append_block("next.word")
    b.cbr(near, more, differ)
    b.at_end(more)
    b.cbr(b.icmp("ult", k_next, words), word, tail)
    k.add_incoming(ConstantInt(T.i64, 0), entry)
    k.add_incoming(k_next, more)
    b.at_end(tail)
    first = b.binop("shl", words, ConstantInt(T.i64, 3), "tail.start")
    b.cbr(b.icmp("ult", first, size), byte, same)
    b.at_end(byte)
    j = b.phi(T.i64, "j")
    equal = b.icmp("eq", b.load(T.i8, b.gep(T.i8, a, [j])), b.load(T.i8, b.gep(T.i8, other, [j])))
    j_next = b.add(j, ConstantInt(T.i64, 1))
    next_byte = fn.append_block("next.byte")
    b.cbr(equal, next_byte, differ)
    b.at_end(next_byte)
    b.cbr(b.icmp("ult", j_next, size), byte, same)
    j.add_incoming(first, tail)
    j.add_incoming(j_next, next_byte)
    b.at_end(differ)
    b.ret(ConstantInt(T.i1, 0))
    b.at_end(same)
    b.ret(ConstantInt(T.i1, 1))
    return fn


def _region_loop(b: Builder, region: T.StructType, regions: Value, nregions: Value,
                 visit) -> None:
    """``visit(b, base, bytes, offset)`` for each region of type ``region``, ``offset`` its
    start in a snapshot (the sum of the regions before it); the builder continues after
    the loop."""
    fn = b.function
    before = b.block
    head, body, done = (fn.append_block(name) for name in ("region", "region.body",
                                                           "regions.done"))
    b.br(head)
    b.at_end(head)
    r = b.phi(T.i64, "r")
    offset = b.phi(T.i64, "offset")
    b.cbr(b.icmp("ult", r, nregions), body, done)
    b.at_end(body)
    base = b.load(T.ptr, b.gep(region, regions, [r, ConstantInt(T.i32, 0)]), "base")
    length = b.load(T.i64, b.gep(region, regions, [r, ConstantInt(T.i32, 1)]), "length")
    visit(b, base, length, offset)
    r_next, offset_next = b.add(r, ConstantInt(T.i64, 1)), b.add(offset, length)
    latch = b.block
    b.br(head)
    r.add_incoming(ConstantInt(T.i64, 0), before)
    r.add_incoming(r_next, latch)
    offset.add_incoming(ConstantInt(T.i64, 0), before)
    offset.add_incoming(offset_next, latch)
    b.at_end(done)


def memcpy_intrinsic(module: Module) -> Function:
    """``llvm.memcpy.p0.p0.i64``, declared in ``module``."""
    return module.get_or_declare("llvm.memcpy.p0.p0.i64",
                                 T.FunctionType(T.void, (T.ptr, T.ptr, T.i64, T.i1)))


class _SchemeTable:
    """Reads the fields of the scheme table ``scheme`` (once each, in the entry block)."""

    def __init__(self, b: Builder, scheme: Value):
        self.b, self.scheme, self.fields = b, scheme, {}
        version = b.load(T.i32, b.gep(SCHEME, scheme, _indices(0), "version.field"), "version")
        _fail_unless(b, b.icmp("eq", version, ConstantInt(T.i32, ABI_VERSION)),
                     f"the scheme's version is not {ABI_VERSION} (ENZYME_CKPT_ABI_VERSION)")

    def field(self, name: str) -> Value:
        if name not in self.fields:
            index = SCHEME_FIELDS.index(name)
            pointer = self.b.gep(SCHEME, self.scheme, _indices(index), f"{name}.field")
            self.fields[name] = self.b.load(T.ptr, pointer, name)
        return self.fields[name]

    def require_store_and_restore(self) -> None:
        for name in ("next_action", "store", "restore"):
            _fail_unless(self.b, self.b.icmp("ne", self.field(name), null(T.ptr)),
                         f"the scheme has no {name} function (enzyme-opt copies the regions "
                         f"through store and restore; save_state/load_state are not supported)")

    def save(self, state, slot, step, regions, nregions) -> None:
        self.b.call(self.field("store"), [state, slot, step, regions, nregions],
                    function_type=STORE_OR_RESTORE)

    def load(self, state, slot, step, regions, nregions) -> None:
        self.b.call(self.field("restore"), [state, slot, step, regions, nregions],
                    function_type=STORE_OR_RESTORE)


class _Action:
    """One ``next_action`` call and the fields of what it returned."""

    def __init__(self, b: Builder, table: _SchemeTable, state: Value, action: Value):
        self.action = action
        b.call(table.field("next_action"), [state, action], function_type=NEXT_ACTION)
        self.flag = b.load(T.i32, b.gep(ACTION, action, _indices(0)), "flag")

    def _read(self, b: Builder, index: int, name: str) -> Value:
        return b.load(T.i64, b.gep(ACTION, self.action, _indices(index)), name)

    def iteration(self, b: Builder) -> Value:
        return self._read(b, 1, "iteration")

    def start(self, b: Builder) -> Value:
        return self._read(b, 2, "start.iteration")

    def slot(self, b: Builder) -> Value:
        return self._read(b, 3, "slot")


def _switch_on_action(b: Builder, act: "_Action", table: "_SchemeTable", state: Value,
                      regions: Value, nregions: Value, loop, others) -> list:
    """Branch on the action's flag.  STORE and RESTORE are carried out here, then back
    to ``loop``; each of ``others`` ((flag, block name)) gets a new block, returned in
    order, and then the block any other flag goes to."""
    fn = b.function
    targets = [fn.append_block(name) for _, name in others]
    store, restore, bad = (fn.append_block(name) for name in ("store", "restore", "bad.action"))
    cases = [(STORE, store), (RESTORE, restore)] + \
        [(flag, block) for (flag, _), block in zip(others, targets)]
    b.switch(act.flag, bad, [(ConstantInt(T.i32, flag), block) for flag, block in cases])
    b.at_end(store)
    table.save(state, act.slot(b), act.iteration(b), regions, nregions)
    b.br(loop)
    b.at_end(restore)
    table.load(state, act.slot(b), act.iteration(b), regions, nregions)
    b.br(loop)
    return [*targets, bad]


def _run_steps(b: Builder, step: Value, env: Value, first: Value, end: Value,
               stop_early: Value | None = None) -> Value | None:
    """``for (j = first; j < end; j++) step(env, j)``; the builder continues after it.
    With ``stop_early`` (an i1), a step returning false ends the run: the result is the
    number of steps the loop had (that step's index + 1), else -1."""
    fn = b.function
    head = b.block
    body, after = fn.append_block("step", after=head), fn.append_block("steps.done")
    b.cbr(b.icmp("slt", first, end), body, after)
    b.at_end(body)
    j = b.phi(T.i64, "j")
    going = b.call(step, [env, j], "going", function_type=STEP)
    following = b.add(j, ConstantInt(T.i64, 1), "j.next")
    j.add_incoming(first, head)
    j.add_incoming(following, body)
    more = b.icmp("slt", following, end)
    if stop_early is None:
        b.cbr(more, body, after)
        b.at_end(after)
        return None
    stopped = b.binop("and", stop_early, b.icmp("eq", going, ConstantInt(T.i1, 0)), "stopped")
    length = b.select(stopped, following, ConstantInt(T.i64, -1), "length")
    b.cbr(b.binop("and", more, b.icmp("eq", stopped, ConstantInt(T.i1, 0))), body, after)
    b.at_end(after)
    ended = b.phi(T.i64, "ended")
    ended.add_incoming(ConstantInt(T.i64, -1), head)
    ended.add_incoming(length, body)
    return ended


def _fail_unless(b: Builder, ok: Value, message: str) -> None:
    fn = b.function
    failed, passed = fn.append_block("scheme.error"), fn.append_block("scheme.ok")
    b.cbr(ok, passed, failed)
    b.at_end(failed)
    _fail(b, message)
    b.at_end(passed)


def _fail(b: Builder, message: str) -> None:
    """One line on stderr, then abort(): what a broken scheme gets."""
    fail_with(b, _PREFIX + message)


def fail_with(b: Builder, message: str) -> None:
    module = b.function.module
    text = (message + "\n").encode()
    text_global = message_global(module, module.unique_name("enzyme_opt.checkpoint.message"),
                                 text)
    write = module.get_or_declare("write", T.FunctionType(T.i64, (T.i32, T.ptr, T.i64)))
    b.call(write, [ConstantInt(T.i32, 2), text_global, ConstantInt(T.i64, len(text))])
    b.call(module.get_or_declare("abort", T.FunctionType(T.void, ())), [])
    b.unreachable()


def _indices(field: int) -> list[Value]:
    return [ConstantInt(T.i32, 0), ConstantInt(T.i32, field)]


#: What the drivers do with floats, for ``analysis/const_memory.py``: they move them in and
#: out of the regions (3) and through the steps' environment (6), and through the pointers
#: both hold.  The scheme (0) and its data or state (1) go only to the scheme's functions,
#: which keep what they keep in the scheme's own state, which the differentiated code never
#: reads: not counted as kept, for a pointer the differentiated code loads (forward mode over
#: a gradient loads the loop's local state from its tape) is not one of them.
DRIVER_ACCESS = access_attribute({"written": (3, 6), "read": (3, 6), "written_deep": (3, 6),
                                  "read_deep": (3, 6)})


def _new(module: Module, name: str, fty: T.FunctionType, names: list[str]) -> Function:
    fn = Function(name, fty, names, prefix="internal")
    module.add(fn)
    fn.add_string_attribute(ACCESS_ATTRIBUTE, DRIVER_ACCESS)
    return fn

"""OpenMP regions forked again after AD, a tape per thread.

Every call ``openmp_prepare`` tagged as a forked region — of the primal microtask, of
its forward derivative, of its augmented forward sweep or of its reverse sweep —
becomes (``lower_regions``) a ``__kmpc_fork_call`` of a wrapper
``<callee>.omp_fork(&gtid, &btid, captured…)`` that calls it on each thread; captured
values travel as the runtime's pointer-sized words (``pack``), the shadows among them:
the derivative region is forked with the shadows as extra captured arguments.

- **A tape per thread.**  The augmented forward sweep of a region runs on every
  thread of the team, each pushing onto a tape of its own, in a table indexed by the
  thread number (``TAPE_STRIDE`` apart: no two threads' tapes share a cache line)
  that the team's first thread makes once the team's size is known (the others wait
  at a barrier); the control block is recorded on the caller's tape
  like any value.  The reverse sweep forks a team of the same size
  (``__kmpc_push_num_threads``), and thread *t* pops tape *t*: it walks backwards
  exactly the iterations it ran forwards, the same chunk of every statically
  scheduled loop, the branches it took (``single``, ``master``, ``lastprivate``).
  The run stops with a message if the runtime gives the reverse sweep a team of
  another size, rather than pair tapes with the wrong threads.
- **The intervals of shadow memory each thread accessed** (``ranges``): the
  augmented wrapper copies its thread's record, the last its region pushed, into the
  team's table; the reverse wrapper cuts from it what the other threads recorded before
  the reverse sweep pops it, so that adds only this thread makes are plain.
- **Region tapes are kept for the next forks.**  Every fork of a region gives each
  thread a new tape, and all of a gradient's regions hold theirs until the reverse
  sweep: the stencil benchmark, 22 regions a call, had 22 tapes a thread alive at once,
  while the tape's one spare buffer (``tape.py``) holds one.  So on Linux a released
  region tape that grew into a reserved mapping goes into a pool of ``POOL_SLOTS``,
  and a new one starts in a mapping from it: the next gradient call faults in no fresh
  pages (the kernel zeroing them was 20–45 % of the OpenMP gradients' time).  The pool
  holds the big tapes the gradient had alive at its peak anyway; past ``POOL_SLOTS`` a
  tape is released as any other.
- **The adjoints of values captured by copy** (a ``firstprivate`` double) are each
  thread's share; the wrapper adds them atomically into a sum the caller reads.

This is the tape's machinery (``tape.py``), hence a module of the sweeps.
"""

from __future__ import annotations

from enzyme_opt.ad.parallel.openmp import runtime_function
from enzyme_opt.ad.parallel.openmp_prepare import (AUGMENTED, FORK, PLACEHOLDER, WRAPPER_SUFFIX,
                                                   region_tag)
from enzyme_opt.ad.sweeps.openmp.ranges import exclusive_function, group_count, record_bytes
from enzyme_opt.ad.sweeps.tape import (TAPE_BYTES, free_function, free_tape, message_global,
                                       new_tape, read_record, write_record)
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantInt, Value, null, zero

#: the control block of a forked augmented sweep: the team's size (i32, at 0), its
#: table of tapes, one per thread (ptr, at 8), and its table of the intervals of shadow
#: memory each thread's accesses covered (ptr, at 16; ``ranges``)
TAPES_OFFSET, RANGES_OFFSET, CONTROL_BYTES = 8, 16, 24
TEAM_MISMATCH = (b"enzyme-opt: the reverse sweep of an OpenMP parallel region got a team of "
                 b"another size than its forward sweep; the gradient cannot be computed\n")
WORD = T.i64
#: bytes between two threads' tapes in a team's table: every push and pop writes its
#: tape's header, and two headers in one cache line (64 bytes; 128 with the adjacent line
#: the hardware prefetches) made the threads' sweeps take that line from each other on
#: every iteration
TAPE_STRIDE = 128
assert TAPE_BYTES <= TAPE_STRIDE - 64
#: released region tapes kept for the next forks (``pool_take``, ``pool_keep``)
POOL = "enzyme_opt.omp.tape.pool"
POOL_SLOTS = 256
TAKE, KEEP = "enzyme_opt.omp.tape.take", "enzyme_opt.omp.tape.keep"


def lower_regions(module: Module) -> None:
    """Every tagged region call in the module becomes a fork (module docstring)."""
    # Only our IR holds tags: a body still kept as text has none.  A tag is an attachment:
    # most instructions have none, the cheapest test (every derivative is walked).
    tagged = [inst for fn in module.functions
              if not fn.is_declaration and fn.unparsed_body is None
              for inst in fn.instructions()
              if inst.metadata and isinstance(inst, I.CallInst) and region_tag(inst)]
    for call in tagged:
        role = region_tag(call)
        loc = _loc(module, call)
        if role == FORK:
            _fork_plain(module, call, loc)
        elif role == AUGMENTED:
            _fork_augmented(module, call, loc)
        else:
            _fork_reverse(module, call, loc)
    placeholder = module.get(PLACEHOLDER)
    if placeholder is not None and not placeholder.has_uses():
        module.remove(placeholder)


def _loc(module: Module, call: I.CallInst) -> Value:
    node = next(ref for kind, ref in call.metadata if kind == region_tag(call))
    text = module.metadata[node]
    name = text[text.index("@") + 1:].rstrip("}").strip()
    if name.startswith('"'):
        name = name[1:-1]
    return module.get(name)


def pack(b: Builder, value: Value, where: str) -> Value:
    """A captured value as one of the runtime's pointer-sized varargs."""
    ty = value.type
    if ty.is_pointer or ty == WORD:
        return value
    if isinstance(ty, T.IntType) and ty.bits < 64:
        return b.cast("zext", value, WORD)
    if isinstance(ty, T.FloatType) and ty.kind == "double":
        return b.cast("bitcast", value, WORD)
    if isinstance(ty, T.FloatType) and ty.kind == "float":
        return b.cast("zext", b.cast("bitcast", value, T.i32), WORD)
    raise DifferentiationError(f"a value of type {ty} cannot be passed into an OpenMP "
                               f"parallel region (vector mode, enzyme_width > 1, is not "
                               f"supported with OpenMP)", where)


def unpack(b: Builder, word: Value, ty: T.Type) -> Value:
    if ty.is_pointer or ty == WORD:
        return word
    if isinstance(ty, T.IntType):
        return b.cast("trunc", word, ty)
    if ty.kind == "double":
        return b.cast("bitcast", word, ty)
    return b.cast("bitcast", b.cast("trunc", word, T.i32), ty)


def _word_type(ty: T.Type) -> T.Type:
    return ty if ty.is_pointer else WORD


def _wrapper(module: Module, callee: Function, captured: list[Value],
             extra: list[T.Type]) -> tuple[Function, Builder, list[Value], list[Value]]:
    """``void <callee>.omp_fork(ptr gtid, ptr btid, words…, extra…)``: its builder, the
    captured values unpacked inside it, and the extra parameters."""
    params = (T.ptr, T.ptr, *(_word_type(v.type) for v in captured), *extra)
    fn = module.add(Function(module.unique_name(f"{callee.name}{WRAPPER_SUFFIX}"),
                             T.FunctionType(T.void, params), [".global_tid.", ".bound_tid."],
                             prefix="internal", suffix=f" #{_attributes(module)}"))
    module.derived_from[fn.name] = module.derived_from.get(callee.name, callee.name)
    b = Builder(fn.append_block("entry"))
    words = fn.args[2:2 + len(captured)]
    values = [unpack(b, w, v.type) for w, v in zip(words, captured)]
    return fn, b, values, list(fn.args[2 + len(captured):])


def _attributes(module: Module) -> int:
    return module.add_attribute_group("nounwind")


def _fork(b: Builder, module: Module, loc: Value, wrapper: Function, words: list[Value]) -> None:
    fork = module.get_or_declare("__kmpc_fork_call",
                                 T.FunctionType(T.void, (T.ptr, T.i32, T.ptr), varargs=True))
    b.call(fork, [loc, ConstantInt(T.i32, len(words)), wrapper, *words])


def _split(call: I.CallInst, with_tape: bool) -> tuple[Function, list[Value], Value | None]:
    callee = call.called_function
    args = call.args
    if with_tape:
        return callee, args[2:-1], args[-1]
    return callee, args[2:], None


def _fork_plain(module: Module, call: I.CallInst, loc: Value) -> None:
    """The primal microtask or its forward derivative, on every thread."""
    callee, captured, _ = _split(call, False)
    if call.has_uses():
        raise DifferentiationError("the result of an OpenMP region's derivative is used",
                                   _where(module, call))
    fn, w, values, _ = _wrapper(module, callee, captured, [])
    w.call(callee, [*fn.args[:2], *values])
    w.ret()
    b = Builder().before(call)
    _fork(b, module, loc, fn, [pack(b, v, _where(module, call)) for v in captured])
    call.erase()


def _fork_augmented(module: Module, call: I.CallInst, loc: Value) -> None:
    """The augmented sweep on every thread, each with its own tape, in a table the
    first thread makes once it knows the team's size (the others wait at a barrier);
    the caller records the control block on its tape."""
    callee, captured, tape = _split(call, True)
    where = _where(module, call)
    groups = group_count(callee)
    if call.has_uses():
        raise DifferentiationError("the result of an OpenMP region's augmented sweep is used",
                                   where)
    b = Builder().before(call)
    calloc = module.get_or_declare("calloc", T.FunctionType(T.ptr, (T.i64, T.i64)))
    control = b.call(calloc, [ConstantInt(T.i64, 1), ConstantInt(T.i64, CONTROL_BYTES)],
                     "omp.control")
    fn, w, values, (ctl,) = _wrapper(module, callee, captured, [T.ptr])
    tid = _thread_num(w, module)
    with w.if_then(w.icmp("eq", tid, ConstantInt(T.i64, 0)), name="first"):
        team = w.call(runtime_function(module, "omp_get_num_threads", T.i32, ()), [], "team")
        w.store(team, ctl)
        table = w.call(calloc, [w.cast("sext", team, T.i64), ConstantInt(T.i64, TAPE_STRIDE)],
                       "tapes")
        w.store(table, w.byte_gep(ctl, ConstantInt(T.i64, TAPES_OFFSET)))
        if groups:
            ranges = w.call(calloc, [w.cast("sext", team, T.i64),
                                     ConstantInt(T.i64, record_bytes(groups))], "ranges")
            w.store(ranges, w.byte_gep(ctl, ConstantInt(T.i64, RANGES_OFFSET)))
    gtid = w.load(T.i32, fn.args[0], "gtid")
    w.call(runtime_function(module, "__kmpc_barrier", T.void, (T.ptr, T.i32)), [loc, gtid])
    own = _tape_of(w, ctl, tid)
    new_tape(w, own)
    if _pools_tapes(module):
        w.call(pool_take(module), [own])
    w.call(callee, [*fn.args[:2], *values, own])
    if groups:
        # This thread's intervals, its tape's last record, where the team can read them.
        size = record_bytes(groups)
        ranges = w.load(T.ptr, w.byte_gep(ctl, ConstantInt(T.i64, RANGES_OFFSET)), "ranges")
        mine = w.byte_gep(ranges, w.mul(tid, ConstantInt(T.i64, size)), "my.ranges")
        top = _last_record(w, own, size)
        for offset in range(0, size, 8):
            at = ConstantInt(T.i64, offset)
            w.store(w.load(T.i64, w.byte_gep(top, at)), w.byte_gep(mine, at))
    w.ret()
    _fork(b, module, loc, fn, [*(pack(b, v, where) for v in captured), control])
    write_record(b, tape, [control])
    call.erase()


def _fork_reverse(module: Module, call: I.CallInst, loc: Value) -> None:
    """The reverse sweep on a team of the same size, thread t popping tape t; the
    adjoints it returns (of values captured by copy) summed over the threads."""
    callee, captured, tape = _split(call, True)
    where = _where(module, call)
    b = Builder().before(call)
    (control,) = read_record(b, tape, [null(T.ptr)])
    team = b.load(T.i32, control, "team")
    gtid = b.call(runtime_function(module, "__kmpc_global_thread_num", T.i32, (T.ptr,)), [loc], "gtid")
    b.call(runtime_function(module, "__kmpc_push_num_threads", T.void, (T.ptr, T.i32, T.i32)),
           [loc, gtid, team])
    sums = None
    ret = callee.return_type
    if ret != T.void:
        if not all(t.is_float for t in _leaf_types(ret)):
            raise DifferentiationError("an OpenMP region returns adjoints of a type that "
                                       "cannot be summed over threads", where)
        sums = b.entry_alloca(ret, "omp.adjoints")
        b.store(zero(ret), sums)
    fn, w, values, extra = _wrapper(module, callee, captured,
                                    [T.ptr] + ([T.ptr] if sums is not None else []))
    ctl = extra[0]
    tid = _thread_num(w, module)
    expected = w.load(T.i32, ctl, "team")
    got = w.call(runtime_function(module, "omp_get_num_threads", T.i32, ()), [], "team.now")
    with w.if_then(w.icmp("ne", got, expected), name="other.team"):
        _stop(w, module, "enzyme_opt.omp.team_mismatch", TEAM_MISMATCH)
    own = _tape_of(w, ctl, tid)
    groups = group_count(callee)
    if groups:
        # The intervals the callee pops first become those only this thread adds into.
        ranges = w.load(T.ptr, w.byte_gep(ctl, ConstantInt(T.i64, RANGES_OFFSET)), "ranges")
        w.call(exclusive_function(module),
               [ranges, ConstantInt(T.i64, groups), w.cast("sext", expected, T.i64), tid,
                _last_record(w, own, record_bytes(groups))])
    grads = w.call(callee, [*fn.args[:2], *values, own], "adjoints" if ret != T.void else "")
    if _pools_tapes(module):
        w.call(pool_keep(module), [own])
    else:
        free_tape(w, own)
    if sums is not None:
        _add_atomically(w, extra[1], grads, ret)
    w.ret()
    words = [*(pack(b, v, where) for v in captured), control]
    _fork(b, module, loc, fn, words + ([sums] if sums is not None else []))
    if sums is not None:
        call.replace_all_uses_with(b.load(ret, sums, "omp.adjoint"))
    free = module.get_or_declare("free", T.FunctionType(T.void, (T.ptr,)))
    b.call(free, [b.load(T.ptr, b.byte_gep(control, ConstantInt(T.i64, TAPES_OFFSET)))])
    b.call(free, [b.load(T.ptr, b.byte_gep(control, ConstantInt(T.i64, RANGES_OFFSET)))])
    b.call(free, [control])
    call.erase()


def _pools_tapes(module: Module) -> bool:
    return "linux" in (module.triple or "")


def _pool(module: Module) -> GlobalVariable:
    pool = module.get(POOL)
    if pool is None:
        ty = T.ArrayType(POOL_SLOTS, T.ptr)
        pool = module.add(GlobalVariable(POOL, ty, zero(ty), prefix="internal",
                                         suffix=", align 8"))
    return pool


def _new_pool_function(module: Module, name: str) -> tuple[Function, Builder]:
    fn = module.add(Function(name, T.FunctionType(T.void, (T.ptr,)), ["tape"], prefix="internal",
                             suffix=f" #{_attributes(module)}"))
    return fn, Builder(fn.append_block("entry"))


def _each_slot(b: Builder, body, exhausted) -> None:
    """For each slot of the pool, from ``b``'s block: ``body(b, slot address, next)``
    emits the slot's code, ending in a branch (to ``next`` to go on); after the last
    slot, ``exhausted``."""
    fn = b.function
    start = b.block
    loop, next_ = fn.append_block("slot"), fn.append_block("next")
    b.br(loop)
    b.at_end(loop)
    k = b.phi(T.i64, "k")
    body(b, b.gep(T.ptr, _pool(fn.module), [k], "at"), next_)
    b.at_end(next_)
    k_next = b.add(k, ConstantInt(T.i64, 1), "k.next")
    b.cbr(b.icmp("eq", k_next, ConstantInt(T.i64, POOL_SLOTS)), exhausted, loop)
    k.add_incoming(ConstantInt(T.i64, 0), start)
    k.add_incoming(k_next, next_)


def pool_take(module: Module) -> Function:
    """``void take(ptr tape)``: an empty tape starts in a buffer from the pool, if one is
    there (taken by an exchange: each buffer goes to one tape).  A kept buffer holds its
    capacity and mapping in its first 16 bytes, as ``tape.py``'s spare does."""
    fn = module.get_function(TAKE)
    if fn is not None:
        return fn
    fn, b = _new_pool_function(module, TAKE)
    tape = fn.args[0]
    found, done = fn.append_block("found"), fn.append_block("done")

    def slot(b: Builder, at: Value, next_) -> None:
        seen = b.insert(I.LoadInst(T.ptr, at, 8, "seen", ordering="monotonic"))
        exchange = fn.append_block("exchange")
        b.cbr(b.icmp("eq", seen, null(T.ptr)), next_, exchange)
        b.at_end(exchange)
        buffer = b.insert(I.AtomicRMWInst("xchg", at, null(T.ptr), "acquire", 8, name="buffer"))
        b.cbr(b.icmp("eq", buffer, null(T.ptr)), next_, found)
        b.at_end(found)
        b.store(buffer, tape)
        b.store(b.load(T.i64, buffer, "capacity"), b.byte_gep(tape, ConstantInt(T.i64, 16)))
        b.store(b.load(T.ptr, b.byte_gep(buffer, ConstantInt(T.i64, 8)), "mapping"),
                b.byte_gep(tape, ConstantInt(T.i64, 24)))
        b.br(done)

    _each_slot(b, slot, done)
    b.at_end(done)
    b.ret()
    return fn


def pool_keep(module: Module) -> Function:
    """``void keep(ptr tape)``: a tape that moved into a reserved mapping (past 1 MiB,
    ``tape.py``) goes into a free slot of the pool (a compare-exchange from null: a slot
    holds one buffer); anything else is released as any tape's is
    (``tape.free_function``).  Only mappings: they grow in place, so a tape that takes
    one never moves again, and the pool holds one buffer per big tape alive at once
    (a small malloc'd buffer taken by a big region would send it to a new mapping at
    every call, and the pool would fill with them)."""
    fn = module.get_function(KEEP)
    if fn is not None:
        return fn
    fn, b = _new_pool_function(module, KEEP)
    tape = fn.args[0]
    some, release, done = (fn.append_block(n) for n in ("some", "release", "done"))
    data = b.load(T.ptr, tape, "data")
    mapping = b.load(T.ptr, b.byte_gep(tape, ConstantInt(T.i64, 24)), "mapping")
    b.cbr(b.icmp("eq", mapping, null(T.ptr)), release, some)
    b.at_end(some)
    b.store(b.load(T.i64, b.byte_gep(tape, ConstantInt(T.i64, 16)), "capacity"), data)
    b.store(mapping, b.byte_gep(data, ConstantInt(T.i64, 8)))

    def slot(b: Builder, at: Value, next_) -> None:
        seen = b.insert(I.LoadInst(T.ptr, at, 8, "seen", ordering="monotonic"))
        swap = fn.append_block("swap")
        b.cbr(b.icmp("ne", seen, null(T.ptr)), next_, swap)
        b.at_end(swap)
        pair = b.insert(I.CmpXchgInst(at, null(T.ptr), data, "release monotonic", 8,
                                      name="kept"))
        b.cbr(b.extractvalue(pair, 1), done, next_)

    _each_slot(b, slot, release)
    b.at_end(release)
    b.call(free_function(module), [tape])
    b.br(done)
    b.at_end(done)
    b.ret()
    return fn


def _leaf_types(ty: T.Type) -> list[T.Type]:
    if isinstance(ty, (T.StructType, T.ArrayType)):
        elements = ty.elements if isinstance(ty, T.StructType) else [ty.element] * ty.count
        return [leaf for e in elements for leaf in _leaf_types(e)]
    return [ty]


def _add_atomically(b: Builder, sums: Value, value: Value, ty: T.Type) -> None:
    if not isinstance(ty, (T.StructType, T.ArrayType)):
        b.atomic_fadd(sums, value)
        return
    count = len(ty.elements) if isinstance(ty, T.StructType) else ty.count
    for k in range(count):
        element = b.extractvalue(value, k)
        field = b.gep(ty, sums, [ConstantInt(T.i32, 0), ConstantInt(T.i32, k)])
        _add_atomically(b, field, element, element.type)


def _thread_num(b: Builder, module: Module) -> Value:
    tid = b.call(runtime_function(module, "omp_get_thread_num", T.i32, ()), [], "thread")
    return b.cast("sext", tid, T.i64)


def _tape_of(b: Builder, control: Value, tid: Value) -> Value:
    table = b.load(T.ptr, b.byte_gep(control, ConstantInt(T.i64, TAPES_OFFSET)), "tapes")
    return b.byte_gep(table, b.mul(tid, ConstantInt(T.i64, TAPE_STRIDE)), "thread.tape")


def _last_record(b: Builder, tape: Value, size: int) -> Value:
    """Where the last ``size`` bytes pushed onto ``tape`` are (``tape.py``'s layout:
    ``{data, bytes used, …}``)."""
    data = b.load(T.ptr, tape, "data")
    used = b.load(T.i64, b.byte_gep(tape, ConstantInt(T.i64, 8)), "used")
    return b.byte_gep(data, b.sub(used, ConstantInt(T.i64, size)), "last.record")


def _stop(b: Builder, module: Module, name: str, text: bytes) -> None:
    message = message_global(module, name, text)
    write = module.get_or_declare("write", T.FunctionType(T.i64, (T.i32, T.ptr, T.i64)))
    b.call(write, [ConstantInt(T.i32, 2), message, ConstantInt(T.i64, len(text))])
    b.call(module.get_or_declare("abort", T.FunctionType(T.void, ())), [])


def _where(module: Module, call: I.CallInst) -> str:
    return f"in function @{module.derived_from.get(call.function.name, call.function.name)}"

"""The tape: a growable LIFO byte stack that carries cached values from
the augmented forward sweep to the reverse sweep.

Why a stack: the reverse sweep visits blocks in exactly the reverse order
of the forward sweep, so each block pushes one record (the values its
reverse needs) at its end and its inverse block pops that record first.
Calls nest the same way: ``augmented_<g>`` pushes onto the caller's tape
and ``reverse_<g>`` pops in the caller's reverse sweep.  Loops with known
or unknown trip counts, recursion and early exits need nothing special.

Layout: ``{ ptr data, i64 size, i64 capacity }``; ``push`` grows the
buffer by doubling (realloc), so cost is amortized O(1) per byte.
"""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantInt, ConstantString, Value, null

#: { data, bytes used, capacity, reserved mapping (null: data is malloc'd) };
#: on a GPU the last field is the first buffer, on the stack
TAPE_TYPE = T.StructType((T.ptr, T.i64, T.i64, T.ptr))
PUSH = "enzyme_opt.tape.push"
POP = "enzyme_opt.tape.pop"
FREE = "enzyme_opt.tape.free"
SPARE = "enzyme_opt.tape.spare"
MIN_CAPACITY = 4096
HUGE_PAGE = 2 << 20
MAPPED_TAPE_THRESHOLD = 1 << 20  # past this a tape stops being copied as it grows
RESERVATION = 1 << 40  # virtual address space only: pages exist once written
MAP_FLAGS = 0x02 | 0x20 | 0x4000  # Linux: MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
MADV_HUGEPAGE = 14  # Linux
#: GPU: bytes of tape on the thread's stack before any malloc.  Device malloc is
#: slow (one buffer per thread, uncoalesced) and its heap small, while the stack is
#: local memory, which the hardware interleaves across a warp's threads: on an
#: H200 a grid-stride gradient with a full grid (124 iterations of 32 bytes per
#: thread) took 34 ms with 512 bytes here and 0.57 ms with 4096.  A loop-free
#: gradient needs no such buffer: its one frame becomes registers (SROA)
GPU_INLINE_TAPE = 4096
ALWAYS_INLINE = "alwaysinline nounwind"


def record_layout(values: list[Value]) -> tuple[list[int], int]:
    """Byte offset of each value in its record, and the record's size.
    Wider values go first so every field is naturally aligned with no
    padding between; the size is rounded up to 8 so the next record's
    start stays 8-byte aligned."""
    order = sorted(range(len(values)), key=lambda i: -_align(values[i].type))
    offsets = [0] * len(values)
    total = 0
    for i in order:
        ty = values[i].type
        align = _align(ty)
        total = (total + align - 1) // align * align
        offsets[i] = total
        total += T.alloc_size(ty)
    return offsets, (total + 7) // 8 * 8


def _align(ty: T.Type) -> int:
    return min(T.abi_align(ty), 8)


def _field(b: Builder, tape: Value, index: int, name: str) -> Value:
    return b.gep(TAPE_TYPE, tape, [ConstantInt(T.i32, 0), ConstantInt(T.i32, index)], name,
                 flags="inbounds")


def push_function(module: Module) -> Function:
    """``ptr push(ptr tape, i64 bytes)``: reserve ``bytes`` and return where
    to write them."""
    fn = module.get_function(PUSH)
    if fn is not None:
        return fn
    fn = _new(module, PUSH)
    tape, nbytes = fn.args
    entry = fn.append_block("entry")
    grow = fn.append_block("grow")
    done = fn.append_block("done")
    b = Builder(entry)
    size_p = _field(b, tape, 1, "size.addr")
    cap_p = _field(b, tape, 2, "capacity.addr")
    size = b.load(T.i64, size_p, "size")
    cap = b.load(T.i64, cap_p, "capacity")
    need = b.add(size, nbytes, "need")
    full = b.icmp("ugt", need, cap, "full")
    if _reuses_buffers(module):
        first = fn.append_block("full")
        b.cbr(full, first, done)
        b.at_end(first)
        adopt_spare(b, module, tape, grow, done, need)
    else:
        b.cbr(full, grow, done)
    b.at_end(grow)
    cap = b.load(T.i64, cap_p, "capacity")
    doubled = b.binop("shl", cap, ConstantInt(T.i64, 1), "doubled")
    at_least = b.select(b.icmp("ugt", need, doubled), need, doubled)
    new_cap = b.select(b.icmp("ult", at_least, ConstantInt(T.i64, MIN_CAPACITY)),
                       ConstantInt(T.i64, MIN_CAPACITY), at_least, "new.capacity")
    old = b.load(T.ptr, tape, "old.data")
    triple = module.triple or ""
    if triple.startswith(("nvptx", "amdgcn")):
        # GPU device code has malloc/free but no realloc.
        _move_to_new_buffer(b, module, old, size, new_cap)
    elif "linux" in triple:
        # A tape past 1 MiB moves (once) into a reserved mapping that never
        # moves again and is backed by 2 MiB pages: it grows in place, so
        # its peak memory is what it holds (realloc would hold the old and
        # the new buffer at once) and nothing is copied.  The released
        # mapping stays as the spare, so the next call faults nothing in.
        reserve, small = fn.append_block("grow.reserve"), fn.append_block("grow.small")
        mapped_p = _field(b, tape, 3, "mapping.addr")
        unmapped = b.icmp("eq", b.load(T.ptr, mapped_p, "mapping"), null(T.ptr))
        big = b.icmp("uge", new_cap, ConstantInt(T.i64, MAPPED_TAPE_THRESHOLD))
        b.cbr(b.binop("and", unmapped, big), reserve, small)
        b.at_end(reserve)
        base, failed = _reserve(b, module)
        moved = fn.append_block("grow.move")
        b.cbr(failed, small, moved)
        b.at_end(moved)
        data = _huge_page_start(b, base)
        madvise = module.get_or_declare("madvise", T.FunctionType(T.i32, (T.ptr, T.i64, T.i32)))
        b.call(madvise, [data, ConstantInt(T.i64, RESERVATION - HUGE_PAGE),
                         ConstantInt(T.i32, MADV_HUGEPAGE)])
        _copy_and_free(b, module, data, old, size)
        b.store(data, tape)
        b.store(base, mapped_p)
        b.store(ConstantInt(T.i64, RESERVATION - HUGE_PAGE), cap_p)
        b.br(done)
        b.at_end(small)
        _realloc(b, module, old, new_cap)
    else:
        _realloc(b, module, old, new_cap)
    b.store(new_cap, cap_p)
    b.br(done)
    b.at_end(done)
    data = b.load(T.ptr, tape, "data")
    b.store(need, size_p)
    b.ret(b.byte_gep(data, size, "slot"))
    return fn


def _reserve(b: Builder, module: Module) -> tuple[Value, Value]:
    """``RESERVATION`` bytes of address space (pages exist once written), and
    the i1 saying that mmap failed."""
    mmap = module.get_or_declare("mmap", T.FunctionType(
        T.ptr, (T.ptr, T.i64, T.i32, T.i32, T.i32, T.i64)))
    base = b.call(mmap, [null(T.ptr), ConstantInt(T.i64, RESERVATION), ConstantInt(T.i32, 3),
                         ConstantInt(T.i32, MAP_FLAGS), ConstantInt(T.i32, -1),
                         ConstantInt(T.i64, 0)], "mapping")
    return base, b.icmp("eq", b.cast("ptrtoint", base, T.i64), ConstantInt(T.i64, -1))


def _huge_page_start(b: Builder, base: Value) -> Value:
    """The first 2 MiB boundary in a mapping, as a byte offset from it (which
    keeps the pointer a pointer)."""
    misalign = b.binop("and", b.cast("ptrtoint", base, T.i64), ConstantInt(T.i64, HUGE_PAGE - 1))
    offset = b.binop("and", b.sub(ConstantInt(T.i64, HUGE_PAGE), misalign),
                     ConstantInt(T.i64, HUGE_PAGE - 1), "to.alignment")
    return b.byte_gep(base, offset, "data")


def _realloc(b: Builder, module: Module, old: Value, capacity: Value) -> Value:
    realloc = module.get_or_declare("realloc", T.FunctionType(T.ptr, (T.ptr, T.i64)))
    data = b.call(realloc, [old, capacity], "data")
    _stop_if_null(b, module, data, capacity)
    b.store(data, b.function.args[0])
    return data


#: what a gradient says when its tape cannot grow, instead of writing through null
OUT_OF_MEMORY = "enzyme-opt: out of memory: a gradient's tape (the values its reverse " \
                "sweep reads back) could not grow{size}\n"
#: on a GPU the heap device malloc draws on is small (8 MiB by default)
GPU_HEAP_ADVICE = "enzyme-opt: raise the device heap, e.g. cudaDeviceSetLimit(" \
                  "cudaLimitMallocHeapSize, bytes), before launching the gradient\n"


def _stop_if_null(b: Builder, module: Module, data: Value, size: Value) -> None:
    """Stop with a message when an allocation for the tape failed: one line on
    stderr and abort() on a CPU, printf and a trap on an NVIDIA GPU (the launch
    then fails with the message on stdout), a trap on AMD GPUs."""
    fn = b.function
    failed, grown = fn.append_block("out.of.memory"), fn.append_block("allocated")
    b.cbr(b.icmp("eq", data, null(T.ptr)), failed, grown)
    b.at_end(failed)
    triple = module.triple or ""
    if triple.startswith("nvptx"):
        text = (OUT_OF_MEMORY.format(size=" to %llu bytes") + GPU_HEAP_ADVICE).encode() + b"\0"
        args = Builder().before(fn.blocks[0].instructions[0]).alloca(T.i64, "size.arg")
        b.store(size, args)
        vprintf = module.get_or_declare("vprintf", T.FunctionType(T.i32, (T.ptr, T.ptr)))
        b.call(vprintf, [message_global(module, "enzyme_opt.tape.oom.gpu", text), args])
    elif not triple.startswith("amdgcn"):
        text = OUT_OF_MEMORY.format(size="").encode()
        write = module.get_or_declare("write", T.FunctionType(T.i64, (T.i32, T.ptr, T.i64)))
        b.call(write, [ConstantInt(T.i32, 2), message_global(module, "enzyme_opt.tape.oom", text),
                       ConstantInt(T.i64, len(text))])
    if _is_gpu(module):
        b.call(module.get_or_declare("llvm.trap", T.FunctionType(T.void, ())), [])
    else:
        b.call(module.get_or_declare("abort", T.FunctionType(T.void, ())), [])
    b.unreachable()
    b.at_end(grown)


def message_global(module: Module, name: str, text: bytes) -> GlobalVariable:
    """A private constant holding ``text`` (made once per name)."""
    found = module.get(name)
    if found is None:
        ty = T.ArrayType(len(text), T.i8)
        found = module.add(GlobalVariable(name, ty, ConstantString(ty, text), is_constant=True,
                                          prefix="private unnamed_addr"))
    return found


def _move_to_new_buffer(b: Builder, module: Module, old: Value, size: Value,
                        capacity: Value) -> None:
    """Copy the tape into a new malloc'd buffer and free the old one (a
    GPU tape's first buffer is on the stack: field 3 names it, and it is
    never freed)."""
    malloc = module.get_or_declare("malloc", T.FunctionType(T.ptr, (T.i64,)))
    data = b.call(malloc, [capacity], "data")
    _stop_if_null(b, module, data, capacity)
    inline = b.load(T.ptr, _field(b, b.function.args[0], 3, ""), "inline.data")
    on_heap = b.select(b.icmp("eq", old, inline), null(T.ptr), old)
    _copy_and_free(b, module, data, old, size, on_heap)
    b.store(data, b.function.args[0])


def _copy_and_free(b: Builder, module: Module, data: Value, old: Value, size: Value,
                   to_free: Value | None = None) -> None:
    memcpy = module.get_or_declare("llvm.memcpy.p0.p0.i64",
                                   T.FunctionType(T.void, (T.ptr, T.ptr, T.i64, T.i1)))
    b.call(memcpy, [data, old, size, ConstantInt(T.i1, 0)])
    free = module.get_or_declare("free", T.FunctionType(T.void, (T.ptr,)))
    b.call(free, [old if to_free is None else to_free])


def pop_function(module: Module) -> Function:
    """``ptr pop(ptr tape, i64 bytes)``: release the last ``bytes`` pushed
    and return where they are."""
    fn = module.get_function(POP)
    if fn is not None:
        return fn
    fn = _new(module, POP)
    tape, nbytes = fn.args
    b = Builder(fn.append_block("entry"))
    size_p = _field(b, tape, 1, "size.addr")
    size = b.sub(b.load(T.i64, size_p, "size"), nbytes, "new.size")
    b.store(size, size_p)
    b.ret(b.byte_gep(b.load(T.ptr, tape, "data"), size, "slot"))
    return fn


def _new(module: Module, name: str) -> Function:
    gid = module.add_attribute_group(ALWAYS_INLINE)
    fn = Function(name, T.FunctionType(T.ptr, (T.ptr, T.i64)), ["tape", "bytes"],
                  prefix="internal", suffix=f" #{gid}")
    module.add(fn)
    return fn


#: bytes of a tape object (its header; the records live in memory it points to)
TAPE_BYTES = T.alloc_size(TAPE_TYPE)


def new_tape(b: Builder, memory: Value | None = None) -> Value:
    """An empty tape: on the stack of the current function, or in
    ``memory`` (``TAPE_BYTES`` bytes somewhere else: the heap, or the
    caller's buffer in split mode).  On a GPU a tape on this stack starts
    in ``GPU_INLINE_TAPE`` bytes of it too; one elsewhere outlives this
    frame and starts empty.  On Linux its first growth adopts the buffer the
    last released tape left behind (``adopt_spare``), if there is one."""
    tape = memory if memory is not None else b.alloca(TAPE_TYPE, "tape")
    gpu = memory is None and _is_gpu(b.function.module)
    inline = b.alloca(T.ArrayType(GPU_INLINE_TAPE, T.i8), "tape.inline", 16) if gpu \
        else null(T.ptr)
    b.store(inline, tape)
    b.store(ConstantInt(T.i64, 0), _field(b, tape, 1, ""))
    b.store(ConstantInt(T.i64, GPU_INLINE_TAPE if gpu else 0), _field(b, tape, 2, ""))
    b.store(inline, _field(b, tape, 3, ""))
    return tape


def _reuses_buffers(module: Module) -> bool:
    """Linux CPU code keeps one released tape buffer for the next tape."""
    triple = module.triple or ""
    return "linux" in triple and not _is_gpu(module)


def _spare(module: Module) -> GlobalVariable:
    """``@enzyme_opt.tape.spare``: a released tape buffer (or null), its
    capacity and mapping kept in its first 16 bytes.  One atomic word, so
    threads never share a buffer."""
    spare = module.get(SPARE)
    if spare is None:
        spare = module.add(GlobalVariable(SPARE, T.ptr, null(T.ptr), prefix="internal"))
    return spare


def adopt_spare(b: Builder, module: Module, tape: Value, grow, done, need: Value) -> None:
    """At an empty tape's first growth: take the spare buffer, if one is
    left, then grow further only if it is too small.  A gradient called
    again and again then reuses one buffer: no copies while its tape grows,
    no fresh pages to fault in.  A tape that never grows never touches it."""
    fn = b.function
    adopt, adopted = fn.append_block("adopt"), fn.append_block("adopted")
    empty = b.icmp("eq", b.load(T.ptr, tape, "data"), null(T.ptr), "empty")
    b.cbr(empty, adopt, grow)
    b.at_end(adopt)
    spare = b.insert(I.AtomicRMWInst("xchg", _spare(module), null(T.ptr), "acquire", 8,
                                     name="spare"))
    b.cbr(b.icmp("ne", spare, null(T.ptr)), adopted, grow)
    b.at_end(adopted)
    capacity = b.load(T.i64, spare, "spare.capacity")
    b.store(spare, tape)
    b.store(capacity, _field(b, tape, 2, ""))
    b.store(b.load(T.ptr, b.byte_gep(spare, ConstantInt(T.i64, 8)), "spare.mapping"),
            _field(b, tape, 3, ""))
    b.cbr(b.icmp("ugt", need, capacity), grow, done)


def _is_gpu(module: Module) -> bool:
    return (module.triple or "").startswith(("nvptx", "amdgcn"))


def free_tape(b: Builder, tape: Value) -> None:
    """Release the tape's records (not the tape object itself)."""
    b.call(free_function(b.function.module), [tape])


def free_function(module: Module) -> Function:
    """``void free(ptr tape)``: release the records: the mapping if the tape
    moved into one, else the buffer."""
    fn = module.get_function(FREE)
    if fn is not None:
        return fn
    gid = module.add_attribute_group(ALWAYS_INLINE)
    fn = Function(FREE, T.FunctionType(T.void, (T.ptr,)), ["tape"], prefix="internal",
                  suffix=f" #{gid}")
    module.add(fn)
    tape = fn.args[0]
    b = Builder(fn.append_block("entry"))
    triple = module.triple or ""
    free = module.get_or_declare("free", T.FunctionType(T.void, (T.ptr,)))
    if triple.startswith(("nvptx", "amdgcn")):
        data = b.load(T.ptr, tape, "data")
        inline = b.load(T.ptr, _field(b, tape, 3, ""), "inline")
        b.call(free, [b.select(b.icmp("eq", data, inline), null(T.ptr), data)])
        b.ret()
        return fn
    if "linux" not in triple:
        b.call(free, [b.load(T.ptr, tape, "data")])
        b.ret()
        return fn
    data = b.load(T.ptr, tape, "data")
    with b.if_then(b.icmp("ne", data, null(T.ptr)), name="release"):
        # Keep this buffer for the next tape; release the one kept before.
        b.store(b.load(T.i64, _field(b, tape, 2, ""), "capacity"), data)
        b.store(b.load(T.ptr, _field(b, tape, 3, ""), "mapping"),
                b.byte_gep(data, ConstantInt(T.i64, 8)))
        old = b.insert(I.AtomicRMWInst("xchg", _spare(module), data, "acq_rel", 8, name="old"))
        with b.if_then(b.icmp("ne", old, null(T.ptr)), name="old"):
            mapping = b.load(T.ptr, b.byte_gep(old, ConstantInt(T.i64, 8)), "old.mapping")
            munmap = module.get_or_declare("munmap", T.FunctionType(T.i32, (T.ptr, T.i64)))
            with b.if_then(b.icmp("ne", mapping, null(T.ptr)), name="unmap"):
                b.call(munmap, [mapping, ConstantInt(T.i64, RESERVATION)])
            b.call(free, [b.select(b.icmp("eq", mapping, null(T.ptr)), old, null(T.ptr))])
    b.ret()
    return fn


def _helper(module: Module, name: str, params: tuple) -> Function:
    """An always-inlined ``void name(ptr tape, params…)`` (empty when new)."""
    fn = module.get_function(name)
    if fn is None:
        gid = module.add_attribute_group(ALWAYS_INLINE)
        fn = module.add(Function(name, T.FunctionType(T.void, (T.ptr, *params)), ["tape"],
                                 prefix="internal", suffix=f" #{gid}"))
    return fn


# (The layout is computed once per record written or read and handed on: it was computed
# twice, for the size and again for the offsets.)
def write_record(b: Builder, tape: Value, values: list[Value]) -> None:
    offsets, size = record_layout(values)
    _store_at(b, _push(b, tape, size, "record"), values, offsets)


def read_record(b: Builder, tape: Value, values: list[Value]) -> list[Value]:
    offsets, size = record_layout(values)
    return _load_at(b, _pop(b, tape, size, "record"), values, offsets)


def _push(b: Builder, tape: Value, size: int, name: str) -> Value:
    return b.call(push_function(b.function.module), [tape, ConstantInt(T.i64, size)], name)


def _pop(b: Builder, tape: Value, size: int, name: str) -> Value:
    return b.call(pop_function(b.function.module), [tape, ConstantInt(T.i64, size)], name)


def store_record(b: Builder, slot: Value, values: list[Value]) -> None:
    """Write ``values`` at ``slot`` in their record layout."""
    _store_at(b, slot, values, record_layout(values)[0])


def _store_at(b: Builder, slot: Value, values: list[Value], offsets: list[int]) -> None:
    for value, offset in zip(values, offsets):
        pointer = b.byte_gep(slot, ConstantInt(T.i64, offset)) if offset else slot
        b.store(value, pointer, _align(value.type))


def load_record(b: Builder, slot: Value, values: list[Value]) -> list[Value]:
    """Read back what ``store_record`` wrote at ``slot``."""
    return _load_at(b, slot, values, record_layout(values)[0])


def _load_at(b: Builder, slot: Value, values: list[Value], offsets: list[int]) -> list[Value]:
    out = []
    for value, offset in zip(values, offsets):
        pointer = b.byte_gep(slot, ConstantInt(T.i64, offset)) if offset else slot
        out.append(b.load(value.type, pointer, value.name, _align(value.type)))
    return out


# -- frames: one record per call for a function without cycles ---------------------------
#
# In a function whose blocks each run at most once (no cycle in its CFG) and
# that pushes nothing else (no augmented callee shares its tape), the records of
# all its blocks fit one *frame*, pushed once on entry and popped once when the
# reverse sweep starts: each block's record has a fixed place in it.  Per-block
# pushes would leave each record's address depending on which blocks ran before,
# which keeps LLVM from promoting the records to registers; in a frame every
# address is the frame plus a constant, so once ``diffe<f>`` is inlined with its
# tape SROA turns the frame into SSA values (on a GPU: no tape in local memory).


def frame_layout(records: dict) -> tuple[dict, int]:
    """Each record's offset in the frame (in the dict's order), and the frame's
    size; record sizes are multiples of 8, so every record stays aligned."""
    offsets, total = {}, 0
    for key, values in records.items():
        offsets[key] = total
        total += record_layout(values)[1]
    return offsets, total


def push_frame(b: Builder, tape: Value, size: int) -> Value:
    return _push(b, tape, size, "frame")


def pop_frame(b: Builder, tape: Value, size: int) -> Value:
    return _pop(b, tape, size, "frame")


def frame_slot(b: Builder, frame: Value, offset: int) -> Value:
    return b.byte_gep(frame, ConstantInt(T.i64, offset), "record") if offset else frame


def elide_unused_tape(gradient: Function) -> None:
    """Drop the tape of a combined gradient (``diffe<f>``) whose two halves
    never push or pop (a loop-free function whose reverse sweep recomputes
    or re-reads all it needs): the halves get ``null`` for it.  Besides
    sparing an alloca and a call, this makes the gradient ordinary code that
    a later round can differentiate again (reverse over reverse), where a
    tape's push and pop would need a tape of shadows."""
    tape = next((inst for inst in gradient.instructions()
                 if isinstance(inst, I.AllocaInst) and inst.allocated_type == TAPE_TYPE), None)
    if tape is None:
        return
    calls, setup = [], []
    for user in tape.users:
        if isinstance(user, I.CallInst) and user.called_function is not None \
                and user.called_function.name == FREE:
            setup.append(user)
        elif isinstance(user, I.CallInst) and user.args[-1] is tape \
                and tape not in user.args[:-1] and _tape_unused(user.called_function, {}):
            calls.append(user)
        elif isinstance(user, I.StoreInst) and user.pointer is tape and user.value is not tape:
            setup.append(user)
        elif isinstance(user, I.GEPInst) and all(isinstance(u, I.StoreInst) and u.pointer is user
                                                 for u in user.users):
            setup += [*user.users, user]
        else:
            return  # the tape is used: keep it
    inline = [user.value for user in setup
              if isinstance(user, I.StoreInst) and isinstance(user.value, I.AllocaInst)]
    for use in tape.uses:
        if use.user in calls:
            use.set(null(T.ptr))
    for inst in [*setup, tape, *dict.fromkeys(inline)]:
        if not inst.has_uses():
            inst.erase()


def _tape_unused(fn: Function | None, seen: dict) -> bool:
    """Does ``fn`` (an augmented or reverse half) neither push, pop nor
    read its tape, its last parameter, other than by handing it on to
    halves that do not either?"""
    if fn is None or fn.is_declaration or not fn.args or fn.args[-1].name != "tape":
        return False
    if fn in seen:
        return True  # recursion: whatever uses the tape shows up elsewhere
    seen[fn] = None
    param = fn.args[-1]
    return all(isinstance(user, I.CallInst) and user.args[-1] is param
               and param not in user.args[:-1] and _tape_unused(user.called_function, seen)
               for user in param.users)


# -- shadow tapes: differentiating a derivative again in reverse mode ------------------------
#
# A gradient that a later round differentiates in reverse mode pushes values on its
# tape and pops them back.  Its reverse-mode derivative keeps their adjoints at the same
# places of a shadow tape: each push and pop of the tape is mirrored on the shadow tape,
# so the shadow of a pushed record and of the popped one are the same bytes, and the
# reverse sweep of the derivative adds into and reads those bytes long after the
# primal's pops.  So the shadow tape must never move (a pointer into it outlives
# later pushes) and never release its bytes until the derivative's reverse sweep is
# done: it reserves its whole address range on its first push (pages exist once
# written), and is released with the shadow of the tape object.

STABLE_PUSH = "enzyme_opt.tape.push_stable"


def shadow_tapes_supported(module: Module) -> bool:
    """Shadow tapes reserve address space with mmap: Linux CPUs."""
    return "linux" in (module.triple or "") and not _is_gpu(module)


def mirror_on_shadow_tape(b: Builder, call: I.CallInst, shadow_tape: Value,
                          zero_fill) -> Value | None:
    """The shadow of what a tape helper call returns: a push reserves (and
    zeroes: the shadow of a record starts as no derivative) the same number of
    bytes on the shadow tape, a pop releases them; freeing the tape leaves the
    shadow tape alone (the reverse sweep frees it with the shadow of the tape
    object, ``adjoints.free_shadow``)."""
    module = b.function.module
    name = call.called_function.name
    if name in (PUSH, STABLE_PUSH):  # the latter: a shadow tape's, a third derivative on
        slot = b.call(stable_push_function(module), [shadow_tape, call.arg(1)], "record'")
        zero_fill(b, slot, call.arg(1))
        return slot
    if name == POP:
        return b.call(pop_function(module), [shadow_tape, call.arg(1)], "record'")
    return None


def stable_push_function(module: Module) -> Function:
    """``ptr push_stable(ptr tape, i64 bytes)``: ``push`` on a tape whose
    records never move: its first push reserves the whole mapping."""
    fn = module.get_function(STABLE_PUSH)
    if fn is not None:
        return fn
    fn = _new(module, STABLE_PUSH)
    tape, nbytes = fn.args
    entry, reserve, ready = (fn.append_block(n) for n in ("entry", "reserve", "ready"))
    b = Builder(entry)
    b.cbr(b.icmp("eq", b.load(T.ptr, tape, "data"), null(T.ptr), "empty"), reserve, ready)
    b.at_end(reserve)
    base, failed = _reserve(b, module)
    _stop_if_null(b, module, b.select(failed, null(T.ptr), base), ConstantInt(T.i64, RESERVATION))
    # the layout the tape's own move into a mapping gives (``push``), so
    # ``free`` releases it the same way
    b.store(_huge_page_start(b, base), tape)
    b.store(base, _field(b, tape, 3, ""))
    b.store(ConstantInt(T.i64, RESERVATION - HUGE_PAGE), _field(b, tape, 2, ""))
    b.br(ready)
    b.at_end(ready)
    size_p = _field(b, tape, 1, "size.addr")
    size = b.load(T.i64, size_p, "size")
    b.store(b.add(size, nbytes, "need"), size_p)
    b.ret(b.byte_gep(b.load(T.ptr, tape, "data"), size, "slot"))
    return fn

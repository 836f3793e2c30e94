"""Shadow memory: allocations, zeroing, copies.

Every pointer that may reach active data has a shadow pointer to memory of
the same layout.  These helpers emit the shadow side of memory operations
for both modes (``MemoryOps``), and the augmented forward sweep's shadows of
aggregates and copies (``CopyShadows``, below).
"""

from __future__ import annotations

from enzyme_opt.ad.utils import join_lanes, split_lanes
from enzyme_opt.analysis.local_memory import is_allocation
from enzyme_opt.analysis.memory import underlying_objects
from enzyme_opt.analysis.types import (memory_scalar_types, says_what_memory_holds,
                                       struct_copy_pointer_fields, uses_through_offsets)
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, Module
from enzyme_opt.ir.types import leaves
from enzyme_opt.ir.values import ConstantInt, Value, zero
from enzyme_opt.knowledge.calls import USABLE_SIZE, allocation
from enzyme_opt.knowledge.modes import RERUN_LOOPS


class MemoryOps:
    def __init__(self, module: Module):
        self.module = module

    def intrinsic(self, name: str, params: tuple[T.Type, ...], ret: T.Type = T.void):
        return self.module.get_or_declare(name, T.FunctionType(ret, params))

    def zero_fill(self, b: Builder, pointer: Value, size: Value, align: int = 1) -> None:
        memset = self.intrinsic("llvm.memset.p0.i64", (T.ptr, T.i8, T.i64, T.i1))
        call = b.call(memset, [pointer, ConstantInt(T.i8, 0), size, ConstantInt(T.i1, 0)])
        call.arg_attrs[0] = f"align {align}" if align > 1 else ""

    def alloca_size(self, b: Builder, inst: I.AllocaInst) -> Value:
        size = T.alloc_size(inst.allocated_type)
        count = inst.count
        if count is None:
            return ConstantInt(T.i64, size)
        if isinstance(count, ConstantInt):
            return ConstantInt(T.i64, size * count.value)
        wide = b.cast("zext", count, T.i64) if count.type != T.i64 else count
        return b.mul(wide, ConstantInt(T.i64, size))

    def forward_memcpy(self, b: Builder, inst: I.CallInst, dst: Value | None, src: Value | None,
                       width: int) -> None:
        """memcpy/memmove: copy the shadow bytes too (zero them when the
        source has no shadow)."""
        if dst is None:
            return
        length = inst.arg(2)
        srcs = split_lanes(b, src, width)
        for lane, lane_dst in enumerate(split_lanes(b, dst, width)):
            if srcs[lane] is None:
                self.zero_fill(b, lane_dst, b.zext_i64(length))
            else:
                b.call(inst.called_function, [lane_dst, srcs[lane], length, inst.arg(3)])

    def forward_memset(self, b: Builder, inst: I.CallInst, dst: Value | None, width: int,
                       length_of=None) -> None:
        """memset: the shadow bytes are zeroed; ``length_of(b, lane, n)`` the bytes
        zeroed in a lane (run-time activity: none where the lane is constant data)."""
        if dst is None:
            return
        for lane_dst in split_lanes(b, dst, width):
            length = b.zext_i64(inst.arg(2))
            self.zero_fill(b, lane_dst, length_of(b, lane_dst, length) if length_of else length)

    def shadow_allocation(self, b: Builder, inst: I.CallInst, old_shadow: Value | None,
                          width: int) -> Value:
        """A zeroed shadow allocation of the same size, one per lane."""
        fn = inst.called_function
        args = inst.args
        size_index = allocation(fn).size_index
        lanes = []
        old = split_lanes(b, old_shadow, width)
        for lane in range(width):
            if fn.name == "realloc":
                shadow = self.resize(b, fn, old[lane], args[1])
            else:
                shadow = b.call(fn, args)
                if size_index is not None:
                    self.zero_fill(b, shadow, b.zext_i64(args[size_index]))
            lanes.append(shadow)
        result = join_lanes(b, lanes, T.ptr, width)
        if width == 1 and inst.name:
            lanes[0].name = inst.name + "'"
        return result

    def resize(self, b: Builder, fn: Function, old: Value | None, size: Value) -> Value:
        """Forward mode's shadow of ``realloc(p, size)``: the old shadow
        resized alongside (the tangents it holds move with it; no old shadow:
        a new block), the bytes past the old block zeroed.  The old size is
        bounded by ``malloc_usable_size`` of the old shadow, which is never
        smaller; bytes between the two are the old block's garbage, and the
        primal's are garbage there too."""
        old = old if old is not None else zero(T.ptr)
        usable = self.module.get_or_declare(USABLE_SIZE, T.FunctionType(T.i64, (T.ptr,)))
        kept = b.call(usable, [old], "old.size")
        shadow = b.call(fn, [old, size])
        size = b.zext_i64(size)
        kept = b.select(b.icmp("ult", kept, size), kept, size)
        self.zero_fill(b, b.byte_gep(shadow, kept), b.sub(size, kept))
        return shadow

    def release(self, b: Builder, allocator: Function, memory: Value, args: list[Value]) -> None:
        """Free ``memory`` obtained from ``allocator`` called with ``args``,
        the way that allocator's memory is freed (``free``, ``operator
        delete``, ``munmap``, a program's own deallocator)."""
        spec = allocation(allocator)
        free_args = [memory if i < 0 else args[i] for i in spec.free_args]
        free = spec.free
        if isinstance(free, str):
            ret = T.i32 if free == "munmap" else T.void
            free = self.module.get_or_declare(
                free, T.FunctionType(ret, tuple(a.type for a in free_args)))
        b.call(free, free_args)


def heap_allocate_locals(function: Function, settled=frozenset()) -> tuple[set, set]:
    """Local variables the reverse sweep uses after ``augmented_<f>`` has returned become
    ``malloc``'d memory, which the reverse sweep frees where it reverses their
    allocation: those given to a loop whose reverse pass runs the loop's step again (a
    checkpointed or fixed-point loop), which reads and writes them again, and the
    ``settled`` ones (``analysis.settled_locals``), which it re-reads instead of taping
    each read.  The new calls, returned: all of them, and those of settled locals."""
    module = function.module
    malloc = None
    promoted, rereadable = set(), set()
    for inst in list(function.instructions()):
        if not isinstance(inst, I.AllocaInst) or \
                (inst not in settled and not _reaches_rerun_loop(inst)):
            continue
        malloc = malloc or module.get_or_declare("malloc", T.FunctionType(T.ptr, (T.i64,)))
        b = Builder().before(inst)
        size = ConstantInt(T.i64, T.alloc_size(inst.allocated_type))
        if inst.count is not None:
            count = inst.count if inst.count.type == T.i64 else b.cast("zext", inst.count, T.i64)
            size = b.mul(count, size)
        heap = b.call(malloc, [size], inst.name)
        for use in list(inst.uses):   # lifetime markers apply to allocas only
            user = use.user
            if isinstance(user, I.CallInst) and isinstance(user.called_function, Function) \
                    and user.called_function.name.startswith("llvm.lifetime."):
                user.erase()
        if inst in settled:
            rereadable.add(heap)
        inst.replace_all_uses_with(heap)
        inst.erase()
        promoted.add(heap)
    return promoted, rereadable


def _reaches_rerun_loop(alloca: I.AllocaInst) -> bool:
    """Is the local variable (or a pointer into it) an argument of a rerun loop's call?"""
    return any(isinstance(use.user, I.CallInst) and isinstance(use.user.called_function, Function)
               and any(a in use.user.called_function.string_attributes() for a in RERUN_LOOPS)
               for use in uses_through_offsets(alloca))


# -- the augmented sweep's shadows of aggregates and copies ---------------------------------
class CopyShadows:
    """Shadows of aggregates and of copied memory, for the augmented forward sweep.

    A struct or array holding pointers (``{ptr, ptr}`` returned by value, a span's
    ``{ptr, i64}``) has a shadow of the same type with each pointer's shadow in its
    place; storing one writes those fields of the shadow memory.  A ``memcpy``'s
    forward half moves the shadows of the pointers it copies (its float bytes are the
    reverse sweep's: their adjoints move then).  Which bytes are pointers comes from the
    copy's ``!tbaa.struct``, else from what the program accesses the memory as
    (``analysis.types`` near the copy, ``analysis.pointees`` from the whole program).

    A part of ``AugmentedBuilder`` (``augment.py``), using its state: ``shadow``,
    ``width``, ``runtime``, ``mem``, ``ctx``, ``primal_of``, ``kept_shadow``,
    ``each_lane`` and ``fail``."""

    def aggregate_shadow(self, b: Builder, inst, name: str) -> None:
        """Shadows of structs and arrays holding pointers (``{ptr, ptr}``
        returned by value, a span's ``{ptr, i64}``): the same aggregate with
        each pointer's shadow in its place.  Only the pointer fields of a
        shadow aggregate mean anything; its other fields are the primal's."""
        source = inst.operand(0)
        if inst.opcode == "extractvalue":
            if source in self.shadow and T.contains_pointer(inst.type):
                self.shadow[inst] = self.each_lane(
                    b, self.shadow[source],
                    lambda lane: b.insert(I.ExtractValueInst(lane, inst.indices, inst.type)), name)
            return
        value = inst.operand(1)
        if source not in self.shadow and value not in self.shadow:
            return
        sources = split_lanes(b, self.shadow.get(source, source), self.width) \
            if source in self.shadow else [source] * self.width
        values = split_lanes(b, self.kept_shadow(b, value), self.width) \
            if T.contains_pointer(value.type) else [value] * self.width
        lanes = [b.insert(I.InsertValueInst(s, v, inst.indices)) for s, v in zip(sources, values)]
        self.shadow[inst] = join_lanes(b, lanes, inst.type, self.width, name)

    def store_pointer_fields(self, b: Builder, inst) -> None:
        """Storing an aggregate that holds pointers: each pointer field's
        shadow goes to the same field of the shadow memory.  The other fields
        of the shadow memory are left alone: a float field there is an
        adjoint, which the reverse sweep of this store takes."""
        ty = inst.value.type
        values = split_lanes(b, self.kept_shadow(b, inst.value), self.width)
        for lane, value in zip(split_lanes(b, self.shadow[inst.pointer], self.width), values):
            for path, leaf in leaves(ty):
                if not leaf.scalar.is_pointer:
                    continue
                self.runtime.refuse(inst, "a store of a struct holding pointers", inst.pointer)
                field = b.gep(ty, lane, [ConstantInt(T.i32, 0), *(ConstantInt(T.i32, p) for p in path)])
                b.store(b.insert(I.ExtractValueInst(value, path, leaf)), field)

    def copied_types(self, inst: I.CallInst) -> set[T.Type]:
        """The scalar types of the memory a memcpy moves: what the code near
        the copy says (``analysis.types``), else what the whole program says
        of the memory the primal copy's pointers reach (``analysis.pointees``)."""
        found = memory_scalar_types(inst)
        if says_what_memory_holds(found):
            return found
        primal = self.primal_of(inst)
        if primal is not None:
            found |= self.ctx.pointee_types().scalar_types(primal.arg(0))
        return found

    def copy_pointer_shadows(self, b: Builder, inst: I.CallInst) -> None:
        """A memcpy's forward half: the pointers it copies take their shadows
        along (the shadow pointer fields are copied; a source without a
        shadow gives null ones).  Float fields are left to the reverse
        sweep, which moves their adjoints (copying them here would overwrite
        the caller's seeds).  Which bytes are pointers: the copy's
        ``!tbaa.struct``, else the whole copy when its memory is accessed as
        pointers and never as floats."""
        fields = struct_copy_pointer_fields(inst)
        mixed = False
        if fields is None:
            held = self.copied_types(inst)
            if not any(T.contains_pointer(t) for t in held):
                return
            mixed = any(t.is_float for t in held)
            if mixed and not self.nulls_fresh_shadow(inst):
                raise self.fail(inst, "cannot differentiate a copy of memory that holds both "
                                      "pointers and floating-point values without type "
                                      "information (compile with -O1 or higher, which "
                                      "annotates struct copies)")
            fields = [(0, None)]
        dst, src = inst.arg(0), inst.arg(1)
        if mixed:   # zeroed, never the source's own bytes: floats may be among them
            sources = [None] * self.width
        else:       # with run-time activity a source without a shadow gives its own pointers
            sources = split_lanes(b, self.kept_shadow(b, src) if self.runtime.enabled
                                  else self.shadow.get(src), self.width)
        for lane_dst, lane_src in zip(split_lanes(b, self.shadow[dst], self.width), sources):
            for offset, size in fields:
                at = ConstantInt(T.i64, offset)
                length = inst.arg(2) if size is None else ConstantInt(inst.arg(2).type, size)
                length = self.runtime.length(b, lane_dst, dst, length)
                to = b.byte_gep(lane_dst, at) if offset else lane_dst
                if lane_src is None:
                    self.mem.zero_fill(b, to, length if length.type == T.i64
                                       else b.cast("zext", length, T.i64))
                else:
                    source = b.byte_gep(lane_src, at) if offset else lane_src
                    b.call(inst.called_function, [to, source, length, inst.arg(3)])

    def nulls_fresh_shadow(self, inst: I.CallInst) -> bool:
        """May the forward half of this copy zero every shadow byte it
        overwrites, floats included, without knowing which are pointers?
        Yes when the source has no shadow (what it moves carries no
        derivative: its pointers get null shadows) and the destination is
        memory this function allocated: its shadow is one we made, zeroed,
        and no adjoint reaches it before this function's reverse sweep, so
        its float bytes hold zero here anyway.  (Memory the caller passed
        may hold seeds, which zeroing would lose.)  The key of a
        ``std::unordered_map<std::string, double>`` node is copied so: the
        node holds pointers and the value's double, the key's characters
        come from a string that holds no derivative."""
        if inst.arg(1) in self.shadow:
            return False
        objects = underlying_objects(inst.arg(0))
        return objects is not None and all(
            getattr(obj, "function", None) is inst.function and is_allocation(obj) and
            not (isinstance(obj, I.CallInst) and obj.called_function.name == "realloc")
            for obj in objects)

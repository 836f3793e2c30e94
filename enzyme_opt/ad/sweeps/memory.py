"""Shadow memory: allocations, zeroing, copies.

Every pointer that may reach active data has a shadow pointer to memory of
the same layout.  These helpers emit the shadow side of memory operations
for both modes.
"""

from __future__ import annotations

from enzyme_opt.ad.utils import join_lanes, split_lanes
from enzyme_opt.analysis.types import uses_through_offsets
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, Module
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


def heap_allocate_rerun_locals(function: Function) -> set:
    """Local variables given to a loop whose reverse pass runs the loop's step again (a
    checkpointed or fixed-point loop): the step reads and writes them again after
    ``augmented_<f>`` has returned, so they become ``malloc``'d memory, which the reverse
    sweep frees where it reverses their allocation.  The new calls, returned."""
    module = function.module
    malloc = None
    promoted = set()
    for inst in list(function.instructions()):
        if not isinstance(inst, I.AllocaInst) or not _reaches_rerun_loop(inst):
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
        inst.replace_all_uses_with(heap)
        inst.erase()
        promoted.add(heap)
    return promoted


def _reaches_rerun_loop(alloca: I.AllocaInst) -> bool:
    """Is the local variable (or a pointer into it) an argument of a rerun loop's call?"""
    return any(isinstance(use.user, I.CallInst) and isinstance(use.user.called_function, Function)
               and any(a in use.user.called_function.string_attributes() for a in RERUN_LOOPS)
               for use in uses_through_offsets(alloca))

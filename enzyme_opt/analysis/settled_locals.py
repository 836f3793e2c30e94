"""Local arrays that a function has finished writing before it reads them.

GMM's ``qdiag[k*D+j] = exp(q[k*D+j])`` is filled by one loop nest and then only read,
once per data point, by the next: the reverse sweep needs each value it read, and
taping every read takes a slot per point (4 MB for 2,000 points) where the array holds
2 KB.  When no write to the array can follow any read of it, the memory the reverse
sweep would re-read holds exactly what each read saw, provided it outlives the forward
sweep: ``ad/sweeps/memory.heap_allocate_locals`` then gives it to ``malloc`` (freed
where the reverse sweep undoes the allocation) and the reverse sweep re-reads it.

A local qualifies when it is a fixed-size ``alloca`` of the entry block whose address
is used only to load, to store to (never stored itself), to fill or copy into or out of
with the memory intrinsics, and by lifetime markers (which go with the ``alloca``), and
when no write to it is reachable from a read of it in the control-flow graph.  Only
locals read inside a loop, of at least ``MIN_BYTES``, are worth a ``malloc`` per call.
"""

from __future__ import annotations

from enzyme_opt.analysis.types import uses_through_offsets
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.cfg import Reachability
from enzyme_opt.ir.module import Function

#: Memory intrinsics by the operand that is written (0) or read (1).
_FILLS_AND_COPIES = ("llvm.memset.", "llvm.memcpy.", "llvm.memmove.")
#: What ``malloc`` aligns to on the hosts we compile for (x86-64, AArch64 glibc).
MALLOC_ALIGN = 16
#: Smaller locals keep their per-read tape: a malloc and a free cost about as much as
#: taping a dozen values, which is what a loop over a few elements reads.
MIN_BYTES = 64


def settled_locals(function: Function) -> set[I.AllocaInst]:
    """The entry block's allocas no write to which can follow a read of them,
    read at least once inside a loop (see the module's docstring)."""
    if function.is_declaration or not function.blocks:
        return set()
    reach = Reachability()
    found = set()
    for inst in function.blocks[0].instructions:
        if not isinstance(inst, I.AllocaInst) or inst.count is not None or inst.prefix \
                or inst.addrspace or (inst.align or 1) > MALLOC_ALIGN \
                or T.alloc_size(inst.allocated_type) < MIN_BYTES:
            continue
        accesses = _accesses(inst)
        if accesses is None:
            continue
        reads, writes = accesses
        if any(reach.in_cycle(r.parent) for r in reads) and \
                not any(reach.may_follow(r, w) for r in reads for w in writes):
            found.add(inst)
    return found


def _accesses(alloca: I.AllocaInst):
    """(loads, writes) of the local's memory, or None when its address is used
    any other way (passed to a call, stored, compared, merged by a phi)."""
    reads: list[I.Instruction] = []
    writes: list[I.Instruction] = []
    for use in uses_through_offsets(alloca):
        user = use.user
        if isinstance(user, (I.LoadInst, I.StoreInst)):
            if user.volatile or user.ordering or (user.align or 1) > MALLOC_ALIGN:
                return None
            if isinstance(user, I.LoadInst):
                reads.append(user)
            elif use.index == 1:
                writes.append(user)
            else:
                return None         # its address is stored: it escapes
        elif isinstance(user, I.CallInst) and isinstance(user.called_function, Function):
            name = user.called_function.name
            if name.startswith("llvm.lifetime."):
                continue
            if not name.startswith(_FILLS_AND_COPIES) or use.index > 1:
                return None
            if use.index == 0:
                writes.append(user)  # a copy out of it reads it, but is never re-read
        else:
            return None
    return reads, writes



"""``realloc`` of active memory in reverse mode: the shadow's two halves.

``q = realloc(p, n)`` copies the first min(old size, n) bytes of ``p``'s block
into a block of ``n`` bytes and frees ``p``'s block.  Read as a copy followed
by a free, its derivative is a copy's (``memcpy``: p̄ += q̄; q̄ = 0), so:

* **forward sweep**: q̄ is a fresh zeroed block of ``n`` bytes, and p̄ is *not*
  freed: the reverse sweep of the code before the realloc still adds into it
  (it is freed at the reverse of ``p``'s own allocation, as every heap shadow
  is).  Nothing is copied into q̄: in the forward sweep the float bytes of a
  shadow allocation are all zero, and memory that holds pointers (whose
  shadows would have to move along) is refused.
* **reverse sweep**: p̄[k] += q̄[k] for k < min(old size, n), then q̄ is
  freed.  The old size is not known there; ``malloc_usable_size(p̄)`` bounds it
  from above, and every byte under that bound is p̄'s own.  A byte of q̄ past
  the old size holds no adjoint by then (the program wrote ``q`` there before
  reading it, and a store's reverse takes and zeroes what it finds), and
  nothing reads p̄ past the old size.

Only memory this function allocated (through phis and selects: ``malloc``,
``calloc``, ``aligned_alloc``, an earlier ``realloc``, or null) is resized so;
anything else (a caller's block, whose shadow the caller owns) is refused,
as is memory whose one float type the accesses do not tell.
"""

from __future__ import annotations

from enzyme_opt.analysis.types import scalar_types_of_object
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.values import ConstantInt, ConstantKeyword, Value
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import REALLOCATIONS, RESIZABLE, USABLE_SIZE, call_kind

NOT_OURS = ("realloc of memory this function did not allocate (a caller's block, whose "
            "shadow the caller owns) is not supported in reverse mode")


def is_realloc(inst: I.Instruction) -> bool:
    return isinstance(inst, I.CallInst) and inst.called_function is not None and \
        inst.called_function.name in REALLOCATIONS


def old_and_size(inst: I.CallInst) -> tuple[Value, Value]:
    """The old memory and the new size of a reallocation call."""
    old, size = REALLOCATIONS[inst.called_function.name]
    return inst.arg(old), inst.arg(size)


def _is_null(value: Value) -> bool:
    return isinstance(value, ConstantKeyword) and value.keyword in ("null", "zeroinitializer")


def _sources(pointer: Value) -> list[Value] | None:
    """What ``pointer`` may be, through phis and selects: allocation calls of
    a resizable allocator and the phis on the way; None when it may be
    anything else (null is left out: it has no block)."""
    seen: list[Value] = []
    work = [pointer]
    while work:
        value = work.pop()
        if value in seen or _is_null(value):
            continue
        seen.append(value)
        if isinstance(value, I.PhiInst):
            work.extend(v for v, _ in value.incoming)
        elif isinstance(value, I.SelectInst):
            work.extend(value.operands[1:])
        elif not (isinstance(value, I.CallInst) and call_kind(value) == calls.ALLOCATE
                  and value.called_function.name in RESIZABLE):
            return None
    return seen


def element_type(inst: I.CallInst, fail, width: int = 1) -> T.Type:
    """The float type of the memory ``inst`` resizes (its adjoints are moved
    as such), or a refusal (``fail(inst, message)``)."""
    if width > 1:
        raise fail(inst, f"realloc of active memory in a vector (enzyme_width {width}) "
                         "gradient is not supported")
    old, _ = old_and_size(inst)
    sources = _sources(old)
    if sources is None:
        raise fail(inst, NOT_OURS)
    objects = [inst, *sources, *(u for u in inst.users if isinstance(u, I.PhiInst))]
    held: set[T.Type] = set()
    for base in objects:
        held |= scalar_types_of_object(inst.function, base)
    if any(T.contains_pointer(t) for t in held):
        raise fail(inst, "realloc of active memory that holds pointers is not supported in "
                         "reverse mode (their shadows would have to move with them)")
    floats = {t for t in held if t.is_float}
    if len(floats) != 1:
        what = "both float and double values" if floats else "no float the code reads or writes"
        raise fail(inst, f"realloc of active memory that holds {what} is not supported in "
                         "reverse mode: the type of its adjoints is unknown")
    return floats.pop()


def fresh_shadow(b: Builder, module, size: Value, name: str) -> Value:
    """The forward half: a zeroed block of the new size (the old shadow stays)."""
    malloc = module.get_or_declare("malloc", T.FunctionType(T.ptr, (T.i64,)))
    size = b.zext_i64(size)
    shadow = b.call(malloc, [size], name)
    memset = module.get_or_declare("llvm.memset.p0.i64", T.FunctionType(
        T.void, (T.ptr, T.i8, T.i64, T.i1)))
    b.call(memset, [shadow, ConstantInt(T.i8, 0), size, ConstantInt(T.i1, 0)])
    return shadow


def move_back(b: Builder, module, helper, new: Value, old: Value, size: Value) -> None:
    """The reverse half's copy: old̄ += new̄ over min(usable size of old̄,
    size) bytes, new̄ zeroed there (``helper`` is the memcpy adjoint of the
    element type)."""
    if _is_null(old):
        return  # realloc(NULL, n) is malloc: nothing came from an old block
    usable = module.get_or_declare(USABLE_SIZE, T.FunctionType(T.i64, (T.ptr,)))
    bound = b.call(usable, [old], "old.size")
    size = b.zext_i64(size)
    length = b.select(b.icmp("ult", bound, size), bound, size, "copied")
    b.call(helper, [new, old, length, ConstantInt(T.i1, 1)])


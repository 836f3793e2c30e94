"""Which globals have shadows, and what the program that is not differentiated stores
into them.

A global has a shadow when the program gave it one (``!enzyme_shadow``), and, as in
Enzyme, without being asked (``give_active_globals_shadows``, before each round): a
mutable global defined here, holding no pointer, into which floating-point values are
stored (a ``static double g`` written by a callee); a global the run-time API names
(``shadow_api.py``); and the globals the initializers of those point to.  Each gets
``!enzyme_shadow !{ptr @g.ad.w1}`` (``knowledge/global_shadows.py``), so every generator
and analysis finds it as it finds a shadow the program gave.  Why stores of floats and
not activity: the set must be decided before any derivative is made and be the same
for all of them, or a callee that only reads ``g`` would not see what the callee that
writes it leaves in the shadow (Enzyme's ``global_shadow_other_function.c``).  Globals
holding pointers are left out unless asked for: a pointer stored into them at run time
by code that is not differentiated would have a null shadow.

The shadows given unasked, which the program never asks for, are private to each call of
a derivative (``knowledge.global_shadows.zero_call_private``): the program can neither
seed nor read them, so whatever a call left there must not reach the next.

Code that is not differentiated storing pointers into a global whose shadows
enzyme-opt made: ``mirror_primal_stores``.
"""

from __future__ import annotations

import weakref

from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.abi.virtual_reverse import is_vtable
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantExpr, ConstantInt, Value
from enzyme_opt.knowledge import global_shadows as S


#: module → the globals whose plain shadows the program asks for (``__enzyme_shadow``)
_QUERIED: "weakref.WeakKeyDictionary[Module, set[str]]" = weakref.WeakKeyDictionary()


# -- which globals have shadows ---------------------------------------------------------------
def ask_for_shadow(module: Module, g: GlobalVariable, plain: bool) -> None:
    """The program names ``g`` in ``__enzyme_shadow`` (``plain``: without a context,
    so it may seed and read the plain shadows: they are not private to a call)."""
    mark_shadowed(module, g)
    if plain:
        _QUERIED.setdefault(module, set()).add(g.name)


def mark_shadowed(module: Module, g: GlobalVariable) -> None:
    """Give ``g`` a shadow in the plain set (``!enzyme_shadow !{ptr @g.ad.w1}``) unless it
    has one, and the globals its initializer points to (their shadows are where the
    shadow of ``g`` points)."""
    work = [g]
    while work:
        g = work.pop()
        if g.metadata_text("enzyme_shadow") or g.initializer is None \
                or not _holds_data(g.value_type):
            continue
        if g.metadata_text("enzyme_inactive") is not None:
            raise DifferentiationError(f"@{g.name} is marked inactive, but its shadow is asked "
                                       f"for (or a global with a shadow points to it)")
        shadow = S.storage(module, g, "", 1)
        ref = module.add_metadata_node(f"!{{ptr {shadow.ref()}}}")
        g.suffix += f", !enzyme_shadow {ref}"
        work.extend(_globals_in(g.initializer))


def give_active_globals_shadows(module: Module) -> None:
    """Before each round: every mutable global defined here, holding no pointer, into
    which floating-point values are stored gets a shadow (see the module docstring).
    Not on GPUs, where a global's memory is shared by threads (``ad/parallel/gpu.py``)."""
    if module.triple and module.triple.startswith(("nvptx", "amdgcn")):
        return
    queried = _QUERIED.get(module, set())
    for g in list(module.globals):
        if _may_take_shadow(g) and _written_with_floats(module, g):
            mark_shadowed(module, g)
            if g.name not in queried:
                S.make_call_private(module, g)
    for g in list(module.globals):   # what the shadows of shadowed globals point to
        # (a vtable's shadow points at its RTTI itself: abi/virtual_reverse.py)
        if g.metadata_text("enzyme_shadow") and g.initializer is not None and not is_vtable(g):
            for held in _globals_in(g.initializer):
                if held.initializer is not None and not held.metadata_text("enzyme_shadow"):
                    mark_shadowed(module, held)


def _may_take_shadow(g: GlobalVariable) -> bool:
    return (g.initializer is not None and not g.is_constant and g.type.addrspace == 0
            and (T.contains_float(g.value_type) or S.holds_bytes(g.value_type))
            and not T.contains_pointer(g.value_type) and "thread_local" not in g.prefix
            and g.linkage not in ("appending", "available_externally")
            and not g.name.startswith(("llvm.", "enzyme_", S.CONTEXT_HANDLE))
            and g.metadata_text("enzyme_shadow") is None
            and g.metadata_text("enzyme_inactive") is None)


def _holds_data(ty: T.Type) -> bool:
    return T.contains_float(ty) or T.contains_pointer(ty) or S.holds_bytes(ty)


def _globals_in(constant: Value):
    stack = [constant]
    while stack:
        value = stack.pop()
        if isinstance(value, GlobalVariable):
            yield value
        elif not isinstance(value, Function) and value is not None:
            stack.extend(value.operands)


def _written_with_floats(module: Module, g: GlobalVariable) -> bool:
    """Does some function store floating-point values into ``g`` (through any
    constant or computed address in it), or copy memory into it when it holds floats?"""
    module.parse_bodies_mentioning(g.name)
    work, seen = [g], set()
    while work:
        pointer = work.pop()
        if id(pointer) in seen or len(seen) > 4096:
            continue
        seen.add(id(pointer))
        for use in pointer.uses:
            user = use.user
            if isinstance(user, I.StoreInst):
                if use.index == 1 and T.contains_float(user.value.type):
                    return True
            elif isinstance(user, I.AtomicRMWInst):
                if user.type.scalar.is_float:
                    return True
            elif isinstance(user, I.CallInst):
                callee = user.called_function
                name = callee.name if callee is not None else ""
                if name.startswith(("llvm.memcpy", "llvm.memmove")) and use.index == 0 \
                        and T.contains_float(g.value_type):
                    return True
            elif isinstance(user, (I.GEPInst, I.CastInst, I.PhiInst, I.SelectInst)) \
                    or isinstance(user, ConstantExpr):
                work.append(user)
    return False


# -- pointers the primal stores into globals with shadows ---------------------------------------
def mirror_primal_stores(module: Module, describe) -> None:
    """Code that is not differentiated (``init()`` called by ``main``) storing a pointer
    into a global whose shadows enzyme-opt made: each shadow gets the pointer's shadow
    right after, or the derivative would find a null one there.  An allocation gets a
    zeroed allocation of the same size in each lane (as Enzyme does for what Fortran's
    ALLOCATE gives a module variable), the address of a global the address of its
    shadow, null null; any other pointer is refused."""
    made: dict[str, list[GlobalVariable]] = {}
    for shadow in module.globals:
        if S.INFIX in shadow.name and SIZE_INFIX not in shadow.name:
            made.setdefault(shadow.name.rsplit(S.INFIX, 1)[0], []).append(shadow)
    generated = set(module.derived_from)
    for name, shadows in made.items():
        g = module.get(name)
        if not isinstance(g, GlobalVariable) or not T.contains_pointer(g.value_type):
            continue
        module.parse_bodies_mentioning(g.name)
        for store in _stores_into(g):
            fn = store.function
            if fn is None or fn.name in generated or fn.name.startswith(
                    ("preprocess_", "enzyme_opt.", S.CONTEXT_HANDLE)):
                continue
            if not store.value.type.is_pointer:
                continue
            _, offset = address_in_global(store.pointer)
            if offset is None:
                raise DifferentiationError(
                    f"a pointer is stored into @{g.name}, which has a shadow, at an offset "
                    f"not known at compile time: its shadow cannot follow it", describe(store))
            for shadow in shadows:
                _mirror_store(module, store, g, shadow, offset, describe)


def _stores_into(g: GlobalVariable):
    work, seen = [g], set()
    while work:
        pointer = work.pop()
        if id(pointer) in seen:
            continue
        seen.add(id(pointer))
        for use in list(pointer.uses):
            user = use.user
            if isinstance(user, I.StoreInst) and use.index == 1:
                yield user
            elif isinstance(user, (I.GEPInst, I.CastInst, ConstantExpr)):
                work.append(user)


def address_in_global(pointer: Value) -> tuple[GlobalVariable | None, int | None]:
    """The global ``pointer`` points into and the byte offset (None if not constant)."""
    from enzyme_opt.analysis.types import gep_offset
    offset = 0
    for _ in range(64):
        if isinstance(pointer, GlobalVariable):
            return pointer, offset
        if isinstance(pointer, (I.CastInst, ConstantExpr)) and pointer.opcode in (
                "bitcast", "addrspacecast"):
            pointer = pointer.operand(0)
        elif isinstance(pointer, I.GEPInst):
            step = gep_offset(pointer)
            if step is None:
                return None, None
            offset, pointer = offset + step, pointer.operand(0)
        elif isinstance(pointer, ConstantExpr) and pointer.opcode == "getelementptr":
            step = _constant_gep_offset(pointer)
            if step is None:
                return None, None
            offset, pointer = offset + step, pointer.operand(0)
        else:
            return None, None
    return None, None


def _set_of(module: Module, shadow: GlobalVariable) -> tuple[str, int]:
    """(context, width) of a shadow enzyme-opt made, from its name."""
    suffix = shadow.name.rsplit(S.INFIX, 1)[1]
    if suffix.startswith(S.CONTEXT_HANDLE):
        return suffix, S.context_width(module, suffix)
    return "", int(suffix[1:])


def _mirror_store(module: Module, store: I.StoreInst, g: GlobalVariable,
                  shadow: GlobalVariable, offset: int, describe) -> None:
    from enzyme_opt.knowledge.calls import ALLOCATE, allocation, call_kind
    context, width = _set_of(module, shadow)
    value = store.value
    b = Builder().after(store)
    lanes = [at_offset(S.lane_pointer(module, g, context, width, lane) if width > 1 else shadow,
                 offset) for lane in range(width)]
    target, _ = address_in_global(value) if isinstance(value, ConstantExpr) or \
        isinstance(value, GlobalVariable) else (None, None)
    if getattr(value, "is_zero", False) or isinstance(value, GlobalVariable) \
            or target is not None:
        for lane, at in enumerate(lanes):
            b.store(S.mirror(module, value, context, width, lane, g), at)
        return
    if isinstance(value, I.CallInst) and call_kind(value) == ALLOCATE \
            and value.called_function.name != "realloc":
        fn, args = value.called_function, value.args
        size_index = allocation(fn).size_index
        if size_index is not None:
            size = b.zext_i64(args[size_index])
        else:   # calloc(n, m): zeroed memory of n * m bytes
            size = b.mul(b.zext_i64(args[0]), b.zext_i64(args[1]))
        memset = module.get_or_declare("llvm.memset.p0.i64",
                                       T.FunctionType(T.void, (T.ptr, T.i8, T.i64, T.i1)))
        for at in lanes:
            copy = b.call(fn, args)
            b.call(memset, [copy, ConstantInt(T.i8, 0), size, ConstantInt(T.i1, 0)])
            b.store(copy, at)
        if context:   # remembered for __enzyme_zero_shadows
            b.store(size, _size_slot(module, shadow, offset))
        return
    raise DifferentiationError(
        f"a pointer that is not an allocation or the address of a global is stored into "
        f"@{g.name}, which has a shadow, outside differentiated code: its shadow cannot "
        f"follow it (allocate the memory with malloc/calloc/aligned_alloc there, or do the "
        f"store inside the differentiated function)", describe(store))


def at_offset(pointer: Value, offset: int) -> Value:
    if offset == 0:
        return pointer
    return ConstantExpr(T.ptr, "getelementptr", [pointer, ConstantInt(T.i64, offset)],
                        "inbounds", T.i8)



SIZE_INFIX = ".bytes."


def _size_slot(module: Module, shadow: GlobalVariable, offset: int) -> GlobalVariable:
    """Where the size of the allocation a shadow holds at ``offset`` is kept."""
    name = f"{shadow.name}{SIZE_INFIX}{offset}"
    slot = module.get(name)
    if slot is None:
        slot = module.add(GlobalVariable(name, T.i64, ConstantInt(T.i64, 0), prefix="private",
                                         suffix=", align 8"))
    return slot


def _constant_gep_offset(gep: ConstantExpr) -> int | None:
    """The byte offset a constant ``getelementptr`` adds to its base."""
    ty, indices = gep.source_type, gep.operands[1:]
    if not all(isinstance(i, ConstantInt) for i in indices):
        return None
    return T.indexed_offset(ty, [i.value for i in indices])

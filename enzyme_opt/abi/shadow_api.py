"""Enzyme's run-time shadow API: contexts, the shadows of globals in them, their zeroing.

* ``void *__enzyme_context(int W)``: each call in the source is one *context*, a set
  of shadows of the globals at width W, private to it (``knowledge/global_shadows.py``).
  Contexts are known at compile time, as in Enzyme: the call becomes the context's
  handle ``@enzyme.context[.N]`` (a private constant holding W), which must reach its
  uses in the function that made it (directly, or through a local variable).
* ``void *__enzyme_shadow(void *ctx, void *p, int lane)``: ``p`` is a global, or a
  member or element of one, and the answer is the same place in lane ``lane`` of its
  shadow in the context.  ``__enzyme_shadow(p, W, lane)``, without a context, asks the
  plain set at width W (where ``__enzyme_autodiff``/``__enzyme_fwddiff`` without
  ``enzyme_context`` keep their shadows).  Either way the global now has a shadow
  (``global_shadows.ask_for_shadow``).
* ``void __enzyme_zero_shadows(void *ctx)``: zeroes the floating-point data of every
  shadow of the context, also of those the derivatives make later, and the memory
  allocated for pointers in them (``global_shadows.mirror_primal_stores``); it becomes a
  call of ``@enzyme.context[.N].zero``, whose body ``finish_contexts`` writes once every
  derivative is made.
* ``enzyme_context, ctx`` in an Enzyme call: that derivative and its whole call tree
  use the context's shadows (``callsites.py``; carried by ``DiffRequest.context``).
"""

from __future__ import annotations

from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantExpr, ConstantInt, Value, null
from enzyme_opt.abi.global_shadows import (SIZE_INFIX, address_in_global, ask_for_shadow,
                                          at_offset)
from enzyme_opt.knowledge import global_shadows as S


CONTEXT = "__enzyme_context"
SHADOW = "__enzyme_shadow"
ZERO = "__enzyme_zero_shadows"
#: the run-time API: accepted names for Enzyme (``abi/annotations.py``)
RUNTIME_FUNCTIONS = frozenset({CONTEXT, SHADOW, ZERO})


def lower_shadow_api(module: Module, describe) -> None:
    """Contexts become handles, shadow queries addresses, zeroings calls of the
    context's zeroing function.  ``describe(inst)`` says where an instruction is."""
    make = module.get_function(CONTEXT)
    for call in _calls_of(make):
        width = call.args[0] if call.args else None
        if not isinstance(width, ConstantInt) or width.value < 1:
            raise DifferentiationError(f"the width of {CONTEXT} must be a constant of at "
                                       f"least 1", describe(call))
        handle = GlobalVariable(module.unique_name(S.CONTEXT_HANDLE), T.i32,
                                ConstantInt(T.i32, width.value), is_constant=True,
                                prefix="private")
        module.add(handle)
        call.replace_all_uses_with(handle)
        Builder().before(call).continue_past(call)
        call.erase()
    for call in _calls_of(module.get_function(SHADOW)):
        call.replace_all_uses_with(_query(module, call, describe))
        Builder().before(call).continue_past(call)
        call.erase()
    for call in _calls_of(module.get_function(ZERO)):
        if len(call.args) != 1:
            raise DifferentiationError(f"{ZERO} takes one argument, the context", describe(call))
        handle = context_of(call.args[0], describe(call), ZERO)
        call.replace_all_uses_with(None) if call.has_uses() else None
        b = Builder().before(call)
        b.call(_zeroing_function(module, handle), [])
        b.continue_past(call)
        call.erase()
    for name in RUNTIME_FUNCTIONS:
        fn = module.get_function(name)
        if fn is not None and not fn.has_uses():
            module.remove(fn)


def _calls_of(fn: Function | None) -> list[I.CallInst]:
    if fn is None:
        return []
    calls = [use.user for use in fn.uses if isinstance(use.user, I.CallInst)
             and use.user.called_function is fn]
    return calls


def context_of(value: Value, where: str, what: str = "enzyme_context") -> str:
    """The handle name of the context ``value`` holds: the handle itself, or a local
    variable every store of which stores it."""
    seen = set()
    while id(value) not in seen:
        seen.add(id(value))
        if isinstance(value, GlobalVariable) and value.name.startswith(S.CONTEXT_HANDLE):
            return value.name
        if isinstance(value, (I.CastInst, ConstantExpr)) and value.opcode in ("bitcast",
                                                                              "addrspacecast"):
            value = value.operand(0)
        elif isinstance(value, I.LoadInst) and isinstance(value.pointer, I.AllocaInst):
            stored = {id(u.user.value): u.user.value for u in value.pointer.uses
                      if isinstance(u.user, I.StoreInst) and u.index == 1}
            if len(stored) != 1:
                break
            value = next(iter(stored.values()))
        elif isinstance(value, (I.PhiInst, I.SelectInst)):
            options = value.operands[0::2] if isinstance(value, I.PhiInst) else value.operands[1:]
            names = {context_of(v, where, what) for v in options}
            if len(names) == 1:
                return names.pop()
            break
        else:
            break
    raise DifferentiationError(f"cannot tell which context {what} is given: a context is "
                               f"made by {CONTEXT} in the function that uses it", where)


def _query(module: Module, call: I.CallInst, describe) -> Value:
    """The address ``__enzyme_shadow`` answers."""
    where = describe(call)
    args = call.args
    if len(args) != 3:
        raise DifferentiationError(f"{SHADOW} takes three arguments: (context, &global, "
                                   f"lane) or (&global, width, lane)", where)
    if args[1].type.is_pointer:        # (ctx, &g, lane)
        context = context_of(args[0], where, SHADOW)
        width, place, lane = S.context_width(module, context), args[1], args[2]
    else:                              # (&g, width, lane)
        context, place, lane = "", args[0], args[2]
        if not isinstance(args[1], ConstantInt) or args[1].value < 1:
            raise DifferentiationError(f"the width given to {SHADOW} must be a constant of at "
                                       f"least 1", where)
        width = args[1].value
    if not isinstance(lane, ConstantInt) or not 0 <= lane.value < width:
        raise DifferentiationError(f"the lane given to {SHADOW} must be a constant from 0 to "
                                   f"{width - 1}", where)
    g, offset = address_in_global(place)
    if g is None or offset is None:
        raise DifferentiationError(f"{SHADOW} needs the address of a global (or of a member "
                                   f"or element of one)", where)
    if g.initializer is None:
        raise DifferentiationError(f"@{g.name} is defined in another file: its shadow is made "
                                   f"where it is defined", where)
    if g.is_constant:
        raise DifferentiationError(f"@{g.name} is constant: it has no shadow", where)
    ask_for_shadow(module, g, plain=not context)
    base = S.lane_pointer(module, g, context, width, lane.value)
    if offset == 0:
        return base
    return ConstantExpr(T.ptr, "getelementptr", [base, ConstantInt(T.i64, offset)],
                        "inbounds", T.i8)


# -- zeroing a context ------------------------------------------------------------------------
ZERO_SUFFIX = ".zero"


def _zeroing_function(module: Module, handle: str) -> Function:
    """``@<handle>.zero``: empty until ``finish_contexts`` fills it."""
    name = handle + ZERO_SUFFIX
    fn = module.get_function(name)
    if fn is None:
        fn = module.add(Function(name, T.FunctionType(T.void, ()), prefix="internal"))
        fn.append_block("entry")
        Builder().at_end(fn.entry).ret()
    return fn


def finish_contexts(module: Module) -> None:
    """Once every derivative is made: each context's zeroing function zeroes the
    floating-point bytes of every shadow the context has (not its pointers and
    integers: a descriptor's shadow keeps pointing at the shadow of its data)."""
    for fn in [f for f in module.functions if f.name.startswith(S.CONTEXT_HANDLE)
               and f.name.endswith(ZERO_SUFFIX)]:
        handle = fn.name[:-len(ZERO_SUFFIX)]
        b = Builder().before(fn.entry.terminator)
        memset = module.get_or_declare("llvm.memset.p0.i64",
                                       T.FunctionType(T.void, (T.ptr, T.i8, T.i64, T.i1)))
        width = S.context_width(module, handle)
        for g, shadow in S.shadows_of_set(module, handle):
            for offset, size in float_ranges(shadow.value_type):
                b.call(memset, [at_offset(shadow, offset), ConstantInt(T.i8, 0),
                                ConstantInt(T.i64, size), ConstantInt(T.i1, 0)])
            prefix = shadow.name + SIZE_INFIX
            for slot in [s for s in module.globals if s.name.startswith(prefix)]:
                offset = int(slot.name[len(prefix):])
                for lane in range(width):
                    at = at_offset(S.lane_pointer(module, g, handle, width, lane), offset)
                    memory = b.load(T.ptr, at)
                    with b.if_then(b.icmp("ne", memory, null(T.ptr)), "zero.allocation"):
                        b.call(memset, [memory, ConstantInt(T.i8, 0), b.load(T.i64, slot),
                                        ConstantInt(T.i1, 0)])


def float_ranges(ty: T.Type, base: int = 0) -> list[tuple[int, int]]:
    """(offset, size) of the bytes of a ``ty`` that may hold floating-point data:
    floats and raw bytes, adjacent ranges merged."""
    out: list[tuple[int, int]] = []

    def add(offset: int, size: int) -> None:
        if out and out[-1][0] + out[-1][1] == offset:
            out[-1] = (out[-1][0], out[-1][1] + size)
        else:
            out.append((offset, size))

    def walk(t: T.Type, at: int) -> None:
        if t.scalar.is_float or t == T.i8 or (isinstance(t, T.ArrayType) and S.holds_bytes(t)):
            add(at, T.alloc_size(t))
        elif isinstance(t, T.ArrayType) and not T.contains_pointer(t) \
                and _only_floats(t.element):
            add(at, T.alloc_size(t))
        elif isinstance(t, T.ArrayType):
            step = T.alloc_size(t.element)
            for k in range(t.count):
                walk(t.element, at + k * step)
        elif isinstance(t, (T.StructType, T.NamedStructType)):
            for element, offset in zip(t.elements, T.DEFAULT_LAYOUT.struct_layout(t)[1]):
                walk(element, at + offset)
    walk(ty, base)
    return out


def _only_floats(ty: T.Type) -> bool:
    if isinstance(ty, (T.StructType, T.NamedStructType)):
        return all(_only_floats(e) for e in ty.elements) and \
            T.DEFAULT_LAYOUT.struct_layout(ty)[0] == sum(T.alloc_size(e) for e in ty.elements)
    if isinstance(ty, T.ArrayType):
        return _only_floats(ty.element)
    return ty.scalar.is_float



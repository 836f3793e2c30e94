"""Where the derivative of a global lives: its shadow in each *set* of shadows.

A derivative and its whole call tree use one set of shadows for every global
(docs/abi.md, "Globals"), as Enzyme does:

* the plain set at width 1: the shadow ``!enzyme_shadow !{ptr @dg}`` names, the
  program's own or ``@g.ad.w1``, which enzyme-opt gives an active global
  (``abi/global_shadows.py``);
* the plain set at width W > 1: ``@g.ad.wW``, a ``[W x T]`` holding lane l at
  element l (``__enzyme_shadow(&g, W, l)`` returns it);
* a context, made by ``__enzyme_context(W)``: ``@g.ad.<handle>``, private to it,
  ``T`` at width 1 and ``[W x T]`` above.

Names are the record: the shadow of ``@g`` in a set is found by its name, so
nothing has to follow the module through preprocessing's re-reading.  A shadow
is made on first use.  Its initializer mirrors ``@g``'s: floating-point data is
zero, integers are copied (a descriptor's shadow holds the same size), and the
address of a global is the address of that global's shadow in the same set and
lane (the shadow of a descriptor points at the shadow of its data).  An address
of a global defined in another file has no shadow one could make here: that is
refused, never a pointer into the primal's memory, whose values a derivative
would read as tangents.
"""

from __future__ import annotations

import re
import weakref

from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import (ConstantAggregate, ConstantExpr, ConstantFP, ConstantInt,
                                  ConstantKeyword, ConstantSplat, ConstantString,
                                  ConstantWrapper, Value, zero)

#: the name of a context's handle (``@enzyme.context``, ``@enzyme.context.1``…): a
#: private constant holding the context's width
CONTEXT_HANDLE = "enzyme.context"
#: between a global's name and its set's, in the names of shadows
INFIX = ".ad."


def explicit_shadow(module: Module, g: GlobalVariable) -> Value | None:
    """The shadow ``!enzyme_shadow !{ptr @dg}`` names on ``g`` (the plain set at
    width 1), else None."""
    ref = g.metadata_text("enzyme_shadow")
    line = module.metadata.get(ref, "") if ref else ""
    match = re.search(r"!\{ptr (?:addrspace\(\d+\) )?(@[-\w$.]+|@\"[^\"]*\")\}", line)
    if match is None:
        return None
    return module.get(match.group(1)[1:].strip('"'))


def set_suffix(context: str, width: int) -> str:
    """``enzyme.context.1`` for a context, ``w2`` for the plain set at width 2."""
    return context if context else f"w{width}"


def context_width(module: Module, context: str) -> int:
    """The width a context was made with (its handle's initializer)."""
    handle = module.get(context)
    return handle.initializer.value


def storage(module: Module, g: GlobalVariable, context: str, width: int) -> GlobalVariable:
    """The global holding ``g``'s shadow in the set (all W lanes), made if needed."""
    name = g.name + INFIX + set_suffix(context, width)
    existing = module.get(name)
    if isinstance(existing, GlobalVariable):
        return existing
    ty = g.value_type if width == 1 else T.ArrayType(width, g.value_type)
    if context or g.linkage in ("internal", "private"):
        linkage = "private" if context else "internal"
    else:  # one shadow for every file that differentiates through g (Enzyme's choice)
        linkage = "weak"
    align = f", align {g.align}" if g.align else ""
    shadow = GlobalVariable(name, ty, None, prefix=linkage, suffix=align)
    module.add(shadow, before=g)
    # made before its initializer: a global that points to itself points to its shadow
    lanes = [mirror(module, g.initializer, context, width, lane, g) for lane in range(width)]
    init = lanes[0] if width == 1 else ConstantAggregate(ty, lanes)
    if all(_is_zero(v) for v in lanes):
        init = zero(ty)
        if linkage == "weak":
            shadow.prefix = "common"
    shadow.append_operand(init)
    return shadow


def lane_pointer(module: Module, g: GlobalVariable, context: str, width: int,
                 lane: int) -> Value:
    """The address of lane ``lane`` of ``g``'s shadow in the set."""
    if not context and width == 1:
        explicit = explicit_shadow(module, g)
        if explicit is not None:
            return explicit
    held = storage(module, g, context, width)
    if width == 1:
        return held
    return ConstantExpr(T.ptr, "getelementptr", [held, ConstantInt(T.i64, 0),
                                                 ConstantInt(T.i64, lane)],
                        "inbounds", held.value_type)


def shadow_lanes(module: Module, g: GlobalVariable, context: str, width: int) -> Value:
    """``g``'s shadow as a derivative carries it: a pointer at width 1, the
    ``[W x ptr]`` of its lanes above."""
    lanes = [lane_pointer(module, g, context, width, lane) for lane in range(width)]
    return lanes[0] if width == 1 else ConstantAggregate(T.ArrayType(width, T.ptr), lanes)


def mirror(module: Module, value: Value, context: str, width: int, lane: int,
           owner: GlobalVariable) -> Value:
    """Lane ``lane`` of the shadow of the constant ``value`` (part of ``owner``'s
    initializer): floats zero, integers kept, addresses of globals their shadows'."""
    if isinstance(value, GlobalVariable):
        if not (T.contains_float(value.value_type) or T.contains_pointer(value.value_type)
                or holds_bytes(value.value_type)):
            return value          # a string, a table of integers: its own shadow
        if value.initializer is None:
            raise DifferentiationError(
                f"@{owner.name} holds the address of @{value.name}, which is defined in "
                f"another file: the shadow of @{owner.name} cannot point at a shadow of it "
                f"(define @{value.name} in this file, or keep its address out of @{owner.name})")
        return lane_pointer(module, value, context, width, lane)
    if isinstance(value, (Function, ConstantWrapper)):
        return value
    if isinstance(value, ConstantFP):
        return zero(value.type)
    if isinstance(value, ConstantInt):
        # bytes may be a float's (a COMMON block, a union): zero; wider integers are counts
        return value if value.type.bits > 8 else zero(value.type)
    if isinstance(value, ConstantString):
        return zero(value.type)
    if isinstance(value, ConstantKeyword):
        return value if value.keyword in ("zeroinitializer", "null", "none") else zero(value.type)
    if isinstance(value, (ConstantAggregate, ConstantSplat)):
        parts = [mirror(module, op, context, width, lane, owner) for op in value.operands]
        return type(value)(value.type, parts)
    if isinstance(value, ConstantExpr):
        parts = [mirror(module, op, context, width, lane, owner) for op in value.operands]
        return ConstantExpr(value.type, value.opcode, parts, value.flags, value.source_type)
    return zero(value.type)


def holds_bytes(ty: T.Type) -> bool:
    """Raw bytes (``char buf[N]``, a Fortran COMMON block) may hold floats."""
    while isinstance(ty, T.ArrayType):
        ty = ty.element
    return ty == T.i8


def _is_zero(value: Value) -> bool:
    if isinstance(value, (ConstantAggregate, ConstantSplat)):
        return all(_is_zero(op) for op in value.operands)
    return getattr(value, "is_zero", False)


def shadows_of_set(module: Module, context: str) -> list[tuple[GlobalVariable, GlobalVariable]]:
    """(global, its shadow) for every shadow made so far in a context."""
    out = []
    suffix = INFIX + context
    for shadow in module.globals:
        if shadow.name.endswith(suffix):
            primal = module.get(shadow.name[:-len(suffix)])
            if isinstance(primal, GlobalVariable):
                out.append((primal, shadow))
    return out


# -- shadows private to each call ---------------------------------------------------------------
#: module → names of the globals whose plain shadows are private to each call of a
#: derivative: those enzyme-opt gave a shadow unasked and the program never asks for
_CALL_PRIVATE: "weakref.WeakKeyDictionary[Module, set[str]]" = weakref.WeakKeyDictionary()


def make_call_private(module: Module, g: GlobalVariable) -> None:
    """``g``'s plain shadows hold nothing between calls (``zero_call_private``)."""
    _CALL_PRIVATE.setdefault(module, set()).add(g.name)


def zero_call_private(b, module: Module, width: int, reached: set[str] | None = None) -> None:
    """Before a derivative without a context is called: zero the plain shadows (at its
    width) of the globals that were given shadows unasked.  The program cannot seed or
    read them, and what an earlier call left there (a tangent, an adjoint of the
    global's first value) would be taken for a seed: the derivative must be that of
    the function as written, where the globals' values carry no derivative in or out.
    ``reached``: the names of the globals the derivative's call tree names (None: any),
    whose shadows alone it uses; the others are left alone, for a derivative called
    inside another (a Hessian-vector product) would else zero the outer one's tangents
    of globals it never touches."""
    names = _CALL_PRIVATE.get(module, ())
    if reached is not None:
        names = [name for name in names if name in reached]
    if not names:
        return
    memset = module.get_or_declare("llvm.memset.p0.i64",
                                   T.FunctionType(T.void, (T.ptr, T.i8, T.i64, T.i1)))
    for name in sorted(names):
        g = module.get(name)
        if isinstance(g, GlobalVariable):
            held = storage(module, g, "", width)
            b.call(memset, [held, ConstantInt(T.i8, 0),
                            ConstantInt(T.i64, T.alloc_size(held.value_type)),
                            ConstantInt(T.i1, 0)])

"""Calls through a function pointer with active arguments (C++ virtual calls,
C callbacks): the derivatives are called through the pointer's shadow, a table
``{augment, reverse, forward}`` (its convention: ``abi/virtual_reverse.py``).

The shadow of the called pointer is found as any pointer's: a pointer loaded from
a vtable has its shadow loaded from the shadow object's (shadow) vtable, a function
constant's shadow is its ``@f.shadow_table``.  The forward sweep calls the table's
``augment`` and records the opaque tape pointer it returns; the reverse sweep calls
``reverse`` with it, which frees it.  Forward mode calls ``forward``.

A table pointer that is null at run time (the shadow object was made without a
shadow vtable, or the function has no table) stops the program with a message on
stderr naming the call's source line: calling through it would crash, or read the
primal function's code as a table.  What is refused before: a called pointer
without a shadow, a pointer argument without one (the derivative would write
through null), a callee type the convention does not cover, vector (width > 1)
derivatives.
"""

from __future__ import annotations

from dataclasses import dataclass

from enzyme_opt.abi.virtual_reverse import (AUGMENT, FORWARD, REVERSE, forward_result_type,
                                            reverse_result_type, tables_by_function)
from enzyme_opt.ad.helpers import stop_if
from enzyme_opt.demangle import PREPROCESS_PREFIX
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantInt, ConstantKeyword, Value, null, zero
from enzyme_opt.knowledge.calls import is_virtual_call


@dataclass(eq=False)
class IndirectCall:
    """A call through a pointer, made through its table's ``augment``."""

    function_type: T.FunctionType
    table: Value                # the shadow of the called pointer
    callee: Value               # the called pointer
    args: list[Value]           # the arguments, then the shadows of the pointer ones
    primal_args: list[Value]    # the original call's arguments
    result: Value | None        # the primal result (a float), standing for the call


def function_shadows(module: Module, width: int) -> dict[Function, GlobalVariable]:
    """The shadow of each function that has a table (``abi/virtual_reverse.py``: those
    the differentiated code names), and of its simplified copy, which the code being
    differentiated names: the table.  None at width > 1, where such calls are refused."""
    if width > 1:
        return {}
    out = {}
    for fn, table in tables_by_function(module).items():
        out[fn] = table
        copy = module.get_function(PREPROCESS_PREFIX + fn.name)
        if copy is not None:
            out[copy] = table
    return out


def refusal(inst: I.CallInst, width: int, has_shadow) -> str | None:
    """Why a call through a pointer with active arguments cannot be differentiated here."""
    fty = inst.function_type
    what = ("a virtual call (through the object's vtable)" if is_virtual_call(inst)
            else "an indirect call (through a function pointer)")
    if width > 1:
        return f"{what} with active arguments is not supported in vector mode (width {width})"
    if fty.varargs:
        return f"{what} of a variadic function with active arguments cannot be differentiated"
    if not all(p.is_float or p.is_int or p.is_pointer for p in fty.params) or \
            not (fty.ret == T.void or fty.ret.is_float or fty.ret.is_int):
        return (f"{what} with active arguments, of a function of type {fty}, cannot be "
                f"differentiated: tables of derivatives serve functions taking floats, integers "
                f"and pointers and returning a float, an integer or nothing")
    # A virtual call on an object without a shadow (enzyme_const): its method's table may be
    # found, but the object's fields would take their adjoints through null.
    if not has_shadow(inst.callee) or (is_virtual_call(inst) and not has_shadow(inst.args[0])):
        return (f"{what} with active arguments needs the shadow of the called pointer (a table "
                f"of the function's derivatives), and it has none: give the object or function "
                f"pointer a shadow (enzyme_dup, not enzyme_const; a shadow object's vtable set "
                f"with __enzyme_virtualreverse), or make the call direct")
    for arg in inst.args:
        if arg.type.is_pointer and not has_shadow(arg) and not isinstance(arg, ConstantKeyword):
            return (f"{what} with active arguments is given a pointer without a shadow: the "
                    f"derivatives called through the table would write through null")
    return None


def table_for(b: Builder, module: Module, inst: I.CallInst, shadow: Value | None,
              width: int) -> Value | None:
    """The table to call ``inst`` through.  A C function has no state a derivative could
    flow into, so the table of the function the pointer holds is always right; the
    pointer's shadow is preferred (a table the program built itself, a shadow vtable),
    and where it has none (a callback passed ``enzyme_const`` or without a marker, or read
    from memory without a shadow) or its shadow is no table (null: a shadow struct left
    zeroed; the function itself: a struct copied whole), the table is found at run time
    among the functions of the call's type that have tables (``abi/virtual_reverse.py``
    gives one to each such function whose address the module takes) — null when it is
    none of them, which the call's check reports.  None when the pointer has no shadow and
    no function of that type has a table.  The same holds for a C++ virtual call: a
    shadow object left with the primal's vtable (made without ``__enzyme_virtualreverse``)
    calls the table of the method the primal object's vtable holds."""
    if isinstance(shadow, GlobalVariable):
        return shadow
    candidates: dict[Value, Function] = {}   # table → its function (not its simplified copy)
    for fn, table in function_shadows(module, width).items():
        if fn.function_type == inst.function_type:
            candidates.setdefault(table, fn)
    if not candidates:
        return shadow
    found: Value = null(T.ptr)
    for table, fn in candidates.items():
        found = b.select(b.icmp("eq", inst.callee, fn), table, found, "table")
    if shadow is None:
        return found
    no_table = b.binop("or", b.icmp("eq", shadow, null(T.ptr)), b.icmp("eq", shadow, inst.callee),
                       "shadow.not.a.table")
    return b.select(no_table, found, shadow, "table")


def shadow_args(inst: I.CallInst, shadow_of, tangents: bool) -> list[Value]:
    """The call's arguments, then the shadow of each pointer argument (in forward mode, the
    tangent of each float argument too)."""
    extra = [shadow_of(a) for a in inst.args
             if a.type.is_pointer or (tangents and a.type.is_float)]
    return [*inst.args, *extra]


def slot(b: Builder, table: Value, primal: Value, index: int, where: str) -> Value:
    """The table's function at ``index``, after checking the table is a table: not null,
    nor the called function itself (a shadow object made with the primal's vtable)."""
    _check_table(b, table, primal, where)
    at = b.gep(T.ptr, table, [ConstantInt(T.i64, index)]) if index else table
    return b.load(T.ptr, at, ("augment", "reverse", "forward")[index])


def augment(builder, inst: I.CallInst, table: Value, where: str) -> None:
    """The forward sweep's side (``builder`` is the ``AugmentedBuilder``), through
    ``table`` (``table_for``)."""
    fty = inst.function_type
    b = Builder().before(inst)
    args = shadow_args(inst, builder.shadow_of, False)
    ret = fty.ret
    out = T.StructType((ret, T.ptr)) if ret != T.void else T.ptr
    call = b.call(slot(b, table, inst.callee, AUGMENT, where), args, "augmented",
                  function_type=T.FunctionType(out, tuple(a.type for a in args)))
    result = None
    if ret != T.void:
        result = b.extractvalue(call, 0, inst.name)
        tape = b.extractvalue(call, 1, "indirect.tape")
        for analysis in (builder.varied, builder.useful):
            if inst in analysis:
                analysis.add(result)
        inst.replace_all_uses_with(result)
        if ret.is_float:
            builder.custom_results.add(result)
    else:
        tape = call
    builder.indirect_calls[tape] = IndirectCall(fty, table, inst.callee, args, list(inst.args),
                                                result)
    inst.erase()


def reverse(adjoints, b: Builder, tape: Value, where: str) -> None:
    """The reverse sweep's side (``adjoints`` is the adjoint builder): ``reverse(args…,
    shadows…, [dR], tape)``, its adjoints added to the active float arguments."""
    call = adjoints.fwd.indirect_calls[tape]
    fty = call.function_type
    args = [adjoints.gen.get(b, a) for a in call.args]
    if fty.ret.is_float:
        dy = adjoints.take(b, call.result) if call.result is not None else None
        args.append(dy if dy is not None else zero(fty.ret))
    args.append(adjoints.gen.get(b, tape))
    want = reverse_result_type(fty)
    function = slot(b, adjoints.gen.get(b, call.table), adjoints.gen.get(b, call.callee),
                    REVERSE, where)
    grads = b.call(function, args, "" if want == T.void else "indirect.gradients",
                   function_type=T.FunctionType(want, tuple(a.type for a in args)))
    floats = [k for k, p in enumerate(fty.params) if p.is_float]
    for index, k in enumerate(floats):
        operand = call.primal_args[k]
        if operand in adjoints.gen.slots:
            adjoints.accumulate(b, operand, grads if len(floats) == 1
                                else b.extractvalue(grads, index))


def forward(generator, inst: I.CallInst, table: Value, where: str) -> None:
    """Forward mode (``generator`` is the ``ForwardGenerator``): ``forward(args…,
    tangents…)`` through ``table`` (``table_for``) → ``{R, dR}`` replaces the call."""
    fty = inst.function_type
    b = Builder().before(inst)
    args = shadow_args(inst, generator.materialize, True)
    out = forward_result_type(fty)
    call = b.call(slot(b, table, inst.callee, FORWARD, where), args, "",
                  function_type=T.FunctionType(out, tuple(a.type for a in args)))
    primal = call
    if fty.ret.is_float:
        primal = b.extractvalue(call, 0, inst.name)
        generator.tangent[primal] = b.extractvalue(call, 1, generator.name(inst))
        generator.varied.add(primal)
    if fty.ret != T.void:
        inst.replace_all_uses_with(primal)
    inst.erase()


def _check_table(b: Builder, table: Value, primal: Value, where: str) -> None:
    text = (f"enzyme-opt: {where}: the shadow of the function pointer called here with active "
            f"arguments is not a table of derivatives: null (the pointer's shadow was never set, "
            f"or the function has no table: it, or a function it calls, has no body in this "
            f"module), or the function itself (a shadow object needs its vtable set with "
            f"__enzyme_virtualreverse)\n").encode()
    not_a_table = b.binop("or", b.icmp("eq", table, null(T.ptr)), b.icmp("eq", table, primal),
                          "not.a.table")
    stop_if(b, not_a_table, text, "enzyme_opt.null_table_message")

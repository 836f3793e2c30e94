"""Enzyme's gradient logging hook: a program that defines

    void enzymeLogGrad(double grad, const char *opcodeName, const char *calleeName,
                       const char *moduleName, const char *functionName,
                       unsigned blockIdx, unsigned instIdx);

or its later form, which also gives the operation's result and operands,

    void enzymeLogGrad(double res, double grad, const char *opcodeName,
                       const char *calleeName, const char *moduleName,
                       const char *functionName, unsigned blockIdx, unsigned instIdx,
                       unsigned numOperands, double *operands);

has it called by every reverse sweep, once for each active floating-point operation (an
``fadd``… ``fneg``, or a call of a math function), with the adjoint of its result when the
sweep reaches it — what error estimation (Enzyme's ``enzymeLogGrad``) multiplies by each
operation's rounding error.  The hook is found by its name, a C or C++ definition with
one of those signatures; without it nothing is emitted.  Scalar doubles only (a float's
adjoint, result and operands are widened; a vector's or a batched sweep's lanes are not
logged).  The later form makes the forward sweep keep each logged operation's result and
operands for the reverse sweep (``AugmentedBuilder.needs``).
"""

from __future__ import annotations

from dataclasses import dataclass

from enzyme_opt.ad.sweeps.tape import message_global
from enzyme_opt.demangle import user_name
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, Module
from enzyme_opt.ir.values import ConstantInt, Value

HOOK = "enzymeLogGrad"
_PLACE = (T.ptr, T.ptr, T.ptr, T.ptr, T.i32, T.i32)   # the names and the indices
#: (parameters, the Itanium name of the C++ free function) of each form
_FORMS = {False: ((T.f64, *_PLACE), "_Z13enzymeLogGraddPKcS0_S0_S0_jj"),
          True: ((T.f64, T.f64, *_PLACE, T.i32, T.ptr), "_Z13enzymeLogGradddPKcS0_S0_S0_jjjPd")}


@dataclass(frozen=True)
class LogHook:
    function: Function
    with_values: bool    # the later form: the result and the operands too


def log_hook(module: Module) -> LogHook | None:
    """The program's ``enzymeLogGrad`` (C, or the C++ free function of a hook's
    signature), if it defines one.  Looked up by name: asked once per derivative."""
    for with_values, (params, mangled) in _FORMS.items():
        for name in (HOOK, mangled):
            fn = module.get_function(name)
            if fn is not None and not fn.is_declaration and fn.function_type.params == params:
                return LogHook(fn, with_values)
    return None


def logged_operands(inst: I.Instruction) -> list[Value]:
    """The operands the later form passes (floats and integers, as doubles)."""
    operands = inst.args if isinstance(inst, I.CallInst) else inst.operands
    return [o for o in operands if (o.type.is_float or o.type.is_int) and not o.type.is_vector]


def log_gradient(b: Builder, hook: LogHook, inst: I.Instruction, adjoint: Value,
                 primal_of) -> None:
    """``enzymeLogGrad([y,] ȳ, opcode, callee, module, function, block, instruction[, n,
    operands])`` for the operation ``inst`` (the indices count blocks and instructions in
    the simplified copy of its function that is differentiated; ``primal_of(b, v)`` is
    the forward sweep's ``v`` here)."""
    if not adjoint.type.is_float or adjoint.type.is_vector:
        return
    module = b.function.module
    callee = inst.called_function.name if isinstance(inst, I.CallInst) else ""
    primal = inst.parent.parent
    function = module.derived_from.get(primal.name) or user_name(primal.name)
    block = primal.blocks.index(inst.parent)
    texts = [inst.opcode, callee, module.source_filename or module.name or "", function]
    strings = [message_global(module, _name(t), t.encode() + b"\0") for t in texts]
    place = [*strings, ConstantInt(T.i32, block),
             ConstantInt(T.i32, inst.parent.instructions.index(inst))]
    if not hook.with_values:
        b.call(hook.function, [_as_double(b, adjoint), *place])
        return
    operands = logged_operands(inst)
    array = b.entry_alloca(T.ArrayType(max(len(operands), 1), T.f64), "logged.operands")
    for k, operand in enumerate(operands):
        at = b.gep(T.f64, array, [ConstantInt(T.i64, k)]) if k else array
        b.store(_as_double(b, primal_of(b, operand)), at)
    b.call(hook.function, [_as_double(b, primal_of(b, inst)), _as_double(b, adjoint), *place,
                           ConstantInt(T.i32, len(operands)), array])


def _as_double(b: Builder, value: Value) -> Value:
    if value.type == T.f64:
        return value
    if value.type.is_int:
        return b.cast("sitofp", value, T.f64)
    return b.cast("fpext" if value.type.bits < 64 else "fptrunc", value, T.f64)


def _name(text: str) -> str:
    """The string's global: readable, and distinct for distinct texts (the hash)."""
    import hashlib  # here: loading OpenSSL's hashes cost every run 7 ms of start-up
    readable = "".join(c if c.isalnum() or c in "._" else "_" for c in text)[:40]
    return f"enzyme_opt.log.{readable}.{hashlib.sha1(text.encode()).hexdigest()[:8]}"

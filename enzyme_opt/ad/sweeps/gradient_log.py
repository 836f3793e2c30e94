"""Enzyme's gradient logging hook: a program that defines

    void enzymeLogGrad(double grad, const char *opcodeName, const char *calleeName,
                       const char *moduleName, const char *functionName,
                       unsigned blockIdx, unsigned instIdx);

has it called by every reverse sweep, once for each active floating-point operation (an
``fadd``… ``fneg``, or a call of a math function), with the adjoint of its result when the
sweep reaches it — what error estimation (Enzyme's ``enzymeLogGrad``) multiplies by each
operation's rounding error.  The hook is found by its name, a C or C++ definition with
that signature; without it nothing is emitted.  Scalar doubles only (a float's adjoint is
widened; a vector's or a batched sweep's lanes are not logged).
"""

from __future__ import annotations

import hashlib

from enzyme_opt.ad.sweeps.tape import message_global
from enzyme_opt.demangle import user_name
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, Module
from enzyme_opt.ir.values import ConstantInt, Value

HOOK = "enzymeLogGrad"
HOOK_TYPE = T.FunctionType(T.void, (T.f64, T.ptr, T.ptr, T.ptr, T.ptr, T.i32, T.i32))
#: the Itanium name of the C++ free function with the hook's signature
_MANGLED = "_Z13enzymeLogGraddPKcS0_S0_S0_jj"


def log_hook(module: Module) -> Function | None:
    """The program's ``enzymeLogGrad`` (C, or the C++ free function of the hook's
    signature), if it defines one.  Looked up by name: asked once per derivative."""
    for name in (HOOK, _MANGLED):
        fn = module.get_function(name)
        if fn is not None and not fn.is_declaration and fn.function_type.params == HOOK_TYPE.params:
            return fn
    return None


def log_gradient(b: Builder, hook: Function, inst: I.Instruction, adjoint: Value) -> None:
    """``enzymeLogGrad(ȳ, opcode, callee, module, function, block, instruction)`` for the
    operation ``inst`` (the indices count blocks and instructions in the simplified copy
    of its function that is differentiated)."""
    if not adjoint.type.is_float or adjoint.type.is_vector:
        return
    module = b.function.module
    if adjoint.type != T.f64:
        adjoint = b.cast("fpext", adjoint, T.f64)
    callee = inst.called_function.name if isinstance(inst, I.CallInst) else ""
    primal = inst.parent.parent
    function = module.derived_from.get(primal.name) or user_name(primal.name)
    block = primal.blocks.index(inst.parent)
    texts = [inst.opcode, callee, module.source_filename or module.name or "", function]
    strings = [message_global(module, _name(t), t.encode() + b"\0") for t in texts]
    b.call(hook, [adjoint, *strings, ConstantInt(T.i32, block),
                  ConstantInt(T.i32, inst.parent.instructions.index(inst))])


def _name(text: str) -> str:
    """The string's global: readable, and distinct for distinct texts (the hash)."""
    readable = "".join(c if c.isalnum() or c in "._" else "_" for c in text)[:40]
    return f"enzyme_opt.log.{readable}.{hashlib.sha1(text.encode()).hexdigest()[:8]}"

"""Function pointers every caller passes alike, made constants in the
``preprocess_`` copies, so the calls through them become direct.

``integrate(system, x, …)`` in a C++ library template takes the right-hand
side as a function pointer and passes it down a chain of helpers to the one
that calls it: ``system(x, dxdt, t)`` is an indirect call, which AD cannot
see into.  But every call of each helper in the copies passes the same
function (the one the differentiated code named), so inside the helper the
parameter *is* that function; replacing it by the function changes nothing
the program computes, and makes the call direct (differentiated as any
call).  This is LLVM's interprocedural constant propagation, restricted to
function pointers, on copies only the derivative calls: the original
functions, which other code may call with other arguments, are untouched.

A copy whose address escapes (it is stored, or passed as a value) may be
called from anywhere, with anything: it is left alone.  A copy a later
round of nested Enzyme calls reuses may get callers that pass another
function; so each specialized copy checks at its entry that it was given
the function it assumes, and traps (``llvm.trap``) when not: the
assumption is checked, never a derivative of the wrong function.
"""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function


def specialize_function_pointer_arguments(copies: list[Function]) -> None:
    """Until nothing changes: in each copy called only directly, a pointer
    parameter that every call passes the same function for becomes it."""
    done: set = set()
    changed = True
    while changed:
        changed = False
        for fn in copies:
            sites = _call_sites(fn)
            if not sites:
                continue
            for index, param in enumerate(fn.args):
                if not param.type.is_pointer or not param.has_uses() or (fn, index) in done:
                    continue
                passed = {id(site.args[index]): site.args[index] for site in sites}
                if len(passed) != 1:
                    continue
                value = next(iter(passed.values()))
                if isinstance(value, Function) and value is not fn:
                    param.replace_all_uses_with(value)
                    _check_at_entry(fn, param, value)
                    done.add((fn, index))
                    changed = True


def _check_at_entry(fn: Function, param, value: Function) -> None:
    """Trap on entry to ``fn`` when ``param`` is not ``value`` (after the
    entry block's allocas, which must stay in the entry block)."""
    first = next(inst for inst in fn.entry.instructions if not isinstance(inst, I.AllocaInst))
    b = Builder().before(first)
    with b.if_then(b.icmp("ne", param, value), "unexpected.function"):
        trap = fn.module.get_or_declare("llvm.trap", T.FunctionType(T.void, ()))
        b.call(trap, [])


def _call_sites(fn: Function) -> list[I.CallInst] | None:
    """The calls of ``fn``, or None if it is used any other way (its
    address escapes, or a call passes it as an argument)."""
    sites = []
    for use in fn.uses:
        user = use.user
        if not isinstance(user, I.CallInst) or user.called_function is not fn or \
                any(arg is fn for arg in user.args) or len(user.args) != len(fn.args):
            return None
        sites.append(user)
    return sites

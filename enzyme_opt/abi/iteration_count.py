"""``__enzyme_iter(n, k)``: an iteration count that grows with each
derivative taken of the code holding it.

A truncated series (a Taylor polynomial of ``n`` terms) loses a term each
time it is differentiated; ``N = __enzyme_iter(n, k)`` lets a program keep
its derivatives as accurate as itself (Enzyme's ``mycos.c``): ``n`` in the
program, ``n + k`` in the code a derivative is made from, ``n + 2k`` in a
derivative of that derivative, and so on.  As in Enzyme, each copy of a
function made for differentiation (``preprocess_<f>``) adds ``k`` to ``n``;
once every Enzyme call is lowered, each call left is its count.
"""

from __future__ import annotations

from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, Module

ITERATION_COUNT = "__enzyme_iter"


def _calls(fn: Function) -> list[I.CallInst]:
    return [inst for inst in fn.instructions() if isinstance(inst, I.CallInst)
            and inst.called_function is not None
            and inst.called_function.name == ITERATION_COUNT]


def deepen_iteration_counts(copy: Function) -> None:
    """In a copy made for differentiation: ``__enzyme_iter(n, k)`` becomes
    ``__enzyme_iter(n + k, k)``."""
    for call in _calls(copy):
        if len(call.args) != 2 or call.args[0].type != call.args[1].type or \
                not call.args[0].type.is_int:
            raise DifferentiationError("__enzyme_iter takes two integers of one type (the count "
                                       "and what each derivative adds to it)",
                                       f"in function @{copy.name}")
        deeper = Builder().before(call).add(call.args[0], call.args[1], "iterations")
        call.set_operand(0, deeper)  # a call's operands are its arguments, then the callee


def settle_iteration_counts(module: Module) -> None:
    """After lowering: each call left is its count."""
    fn = module.get_function(ITERATION_COUNT)
    if fn is None:
        return
    module.parse_bodies_mentioning(ITERATION_COUNT)
    for user in list(fn.users):
        if isinstance(user, I.CallInst) and user.called_function is fn and len(user.args) == 2:
            user.replace_all_uses_with(user.args[0])
            user.erase()
    if not fn.has_uses():
        module.remove(fn)

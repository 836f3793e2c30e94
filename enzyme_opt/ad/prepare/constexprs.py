"""Addresses of globals written as constant expressions, turned into
instructions in the ``preprocess_`` copies.

LLVM folds every constant-index access to a global into the operand itself:
``load double, ptr getelementptr inbounds ([3 x double], ptr @w, i64 0, i64 1)``.
Activity, shadows and the diagnostics about globals all follow pointers
through *instructions*, so such an operand would read an active global
without its shadow (a silently lost derivative) or store into an unshadowed
global without the diagnostic.  Rewriting each address as a ``getelementptr``
/ cast instruction just before its user makes it an ordinary derived pointer;
LLVM folds it back after differentiation.
"""

from __future__ import annotations

import re

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable
from enzyme_opt.ir.values import ConstantExpr, Value

#: constant expressions that compute an address from their first operand
ADDRESS_OPCODES = ("getelementptr", "bitcast", "addrspacecast")
#: ``inrange`` is only valid on constant expressions
_INRANGE = re.compile(r"\s*inrange\([^)]*\)")


def expand_global_addresses(function: Function) -> None:
    for inst in list(function.instructions()):
        # most instructions have no constant expression operand (the only kind that can
        # be a global's address): found by a look at the uses, without a call per operand
        for use in inst._operands:
            if use.value.__class__ is ConstantExpr:  # (it has no subclasses)
                break
        else:
            continue
        if isinstance(inst, I.PhiInst):
            if any(_is_global_address(v) for v, _ in inst.incoming):
                inst.set_incoming([(_materialize(Builder().before_terminator(block), v)
                                    if _is_global_address(v) else v, block)
                                   for v, block in inst.incoming])
            continue
        for index, operand in enumerate(inst.operands):
            if _is_global_address(operand):
                inst.set_operand(index, _materialize(Builder().before(inst), operand))


def _is_global_address(value: Value) -> bool:
    """A constant address expression rooted at a global variable."""
    while isinstance(value, ConstantExpr) and value.opcode in ADDRESS_OPCODES:
        value = value.operand(0)
        if isinstance(value, GlobalVariable):
            return True
    return False


def _materialize(b: Builder, value: Value) -> Value:
    if not (isinstance(value, ConstantExpr) and value.opcode in ADDRESS_OPCODES):
        return value
    base = _materialize(b, value.operand(0))
    if value.opcode == "getelementptr":
        return b.gep(value.source_type, base, value.operands[1:],
                     flags=_INRANGE.sub("", value.flags).strip())
    return b.insert(I.CastInst(value.opcode, base, value.type))

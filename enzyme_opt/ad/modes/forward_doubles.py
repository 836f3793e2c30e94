"""Forward mode: where a constant scales a sum of squares' tangents, it takes their factor 2.

The tangent of a square ``x·x`` (an ``fmul`` or ``fmuladd`` with the same value twice) is
the sum of its two partials' terms, ``x·ẋ + x·ẋ``: one addition more than the primal's own
product.  A sum of squares pays it for every term, even where a constant scales the sum
afterwards and could absorb the 2: GMM's ``−0.5·Σⱼ z_j²`` has the tangent
``−0.5·Σⱼ (t_j + t_j)`` with ``t_j = z_j·ż_j``, which is ``−1·Σⱼ t_j`` — 16 additions fewer
per component and point of its hot loop (its tangent ran 4 % faster, docs/performance.md).

This pass looks, in the code a forward derivative added (never the primal's), for a
constant's product ``C·v`` whose operand ``v`` is a *web* of such doublings: ``t + t`` (two
copies of one product), and sums, differences and negations of webs, each value used once
(by the next one up; the one use is what lets it change value in place).  It drops the
doublings (``t + t`` → ``t``) and multiplies by ``2C`` instead.

Exact, not approximately equal: doubling is exact in binary floating point and commutes
with rounding — ``fl(2a ± 2b) = 2·fl(a ± b)`` (in the subnormal range both sides are
exact sums), and ``C·(2t)`` and ``(2C)·t`` are the same real product rounded once — so
every tangent keeps its value to the bit, the conservative mode's (``--no-reuse``, where
this pass does not run).  The one exception is overflow: where a doubled term or a sum of
them exceeds the largest finite value, the rules' form gives ±inf and this one a finite
value.  ``2C`` itself must be finite.
"""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import Function
from enzyme_opt.ir.values import Constant, ConstantAggregate, ConstantFP, ConstantSplat, Value

#: the largest finite value of the types whose constants may take the factor 2
_LARGEST = {"float": 3.4028234663852886e38, "double": 1.7976931348623157e308}
#: opcodes through which a web carries its factor 2: ``2a ± 2b = 2(a ± b)``, ``−2a = 2(−a)``
_LINEAR = frozenset({"fadd", "fsub", "fneg"})


def halve_doubled_sums(function: Function, primal_code: set) -> int:
    """Rewrite every constant's product of a web of doublings in ``function``'s code
    outside ``primal_code`` (the instructions the primal's copy had); returns how many."""
    sinks = [inst for block in function.blocks for inst in block.instructions
             if inst.opcode == "fmul" and inst not in primal_code]
    rewritten = 0
    for sink in sinks:
        if sink.parent is None:   # erased above: the copy of a product in a doubling
            continue
        constant = _constant_operand(sink)
        if constant is None:
            continue
        index, c = constant
        web = _web(sink.operand(1 - index), primal_code)
        if web is None:
            continue
        for doubled in web:
            product, copy = doubled.operands
            doubled.replace_all_uses_with(product)
            doubled.erase()
            if copy is not product and not copy.has_uses() and copy not in primal_code:
                copy.erase()
        sink.set_operand(index, _doubled(c))
        rewritten += 1
    return rewritten


def _constant_operand(inst) -> tuple[int, Constant] | None:
    """``(position, C)`` of an operand that is a ``float``/``double`` constant (a scalar, a
    splat or a vector of them) whose double is finite."""
    for index in (0, 1):
        c = inst.operand(index)
        if _doubled(c) is not None:
            return index, c
    return None


def _doubled(c: Value) -> Constant | None:
    """``2·c`` for a finite ``float``/``double`` constant, a splat or a vector of them, when
    that is finite too; else None."""
    if isinstance(c, ConstantFP):
        limit = _LARGEST.get(c.type.kind) if isinstance(c.type, T.FloatType) else None
        ok = limit is not None and abs(c.value) <= limit / 2   # false for inf and NaN
        return ConstantFP(c.type, 2.0 * c.value) if ok else None
    if isinstance(c, (ConstantSplat, ConstantAggregate)) and isinstance(c.type, T.VectorType):
        elements = [_doubled(e) for e in c.operands]
        if elements and None not in elements:
            return type(c)(c.type, elements)
    return None


def _web(top: Value, primal_code: set) -> list | None:
    """The doublings under ``top`` when it is a web (module docstring), else None."""
    doublings, stack = [], [top]
    while stack:
        value = stack.pop()
        if not isinstance(value, I.Instruction) or value in primal_code \
                or len(value.uses) != 1:
            return None
        if _is_doubling(value):
            doublings.append(value)
        elif value.opcode in _LINEAR:
            stack.extend(value.operands)
        else:
            return None
    return doublings


def _is_doubling(inst) -> bool:
    """``p + q`` where ``p`` and ``q`` are one product ``a·b`` (the same value or two
    copies, either operand order): ``2·p``, exactly."""
    if inst.opcode != "fadd":
        return False
    p, q = inst.operand(0), inst.operand(1)
    if p is q:
        return True
    if not (isinstance(p, I.Instruction) and isinstance(q, I.Instruction)
            and p.opcode == q.opcode == "fmul"):
        return False
    a, b = p.operands
    return (q.operand(0) is a and q.operand(1) is b) or (q.operand(0) is b and q.operand(1) is a)

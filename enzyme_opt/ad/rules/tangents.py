"""Forward-mode tangents that are cheaper than ``Σ ∂y/∂x_k · ẋ_k``.

The partials of ``elementwise.RULES`` serve both modes, and for most operations
multiplying each partial by its tangent is the cheapest tangent there is.  Not
for a quotient: its partials ``1/b`` and ``-(a/b)/b`` cost two divisions, while
``ẏ = (ȧ - y·ḃ)/b`` costs one, and ``y = 1/b`` (a sigmoid's, a normalisation's)
needs none: ``ẏ = -y²·ḃ``.  A division is the slowest arithmetic a tangent does
(about ten times an addition's throughput), so this table holds the rules that
save one.  Each is the same derivative as the partials', rounded differently.

A rule is ``(m, x, y, dx) -> ẏ``: ``m`` a :class:`Math` emitter of the type the
tangent is carried in, ``x`` the operands and ``y`` the result in that type (the
driver splats them when W tangents travel as one vector), ``dx`` the operands'
tangents (None: a zero tangent, at least one is not None), and ``unit`` whether
the first operand is the constant 1.
"""

from __future__ import annotations

from enzyme_opt.ad.rules.math import Math
from enzyme_opt.ir.values import ConstantFP, Value


def _quotient(m: Math, x, y, dx, unit: bool) -> Value:
    """y = a / b:  ẏ = ȧ/b − y·ḃ/b;  with a = 1, y·ḃ/b = y²·ḃ (1/b = y)."""
    da, db = dx
    if db is None:
        return m.div(da, x[1])
    if da is None and unit:
        return m.neg(m.mul(m.square(y), db))
    y_db = m.mul(y, db)
    return m.div(m.neg(y_db) if da is None else m.sub(da, y_db), x[1])


#: opcode → its tangent rule, where it beats the partials'
TANGENTS = {"fdiv": _quotient}


def is_unit(value: Value) -> bool:
    """The constant 1.0 (a scalar operand, before any splat)."""
    return isinstance(value, ConstantFP) and value.value == 1.0


def tangent_rule(name: str):
    return TANGENTS.get(name)

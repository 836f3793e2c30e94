"""Math calls the primal makes, which a rule's partial may use instead of calling again.

``sin'(x) = cos(x)``: a rotation computes ``c = cos(θ); s = sin(θ)``, and the partial of
each is the other.  Forward mode takes the primal's call where the tangent rule asks for
it (``ad/modes/forward_reuse.py``); the reverse sweep reads the primal's value of the
partner call instead of the operand and computes neither again (``partner_call``; which
function a partial calls is the rule's ``calls``, in ``rules/elementwise.py``): bundle adjustment's gradient spent an eighth of its time in a second
``sin`` and ``cos``.  LLVM does not merge them itself: libm's ``cos`` may set ``errno``,
the rule's ``llvm.cos`` does not.

Only calls of the math library (``calls.MATH``, by name, undefined here) count: a
function of the program that happens to be named ``cos`` is not ``cos``.
"""

from __future__ import annotations

from enzyme_opt.ad.rules.elementwise import elementwise_rule
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind
from enzyme_opt.knowledge.math_names import math_name_of


def math_call_name(inst) -> str | None:
    """The rule name of a call of a math-library function, else None."""
    if inst.opcode != "call" or inst.bundles:
        return None
    fn = inst.called_function
    if fn is None or not fn.is_declaration or call_kind(inst) != calls.MATH:
        return None
    return math_name_of(fn.name)


def partner_call(inst):
    """The call in ``inst``'s block of the function the partial of the math call
    ``inst`` calls, on the same operand and of the same type (``sin(θ)`` for
    ``cos(θ)``), or None."""
    rule = elementwise_rule(math_call_name(inst) or "")
    partner = rule.calls if rule is not None else None
    if partner is None:
        return None
    for other in inst.parent.instructions:
        if other is not inst and other.type == inst.type and \
                math_call_name(other) == partner and other.args == inst.args:
            return other
    return None

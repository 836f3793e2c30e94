"""Derivative rules as data.

Elementwise operations (arithmetic, intrinsics, libm) register their
*partial derivatives*: ``y = f(x1..xn)`` gives ``[∂y/∂x1, …]`` as IR values
built from the primal operands.  Both modes use the same entry:
forward ``ẏ = Σ ∂y/∂xi · ẋi``, reverse ``x̄i += ∂y/∂xi · ȳ``.  ``None`` in the
list means "no derivative through this operand" (an integer exponent);
the driver skips it.
"""

from enzyme_opt.ad.rules.elementwise import (INACTIVE_CALLEES, ONE, NEG_ONE, elementwise_rule,
                                             math_name_of)

__all__ = ["INACTIVE_CALLEES", "ONE", "NEG_ONE", "elementwise_rule", "math_name_of"]

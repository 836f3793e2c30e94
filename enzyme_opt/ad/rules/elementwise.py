"""Partial derivatives of elementwise floating-point operations.

Each entry maps an opcode, intrinsic base name (``llvm.sin`` → ``sin``) or
libm name (``sinf`` → ``sin``) to a :class:`Rule`: per operand, a function
``(m, x, y) -> ∂y/∂x_k`` (``m`` a :class:`Math` emitter of the result type,
``x`` the operands, ``y`` the result) and what it reads.  Forward mode
builds the partials of operands that have tangents, reverse mode those of
active operands.  ``ONE``/``NEG_ONE`` mark linear partials the drivers
apply without a multiply; a :class:`Where` partial counts only where its
condition holds (the operand ``fmax`` does not choose, ``sqrt`` at 0).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from enzyme_opt.ad.rules.math import Math
from enzyme_opt.ir.values import zero

ONE = "one"
NEG_ONE = "neg_one"

SQRT_PI_INV2 = 2.0 / math.sqrt(math.pi)
LN2 = math.log(2.0)
LN10 = math.log(10.0)


@dataclass(frozen=True, eq=False)
class Where:
    """A partial that counts only where ``cond`` is ``holds``: elsewhere the operand
    contributes exactly 0, not ``0 · ẋ`` (NaN when ẋ is infinite or NaN).

    That is Enzyme's semantics at the points where a rule's partial would be 0 or
    infinite: the operand ``fmax``/``fmin`` (and ``select``) does not choose contributes
    nothing, and ``sqrt``'s derivative is 0 where its argument is 0.  So the guarded
    normalisation ``v / fmax(sqrt(v·v), eps)`` has a finite tangent at v = 0, as the
    primal has a finite value there (docs/modes.md lists every such rule)."""

    cond: object           # an i1 value
    partial: object        # ONE, NEG_ONE or a value
    holds: bool = True


@dataclass(frozen=True)
class Rule:
    """Partial derivatives of one operation, one entry per operand.

    ``partials[k](m, x, y)`` builds ∂y/∂x_k (or ONE / NEG_ONE / None) from
    the operands ``x`` and the result ``y``; ``reads[k]`` says which of
    them it uses — the reverse sweep caches exactly those, and only for
    operands that are active.

    ``calls``: for a unary operation whose partial is only a math function of its
    operand (``sin′ = cos``), that function's name — the reverse sweep then reads the
    primal's own call of it instead of the operand, where the block makes one
    (``rules/primal_math.py``)."""

    partials: tuple
    reads: tuple
    calls: str | None = None

    def partial(self, k: int):
        return self.partials[k] if k < len(self.partials) else None

    def reads_for(self, k: int) -> tuple[tuple[int, ...], bool]:
        return self.reads[k] if k < len(self.reads) else ((), False)


def rule(*entries) -> Rule:
    """``rule((partial, operands read, result read), ...)``, one per operand."""
    return Rule(tuple(e[0] for e in entries), tuple((e[1], e[2]) for e in entries))


def of_x(partial) -> Rule:
    """A unary operation whose partial reads its operand."""
    return rule((partial, (0,), False))


def of_call(name: str, sign: float = 1.0) -> Rule:
    """A unary operation whose partial is ``±name(x)`` (``Rule.calls``)."""
    if sign > 0:
        return Rule((lambda m, x, y: m.call(name, x[0]),), (((0,), False),), name)
    return Rule((lambda m, x, y: m.neg(m.call(name, x[0])),), (((0,), False),), name)


def of_y(partial) -> Rule:
    """A unary operation whose partial reads only its result."""
    return rule((partial, (), True))


def _minmax(first_wins: str) -> Rule:
    """The derivative goes to the operand chosen, as Enzyme decides it: ``fmax(a, b)``
    gives it to a unless ``a < b`` (``uge``), ``fmin(a, b)`` to a only if ``a < b``
    (``olt``), so a tie goes to a in fmax and to b in fmin.  The other operand
    contributes nothing (``Where``), whatever its tangent."""
    def pick(first: bool):
        def partial(m: Math, x, y):
            return Where(m.fcmp(first_wins, x[0], x[1]), ONE, holds=first)
        return partial
    return rule((pick(True), (0, 1), False), (pick(False), (0, 1), False))


def _sqrt(m: Math, x, y):
    """½/√x where √x ≠ 0; where it is 0 (or NaN) the derivative is 0, as in Enzyme,
    not ½/0 = ∞ (``∞ · 0`` would make the tangent NaN)."""
    return Where(m.fcmp("one", y, m.const(0.0)), m.div(m.const(0.5), y))


def _quotient(m: Math, x, y):
    """∂/∂b of fmod(a, b) = a - b·trunc(a/b) is -trunc(a/b)."""
    return m.neg(m.call("trunc", m.div(x[0], x[1])))


def _nearest_quotient(m: Math, x, y):
    """∂/∂b of remainder(a, b) = a - b·rint(a/b) is -rint(a/b)."""
    return m.neg(m.call("rint", m.div(x[0], x[1])))


def _pow_base(m: Math, x, y):
    return m.mul(x[1], m.call("pow", x[0], m.sub(x[1], m.one)))


def _pow_exponent(m: Math, x, y):
    """∂/∂b of a^b is a^b·ln a; at a = 0 that is 0·(-inf) = NaN, but 0^b is constant (0 for
    b > 0), so the partial is 0 there, as in Enzyme (a NaN partial would also poison the
    tangent of a^b when only a moves: 0·NaN)."""
    at_zero = m.fcmp("oeq", x[0], m.const(0.0))
    return m.select(at_zero, m.const(0.0), m.mul(y, m.call("log", x[0])))


def _mantissa(m: Math, x, y):
    """∂/∂x of frexp's mantissa m = x·2⁻ᵉ is 2⁻ᵉ = m/x, exactly (a quotient of two
    doubles one power of two apart), where x ≠ 0; at 0 the mantissa is 0 and the
    partial is 0, as for the other piecewise functions.  The exponent e, an
    integer written through frexp's pointer, has no derivative."""
    return Where(m.fcmp("one", x[0], m.const(0.0)), m.div(y, x[0]))


def _copysign(m: Math, x, y):
    return m.mul(m.call("copysign", m.one, x[0]), m.call("copysign", m.one, x[1]))


def _atan2(first: bool):
    def partial(m: Math, x, y):  # atan2(a, b): (b, -a) / (a² + b²)
        r2 = m.add(m.square(x[0]), m.square(x[1]))
        return m.div(x[1], r2) if first else m.neg(m.div(x[0], r2))
    return partial


def _erf_like(sign: float):
    def partial(m: Math, x, y):
        return m.mul(m.const(sign * SQRT_PI_INV2), m.call("exp", m.neg(m.square(x[0]))))
    return partial


def _powi(m: Math, x, y):
    n_minus_1 = m.b.sub(x[1], m.b.const(x[1].type, 1))
    return m.mul(m.int_to_float(x[1]), m.powi(x[0], n_minus_1))


def _one(m, x, y):
    return ONE


def _neg_one(m, x, y):
    return NEG_ONE


_FMODLIKE = rule((_one, (), False), (_quotient, (0, 1), False))
_FACTORS = ((lambda m, x, y: x[1], (1,), False), (lambda m, x, y: x[0], (0,), False))
#: name → its partial derivatives (the math, one operand at a time)
RULES: dict[str, Rule] = {
    # arithmetic opcodes
    "fadd": rule((_one, (), False), (_one, (), False)),
    "fsub": rule((_one, (), False), (_neg_one, (), False)),
    "fneg": rule((_neg_one, (), False)),
    "fmul": rule(*_FACTORS),
    "fdiv": rule((lambda m, x, y: m.div(m.one, x[1]), (1,), False),       # 1/b
                 (lambda m, x, y: m.neg(m.div(y, x[1])), (1,), True)),    # -(a/b)/b
    "frem": _FMODLIKE, "fmod": _FMODLIKE,
    "fma": rule(*_FACTORS, (_one, (), False)),
    "fmuladd": rule(*_FACTORS, (_one, (), False)),
    # roots, powers, exponentials, logarithms
    "sqrt": of_y(_sqrt),
    "cbrt": rule((lambda m, x, y: m.div(y, m.mul(m.const(3.0), x[0])), (0,), True)),
    "pow": rule((_pow_base, (0, 1), False),                                    # b·a^(b-1)
                (_pow_exponent, (0,), True)),                                  # a^b·ln a
    "powi": rule((_powi, (0, 1), False)),
    "ldexp": rule((lambda m, x, y: m.ldexp(m.one, x[1]), (1,), False)),  # x·2ⁿ: 2ⁿ, exactly
    "frexp": rule((_mantissa, (0,), True)),   # m = x·2⁻ᵉ (e written through the pointer)
    "exp": of_y(lambda m, x, y: y),
    "exp2": of_y(lambda m, x, y: m.mul(y, m.const(LN2))),
    "exp10": of_y(lambda m, x, y: m.mul(y, m.const(LN10))),
    "expm1": of_y(lambda m, x, y: m.add(y, m.one)),
    "log": of_x(lambda m, x, y: m.div(m.one, x[0])),
    "log2": of_x(lambda m, x, y: m.div(m.one, m.mul(x[0], m.const(LN2)))),
    "log10": of_x(lambda m, x, y: m.div(m.one, m.mul(x[0], m.const(LN10)))),
    "log1p": of_x(lambda m, x, y: m.div(m.one, m.add(x[0], m.one))),
    # trigonometry
    "sin": of_call("cos"),
    "cos": of_call("sin", -1.0),
    "tan": of_y(lambda m, x, y: m.add(m.one, m.square(y))),
    "asin": of_x(lambda m, x, y: m.div(m.one, m.call("sqrt", m.sub(m.one, m.square(x[0]))))),
    "acos": of_x(lambda m, x, y: m.neg(m.div(m.one, m.call("sqrt", m.sub(m.one, m.square(x[0])))))),
    "atan": of_x(lambda m, x, y: m.div(m.one, m.add(m.one, m.square(x[0])))),
    "atan2": rule((_atan2(True), (0, 1), False), (_atan2(False), (0, 1), False)),
    "sinh": of_call("cosh"),
    "cosh": of_call("sinh"),
    "tanh": of_y(lambda m, x, y: m.sub(m.one, m.square(y))),
    "asinh": of_x(lambda m, x, y: m.div(m.one, m.call("sqrt", m.add(m.square(x[0]), m.one)))),
    "acosh": of_x(lambda m, x, y: m.div(m.one, m.call("sqrt", m.sub(m.square(x[0]), m.one)))),
    "atanh": of_x(lambda m, x, y: m.div(m.one, m.sub(m.one, m.square(x[0])))),
    "hypot": rule((lambda m, x, y: m.div(x[0], y), (0,), True),
                  (lambda m, x, y: m.div(x[1], y), (1,), True)),
    "erf": of_x(_erf_like(1.0)),
    "erfc": of_x(_erf_like(-1.0)),
    "j0": of_x(lambda m, x, y: m.neg(m.call("j1", x[0]))),
    "j1": rule((lambda m, x, y: m.sub(m.call("j0", x[0]), m.div(y, x[0])), (0,), True)),
    "y0": of_x(lambda m, x, y: m.neg(m.call("y1", x[0]))),
    "y1": rule((lambda m, x, y: m.sub(m.call("y0", x[0]), m.div(y, x[0])), (0,), True)),
    # CUDA's device library (libdevice) beyond libm: their names in DEVICE_ONLY
    "rcp": of_y(lambda m, x, y: m.neg(m.square(y))),
    "rsqrt": of_y(lambda m, x, y: m.mul(m.const(-0.5), m.mul(y, m.square(y)))),
    "rcbrt": rule((lambda m, x, y: m.div(y, m.mul(m.const(-3.0), x[0])), (0,), True)),
    "sinpi": of_x(lambda m, x, y: m.mul(m.const(math.pi), m.call("cospi", x[0]))),
    "cospi": of_x(lambda m, x, y: m.mul(m.const(-math.pi), m.call("sinpi", x[0]))),
    "normcdf": of_x(lambda m, x, y: m.mul(m.const(1.0 / math.sqrt(2.0 * math.pi)),
                                          m.call("exp", m.mul(m.const(-0.5), m.square(x[0]))))),
    "normcdfinv": of_y(lambda m, x, y: m.mul(m.const(math.sqrt(2.0 * math.pi)),
                                             m.call("exp", m.mul(m.const(0.5), m.square(y))))),
    "erfinv": of_y(lambda m, x, y: m.mul(m.const(1.0 / SQRT_PI_INV2),
                                         m.call("exp", m.square(y)))),
    "erfcinv": of_y(lambda m, x, y: m.mul(m.const(-1.0 / SQRT_PI_INV2),
                                          m.call("exp", m.square(y)))),
    "erfcx": rule((lambda m, x, y: m.sub(m.mul(m.const(2.0), m.mul(x[0], y)),
                                         m.const(SQRT_PI_INV2)), (0,), True)),
    "rhypot": rule((lambda m, x, y: m.neg(m.mul(x[0], m.mul(y, m.square(y)))), (0,), True),
                   (lambda m, x, y: m.neg(m.mul(x[1], m.mul(y, m.square(y)))), (1,), True)),
    # piecewise
    "fdim": rule((lambda m, x, y: m.select(m.fcmp("ogt", x[0], x[1]), m.one, m.const(0.0)),
                  (0, 1), False),
                 (lambda m, x, y: m.select(m.fcmp("ogt", x[0], x[1]), m.const(-1.0),
                                           m.const(0.0)), (0, 1), False)),
    "remainder": rule((_one, (), False), (_nearest_quotient, (0, 1), False)),
    # ±1 by the sign bit, as Enzyme: fabs'(+0) = 1 but fabs'(-0) = -1, the sign
    # of a zero recording the side it was approached from (fabs(-x*x) at x = 0
    # is -0: its second derivative there is 2 only with this choice)
    "fabs": of_x(lambda m, x, y: m.call("copysign", m.one, x[0])),
    "copysign": rule((_copysign, (0, 1), False)),  # no derivative through the sign source
    "minnum": _minmax("olt"), "minimum": _minmax("olt"), "fmin": _minmax("olt"),
    "maxnum": _minmax("uge"), "maximum": _minmax("uge"), "fmax": _minmax("uge"),
    "minimumnum": _minmax("olt"), "maximumnum": _minmax("uge"),
    # piecewise constant: no derivative anywhere it exists
    # (logb: the exponent of x as a float, ⌊log₂|x|⌋)
    **{name: Rule((), ()) for name in ("floor", "ceil", "trunc", "round", "rint", "nearbyint",
                                       "roundeven", "lround", "llround", "lrint", "llrint",
                                       "logb")},
}


def times_partial(b, partial, delta):
    """``∂y/∂x · delta``, with no multiply for the linear partials, and exactly 0
    where a ``Where`` partial does not hold."""
    if isinstance(partial, Where):
        term, nothing = times_partial(b, partial.partial, delta), zero(delta.type)
        return b.select(partial.cond, term, nothing) if partial.holds else \
            b.select(partial.cond, nothing, term)
    if partial == ONE:
        return delta
    if partial == NEG_ONE:
        return b.fneg(delta)
    return b.fmul(partial, delta)


def splat_partial(lanes, b, partial):
    """A scalar partial for W tangents carried as one ``<W x T>`` vector: its value
    splatted (a scalar condition selects whole vectors as it is)."""
    if isinstance(partial, Where):
        return Where(partial.cond, splat_partial(lanes, b, partial.partial), partial.holds)
    if partial in (ONE, NEG_ONE):
        return partial
    return lanes.splat(b, partial)


def elementwise_rule(name: str) -> "Rule | None":
    return RULES.get(name)

"""Partial derivatives of elementwise floating-point operations.

Each entry maps an opcode, intrinsic base name (``llvm.sin`` → ``sin``) or
libm name (``sinf`` → ``sin``) to ``rule(m, x, y) -> partials`` where ``m``
is a :class:`Math` emitter of the result type, ``x`` the operand list and
``y`` the primal result.  ``ONE``/``NEG_ONE`` mark linear partials the
drivers apply without a multiply.
"""

from __future__ import annotations

import math
import re

from enzyme_opt.ad.rules.math import Math

ONE = "one"
NEG_ONE = "neg_one"

SQRT_PI_INV2 = 2.0 / math.sqrt(math.pi)
LN2 = math.log(2.0)
LN10 = math.log(10.0)


def _minmax(predicate):
    def rule(m: Math, x, y):
        a_wins = m.fcmp(predicate, x[0], x[1])
        zero, one = m.const(0.0), m.one
        return [m.select(a_wins, one, zero), m.select(a_wins, zero, one)]
    return rule


def _fmod(m: Math, x, y):
    quotient = m.call("trunc", m.div(x[0], x[1]))
    return [ONE, m.neg(quotient)]


def _pow(m: Math, x, y):
    base, exponent = x
    d_base = m.mul(exponent, m.call("pow", base, m.sub(exponent, m.one)))
    return [d_base, m.mul(y, m.call("log", base))]


def _copysign(m: Math, x, y):
    sign = m.mul(m.call("copysign", m.one, x[0]), m.call("copysign", m.one, x[1]))
    return [sign, None]


def _atan2(m: Math, x, y):
    a, b = x  # atan2(a, b)
    r2 = m.add(m.square(a), m.square(b))
    return [m.div(b, r2), m.neg(m.div(a, r2))]


def _hypot(m: Math, x, y):
    return [m.div(x[0], y), m.div(x[1], y)]


def _erf_like(sign):
    def rule(m: Math, x, y):
        gauss = m.call("exp", m.neg(m.square(x[0])))
        return [m.mul(m.const(sign * SQRT_PI_INV2), gauss)]
    return rule


def _powi(m: Math, x, y):
    n = x[1]
    n_minus_1 = m.b.sub(n, m.b.const(n.type, 1))
    return [m.mul(m.int_to_float(n), m.powi(x[0], n_minus_1)), None]


#: name → rule(m, operands, result) -> list of partials (one per operand).
RULES = {
    # arithmetic opcodes
    "fadd": lambda m, x, y: [ONE, ONE],
    "fsub": lambda m, x, y: [ONE, NEG_ONE],
    "fmul": lambda m, x, y: [x[1], x[0]],
    "fdiv": lambda m, x, y: [m.div(m.one, x[1]), m.neg(m.div(y, x[1]))],
    "frem": _fmod,
    "fneg": lambda m, x, y: [NEG_ONE],
    # fused forms
    "fma": lambda m, x, y: [x[1], x[0], ONE],
    "fmuladd": lambda m, x, y: [x[1], x[0], ONE],
    # roots, powers, exponentials, logarithms
    "sqrt": lambda m, x, y: [m.div(m.const(0.5), y)],
    "cbrt": lambda m, x, y: [m.div(y, m.mul(m.const(3.0), x[0]))],
    "pow": _pow,
    "powi": _powi,
    "exp": lambda m, x, y: [y],
    "exp2": lambda m, x, y: [m.mul(y, m.const(LN2))],
    "exp10": lambda m, x, y: [m.mul(y, m.const(LN10))],
    "expm1": lambda m, x, y: [m.add(y, m.one)],
    "log": lambda m, x, y: [m.div(m.one, x[0])],
    "log2": lambda m, x, y: [m.div(m.one, m.mul(x[0], m.const(LN2)))],
    "log10": lambda m, x, y: [m.div(m.one, m.mul(x[0], m.const(LN10)))],
    "log1p": lambda m, x, y: [m.div(m.one, m.add(x[0], m.one))],
    # trigonometry
    "sin": lambda m, x, y: [m.call("cos", x[0])],
    "cos": lambda m, x, y: [m.neg(m.call("sin", x[0]))],
    "tan": lambda m, x, y: [m.add(m.one, m.square(y))],
    "asin": lambda m, x, y: [m.div(m.one, m.call("sqrt", m.sub(m.one, m.square(x[0]))))],
    "acos": lambda m, x, y: [m.neg(m.div(m.one, m.call("sqrt", m.sub(m.one, m.square(x[0])))))],
    "atan": lambda m, x, y: [m.div(m.one, m.add(m.one, m.square(x[0])))],
    "atan2": _atan2,
    "sinh": lambda m, x, y: [m.call("cosh", x[0])],
    "cosh": lambda m, x, y: [m.call("sinh", x[0])],
    "tanh": lambda m, x, y: [m.sub(m.one, m.square(y))],
    "asinh": lambda m, x, y: [m.div(m.one, m.call("sqrt", m.add(m.square(x[0]), m.one)))],
    "acosh": lambda m, x, y: [m.div(m.one, m.call("sqrt", m.sub(m.square(x[0]), m.one)))],
    "atanh": lambda m, x, y: [m.div(m.one, m.sub(m.one, m.square(x[0])))],
    "hypot": _hypot,
    "erf": _erf_like(1.0),
    "erfc": _erf_like(-1.0),
    # piecewise
    "fabs": lambda m, x, y: [m.call("copysign", m.one, x[0])],
    "copysign": _copysign,
    "minnum": _minmax("olt"), "minimum": _minmax("olt"), "fmin": _minmax("olt"),
    "maxnum": _minmax("ogt"), "maximum": _minmax("ogt"), "fmax": _minmax("ogt"),
    "minimumnum": _minmax("olt"), "maximumnum": _minmax("ogt"),
    "fmod": _fmod,
    # piecewise constant: no derivative anywhere it exists
    **{name: (lambda m, x, y: [None] * len(x))
       for name in ("floor", "ceil", "trunc", "round", "rint", "nearbyint", "roundeven",
                    "lround", "llround", "lrint", "llrint")},
}

#: What each rule's partials read: operand positions and whether the
#: result is used.  The reverse sweep caches only these (default: all
#: operands and the result).
OPERANDS_ONLY = ((0, 1, 2), False)
READS = {
    "fadd": ((), False), "fsub": ((), False), "fneg": ((), False),
    "fmul": ((0, 1), False), "fma": ((0, 1), False), "fmuladd": ((0, 1), False),
    "fdiv": ((1,), True),
    **{name: ((), True) for name in ("exp", "exp2", "exp10", "expm1", "sqrt", "tan", "tanh")},
    **{name: OPERANDS_ONLY for name in (
        "sin", "cos", "log", "log2", "log10", "log1p", "asin", "acos", "atan", "sinh", "cosh",
        "asinh", "acosh", "atanh", "erf", "erfc", "fabs", "copysign", "minnum", "minimum",
        "fmin", "maxnum", "maximum", "fmax", "minimumnum", "maximumnum", "fmod", "frem",
        "atan2", "powi")},
    **{name: ((), False) for name in ("floor", "ceil", "trunc", "round", "rint", "nearbyint",
                                      "roundeven", "lround", "llround", "lrint", "llrint")},
}


def primal_reads(rule_name: str, operand_count: int) -> tuple[list[int], bool]:
    """(operand positions, result used) that the partials of a rule read."""
    positions, result = READS.get(rule_name, (tuple(range(operand_count)), True))
    return [p for p in positions if p < operand_count], result


#: libm names that are not simply "<rule name>" or "<rule name>f".
LIBM_ALIASES = {"fabsf": "fabs", "fmaxf": "fmax", "fminf": "fmin", "fmodf": "fmod"}

#: Calls that never carry derivatives: kept in the primal, nothing else.
INACTIVE_CALLEES = frozenset({
    "printf", "fprintf", "sprintf", "snprintf", "puts", "putchar", "fputs", "fputc", "fflush",
    "fwrite", "perror", "abort", "exit", "rand", "srand", "time", "clock", "getenv",
    "__assert_fail", "llvm.assume", "llvm.lifetime.start", "llvm.lifetime.end",
    "llvm.dbg.value", "llvm.dbg.declare", "llvm.dbg.assign", "llvm.dbg.label",
    "llvm.experimental.noalias.scope.decl", "llvm.invariant.start", "llvm.invariant.end",
    "llvm.stacksave", "llvm.stackrestore", "llvm.prefetch", "llvm.donothing",
    "llvm.var.annotation", "llvm.ptr.annotation", "llvm.annotation", "llvm.trap",
    "llvm.debugtrap", "llvm.sideeffect", "llvm.pseudoprobe", "llvm.expect",
    "llvm.is.constant", "llvm.objectsize", "llvm.umax", "llvm.umin", "llvm.smax", "llvm.smin",
    "llvm.abs", "llvm.ctpop", "llvm.ctlz", "llvm.cttz", "llvm.bswap", "llvm.bitreverse",
    "llvm.fshl", "llvm.fshr", "llvm.uadd.with.overflow", "llvm.sadd.with.overflow",
    "llvm.umul.with.overflow", "llvm.smul.with.overflow", "llvm.usub.with.overflow",
    "llvm.ssub.with.overflow", "llvm.is.fpclass", "llvm.vector.reduce.add",
    "llvm.vector.reduce.mul", "llvm.vector.reduce.and", "llvm.vector.reduce.or",
    "llvm.vector.reduce.smax", "llvm.vector.reduce.umax", "llvm.vector.reduce.smin",
    "llvm.vector.reduce.umin", "llvm.nvvm.barrier0", "llvm.nvvm.barrier.cta.sync.aligned.all",
})
_INACTIVE_PREFIXES = ("llvm.nvvm.read.ptx.sreg.", "llvm.amdgcn.workitem.id.",
                      "llvm.amdgcn.workgroup.id.", "llvm.lifetime.", "llvm.dbg.")

_INTRINSIC = re.compile(r"llvm\.([a-z0-9]+)(?:\.[a-z0-9]+)*\Z")


def math_name_of(callee_name: str) -> str | None:
    """The rule name of a call: ``llvm.sin.f64`` → ``sin``, ``sinf`` → ``sin``,
    ``__nv_sin`` → ``sin``; None when no rule applies."""
    name = callee_name
    if name.startswith("llvm."):
        match = _INTRINSIC.match(name)
        base = match.group(1) if match else None
        return base if base in RULES else None
    if name.startswith("__nv_"):
        name = name[5:]
    if name in LIBM_ALIASES:
        return LIBM_ALIASES[name]
    if name in RULES and name not in ("fadd", "fsub", "fmul", "fdiv", "frem", "fneg", "fmuladd"):
        return name
    if name.endswith("f") and name[:-1] in RULES:
        return name[:-1]
    if name.endswith("l") and name[:-1] in RULES:
        return None  # long double: no rules (x86_fp80)
    return None


def is_inactive_callee(name: str) -> bool:
    return name in INACTIVE_CALLEES or name.startswith(_INACTIVE_PREFIXES) or \
        bool(re.match(r"llvm\.(u|s)(add|sub|mul)\.with\.overflow", name))


def elementwise_rule(name: str):
    return RULES.get(name)


def opaque_call_message(call) -> str:
    """Why a call we cannot see into stops differentiation."""
    from enzyme_opt.ir.values import InlineAsm
    if isinstance(call.callee, InlineAsm):
        return "inline asm with active operands cannot be differentiated"
    return ("an indirect call (through a function pointer) with active arguments cannot be "
            "differentiated: call the function directly")

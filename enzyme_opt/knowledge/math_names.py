"""Which callees are elementwise math, and under which rule name: ``llvm.sin.f64``,
``sinf`` and ``__nv_sin`` are all ``sin``.  A fact about library functions that the call
kinds (``knowledge/calls.py``), the annotations' checks and the derivative table all use;
the derivative of each name is in ``ad/rules/elementwise.py`` (``RULES``, keyed by these
names: tests/unit/ad/test_rules.py checks the two tables agree)."""

from __future__ import annotations

import re

from enzyme_opt.targets import nvptx

#: every elementwise operation with a derivative rule (LLVM's float instructions and
#: intrinsics, libm, libdevice)
MATH_NAMES = frozenset({
    "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil", "copysign",
    "cos", "cosh", "cospi", "erf", "erfc", "erfcinv", "erfcx", "erfinv", "exp", "exp10",
    "exp2", "expm1", "fabs", "fadd", "fdim", "fdiv", "floor", "fma", "fmax", "fmin", "fmod",
    "fmul", "fmuladd", "fneg", "frem", "frexp", "fsub", "hypot", "j0", "j1", "ldexp", "llrint",
    "llround", "log", "log10", "log1p", "log2", "logb", "lrint", "lround", "maximum", "maximumnum",
    "maxnum", "minimum", "minimumnum", "minnum", "nearbyint", "normcdf", "normcdfinv",
    "pow", "powi", "rcbrt", "rcp", "remainder", "rhypot", "rint", "round", "roundeven",
    "rsqrt", "sin", "sinh", "sinpi", "sqrt", "tan", "tanh", "trunc", "y0", "y1"
})
#: intrinsics that return a pair where the libm function writes through a pointer
#: (``llvm.frexp`` returns ``{mantissa, exponent}``): not elementwise
_PAIR_INTRINSICS = frozenset({"frexp"})
#: instructions, not callees
_INSTRUCTIONS = ("fadd", "fsub", "fmul", "fdiv", "frem", "fneg", "fmuladd")

#: libm names that are not simply "<rule name>" or "<rule name>f".
LIBM_ALIASES = {"fabsf": "fabs", "fmaxf": "fmax", "fminf": "fmin", "fmodf": "fmod",
                "cabs": "hypot",  # cabs(re + im·i) is passed as (re, im) on x86-64
                "scalbn": "ldexp", "scalbnf": "ldexp", "scalbnl": "ldexp",
                "scalbln": "ldexp", "scalblnf": "ldexp"}

#: rules named after libdevice functions that are no libm function: a call's name
#: says which only with the ``__nv_`` prefix (a user's own ``rsqrt`` is differentiated)
DEVICE_ONLY = frozenset({"rcp", "rsqrt", "rcbrt", "sinpi", "cospi", "normcdf", "normcdfinv",
                         "erfinv", "erfcinv", "erfcx", "rhypot"})

_INTRINSIC = re.compile(r"llvm\.([a-z0-9]+)(?:\.[a-z0-9]+)*\Z")


def math_name_of(callee_name: str) -> str | None:
    """The rule name of a call: ``llvm.sin.f64`` → ``sin``, ``sinf`` → ``sin``,
    ``__nv_sin`` → ``sin``; None when no rule applies."""
    name = callee_name
    if name.startswith("llvm."):
        match = _INTRINSIC.match(name)
        base = match.group(1) if match else None
        return base if base in MATH_NAMES and base not in _PAIR_INTRINSICS else None
    if name.startswith("__nv_"):
        if name in nvptx.INTRINSIC_MATH:
            return nvptx.INTRINSIC_MATH[name]
        name = name[5:]
        base = name[:-1] if name.endswith("f") and name[:-1] in DEVICE_ONLY else name
        if base in DEVICE_ONLY:
            return base
    elif name in DEVICE_ONLY or name[:-1] in DEVICE_ONLY:
        return None
    if name in LIBM_ALIASES:
        return LIBM_ALIASES[name]
    if name in MATH_NAMES and name not in _INSTRUCTIONS:
        return name
    if name.endswith("f") and name[:-1] in MATH_NAMES:
        return name[:-1]
    if name.endswith("l") and name[:-1] in MATH_NAMES:
        return None  # long double: no rules (x86_fp80)
    return None

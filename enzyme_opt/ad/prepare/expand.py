"""Runtime helpers rewritten into the arithmetic they compute, in the
``preprocess_`` copies only, so that the ordinary rules differentiate them.

``__muldc3(a, b, c, d)`` is ``(a+bi)(c+di)`` = ``{ac − bd, ad + bc}``; its
Annex G recovery of infinities and NaNs changes nothing at finite points,
where derivatives exist.  ``__divdc3`` likewise is
``{(ac + bd)/(c² + d²), (bc − ad)/(c² + d²)}``, and ``cabsf(z)`` is
``hypotf`` of its two lanes.  The elementary functions of ``<complex.h>``
are their real formulas: ``cexp(a+bi)`` is ``eᵃ(cos b + i sin b)``,
``csin``, ``ccos`` through ``sin``/``cos``/``sinh``/``cosh``, and ``clog`` is
``log|z| + i atan2(b, a)``.

The vector reductions of vectorized loops (``llvm.vector.reduce.fadd`` and
``fmul`` with their start value; ``fmax``, ``fmin``, ``fmaximum``,
``fminimum``) become the chain of scalar operations they stand for, lane by
lane in order (the order the intrinsic defines without ``reassoc``), so that
``-ffast-math`` reductions differentiate through the rules of ``fadd``,
``maxnum``...  Scalable vectors have no fixed lanes and stay as they are.

``sincos(x, &s, &c)`` (GNU libm, libdevice's ``__nv_sincos``/``sincospi``) is
two stores, of a sine and a cosine; ``llvm.sincos`` their pair.

``llvm.modf(x)`` (what clang makes of ``modf(x, &ip)``) is ``{x - trunc(x),
trunc(x)}``, written so that every value is modf's to the bit (``_expand_modf``):
the fraction has derivative 1, the integral part 0.
"""

from __future__ import annotations

from enzyme_opt.ad.rules.math import Math, type_suffix
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function
from enzyme_opt.ir.values import ConstantInt, ConstantKeyword
from enzyme_opt.knowledge.expanded import sincos_of
from enzyme_opt.targets import nvptx


def _mul(b: Builder, a, bb, c, d):
    return [b.fsub(b.fmul(a, c), b.fmul(bb, d)), b.fadd(b.fmul(a, d), b.fmul(bb, c))]


def _div(b: Builder, a, bb, c, d):
    denominator = b.fadd(b.fmul(c, c), b.fmul(d, d))
    real = b.fdiv(b.fadd(b.fmul(a, c), b.fmul(bb, d)), denominator)
    imag = b.fdiv(b.fsub(b.fmul(bb, c), b.fmul(a, d)), denominator)
    return [real, imag]


#: helper name (knowledge/expanded.COMPLEX_HELPERS) → its arithmetic on the four real
#: operands (result: real, imaginary)
EXPANSIONS = {"__muldc3": _mul, "__mulsc3": _mul, "__divdc3": _div, "__divsc3": _div}


def _cexp(m: Math, a, b):
    e = m.call("exp", a)
    return [m.mul(e, m.call("cos", b)), m.mul(e, m.call("sin", b))]


def _csin(m: Math, a, b):
    return [m.mul(m.call("sin", a), m.call("cosh", b)), m.mul(m.call("cos", a), m.call("sinh", b))]


def _ccos(m: Math, a, b):
    return [m.mul(m.call("cos", a), m.call("cosh", b)),
            m.neg(m.mul(m.call("sin", a), m.call("sinh", b)))]


def _clog(m: Math, a, b):
    return [m.call("log", m.call("hypot", a, b)), m.call("atan2", b, a)]


#: <complex.h> function → its real formulas on (real, imaginary); the float versions
#: (``cexpf``) take and return ``<2 x float>`` on x86-64
#: knowledge/expanded.COMPLEX_FUNCTIONS → their real formulas
COMPLEX_FORMULAS = {"cexp": _cexp, "csin": _csin, "ccos": _ccos, "clog": _clog}


#: reduction → (the operation folding two values, does it take a start value)
REDUCTIONS = {"fadd": ("fadd", True), "fmul": ("fmul", True),
              "fmax": ("llvm.maxnum", False), "fmin": ("llvm.minnum", False),
              "fmaximum": ("llvm.maximum", False), "fminimum": ("llvm.minimum", False)}


def expand_runtime_helpers(function: Function) -> None:
    for inst in list(function.instructions()):
        if not isinstance(inst, I.CallInst) or inst.called_function is None:
            continue
        if inst.called_function.name.startswith("llvm.vector.reduce."):
            _expand_reduction(inst)
            continue
        if inst.called_function.name == "cabsf" and len(inst.args) == 1 and inst.arg(0).type.is_vector:
            _expand_cabsf(inst)
            continue
        if inst.called_function.name.rstrip("f") in COMPLEX_FORMULAS:
            _expand_complex_function(inst)
            continue
        if sincos_of(inst.called_function.name) or \
                inst.called_function.name.startswith("llvm.sincos."):
            _expand_sincos(inst)
            continue
        if inst.called_function.name.startswith("llvm.modf."):
            _expand_modf(inst)
            continue
        if inst.called_function.name == "posix_memalign":
            _expand_posix_memalign(inst)
            continue
        expand = EXPANSIONS.get(inst.called_function.name)
        if expand is None or len(inst.args) != 4:
            continue
        b = Builder().before(inst)
        parts = expand(b, *inst.args)
        result = ConstantKeyword(inst.type, "poison")
        if inst.type.is_vector:  # { float, float } comes back as <2 x float>
            for k, part in enumerate(parts):
                result = b.insertelement(result, part, ConstantInt(T.i32, k))
        else:
            for k, part in enumerate(parts):
                result = b.insertvalue(result, part, k)
        inst.replace_all_uses_with(result)
        inst.erase()


def _expand_cabsf(inst: I.CallInst) -> None:
    """``cabsf`` takes a float complex as ``<2 x float>``: it is ``hypotf`` of
    the two lanes."""
    b = Builder().before(inst)
    z = inst.arg(0)
    parts = [b.extractelement(z, ConstantInt(T.i32, k)) for k in range(2)]
    hypotf = inst.function.module.get_or_declare("hypotf", T.FunctionType(T.f32, (T.f32, T.f32)))
    result = b.call(hypotf, parts)
    inst.replace_all_uses_with(result)
    inst.erase()


def _expand_reduction(inst: I.CallInst) -> None:
    """``reduce.fadd(s, v)`` → ``((s + v[0]) + v[1]) + …``; ``reduce.fmax(v)`` →
    ``maxnum(maxnum(v[0], v[1]), …)``.  The call's fast-math flags go on each step."""
    kind = inst.called_function.name.split(".")[3]
    if kind not in REDUCTIONS:
        return
    fold, has_start = REDUCTIONS[kind]
    vector = inst.args[-1]
    if not isinstance(vector.type, T.VectorType) or vector.type.scalable:
        return
    b = Builder().before(inst)
    lanes = [b.extractelement(vector, ConstantInt(T.i32, k)) for k in range(vector.type.count)]
    if has_start:
        lanes.insert(0, inst.arg(0))
    element = vector.type.element
    intrinsic = None
    if fold.startswith("llvm."):
        intrinsic = inst.function.module.get_or_declare(
            f"{fold}.{type_suffix(element)}", T.FunctionType(element, (element, element)))
    result = lanes[0]
    for lane in lanes[1:]:
        if intrinsic is None:
            result = b.binop(fold, result, lane, flags=inst.flags)
        else:
            step = b.call(intrinsic, [result, lane])
            step.flags = inst.flags
            result = step
    name = inst.name
    inst.replace_all_uses_with(result)
    inst.erase()
    if name and isinstance(result, I.Instruction):
        result.name = name


def _expand_complex_function(inst: I.CallInst) -> None:
    """``cexp(re, im)`` → ``{ double, double }``; ``cexpf(<2 x float>)`` → ``<2 x float>``.
    Other shapes (another ABI) are left alone, and refused if active."""
    formulas = COMPLEX_FORMULAS[inst.called_function.name.rstrip("f")]
    args = inst.args
    b = Builder().before(inst)
    if len(args) == 2 and args[0].type == args[1].type == T.f64 and \
            inst.type == T.StructType((T.f64, T.f64)):
        real, imaginary = args
        parts = formulas(Math(b, T.f64), real, imaginary)
        result = ConstantKeyword(inst.type, "poison")
        for k, part in enumerate(parts):
            result = b.insertvalue(result, part, k)
    elif len(args) == 1 and args[0].type == inst.type == T.VectorType(2, T.f32):
        real, imaginary = (b.extractelement(args[0], ConstantInt(T.i32, k)) for k in range(2))
        parts = formulas(Math(b, T.f32), real, imaginary)
        result = ConstantKeyword(inst.type, "poison")
        for k, part in enumerate(parts):
            result = b.insertelement(result, part, ConstantInt(T.i32, k))
    else:
        return
    inst.replace_all_uses_with(result)
    inst.erase()


def _expand_sincos(inst: I.CallInst) -> None:
    """``sincos(x, &s, &c)`` → ``s = sin(x); c = cos(x)`` (two stores), and
    ``llvm.sincos(x)`` → ``{sin(x), cos(x)}``: then the rules of sine and cosine
    apply.  Other shapes are left alone, and refused if active."""
    name = inst.called_function.name
    args = inst.args
    b = Builder().before(inst)
    if name.startswith("llvm.sincos."):
        ty = args[0].type if len(args) == 1 else None
        if ty is None or not ty.is_float or inst.type != T.StructType((ty, ty)):
            return
        m = Math(b, ty)
        result = ConstantKeyword(inst.type, "poison")
        for k, rule in enumerate(("sin", "cos")):
            result = b.insertvalue(result, m.call(rule, args[0]), k)
        inst.replace_all_uses_with(result)
        inst.erase()
        return
    if len(args) != 3 or not args[0].type.is_float or not args[1].type.is_pointer \
            or not args[2].type.is_pointer:
        return
    ty = args[0].type
    m = Math(b, ty)
    module = inst.function.module
    for rule, pointer in zip(sincos_of(name), args[1:]):
        if name.startswith("__nv_"):  # libdevice's own sine and cosine, as the call meant
            fn = module.get_or_declare(nvptx.device_function(rule, ty), T.FunctionType(ty, (ty,)))
            value = b.call(fn, [args[0]])
        else:
            value = m.call(rule, args[0])
        b.store(value, pointer, T.abi_align(ty))
    inst.erase()


def _expand_posix_memalign(inst: I.CallInst) -> None:
    """``r = posix_memalign(&p, align, size)`` → ``p = aligned_alloc(align,
    size); r = p ? 0 : ENOMEM``: memory returned through a pointer argument
    becomes an allocation's result, which gets a shadow allocation as any
    (and is freed by ``free``, as posix_memalign's is).  One difference, on
    failure only: ``p`` is then null rather than left as it was."""
    args = inst.args
    if len(args) != 3 or not args[0].type.is_pointer or inst.type != T.i32:
        return
    module = inst.function.module
    aligned = module.get_or_declare("aligned_alloc", T.FunctionType(
        T.ptr, (args[1].type, args[2].type)))
    b = Builder().before(inst)
    memory = b.call(aligned, [args[1], args[2]], "memalign")
    b.store(memory, args[0], T.abi_align(T.ptr))
    failed = b.icmp("eq", memory, ConstantKeyword(T.ptr, "null"))
    result = b.select(failed, ConstantInt(T.i32, 12), ConstantInt(T.i32, 0))  # ENOMEM
    inst.replace_all_uses_with(result)
    inst.erase()


def _expand_modf(inst: I.CallInst) -> None:
    """``llvm.modf(x)`` → ``{frac, i}`` with ``i = trunc(x)`` and ``frac = x - i``
    (exact: Sterbenz), then made modf's where the difference is not: a zero
    fraction takes x's sign (``-(0 - d)`` turns +0 into -0 and leaves every other
    d as it is, with derivative +1), and an infinite x has fraction ±0 (x - i
    is NaN there).  NaN stays NaN.  So d frac/dx = 1 wherever frac is finite, the
    derivative of modf's fraction, and the integral part gets trunc's 0."""
    args = inst.args
    ty = args[0].type if len(args) == 1 else None
    if ty is None or not ty.scalar.is_float or inst.type != T.StructType((ty, ty)):
        return
    b = Builder().before(inst)
    m = Math(b, ty)
    x = args[0]
    whole = m.call("trunc", x)
    fraction = m.sub(x, whole)
    negative = m.fcmp("olt", m.call("copysign", m.one, x), m.const(0.0))
    signed = m.select(negative, m.neg(m.sub(m.const(0.0), fraction)), fraction)
    infinite = m.fcmp("oeq", m.call("fabs", x), m.const(float("inf")))
    fraction = m.select(infinite, m.call("copysign", m.const(0.0), x), signed)
    result = ConstantKeyword(inst.type, "poison")
    for k, part in enumerate((fraction, whole)):
        result = b.insertvalue(result, part, k)
    inst.replace_all_uses_with(result)
    inst.erase()

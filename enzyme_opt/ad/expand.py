"""Runtime helpers rewritten into the arithmetic they compute, in the
``preprocess_`` copies only, so that the ordinary rules differentiate them.

``__muldc3(a, b, c, d)`` is ``(a+bi)(c+di)`` = ``{ac − bd, ad + bc}``; its
Annex G recovery of infinities and NaNs changes nothing at finite points,
where derivatives exist.  ``__divdc3`` likewise is
``{(ac + bd)/(c² + d²), (bc − ad)/(c² + d²)}``, and ``cabsf(z)`` is
``hypotf`` of its two lanes.
"""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function
from enzyme_opt.ir import types as T
from enzyme_opt.ir.values import ConstantInt, ConstantKeyword


def _mul(b: Builder, a, bb, c, d):
    return [b.fsub(b.fmul(a, c), b.fmul(bb, d)), b.fadd(b.fmul(a, d), b.fmul(bb, c))]


def _div(b: Builder, a, bb, c, d):
    denominator = b.fadd(b.fmul(c, c), b.fmul(d, d))
    real = b.fdiv(b.fadd(b.fmul(a, c), b.fmul(bb, d)), denominator)
    imag = b.fdiv(b.fsub(b.fmul(bb, c), b.fmul(a, d)), denominator)
    return [real, imag]


#: helper name → its arithmetic on the four real operands (result: real, imaginary)
EXPANSIONS = {"__muldc3": _mul, "__mulsc3": _mul, "__divdc3": _div, "__divsc3": _div}


def expand_runtime_helpers(function: Function) -> None:
    for inst in list(function.instructions()):
        if not isinstance(inst, I.CallInst) or inst.called_function is None:
            continue
        if inst.called_function.name == "cabsf" and len(inst.args) == 1 and inst.arg(0).type.is_vector:
            _expand_cabsf(inst)
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

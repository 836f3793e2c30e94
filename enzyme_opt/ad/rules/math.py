"""A tiny emitter for the math inside derivative rules, so each rule reads
like its formula: ``m.div(m.one, m.sqrt(m.sub(m.one, m.mul(x, x))))``.

Calls to math functions go to LLVM intrinsics where LLVM has one (they
vectorize and fold), else to the libm name for the type (``tan``/``tanf``).
On a GPU, what its back end cannot select goes to the device library
(libdevice's ``__nv_tan`` on NVPTX, OCML's ``__ocml_tan_f64`` on AMDGPU).
"""

from __future__ import annotations

from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.instructions import ShuffleVectorInst
from enzyme_opt.ir.values import ConstantKeyword, Value
from enzyme_opt.targets import gpu_target

#: Math functions LLVM has intrinsics for (``llvm.<name>.<type>``).
INTRINSIC_MATH = frozenset({"sqrt", "sin", "cos", "tan", "exp", "exp2", "log", "log2", "log10",
                            "fabs", "pow", "copysign", "floor", "ceil", "trunc", "round",
                            "minnum", "maxnum", "asin", "acos", "atan", "sinh", "cosh", "tanh",
                            "atan2"})


def type_suffix(ty: T.Type) -> str:
    if isinstance(ty, T.VectorType):
        return f"{'nx' if ty.scalable else ''}v{ty.count}{type_suffix(ty.element)}"
    if isinstance(ty, T.FloatType):
        return {"half": "f16", "bfloat": "bf16", "float": "f32", "double": "f64",
                "x86_fp80": "f80", "fp128": "f128"}[ty.kind]
    if isinstance(ty, T.IntType):
        return f"i{ty.bits}"
    raise ValueError(f"no intrinsic suffix for {ty}")


class Math:
    """Emit scalar or vector math of one floating type ``ty``."""

    def __init__(self, builder: Builder, ty: T.Type, known=None):
        self.b = builder
        self.ty = ty
        self.module = builder.function.module
        #: ``known(name, ty, args, builder)``: a value of ``name(args)`` the code already
        #: computes and that may be used at the builder's position, or None
        self.known = known

    def const(self, value: float) -> Value:
        return Builder.const(self.ty, value)

    @property
    def one(self) -> Value:
        return self.const(1.0)

    def add(self, a, b):
        return self.b.fadd(a, b)

    def sub(self, a, b):
        return self.b.fsub(a, b)

    def mul(self, a, b):
        return self.b.fmul(a, b)

    def div(self, a, b):
        return self.b.fdiv(a, b)

    def neg(self, a):
        return self.b.fneg(a)

    def square(self, a):
        return self.b.fmul(a, a)

    def select(self, cond, a, b):
        return self.b.select(cond, a, b)

    def fcmp(self, predicate, a, b):
        return self.b.fcmp(predicate, a, b)

    def call(self, name: str, *args: Value) -> Value:
        """``name`` applied to ``args`` of this emitter's type."""
        ty = self.ty
        if self.known is not None:
            value = self.known(name, ty, args, self.b)
            if value is not None:
                return value
        target = gpu_target(self.module.triple)
        if target is not None and (name not in INTRINSIC_MATH or
                                   name in target.UNSELECTABLE.get(ty.scalar.kind, ())):
            # the device library (libdevice, OCML): the back end has no instruction
            if isinstance(ty, T.VectorType):
                return self._per_lane(name, args)
            fn_name = target.device_function(name, ty) or name
        elif name in INTRINSIC_MATH:
            fn_name = f"llvm.{name}.{type_suffix(ty)}"
        else:
            fn_name = name + ("f" if ty.scalar == T.f32 else "")
            if isinstance(ty, T.VectorType):
                return self._per_lane(name, args)
        fty = T.FunctionType(ty, tuple(a.type for a in args))
        fn = self.module.get_or_declare(fn_name, fty)
        return self.b.call(fn, list(args))

    def powi(self, x: Value, n: Value) -> Value:
        fty = T.FunctionType(self.ty, (self.ty, n.type))
        fn = self.module.get_or_declare(f"llvm.powi.{type_suffix(self.ty)}.{type_suffix(n.type)}", fty)
        return self.b.call(fn, [x, n])

    def ldexp(self, x: Value, n: Value) -> Value:
        """``x · 2ⁿ`` for an integer ``n`` (of as many lanes as this type)."""
        fty = T.FunctionType(self.ty, (self.ty, n.type))
        fn = self.module.get_or_declare(
            f"llvm.ldexp.{type_suffix(self.ty)}.{type_suffix(n.type)}", fty)
        return self.b.call(fn, [x, n])

    def sum_lanes(self, v: Value) -> Value:
        """The sum of the lanes of the vector ``v`` (of this emitter's type)."""
        element = self.ty.element
        fty = T.FunctionType(element, (element, self.ty))
        fn = self.module.get_or_declare(f"llvm.vector.reduce.fadd.{type_suffix(self.ty)}", fty)
        return self.b.call(fn, [Builder.const(element, -0.0), v])

    def int_to_float(self, n: Value) -> Value:
        """``n`` as this type; a scalar ``n`` (powi's exponent) is splatted
        over the lanes of a vector type."""
        if isinstance(self.ty, T.VectorType) and not isinstance(n.type, T.VectorType):
            lane = self.b.cast("sitofp", n, self.ty.element)
            vector = self.b.insertelement(ConstantKeyword(self.ty, "poison"), lane,
                                          Builder.const(T.i32, 0))
            mask = ConstantKeyword(T.VectorType(self.ty.count, T.i32, self.ty.scalable),
                                   "zeroinitializer")
            return self.b.insert(ShuffleVectorInst(vector, ConstantKeyword(self.ty, "poison"),
                                                   mask))
        return self.b.cast("sitofp", n, self.ty)

    def _per_lane(self, name: str, args) -> Value:
        ty = self.ty
        scalar = Math(self.b, ty.element)
        result = Builder.const(ty, 0.0)
        for lane in range(ty.count):
            index = Builder.const(T.i32, lane)
            lane_args = [self.b.extractelement(a, index) for a in args]
            result = self.b.insertelement(result, scalar.call(name, *lane_args), index)
        return result

"""How the W tangents of one value are carried in vector forward mode.

A scalar float's tangents travel as one ``<W x T>`` vector, so each rule is
one vector operation (partials are splatted), which LLVM turns into SIMD;
everything else (pointers, integers, aggregates, vectors) uses Enzyme's
``[W x T]`` array, one lane per element.  At the ABI boundary (parameters,
returns, calls between derivatives) tangents are always ``[W x T]``.
"""

from __future__ import annotations

from enzyme_opt.ad.utils import join_lanes, split_lanes
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.types import shadow_type
from enzyme_opt.ir.values import ConstantInt, ConstantKeyword, Value, zero


class Lanes:
    def __init__(self, width: int):
        self.width = width

    def vectorized(self, ty: T.Type) -> bool:
        return self.width > 1 and isinstance(ty, T.FloatType)

    def type(self, ty: T.Type) -> T.Type:
        """The type that carries the tangents of a ``ty`` value."""
        return T.VectorType(self.width, ty) if self.vectorized(ty) else shadow_type(ty, self.width)

    def zero(self, ty: T.Type) -> Value:
        return zero(self.type(ty))

    def split(self, b: Builder, tangents: Value | None, ty: T.Type) -> list[Value | None]:
        """One value per lane (None for a symbolic zero)."""
        if tangents is None or not self.vectorized(ty):
            return split_lanes(b, tangents, self.width)
        return [b.extractelement(tangents, ConstantInt(T.i32, lane)) for lane in range(self.width)]

    def join(self, b: Builder, values: list[Value], ty: T.Type, name: str = "") -> Value:
        if not self.vectorized(ty):
            return join_lanes(b, values, ty, self.width, name)
        vector: Value = ConstantKeyword(self.type(ty), "poison")
        for lane, value in enumerate(values):
            vector = b.insertelement(vector, value, ConstantInt(T.i32, lane),
                                     name if lane == self.width - 1 else "")
        return vector

    def splat(self, b: Builder, scalar: Value) -> Value:
        vector = b.insertelement(ConstantKeyword(self.type(scalar.type), "poison"), scalar,
                                 ConstantInt(T.i32, 0))
        mask = ConstantKeyword(T.VectorType(self.width, T.i32), "zeroinitializer")
        from enzyme_opt.ir.instructions import ShuffleVectorInst
        return b.insert(ShuffleVectorInst(vector, ConstantKeyword(vector.type, "poison"), mask))

    def from_abi(self, b: Builder, tangents: Value, ty: T.Type) -> Value:
        """``[W x T]`` as passed between functions → the carrying type."""
        if not self.vectorized(ty):
            return tangents
        return self.join(b, split_lanes(b, tangents, self.width), ty)

    def to_abi(self, b: Builder, tangents: Value, ty: T.Type) -> Value:
        if not self.vectorized(ty):
            return tangents
        return join_lanes(b, self.split(b, tangents, ty), ty, self.width)

"""LLVM types as frozen, interned values.

Structural types (integers, floats, pointers, vectors, arrays, literal structs,
function types) are frozen dataclasses: equal types compare equal and hash alike,
so they can be used as dictionary keys and compared with ``==``.  Identified
structs (``%struct.S = type {...}``) compare by name; their body lives on the
module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


class Type:
    """Base of every IR type.  Subclasses print themselves in LLVM syntax."""

    is_float = False
    is_int = False
    is_pointer = False
    is_vector = False
    is_aggregate = False

    @property
    def scalar(self) -> "Type":
        """The element type of a vector, else the type itself."""
        return self

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        raise TypeError(f"{type(self).__name__} is abstract")


@dataclass(frozen=True, slots=True)
class VoidType(Type):
    def __str__(self) -> str:
        return "void"


@dataclass(frozen=True, slots=True)
class LabelType(Type):
    def __str__(self) -> str:
        return "label"


@dataclass(frozen=True, slots=True)
class MetadataType(Type):
    def __str__(self) -> str:
        return "metadata"


@dataclass(frozen=True, slots=True)
class TokenType(Type):
    def __str__(self) -> str:
        return "token"


@dataclass(frozen=True, slots=True)
class OpaqueType(Type):
    """A type we carry but never look into (``x86_amx``, ``target("...")``)."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class IntType(Type):
    bits: int
    is_int = True

    def __str__(self) -> str:
        return f"i{self.bits}"


#: Size in bits of each floating-point kind, by its LLVM keyword.
FLOAT_BITS = {"half": 16, "bfloat": 16, "float": 32, "double": 64,
              "x86_fp80": 80, "fp128": 128, "ppc_fp128": 128}


@dataclass(frozen=True, slots=True)
class FloatType(Type):
    kind: str
    is_float = True

    @property
    def bits(self) -> int:
        return FLOAT_BITS[self.kind]

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class PointerType(Type):
    addrspace: int = 0
    is_pointer = True

    def __str__(self) -> str:
        return "ptr" if self.addrspace == 0 else f"ptr addrspace({self.addrspace})"


@dataclass(frozen=True, slots=True)
class VectorType(Type):
    count: int
    element: Type
    scalable: bool = False
    is_vector = True

    @property
    def scalar(self) -> Type:
        return self.element

    @property
    def is_float(self) -> bool:  # type: ignore[override]
        return self.element.is_float

    @property
    def is_int(self) -> bool:  # type: ignore[override]
        return self.element.is_int

    @property
    def is_pointer(self) -> bool:  # type: ignore[override]
        return self.element.is_pointer

    def __str__(self) -> str:
        vscale = "vscale x " if self.scalable else ""
        return f"<{vscale}{self.count} x {self.element}>"


@dataclass(frozen=True, slots=True)
class ArrayType(Type):
    count: int
    element: Type
    is_aggregate = True

    def __str__(self) -> str:
        return f"[{self.count} x {self.element}]"


@dataclass(frozen=True, slots=True)
class StructType(Type):
    """A literal struct ``{ i32, double }`` (``packed``: ``<{ ... }>``)."""

    elements: tuple[Type, ...]
    packed: bool = False
    is_aggregate = True

    def __str__(self) -> str:
        if not self.elements:
            body = "{}"
        else:
            body = "{ " + ", ".join(map(str, self.elements)) + " }"
        return f"<{body}>" if self.packed else body


@dataclass(frozen=True, slots=True)
class NamedStructType(Type):
    """An identified struct ``%struct.S``.  The body is resolved through the
    module's type table (``Module.struct_bodies``); ``body`` is set once the
    definition has been read (``None``: opaque)."""

    name: str
    body_ref: list = field(default_factory=list, compare=False, hash=False, repr=False)
    is_aggregate = True

    @property
    def body(self) -> StructType | None:
        return self.body_ref[0] if self.body_ref else None

    @property
    def elements(self) -> tuple[Type, ...]:
        body = self.body
        return body.elements if body is not None else ()

    @property
    def packed(self) -> bool:
        body = self.body
        return body.packed if body is not None else False

    def __str__(self) -> str:
        return "%" + quote_name(self.name)


@dataclass(frozen=True, slots=True)
class FunctionType(Type):
    ret: Type
    params: tuple[Type, ...]
    varargs: bool = False

    def __str__(self) -> str:
        params = [str(p) for p in self.params]
        if self.varargs:
            params.append("...")
        return f"{self.ret} ({', '.join(params)})"


# Shared instances of the common types (they are equal to fresh ones anyway).
void = VoidType()
label = LabelType()
metadata = MetadataType()
token = TokenType()
i1 = IntType(1)
i8 = IntType(8)
i16 = IntType(16)
i32 = IntType(32)
i64 = IntType(64)
half = FloatType("half")
f32 = FloatType("float")
f64 = FloatType("double")
ptr = PointerType(0)


#: a name LLVM prints bare: ASCII word characters, ``-$.``, not starting with a digit unless
#: all digits (one ASCII pattern: \w and \d mean only their ASCII characters)
_BARE_NAME = re.compile(r"[-A-Za-z$._][-\w$.]*|\d+", re.ASCII)


def quote_name(name: str) -> str:
    """Spell an identifier as LLVM does: bare when every character is allowed
    (and it does not start with a digit unless it is all digits), else quoted
    with non-printable characters and quotes escaped as ``\\XX``."""
    if _BARE_NAME.fullmatch(name):
        return name
    out = []
    for ch in name:
        code = ord(ch)
        if ch == '"' or ch == "\\" or code < 0x20 or code >= 0x7F:
            for byte in ch.encode("utf-8"):
                out.append(f"\\{byte:02X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def contains_float(ty: Type) -> bool:
    """Does a value of ``ty`` hold floating-point data anywhere (scalar,
    vector element, struct field, array element)?"""
    if ty.scalar.is_float:
        return True
    if isinstance(ty, (StructType, NamedStructType)):
        return any(contains_float(e) for e in ty.elements)
    if isinstance(ty, ArrayType):
        return contains_float(ty.element)
    return False


def contains_pointer(ty: Type) -> bool:
    """Does a value of ``ty`` hold a pointer anywhere (``{ptr, ptr}`` returned
    by a C++ iterator pair, a span's ``{ptr, i64}``...)?"""
    if ty.scalar.is_pointer:
        return True
    if isinstance(ty, (StructType, NamedStructType)):
        return any(contains_pointer(e) for e in ty.elements)
    if isinstance(ty, ArrayType):
        return contains_pointer(ty.element)
    return False


def store_size(ty: Type, layout: "DataLayout | None" = None) -> int:
    """Bytes a value of ``ty`` occupies in memory (x86-64 / NVPTX rules)."""
    return (layout or DEFAULT_LAYOUT).size(ty)


def alloc_size(ty: Type) -> int:
    return DEFAULT_LAYOUT.alloc_size(ty)


def abi_align(ty: Type) -> int:
    return DEFAULT_LAYOUT.align(ty)


class DataLayout:
    """The size and alignment facts we need, for the 64-bit targets we emit
    for (x86-64, nvptx64, amdgcn): pointers are 8 bytes, i64/double align 8."""

    pointer_size = 8

    def size(self, ty: Type) -> int:
        if isinstance(ty, IntType):
            return (ty.bits + 7) // 8
        if isinstance(ty, FloatType):
            return 10 if ty.kind == "x86_fp80" else ty.bits // 8
        if isinstance(ty, PointerType):
            return self.pointer_size
        if isinstance(ty, VectorType):
            return (ty.count * _bits(ty.element) + 7) // 8
        if isinstance(ty, ArrayType):
            return ty.count * self.alloc_size(ty.element)
        if isinstance(ty, (StructType, NamedStructType)):
            return self.struct_layout(ty)[0]
        raise ValueError(f"type {ty} has no size")

    def alloc_size(self, ty: Type) -> int:
        size = self.size(ty)
        align = self.align(ty)
        return (size + align - 1) // align * align

    def align(self, ty: Type) -> int:
        # asked for every load, store and alloca built: the scalars first, by exact type
        # (no type has subclasses)
        kind = type(ty)
        if kind is FloatType:
            return _FLOAT_ALIGN.get(ty.kind, 16)
        if kind is PointerType:
            return 8
        if kind is IntType:
            return min(max(1, _pow2_ceil((ty.bits + 7) // 8)), 16 if ty.bits > 64 else 8)
        if isinstance(ty, VectorType):
            return _pow2_ceil(self.size(ty))
        if isinstance(ty, ArrayType):
            return self.align(ty.element)
        if isinstance(ty, (StructType, NamedStructType)):
            if ty.packed:
                return 1
            return max((self.align(e) for e in ty.elements), default=1)
        raise ValueError(f"type {ty} has no alignment")

    def struct_layout(self, ty: StructType | NamedStructType) -> tuple[int, list[int]]:
        """(size, offsets of each element) of a struct."""
        offset = 0
        offsets = []
        for element in ty.elements:
            if not ty.packed:
                a = self.align(element)
                offset = (offset + a - 1) // a * a
            offsets.append(offset)
            offset += self.alloc_size(element)
        align = self.align(ty)
        return (offset + align - 1) // align * align, offsets


_FLOAT_ALIGN = {"half": 2, "bfloat": 2, "float": 4, "double": 8}


def _bits(ty: Type) -> int:
    if isinstance(ty, IntType):
        return ty.bits
    if isinstance(ty, FloatType):
        return ty.bits
    return 64


def _pow2_ceil(n: int) -> int:
    p = 1
    while p < n:
        p *= 2
    return p


DEFAULT_LAYOUT = DataLayout()


def shadow_type(ty: Type, width: int) -> Type:
    return ty if width == 1 else ArrayType(width, ty)


def leaves(ty: Type) -> list[tuple[tuple[int, ...], Type]]:
    """Paths to the scalar leaves of an aggregate (vectors are leaves)."""
    if isinstance(ty, (StructType, NamedStructType)):
        out = []
        for i, e in enumerate(ty.elements):
            out += [((i, *p), t) for p, t in leaves(e)]
        return out
    if isinstance(ty, ArrayType):
        out = []
        for i in range(ty.count):
            out += [((i, *p), t) for p, t in leaves(ty.element)]
        return out
    return [((), ty)]


def scalar_leaves(ty: Type) -> list[Type]:
    """Flattened scalars, vectors split into their elements."""
    out = []
    for _, leaf in leaves(ty):
        if isinstance(leaf, VectorType):
            out += [leaf.element] * leaf.count
        else:
            out.append(leaf)
    return out


def indexed_offset(ty: Type, indices: list[int]) -> int | None:
    """The byte offset a ``getelementptr`` over ``ty`` with these constant indices adds
    to its base (None where an index steps into something that is no aggregate)."""
    offset = indices[0] * alloc_size(ty)
    for index in indices[1:]:
        if isinstance(ty, (StructType, NamedStructType)):
            offset += DEFAULT_LAYOUT.struct_layout(ty)[1][index]
            ty = ty.elements[index]
        elif isinstance(ty, (ArrayType, VectorType)):
            ty = ty.element
            offset += index * alloc_size(ty)
        else:
            return None
    return offset

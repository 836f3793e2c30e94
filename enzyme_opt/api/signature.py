"""How Python values cross into native code, decided by LLVM types.

Every entry point the API compiles has one C signature, ``void(ptr io)``:
``io`` is a buffer of 8-byte *slots*, one per scalar — the inputs first,
then the results, which the entry point stores behind them.  So one calling
layer (``struct`` formats and one ``ctypes`` function type) serves every
signature, and the per-call cost is one ``pack_into``, one foreign call and
one ``unpack_from``.

A ``Layout`` says how a value of an LLVM type is spelled in Python and in
slots: a floating scalar is a Python ``float``, an integer an ``int``, ``i1``
a ``bool``, a pointer an address (the API passes NumPy arrays' data
pointers), and a struct, array or vector of those a tuple of its elements.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from enzyme_opt.ir import types as T

SLOT = 8

if sys.byteorder != "little":  # pragma: no cover - the formats below assume it
    raise ImportError("enzyme_opt.api supports little-endian machines only")


class UnsupportedType(TypeError):
    """An LLVM type the API cannot pass to or from Python."""


@dataclass(frozen=True)
class Scalar:
    """One slot: its LLVM type, its ``struct`` format as an input and as a
    result (8 bytes each), and its Python kind."""

    llvm: T.Type
    kind: str          # "float" | "int" | "bool" | "ptr"
    pack: str          # input format (integers are packed unsigned, after masking)
    unpack: str        # result format
    bits: int

    @property
    def leaves(self) -> int:
        return 1


@dataclass(frozen=True)
class Aggregate:
    """A struct, array or vector passed by value: a tuple of its elements."""

    llvm: T.Type
    elements: tuple

    @property
    def leaves(self) -> int:
        return sum(e.leaves for e in self.elements)

    @property
    def kind(self) -> str:
        return "aggregate"


Layout = Scalar | Aggregate

#: Slot formats of each scalar type: (kind, input format, signed result, unsigned result).
#: ``i1`` travels as a byte (``zext``/``trunc`` in the entry point).
_SCALARS = {
    "double": ("float", "d", "d", "d"),
    "float": ("float", "f4x", "f4x", "f4x"),
    "half": ("float", "e6x", "e6x", "e6x"),
    "i1": ("bool", "B7x", "?7x", "?7x"),
    "i8": ("int", "B7x", "b7x", "B7x"),
    "i16": ("int", "H6x", "h6x", "H6x"),
    "i32": ("int", "I4x", "i4x", "I4x"),
    "i64": ("int", "Q", "q", "Q"),
    "ptr": ("ptr", "Q", "Q", "Q"),
}


def layout_of(ty: T.Type, unsigned: bool = False) -> Layout:
    """The layout of ``ty``; ``unsigned``: an integer result is read as
    unsigned (a ``zeroext`` return).  Raises ``UnsupportedType``."""
    if isinstance(ty, T.VectorType) and not ty.scalable:
        element = layout_of(ty.element, unsigned)
        return Aggregate(ty, (element,) * ty.count)
    if isinstance(ty, T.ArrayType):
        return Aggregate(ty, (layout_of(ty.element, unsigned),) * ty.count)
    if isinstance(ty, (T.StructType, T.NamedStructType)):
        if ty.packed:
            raise UnsupportedType(f"packed struct {ty}")
        if not ty.elements:
            raise UnsupportedType(f"empty or opaque struct {ty}")
        return Aggregate(ty, tuple(layout_of(e, unsigned) for e in ty.elements))
    spec = _SCALARS.get(str(ty))
    if spec is None:
        raise UnsupportedType(str(ty))
    kind, pack, signed, unsigned_fmt = spec
    bits = ty.bits if isinstance(ty, (T.IntType, T.FloatType)) else 64
    return Scalar(ty, kind, pack, unsigned_fmt if unsigned else signed, bits)


def contains_float(layout: Layout) -> bool:
    if isinstance(layout, Scalar):
        return layout.kind == "float"
    return any(contains_float(e) for e in layout.elements)


def category(layout: Layout | None) -> str:
    """What annotations a value of this layout can take (``annotations.py``):
    "void", "float" (a float scalar), "aggregate" (a struct, array or
    vector holding floats), "ptr", or "int" (integers, booleans, aggregates
    without floats)."""
    if layout is None:
        return "void"
    if isinstance(layout, Scalar) and layout.kind == "ptr":
        return "ptr"
    if not contains_float(layout):
        return "int"
    return "aggregate" if isinstance(layout, Aggregate) else "float"


# -- Python side ----------------------------------------------------------------


def scalars(layout: Layout) -> list[Scalar]:
    """The slots of a layout, in order."""
    if isinstance(layout, Scalar):
        return [layout]
    return [s for e in layout.elements for s in scalars(e)]


def flatten(layout: Layout, value, what: str) -> list:
    """``value`` as slot values (floats, masked integers), checked against
    ``layout``; ``what`` names the value in errors."""
    if isinstance(layout, Aggregate):
        if not isinstance(value, (tuple, list)) or len(value) != len(layout.elements):
            raise TypeError(f"{what} must be a tuple of {len(layout.elements)} values "
                            f"(LLVM type {layout.llvm}), got {_show(value)}")
        out = []
        for i, (element, item) in enumerate(zip(layout.elements, value)):
            out += flatten(element, item, f"{what}[{i}]")
        return out
    return [convert(layout, value, what)]


def convert(layout: Scalar, value, what: str):
    """One Python value as its slot value."""
    if layout.kind == "float":
        if isinstance(value, (bool, str, bytes)) or not _is_number(value):
            raise TypeError(f"{what} must be a number ({layout.llvm}), got {_show(value)}")
        return float(value)
    if layout.kind in ("int", "bool"):
        try:
            number = value.__index__()
        except (AttributeError, TypeError):
            raise TypeError(f"{what} must be an integer ({layout.llvm}), got {_show(value)}") \
                from None
        lo, hi = -(1 << (layout.bits - 1)), (1 << layout.bits) - 1
        if layout.kind == "bool":
            lo = 0
        if not lo <= number <= hi:
            raise OverflowError(f"{what} = {number} does not fit in {layout.llvm}")
        return number & ((1 << layout.bits) - 1)
    return value  # an address, computed by the caller


def unflatten(layout: Layout, values, index: int = 0):
    """(the Python value of ``layout`` read from ``values[index:]``, next index)."""
    if isinstance(layout, Scalar):
        return values[index], index + 1
    out = []
    for element in layout.elements:
        item, index = unflatten(element, values, index)
        out.append(item)
    return tuple(out), index


def _is_number(value) -> bool:
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True


def _show(value) -> str:
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{type(value).__name__} {text}"


# -- IR side ----------------------------------------------------------------------


class EntryText:
    """The text of one entry point ``define void @name(ptr %io)``: loads of
    its inputs from successive slots, whatever computes, stores of its
    results into the slots after them."""

    def __init__(self, name: str):
        self.name = name
        self.lines: list[str] = []
        self.counter = 0
        self.slot = 0

    def fresh(self) -> str:
        self.counter += 1
        return f"%v{self.counter}"

    def emit(self, line: str) -> None:
        self.lines.append("  " + line)

    def _slot_address(self) -> str:
        if self.slot == 0:
            address = "%io"
        else:
            address = self.fresh()
            self.emit(f"{address} = getelementptr inbounds i8, ptr %io, i64 {self.slot * SLOT}")
        self.slot += 1
        return address

    def load(self, layout: Layout) -> str:
        """Read the next value of ``layout``; returns the SSA name."""
        if isinstance(layout, Scalar):
            address = self._slot_address()
            value = self.fresh()
            if str(layout.llvm) == "i1":
                byte = value
                self.emit(f"{byte} = load i8, ptr {address}")
                value = self.fresh()
                self.emit(f"{value} = trunc i8 {byte} to i1")
            else:
                self.emit(f"{value} = load {layout.llvm}, ptr {address}")
            return value
        aggregate = "poison"
        for i, element in enumerate(layout.elements):
            item = self.load(element)
            built = self.fresh()
            if isinstance(layout.llvm, T.VectorType):
                self.emit(f"{built} = insertelement {layout.llvm} {aggregate}, "
                          f"{element.llvm} {item}, i32 {i}")
            else:
                self.emit(f"{built} = insertvalue {layout.llvm} {aggregate}, "
                          f"{element.llvm} {item}, {i}")
            aggregate = built
        return aggregate

    def store(self, layout: Layout, value: str) -> None:
        """Write ``value`` (of ``layout``) into the next slots."""
        if isinstance(layout, Scalar):
            address = self._slot_address()
            if str(layout.llvm) == "i1":
                byte = self.fresh()
                self.emit(f"{byte} = zext i1 {value} to i8")
                self.emit(f"store i8 {byte}, ptr {address}")
            else:
                self.emit(f"store {layout.llvm} {value}, ptr {address}")
            return
        for i, element in enumerate(layout.elements):
            item = self.fresh()
            if isinstance(layout.llvm, T.VectorType):
                self.emit(f"{item} = extractelement {layout.llvm} {value}, i32 {i}")
            else:
                self.emit(f"{item} = extractvalue {layout.llvm} {value}, {i}")
            self.store(element, item)

    def text(self) -> str:
        body = "\n".join(self.lines)
        return f"define void @{T.quote_name(self.name)}(ptr %io) {{\n{body}\n  ret void\n}}\n"


def global_ref(name: str) -> str:
    return "@" + T.quote_name(name)

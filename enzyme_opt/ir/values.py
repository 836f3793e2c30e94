"""Values, users and the intrusive use lists that link them; constants.

Every operand slot is a :class:`Use`.  A value knows its uses, so
``replace_all_uses_with`` is a loop of operand assignments and nothing else
edits a use list.

A value's uses (``_uses``, in use order) are held in the smallest form that fits:
one shared empty tuple before the first use, the :class:`Use` itself while it is
the only one, a plain list from the second on (``add_use``, ``remove_use``; read
them through ``use_list``).  A differentiated module holds several Python values
per input instruction, most with one use or none: a dict per value (the former
form, for O(1) removal) was a quarter of the tool's memory, a one-element list is
still 80 bytes.  Removal from a list is a scan, short for all but a few values (a
function called from many places).
"""

from __future__ import annotations

import math
import struct
from operator import attrgetter
from typing import Iterator, Sequence

from enzyme_opt.ir import types as T
from enzyme_opt.ir.text import floats
from enzyme_opt.ir.types import Type, quote_name


class Use:
    """One operand slot of ``user``: ``user.operands[index] is value``."""

    __slots__ = ("user", "index", "value")

    def __init__(self, user: "User", index: int, value: "Value"):
        self.user = user
        self.index = index
        self.value = value
        add_use(value, self)

    def set(self, value: "Value") -> None:
        remove_use(self.value, self)
        self.value = value
        add_use(value, self)

    def drop(self) -> None:
        remove_use(self.value, self)


#: the uses of every value not used yet (see the module's docstring)
NO_USES: tuple = ()


def add_use(value: "Value", use: Use) -> None:
    """Add ``use`` last to ``value``'s uses: the use itself when it is the only one,
    a list from the second on."""
    uses = value._uses
    if not uses:  # none yet (or an emptied list)
        value._uses = use
    elif type(uses) is list:
        uses.append(use)
    else:
        value._uses = [uses, use]


def remove_use(value: "Value", use: Use) -> None:
    uses = value._uses
    if uses is use:
        value._uses = NO_USES
    else:
        uses.remove(use)


def use_list(uses: "Use | list[Use] | tuple") -> "Sequence[Use]":
    """A value's ``_uses`` as a sequence, whichever form it is in."""
    return (uses,) if type(uses) is Use else uses


_new_use = object.__new__
_value_of = attrgetter("value")


class Value:
    """Anything that can be an operand: it has a type, maybe a name, and uses."""

    __slots__ = ("type", "name", "_uses", "__weakref__")

    def __init__(self, type: Type, name: str = ""):
        self.type = type
        #: The name hint without sigil (``"x"`` for ``%x``); "" when unnamed.
        self.name = name
        self._uses: Use | list[Use] | tuple = NO_USES

    @property
    def uses(self) -> list[Use]:
        return list(use_list(self._uses))

    @property
    def users(self) -> list["User"]:
        seen: dict[User, None] = {}
        for use in use_list(self._uses):
            seen[use.user] = None
        return list(seen)

    def has_uses(self) -> bool:
        return bool(self._uses)  # a Use is true, an emptied list false

    def replace_all_uses_with(self, other: "Value") -> None:
        for use in list(use_list(self._uses)):
            use.set(other)

    def ref(self) -> str:
        """How an operand referring to this value is spelled (without type)."""
        raise TypeError(f"{type(self).__name__} is abstract: it has no spelling")

    def typed_ref(self) -> str:
        return f"{self.type} {self.ref()}"

    def __repr__(self) -> str:
        try:
            return f"<{type(self).__name__} {self.typed_ref()}>"
        except Exception:  # noqa: BLE001 - repr must never fail
            return f"<{type(self).__name__} {self.name!r}>"


class User(Value):
    """A value with operands (instructions, constant expressions, ...).

    The operand slots are a tuple of uses, replaced whole when operands are added or
    dropped (rare: phis and initializers): a tuple is 32 bytes smaller than the list it
    was, and a constant's is the shared empty one.
    """

    __slots__ = ("_operands",)

    def __init__(self, type: Type, operands: Sequence[Value] = (), name: str = ""):
        self.type = type
        self.name = name
        self._uses = NO_USES
        uses = []
        for index, value in enumerate(operands):  # Use(self, index, value), inlined: hot
            use = _new_use(Use)
            use.user, use.index, use.value = self, index, value
            used = value._uses  # add_use(value, use), inlined
            if not used:
                value._uses = use
            elif used.__class__ is list:  # (``type`` is the parameter here)
                used.append(use)
            else:
                value._uses = [used, use]
            uses.append(use)
        self._operands: tuple[Use, ...] = tuple(uses)

    @property
    def operands(self) -> list[Value]:
        return [*map(_value_of, self._operands)]  # C-level: asked for very often

    def operand(self, index: int) -> Value:
        return self._operands[index].value

    def set_operand(self, index: int, value: Value) -> None:
        self._operands[index].set(value)

    def append_operand(self, value: Value) -> None:
        operands = self._operands
        self._operands = (*operands, Use(self, len(operands), value))

    def set_operands(self, values: Sequence[Value]) -> None:
        self.drop_operands()
        self._operands = tuple([Use(self, i, v) for i, v in enumerate(values)])

    def drop_operands(self) -> None:
        for use in self._operands:  # use.drop(), inlined: a dropped body drops every use
            value = use.value
            uses = value._uses
            if uses is use:
                value._uses = NO_USES
            else:
                uses.remove(use)
        self._operands = ()

    @property
    def operand_uses(self) -> tuple[Use, ...]:
        return self._operands


class Argument(Value):
    """A function parameter.  ``attrs`` is the attribute text (``noundef nonnull``)."""

    __slots__ = ("parent", "index", "attrs")

    def __init__(self, type: Type, name: str = "", parent=None, index: int = 0, attrs: str = ""):
        super().__init__(type, name)
        self.parent = parent
        self.index = index
        self.attrs = attrs

    def ref(self) -> str:
        return self.parent.slot_name(self)


# --------------------------------------------------------------------------
# Constants.  They are created fresh where needed (no uniquing): identity is
# never relied upon for constants, only for instructions, arguments, globals.


class Constant(User):
    __slots__ = ()

    def ref(self) -> str:
        raise TypeError(f"{type(self).__name__} is abstract: it has no spelling")

    @property
    def is_zero(self) -> bool:
        return False


def _operandless(value: "User", type: Type) -> None:
    """``User.__init__(value, type)`` for a value without operands (a constant's fields set
    directly: constants are made often, most of them operandless)."""
    value.type = type
    value.name = ""
    value._uses = NO_USES
    value._operands = ()


class ConstantInt(Constant):
    __slots__ = ("value",)

    def __init__(self, type: Type, value: int):
        _operandless(self, type)
        self.value = value

    def ref(self) -> str:
        ty = self.type  # i1, without the dataclass's __eq__ (a constant is printed often)
        if type(ty) is T.IntType and ty.bits == 1:
            return "true" if self.value else "false"
        return str(self.value)

    @property
    def is_zero(self) -> bool:
        return self.value == 0


class ConstantFP(Constant):
    """A floating constant.  ``text`` keeps LLVM's spelling (decimal or hex),
    so printing is exact; ``value`` is the Python float for folding."""

    __slots__ = ("value", "text")

    def __init__(self, type: Type, value: float, text: str | None = None):
        _operandless(self, type)
        self.value = value
        self.text = text if text is not None else format_float(type, value)

    def ref(self) -> str:
        return self.text

    @property
    def is_zero(self) -> bool:
        return self.value == 0.0 and math.copysign(1.0, self.value) > 0


def format_float(ty: Type, value: float) -> str:
    """Spell ``value`` exactly: hex for double/float (always exact), as LLVM
    accepts; float constants are rounded to single precision first; the
    other kinds in their own hex (``floats.py``)."""
    if isinstance(ty, T.FloatType) and ty.kind == "float":
        value = struct.unpack("<f", struct.pack("<f", value))[0]
    elif isinstance(ty, T.FloatType) and ty.kind != "double":
        return floats.spell(ty.kind, value)
    if math.isfinite(value):
        short = f"{value:.6e}"  # LLVM's own spelling when it is exact
        if float(short) == value:
            return short
    bits = struct.unpack("<Q", struct.pack("<d", value))[0]
    return f"0x{bits:016X}"


class ConstantKeyword(Constant):
    """``null``, ``undef``, ``poison``, ``zeroinitializer``, ``none``."""

    __slots__ = ("keyword",)

    def __init__(self, type: Type, keyword: str):
        _operandless(self, type)
        self.keyword = keyword

    def ref(self) -> str:
        return self.keyword

    @property
    def is_zero(self) -> bool:
        return self.keyword in ("null", "zeroinitializer")


def null(ty: Type) -> ConstantKeyword:
    return ConstantKeyword(ty, "null")


def undef(ty: Type) -> ConstantKeyword:
    return ConstantKeyword(ty, "undef")


def poison(ty: Type) -> ConstantKeyword:
    return ConstantKeyword(ty, "poison")


def zero(ty: Type) -> Constant:
    """The zero of any first-class type, in the spelling LLVM accepts."""
    if isinstance(ty, T.IntType):
        return ConstantInt(ty, 0)
    if isinstance(ty, T.FloatType):
        return ConstantFP(ty, 0.0)
    if isinstance(ty, T.PointerType):
        return null(ty)
    return ConstantKeyword(ty, "zeroinitializer")


class ConstantAggregate(Constant):
    """``[ ... ]`` arrays, ``{ ... }`` structs, ``< ... >`` vectors; elements
    are operands."""

    __slots__ = ()

    def ref(self) -> str:
        body = ", ".join(v.typed_ref() for v in self.operands)
        if isinstance(self.type, T.VectorType):
            return f"<{body}>"
        if isinstance(self.type, T.ArrayType):
            return f"[{body}]"
        if self.type.packed:
            return "<{ " + body + " }>" if body else "<{}>"
        return "{ " + body + " }" if body else "{}"


class ConstantString(Constant):
    """``c"..."``: ``data`` holds the raw bytes."""

    __slots__ = ("data",)

    def __init__(self, type: Type, data: bytes):
        super().__init__(type)
        self.data = data

    def ref(self) -> str:
        out = []
        for b in self.data:
            if 0x20 <= b < 0x7F and b not in (0x22, 0x5C):
                out.append(chr(b))
            else:
                out.append(f"\\{b:02X}")
        return 'c"' + "".join(out) + '"'


class ConstantSplat(Constant):
    """``splat (double 1.0)``: one element repeated across a vector."""

    __slots__ = ()

    def ref(self) -> str:
        return f"splat ({self.operand(0).typed_ref()})"


class ConstantExpr(Constant):
    """A constant expression.  ``opcode`` is the LLVM keyword; ``flags`` the
    words that follow it (``inbounds``, ``nuw``); for getelementptr,
    ``source_type`` is the element type; casts print ``to <type>``."""

    __slots__ = ("opcode", "flags", "source_type")

    def __init__(self, type: Type, opcode: str, operands: Sequence[Value],
                 flags: str = "", source_type: Type | None = None):
        super().__init__(type, operands)
        self.opcode = opcode
        self.flags = flags
        self.source_type = source_type

    def ref(self) -> str:
        head = self.opcode + (" " + self.flags if self.flags else "")
        args = ", ".join(v.typed_ref() for v in self.operands)
        if self.opcode == "getelementptr":
            return f"{head} ({self.source_type}, {args})"
        if self.opcode in CAST_OPCODES:
            return f"{head} ({args} to {self.type})"
        return f"{head} ({args})"


CAST_OPCODES = frozenset({
    "trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp",
    "sitofp", "ptrtoint", "ptrtoaddr", "inttoptr", "bitcast", "addrspacecast"})


class ConstantWrapper(Constant):
    """``blockaddress(@f, %bb)``, ``dso_local_equivalent @f``, ``no_cfi @f``:
    a keyword applied to globals; ``template`` formats the operand refs."""

    __slots__ = ("keyword", "extra")

    def __init__(self, type: Type, keyword: str, operands: Sequence[Value], extra: str = ""):
        super().__init__(type, operands)
        self.keyword = keyword
        self.extra = extra

    def ref(self) -> str:
        if self.keyword == "blockaddress":
            return f"blockaddress({self.operand(0).ref()}, {self.extra})"
        return f"{self.keyword} {self.operand(0).ref()}"


class InlineAsm(Value):
    """``asm sideeffect "text", "constraints"``, only ever a callee."""

    __slots__ = ("text",)

    def __init__(self, type: Type, text: str):
        super().__init__(type)
        self.text = text

    def ref(self) -> str:
        return self.text


class MetadataOperand(User):
    """A metadata operand of a call or debug record: its text is kept, with
    any SSA values it names held as operands so renaming stays correct.
    ``pieces`` alternates literal text and operand indices."""

    __slots__ = ("pieces",)

    def __init__(self, pieces: list, operands: Sequence[Value] = ()):
        super().__init__(T.metadata, operands)
        self.pieces = pieces

    @property
    def text(self) -> str:
        out = []
        for piece in self.pieces:
            if isinstance(piece, int):
                out.append(self.operand(piece).ref())
            else:
                out.append(piece)
        return "".join(out)

    def ref(self) -> str:
        return self.text

    @property
    def string(self) -> str | None:
        """The string of ``!"..."`` metadata, else None."""
        text = self.text
        if text.startswith('!"') and text.endswith('"'):
            return unescape_string(text[2:-1]).decode("utf-8", "replace")
        return None


def unescape_string(body: str) -> bytes:
    """Decode the ``\\XX`` escapes of an LLVM string body."""
    out = bytearray()
    i = 0
    raw = body.encode("utf-8")
    while i < len(raw):
        b = raw[i]
        if b == 0x5C and i + 2 < len(raw) + 0 and _is_hex(raw[i + 1:i + 3]):
            out.append(int(raw[i + 1:i + 3], 16))
            i += 3
        elif b == 0x5C and i + 1 < len(raw) and raw[i + 1] == 0x5C:
            out.append(0x5C)
            i += 2
        else:
            out.append(b)
            i += 1
    return bytes(out)


def _is_hex(chunk: bytes) -> bool:
    return len(chunk) == 2 and all(c in b"0123456789abcdefABCDEF" for c in chunk)


def iter_constant_leaves(value: Value) -> Iterator[Value]:
    """Every value inside a constant (depth first), the constant included."""
    yield value
    if isinstance(value, Constant):
        for op in value.operands:
            yield from iter_constant_leaves(op)


def strip_casts(value: Value) -> Value:
    """Look through bitcasts / addrspacecasts / zero-offset GEP constant exprs."""
    while isinstance(value, ConstantExpr) and value.opcode in ("bitcast", "addrspacecast"):
        value = value.operand(0)
    return value


def name_ref(sigil: str, name: str) -> str:
    return sigil + quote_name(name)

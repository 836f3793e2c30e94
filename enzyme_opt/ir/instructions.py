"""Instructions: a family base with shared operands and flags, and small
leaves.  Each leaf prints itself in LLVM's own syntax (``body()`` is the text
after ``%name = ``), so the printer is a loop and the format lives beside the
data it formats.

Words we carry but never interpret (fast-math flags, ``nuw``, ``inbounds``,
parameter attributes, ...) are kept as text in ``flags``/``attrs`` fields:
that keeps the round trip lossless without modelling all of LangRef.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Sequence

from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import Function
from enzyme_opt.ir.types import Type
from enzyme_opt.ir.values import NO_USES, ConstantInt, Use, User, Value


class Instruction(User):
    """Base of all instructions.

    ``flags``: the words printed right after the opcode (``nuw nsw``, ``fast``,
    ``exact``, ``disjoint``, ``inbounds``...).  ``metadata``: attachments as
    ``(kind, text)`` pairs, e.g. ``("dbg", "!12")``, replaced and never changed in
    place (most instructions share one empty tuple, and a copy shares its original's:
    an empty list each was 56 bytes an instruction).  ``debug_records``: the
    ``#dbg_value(...)`` records printed before the instruction.
    """

    __slots__ = ("opcode", "parent", "flags", "metadata", "debug_records")

    # Subclasses call ``Instruction.__init__`` by name, not through ``super()``: building
    # instructions is a large part of the compiler's time, and each ``super()`` costs more
    # than the rest of a small constructor.  For the same reason it does what
    # ``User.__init__`` does itself, without calling it (a third of this constructor's time).
    def __init__(self, opcode: str, type: Type, operands: Sequence[Value] = (),
                 name: str = "", flags: str = ""):
        self.type = type
        self.name = name
        self._uses = NO_USES
        uses = []
        index = 0
        for value in operands:  # Use(self, index, value), inlined as in User.__init__
            use = _new_use(Use)
            use.user = self
            use.index = index
            use.value = value
            index += 1
            used = value._uses  # add_use(value, use), inlined
            if not used:
                value._uses = use
            elif used.__class__ is list:  # (``type`` is the parameter here)
                used.append(use)
            else:
                value._uses = [used, use]
            uses.append(use)
        self._operands = tuple(uses)
        self.opcode = opcode
        self.parent = None  # the BasicBlock
        self.flags = flags
        self.metadata: Sequence[tuple[str, str]] = ()
        #: replaced (never appended to): most instructions share the empty tuple
        self.debug_records: Sequence[DebugRecord] = ()

    # -- identity and placement ------------------------------------------------
    def ref(self) -> str:
        # hot (every operand printed): the function's names read directly, no property
        function = self.parent.parent
        slots = function._slots
        name = slots.get(self) if slots is not None else None
        return name if name is not None else function.slot_name(self)

    @property
    def function(self):
        return self.parent.parent if self.parent is not None else None

    #: a class attribute (asked for every instruction of every sweep, and of every block's
    #: last one): each terminator opcode has a class of its own (``invoke`` and ``callbr``
    #: their ``CallInst`` subclasses), which sets it, and ``TERMINATORS`` names them all
    is_terminator = False

    @property
    def has_result(self) -> bool:
        return not isinstance(self.type, T.VoidType)

    def erase(self) -> None:
        """Unlink from the block and drop operand uses (the value must be unused)."""
        if self.parent is not None:
            self.parent.instructions.remove(self)
            self.parent = None
        self.drop_operands()
        for record in self.debug_records:
            record.drop_operands()

    def get_metadata(self, kind: str) -> str | None:
        for k, text in self.metadata:
            if k == kind:
                return text
        return None

    # -- printing --------------------------------------------------------------
    def _op(self, word: str) -> str:
        return f"{word} {self.flags}" if self.flags else word

    def body(self) -> str:
        raise TypeError(f"{type(self).__name__} is abstract: every instruction prints itself")

    def format(self) -> str:
        text = self.body()
        if type(self.type) is not _VOID:
            function = self.parent.parent  # as in ref(): the names read directly
            slots = function._slots
            name = slots.get(self) if slots is not None else None
            text = f"{name if name is not None else function.slot_name(self)} = {text}"
        if self.metadata:
            text += "".join([f", !{kind} {md}" for kind, md in self.metadata])
        return text

    def __repr__(self) -> str:
        try:
            return f"<{type(self).__name__} {self.format()}>"
        except Exception:  # noqa: BLE001 - repr must never fail
            return f"<{type(self).__name__} {self.opcode}>"


_VOID = T.VoidType
_new_use = object.__new__
_value_of = attrgetter("value")

TERMINATORS = frozenset({"ret", "br", "switch", "indirectbr", "invoke", "resume",
                         "unreachable", "callbr"})

BINARY_OPCODES = frozenset({"add", "sub", "mul", "udiv", "sdiv", "urem", "srem",
                            "shl", "lshr", "ashr", "and", "or", "xor",
                            "fadd", "fsub", "fmul", "fdiv", "frem"})


class BinaryOp(Instruction):
    """``add``…``xor``, ``fadd``…``frem``: ``op flags ty a, b``."""

    __slots__ = ()

    def __init__(self, opcode: str, lhs: Value, rhs: Value, name: str = "", flags: str = ""):
        Instruction.__init__(self, opcode, lhs.type, (lhs, rhs), name, flags)

    def body(self) -> str:
        ops = self._operands  # printing is hot: no operand list built, no helper called
        a = ops[0].value
        flags = self.flags
        return (f"{self.opcode} {flags} {a.type} {a.ref()}, {ops[1].value.ref()}" if flags else
                f"{self.opcode} {a.type} {a.ref()}, {ops[1].value.ref()}")


class UnaryOp(Instruction):
    """``fneg``."""

    __slots__ = ()

    def __init__(self, opcode: str, operand: Value, name: str = "", flags: str = ""):
        Instruction.__init__(self, opcode, operand.type, (operand,), name, flags)

    def body(self) -> str:
        return f"{self._op(self.opcode)} {self.operand(0).typed_ref()}"


class CastInst(Instruction):
    """``sitofp i32 %x to double`` and every other cast."""

    __slots__ = ()

    def __init__(self, opcode: str, operand: Value, type: Type, name: str = "", flags: str = ""):
        Instruction.__init__(self, opcode, type, (operand,), name, flags)

    def body(self) -> str:
        return f"{self._op(self.opcode)} {self._operands[0].value.typed_ref()} to {self.type}"


class CmpInst(Instruction):
    """``icmp``/``fcmp``: ``icmp samesign ult i32 %a, %b``."""

    __slots__ = ("predicate",)

    def __init__(self, opcode: str, predicate: str, lhs: Value, rhs: Value,
                 name: str = "", flags: str = ""):
        ty = T.VectorType(lhs.type.count, T.i1, lhs.type.scalable) if isinstance(lhs.type, T.VectorType) else T.i1
        Instruction.__init__(self, opcode, ty, (lhs, rhs), name, flags)
        self.predicate = predicate

    def body(self) -> str:
        ops = self._operands
        a = ops[0].value
        return (f"{self._op(self.opcode)} {self.predicate} {a.type} {a.ref()}, "
                f"{ops[1].value.ref()}")


class SelectInst(Instruction):
    __slots__ = ()

    def __init__(self, cond: Value, a: Value, b: Value, name: str = "", flags: str = ""):
        Instruction.__init__(self, "select", a.type, (cond, a, b), name, flags)

    def body(self) -> str:
        c, a, b = [use.value for use in self._operands]
        return f"{self._op('select')} {c.typed_ref()}, {a.typed_ref()}, {b.typed_ref()}"


class PhiInst(Instruction):
    """Operands alternate incoming value and incoming block."""

    __slots__ = ()

    def __init__(self, type: Type, incoming: Sequence[tuple[Value, Value]] = (),
                 name: str = "", flags: str = ""):
        ops: list[Value] = []
        for value, block in incoming:
            ops += (value, block)
        Instruction.__init__(self, "phi", type, ops, name, flags)

    @property
    def incoming(self) -> list[tuple[Value, Value]]:
        ops = self.operands
        return list(zip(ops[::2], ops[1::2]))  # (value, block) pairs, paired in C

    def add_incoming(self, value: Value, block) -> None:
        self.append_operand(value)
        self.append_operand(block)

    def incoming_value_for(self, block) -> Value:
        for value, b in self.incoming:
            if b is block:
                return value
        raise KeyError(block.name)

    def set_incoming(self, pairs: Sequence[tuple[Value, Value]]) -> None:
        ops: list[Value] = []
        for value, block in pairs:
            ops += (value, block)
        self.set_operands(ops)

    def body(self) -> str:
        ops = self._operands
        pairs = ", ".join([f"[ {ops[i].value.ref()}, {ops[i + 1].value.ref()} ]"
                           for i in range(0, len(ops), 2)])
        return f"{self._op('phi')} {self.type} {pairs}"


class FreezeInst(Instruction):
    __slots__ = ()

    def __init__(self, operand: Value, name: str = ""):
        Instruction.__init__(self, "freeze", operand.type, (operand,), name)

    def body(self) -> str:
        return f"freeze {self.operand(0).typed_ref()}"


class AllocaInst(Instruction):
    """``alloca [inalloca] T[, i32 n][, align A][, addrspace(S)]``; the count
    is operand 0 when present."""

    __slots__ = ("allocated_type", "align", "addrspace", "prefix")

    def __init__(self, allocated_type: Type, count: Value | None = None, align: int | None = None,
                 name: str = "", addrspace: int = 0, prefix: str = ""):
        Instruction.__init__(self, "alloca", T.PointerType(addrspace),
                             (count,) if count is not None else (), name)
        self.allocated_type = allocated_type
        self.align = align
        self.addrspace = addrspace
        self.prefix = prefix

    @property
    def count(self) -> Value | None:
        return self.operand(0) if self._operands else None

    def body(self) -> str:
        text = "alloca " + (self.prefix + " " if self.prefix else "") + str(self.allocated_type)
        if self._operands:
            text += ", " + self.operand(0).typed_ref()
        if self.align:
            text += f", align {self.align}"
        if self.addrspace:
            text += f", addrspace({self.addrspace})"
        return text


class _MemoryAccess(Instruction):
    """Shared fields of load/store/atomics: volatile, ordering, scope, align."""

    __slots__ = ("align", "volatile", "ordering", "syncscope")

    def _atomic_suffix(self) -> str:
        text = ""
        if self.syncscope:
            text += f' syncscope("{self.syncscope}")'
        if self.ordering:
            text += " " + self.ordering
        return text


class LoadInst(_MemoryAccess):
    __slots__ = ()

    def __init__(self, type: Type, pointer: Value, align: int | None = None, name: str = "",
                 volatile: bool = False, ordering: str = "", syncscope: str = ""):
        Instruction.__init__(self, "load", type, (pointer,), name)
        self.align, self.volatile, self.ordering, self.syncscope = align, volatile, ordering, syncscope

    @property
    def pointer(self) -> Value:
        return self._operands[0].value  # (asked very often: no call)

    def body(self) -> str:
        pointer = self._operands[0].value
        if not (self.ordering or self.volatile or self.syncscope) and self.align:
            # the common case, written out (printing is hot)
            return f"load {self.type}, {pointer.type} {pointer.ref()}, align {self.align}"
        head = "load" + (" atomic" if self.ordering else "") + (" volatile" if self.volatile else "")
        text = f"{head} {self.type}, {pointer.typed_ref()}{self._atomic_suffix()}"
        return text + (f", align {self.align}" if self.align else "")


class StoreInst(_MemoryAccess):
    __slots__ = ()

    def __init__(self, value: Value, pointer: Value, align: int | None = None,
                 volatile: bool = False, ordering: str = "", syncscope: str = ""):
        Instruction.__init__(self, "store", T.void, (value, pointer))
        self.align, self.volatile, self.ordering, self.syncscope = align, volatile, ordering, syncscope

    @property
    def value(self) -> Value:
        return self._operands[0].value

    @property
    def pointer(self) -> Value:
        return self._operands[1].value

    def body(self) -> str:
        ops = self._operands
        value, pointer = ops[0].value, ops[1].value
        if not (self.ordering or self.volatile or self.syncscope) and self.align:
            # the common case, written out (printing is hot)
            return (f"store {value.type} {value.ref()}, {pointer.type} {pointer.ref()}, "
                    f"align {self.align}")
        head = "store" + (" atomic" if self.ordering else "") + (" volatile" if self.volatile else "")
        text = f"{head} {value.typed_ref()}, {pointer.typed_ref()}{self._atomic_suffix()}"
        return text + (f", align {self.align}" if self.align else "")


class AtomicRMWInst(_MemoryAccess):
    """``atomicrmw [volatile] op ptr %p, T %v [syncscope] ordering, align A``."""

    __slots__ = ("operation",)

    def __init__(self, operation: str, pointer: Value, value: Value, ordering: str,
                 align: int | None = None, name: str = "", volatile: bool = False, syncscope: str = ""):
        Instruction.__init__(self, "atomicrmw", value.type, (pointer, value), name)
        self.operation = operation
        self.align, self.volatile, self.ordering, self.syncscope = align, volatile, ordering, syncscope

    def body(self) -> str:
        p, v = self.operands
        head = "atomicrmw" + (" volatile" if self.volatile else "")
        text = f"{head} {self.operation} {p.typed_ref()}, {v.typed_ref()}{self._atomic_suffix()}"
        return text + (f", align {self.align}" if self.align else "")


class CmpXchgInst(_MemoryAccess):
    """``cmpxchg [weak] [volatile] ptr %p, T %cmp, T %new [scope] succ fail, align A``;
    ``ordering`` holds both orderings, space separated."""

    __slots__ = ("weak",)

    def __init__(self, pointer: Value, compare: Value, new: Value, ordering: str,
                 align: int | None = None, name: str = "", volatile: bool = False,
                 syncscope: str = "", weak: bool = False):
        Instruction.__init__(self, "cmpxchg", T.StructType((compare.type, T.i1)),
                             (pointer, compare, new), name)
        self.align, self.volatile, self.ordering, self.syncscope = align, volatile, ordering, syncscope
        self.weak = weak

    def body(self) -> str:
        p, c, n = self.operands
        head = "cmpxchg" + (" weak" if self.weak else "") + (" volatile" if self.volatile else "")
        text = f"{head} {p.typed_ref()}, {c.typed_ref()}, {n.typed_ref()}{self._atomic_suffix()}"
        return text + (f", align {self.align}" if self.align else "")


class FenceInst(_MemoryAccess):
    __slots__ = ()

    def __init__(self, ordering: str, syncscope: str = ""):
        Instruction.__init__(self, "fence", T.void)
        self.align, self.volatile, self.ordering, self.syncscope = None, False, ordering, syncscope

    def body(self) -> str:
        return "fence" + self._atomic_suffix()


class GEPInst(Instruction):
    """``getelementptr [flags] SrcTy, ptr %p, idx...``; operand 0 is the base."""

    __slots__ = ("source_type",)

    def __init__(self, source_type: Type, pointer: Value, indices: Sequence[Value],
                 name: str = "", flags: str = ""):
        result = pointer.type
        for index in indices:
            if isinstance(index.type, T.VectorType) and not isinstance(result, T.VectorType):
                result = T.VectorType(index.type.count, pointer.type)
        Instruction.__init__(self, "getelementptr", result, (pointer, *indices), name, flags)
        self.source_type = source_type

    @property
    def pointer(self) -> Value:
        return self._operands[0].value

    @property
    def indices(self) -> list[Value]:
        return self.operands[1:]

    def body(self) -> str:
        ops = ", ".join([f"{value.type} {value.ref()}" for value in map(_value_of, self._operands)])
        return f"{self._op('getelementptr')} {self.source_type}, {ops}"


class ExtractValueInst(Instruction):
    __slots__ = ("indices",)

    def __init__(self, aggregate: Value, indices: Sequence[int], type: Type, name: str = ""):
        Instruction.__init__(self, "extractvalue", type, (aggregate,), name)
        self.indices = tuple(indices)

    def body(self) -> str:
        return f"extractvalue {self.operand(0).typed_ref()}, " + ", ".join(map(str, self.indices))


class InsertValueInst(Instruction):
    __slots__ = ("indices",)

    def __init__(self, aggregate: Value, element: Value, indices: Sequence[int], name: str = ""):
        Instruction.__init__(self, "insertvalue", aggregate.type, (aggregate, element), name)
        self.indices = tuple(indices)

    def body(self) -> str:
        a, e = self.operands
        return f"insertvalue {a.typed_ref()}, {e.typed_ref()}, " + ", ".join(map(str, self.indices))


class ExtractElementInst(Instruction):
    __slots__ = ()

    def __init__(self, vector: Value, index: Value, name: str = ""):
        Instruction.__init__(self, "extractelement", vector.type.element, (vector, index), name)

    def body(self) -> str:
        v, i = self.operands
        return f"extractelement {v.typed_ref()}, {i.typed_ref()}"


class InsertElementInst(Instruction):
    __slots__ = ()

    def __init__(self, vector: Value, element: Value, index: Value, name: str = ""):
        Instruction.__init__(self, "insertelement", vector.type, (vector, element, index), name)

    def body(self) -> str:
        v, e, i = self.operands
        return f"insertelement {v.typed_ref()}, {e.typed_ref()}, {i.typed_ref()}"


class ShuffleVectorInst(Instruction):
    """Operand 2 is the constant mask."""

    __slots__ = ()

    def __init__(self, a: Value, b: Value, mask: Value, name: str = ""):
        ty = T.VectorType(mask.type.count, a.type.element, mask.type.scalable)
        Instruction.__init__(self, "shufflevector", ty, (a, b, mask), name)

    @property
    def mask(self) -> list[int]:
        """Lane indices of the mask (-1 for poison/undef lanes)."""
        return constant_vector_ints(self.operand(2))

    def body(self) -> str:
        a, b, m = self.operands
        return f"shufflevector {a.typed_ref()}, {b.typed_ref()}, {m.typed_ref()}"


def constant_vector_ints(value: Value) -> list[int]:
    from enzyme_opt.ir.values import ConstantAggregate, ConstantKeyword, ConstantSplat
    count = value.type.count
    if isinstance(value, ConstantKeyword):
        return [0] * count if value.keyword == "zeroinitializer" else [-1] * count
    if isinstance(value, ConstantSplat):
        return constant_vector_ints_element(value.operand(0)) * count
    if isinstance(value, ConstantAggregate):
        return [constant_vector_ints_element(v)[0] for v in value.operands]
    raise ValueError(f"not a constant vector: {value!r}")


def constant_vector_ints_element(value: Value) -> list[int]:
    return [value.value] if isinstance(value, ConstantInt) else [-1]


class CallInst(Instruction):
    """``[tail] call [fmf] [cc] [ret attrs] Ty callee(args) [fn attrs] [bundles]``.

    Operands: the arguments, then bundle operands, then the callee (last, as
    in LLVM).  ``arg_attrs[i]`` is the attribute text of argument ``i``;
    ``bundles`` is a list of ``(tag, operand_count)``.
    """

    __slots__ = ("function_type", "tail", "cc", "ret_attrs", "arg_attrs", "fn_attrs",
                 "bundles", "num_args")

    def __init__(self, function_type: T.FunctionType, callee: Value, args: Sequence[Value],
                 name: str = "", arg_attrs: Sequence[str] | None = None, fn_attrs: str = "",
                 ret_attrs: str = "", tail: str = "", cc: str = "", flags: str = "",
                 bundles: Sequence[tuple[str, Sequence[Value]]] = (), opcode: str = "call",
                 dests: Sequence[Value] = ()):
        bundle_ops = [v for _, vs in bundles for v in vs]
        Instruction.__init__(self, opcode, function_type.ret, (*args, *bundle_ops, *dests, callee),
                             name, flags)
        self.function_type = function_type
        self.num_args = len(args)
        self.arg_attrs = list(arg_attrs) if arg_attrs is not None else [""] * len(args)
        self.fn_attrs = fn_attrs
        self.ret_attrs = ret_attrs
        self.tail = tail
        self.cc = cc
        self.bundles = [(tag, len(vs)) for tag, vs in bundles]

    @property
    def callee(self) -> Value:
        return self._operands[-1].value

    @property
    def args(self) -> list[Value]:
        return [*map(_value_of, self._operands[:self.num_args])]

    def arg(self, index: int) -> Value:
        return self._operands[index].value

    @property
    def called_function(self):
        """The Function called directly (through no cast), else None."""
        callee = self._operands[-1].value
        return callee if isinstance(callee, Function) else None

    def _call_text(self) -> str:
        parts = []
        if self.cc:
            parts.append(self.cc)
        if self.ret_attrs:
            parts.append(self.ret_attrs)
        fty = self.function_type
        parts.append(str(fty) if fty.varargs else str(fty.ret))
        args = []
        for use, attrs in zip(self._operands[:self.num_args], self.arg_attrs):
            value = use.value
            args.append(f"{value.type} {attrs} {value.ref()}" if attrs else
                        f"{value.type} {value.ref()}")
        text = " ".join(parts) + f" {self._operands[-1].value.ref()}({', '.join(args)})"
        if self.fn_attrs:
            text += " " + self.fn_attrs
        if self.bundles:
            index = self.num_args
            rendered = []
            for tag, count in self.bundles:
                ops = [self.operand(index + k).typed_ref() for k in range(count)]
                index += count
                rendered.append(f'"{tag}"({", ".join(ops)})')
            text += " [ " + ", ".join(rendered) + " ]"
        return text

    def body(self) -> str:
        head = (self.tail + " " if self.tail else "") + self._op("call")
        return f"{head} {self._call_text()}"


class InvokeInst(CallInst):
    """A call with a normal and an unwind destination: the two operands just
    before the callee."""

    __slots__ = ()
    is_terminator = True

    def __init__(self, function_type, callee, args, normal, unwind, **kw):
        super().__init__(function_type, callee, args, opcode="invoke", dests=(normal, unwind), **kw)

    @property
    def normal_dest(self):
        return self._operands[-3].value

    @property
    def unwind_dest(self):
        return self._operands[-2].value

    def body(self) -> str:
        return (f"{self._op('invoke')} {self._call_text()}\n          to label "
                f"{self.normal_dest.ref()} unwind label {self.unwind_dest.ref()}")


class CallBrInst(CallInst):
    """``callbr`` (``asm goto``): a call with a default destination and a
    list of indirect ones, kept as the operands just before the callee."""

    __slots__ = ("num_indirect",)
    is_terminator = True

    def __init__(self, function_type, callee, args, default, indirect, **kw):
        super().__init__(function_type, callee, args, opcode="callbr",
                         dests=(default, *indirect), **kw)
        self.num_indirect = len(indirect)

    def body(self) -> str:
        dests = self.operands[-2 - self.num_indirect:-1]
        indirect = ", ".join(f"label {b.ref()}" for b in dests[1:])
        return (f"callbr {self._call_text()}\n          to label {dests[0].ref()} "
                f"[{indirect}]")


class BranchInst(Instruction):
    """``br label %d`` or ``br i1 %c, label %t, label %f``."""

    __slots__ = ()
    is_terminator = True

    def __init__(self, *operands: Value):
        Instruction.__init__(self, "br", T.void, operands)

    @property
    def is_conditional(self) -> bool:
        return len(self._operands) == 3

    def body(self) -> str:
        ops = self._operands
        if len(ops) == 1:
            return f"br label {ops[0].value.ref()}"
        condition = ops[0].value
        return (f"br {condition.type} {condition.ref()}, label {ops[1].value.ref()}, "
                f"label {ops[2].value.ref()}")


class SwitchInst(Instruction):
    """Operands: condition, default block, then (case value, block) pairs."""

    __slots__ = ()
    is_terminator = True

    def __init__(self, condition: Value, default, cases: Sequence[tuple[Value, Value]] = ()):
        ops: list[Value] = [condition, default]
        for value, block in cases:
            ops += (value, block)
        Instruction.__init__(self, "switch", T.void, ops)

    @property
    def cases(self) -> list[tuple[Value, Value]]:
        ops = self.operands
        return [(ops[i], ops[i + 1]) for i in range(2, len(ops), 2)]

    def body(self) -> str:
        c, d = self.operand(0), self.operand(1)
        cases = "".join(f"\n    {v.typed_ref()}, label {b.ref()}" for v, b in self.cases)
        return f"switch {c.typed_ref()}, label {d.ref()} [{cases}\n  ]"


class IndirectBrInst(Instruction):
    __slots__ = ()
    is_terminator = True

    def __init__(self, address: Value, dests: Sequence[Value]):
        Instruction.__init__(self, "indirectbr", T.void, (address, *dests))

    def body(self) -> str:
        dests = ", ".join(f"label {b.ref()}" for b in self.operands[1:])
        return f"indirectbr {self.operand(0).typed_ref()}, [{dests}]"


class ReturnInst(Instruction):
    __slots__ = ()
    is_terminator = True

    def __init__(self, value: Value | None = None):
        Instruction.__init__(self, "ret", T.void, (value,) if value is not None else ())

    @property
    def value(self) -> Value | None:
        return self.operand(0) if self._operands else None

    def body(self) -> str:
        return f"ret {self._operands[0].value.typed_ref()}" if self._operands else "ret void"


class UnreachableInst(Instruction):
    __slots__ = ()
    is_terminator = True

    def __init__(self):
        Instruction.__init__(self, "unreachable", T.void)

    def body(self) -> str:
        return "unreachable"


class ResumeInst(Instruction):
    __slots__ = ()
    is_terminator = True

    def __init__(self, value: Value):
        Instruction.__init__(self, "resume", T.void, (value,))

    def body(self) -> str:
        return f"resume {self.operand(0).typed_ref()}"


class LandingPadInst(Instruction):
    """``landingpad T [cleanup] (catch|filter T v)*``; ``clauses`` names the
    kind of each operand."""

    __slots__ = ("cleanup", "clauses")

    def __init__(self, type: Type, cleanup: bool, clauses: Sequence[tuple[str, Value]], name: str = ""):
        Instruction.__init__(self, "landingpad", type, [v for _, v in clauses], name)
        self.cleanup = cleanup
        self.clauses = [kind for kind, _ in clauses]

    def body(self) -> str:
        text = f"landingpad {self.type}"
        if self.cleanup:
            text += "\n          cleanup"
        for kind, value in zip(self.clauses, self.operands):
            text += f"\n          {kind} {value.typed_ref()}"
        return text


class VAArgInst(Instruction):
    __slots__ = ()

    def __init__(self, va_list: Value, type: Type, name: str = ""):
        Instruction.__init__(self, "va_arg", type, (va_list,), name)

    def body(self) -> str:
        return f"va_arg {self.operand(0).typed_ref()}, {self.type}"


class DebugRecord(User):
    """``#dbg_value(...)`` and friends, attached before an instruction.  The
    arguments are kept as text pieces with SSA values as operands."""

    __slots__ = ("kind", "pieces")

    def __init__(self, kind: str, pieces: list, operands: Sequence[Value] = ()):
        super().__init__(T.void, operands)
        self.kind = kind
        self.pieces = pieces

    def format(self) -> str:
        out = []
        for piece in self.pieces:
            out.append(self.operand(piece).ref() if isinstance(piece, int) else piece)
        return f"#dbg_{self.kind}({''.join(out)})"


__all__ = [name for name in dir() if name[0].isupper()] + ["constant_vector_ints"]

"""An IR builder with an insertion point; methods are named after opcodes.

``Builder(block)`` appends at the end of ``block``; ``at_start``,
``before`` and ``after`` move the insertion point.  Every method inserts
the instruction it makes and returns it.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Sequence

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import BasicBlock, Function
from enzyme_opt.ir.types import Type
from enzyme_opt.ir.values import ConstantFP, ConstantInt, Value


class Builder:
    def __init__(self, block: BasicBlock | None = None):
        self.block = block
        self.index: int | None = None  # None: append at the end
        #: Metadata attached to every instruction made (e.g. a ``!dbg``).
        self.metadata: list[tuple[str, str]] = []

    # -- insertion point -----------------------------------------------------------
    def at_end(self, block: BasicBlock) -> "Builder":
        self.block, self.index = block, None
        return self

    def at_start(self, block: BasicBlock) -> "Builder":
        """After the phis (and landingpad) of ``block``."""
        self.block, self.index = block, block.first_non_phi_index()
        return self

    def before(self, inst: I.Instruction) -> "Builder":
        self.block = inst.parent
        self.index = self.block.instructions.index(inst)
        return self

    def after(self, inst: I.Instruction) -> "Builder":
        self.block = inst.parent
        self.index = self.block.instructions.index(inst) + 1
        return self

    def before_terminator(self, block: BasicBlock) -> "Builder":
        self.block = block
        self.index = len(block.instructions) - (1 if block.terminator is not None else 0)
        return self

    def insert(self, inst: I.Instruction) -> I.Instruction:
        block = self.block
        inst.parent = block  # block.append / block.insert, inlined: every instruction built
        if self.index is None:
            block.instructions.append(inst)
        else:
            block.instructions.insert(self.index, inst)
            self.index += 1
        if self.metadata:
            inst.metadata = tuple(self.metadata)
        return inst

    @property
    def function(self) -> Function:
        return self.block.parent

    # -- constants -----------------------------------------------------------------
    @staticmethod
    def const(ty: Type, value) -> Value:
        from enzyme_opt.ir.values import ConstantAggregate, ConstantSplat
        if isinstance(ty, T.VectorType):
            return ConstantSplat(ty, (Builder.const(ty.element, value),))
        if isinstance(ty, T.ArrayType):
            return ConstantAggregate(ty, [Builder.const(ty.element, value) for _ in range(ty.count)])
        if isinstance(ty, T.FloatType):
            return ConstantFP(ty, float(value))
        return ConstantInt(ty, int(value))

    # -- arithmetic --------------------------------------------------------------------
    def binop(self, opcode: str, a: Value, b: Value, name: str = "", flags: str = "") -> Value:
        return self.insert(I.BinaryOp(opcode, a, b, name, flags))

    def fadd(self, a, b, name=""):
        return self.binop("fadd", a, b, name)

    def fsub(self, a, b, name=""):
        return self.binop("fsub", a, b, name)

    def fmul(self, a, b, name=""):
        return self.binop("fmul", a, b, name)

    def fdiv(self, a, b, name=""):
        return self.binop("fdiv", a, b, name)

    def add(self, a, b, name="", flags=""):
        return self.binop("add", a, b, name, flags)

    def sub(self, a, b, name="", flags=""):
        return self.binop("sub", a, b, name, flags)

    def mul(self, a, b, name="", flags=""):
        return self.binop("mul", a, b, name, flags)

    def fneg(self, a, name=""):
        return self.insert(I.UnaryOp("fneg", a, name))

    def cast(self, opcode: str, value: Value, ty: Type, name: str = "") -> Value:
        if value.type == ty and opcode in ("bitcast", "zext", "sext", "trunc", "fpext", "fptrunc"):
            return value
        return self.insert(I.CastInst(opcode, value, ty, name))

    def zext_i64(self, value: Value) -> Value:
        """An unsigned integer (a size, a length) as an ``i64``: a constant folded, an
        ``i64`` unchanged."""
        if value.type == T.i64:
            return value
        if isinstance(value, ConstantInt):
            return ConstantInt(T.i64, value.value)
        return self.cast("zext", value, T.i64)

    def icmp(self, predicate, a, b, name=""):
        return self.insert(I.CmpInst("icmp", predicate, a, b, name))

    def fcmp(self, predicate, a, b, name=""):
        return self.insert(I.CmpInst("fcmp", predicate, a, b, name))

    def select(self, cond, a, b, name=""):
        return self.insert(I.SelectInst(cond, a, b, name))

    def phi(self, ty: Type, name: str = "") -> I.PhiInst:
        return self.insert(I.PhiInst(ty, (), name))

    # -- memory ----------------------------------------------------------------------
    def alloca(self, ty: Type, name: str = "", align: int | None = None, count: Value | None = None):
        return self.insert(I.AllocaInst(ty, count, align or T.abi_align(ty), name))

    def entry_alloca(self, ty: Type, name: str = ""):
        """An alloca at the start of this function's entry block (never one per iteration
        of a loop); this builder, when it writes into the entry block too, moves along."""
        at = Builder().at_start(self.function.entry)
        position = at.index
        slot = at.alloca(ty, name)
        if self.block is at.block and self.index is not None and self.index >= position:
            self.index += 1
        return slot

    def load(self, ty: Type, pointer: Value, name: str = "", align: int | None = None):
        return self.insert(I.LoadInst(ty, pointer, align or T.abi_align(ty.scalar if not ty.is_aggregate else ty), name))

    def store(self, value: Value, pointer: Value, align: int | None = None):
        ty = value.type
        return self.insert(I.StoreInst(value, pointer, align or T.abi_align(ty.scalar if not ty.is_aggregate else ty)))

    def gep(self, source: Type, pointer: Value, indices: Sequence[Value], name: str = "",
            flags: str = "") -> Value:
        return self.insert(I.GEPInst(source, pointer, list(indices), name, flags))

    def byte_gep(self, pointer: Value, offset: Value, name: str = "") -> Value:
        return self.gep(T.i8, pointer, [offset], name)

    def atomic_fadd(self, pointer: Value, value: Value, align: int | None = None):
        return self.insert(I.AtomicRMWInst("fadd", pointer, value, "monotonic",
                                           align or T.abi_align(value.type)))

    # -- aggregates -------------------------------------------------------------------
    def extractvalue(self, aggregate: Value, index: int, name: str = ""):
        from enzyme_opt.ir.text.body_parser import aggregate_element
        return self.insert(I.ExtractValueInst(aggregate, (index,), aggregate_element(aggregate.type, (index,)), name))

    def insertvalue(self, aggregate: Value, element: Value, index: int, name: str = ""):
        return self.insert(I.InsertValueInst(aggregate, element, (index,), name))

    def extractelement(self, vector, index, name=""):
        return self.insert(I.ExtractElementInst(vector, index, name))

    def insertelement(self, vector, element, index, name=""):
        return self.insert(I.InsertElementInst(vector, element, index, name))

    # -- calls and control flow ---------------------------------------------------------------
    def call(self, callee: Function, args: Sequence[Value], name: str = "",
             function_type: T.FunctionType | None = None, fn_attrs: str = "") -> Value:
        fty = function_type or callee.function_type
        return self.insert(I.CallInst(fty, callee, list(args), name, fn_attrs=fn_attrs))

    def br(self, target: BasicBlock):
        return self.insert(I.BranchInst(target))

    def continue_past(self, call: I.Instruction) -> None:
        """``call`` is replaced by what this builder wrote before it: an invoke's block
        then goes on to its normal destination, and its unwind destination loses the edge
        (the replacement does not throw).  Nothing for a plain call."""
        if isinstance(call, I.InvokeInst):
            self.br(call.normal_dest)
            for phi in call.unwind_dest.phis:
                phi.set_incoming([(v, p) for v, p in phi.incoming if p is not call.parent])

    def cbr(self, cond: Value, then: BasicBlock, otherwise: BasicBlock):
        return self.insert(I.BranchInst(cond, then, otherwise))

    def switch(self, cond: Value, default: BasicBlock, cases):
        return self.insert(I.SwitchInst(cond, default, cases))

    def ret(self, value: Value | None = None):
        return self.insert(I.ReturnInst(value))

    def unreachable(self):
        return self.insert(I.UnreachableInst())

    @contextmanager
    def if_then(self, cond: Value, name: str = "if"):
        """``with b.if_then(c):`` emits the body into a new block entered
        when ``c`` holds; afterwards the builder continues in the join block."""
        function = self.function
        head = self.block
        rest = head.instructions[self.index:] if self.index is not None else []
        del head.instructions[len(head.instructions) - len(rest):]
        then = function.append_block(f"{name}.then", after=head)
        join = function.append_block(f"{name}.end", after=then)
        for inst in rest:
            join.append(inst)
        _retarget_phis(head, join)
        self.at_end(head)
        self.cbr(cond, then, join)
        self.at_end(then)
        yield
        self.br(join)
        self.at_start(join) if not rest else self.before(rest[0])


def _retarget_phis(old: BasicBlock, new: BasicBlock) -> None:
    """Successors of a split block now come from ``new``."""
    for succ in new.successors:
        for phi in succ.phis:
            for use in phi.operand_uses:
                if use.value is old:
                    use.set(new)

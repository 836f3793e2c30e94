"""Parser of function bodies: blocks, instructions, debug records.

Each instruction is one line (``switch``, ``invoke`` and ``landingpad``
continue on the next lines, as LLVM prints them).  Forward references to
values and blocks get placeholders that are resolved when the definition
arrives; any left at the end are errors.
"""

from __future__ import annotations

from functools import partial

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import BasicBlock, Function
from enzyme_opt.ir.text.lexer import VALUE_START_WORDS, Cursor, local_name
from enzyme_opt.ir.types import Type
from enzyme_opt.ir.values import Value

FLAG_WORDS = frozenset({"nuw", "nsw", "exact", "disjoint", "nneg", "samesign", "inbounds",
                        "nusw", "fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn",
                        "reassoc"})
ORDERINGS = frozenset({"unordered", "monotonic", "acquire", "release", "acq_rel", "seq_cst"})
TAIL_WORDS = frozenset({"tail", "musttail", "notail"})


class Placeholder(Value):
    """A value used before its definition."""

    __slots__ = ()

    def ref(self) -> str:
        return "%" + self.name


class LocalScope:
    """Names of one function's values and blocks while it is being read."""

    def __init__(self, function: Function):
        self.function = function
        self.values: dict[str, Value] = {}
        self.blocks: dict[str, BasicBlock] = {}
        #: The number LLVM gives an unlabelled entry block (after unnamed args).
        self.entry_number = 0
        for arg in function.args:
            if not arg.name or arg.name.isdigit():
                key = str(self.entry_number)
                self.entry_number += 1
                arg.name = ""
            else:
                key = arg.name
            self.values[key] = arg

    def lookup(self, name: str, ty: Type, cur: Cursor) -> Value:
        value = self.values.get(name)
        if value is None:
            if ty == T.label:
                return self.block(name)
            value = Placeholder(ty, name)
            self.values[name] = value
        return value

    def block(self, name: str) -> BasicBlock:
        block = self.blocks.get(name)
        if block is None:
            block = BasicBlock("" if name.isdigit() else name, self.function)
            self.blocks[name] = block
            existing = self.values.get(name)
            if isinstance(existing, Placeholder):  # blockaddress-style forward use
                existing.replace_all_uses_with(block)
            self.values[name] = block
        return block

    def define(self, name: str, value: Value, cur: Cursor) -> None:
        existing = self.values.get(name)
        if existing is not None:
            if not isinstance(existing, Placeholder):
                raise cur.error(f"redefinition of %{name}")
            existing.replace_all_uses_with(value)
        self.values[name] = value


class BodyParser:
    def __init__(self, module_parser, function: Function, cur: Cursor):
        self.mp = module_parser
        self.function = function
        self.cur = cur
        self.scope = LocalScope(function)
        # The hot helpers, bound once (each is called several times an instruction).
        self.type = partial(module_parser.parse_type, cur)
        self.value = partial(module_parser.parse_value, cur)
        self.typed = partial(module_parser.parse_typed_value, cur)

    # -- driver ----------------------------------------------------------------
    def run(self) -> None:
        cur, mp = self.cur, self.mp
        mp.locals = self.scope
        block: BasicBlock | None = None
        records: list[I.DebugRecord] = []
        try:
            while True:
                cur.skip_newlines()
                tok = cur.tok
                if tok == "":
                    break
                if tok[-1] == ":" and tok[:1] != "!":
                    cur.next()
                    name = tok[:-1]
                    name = local_name("%" + name)
                    block = self.scope.block(name)
                    self.function.blocks.append(block)
                    continue
                if tok.startswith("#dbg_"):
                    records.append(self.parse_debug_record())
                    continue
                if block is None:
                    block = self.scope.block(str(self.scope.entry_number))
                    self.function.blocks.append(block)
                inst = self.parse_instruction()
                if records:
                    inst.debug_records, records = records, []
                block.append(inst)
            self._check_resolved()
        finally:
            mp.locals = None

    def _check_resolved(self) -> None:
        for name, value in self.scope.values.items():
            if isinstance(value, Placeholder) and value.has_uses():
                raise self.cur.error(f"use of undefined value %{name} in @{self.function.name}")
        defined = set(id(b) for b in self.function.blocks)
        for name, block in self.scope.blocks.items():
            if id(block) not in defined:
                raise self.cur.error(f"use of undefined label %{name} in @{self.function.name}")

    # -- instructions --------------------------------------------------------------
    def parse_instruction(self) -> I.Instruction:
        cur = self.cur
        name = None
        if cur.tok[:1] == "%":
            name = local_name(cur.next())
            cur.expect("=")
        opcode = cur.next()
        handler = HANDLERS.get(opcode)
        if handler is None:
            cur.back()
            raise cur.error(f"unknown instruction opcode '{opcode}'")
        inst = handler(self, opcode)
        if name is not None:
            inst.name = "" if name.isdigit() else name
            self.scope.define(name, inst, cur)
        while cur.accept(","):
            kind = cur.next()
            if kind[:1] != "!":
                cur.back()
                raise cur.error("expected a metadata attachment")
            ref = cur.tok
            if ref[:1] == "!" and ref[1:2].isdigit() and cur.peek(1) in (",", "\n", ""):
                cur.next()  # the common case, a node reference: !dbg !12
                inst.metadata = (*inst.metadata, (kind[1:], ref))
            else:
                inst.metadata = (*inst.metadata, (kind[1:], self.mp.parse_metadata(cur).text))
        if not cur.at_line_end():
            raise cur.error(f"unexpected text after the '{opcode}' instruction")
        return inst

    def flags(self) -> str:
        cur = self.cur
        words = []
        while cur.tok in FLAG_WORDS:
            words.append(cur.next())
        return " ".join(words)

    def label(self) -> BasicBlock:
        self.cur.expect("label")
        return self.scope.block(local_name(self.cur.next()))

    def align(self) -> int | None:
        cur = self.cur
        if cur.tok == "," and cur.peek(1) == "align":
            cur.next()
            cur.next()
            return int(cur.next())
        return None

    def atomic_suffix(self) -> tuple[str, str]:
        cur = self.cur
        scope = ""
        if cur.accept("syncscope"):
            cur.expect("(")
            scope = cur.next()[1:-1]
            cur.expect(")")
        orderings = []
        while cur.tok in ORDERINGS:
            orderings.append(cur.next())
        return scope, " ".join(orderings)

    # one method per instruction family ------------------------------------------
    def binary(self, opcode: str) -> I.Instruction:
        flags = self.flags()
        ty = self.type()
        lhs = self.value(ty)
        self.cur.expect(",")
        return I.BinaryOp(opcode, lhs, self.value(ty), flags=flags)

    def unary(self, opcode: str) -> I.Instruction:
        flags = self.flags()
        return I.UnaryOp(opcode, self.typed(), flags=flags)

    def cast(self, opcode: str) -> I.Instruction:
        flags = self.flags()
        operand = self.typed()
        self.cur.expect("to")
        return I.CastInst(opcode, operand, self.type(), flags=flags)

    def compare(self, opcode: str) -> I.Instruction:
        flags = self.flags()
        predicate = self.cur.next()
        ty = self.type()
        lhs = self.value(ty)
        self.cur.expect(",")
        return I.CmpInst(opcode, predicate, lhs, self.value(ty), flags=flags)

    def select(self, opcode: str) -> I.Instruction:
        flags = self.flags()
        cond = self.typed()
        self.cur.expect(",")
        a = self.typed()
        self.cur.expect(",")
        return I.SelectInst(cond, a, self.typed(), flags=flags)

    def phi(self, opcode: str) -> I.Instruction:
        cur = self.cur
        flags = self.flags()
        ty = self.type()
        incoming = []
        while True:
            cur.expect("[")
            value = self.value(ty)
            cur.expect(",")
            block = self.scope.block(local_name(cur.next()))
            cur.expect("]")
            incoming.append((value, block))
            if not (cur.tok == "," and cur.peek(1) == "["):
                break
            cur.next()
        return I.PhiInst(ty, incoming, flags=flags)

    def freeze(self, opcode: str) -> I.Instruction:
        return I.FreezeInst(self.typed())

    def alloca(self, opcode: str) -> I.Instruction:
        cur = self.cur
        prefix = []
        while cur.tok in ("inalloca", "swifterror"):
            prefix.append(cur.next())
        ty = self.type()
        count = None
        align = None
        addrspace = 0
        while cur.tok == ",":
            if cur.peek(1) == "align":
                align = self.align()
            elif cur.peek(1) == "addrspace":
                cur.next()
                cur.next()
                cur.expect("(")
                addrspace = int(cur.next())
                cur.expect(")")
            elif cur.peek(1)[:1] == "!":
                break
            else:
                cur.next()
                count = self.typed()
        return I.AllocaInst(ty, count, align, addrspace=addrspace, prefix=" ".join(prefix))

    def load(self, opcode: str) -> I.Instruction:
        cur = self.cur
        atomic = cur.accept("atomic")
        volatile = cur.accept("volatile")
        ty = self.type()
        cur.expect(",")
        pointer = self.typed()
        scope, ordering = self.atomic_suffix() if atomic else ("", "")
        return I.LoadInst(ty, pointer, self.align(), volatile=volatile, ordering=ordering,
                          syncscope=scope)

    def store(self, opcode: str) -> I.Instruction:
        cur = self.cur
        atomic = cur.accept("atomic")
        volatile = cur.accept("volatile")
        value = self.typed()
        cur.expect(",")
        pointer = self.typed()
        scope, ordering = self.atomic_suffix() if atomic else ("", "")
        return I.StoreInst(value, pointer, self.align(), volatile=volatile, ordering=ordering,
                           syncscope=scope)

    def atomicrmw(self, opcode: str) -> I.Instruction:
        cur = self.cur
        volatile = cur.accept("volatile")
        operation = cur.next()
        pointer = self.typed()
        cur.expect(",")
        value = self.typed()
        scope, ordering = self.atomic_suffix()
        return I.AtomicRMWInst(operation, pointer, value, ordering, self.align(),
                               volatile=volatile, syncscope=scope)

    def cmpxchg(self, opcode: str) -> I.Instruction:
        cur = self.cur
        weak = cur.accept("weak")
        volatile = cur.accept("volatile")
        pointer = self.typed()
        cur.expect(",")
        compare = self.typed()
        cur.expect(",")
        new = self.typed()
        scope, ordering = self.atomic_suffix()
        return I.CmpXchgInst(pointer, compare, new, ordering, self.align(), volatile=volatile,
                             syncscope=scope, weak=weak)

    def fence(self, opcode: str) -> I.Instruction:
        scope, ordering = self.atomic_suffix()
        return I.FenceInst(ordering, scope)

    def gep(self, opcode: str) -> I.Instruction:
        cur = self.cur
        flags = []
        while cur.tok in FLAG_WORDS or cur.tok == "inrange":
            flags.append(self.mp._take_attribute(cur))
        source = self.type()
        cur.expect(",")
        pointer = self.typed()
        indices = []
        while cur.tok == "," and cur.peek(1)[:1] != "!":
            cur.next()
            indices.append(self.typed())
        return I.GEPInst(source, pointer, indices, flags=" ".join(flags))

    def _indices(self) -> list[int]:
        cur = self.cur
        out = []
        while cur.tok == "," and cur.peek(1)[:1] != "!":
            cur.next()
            out.append(int(cur.next()))
        return out

    def extractvalue(self, opcode: str) -> I.Instruction:
        aggregate = self.typed()
        indices = self._indices()
        return I.ExtractValueInst(aggregate, indices, aggregate_element(aggregate.type, indices))

    def insertvalue(self, opcode: str) -> I.Instruction:
        aggregate = self.typed()
        self.cur.expect(",")
        element = self.typed()
        return I.InsertValueInst(aggregate, element, self._indices())

    def extractelement(self, opcode: str) -> I.Instruction:
        vector = self.typed()
        self.cur.expect(",")
        return I.ExtractElementInst(vector, self.typed())

    def insertelement(self, opcode: str) -> I.Instruction:
        vector = self.typed()
        self.cur.expect(",")
        element = self.typed()
        self.cur.expect(",")
        return I.InsertElementInst(vector, element, self.typed())

    def shufflevector(self, opcode: str) -> I.Instruction:
        a = self.typed()
        self.cur.expect(",")
        b = self.typed()
        self.cur.expect(",")
        return I.ShuffleVectorInst(a, b, self.typed())

    def va_arg(self, opcode: str) -> I.Instruction:
        va_list = self.typed()
        self.cur.expect(",")
        return I.VAArgInst(va_list, self.type())

    # calls -------------------------------------------------------------------------
    def call(self, opcode: str, tail: str = "") -> I.Instruction:
        cur = self.cur
        if opcode in TAIL_WORDS:
            tail = opcode
            opcode = cur.next()
            if opcode != "call":
                cur.back()
                raise cur.error(f"expected 'call' after '{tail}'")
        flags = self.flags() if opcode == "call" else ""
        words = []
        while not self.mp._starts_type(cur):
            if cur.at_line_end():
                raise cur.error(f"expected the type of the {opcode}")
            words.append(self.mp._take_attribute(cur))
        cc = []
        while words and (words[0] in CALLING_CONVENTIONS or words[0].startswith("cc")):
            cc.append(words.pop(0))
        ty = self.type()
        callee = self.value(T.ptr)
        cur.expect("(")
        args, arg_attrs = [], []
        while not cur.accept(")"):
            arg_ty = self.type()
            if arg_ty == T.metadata:
                args.append(self.mp.parse_metadata(cur))
                arg_attrs.append("")
            else:
                attrs = []
                while not self._starts_value():
                    attrs.append(self.mp._take_attribute(cur))
                arg_attrs.append(" ".join(attrs))
                args.append(self.value(arg_ty))
            cur.accept(",")
        if isinstance(ty, T.FunctionType):
            fty = ty
        else:
            fty = T.FunctionType(ty, tuple(a.type for a in args))
        fn_attrs = []
        while cur.tok[:1] == "#" or (cur.tok not in (",", "[", "\n", "", "to")):
            fn_attrs.append(self.mp._take_attribute(cur))
        bundles = []
        if cur.accept("["):
            while not cur.accept("]"):
                tag = cur.next()[1:-1]
                cur.expect("(")
                ops = []
                while not cur.accept(")"):
                    ops.append(self.typed())
                    cur.accept(",")
                bundles.append((tag, ops))
                cur.accept(",")
        common = dict(arg_attrs=arg_attrs, fn_attrs=" ".join(fn_attrs), ret_attrs=" ".join(words),
                      cc=" ".join(cc), bundles=bundles)
        if opcode == "callbr":
            cur.skip_newlines()
            cur.expect("to")
            default = self.label()
            cur.expect("[")
            indirect = []
            while not cur.accept("]"):
                indirect.append(self.label())
                cur.accept(",")
            return I.CallBrInst(fty, callee, args, default, indirect, **common)
        if opcode == "invoke":
            cur.skip_newlines()
            cur.expect("to")
            normal = self.label()
            cur.expect("unwind")
            unwind = self.label()
            return I.InvokeInst(fty, callee, args, normal, unwind, **common)
        return I.CallInst(fty, callee, args, tail=tail, flags=flags, **common)

    def _starts_value(self) -> bool:
        tok = self.cur.tok
        head = tok[:1]
        return (head in "%@[{<" or head.isdigit() or head == "-" or tok in VALUE_START_WORDS
                or (head == "c" and tok[1:2] == '"'))

    # terminators --------------------------------------------------------------------
    def br(self, opcode: str) -> I.Instruction:
        cur = self.cur
        if cur.tok == "label":
            return I.BranchInst(self.label())
        cond = self.typed()
        cur.expect(",")
        then = self.label()
        cur.expect(",")
        return I.BranchInst(cond, then, self.label())

    def switch(self, opcode: str) -> I.Instruction:
        cur = self.cur
        cond = self.typed()
        cur.expect(",")
        default = self.label()
        cur.expect("[")
        cases = []
        while True:
            cur.skip_newlines()
            if cur.accept("]"):
                break
            value = self.typed()
            cur.expect(",")
            cases.append((value, self.label()))
        return I.SwitchInst(cond, default, cases)

    def indirectbr(self, opcode: str) -> I.Instruction:
        cur = self.cur
        address = self.typed()
        cur.expect(",")
        cur.expect("[")
        dests = []
        while not cur.accept("]"):
            dests.append(self.label())
            cur.accept(",")
        return I.IndirectBrInst(address, dests)

    def ret(self, opcode: str) -> I.Instruction:
        if self.cur.accept("void"):
            return I.ReturnInst()
        return I.ReturnInst(self.typed())

    def unreachable(self, opcode: str) -> I.Instruction:
        return I.UnreachableInst()

    def resume(self, opcode: str) -> I.Instruction:
        return I.ResumeInst(self.typed())

    def landingpad(self, opcode: str) -> I.Instruction:
        cur = self.cur
        ty = self.type()
        cleanup = False
        clauses = []
        while True:
            save = cur.pos, cur.line
            cur.skip_newlines()
            tok = cur.tok
            if tok == "cleanup":
                cur.next()
                cleanup = True
            elif tok in ("catch", "filter"):
                cur.next()
                clauses.append((tok, self.typed()))
            else:
                cur.seek(*save)
                break
        return I.LandingPadInst(ty, cleanup, clauses)

    def unsupported(self, opcode: str) -> I.Instruction:
        self.cur.back()
        raise self.cur.error(f"the '{opcode}' instruction is not supported")

    # debug records -------------------------------------------------------------------
    def parse_debug_record(self) -> I.DebugRecord:
        cur = self.cur
        kind = cur.next()[len("#dbg_"):]
        cur.expect("(")
        pieces, operands = self.mp.parse_text_with_values(cur, inside_parens=True)
        return I.DebugRecord(kind, pieces, operands)


CALLING_CONVENTIONS = frozenset({
    "ccc", "fastcc", "coldcc", "ghccc", "webkit_jscc", "anyregcc", "preserve_mostcc",
    "preserve_allcc", "preserve_nonecc", "cxx_fast_tlscc", "tailcc", "swiftcc", "swifttailcc",
    "cfguard_checkcc", "x86_stdcallcc", "x86_fastcallcc", "x86_thiscallcc", "x86_vectorcallcc",
    "x86_regcallcc", "x86_intrcc", "x86_64_sysvcc", "win64cc", "ptx_kernel", "ptx_device",
    "spir_func", "spir_kernel", "amdgpu_kernel", "amdgpu_gfx", "intel_ocl_bicc",
    "arm_apcscc", "arm_aapcscc", "arm_aapcs_vfpcc", "aarch64_vector_pcs", "msp430_intrcc"})


def aggregate_element(ty: Type, indices) -> Type:
    for index in indices:
        if isinstance(ty, (T.StructType, T.NamedStructType)):
            ty = ty.elements[index]
        else:
            ty = ty.element
    return ty


HANDLERS = {
    **{op: BodyParser.binary for op in I.BINARY_OPCODES},
    **{op: BodyParser.cast for op in ("trunc", "zext", "sext", "fptrunc", "fpext", "fptoui",
                                      "fptosi", "uitofp", "sitofp", "ptrtoint", "ptrtoaddr",
                                      "inttoptr", "bitcast", "addrspacecast")},
    "fneg": BodyParser.unary,
    "icmp": BodyParser.compare, "fcmp": BodyParser.compare,
    "select": BodyParser.select, "phi": BodyParser.phi, "freeze": BodyParser.freeze,
    "alloca": BodyParser.alloca, "load": BodyParser.load, "store": BodyParser.store,
    "atomicrmw": BodyParser.atomicrmw, "cmpxchg": BodyParser.cmpxchg, "fence": BodyParser.fence,
    "getelementptr": BodyParser.gep,
    "extractvalue": BodyParser.extractvalue, "insertvalue": BodyParser.insertvalue,
    "extractelement": BodyParser.extractelement, "insertelement": BodyParser.insertelement,
    "shufflevector": BodyParser.shufflevector, "va_arg": BodyParser.va_arg,
    "call": BodyParser.call, "tail": BodyParser.call, "musttail": BodyParser.call,
    "notail": BodyParser.call, "invoke": BodyParser.call,
    "br": BodyParser.br, "switch": BodyParser.switch, "indirectbr": BodyParser.indirectbr,
    "ret": BodyParser.ret, "unreachable": BodyParser.unreachable, "resume": BodyParser.resume,
    "landingpad": BodyParser.landingpad,
    "callbr": BodyParser.call,
    **{op: BodyParser.unsupported for op in ("catchswitch", "catchpad", "cleanuppad",
                                             "catchret", "cleanupret")},
}

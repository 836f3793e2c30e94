"""Modules, globals, functions and basic blocks.

Module-level text that the AD never needs to look inside (metadata nodes,
attribute groups, comdats, module asm) is kept verbatim and printed back
as it was read; everything that holds SSA values or references globals is
modelled.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import chain
from operator import attrgetter
from typing import Iterator, Sequence

from enzyme_opt.ir import types as T
from enzyme_opt.ir.types import Type, quote_name
from enzyme_opt.ir.values import Argument, Constant, User, Value, use_list


class GlobalValue(Constant):
    """A module-level symbol: its value is its address (a pointer)."""

    __slots__ = ("module", "prefix")

    def __init__(self, type: Type, name: str, prefix: str = ""):
        super().__init__(type, name=name)
        self.module = None
        #: Linkage, visibility, ``unnamed_addr`` ... as printed before the body.
        self.prefix = prefix

    def ref(self) -> str:
        name = self.name  # the spelling of each name once per run (every call prints one)
        return _GLOBAL_NAMES.get(name) or _spelling(_GLOBAL_NAMES, "@", name)

    # Uses from bodies not parsed yet (``ir/text/unparsed.py``) are found by parsing those
    # bodies first, so a global's use list is complete whenever it is asked for.
    @property
    def uses(self) -> list:
        self._parse_mentioning_bodies()
        return list(use_list(self._uses))

    @property
    def users(self) -> list:
        self._parse_mentioning_bodies()
        return Constant.users.fget(self)

    @property
    def parsed_users(self) -> list:
        """Its users among the bodies parsed so far: enough for a pass over generated code
        (all parsed), and it parses none of the program's bodies, as ``users`` would."""
        return Constant.users.fget(self)

    def has_uses(self) -> bool:
        self._parse_mentioning_bodies()
        return bool(self._uses)

    def replace_all_uses_with(self, other: Value) -> None:
        self._parse_mentioning_bodies()
        Constant.replace_all_uses_with(self, other)

    def _parse_mentioning_bodies(self) -> None:
        module = self.module
        if module is not None and module.unparsed:
            module.parse_bodies_mentioning(self.name)

    @property
    def linkage(self) -> str:
        for word in self.prefix.split():
            if word in LINKAGES:
                return word
        return "external"


_STRING_ATTRIBUTE = re.compile(r'"([^"]*)"(?:="([^"]*)")?')

def _escape_attribute(text: str) -> str:
    return "".join(f"\\{ord(c):02X}" if c in '"\\' or not 0x20 <= ord(c) < 0x7F else c
                   for c in text)


def _unescape_attribute(text: str) -> str:
    return re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), text)


# Every call the AD looks at asks its callee's string attributes (is it inactive, a custom
# rule, an allocator?): these parse the same few texts again and again, so they are
# remembered (pure functions of the text; callers get copies).
@lru_cache(maxsize=4096)
def _group_ids(suffix: str) -> tuple[int, ...]:
    return tuple(int(m) for m in re.findall(r"#(\d+)", suffix))


@lru_cache(maxsize=4096)
def _parsed_string_attributes(group_text: str) -> tuple[tuple[str, str], ...]:
    return tuple((key, _unescape_attribute(value))
                 for key, value in _STRING_ATTRIBUTE.findall(group_text))


def _string_attributes(group_text: str) -> tuple[tuple[str, str], ...]:
    return _parsed_string_attributes(group_text) if group_text else ()


LINKAGES = frozenset({"private", "internal", "available_externally", "linkonce", "weak",
                      "common", "appending", "extern_weak", "linkonce_odr", "weak_odr",
                      "external"})


class GlobalVariable(GlobalValue):
    """``@g = <prefix> global|constant T [init]<suffix>``; the initializer is
    operand 0 when present; ``suffix`` keeps ``, align 8, !dbg !3`` etc."""

    __slots__ = ("value_type", "is_constant", "suffix")

    def __init__(self, name: str, value_type: Type, initializer: Constant | None = None,
                 is_constant: bool = False, prefix: str = "", suffix: str = "", addrspace: int = 0):
        super().__init__(T.PointerType(addrspace), name, prefix)
        self.value_type = value_type
        self.is_constant = is_constant
        self.suffix = suffix
        if initializer is not None:
            self.append_operand(initializer)

    @property
    def initializer(self) -> Constant | None:
        return self.operand(0) if self._operands else None

    @property
    def align(self) -> int | None:
        """Its ``align N``, if it says one."""
        match = re.search(r"\balign (\d+)", self.suffix)
        return int(match.group(1)) if match else None

    def metadata_text(self, kind: str) -> str | None:
        """The text of attachment ``!kind`` in the suffix (e.g. ``enzyme_shadow``)."""
        match = re.search(r"!" + re.escape(kind) + r" (![\w.]+)", self.suffix)
        return match.group(1) if match else None

    def format(self) -> str:
        prefix = self.prefix + " " if self.prefix else ""
        kind = "constant" if self.is_constant else "global"
        init = " " + self.initializer.ref() if self.initializer is not None else ""
        return f"{self.ref()} = {prefix}{kind} {self.value_type}{init}{self.suffix}"


class GlobalAlias(GlobalValue):
    """``@a = <prefix> alias|ifunc T, ptr @aliasee<suffix>`` (operand 0)."""

    __slots__ = ("keyword", "value_type", "suffix")

    def __init__(self, name: str, keyword: str, value_type: Type, aliasee: Constant,
                 prefix: str = "", suffix: str = ""):
        super().__init__(T.ptr, name, prefix)
        self.keyword = keyword
        self.value_type = value_type
        self.suffix = suffix
        self.append_operand(aliasee)

    def format(self) -> str:
        prefix = self.prefix + " " if self.prefix else ""
        return (f"{self.ref()} = {prefix}{self.keyword} {self.value_type}, "
                f"{self.operand(0).typed_ref()}{self.suffix}")


class BasicBlock(Value):
    __slots__ = ("parent", "instructions")

    def __init__(self, name: str = "", parent: "Function | None" = None):
        super().__init__(T.label, name)
        self.parent = parent
        self.instructions: list = []

    def ref(self) -> str:
        return self.parent.slot_name(self)

    @property
    def terminator(self):
        if self.instructions and self.instructions[-1].is_terminator:
            return self.instructions[-1]
        return None

    @property
    def successors(self) -> list["BasicBlock"]:
        term = self.terminator
        if term is None:
            return []
        seen: dict[BasicBlock, None] = {}
        for op in term.operands:
            if isinstance(op, BasicBlock):
                seen[op] = None
        return list(seen)

    @property
    def predecessors(self) -> list["BasicBlock"]:
        """Blocks whose terminator names this block (each once, in use order)."""
        seen: dict[BasicBlock, None] = {}
        for use in use_list(self._uses):
            user = use.user
            if getattr(user, "is_terminator", False) and user.parent is not None:
                seen[user.parent] = None
        return list(seen)

    @property
    def phis(self) -> list:
        out = []
        for inst in self.instructions:
            if inst.opcode != "phi":
                break
            out.append(inst)
        return out

    def first_non_phi_index(self) -> int:
        for i, inst in enumerate(self.instructions):
            if inst.opcode != "phi" and inst.opcode != "landingpad":
                return i
        return len(self.instructions)

    def append(self, inst) -> None:
        inst.parent = self
        self.instructions.append(inst)

    def insert(self, index: int, inst) -> None:
        inst.parent = self
        self.instructions.insert(index, inst)

    def insert_before(self, anchor, inst) -> None:
        self.insert(self.instructions.index(anchor), inst)

    def insert_after(self, anchor, inst) -> None:
        self.insert(self.instructions.index(anchor) + 1, inst)

    def __iter__(self):
        return iter(self.instructions)


class Function(GlobalValue):
    """A function declaration or definition.

    ``prefix``: the words between ``define``/``declare`` and the return
    attributes (linkage, visibility, calling convention).  ``ret_attrs``:
    return attributes.  ``suffix``: everything between ``)`` and ``{``
    (``unnamed_addr``, ``#0``, ``personality ...``, ``!dbg !5``).
    """

    __slots__ = ("function_type", "args", "_blocks", "unparsed_body", "ret_attrs", "suffix",
                 "_slots", "kind_memo", "rule_memo")

    def __init__(self, name: str, function_type: T.FunctionType, arg_names: Sequence[str] = (),
                 prefix: str = "", ret_attrs: str = "", suffix: str = "",
                 arg_attrs: Sequence[str] | None = None):
        super().__init__(T.ptr, name, prefix)
        self.function_type = function_type
        names = list(arg_names) + [""] * (len(function_type.params) - len(arg_names))
        attrs = list(arg_attrs) if arg_attrs is not None else [""] * len(function_type.params)
        self.args = [Argument(ty, n, self, i, a)
                     for i, (ty, n, a) in enumerate(zip(function_type.params, names, attrs))]
        self._blocks: list[BasicBlock] = []
        #: the body as text, until something asks for its blocks (``ir/text/unparsed.py``)
        self.unparsed_body = None
        self.ret_attrs = ret_attrs
        self.suffix = suffix
        self._slots: dict[Value, str] | None = None
        #: what ``knowledge.calls.callee_kind`` last answered, with what it depended on
        self.kind_memo: tuple | None = None
        #: likewise for ``knowledge.calls.math_rule_of``
        self.rule_memo: tuple | None = None

    # -- structure -------------------------------------------------------------
    @property
    def blocks(self) -> list[BasicBlock]:
        if self.unparsed_body is not None:
            self.parse_body()
        return self._blocks

    def parse_body(self) -> None:
        """Turn an unparsed body into blocks (a no-op once parsed)."""
        body = self.unparsed_body
        if body is None:
            return
        self.unparsed_body = None
        if self.module is not None:
            self.module.unparsed.pop(self, None)
        body.parse()

    @property
    def is_declaration(self) -> bool:
        return not self._blocks and self.unparsed_body is None

    def drop_body(self) -> None:
        """Make it a declaration: its instructions stop using anything (a body
        still unparsed is dropped as text: its uses would only be dropped again)."""
        if self.unparsed_body is not None:
            if self.module is not None:
                self.module.unparsed.pop(self, None)
            self.unparsed_body = None
        for inst in list(self.instructions()):
            inst.drop_operands()
        self._blocks = []

    @property
    def return_type(self) -> Type:
        return self.function_type.ret

    @property
    def entry(self) -> BasicBlock:
        return self.blocks[0]

    def append_block(self, name: str = "", after: BasicBlock | None = None) -> BasicBlock:
        block = BasicBlock(name, self)
        if after is None:
            self.blocks.append(block)
        else:
            self.blocks.insert(self.blocks.index(after) + 1, block)
        return block

    def instructions(self) -> Iterator:
        # chain, not a generator: whole-function walks are frequent, and chain's
        # iteration runs in C (each block's list is still read when it is reached), as
        # does the map that reads them (a generator expression ran a frame per block)
        return chain.from_iterable(map(_instructions_of, self.blocks))

    @property
    def attribute_group_ids(self) -> list[int]:
        return list(_group_ids(self.suffix))

    def metadata_text(self, kind: str) -> str | None:
        """The node attached as ``!kind`` (``!5``).  Declarations print their
        attachments before the return type (in ``prefix``), definitions
        after the parameters (in ``suffix``)."""
        if "!" not in self.suffix and "!" not in self.prefix:
            return None  # the common case, and asked for every call the AD visits
        match = re.search(r"!" + re.escape(kind) + r" (![\w.]+)", self.prefix + " " + self.suffix)
        return match.group(1) if match else None

    def metadata_kinds(self) -> list[str]:
        """The kinds of every metadata attachment (``dbg``, ``enzyme_augment`` …)."""
        if "!" not in self.suffix and "!" not in self.prefix:
            return []
        return re.findall(r"(?<![\w.])!([A-Za-z_.][\w.]*) ![\w.]+", self.prefix + " " + self.suffix)

    def add_metadata(self, kind: str, node: str) -> None:
        """Attach ``!kind node`` (where LLVM prints it for this function)."""
        if self.is_declaration:
            self.prefix = f"!{kind} {node} {self.prefix}".strip()
        else:
            self.suffix = f"{self.suffix} !{kind} {node}"

    def string_attributes(self) -> dict[str, str]:
        """Its ``"key"`` / ``"key"="value"`` attributes, from its attribute
        groups (``""`` for a key without a value)."""
        out: dict[str, str] = {}
        groups = self.module.attribute_groups if self.module is not None else {}
        for gid in _group_ids(self.suffix):
            out.update(_string_attributes(groups.get(gid, "")))
        return out

    def add_string_attribute(self, key: str, value: str | None = None) -> None:
        """Add ``"key"[="value"]`` through a new attribute group (groups are
        shared between functions, so the old one is left as it is)."""
        word = f'"{key}"' + (f'="{_escape_attribute(value)}"' if value is not None else "")
        groups = self.module.attribute_groups
        ids = self.attribute_group_ids
        if ids:
            text = groups[ids[0]]
            new_id = self.module.add_attribute_group(f"{text} {word}" if text else word)
            self.suffix = re.sub(rf"#{ids[0]}\b", f"#{new_id}", self.suffix, count=1)
        else:
            self.add_attribute_group_ref(self.module.add_attribute_group(word))

    def add_attribute_group_ref(self, group: int) -> None:
        """Refer to attribute group ``#group`` where LLVM's grammar puts groups: after
        the existing ones, else after ``unnamed_addr``/``addrspace(N)`` and before
        ``section``, ``comdat``, ``personality``, ``!dbg`` …"""
        last = None
        for last in re.finditer(r"#\d+\b", self.suffix):
            pass
        if last is None:
            last = re.match(r"\s*(?:(?:local_)?unnamed_addr\s*|addrspace\(\d+\)\s*)*",
                            self.suffix)
        at = last.end()
        # (a suffix starts with its blank, as the parser keeps it: ``) #3 {``, not ``)#3 {``)
        self.suffix = " " + f"{self.suffix[:at].strip()} #{group} {self.suffix[at:].strip()}".strip()

    # -- names -----------------------------------------------------------------
    def slot_name(self, value: Value) -> str:
        slots = self._slots
        if slots is not None:
            name = slots.get(value)
            if name is not None:
                return name
        self.assign_slots()
        return self._slots.get(value, "%<badref>")

    def assign_slots(self) -> None:
        """Give every local value its printed name: hints are kept (made
        unique with ``_N``), unnamed values are numbered in order as LLVM
        requires (arguments, then blocks and instructions).  Runs once per
        function printed, over every value: the loops are written out (no
        helper call, no ``has_result`` property) as this is the printer's
        second-largest cost."""
        slots: dict[Value, str] = {}
        taken: set[str] = set()
        void = T.VoidType

        #: hint -> the suffix its last clash got: names are only ever added to ``taken``, so
        #: the smallest free ``hint_N`` never goes down and the search resumes there (it
        #: started from 1 for every clash: quadratic in the values sharing a hint)
        suffixes: dict[str, int] = {}

        def claim(value: Value) -> None:
            hint = value.name
            if hint.isdigit():
                hint = "_" + hint
            name = hint
            if name in taken:
                n = suffixes.get(hint, 1)
                name = f"{hint}_{n}"
                while name in taken:
                    n += 1
                    name = f"{hint}_{n}"
                suffixes[hint] = n
            taken.add(name)
            slots[value] = _local_name(name)

        # Named values first claim their names so numbered ones never clash; the unnamed
        # ones are listed in the same walk, in the order they are numbered in (arguments,
        # then each block, an unnamed entry block too, before its instructions).
        blocks = self.blocks
        unnamed = []
        for arg in self.args:
            if arg.name:
                claim(arg)
            else:
                unnamed.append(arg)
        for block in blocks:
            if block.name:
                claim(block)
            else:
                unnamed.append(block)
            for inst in block.instructions:
                if type(inst.type) is not void:
                    hint = inst.name
                    if not hint:
                        unnamed.append(inst)
                    elif hint in taken or hint.isdigit():
                        claim(inst)
                    else:  # claim(inst) when the hint is free, written out: the common case
                        taken.add(hint)
                        slots[inst] = _LOCAL_NAMES.get(hint) or _local_name(hint)
        slots.update(zip(unnamed, _numbered(len(unnamed))))
        self._slots = slots

    def invalidate_slots(self) -> None:
        self._slots = None


#: name -> its spelling as a global (``@name``, quoted if it must be)
_GLOBAL_NAMES: dict[str, str] = {}

#: name -> its spelling as a local value (``%name``, quoted if it must be): asked for every
#: named value of every function printed, the same few names again and again
_LOCAL_NAMES: dict[str, str] = {}


#: the tables above live as long as the process: a Python API session that loads module
#: after module starts them again past this many names instead of growing without end
_MAX_SPELLINGS = 1 << 17


def _local_name(name: str) -> str:
    return _LOCAL_NAMES.get(name) or _spelling(_LOCAL_NAMES, "%", name)


def _spelling(table: dict[str, str], sigil: str, name: str) -> str:
    """``name`` spelled after ``sigil``, quoted if it must be, kept in ``table``."""
    if len(table) >= _MAX_SPELLINGS:
        table.clear()
    spelling = table[name] = sigil + quote_name(name)
    return spelling


#: "%0", "%1", …: the numbered slot names, one string each for every function (each
#: numbers its values from 0; a string per value was 2 % of a differentiated module's memory)
_NUMBERED: list[str] = []


def _numbered(count: int) -> list[str]:
    """The numbered slot names, at least ``count`` of them."""
    if len(_NUMBERED) < count:
        _NUMBERED.extend(f"%{n}" for n in range(len(_NUMBERED), count))
    return _NUMBERED


_instructions_of = attrgetter("instructions")


class Module:
    """A whole module: symbols in order, plus verbatim module-level text."""

    def __init__(self, name: str = ""):
        self.name = name
        #: the ``; ModuleID = …`` comment LLVM writes first (kept so that our printing
        #: of a module starts as LLVM's does)
        self.module_id: str | None = None
        self.source_filename: str | None = None
        self.datalayout: str | None = None
        self.triple: str | None = None
        self.module_asm: list[str] = []
        self.struct_types: dict[str, T.NamedStructType] = {}
        self.comdats: list[str] = []
        self.globals: list[GlobalVariable] = []
        self.functions: list[Function] = []
        self.aliases: list[GlobalAlias] = []
        self.attribute_groups: dict[int, str] = {}
        #: ``!name = !{...}`` lines and ``!N = ...`` lines, verbatim.
        self.named_metadata: list[str] = []
        self.metadata: dict[str, str] = {}
        self.symbols: dict[str, GlobalValue] = {}
        #: functions whose bodies are still text (``ir/text/unparsed.py``), in module order
        self.unparsed: dict[Function, None] = {}
        self._mentioned_by: dict[str, list[Function]] | None = None  # symbol -> unparsed bodies
        #: generated function → the user's function it derives from (for diagnostics)
        self.derived_from: dict[str, str] = {}
        self._next_metadata: int | None = None
        #: Enzyme's -enzyme-vectorize-at-leaf-nodes was given: at enzyme_width W > 1 each
        #: shadow holds every lane (``ad/modes/forward_leaf.py``)
        self.vectorize_at_leaf_nodes = False

    # -- symbols ---------------------------------------------------------------
    def add(self, symbol: GlobalValue, before: GlobalValue | None = None) -> GlobalValue:
        if symbol.name in self.symbols:
            raise ValueError(f"symbol @{symbol.name} already defined")
        symbol.module = self
        self.symbols[symbol.name] = symbol
        bucket = (self.functions if isinstance(symbol, Function)
                  else self.globals if isinstance(symbol, GlobalVariable) else self.aliases)
        if before is not None and before in bucket:
            bucket.insert(bucket.index(before), symbol)
        else:
            bucket.append(symbol)
        return symbol

    def remove(self, symbol: GlobalValue) -> None:
        del self.symbols[symbol.name]
        bucket = (self.functions if isinstance(symbol, Function)
                  else self.globals if isinstance(symbol, GlobalVariable) else self.aliases)
        bucket.remove(symbol)
        symbol.drop_operands()
        if isinstance(symbol, Function):
            symbol.drop_body()

    def add_unparsed(self, function: Function, body) -> None:
        """Give ``function`` a body kept as text (``ir/text/unparsed.py``)."""
        function.unparsed_body = body
        self.unparsed[function] = None
        self._mentioned_by = None

    def parse_bodies_mentioning(self, name: str) -> None:
        """Parse every unparsed body that names ``@name``."""
        if self._mentioned_by is None:
            self._mentioned_by = {}
            for fn in self.unparsed:
                for mention in fn.unparsed_body.mentions:
                    self._mentioned_by.setdefault(mention, []).append(fn)
        for fn in self._mentioned_by.pop(name, ()):
            fn.parse_body()

    def get(self, name: str) -> GlobalValue | None:
        return self.symbols.get(name)

    def get_function(self, name: str) -> Function | None:
        symbol = self.symbols.get(name)
        return symbol if isinstance(symbol, Function) else None

    def unique_name(self, base: str) -> str:
        """``base``, or ``base.N`` if taken (LLVM's scheme for globals)."""
        name, n = base, 1
        while name in self.symbols:
            name = f"{base}.{n}"
            n += 1
        return name

    def get_or_declare(self, name: str, function_type: T.FunctionType,
                       suffix: str = "") -> Function:
        existing = self.get_function(name)
        if existing is not None:
            return existing
        return self.add(Function(name, function_type, suffix=suffix))

    def add_attribute_group(self, text: str) -> int:
        """Index of an attribute group with exactly ``text``, made if needed."""
        for gid, existing in self.attribute_groups.items():
            if existing == text:
                return gid
        gid = max(self.attribute_groups, default=-1) + 1
        self.attribute_groups[gid] = text
        return gid

    def metadata_mark(self) -> tuple[int, int | None]:
        """Where the numbered metadata stands now (``drop_metadata_since``)."""
        return len(self.metadata), self._next_metadata

    def drop_metadata_since(self, mark: tuple[int, int | None]) -> None:
        """Forget the nodes added since ``mark`` (the newest are last: the cost is theirs
        alone); numbering resumes where it stood."""
        count, next_id = mark
        while len(self.metadata) > count:
            self.metadata.popitem()
        self._next_metadata = next_id

    def add_metadata_node(self, text: str) -> str:
        """A new numbered metadata node ``!N = <text>``; returns ``!N``."""
        next_id = self._next_metadata
        if next_id is None:
            next_id = 1 + max((int(k[1:]) for k in self.metadata), default=-1)
        self._next_metadata = next_id + 1
        ref = f"!{next_id}"
        self.metadata[ref] = f"{ref} = {text}"
        return ref

    def __str__(self) -> str:
        from enzyme_opt.ir.text.printer import print_module
        return print_module(self)


def iter_users_recursive(value: Value) -> Iterator[User]:
    """Users of ``value``, looking through constant expressions."""
    for user in value.users:
        if isinstance(user, Constant) and not isinstance(user, GlobalValue):
            yield from iter_users_recursive(user)
        else:
            yield user

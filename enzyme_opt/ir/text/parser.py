"""Parser for the textual IR that LLVM 22 prints.

Contract (as xDSL's): ``parse_X`` consumes its production or raises a
``ParseError`` naming the source line; ``parse_optional_X`` returns ``None``
when the next token cannot start an ``X``.  We only read *canonical* text:
every input went through LLVM first, so spellings are LLVM's own.

The module is read in two passes: the first declares every symbol (so
globals may refer to each other in any order), the second reads bodies and
initializers.  Module metadata, attribute groups and comdats are kept as
text.
"""

from __future__ import annotations

import re
import struct
from functools import partial

from enzyme_opt.diagnostics import ParseError
from enzyme_opt.ir import types as T
from enzyme_opt.ir.collector import collector_paused
from enzyme_opt.ir.module import Function, GlobalAlias, GlobalVariable, Module
from enzyme_opt.ir.text import floats
from enzyme_opt.ir.text.lexer import (CONSTANT_KEYWORDS, CONSTEXPR_OPCODES, Cursor, global_name,
                                      join_tokens, local_name, string_body, tokenize)
from enzyme_opt.ir.text.unparsed import UnparsedBody
from enzyme_opt.ir.types import Type
from enzyme_opt.ir.values import (ConstantAggregate, ConstantExpr, ConstantFP, ConstantInt,
                                  ConstantKeyword, ConstantSplat, ConstantString, ConstantWrapper,
                                  InlineAsm, MetadataOperand, Value, unescape_string)

SIMPLE_TYPES: dict[str, Type] = {
    "void": T.void, "label": T.label, "metadata": T.metadata, "token": T.token,
    "ptr": T.ptr, "x86_amx": T.OpaqueType("x86_amx"),
    **{kind: T.FloatType(kind) for kind in T.FLOAT_BITS},
}
_INT_TYPE = re.compile(r"i\d+\Z")
COMMON_TYPES: dict[str, Type] = {**SIMPLE_TYPES, **{f"i{n}": T.IntType(n) for n in (1, 8, 16, 32, 64, 128)}}


def parse_module(text: str, filename: str = "<input>", lazy_bodies: bool = False) -> Module:
    """Read a whole module.  ``filename`` names the input in errors.  With
    ``lazy_bodies``, function bodies stay text until first asked for
    (``ir/text/unparsed.py``).

    Python's cyclic garbage collector is paused meanwhile: parsing allocates
    many long-lived objects, and every collection it triggers would walk
    all of them again (half the parse time, and superlinear)."""
    with collector_paused():
        return ModuleParser(text, filename, lazy_bodies).run()


def unparsed_body(module: Module, function: Function, text: str) -> UnparsedBody:
    """A body for ``function`` of ``module``, written as LLVM writes one
    (``ir/text/unparsed.py``), parsed when first asked for."""
    parser = ModuleParser(text, module.name)
    parser.module = module
    return UnparsedBody(parser.lines,
                        partial(parser._parse_body, function, -1, len(parser.lines) + 1))


def parse_type_text(module: Module, text: str) -> Type:
    """A type spelled in ``text`` (``{ ptr, double }``, ``%struct.S``), its
    named structs looked up in ``module``."""
    parser = ModuleParser("", module.name)
    parser.module = module
    cur = Cursor(tokenize(text), 1, module.name, [text])
    return parser.parse_type(cur)


def sret_type(attributes: str, module) -> T.Type | None:
    """The type in an ``sret(<type>)`` parameter attribute, else None."""
    match = re.search(r"\bsret\((.*)\)", attributes or "")
    if match is None:
        return None
    text, depth = match.group(1), 0
    for end, ch in enumerate(text):  # the type ends at the parenthesis closing sret(
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            text = text[:end]
            break
    return parse_type_text(module, text)


class ModuleParser:
    def __init__(self, text: str, filename: str, lazy_bodies: bool = False):
        self.text = text
        self.filename = filename
        self.lines = text.split("\n")
        self.module = Module(filename)
        self.lazy_bodies = lazy_bodies

    # -- driver ----------------------------------------------------------------
    def run(self) -> Module:
        if self.lines and self.lines[0].startswith("; ModuleID = "):
            self.module.module_id = self.lines[0][len("; ModuleID = "):]
        entities = self._split_entities()
        for kind, start, end in entities:        # pass 0: named struct types
            if kind == "typedef":
                self._read_typedef(start, end)
        for kind, start, end in entities:        # pass 1: declare symbols
            if kind in ("global", "define", "declare"):
                self._declare(kind, start, end)
        for kind, start, end in entities:        # pass 2: bodies
            if kind != "typedef":
                getattr(self, "_read_" + kind)(start, end)
        return self.module

    def _split_entities(self) -> list[tuple[str, int, int]]:
        """(kind, first line index, end line index) of each top-level item."""
        out = []
        lines = self.lines
        i, n = 0, len(lines)
        while i < n:
            line = lines[i]
            head = line[:1]
            if not line or head == ";" or line.isspace():
                i += 1
                continue
            if line.startswith("define "):
                try:
                    j = lines.index("}", i + 1)  # the search in C: bodies are most lines
                except ValueError:
                    raise ParseError("function body has no closing '}'", self.filename, i + 1,
                                     line) from None
                out.append(("define", i, j + 1))
                i = j + 1
                continue
            if head == "@":
                kind = "global"
            elif head == "!":
                kind = "metadata"
            elif head == "%":
                kind = "typedef"
            elif head == "$":
                kind = "comdat"
            elif line.startswith("declare "):
                kind = "declare"
            elif line.startswith("attributes #"):
                kind = "attributes"
            elif line.startswith(("source_filename", "target ", "module asm")):
                kind = "header"
            elif head == "^" or line.startswith("uselistorder"):
                kind = "skip"
            else:
                raise ParseError(f"expected a top-level entity, found '{line.split()[0]}'",
                                 self.filename, i + 1, line)
            out.append((kind, i, i + 1))
            i += 1
        return out

    def _cursor(self, start: int, end: int) -> Cursor:
        text = "\n".join(self.lines[start:end])
        return Cursor(tokenize(text), start + 1, self.filename, self.lines)

    # -- pass 1 ----------------------------------------------------------------
    def _declare(self, kind: str, start: int, end: int) -> None:
        if kind == "global":
            line = self.lines[start]
            cur = Cursor(tokenize(line), start + 1, self.filename, self.lines)
            name = global_name(cur.next())
            cur.expect("=")
            words = []
            while cur.tok not in ("global", "constant", "alias", "ifunc", ""):
                words.append(cur.next())
            keyword = cur.next()
            if keyword in ("alias", "ifunc"):
                symbol = GlobalAlias(name, keyword, T.ptr, ConstantKeyword(T.ptr, "poison"))
            else:
                addrspace = 0
                for k, w in enumerate(words):
                    if w == "addrspace":
                        addrspace = int(words[k + 2])
                symbol = GlobalVariable(name, T.i8, addrspace=addrspace)
            self._add_symbol(symbol, start)
        else:
            cur = Cursor(tokenize(self.lines[start]), start + 1, self.filename, self.lines)
            function = self._parse_function_header(cur)
            self._add_symbol(function, start)

    def _add_symbol(self, symbol, line_index: int) -> None:
        if symbol.name in self.module.symbols:
            raise ParseError(f"redefinition of @{symbol.name}", self.filename, line_index + 1)
        self.module.add(symbol)

    def _parse_function_header(self, cur: Cursor) -> Function:
        """``define|declare prefix ret-attrs RetTy @name(params) suffix [{]``"""
        cur.next()  # define / declare
        prefix = []
        while not self._starts_type(cur):
            if cur.tok == "":
                raise cur.error("expected the return type of a function")
            prefix.append(self._take_attribute(cur))
        # Split the prefix: linkage/visibility/cc words, then return attributes.
        split = len(prefix)
        while split > 0 and prefix[split - 1].split("(")[0].split(" ")[0] in RETURN_ATTRIBUTES:
            split -= 1
        ret_type = self.parse_type(cur)
        name = global_name(cur.next())
        cur.expect("(")
        params, names, attrs, varargs = [], [], [], False
        while not cur.accept(")"):
            if cur.accept("..."):
                varargs = True
                continue
            ty = self.parse_type(cur)
            words = []
            while cur.tok not in (",", ")") and cur.tok[:1] != "%":
                words.append(self._take_attribute(cur))
            params.append(ty)
            attrs.append(" ".join(words))
            arg_name = local_name(cur.next()) if cur.tok[:1] == "%" else ""
            names.append("" if arg_name.isdigit() else arg_name)  # %0 is numbered, not named
            cur.accept(",")
        suffix = []
        while cur.tok not in ("{", ""):
            suffix.append(cur.next())
        fn = Function(name, T.FunctionType(ret_type, tuple(params), varargs), names,
                      prefix=" ".join(prefix[:split]), ret_attrs=" ".join(prefix[split:]),
                      suffix=(" " + join_tokens(suffix)) if suffix else "", arg_attrs=attrs)
        return fn

    # -- pass 2: module-level items ---------------------------------------------
    def _read_skip(self, start: int, end: int) -> None:
        pass

    def _read_header(self, start: int, end: int) -> None:
        line = self.lines[start]
        if not re.fullmatch(r'(source_filename|target datalayout|target triple) = "[^"]*"'
                            r'|module asm "[^"]*"', line):
            raise ParseError("malformed module header (an unterminated string?)",
                             self.filename, start + 1, line)
        value = line[line.index('"'):] if '"' in line else ""
        if line.startswith("source_filename"):
            self.module.source_filename = unescape_string(value[1:-1]).decode("utf-8", "replace")
        elif line.startswith("target datalayout"):
            self.module.datalayout = value[1:-1]
        elif line.startswith("target triple"):
            self.module.triple = value[1:-1]
        else:
            self.module.module_asm.append(line)

    def _read_metadata(self, start: int, end: int) -> None:
        line = self.lines[start]
        key = line.split(" = ", 1)[0]
        if key[1:].isdigit():
            self.module.metadata[key] = line
        else:
            self.module.named_metadata.append(line)

    def _read_comdat(self, start: int, end: int) -> None:
        self.module.comdats.append(self.lines[start])

    def _read_attributes(self, start: int, end: int) -> None:
        line = self.lines[start]
        match = re.match(r"attributes #(\d+) = \{ ?(.*?) ?\}$", line)
        if not match or line.count('"') % 2:
            raise ParseError("malformed attribute group", self.filename, start + 1, line)
        self.module.attribute_groups[int(match.group(1))] = match.group(2)

    def _read_typedef(self, start: int, end: int) -> None:
        cur = self._cursor(start, end)
        name = local_name(cur.next())
        cur.expect("=")
        cur.expect("type")
        named = self.named_struct(name)
        if cur.accept("opaque"):
            return
        body = self.parse_type(cur)
        if not isinstance(body, T.StructType):
            raise cur.error("expected a struct body")
        named.body_ref[:] = [body]

    def _read_global(self, start: int, end: int) -> None:
        cur = self._cursor(start, end)
        symbol = self.module.symbols[global_name(cur.next())]
        cur.expect("=")
        words = []
        while cur.tok not in ("global", "constant", "alias", "ifunc"):
            words.append(self._take_attribute(cur))
        keyword = cur.next()
        symbol.prefix = " ".join(words)
        value_type = self.parse_type(cur)
        symbol.value_type = value_type
        self.locals = None
        if isinstance(symbol, GlobalAlias):
            cur.expect(",")
            aliasee_type = self.parse_type(cur)
            symbol.set_operand(0, self.parse_value(cur, aliasee_type))
        else:
            symbol.is_constant = keyword == "constant"
            if not cur.at_line_end() and cur.tok != ",":
                symbol.append_operand(self.parse_value(cur, value_type))
        rest = []
        while not cur.at_line_end():
            rest.append(cur.next())
        symbol.suffix = join_tokens(rest) if rest else ""
        if symbol.suffix and not symbol.suffix.startswith(","):
            symbol.suffix = " " + symbol.suffix

    def _read_declare(self, start: int, end: int) -> None:
        pass  # fully read in pass 1

    def _read_define(self, start: int, end: int) -> None:
        cur = Cursor(tokenize(self.lines[start]), start + 1, self.filename, self.lines)
        cur.next()
        while not cur.accept("@") and cur.tok[:1] != "@":
            cur.next()
        function = self.module.symbols[global_name(cur.next())]
        if self.lazy_bodies:
            body = UnparsedBody(self.lines[start + 1:end - 1],
                                partial(self._parse_body, function, start, end))
            self.module.add_unparsed(function, body)
        else:
            self._parse_body(function, start, end)

    def _parse_body(self, function: Function, start: int, end: int) -> None:
        from enzyme_opt.ir.text.body_parser import BodyParser
        with collector_paused():
            BodyParser(self, function, self._cursor(start + 1, end - 1)).run()

    # -- types -----------------------------------------------------------------
    def named_struct(self, name: str) -> T.NamedStructType:
        ty = self.module.struct_types.get(name)
        if ty is None:
            ty = T.NamedStructType(name)
            self.module.struct_types[name] = ty
        return ty

    def _starts_type(self, cur: Cursor) -> bool:
        tok = cur.tok
        return (tok in SIMPLE_TYPES or tok in ("[", "{", "<", "target") or
                bool(_INT_TYPE.match(tok)) or (tok[:1] == "%" and tok[1:2] != ""
                                               and self._is_struct_ref(tok)))

    def _is_struct_ref(self, tok: str) -> bool:
        return local_name(tok) in self.module.struct_types

    def parse_type(self, cur: Cursor) -> Type:
        """type := simple | iN | ptr [addrspace(N)] | [N x T] | <N x T> | {..} | <{..}>
        | %name | type '(' params ')'  (a function type)"""
        tok = cur.next()
        ty: Type
        common = COMMON_TYPES.get(tok)
        if common is not None and cur.tok not in ("(", "addrspace", "*"):
            return common  # the fast path: i32, double, ptr, ... not starting a function type
        if tok in SIMPLE_TYPES:
            ty = SIMPLE_TYPES[tok]
            if tok == "ptr" and cur.tok == "addrspace":
                cur.next()
                cur.expect("(")
                ty = T.PointerType(int(cur.next()))
                cur.expect(")")
        elif tok[:1] == "i" and _INT_TYPE.match(tok):
            ty = T.IntType(int(tok[1:]))
        elif tok == "[":
            count = int(cur.next())
            cur.expect("x")
            ty = T.ArrayType(count, self.parse_type(cur))
            cur.expect("]")
        elif tok == "<":
            if cur.accept("{"):
                ty = T.StructType(self._parse_struct_elements(cur), packed=True)
                cur.expect(">")
            else:
                scalable = cur.accept("vscale")
                if scalable:
                    cur.expect("x")
                count = int(cur.next())
                cur.expect("x")
                ty = T.VectorType(count, self.parse_type(cur), scalable)
                cur.expect(">")
        elif tok == "{":
            ty = T.StructType(self._parse_struct_elements(cur))
        elif tok[:1] == "%":
            ty = self.named_struct(local_name(tok))
        elif tok == "target":
            depth, words = 0, ["target"]
            while True:
                w = cur.next()
                words.append(w)
                depth += (w == "(") - (w == ")")
                if depth == 0 and w == ")":
                    break
            ty = T.OpaqueType(join_tokens(words))
        else:
            cur.back()
            raise cur.error("expected a type")
        while cur.tok == "(" and self._function_type_follows(cur):
            ty = self._parse_function_params(cur, ty)
        while cur.tok == "*":  # typed pointers never appear in LLVM 22 output
            raise cur.error("typed pointers are not LLVM 22 syntax")
        return ty

    def _function_type_follows(self, cur: Cursor) -> bool:
        nxt = cur.peek(1)
        return nxt in (")", "...") or nxt in SIMPLE_TYPES or bool(_INT_TYPE.match(nxt)) or \
            nxt in ("[", "{", "<") or (nxt[:1] == "%" and self._is_struct_ref(nxt))

    def _parse_function_params(self, cur: Cursor, ret: Type) -> T.FunctionType:
        cur.expect("(")
        params, varargs = [], False
        while not cur.accept(")"):
            if cur.accept("..."):
                varargs = True
            else:
                params.append(self.parse_type(cur))
            cur.accept(",")
        return T.FunctionType(ret, tuple(params), varargs)

    def _parse_struct_elements(self, cur: Cursor) -> tuple[Type, ...]:
        elements = []
        while not cur.accept("}"):
            elements.append(self.parse_type(cur))
            cur.accept(",")
        return tuple(elements)

    # -- attributes ---------------------------------------------------------------
    def _take_attribute(self, cur: Cursor) -> str:
        """One attribute-like item: a word with its parenthesised argument,
        ``align N``, ``addrspace(N)``, a string attribute, an attribute group."""
        tok = cur.next()
        if tok == "":
            raise cur.error("unexpected end of input")
        if tok in ("align", "alignstack") and cur.tok[:1].isdigit():
            return f"{tok} {cur.next()}"
        if cur.tok == "(":
            depth, words = 0, [tok]
            while True:
                w = cur.next()
                if w in ("", "\n"):
                    raise cur.error("unbalanced parentheses")
                words.append(w)
                depth += (w == "(") - (w == ")")
                if depth == 0:
                    break
            return join_tokens(words)
        if tok[:1] == '"' and cur.tok == "=":
            cur.next()
            return f"{tok}={cur.next()}"
        return tok

    # -- constants -----------------------------------------------------------------
    locals = None  # set by the body parser to resolve %names in constants

    def parse_value(self, cur: Cursor, ty: Type) -> Value:
        """value := %local | @global | constant"""
        tok = cur.tok
        head = tok[:1]
        if head == "%":
            if self.locals is None:
                raise cur.error("a local value outside a function")
            cur.pos += 1  # a name is never a line end: advance inline (hot path)
            cur.tok = cur.tokens[cur.pos]
            if tok[1] != '"':
                found = self.locals.values.get(tok[1:])
                if found is not None:
                    return found
            return self.locals.lookup(local_name(tok), ty, cur)
        if head == "@":
            cur.next()
            symbol = self.module.symbols.get(global_name(tok))
            if symbol is None:
                cur.back()
                raise cur.error(f"use of undefined global @{global_name(tok)}")
            return symbol
        return self.parse_constant(cur, ty)

    def parse_typed_value(self, cur: Cursor) -> Value:
        ty = self.parse_type(cur)
        return self.parse_value(cur, ty)

    def parse_constant(self, cur: Cursor, ty: Type) -> Value:
        tok = cur.next()
        head = tok[:1]
        if head.isdigit() or head in "-+":
            if isinstance(ty.scalar, T.FloatType):
                return ConstantFP(ty, float_literal(tok), tok)
            if isinstance(ty.scalar, T.IntType):
                return ConstantInt(ty, int(tok, 16) if tok.startswith("0x") else int(tok))
            cur.back()
            raise cur.error(f"a number is not a {ty} constant")
        if tok in CONSTANT_KEYWORDS:
            return ConstantKeyword(ty, tok)
        if tok == "true" or tok == "false":
            return ConstantInt(ty, 1 if tok == "true" else 0)
        if head == "c" and tok[1:2] == '"':
            return ConstantString(ty, unescape_string(string_body(tok)))
        if tok == "[" or tok == "{" or tok == "<":
            closing = {"[": "]", "{": "}", "<": ">"}[tok]
            packed = tok == "<" and cur.accept("{")
            elements = []
            while not cur.accept("}" if packed else closing):
                elements.append(self.parse_typed_value(cur))
                cur.accept(",")
            if packed:
                cur.expect(">")
            return ConstantAggregate(ty, elements)
        if tok == "splat":
            cur.expect("(")
            element = self.parse_typed_value(cur)
            cur.expect(")")
            return ConstantSplat(ty, (element,))
        if tok == "blockaddress":
            cur.expect("(")
            fn = self.parse_value(cur, T.ptr)
            cur.expect(",")
            block = cur.next()
            cur.expect(")")
            return ConstantWrapper(ty, "blockaddress", (fn,), block)
        if tok in ("dso_local_equivalent", "no_cfi"):
            return ConstantWrapper(ty, tok, (self.parse_value(cur, T.ptr),))
        if tok in CONSTEXPR_OPCODES:
            return self._parse_constant_expr(cur, tok, ty)
        if tok == "asm":
            words = ["asm"]
            while cur.tok[:1] != '"':
                words.append(cur.next())
            words.append(cur.next())
            cur.expect(",")
            words[-1] += ","
            words.append(cur.next())
            return InlineAsm(ty, " ".join(words))
        cur.back()
        raise cur.error(f"expected a value of type {ty}")

    def _parse_constant_expr(self, cur: Cursor, opcode: str, ty: Type) -> Value:
        flags = []
        while cur.tok != "(":
            flags.append(self._take_attribute(cur) if cur.tok == "inrange" else cur.next())
        cur.expect("(")
        source_type = None
        if opcode == "getelementptr":
            source_type = self.parse_type(cur)
            cur.expect(",")
        operands = []
        result_type = ty
        while not cur.accept(")"):
            operands.append(self.parse_typed_value(cur))
            if cur.accept("to"):
                result_type = self.parse_type(cur)
            cur.accept(",")
        return ConstantExpr(result_type, opcode, operands, " ".join(flags), source_type)

    def parse_metadata(self, cur: Cursor) -> MetadataOperand:
        """A metadata operand: ``!"s"``, ``!N``, ``!{...}``, ``!DIExpr(...)``, or
        ``T %v`` (a value as metadata)."""
        tok = cur.tok
        if tok[:1] != "!":
            value = self.parse_typed_value(cur)
            return _value_as_metadata(value)
        pieces, operands = self.parse_text_with_values(cur)
        return MetadataOperand(pieces, operands)

    def parse_text_with_values(self, cur: Cursor, inside_parens: bool = False
                               ) -> tuple[list, list[Value]]:
        """Metadata text kept as ``pieces`` (strings, and indices into the
        returned operands for each ``T %value`` it names, so renaming values
        keeps the text right).  Reads one metadata item (``!5``,
        ``!DIExpression(...)``, ``!{...}``), or, ``inside_parens``, up to and
        including the ``)`` that closes an already opened group."""
        pieces: list = []
        operands: list[Value] = []
        words: list[str] = []
        depth = 1 if inside_parens else 0
        while True:
            tok = cur.tok
            if tok in ("", "\n"):
                raise cur.error("unterminated metadata")
            if tok[:1] == "%" and self.locals is not None:
                # a value inside metadata, e.g. !DIArgList(i64 %a): keep its type as text
                ty_text = words.pop() if words else ""
                pieces.append(join_tokens(words) + (" " if words else "") + ty_text + " ")
                words = []
                cur.next()
                operands.append(self.locals.lookup(local_name(tok), T.metadata, cur))
                pieces.append(len(operands) - 1)
                continue
            cur.next()
            depth += (tok in ("(", "{")) - (tok in (")", "}"))
            if inside_parens and depth == 0:
                break  # the closing parenthesis is not part of the text
            words.append(tok)
            if not inside_parens and depth == 0 and tok != "!" and cur.tok not in ("(", "{"):
                break
        if words:
            pieces.append(join_tokens(words))
        return pieces, operands


def float_literal(tok: str) -> float:
    """The value of an LLVM float literal: decimal, or ``0x`` + the IEEE
    double bits (also used for ``float``), or another kind's hex (``0xK``
    x86_fp80, ``0xH`` half, …: ``floats.py``), rounded to a Python float;
    the constant keeps its text, so printing stays exact."""
    if tok.startswith("0x"):
        if tok[2:3] in floats.LETTERS:
            return floats.read(tok)
        return struct.unpack("<d", struct.pack("<Q", int(tok, 16)))[0]
    return float(tok)


def _value_as_metadata(value: Value) -> MetadataOperand:
    return MetadataOperand([f"{value.type} ", 0], (value,))


RETURN_ATTRIBUTES = frozenset({
    "zeroext", "signext", "inreg", "noalias", "nonnull", "dereferenceable",
    "dereferenceable_or_null", "align", "noundef", "range", "nofpclass", "noext"})

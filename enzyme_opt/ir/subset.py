"""A few functions of a module out to LLVM and back, without the rest.

Preprocessing (``ad/pipeline.py``) lets LLVM simplify the ``preprocess_``
clones.  Printing the whole module for that and reading the whole result
back cost as much as the AD itself on a big module, though the other
functions come back unchanged.  Here only the clones travel:

* ``print_subset`` writes a module holding the given functions and
  everything they refer to, transitively — globals with their initializers
  and other functions as they are (declarations stay declarations,
  definitions stay definitions, so LLVM sees the same facts it saw in the
  whole module) — plus every struct type, attribute group, comdat and
  metadata node, which LLVM drops when unused.
* ``merge_subset`` reads LLVM's output back *into* the module: the given
  functions replace their old versions in place, symbols LLVM added (a
  ``puts`` for a ``printf``, an intrinsic) are added, and what LLVM
  renumbered — metadata nodes and attribute groups — is mapped onto the
  module's numbering, reusing an existing node or group with the same text.
"""

from __future__ import annotations

import re

from enzyme_opt.ir.module import Function, GlobalValue, Module
from enzyme_opt.ir.text.parser import ModuleParser
from enzyme_opt.ir.text.printer import format_function, header_lines
from enzyme_opt.ir.text.unparsed import SYMBOL_REF, symbol_name

#: a quoted string (skipped) or a numbered metadata / attribute-group reference
_NUMBERED_REF = re.compile(r'"[^"]*"|([!#])(\d+)\b')
#: a quoted string (kept) or a node reference, numbered or to the node itself
_ANY_NODE_REF = re.compile(r'"[^"]*"|!(?:\d+\b|@)')


def _referenced_symbols(text: str) -> list[str]:
    return [symbol_name(m.group(1)) for m in SYMBOL_REF.finditer(text) if m.group(1)]


def print_subset(module: Module, functions: list[Function]) -> str:
    """Text of a module with ``functions`` and what they need (see the module docstring)."""
    chosen = {fn.name for fn in functions}
    metadata = [*module.named_metadata, *module.metadata.values()]
    texts: dict[str, str] = {fn.name: format_function(fn) for fn in functions}
    pending = [name for text in [*texts.values(), *metadata] for name in _referenced_symbols(text)]
    others: dict[str, str] = {}
    while pending:
        name = pending.pop()
        if name in chosen or name in others:
            continue
        symbol = module.symbols.get(name)
        if symbol is None:
            continue  # a name inside an asm string or a metadata string: LLVM complains if not
        text = format_function(symbol) if isinstance(symbol, Function) else symbol.format()
        others[name] = text
        pending += _referenced_symbols(text)

    out = header_lines(module)
    for ty in module.struct_types.values():
        out.append(f"{ty} = type {ty.body if ty.body is not None else 'opaque'}")
    out.extend(module.comdats)
    # Module order: globals, aliases, then functions, each kind as the module has them.
    for bucket in (module.globals, module.aliases, module.functions):
        out.extend(others[s.name] for s in bucket if s.name in others)
    out.extend(texts[fn.name] for fn in functions)
    out.extend(f"attributes #{gid} = {{ {text} }}" for gid, text in module.attribute_groups.items())
    out.extend(metadata)
    out.append("")
    return "\n".join(out)


def merge_subset(module: Module, text: str, names: set[str], filename: str) -> None:
    """Read the functions ``names`` (and symbols the module lacks) from ``text``,
    LLVM's printing of a ``print_subset`` module, into ``module``."""
    parser = ModuleParser(text, filename)
    parser.module = module
    entities = parser._split_entities()
    lines = parser.lines
    remap = _Renumbering(module, lines, entities)

    imported = []
    for kind, start, end in entities:
        if kind == "typedef":
            name = lines[start].split(" = ", 1)[0][1:]
            if name.startswith('"'):
                name = name[1:-1]
            if name not in module.struct_types:
                parser._read_typedef(start, end)
        elif kind in ("define", "declare", "global"):
            name = symbol_name(re.search(r'@("[^"]*"|[-\w$.]+)', lines[start]).group(1))
            if name in names or name not in module.symbols:
                for i in range(start, end):
                    lines[i] = remap.line(lines[i])
                imported.append((kind, start, end, name))

    for kind, start, end, name in imported:       # pass 1: symbols, new versions in place
        if name in names:
            cur = parser._cursor(start, start + 1)
            _replace_function(module, module.symbols[name], parser._parse_function_header(cur))
        else:
            parser._declare(kind, start, end)
    for kind, start, end, name in imported:       # pass 2: bodies and initializers
        if kind == "define":
            parser._read_define(start, end)
        elif kind == "global":
            parser._read_global(start, end)


def _replace_function(module: Module, old: GlobalValue, new: Function) -> None:
    """``new`` where ``old`` was: same place in the function list (the printed order)."""
    old.drop_body()
    index = module.functions.index(old)
    module.functions[index] = new
    module.symbols[new.name] = new
    new.module = module


class _Renumbering:
    """LLVM's metadata and attribute-group numbers in a subset's text → the module's.

    A uniqued node maps to the module's node with the same text (its operands
    mapped first), else to a new node.  A distinct node is the same node only
    if it was: it maps to the one module node whose text matches with
    references to itself written alike, else to a new node."""

    def __init__(self, module: Module, lines: list[str], entities):
        self.module = module
        self.nodes: dict[str, str] = {}        # subset "!N" -> its text after " = "
        self.groups: dict[str, str] = {}       # subset "N" -> attribute group text
        for kind, start, _ in entities:
            line = lines[start]
            if kind == "metadata" and line[1:2].isdigit():
                key, _, body = line.partition(" = ")
                self.nodes[key] = body
            elif kind == "attributes":
                match = re.match(r"attributes #(\d+) = \{ ?(.*?) ?\}$", line)
                if match:
                    self.groups[match.group(1)] = match.group(2)
        self.known: dict[str, str] = {}        # module node text -> "!N" (first of equals)
        self.distinct: dict[str, list[str]] = {}
        for key, line in module.metadata.items():
            body = line.partition(" = ")[2]
            if body.startswith("distinct "):
                self.distinct.setdefault(_self_neutral(body, key), []).append(key)
            else:
                self.known.setdefault(body, key)
        self.done: dict[str, str] = {}
        self.group_done: dict[str, str] = {}
        #: the module's distinct nodes by their text with every node reference blanked
        self.shapes: dict[str, list[str]] | None = None

    def line(self, text: str) -> str:
        if "!" not in text and "#" not in text:
            return text
        return _NUMBERED_REF.sub(self._one, text)

    def _one(self, match: re.Match) -> str:
        sigil = match.group(1)
        if sigil is None:
            return match.group(0)
        number = match.group(2)
        if sigil == "#":
            return "#" + self._group(number)
        return self._node("!" + number)

    def _group(self, number: str) -> str:
        gid = self.group_done.get(number)
        if gid is None:
            text = self.groups.get(number)
            if text is None:
                return number  # not a group this text defines: leave it
            gid = str(self.module.add_attribute_group(text))
            self.group_done[number] = gid
        return gid

    def _node(self, key: str) -> str:
        found = self.done.get(key)
        if found is not None:
            return found
        body = self.nodes.get(key)
        if body is None:
            return key
        if body.startswith("distinct "):
            return self._distinct(key, body)
        body = self.line(body)
        found = self.known.get(body)
        if found is None:
            found = self.module.add_metadata_node(body)
            self.known[body] = found
        self.done[key] = found
        return found

    def _distinct(self, key: str, body: str) -> str:
        tentative = self._tentative(body)
        if tentative is not None:
            found = self._speculate(key, body, tentative)
            if found is not None:
                return found
        # Give it a placeholder name while its operands are mapped (they may
        # lead back to it), then keep the module's node if exactly one matches.
        placeholder = f"!pending.{key[1:]}"
        self.done[key] = placeholder
        mapped = _NUMBERED_REF.sub(lambda m: "!@" if m.group(0) == key else self._one(m), body)
        candidates = self.distinct.get(mapped, [])
        if len(candidates) == 1 and "!pending." not in mapped:
            found = candidates[0]
        else:
            found = self.module.add_metadata_node(mapped.replace("!@", "!SELF"))
            self.module.metadata[found] = f"{found} = {mapped.replace('!@', found)}"
        self.done[key] = found
        if placeholder != found:
            self._resolve_placeholder(placeholder, found)
        return found

    def _tentative(self, body: str) -> str | None:
        """The one distinct node of the module whose text is ``body``'s but for the nodes
        they refer to (one compile unit; the class with this identifier; the variable of
        this name): the node ``body`` most likely is."""
        if self.shapes is None:
            self.shapes = {}
            for text, keys in self.distinct.items():
                self.shapes.setdefault(_shape(text), []).extend(keys)
        found = self.shapes.get(_shape(body), [])
        return found[0] if len(found) == 1 else None

    def _speculate(self, key: str, body: str, tentative: str) -> str | None:
        """Map ``body``'s operands taking ``key`` to be ``tentative``: nodes in a cycle
        through it then find their own counterparts in the module, and it is ``tentative``
        when its text comes out the same.  Otherwise None, and everything mapped meanwhile
        is undone: mapping only ever adds entries (a node mapped before is looked up, never
        changed), and dicts keep their order, so the undo drops the newest ones."""
        done, known, mark = len(self.done), len(self.known), self.module.metadata_mark()
        self.done[key] = tentative
        mapped = _NUMBERED_REF.sub(lambda m: "!@" if m.group(0) == key else self._one(m), body)
        if tentative in self.distinct.get(mapped, []):
            return tentative
        for table, size in ((self.done, done), (self.known, known)):
            while len(table) > size:
                table.popitem()
        self.module.drop_metadata_since(mark)
        return None

    def _resolve_placeholder(self, placeholder: str, found: str) -> None:
        """Nodes made while ``placeholder`` stood for a node under construction."""
        for key, line in self.module.metadata.items():
            if placeholder in line:
                self.module.metadata[key] = line.replace(placeholder, found)


def _shape(text: str) -> str:
    """A node's text with every node reference (``!12``, ``!@``) blanked."""
    return _ANY_NODE_REF.sub(lambda m: m.group(0) if m.group(0)[0] == '"' else "!", text)


def _self_neutral(body: str, key: str) -> str:
    """A distinct node's text with references to itself written ``!@``."""
    return _NUMBERED_REF.sub(lambda m: "!@" if m.group(0) == key else m.group(0), body)

"""Source locations from ``!dbg`` attachments, for diagnostics."""

from __future__ import annotations

import re

from enzyme_opt.ir.module import Module

_FIELD = re.compile(r"\b(line|scope|file|filename): (\d+|![\w.]+|\"[^\"]*\")")


def _fields(text: str) -> dict[str, str]:
    return {k: v for k, v in _FIELD.findall(text)}


def source_location(module: Module, dbg_ref: str | None) -> str | None:
    """``file.c:12`` for a ``!N`` DILocation reference, else None."""
    if not dbg_ref or module is None:
        return None
    line_text = module.metadata.get(dbg_ref)
    if line_text is None or "DILocation" not in line_text:
        return None
    fields = _fields(line_text.split(" = ", 1)[1])
    line = fields.get("line")
    scope = fields.get("scope")
    seen = set()
    while scope and scope not in seen:
        seen.add(scope)
        node = module.metadata.get(scope, "")
        node_fields = _fields(node.split(" = ", 1)[1] if " = " in node else "")
        if "DIFile" in node:
            name = node_fields.get("filename", '""')[1:-1]
            return f"{name}:{line}" if line else name
        file_ref = node_fields.get("file")
        if file_ref:
            scope = file_ref
        else:
            scope = node_fields.get("scope")
    return None


#: The attachment that carries a source location through code whose
#: ``!dbg`` had to be dropped (clones get no debug info of their own).
LOCATION_KIND = "enzyme_opt.loc"


def location_node(module: Module, location: str, cache: dict[str, str]) -> str:
    """The ``!{!"file.c:12"}`` node for ``location`` (one per distinct text)."""
    ref = cache.get(location)
    if ref is None:
        ref = module.add_metadata_node('!{!"' + location.replace('"', "\\22") + '"}')
        cache[location] = ref
    return ref


def carried_location(module: Module, ref: str | None) -> str | None:
    """The text of an ``enzyme_opt.loc`` node."""
    if not ref or module is None:
        return None
    line = module.metadata.get(ref, "")
    match = re.search(r'!\{!"([^"]*)"\}', line)
    return match.group(1) if match else None


#: DWARF encodings of unsigned integer types (``DIBasicType(encoding: …)``)
_UNSIGNED_ENCODINGS = ("DW_ATE_unsigned", "DW_ATE_unsigned_char", "DW_ATE_boolean",
                       "DW_ATE_UTF")
#: type qualifiers and names that leave the type's signedness as it is
_TRANSPARENT_TAGS = ("DW_TAG_typedef", "DW_TAG_const_type", "DW_TAG_volatile_type",
                     "DW_TAG_atomic_type", "DW_TAG_restrict_type")


def result_is_unsigned(module: Module, function) -> bool:
    """Does the source declare ``function``'s result as an unsigned integer?

    Only debug info (``clang -g``) says so for ``unsigned int`` and wider:
    the IR's ``i32`` has no sign, and clang marks only narrower results
    ``zeroext``.  The ``DISubprogram``'s type lists the result first;
    typedefs and qualifiers are looked through (``const uint32_t``), and an
    ``enum`` reads its underlying type."""
    match = re.search(r"!dbg (![\w.]+)", function.suffix)
    node = _node(module, match.group(1)) if match else ""
    node = _node(module, _field(node, "type")) if "DISubprogram" in node else ""
    types = _node(module, _field(node, "types"))
    first = re.match(r"!\{(![\w.]+|null)", types)
    ref, seen = (first.group(1) if first else None), set()
    while ref and ref.startswith("!") and ref not in seen:
        seen.add(ref)
        node = _node(module, ref)
        if "DIBasicType" in node:
            return _field(node, "encoding") in _UNSIGNED_ENCODINGS
        if "DW_TAG_enumeration_type" not in node and _field(node, "tag") not in _TRANSPARENT_TAGS:
            return False
        ref = _field(node, "baseType")
    return False


def _node(module: Module, ref: str | None) -> str:
    """The text after ``!N = `` of a metadata node ("" if none)."""
    line = module.metadata.get(ref, "") if ref else ""
    return line.split(" = ", 1)[1] if " = " in line else ""


def _field(node: str, name: str) -> str | None:
    match = re.search(r"\b" + name + r": (![\w.]+|\w+)", node)
    return match.group(1) if match else None

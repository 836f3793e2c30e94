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

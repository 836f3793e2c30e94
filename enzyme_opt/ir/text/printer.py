"""Print a module as LLVM textual IR.

Instructions print themselves (``Instruction.format``); this module lays
out the module-level items in LLVM's order and names each function's
values once (``Function.assign_slots``) before printing its body.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from enzyme_opt.ir.collector import collector_paused
from enzyme_opt.ir.types import quote_name

if TYPE_CHECKING:  # the model prints itself through this module: no import at run time
    from enzyme_opt.ir.module import Function, Module

_HEX = "0123456789ABCDEF"


def _quote(text: str) -> str:
    out = []
    for ch in text:
        if ch == '"' or ch == "\\" or not (0x20 <= ord(ch) < 0x7F):
            out.extend(f"\\{b:02X}" for b in ch.encode("utf-8"))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def print_module(module: Module) -> str:
    with collector_paused():  # as in parsing: many small strings, no cycles to find
        return _print_module(module)


def header_lines(module: Module) -> list[str]:
    """source_filename, datalayout, triple and module asm: what every printed module (whole
    or a subset of it, ir/subset.py) starts with."""
    out: list[str] = []
    if module.source_filename is not None:
        out.append(f"source_filename = {_quote(module.source_filename)}")
    if module.datalayout is not None:
        out.append(f'target datalayout = "{module.datalayout}"')
    if module.triple is not None:
        out.append(f'target triple = "{module.triple}"')
    out.extend(module.module_asm)
    return out


def _print_module(module: Module) -> str:
    out = [f"; ModuleID = {module.module_id}"] if module.module_id is not None else []
    out += header_lines(module)
    if module.struct_types:
        out.append("")
        for name, ty in module.struct_types.items():
            body = ty.body
            out.append(f"{ty} = type {body if body is not None else 'opaque'}")
    if module.comdats:
        out.append("")
        out.extend(module.comdats)
    if module.globals:
        out.append("")
        out.extend(g.format() for g in module.globals)
    if module.aliases:
        out.append("")
        out.extend(a.format() for a in module.aliases)
    for function in module.functions:
        out.append("")
        out.append(format_function(function))
    if module.attribute_groups:
        out.append("")
        for gid, text in module.attribute_groups.items():
            out.append(f"attributes #{gid} = {{ {text} }}")
    if module.named_metadata or module.metadata:
        out.append("")
        out.extend(module.named_metadata)
        out.extend(module.metadata.values())
    out.append("")
    return "\n".join(out)


def format_function(function: Function) -> str:
    unparsed = function.unparsed_body
    if unparsed is None:
        function.assign_slots()
        names = [function.slot_name(arg) for arg in function.args] if function.blocks else None
    else:  # the body is LLVM's text: name the arguments as LLVM did
        names = _unparsed_argument_names(function)
    params = []
    for index, arg in enumerate(function.args):
        text = str(arg.type)
        if arg.attrs:
            text += " " + arg.attrs
        if names is not None:
            text += " " + names[index]
        params.append(text)
    if function.function_type.varargs:
        params.append("...")
    words = ["declare" if function.is_declaration else "define"]
    if function.prefix:
        words.append(function.prefix)
    if function.ret_attrs:
        words.append(function.ret_attrs)
    words.append(str(function.return_type))
    head = " ".join(words) + f" {function.ref()}({', '.join(params)}){function.suffix}"
    if unparsed is not None:
        return f"{head} {{\n{unparsed.text}\n}}"
    if not function.blocks:
        return head
    lines = [head + " {"]
    for index, block in enumerate(function.blocks):
        if index > 0 or block.name:
            if index > 0:
                lines.append("")
            lines.append(function.slot_name(block)[1:] + ":")
        for inst in block.instructions:
            if inst.debug_records:  # most have none (the test is cheaper than the loop)
                lines.extend(["    " + record.format() for record in inst.debug_records])
            lines.append("  " + inst.format())
    lines.append("}")
    return "\n".join(lines)


def _unparsed_argument_names(function: Function) -> list[str]:
    """LLVM's names: a named argument by its name, the others numbered from 0."""
    names, counter = [], 0
    for arg in function.args:
        if arg.name:
            names.append("%" + quote_name(arg.name))
        else:
            names.append(f"%{counter}")
            counter += 1
    return names

"""The variants of an llvm-stress module that ``stress.py`` runs enzyme-opt on.

* ``pass``: the module as it is (nothing to differentiate).
* ``reverse`` / ``forward``: the module plus ``@enzyme_stress_caller``, which
  takes the function's parameters (and a shadow for each pointer) and calls
  ``__enzyme_autodiff`` / ``__enzyme_fwddiff`` on ``@autogen_SD<seed>`` with
  every argument passed through, marked with metadata markers (docs/abi.md):
  pointers ``enzyme_dup`` (value, shadow), floating-point scalars
  ``enzyme_dup`` in forward mode (value, tangent) and ``enzyme_out`` in
  reverse mode, everything else ``enzyme_const``.
* ``reverse-active`` / ``forward-active``: the same, after the float code is
  made active: scalar float constants are loaded through the function's first
  pointer parameter instead, and every floating-point value it computes
  (scalar or vector) is also stored through its last one.  llvm-stress
  computes mostly on constants and leaves most values unused, so
  preprocessing folds and deletes them and the plain variants differentiate
  next to nothing; this keeps the float code (vector arithmetic, shuffles,
  selects of vectors, out-of-range lane indices, casts) alive and active.
"""

from __future__ import annotations

import re

VARIANTS = ("pass", "reverse", "forward", "reverse-active", "forward-active")
ENTRY = {"reverse": "__enzyme_autodiff", "forward": "__enzyme_fwddiff"}
FLOATS = ("half", "bfloat", "float", "double", "fp128", "x86_fp80", "ppc_fp128")
DEFINITION = re.compile(r"^\s+%([\w.$-]+) = (\w+)")


def split_params(params: str) -> list[tuple[str, str]]:
    """(type, name) of each parameter of a ``define`` line's parameter list
    (commas inside ``<…>``, ``[…]``, ``{…}`` and ``(…)`` do not split)."""
    pieces, depth, current = [], 0, ""
    for char in params:
        depth += char in "<[{("
        depth -= char in ">]})"
        if char == "," and depth == 0:
            pieces.append(current)
            current = ""
        else:
            current += char
    if current.strip():
        pieces.append(current)
    result = []
    for piece in pieces:
        match = re.fullmatch(r"(.*?)\s*(%[\w.$-]+)?", piece.strip())
        result.append((match.group(1), match.group(2) or ""))
    return result


def signature(text: str, name: str) -> tuple[str, list[tuple[str, str]]]:
    """(return type, parameters) of ``define … @name(…)`` in ``text``."""
    match = re.search(rf"^define\s+(?:\w+\s+)*?(\S+|<[^>]*>)\s+@{name}\((.*)\)", text,
                      re.MULTILINE)
    if match is None:
        raise ValueError(f"no definition of @{name}")
    return match.group(1), split_params(match.group(2))


def _argument(i: int, ty: str, mode: str) -> tuple[list[str], list[str]]:
    """(caller parameters, call operands) for parameter ``i`` of type ``ty``."""
    value = f"{ty} %a{i}"
    if ty == "ptr" or (ty in FLOATS and mode == "forward"):
        shadow = f"{ty} %d{i}"
        return [value, shadow], ['metadata !"enzyme_dup"', value, shadow]
    if ty in FLOATS:
        return [value], ['metadata !"enzyme_out"', value]
    return [value], ['metadata !"enzyme_const"', value]


def result_type(ret: str, params: list[str], mode: str) -> str:
    """What the entry point returns: forward mode the tangent of a float
    return (void otherwise); reverse mode the adjoints of ``enzyme_out``
    arguments (one: that type; several: a literal struct)."""
    if mode == "forward":
        return ret if ret in FLOATS else "void"
    outs = [t for t in params if t in FLOATS]
    if not outs:
        return "void"
    return outs[0] if len(outs) == 1 else "{ " + ", ".join(outs) + " }"


def with_caller(text: str, seed: int, mode: str) -> str:
    """``text`` with a caller of ``ENTRY[mode]`` on ``@autogen_SD<seed>`` appended."""
    name = f"autogen_SD{seed}"
    ret, params = signature(text, name)
    types = [ty for ty, _ in params]
    formals, operands = [], []
    for i, ty in enumerate(types):
        f, o = _argument(i, ty, mode)
        formals += f
        operands += o
    result = result_type(ret, types, mode)
    entry = ENTRY[mode]
    call = f"call {result} (ptr, ...) @{entry}(" + ", ".join([f"ptr @{name}"] + operands) + ")"
    if result == "void":
        body = f"  {call}\n  ret void\n"
    else:
        body = f"  %r = {call}\n  ret {result} %r\n"
    return (text.rstrip("\n") + "\n\n"
            f"declare {result} @{entry}(ptr, ...)\n\n"
            f"define {result} @enzyme_stress_caller({', '.join(formals)}) {{\n{body}}}\n")


def float_values(text: str, name: str) -> dict[str, str]:
    """Name → type of every named floating-point value (scalar or vector of
    floats) that ``@name`` computes, as LLVM (through llvmlite) types it."""
    import llvmlite.binding as llvm
    function = llvm.parse_assembly(text).get_function(name)
    found = {}
    for block in function.blocks:
        for inst in block.instructions:
            ty = str(inst.type)
            if inst.name and re.search(rf"\b({'|'.join(FLOATS)})\b", ty):
                found[inst.name] = ty
    return found


FLOAT_NAMES = "half|bfloat|float|double"
FLOAT_CONSTANT = re.compile(
    rf"\b({FLOAT_NAMES}) (0x[KLMHR]?[0-9A-Fa-f]+|[-+]?\d[\d.]*(?:e[-+]?\d+)?)\b"
    rf"|(<(?:vscale x )?\d+ x (?:{FLOAT_NAMES})>) (zeroinitializer|splat \([^()]*\)|<[^<>]*>)")

# A binary float operation or comparison: its second operand has no type of its own.
BINARY = re.compile(r"= (?:f(?:add|sub|mul|div|rem)|fcmp \w+)(?: \w+)* (<[^<>]*>|\w+) [^,]+, "
                    r"(0x[KLMHR]?[0-9A-Fa-f]+|[-+]?\d[\d.]*(?:e[-+]?\d+)?|zeroinitializer"
                    r"|splat \([^()]*\)|<[^<>]*>)$")


def _sources(line: str, source: str, counter: list[int]) -> tuple[list[str], str]:
    """(loads, line): every float constant operand of ``line`` (scalar or
    vector, not an element of a vector constant) replaced by a load through
    ``source``."""
    loads, pieces, last = [], [], 0
    for match in FLOAT_CONSTANT.finditer(line):
        if line.count("<", 0, match.start()) != line.count(">", 0, match.start()):
            continue                       # inside a vector constant or type
        ty = match.group(1) or match.group(3)
        counter[0] += 1
        value, address = f"%stress.src{counter[0]}", f"%stress.srcp{counter[0]}"
        loads += [f"  {address} = getelementptr i8, ptr {source}, i64 {256 * counter[0]}",
                  f"  {value} = load {ty}, ptr {address}"]
        pieces += [line[last:match.start()], f"{ty} {value}"]
        last = match.end()
    line = "".join(pieces) + line[last:]
    binary = BINARY.search(line)
    if binary:                             # the untyped second operand
        counter[0] += 1
        value, address = f"%stress.src{counter[0]}", f"%stress.srcp{counter[0]}"
        loads += [f"  {address} = getelementptr i8, ptr {source}, i64 {256 * counter[0]}",
                  f"  {value} = load {binary.group(1)}, ptr {address}"]
        line = line[:binary.start(2)] + value
    return loads, line


def with_active_floats(text: str, seed: int) -> str:
    """``text`` with the float code of ``@autogen_SD<seed>`` made active: every
    float constant operand is loaded from its own offset of the first
    pointer parameter instead (except in phis), and every float value is
    stored at its own offset of the last one right after its definition
    (after the block's last phi, for a phi).  Distinct offsets keep LLVM from
    forwarding stores to loads and deleting overwritten stores."""
    name = f"autogen_SD{seed}"
    _, params = signature(text, name)
    pointers = [n for ty, n in params if ty == "ptr"]
    source, sink = pointers[0], pointers[-1]
    values = float_values(text, name)
    out, pending, inside, counter = [], [], False, [0, 0]
    for line in text.splitlines():
        if line.startswith("define") and f"@{name}(" in line:
            inside = True
        elif inside and line.startswith("}"):
            inside = False
        match = DEFINITION.match(line) if inside else None
        is_phi = match is not None and match.group(2) == "phi"
        if inside and line.startswith("  ") and not is_phi:
            out += pending
            pending = []
            loads, line = _sources(line, source, counter)
            out += loads
        out.append(line)
        if match and match.group(1) in values:
            counter[1] += 1
            address = f"%stress.sink{counter[1]}"
            (pending if is_phi else out).extend([
                f"  {address} = getelementptr i8, ptr {sink}, i64 {256 * counter[1]}",
                f"  store {values[match.group(1)]} %{match.group(1)}, ptr {address}"])
    return "\n".join(out) + "\n"


def make(text: str, seed: int, variant: str) -> str:
    """The text of one variant of an llvm-stress module."""
    if variant == "pass":
        return text
    mode, _, sinks = variant.partition("-")
    return with_caller(with_active_floats(text, seed) if sinks else text, seed, mode)

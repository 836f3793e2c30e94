"""A request of the Python API as LLVM IR: an entry point calling Enzyme.

For each request — (function, entry point, annotations, return activity,
width) — we write a small function ``void @enzyme_opt.api.entryN(ptr %io)``
into the user's module.  It loads the primal values and shadows from the
slots of ``io`` (``signature.py``), calls the Enzyme entry point the C
ABI way with metadata markers (``metadata !"enzyme_dup"``, docs/abi.md),
and stores what comes back into the slots that follow.  The whole compiler
then lowers it like any C harness.

``inputs`` and ``outputs`` list, in slot order, what each slot holds; the
Python side (``calls.py``) packs and unpacks by the same lists, so the two
sides cannot disagree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from enzyme_opt.api import annotations as A
from enzyme_opt.api.signature import EntryText, Layout, Scalar, global_ref, scalars
from enzyme_opt.ir import types as T

#: The Enzyme entry point each kind of request calls (None: a plain call).
ENTRY_POINTS = {"primal": None, "fwddiff": "__enzyme_fwddiff", "autodiff": "__enzyme_autodiff",
                "augmentfwd": "__enzyme_augmentfwd", "reverse": "__enzyme_reverse",
                "hvp": "__enzyme_fwddiff"}

POINTER = Scalar(T.ptr, "ptr", "Q", "Q", 64)


@dataclass(frozen=True)
class Signature:
    """What the API knows of a function: its LLVM name, parameter and
    return layouts (``None``: void), and per pointer parameter whether it
    is only read (``readonly``) and which NumPy dtype its memory holds
    (from type analysis; ``None`` when unknown)."""

    name: str
    params: tuple[Layout, ...]
    ret: Layout | None
    readonly: tuple[bool, ...]
    dtypes: tuple[str | None, ...]
    calling_convention: str = ""


@dataclass(frozen=True)
class Request:
    """One compiled entry point, and the cache key of its compilation."""

    function: str
    entry: str                       # a key of ENTRY_POINTS
    args: tuple[type, ...]           # the annotation class of each parameter
    ret: type = A.Const              # the return activity
    width: int = 1
    return_primal: bool = False
    seeded: bool = False             # reverse: the differential return is passed


@dataclass(frozen=True)
class Slot:
    """What one input or output holds.  ``role``: "primal", "shadow",
    "seed", "tape", "grad", "hvp" (inputs); "tape", "primal", "tangent",
    "derivative" (outputs).  ``index``: the parameter; ``lane``: the batch lane."""

    role: str
    layout: Layout
    index: int | None = None
    lane: int = 0


def inputs(request: Request, sig: Signature) -> list[Slot]:
    out: list[Slot] = []
    for index, (layout, annotation) in enumerate(zip(sig.params, request.args)):
        out.append(Slot("primal", layout, index))
        if issubclass(annotation, A.SHADOWED):
            out += [Slot("shadow", layout, index, lane) for lane in range(request.width)]
    if request.seeded:
        out += [Slot("seed", sig.ret, None, lane) for lane in range(request.width)]
    if request.entry == "reverse":
        out.append(Slot("tape", POINTER))
    if request.entry == "hvp":
        out += [Slot("grad", POINTER), Slot("hvp", POINTER)]
    return out


def outputs(request: Request, sig: Signature) -> list[Slot]:
    """What the entry point's Enzyme call returns, in Enzyme's order."""
    entry, ret, width = request.entry, sig.ret, request.width
    out: list[Slot] = []
    if entry == "augmentfwd":
        out.append(Slot("tape", POINTER))
    returns_primal = ret is not None and (
        entry == "primal" or (entry in ("fwddiff", "autodiff", "augmentfwd")
                              and request.return_primal))
    if returns_primal:
        out.append(Slot("primal", ret))
    if entry == "fwddiff" and issubclass(request.ret, (A.Duplicated, A.BatchDuplicated)):
        out += [Slot("tangent", ret, None, lane) for lane in range(width)]
    if entry in ("autodiff", "reverse"):
        for index, (layout, annotation) in enumerate(zip(sig.params, request.args)):
            if annotation is A.Active:
                out += [Slot("derivative", layout, index, lane) for lane in range(width)]
    return out


def entry_text(request: Request, sig: Signature, name: str) -> str:
    """The LLVM text of the entry point ``name`` (and the declarations and
    helper it needs), to append to the user's module."""
    entry = EntryText(name)
    slots = inputs(request, sig)
    values = [entry.load(slot.layout) for slot in slots]
    results = outputs(request, sig)
    leaves = [leaf for slot in results for leaf in scalars(slot.layout)]
    declared = _declared_type(leaves)
    extra = ""
    if request.entry == "primal":
        args = ", ".join(f"{layout.llvm} {value}" for layout, value in zip(sig.params, values))
        cc = f"{sig.calling_convention} " if sig.calling_convention else ""
        ret = sig.ret.llvm if sig.ret is not None else "void"
        if sig.ret is None:
            entry.emit(f"call {cc}void {global_ref(sig.name)}({args})")
            return entry.text()
        result = entry.fresh()
        entry.emit(f"{result} = call {cc}{ret} {global_ref(sig.name)}({args})")
        entry.store(sig.ret, result)
        return entry.text()
    callee = f"{ENTRY_POINTS[request.entry]}.api.{name}"
    target = sig.name
    if request.entry == "hvp":
        target = f"{name}.gradient"
        extra = _gradient_shim(request, sig, target, f"__enzyme_autodiff.api.{name}")
    operands = [f"ptr {global_ref(target)}"] + _flags(request, sig)
    operands += _arguments(request, slots, values)
    call = f"call {declared} (ptr, ...) {global_ref(callee)}({', '.join(operands)})"
    if declared == "void":
        entry.emit(call)
    else:
        result = entry.fresh()
        entry.emit(f"{result} = {call}")
        if len(leaves) == 1:
            entry.store(leaves[0], result)
        else:
            for i, leaf in enumerate(leaves):
                item = entry.fresh()
                entry.emit(f"{item} = extractvalue {declared} {result}, {i}")
                entry.store(leaf, item)
    declaration = f"declare {declared} {global_ref(callee)}(ptr, ...)\n"
    return entry.text() + extra + declaration


def _declared_type(leaves: list[Scalar]) -> str:
    """Leaves are declared flat (``{ double, double, double }``): enzyme-opt
    rebuilds the derivative's own type into any type with the same scalars."""
    if not leaves:
        return "void"
    if len(leaves) == 1:
        return str(leaves[0].llvm)
    return "{ " + ", ".join(str(leaf.llvm) for leaf in leaves) + " }"


def _flags(request: Request, sig: Signature) -> list[str]:
    flags = []
    if request.width > 1:
        flags += ['metadata !"enzyme_width"', f"i64 {request.width}"]
    if sig.ret is not None:
        if request.ret is A.Const and request.entry != "hvp":
            flags.append('metadata !"enzyme_const_return"')
        if request.return_primal and request.entry in ("fwddiff", "autodiff"):
            flags.append('metadata !"enzyme_primal_return"')
        if request.entry == "augmentfwd" and not request.return_primal:
            flags.append('metadata !"enzyme_noret"')
    return flags


def _arguments(request: Request, slots: list[Slot], values: list[str]) -> list[str]:
    """Each parameter's marker, primal and shadows, then the seeds, the
    tape (reverse) or the gradient and its tangent (hvp)."""
    operands = []
    for slot, value in zip(slots, values):
        if slot.role == "primal":
            operands.append(f'metadata !"{A.MARKER[request.args[slot.index]]}"')
        if slot.role == "grad":
            operands.append('metadata !"enzyme_dup"')
        operands.append(f"{slot.layout.llvm} {value}")
    return operands


def _gradient_shim(request: Request, sig: Signature, name: str, callee: str) -> str:
    """``void name(params…, ptr %dx)``: the gradient of ``f`` with respect to
    its duplicated parameter, added into ``dx`` — what the entry point of a
    Hessian-vector product differentiates in forward mode."""
    params, operands = [], [f"ptr {global_ref(sig.name)}"]
    for index, (layout, annotation) in enumerate(zip(sig.params, request.args)):
        params.append(f"{layout.llvm} %p{index}")
        operands += [f'metadata !"{A.MARKER[annotation]}"', f"{layout.llvm} %p{index}"]
        if issubclass(annotation, A.SHADOWED):
            operands.append("ptr %dx")
    params.append("ptr %dx")
    return (f"define internal void {global_ref(name)}({', '.join(params)}) {{\n"
            f"  call void (ptr, ...) {global_ref(callee)}({', '.join(operands)})\n"
            f"  ret void\n}}\n"
            f"declare void {global_ref(callee)}(ptr, ...)\n")


_CALLING_CONVENTION = re.compile(r"\b(fastcc|coldcc|tailcc|swiftcc|swifttailcc|cc \d+|"
                                 r"preserve_\w+cc|x86_\w+cc|aarch64_\w+|ghccc|cfguard_checkcc)\b")


def calling_convention(prefix: str) -> str:
    """The calling convention among a function's leading words, else ""."""
    match = _CALLING_CONVENTION.search(prefix)
    return match.group(1) if match else ""

"""What the module's Enzyme calls name: which callees are entry points, the calls of them
(read once), the markers among their operands, and the function their first operand names.

A marker is an operand that stands for an ``enzyme_*`` name: ``metadata !"enzyme_dup"``, a
load, cast or address of a global so named (C's ``extern int enzyme_dup;`` passed by
value), an alloca so named, or a phi of one marker.  ``abi/callsites.py`` decodes a call's
operands with them.
"""

from __future__ import annotations

from enzyme_opt.abi import request as R
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantExpr, MetadataOperand, Value


#: Entry points, found by containment as Enzyme does: a callee is an entry
#: point when its name *contains* one of these strings, so C suffixes
#: (``__enzyme_autodiffFloat``), C++ mangling
#: (``_Z17__enzyme_autodiffIdJPdS0_EET_PvDpT0_``) and CUDA device names all
#: match.  No string here contains another, so at most one can match a
#: well-formed name; a name containing two is refused (``entry_mode``).
ENTRY_POINTS = (
    ("__enzyme_virtualreverse", None),
    ("__enzyme_augmentsize", R.AUGMENT_SIZE),
    ("__enzyme_augmentfwd", R.AUGMENTED),
    ("__enzyme_autodiff", R.REVERSE),
    ("__enzyme_fwddiff", R.FORWARD),
    ("__enzyme_fwdsplit", R.FWDSPLIT),
    ("__enzyme_reverse", R.REVERSE_SPLIT),
    ("__enzyme_batch", R.BATCH),
)

#: Every marker Enzyme knows: what it does to the next argument(s).
MARKERS = {
    "enzyme_const": "activity", "enzyme_dup": "activity", "enzyme_dupnoneed": "activity",
    "enzyme_out": "activity", "enzyme_dupv": "activity", "enzyme_dupnoneedv": "activity",
    "enzyme_width": "value", "enzyme_byref": "value", "enzyme_allocated": "value",
    "enzyme_tape": "value", "enzyme_scalar": "activity", "enzyme_vector": "activity",
    "enzyme_interleave": "flag", "enzyme_not_overwritten": "flag", "enzyme_nofree": "flag",
    "enzyme_noret": "flag", "enzyme_primal_return": "flag", "enzyme_const_return": "flag",
    "enzyme_active_return": "flag", "enzyme_dup_return": "flag",
    "enzyme_runtime_activity": "flag", "enzyme_strong_zero": "flag",
    "enzyme_ffi_forward": "flag", "enzyme_context": "value",
}
#: the markers of ``__enzyme_checkpoint_for``/``_while`` calls (``ad/modes/checkpoint.py``)
SCHEME_MARKER, REGION_MARKER = "enzyme_scheme", "enzyme_checkpoint_region"
#: the markers of ``__enzyme_fixed_point`` calls (``ad/modes/fixed_point.py``)
FIXED_POINT_MARKERS = frozenset({"enzyme_fp_state", "enzyme_fp_reduction",
                                 "enzyme_fp_max_iters", "enzyme_fp_control"})
#: every marker of the loop entry points (checkpointed and fixed-point loops)
CHECKPOINT_MARKERS = frozenset({SCHEME_MARKER, REGION_MARKER}) | FIXED_POINT_MARKERS
ACTIVITY_OF_MARKER = {"enzyme_const": R.CONST, "enzyme_dup": R.DUP, "enzyme_dupv": R.DUP,
                      "enzyme_dupnoneed": R.DUPNONEED, "enzyme_dupnoneedv": R.DUPNONEED,
                      "enzyme_out": R.OUT, "enzyme_scalar": R.CONST,
                      "enzyme_vector": R.VECTOR}
#: Markers Enzyme knows that enzyme-opt refuses (why): using one is an error,
#: never a silently different derivative.
UNSUPPORTED_MARKERS = {
    "enzyme_runtime_activity": "activity is decided statically, at compile time",
    "enzyme_ffi_forward": "it is for Enzyme's foreign-function interface",
    "enzyme_strong_zero": "a zero derivative times an infinite partial is NaN, as in IEEE",
}


def entry_point(name: str) -> str | None:
    """The entry-point string ``name`` contains (``__enzyme_autodiff`` for
    ``_Z17__enzyme_autodiffIdJEET_PvDpT0_``), else None."""
    if "__enzyme_" not in name:
        return None
    found = [entry for entry, _ in ENTRY_POINTS if entry in name]
    if len(found) > 1:
        raise DifferentiationError(f"@{name} names two Enzyme entry points ({found[0]} and "
                                   f"{found[1]}): rename the declaration")
    return found[0] if found else None


def entry_mode(name: str) -> str | None:
    entry = entry_point(name)
    if entry is None:
        return None
    mode = dict(ENTRY_POINTS)[entry]
    return mode if mode is not None else "virtualreverse"


def find_call_sites(module: Module) -> list[I.CallInst]:
    """Every call or invoke of an ``__enzyme_*`` entry point, in module order."""
    callers: set[Function] = set()   # uses parse the bodies that name an entry point
    for entry in [fn for fn in module.functions if entry_mode(fn.name)]:
        callers.update(use.user.function for use in entry.uses
                       if isinstance(use.user, I.Instruction))
    calls = []
    for function in module.functions:
        if function not in callers or entry_mode(function.name):
            continue
        for inst in function.instructions():
            if isinstance(inst, I.CallInst):
                callee = inst.called_function
                if callee is not None and entry_mode(callee.name):
                    calls.append(inst)
    return calls


class EnzymeCalls:
    """The module's ``__enzyme_*`` calls, read once (``find_call_sites``, the one scan of a
    run) and kept current by the stages that change them, each saying so: ``replaced``
    when a stage rewrites a call into others (one call per function chosen at run time;
    the two calls of an ``__enzyme_virtualreverse`` table),
    ``lowered`` when a call became a call of its derivative.  The one stage that creates
    Enzyme calls, before any is lowered, writes the functions of the tables of derivatives
    (``abi/virtual_reverse.py``) and appends their calls to ``calls``; a derivative never
    calls an entry point, and the ``preprocess_`` copies are only made of functions that
    contain none."""

    def __init__(self, module: Module):
        self.calls: list[I.CallInst] = find_call_sites(module)

    def __bool__(self) -> bool:
        return bool(self.calls)

    def __iter__(self):
        return iter(list(self.calls))  # a stage may change the list while it walks it

    def replaced(self, call: I.CallInst, new_calls: list[I.CallInst]) -> None:
        index = self.calls.index(call)
        self.calls[index:index + 1] = new_calls

    def lowered(self, call: I.CallInst) -> None:
        self.calls.remove(call)


def marker_name(value: Value) -> str | None:
    """The ``enzyme_*`` name a marker operand stands for, else None."""
    return _marker_name(value, {})


_IN_PROGRESS = object()


def _marker_name(value: Value, memo: dict[int, object]) -> str | None:
    """marker_name through loads, casts and phis. ``memo`` holds each phi's answer, or
    _IN_PROGRESS while it is being asked: phis of a loop reach one another, and what comes
    back around a cycle says nothing new (a per-call visited set recursed without end)."""
    seen = set()
    while value is not None and id(value) not in seen:
        seen.add(id(value))
        if isinstance(value, MetadataOperand):
            text = value.string
            return text if text is not None and text.startswith("enzyme_") else None
        if isinstance(value, (GlobalVariable,)) or (isinstance(value, I.AllocaInst)):
            return value.name if value.name.startswith("enzyme_") else None
        if isinstance(value, I.LoadInst):
            value = value.pointer
        elif isinstance(value, (I.CastInst,)):
            value = value.operand(0)
        elif isinstance(value, ConstantExpr) and value.opcode in ("bitcast", "ptrtoint", "addrspacecast"):
            value = value.operand(0)
        elif isinstance(value, I.PhiInst):
            return _phi_marker_name(value, memo)
        else:
            return None
    return None


def _phi_marker_name(phi: I.PhiInst, memo: dict[int, object]) -> str | None:
    if id(phi) in memo:
        return memo[id(phi)]
    memo[id(phi)] = _IN_PROGRESS
    names = {_marker_name(v, memo) for v, _ in phi.incoming} - {_IN_PROGRESS}
    memo[id(phi)] = names.pop() if len(names) == 1 else None
    return memo[id(phi)]


def resolve_function(value: Value, where: str) -> Function:
    """The function named by the first argument: directly, through casts,
    through an -O0 local slot written once, or a constant global."""
    seen = set()
    while id(value) not in seen:
        seen.add(id(value))
        if isinstance(value, Function):
            return value
        if isinstance(value, ConstantExpr) and value.opcode in ("bitcast", "addrspacecast"):
            value = value.operand(0)
        elif isinstance(value, I.CastInst) and value.opcode in ("bitcast", "addrspacecast"):
            value = value.operand(0)
        elif isinstance(value, I.LoadInst) and isinstance(value.pointer, GlobalVariable) \
                and value.pointer.is_constant and value.pointer.initializer is not None:
            value = value.pointer.initializer
        elif isinstance(value, I.LoadInst) and isinstance(value.pointer, I.AllocaInst):
            stores = [u.user for u in value.pointer.uses
                      if isinstance(u.user, I.StoreInst) and u.index == 1]
            if len(stores) != 1:
                break
            value = stores[0].value
        else:
            break
    raise DifferentiationError("cannot tell which function the first argument of this "
                               "Enzyme call names (a direct function, a cast of one, or a "
                               "constant global holding one is needed)", where)

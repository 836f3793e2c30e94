"""``--print-requests`` and ``--print-activity``: what enzyme-opt will do,
shown as tables so a user can see how each argument was classified and
why a value is (in)active."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from enzyme_opt.abi import request as R
from enzyme_opt.abi.callsites import decode_call
from enzyme_opt.abi.entries import entry_mode, find_call_sites
from enzyme_opt.ad.pipeline import describe, preprocess_for_report
from enzyme_opt.analysis.activity import useful_values, varied_values
from enzyme_opt.analysis.types import float_types_of_object, underlying_object
from enzyme_opt.driver import load
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.values import Argument
from enzyme_opt.knowledge import declared

MODE_TITLES = {R.FORWARD: "forward", R.REVERSE: "reverse (combined)"}


def print_report(data: bytes, filename: str, requests: bool, activity: bool,
                 console: Console | None = None, vectorize_at_leaf_nodes: bool = False) -> None:
    console = console or Console(width=200)  # wide enough that no column is cut
    _, module = load(data, filename)
    module.vectorize_at_leaf_nodes = vectorize_at_leaf_nodes  # the calls read as they will be
    sites = [decode_call(call, describe(call, module, function=False))  # the title names it
             for call in find_call_sites(module)
             if entry_mode(call.called_function.name) != "virtualreverse"]  # a table, no request
    if not sites:
        console.print(f"{filename}: no __enzyme_* calls asking for a derivative")
        return
    if requests:
        for site in sites:
            title, table = requests_table(site)
            console.print(title, soft_wrap=True)
            console.print(table)
    if activity:
        module, sites = preprocess_for_report(module, filename)
        seen = set()
        for site in sites:
            if site.request in seen:
                continue
            seen.add(site.request)
            title, table = activity_table(site.request)
            console.print(title, soft_wrap=True)
            console.print(table)


def requests_table(site) -> tuple[str, Table]:
    request = site.request
    fn = request.function
    caller = site.call.function.name
    title = (f"{site.entry} in @{caller} ({site.location}) → "
             f"{MODE_TITLES.get(request.mode, request.mode)} of @{fn.name}"
             + (f", width {request.width}" if request.width > 1 else ""))
    table = Table()
    for column in ("#", "parameter", "type", "class", "from", "value", "shadow"):
        table.add_column(column)
    for index, (arg, binding) in enumerate(zip(fn.args, site.bindings), 1):
        source = f"marker {binding.marker}" if binding.marker else "default"
        shadows = ", ".join(s.ref() for s in binding.shadows)
        if binding.stride is not None:
            shadows = f"{shadows} (stride {binding.stride.ref()})"
        table.add_row(str(index), "%" + arg.name if arg.name else f"#{index}", str(arg.type),
                      binding.activity, source, binding.primal.ref(), shadows)
    ret = request.ret
    seed = site.differential_return.ref() if site.differential_return is not None else (
        "1.0 (default seed)" if ret == R.OUT else "")
    table.add_row("ret", "", str(fn.return_type), ret, "", "", seed)
    return title, table


def type_class(value) -> str:
    ty = value.type
    if ty.scalar.is_float:
        return f"float ({ty})"
    if ty.scalar.is_pointer:
        function = value.parent if isinstance(value, Argument) else value.function
        held = float_types_of_object(function, underlying_object(value))
        return "pointer to " + ("/".join(sorted(map(str, held))) if held else "non-float data")
    if ty.scalar.is_int:
        return f"integer ({ty})"
    if isinstance(ty, T.VoidType):
        return "void"
    return str(ty)


def activity_table(request: R.DiffRequest) -> tuple[str, Table]:
    fn = request.function
    active_args = {arg for arg, a in zip(fn.args, request.args) if a != R.CONST}
    varied = varied_values(fn, active_args)
    useful = useful_values(fn, varied) if request.mode == R.REVERSE else varied
    title = f"activity of @{fn.name} ({MODE_TITLES.get(request.mode, request.mode)})"
    table = Table()
    for column in ("value", "type class", "varied", "useful", "active", "instruction", "why"):
        one_line = column == "instruction"  # one row per value, for grep
        table.add_column(column, overflow="ellipsis" if one_line else "fold", no_wrap=one_line,
                         max_width=52 if one_line else None,
                         min_width=38 if column == "why" else None)
    for arg, activity in zip(fn.args, request.args):
        row_active = arg in varied and arg in useful
        table.add_row(arg.ref(), type_class(arg), _yes(arg in varied), _yes(arg in useful),
                      _yes(row_active), f"argument ({activity})", "")
    for inst in fn.instructions():
        if not isinstance(inst, I.CallInst) and not inst.has_result:
            continue
        why = call_note(inst) if isinstance(inst, I.CallInst) else ""
        if not inst.has_result and not why:
            continue
        row_active = inst in varied and inst in useful
        text = inst.format()
        table.add_row(inst.ref() if inst.has_result else "", type_class(inst),
                      _yes(inst in varied), _yes(inst in useful), _yes(row_active),
                      text, why)
    return title, table


def call_note(call: I.CallInst) -> str:
    """What the program's annotations say about a call, for the ``why``
    column: which annotation made it inactive, which rule it uses."""
    fn = call.called_function
    if fn is None:
        return ""
    reason = declared.inactive_reason(fn)
    if reason is not None:
        return f"inactive: {reason}"
    rules = [f"@{f.name}" for mode in (R.FORWARD, R.REVERSE)
             for f in (declared.custom_rule(fn, mode) or ())]
    if rules:
        return "custom rule: " + ", ".join(dict.fromkeys(rules))
    like = declared.math_rule_name(fn)
    return f"differentiated like {like}" if like else ""


def _yes(flag: bool) -> str:
    return "yes" if flag else "-"

"""Enzyme calls in code compiled at ``-O0``: their operands read through the stack.

Enzyme's C++ header ``<enzyme/enzyme>`` builds its ``__enzyme_autodiff`` call out of
tuples: ``enzyme::autodiff(f, enzyme::Active{x}, enzyme::Duplicated{y, dy})`` copies the
marker ``enzyme_out`` (an ``int``), ``x``, ``enzyme_dup`` … into ``enzyme::tuple`` objects
and reads them back as the call's arguments.  clang ``-O0`` keeps every one of those
objects on the stack (and marks the caller ``optnone``), so the call's operands are loads
from stack slots, not loads of ``@enzyme_out``: the markers cannot be told from values,
and an ``int`` parameter could silently receive a marker.  Enzyme reads through them
(its ``simplifyLoad``); here LLVM does the reading: the ``optnone`` callers of an entry
point are simplified (SROA, NewGVN, instcombine: ``llvm.forward_stored_values``) before
their calls are decoded, which turns each forwarded load into the value stored, and they
stay ``optnone`` afterwards.  Simplification preserves what the caller computes; only the
callers of entry points change, and only their stack traffic.
"""

from __future__ import annotations

import re

from enzyme_opt import llvm
from enzyme_opt.abi.entries import EnzymeCalls
from enzyme_opt.ir.module import Function, Module
from enzyme_opt.ir.subset import merge_subset, print_subset


def _words(module: Module, fn: Function) -> list[str]:
    groups = re.findall(r"#(\d+)\b", fn.suffix)
    return " ".join(module.attribute_groups.get(int(g), "") for g in groups).split() + \
        fn.suffix.split()


def read_through_stack(module: Module, calls: EnzymeCalls, filename: str) -> EnzymeCalls:
    """``calls`` after the ``optnone`` callers of entry points were simplified (the
    module's Enzyme calls read again: the callers are new functions), or ``calls`` as
    they are when no caller is ``optnone``."""
    callers = list(dict.fromkeys(call.function for call in calls))
    slow = [fn for fn in callers if fn is not None and "optnone" in _words(module, fn)]
    if not slow:
        return calls
    plain = {}
    for fn in slow:  # LLVM's passes skip optnone functions: the mark comes off meanwhile
        for gid in re.findall(r"#(\d+)\b", fn.suffix):
            words = module.attribute_groups.get(int(gid), "").split()
            if "optnone" in words:
                if gid not in plain:
                    plain[gid] = module.add_attribute_group(
                        " ".join(w for w in words if w != "optnone"))
                fn.suffix = re.sub(rf"#{gid}\b", f"#{plain[gid]}", fn.suffix)
        fn.suffix = re.sub(r"(?<![\w#])optnone\b", "", fn.suffix)
    names = {fn.name for fn in slow}
    text = llvm.forward_stored_values(print_subset(module, slow), names)
    merge_subset(module, text, names, filename)
    optnone = module.add_attribute_group("optnone")
    for name in names:  # beside LLVM's group: before `comdat`, `personality` …
        fn = module.get_function(name)
        fn.suffix = re.sub(r"#\d+\b", lambda m: f"{m.group(0)} #{optnone}", fn.suffix, count=1)
    return EnzymeCalls(module)

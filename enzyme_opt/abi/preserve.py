"""Enzyme's clang-plugin flow: what the program told Enzyme kept out of the optimizer's reach.

Enzyme's clang plugin differentiates *optimized* code: LLVM's ``-O`` pipeline runs, then
Enzyme, then the pipeline again.  Before the first run it protects the functions the
program said something about (a registered derivative, ``__enzyme_function_like``,
``__enzyme_inactivefn``, ``__enzyme_allocation_like``, an ``enzyme_*`` annotation): were
the inliner to copy such a function into its caller, the registered rule would silently
not be used; were ``function-attrs`` to infer that an inactive function returns its
argument, the call's result would be replaced by that argument and the inactivity lost.

``enzyme-opt -O<n>`` does the same (``driver``): ``protect`` marks those functions
``noinline optnone`` through an attribute group of their own and keeps the registration
globals alive (``llvm.compiler.used``), the pipeline runs, ``release`` takes the group
off again, and the optimized module is differentiated.

In the plain flow (clang's optimized output into enzyme-opt) that loss has already
happened when enzyme-opt sees the IR; ``warn_lost_annotations`` says so in one line.
"""

from __future__ import annotations

import re

from enzyme_opt.abi.annotations import registered_values, string_constant, strip_casts
from enzyme_opt.diagnostics import warn
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantAggregate
from enzyme_opt.knowledge.calls import MATH, callee_kind
from enzyme_opt.knowledge.declared import (allocator, has_custom_rule, inactive_reason,
                                           math_rule_name)

#: what keeps a function as it is through the pipeline
PROTECTION = "noinline optnone"
#: attributes LLVM's verifier refuses beside ``noinline optnone``
_INCOMPATIBLE = ("alwaysinline", "minsize", "optsize")
_USED = "llvm.compiler.used"


def protect(module: Module) -> None:
    """Mark every function the program told Enzyme about ``noinline optnone``, and keep
    its registration globals through the pipeline's dead-global elimination."""
    group = module.add_attribute_group(PROTECTION)
    registrations = [g for g in module.globals
                     if "__enzyme_" in g.name and g.initializer is not None]
    if registrations:
        _keep(module, registrations)
    for fn in _told_about(module, registrations):
        words = " ".join(module.attribute_groups.get(gid, "") for gid in _groups(fn))
        if fn.is_declaration or any(w in words.split() for w in _INCOMPATIBLE) \
                or "optnone" in words.split():
            continue
        fn.add_attribute_group_ref(group)


def release(module: Module) -> None:
    """Take the protection off every function (the derivatives and the second run
    of the pipeline may inline them again)."""
    groups = [gid for gid, text in module.attribute_groups.items() if text == PROTECTION]
    for fn in module.functions:
        for gid in groups:
            fn.suffix = re.sub(rf"\s*#{gid}\b", "", fn.suffix)


PLUGIN_FLOW = ("run the clang-plugin flow, which keeps it: clang -O2 -Xclang "
               "-disable-llvm-passes -S -emit-llvm … | enzyme-opt -O2 (docs/pipeline.md)")


def warn_lost_annotations(module: Module, filename: str) -> None:
    """After ``apply_annotations``: a function with a registered rule or an annotation
    that no call is left to use (the optimizer inlined it before enzyme-opt ran: the
    rule is silently not used), or an inactive function one of whose parameters is
    ``returned`` (its callers use the argument instead of the result: the inactivity
    is lost).  One warning line each."""
    for fn in module.functions:
        if fn.is_declaration:
            continue
        said = ("a registered derivative" if has_custom_rule(fn) else
                "an inactivity annotation" if inactive_reason(fn) else
                "__enzyme_function_like" if math_rule_name(fn) else
                "__enzyme_allocation_like" if allocator(fn) else None)
        if said is None:
            continue
        if not any(isinstance(u, I.CallInst) and u.callee is fn for u in fn.users):
            warn(f"@{fn.name} has {said}, but no call of it is left (the optimizer inlined "
                 f"or removed its calls before enzyme-opt ran), so it is not used; {PLUGIN_FLOW}", filename)
        elif inactive_reason(fn) and any("returned" in a.attrs.split() for a in fn.args):
            warn(f"@{fn.name} is inactive, but the optimizer marked it as returning its "
                 f"argument and its callers use that argument instead of its result, so "
                 f"the inactivity is lost; {PLUGIN_FLOW}", filename)


def _told_about(module: Module, registrations: list[GlobalVariable]) -> list[Function]:
    """The functions named in a registration global or in an ``enzyme_*`` annotation,
    and the defined ones enzyme-opt has a math rule for (libdevice's ``__nv_sin``
    linked in: inlined, it would leave intrinsics without a rule)."""
    found: dict[Function, None] = {fn: None for fn in module.functions if not fn.is_declaration
                                   and (callee_kind(fn) == MATH or inactive_reason(fn))}
    for g in registrations:
        for value in registered_values(g):
            if isinstance(value, Function):
                found[value] = None
    table = module.get("llvm.global.annotations")
    if isinstance(table, GlobalVariable) and table.initializer is not None:
        for entry in table.initializer.operands:
            operands = getattr(entry, "operands", [])
            if len(operands) >= 2 and "enzyme_" in (string_constant(operands[1]) or ""):
                target = strip_casts(operands[0])
                if isinstance(target, Function):
                    found[target] = None
    return list(found)


def _keep(module: Module, values: list[GlobalVariable]) -> None:
    """Add ``values`` to ``@llvm.compiler.used``, made if missing."""
    used = module.get(_USED)
    old = list(used.initializer.operands) if isinstance(used, GlobalVariable) and \
        used.initializer is not None else []
    new = old + [v for v in values if v not in old]
    ty = T.ArrayType(len(new), T.ptr)
    if isinstance(used, GlobalVariable):
        used.initializer.drop_operands()
        used.value_type = ty
        used.set_operand(0, ConstantAggregate(ty, new))
        return
    used = GlobalVariable(_USED, ty, ConstantAggregate(ty, new), prefix="appending",
                          suffix=', section "llvm.metadata"')
    module.add(used)


def _groups(fn: Function) -> list[int]:
    return [int(g) for g in re.findall(r"#(\d+)\b", fn.suffix)]

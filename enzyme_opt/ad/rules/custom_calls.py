"""Calling the program's own derivative rules (``__enzyme_register_*``,
``!enzyme_augment``…), with Enzyme's conventions:

- **forward** ``fwd(x₁, ẋ₁, …) → {y, ẏ}`` (void for a void function):
  every float or pointer argument is followed by its tangent;
- **augmented forward pass** ``aug(x₁, [x̄₁], …) → {tape, y, [ȳ]}`` (the tape
  alone for a void function): every pointer argument is followed by its
  shadow; the shadow return comes last when the result is a duplicated
  pointer; the tape may have any type.  One returning ``void`` keeps no tape
  (the gradient then takes none) and, for a function returning a number,
  gives no result either: the function itself computes it, which only a
  function writing no memory but its own may (Enzyme's ``invsqrt.c``);
- **gradient** ``grad(x₁, [x̄₁], …, [dy], tape) → {x̄ of each float argument}``
  (one float bare, none: void).

Arguments that are constant at the call site get a zero tangent and a
null shadow pointer, and their returned adjoints are dropped, as Enzyme
does.  A rule returning a C struct may come back in another IR shape
(``<2 x float>``, or through an ``sret`` pointer): anything that flattens
to the same scalars is accepted.  A signature that matches nothing is an
error naming both.
"""

from __future__ import annotations

from enzyme_opt.ad.utils import coerce
from enzyme_opt.demangle import user_name
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function
from enzyme_opt.ir.text.parser import sret_type
from enzyme_opt.ir.types import scalar_leaves, shadow_type
from enzyme_opt.ir.values import Value

REGISTRATION = {"forward derivative": "__enzyme_register_derivative",
                "augmented forward pass": "__enzyme_register_gradient",
                "gradient": "__enzyme_register_gradient"}


def has_tangent(ty: T.Type) -> bool:
    """Does a forward rule take a tangent for a parameter of this type?"""
    return ty.scalar.is_pointer or T.contains_float(ty)


def float_params(fn: Function) -> list[int]:
    """Positions of the parameters a gradient rule returns adjoints for."""
    return [i for i, a in enumerate(fn.args) if T.contains_float(a.type) and not a.type.is_pointer]


def forward_rule_type(fn: Function, width: int) -> T.FunctionType:
    params = []
    for arg in fn.args:
        params.append(arg.type)
        if has_tangent(arg.type):
            params.append(shadow_type(arg.type, width))
    ret = fn.return_type
    out = T.void if ret == T.void else T.StructType((ret, shadow_type(ret, width)))
    return T.FunctionType(out, tuple(params))


def augment_params(fn: Function) -> tuple[T.Type, ...]:
    params = []
    for arg in fn.args:
        params.append(arg.type)
        if arg.type.is_pointer:
            params.append(arg.type)
    return tuple(params)


def rule_signature(rule: Function) -> tuple[T.Type, tuple[T.Type, ...]]:
    """(what it returns, its parameters), a C ``sret`` result read as returned."""
    params = rule.function_type.params
    if _sret_type(rule) is not None:
        return _sret_type(rule), params[1:]
    return rule.return_type, params


def check_forward_rule(rule: Function, fn: Function, width: int, where: str) -> None:
    expected = forward_rule_type(fn, width)
    ret, params = rule_signature(rule)
    if params != expected.params or not _same_scalars(ret, expected.ret):
        raise _mismatch(rule, fn, "forward derivative", expected, where,
                        "each float or pointer argument followed by its tangent"
                        + (f" ([{width} x T] at width {width})" if width > 1 else "")
                        + "; returns {primal, tangent}")


def check_augment_rule(rule: Function, fn: Function, shadow_return: bool, where: str) -> T.Type:
    """The tape type of a valid augmented forward pass."""
    ret, params = rule_signature(rule)
    primal = fn.return_type
    tail = () if primal == T.void else (primal, primal) if shadow_return else (primal,)
    tape = T.void if ret == T.void and not shadow_return and not primal.is_pointer \
        else _tape_type(ret, tail)
    if params != augment_params(fn) or tape is None:
        shown = T.StructType(("<tape>",) if not tail else ("<tape>", *tail)) if tail else "<tape>"
        raise _mismatch(rule, fn, "augmented forward pass", f"{shown} ({_types(augment_params(fn))})",
                        where, "each pointer argument followed by its shadow; returns the tape"
                        + (", the primal result" if tail else "")
                        + (" and its shadow" if shadow_return else ""))
    return tape


def check_gradient_rule(rule: Function, fn: Function, tape: T.Type, where: str) -> None:
    ret, params = rule_signature(rule)
    floats = [fn.args[i].type for i in float_params(fn)]
    seed = (fn.return_type,) if T.contains_float(fn.return_type) and \
        not fn.return_type.is_pointer else ()
    expected_params = (*augment_params(fn), *seed, *(() if tape == T.void else (tape,)))
    expected_ret = T.void if not floats else T.StructType(tuple(floats))
    ok_ret = ret == T.void if not floats else _same_scalars(ret, expected_ret)
    if params != expected_params or not ok_ret:
        raise _mismatch(rule, fn, "gradient", T.FunctionType(expected_ret, expected_params), where,
                        "the augmented pass's arguments, the differential return, then the "
                        "tape; returns the adjoints of the float arguments")


def call_rule(b: Builder, rule: Function, args: list[Value], want: T.Type, name: str = "") -> Value:
    """Call ``rule`` and give its result as type ``want`` (an sret result
    is loaded, a C struct reshaped)."""
    sret = _sret_type(rule)
    if sret is not None:
        slot = b.alloca(sret, f"{rule.name}.result")
        b.call(rule, [slot, *args])
        result = b.load(sret, slot, name)
    else:
        result = b.call(rule, args, name)
    if want == T.void or result.type == want:
        return result
    if isinstance(want, T.StructType) and isinstance(result.type, T.StructType) \
            and len(want.elements) == len(result.type.elements) and \
            result.type.elements[0] == want.elements[0]:
        return result
    shaped = coerce(b, result, want)
    return shaped if shaped is not None else result


def augmented_result_type(rule: Function) -> T.Type:
    return rule_signature(rule)[0]


def no_rule_message(fn: Function, mode_words: str) -> str:
    return (f"@{user_name(fn.name)} has a custom derivative but none for {mode_words}, and its body is "
            f"not in this module")


def _tape_type(ret: T.Type, tail: tuple) -> T.Type | None:
    if not tail:
        return ret if ret != T.void else None
    if not isinstance(ret, T.StructType) or len(ret.elements) != 1 + len(tail):
        return None
    if not all(_same_scalars(a, b) for a, b in zip(ret.elements[1:], tail)):
        return None
    return ret.elements[0]


def _same_scalars(actual: T.Type, expected: T.Type) -> bool:
    return actual == expected or (actual != T.void and expected != T.void and
                                  scalar_leaves(actual) == scalar_leaves(expected))


def _sret_type(rule: Function) -> T.Type | None:
    return sret_type(rule.args[0].attrs, rule.module) if rule.args else None


def _types(types) -> str:
    return ", ".join(str(t) for t in types)


def _mismatch(rule: Function, fn: Function, role: str, expected, where: str,
              convention: str) -> DifferentiationError:
    ret, params = rule_signature(rule)
    name = user_name(fn.name)
    return DifferentiationError(
        f"the {role} @{rule.name} registered for @{name} has the signature "
        f"{ret} ({_types(params)}), but a call of @{name} ({fn.function_type}) needs "
        f"{expected} ({convention})", where)

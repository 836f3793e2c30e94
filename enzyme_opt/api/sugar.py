"""Enzyme.jl's convenience functions: ``gradient``, ``jacobian``, ``hvp``.

Each is a loop around ``autodiff`` with shadows it allocates, as in
Enzyme.jl (``src/sugar.jl``), adapted to C signatures:

- ``gradient(mode, f, x, args…)``: ``f`` returns one float.  Arrays are
  differentiated (pointer parameters), floats too; ``Const(…)`` arguments
  and integers are not (their entry is ``None``).
- ``jacobian(mode, f, x, args…, n_outs=…)``: ``f`` returns a struct of
  floats, or — a mutating ``f!(y, x, …)`` returning void — writes its
  output through its *first* parameter, which the caller does not pass:
  ``n_outs`` (an int or a shape) says how big ``y`` is.  The Jacobian has
  shape ``(*n_outs, *x.shape)``.
- Forward mode computes ``chunk`` directions per call (vector mode,
  ``enzyme_width``); reverse-mode Jacobians ``chunk`` rows per call
  (batched reverse mode).  ``chunk`` defaults to ``min(n, 8)``.
- ``hvp(f, x, v, args…)``: the Hessian-vector product by forward over
  reverse (``__enzyme_fwddiff`` of a function calling ``__enzyme_autodiff``).

With a mode that returns the primal (``ReverseWithPrimal``,
``ForwardWithPrimal``) the result is ``DerivsAndVal(derivs, val)``, Julia's
``(derivs = …, val = …)``.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from enzyme_opt.api import annotations as A
from enzyme_opt.api.arguments import address, describe
from enzyme_opt.api.autodiff import differentiate, target_function
from enzyme_opt.api.errors import AnnotationError
from enzyme_opt.api.plans import Plan
from enzyme_opt.api.signature import Aggregate, category, unflatten
from enzyme_opt.api.wrappers import Request

DerivsAndVal = namedtuple("DerivsAndVal", "derivs val")
DEFAULT_CHUNK = 8


def gradient(mode, f, *args, chunk: int | None = None):
    """The gradient of a float-valued ``f`` with respect to each argument
    that is not ``Const`` (arrays: an array of the same shape; floats: a
    float; ``None`` for constants and integers)."""
    mode = A.check_mode(mode, split=False)
    function = target_function(f)
    sig = function.signature
    _check_arity(sig, len(args), 0)
    if category(sig.ret) != "float":
        raise AnnotationError(f"gradient needs a function returning one float; @{sig.name} "
                              f"returns {sig.ret.llvm if sig.ret else 'void'} (use jacobian)")
    kinds = [_kind(sig, i, a) for i, a in enumerate(args)]
    if mode.direction == "reverse":
        annotated = [_reverse_annotation(kind, arg) for kind, arg in zip(kinds, args)]
        result = differentiate(mode, function, A.Active, annotated)
        derivs = tuple(_gradient_of(kind, a, d) for kind, a, d in zip(kinds, annotated, result[0]))
        return DerivsAndVal(derivs, result[1]) if mode.return_primal else derivs
    derivs, primal = [], None
    for index, kind in enumerate(kinds):
        if kind == "const":
            derivs.append(None)
            continue
        column, primal = _forward_columns(mode, function, args, kinds, index, None, chunk)
        derivs.append(float(column[0, 0]) if kind == "float"
                      else column.reshape(np.shape(args[index])))
    if mode.return_primal and primal is None:
        primal = function(*_plain(args))
    derivs = tuple(derivs)
    return DerivsAndVal(derivs, primal) if mode.return_primal else derivs


def jacobian(mode, f, *args, n_outs=None, chunk: int | None = None):
    """The Jacobian of ``f`` with respect to each non-``Const`` argument:
    arrays of shape ``(*n_outs, *x.shape)``, in a tuple (``None`` for
    constants).  See the module docstring for which functions qualify."""
    mode = A.check_mode(mode, split=False)
    function = target_function(f)
    sig = function.signature
    if sig.ret is not None and not isinstance(sig.ret, Aggregate):
        return gradient(mode, function, *args, chunk=chunk)
    _check_arity(sig, len(args), 1 if sig.ret is None else 0)
    outputs = _outputs(sig, n_outs)
    offset = 1 if sig.ret is None else 0
    kinds = ["out"] * offset + [_kind(sig, i + offset, a) for i, a in enumerate(args)]
    full = ([np.zeros(outputs, dtype=sig.dtypes[0] or np.float64)] if offset else []) + list(args)
    m = int(np.prod(outputs))
    derivs, primal = [], None
    for index in range(offset, len(full)):
        kind = kinds[index]
        if kind == "const":
            derivs.append(None)
            continue
        n = int(np.size(full[index]))
        if mode.direction == "forward":
            columns, primal = _forward_columns(mode, function, full, kinds, index, outputs, chunk)
            block = columns.reshape(m, n)
        else:
            block, primal = _reverse_rows(mode, function, full, kinds, index, m, chunk)
        derivs.append(block.reshape(*outputs, *np.shape(full[index])))
    if mode.return_primal and primal is None:
        primal = _primal_outputs(function, full, offset)
    derivs = tuple(derivs)
    return DerivsAndVal(derivs, primal) if mode.return_primal else derivs


def hvp(f, x, v, *args):
    """H(x)·v for a float-valued ``f(x, args…)``: ``x`` an array, the other
    arguments constants (plain or ``Const``)."""
    return hvp_and_gradient(f, x, v, *args)[0]


def hvp_and_gradient(f, x, v, *args):
    """``(H(x)·v, ∇f(x))`` from one forward-over-reverse call."""
    function = target_function(f)
    sig = function.signature
    full = [x, *args]
    _check_arity(sig, len(full), 0)
    if category(sig.ret) != "float":
        raise AnnotationError(f"hvp needs a function returning one float; @{sig.name} returns "
                              f"{sig.ret.llvm if sig.ret else 'void'}")
    if category(sig.params[0]) != "ptr" or not isinstance(x, np.ndarray):
        raise AnnotationError(f"hvp differentiates its first argument, an array: "
                              f"{describe(sig, 0)} got {type(x).__name__}")
    annotated = [A.Duplicated(x, v)] + [_const(a) for a in args]
    key = ("hvp", tuple(map(type, annotated)))
    plan = function.plans.get(key)
    if plan is None:
        request = Request(sig.name, "hvp", tuple(map(type, annotated)), A.Active)
        [entry] = function.module.entries(sig, [request])
        plan = Plan(function, request, entry, A.Forward)
        function.plans[key] = plan
    grad, result = np.zeros_like(x), np.zeros_like(x)
    plan.run(annotated, {"grad": address(grad), "hvp": address(result)})
    return result, grad


# -- helpers ---------------------------------------------------------------------------


def _kind(sig, index: int, arg) -> str:
    """How a convenience function treats an argument: "const" (``Const``,
    integers), "array" (a pointer parameter) or "float"."""
    if isinstance(arg, A.Const):
        return "const"
    if isinstance(arg, A.Annotation):
        raise AnnotationError(f"{describe(sig, index)}: {type(arg).__name__}: gradient and "
                              f"jacobian annotate arguments themselves; only Const(…) is taken")
    kind = category(sig.params[index])
    if kind == "ptr":
        if not isinstance(arg, np.ndarray):
            raise AnnotationError(f"{describe(sig, index)} is a pointer: pass a NumPy array "
                                  f"(or Const(…)), got {type(arg).__name__}")
        return "array"
    if kind == "aggregate":
        raise AnnotationError(f"{describe(sig, index)} is a struct passed by value: pass it as "
                              f"Const(…); gradient and jacobian differentiate arrays and floats")
    return {"float": "float", "int": "const"}[kind]


def _const(arg):
    return arg if isinstance(arg, A.Const) else A.Const(arg)


def _plain(args) -> list:
    return [a.val if isinstance(a, A.Annotation) else a for a in args]


def _check_arity(sig, count: int, hidden: int) -> None:
    if count + hidden != len(sig.params):
        extra = " after the output array y, which jacobian allocates" if hidden else ""
        hint = (" (n_outs is a keyword: jacobian(mode, f, x, n_outs=m))"
                if hidden and count == len(sig.params) else "")
        raise AnnotationError(f"@{sig.name} takes {len(sig.params) - hidden} arguments{extra}, "
                              f"got {count}{hint}")


def _reverse_annotation(kind: str, arg):
    if kind == "const":
        return _const(arg)
    if kind == "array":
        return A.Duplicated(arg, np.zeros_like(arg))
    return A.Active(arg)


def _gradient_of(kind: str, annotated, derivative):
    if kind == "array":
        return annotated.dval
    return derivative if kind == "float" else None


def _outputs(sig, n_outs) -> tuple:
    """The output shape: from the returned struct, or ``n_outs`` for ``f!(y, x)``."""
    if sig.ret is not None:
        leaves = sig.ret.leaves
        if n_outs is not None and int(np.prod(n_outs)) != leaves:
            raise AnnotationError(f"n_outs={n_outs}, but @{sig.name} returns {leaves} values")
        return (leaves,) if n_outs is None else tuple(np.atleast_1d(n_outs))
    if n_outs is None:
        raise AnnotationError(f"@{sig.name} returns nothing: jacobian treats its first "
                              f"parameter as the output y (f!(y, x)); give n_outs=len(y)")
    if category(sig.params[0]) != "ptr":
        raise AnnotationError(f"@{sig.name} returns nothing and its first parameter is not a "
                              f"pointer: there is no output to differentiate")
    return tuple(int(n) for n in np.atleast_1d(n_outs))


def _chunk(chunk: int | None, n: int) -> int:
    if chunk is None:
        return max(1, min(n, DEFAULT_CHUNK))
    if int(chunk) < 1:
        raise ValueError(f"chunk must be at least 1, got {chunk}")
    return int(chunk)


def _forward_columns(mode, function, args, kinds, index: int, outputs, chunk):
    """Forward mode along each unit direction of ``args[index]``, ``width``
    directions per call.  Returns (columns as an (m, n) array, primal): m
    outputs (``outputs``: their shape; None for a float result)."""
    x = args[index]
    is_float = kinds[index] == "float"
    n = 1 if is_float else x.size
    width = 1 if is_float else _chunk(chunk, n)
    m = int(np.prod(outputs)) if outputs is not None else 1
    columns = np.zeros((m, n))
    lanes = [np.zeros_like(x) for _ in range(width)] if not is_float else None
    out_lanes = ([np.zeros(outputs, dtype=args[0].dtype) for _ in range(width)]
                 if kinds[0] == "out" else None)
    primal = None
    for start in range(0, n, width):
        annotated = []
        for i, (kind, arg) in enumerate(zip(kinds, args)):
            if i == index:
                annotated.append(A.Duplicated(arg, 1.0) if is_float
                                 else _lanes(arg, lanes, start, one_hot=True))
            elif kind == "out":
                for lane in out_lanes:
                    lane.fill(0)
                annotated.append(_shadowed(arg, out_lanes))
            else:
                annotated.append(_const(arg))
        ret = A.Const if function.signature.ret is None else None
        result = differentiate(mode, function, ret, annotated)
        count = min(width, n - start)
        for lane in range(count):
            if out_lanes is not None:
                columns[:, start + lane] = out_lanes[lane].ravel()
            else:
                tangent = result[0] if width == 1 else result[0][lane]
                columns[:, start + lane] = _flat(tangent)
        if mode.return_primal:
            primal = _primal_of(function, result, args, kinds)
    return columns, primal


def _reverse_rows(mode, function, args, kinds, index: int, m: int, chunk):
    """Reverse mode seeded with each unit output, ``width`` rows per call
    (batched reverse).  Returns (rows as an (m, n) array, primal)."""
    x = args[index]
    sig = function.signature
    is_float = kinds[index] == "float"
    n = 1 if is_float else x.size
    # lanes need a batched argument: a float x of a struct-valued f has none
    width = 1 if is_float and kinds[0] != "out" else _chunk(chunk, m)
    rows = np.zeros((m, n))
    lanes = [np.zeros_like(x) for _ in range(width)] if not is_float else None
    seed_lanes = ([np.zeros_like(args[0]) for _ in range(width)] if kinds[0] == "out" else None)
    primal = None
    for start in range(0, m, width):
        annotated, seeds = [], None
        for i, (kind, arg) in enumerate(zip(kinds, args)):
            if i == index:
                annotated.append(A.Active(arg) if is_float else _lanes(arg, lanes, start, False))
            elif kind == "out":
                for lane, seed in enumerate(seed_lanes):
                    seed.fill(0)
                    if start + lane < m:
                        seed.flat[start + lane] = 1.0
                annotated.append(_shadowed(arg, seed_lanes))
            else:
                annotated.append(_const(arg))
        ret = A.Const
        if sig.ret is not None:
            ret = A.Active
            seeds = [unflatten(sig.ret, [1.0 if k == start + lane else 0.0 for k in range(m)])[0]
                     for lane in range(width)]
        result = differentiate(mode, function, ret, annotated, seeds=seeds)
        for lane in range(min(width, m - start)):
            if is_float:
                derivative = result[0][index]
                rows[start + lane] = derivative if width == 1 else derivative[lane]
            else:
                rows[start + lane] = lanes[lane].ravel()
        if mode.return_primal:
            primal = _primal_of(function, result, args, kinds)
    return rows, primal


def _lanes(x, lanes, start: int, one_hot: bool):
    """``x`` with its ``width`` shadows: zero, or the unit vectors
    ``e_start …`` (forward directions)."""
    for lane, shadow in enumerate(lanes):
        shadow.fill(0)
        if one_hot and start + lane < x.size:
            shadow.flat[start + lane] = 1.0
    return _shadowed(x, lanes)


def _shadowed(x, lanes):
    return A.Duplicated(x, lanes[0]) if len(lanes) == 1 else A.BatchDuplicated(x, tuple(lanes))


def _flat(value) -> list:
    if isinstance(value, tuple):
        return [leaf for item in value for leaf in _flat(item)]
    return [value]


def _primal_of(function, result, args, kinds):
    """The primal result of a call returning it: the value, or for
    ``f!(y, x)`` a copy of y."""
    if kinds[0] == "out":
        return args[0].copy()
    return result[1] if len(result) > 1 else result[0]


def _primal_outputs(function, args, offset: int):
    plain = _plain(args)
    value = function(*plain)
    return plain[0].copy() if offset else value

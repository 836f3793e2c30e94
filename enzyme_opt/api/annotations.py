"""Enzyme.jl's activity annotations and modes, and which go where.

The names, fields and meanings are Enzyme.jl's (``Const(x)``, ``Active(x)``,
``Duplicated(x, dx)`` …, modes ``Forward`` … ``ReverseSplitNoPrimal``), so
code and habits carry over from Julia.  The rules saying which annotation a
parameter or a return may take are tables, keyed by direction and by the
parameter's category (``signature.category``): "float", "aggregate", "ptr",
"int", "void".
"""

from __future__ import annotations

from dataclasses import dataclass

from enzyme_opt.api.errors import AnnotationError


class Annotation:
    """Base of the argument wrappers; ``val`` is the primal value."""

    __slots__ = ("val",)

    def __init__(self, val):
        self.val = val

    def __repr__(self) -> str:
        fields = ", ".join(repr(getattr(self, name)) for name in _fields(type(self)))
        return f"{type(self).__name__}({fields})"


class Const(Annotation):
    """``Const(x)``: ``x`` is not differentiated."""

    __slots__ = ()


class Active(Annotation):
    """``Active(x)``: a scalar (or a struct of scalars) whose derivative
    reverse mode *returns*.  Not allowed in forward mode."""

    __slots__ = ()


class Duplicated(Annotation):
    """``Duplicated(x, dx)``: ``dx`` is ``x``'s shadow.  Forward mode reads
    the tangent from it (and writes the tangents of memory ``f`` writes);
    reverse mode *adds* the gradient into it."""

    __slots__ = ("dval",)

    def __init__(self, val, dval):
        super().__init__(val)
        self.dval = dval


class DuplicatedNoNeed(Duplicated):
    """``DuplicatedNoNeed(x, dx)``: like ``Duplicated``; the primal result
    is not needed (enzyme-opt computes it anyway)."""

    __slots__ = ()


class BatchDuplicated(Annotation):
    """``BatchDuplicated(x, (dx1, …, dxW))``: W shadows at once (vector
    mode, ``enzyme_width``)."""

    __slots__ = ("dval",)

    def __init__(self, val, dval):
        super().__init__(val)
        if not isinstance(dval, (tuple, list)) or not dval:
            raise AnnotationError(f"BatchDuplicated needs a non-empty tuple of shadows, got "
                                  f"{type(dval).__name__}")
        self.dval = tuple(dval)


class BatchDuplicatedNoNeed(BatchDuplicated):
    """``BatchDuplicatedNoNeed(x, (dx1, …))``: batched ``DuplicatedNoNeed``."""

    __slots__ = ()


def _fields(cls) -> tuple[str, ...]:
    return ("val", "dval") if issubclass(cls, (Duplicated, BatchDuplicated)) else ("val",)


#: The C ABI marker of each annotation (docs/abi.md).
MARKER = {Const: "enzyme_const", Active: "enzyme_out", Duplicated: "enzyme_dup",
          DuplicatedNoNeed: "enzyme_dupnoneed", BatchDuplicated: "enzyme_dup",
          BatchDuplicatedNoNeed: "enzyme_dupnoneed"}

SHADOWED = (Duplicated, DuplicatedNoNeed, BatchDuplicated, BatchDuplicatedNoNeed)
BATCHED = (BatchDuplicated, BatchDuplicatedNoNeed)


def width_of(annotation) -> int:
    return len(annotation.dval) if isinstance(annotation, BatchDuplicated) else 1


# -- modes ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Mode:
    """A differentiation mode: ``direction`` "forward" or "reverse";
    ``split``: reverse mode as two thunks (``autodiff_thunk``);
    ``return_primal``: the primal result is returned too."""

    name: str
    direction: str
    return_primal: bool
    split: bool = False

    def __repr__(self) -> str:
        return self.name


Forward = Mode("Forward", "forward", False)
ForwardWithPrimal = Mode("ForwardWithPrimal", "forward", True)
Reverse = Mode("Reverse", "reverse", False)
ReverseWithPrimal = Mode("ReverseWithPrimal", "reverse", True)
ReverseSplitWithPrimal = Mode("ReverseSplitWithPrimal", "reverse", True, split=True)
ReverseSplitNoPrimal = Mode("ReverseSplitNoPrimal", "reverse", False, split=True)


def check_mode(mode, *, split: bool | None = None, direction: str | None = None) -> Mode:
    if not isinstance(mode, Mode):
        raise AnnotationError(f"the first argument must be a mode (Forward, Reverse, …), got "
                              f"{type(mode).__name__} {mode!r}")
    if split is not None and mode.split != split:
        raise AnnotationError(
            f"{mode.name} is a split mode: use autodiff_thunk" if mode.split else
            f"autodiff_thunk with reverse mode needs ReverseSplitWithPrimal or "
            f"ReverseSplitNoPrimal, got {mode.name}")
    if direction is not None and mode.direction != direction:
        raise AnnotationError(f"this needs a {direction} mode, got {mode.name}")
    return mode


# -- which annotation goes where ------------------------------------------------------

_ALL_SHADOWED = frozenset(SHADOWED)

#: Annotations each parameter category takes, per direction.
ARGUMENT_RULES = {
    ("forward", "float"): frozenset({Const}) | _ALL_SHADOWED,
    ("forward", "aggregate"): frozenset({Const}) | _ALL_SHADOWED,
    ("forward", "ptr"): frozenset({Const}) | _ALL_SHADOWED,
    ("forward", "int"): frozenset({Const}),
    ("reverse", "float"): frozenset({Const, Active}),
    ("reverse", "aggregate"): frozenset({Const}),   # enzyme-opt: 'enzyme_out' takes scalars
    ("reverse", "ptr"): frozenset({Const}) | _ALL_SHADOWED,
    ("reverse", "int"): frozenset({Const}),
}

#: Why an annotation is refused, by (annotation, direction, category); None
#: matches any.  The first matching row is the message.
ARGUMENT_REFUSALS = (
    (Active, "forward", None, "Active arguments are not allowed in forward mode: pass "
                              "Duplicated(x, dx) with the tangent dx"),
    (Active, None, "ptr", "Active needs a scalar, but the parameter is a pointer: pass "
                          "Duplicated(array, shadow) (the gradient is added into the shadow)"),
    (Active, "reverse", "aggregate", "a struct passed by value cannot be Active: enzyme-opt's "
                                     "reverse mode returns derivatives of floating-point scalars "
                                     "only ('enzyme_out'); pass its fields separately"),
    (None, "reverse", "aggregate", "in reverse mode a struct passed by value is Const"),
    (None, "reverse", "float", "in reverse mode a scalar parameter is Active(x) (its derivative "
                               "is returned) or Const(x); shadows are for arrays"),
    (None, None, "int", "integers have no derivative: pass Const(n) (or the plain number)"),
)

#: Return activities each return category takes, per direction.
RETURN_RULES = {
    ("forward", "float"): frozenset({Const, Duplicated, BatchDuplicated}),
    ("reverse", "float"): frozenset({Const, Active}),
    ("forward", "aggregate"): frozenset({Const, Duplicated, BatchDuplicated}),
    ("reverse", "aggregate"): frozenset({Const, Active}),
}

RETURN_REFUSALS = (
    (Active, "forward", None, "Active returns are not allowed in forward mode: use Duplicated "
                              "(its tangent is returned) or Const"),
    (DuplicatedNoNeed, "forward", None,
     "DuplicatedNoNeed as the return activity no longer drops the primal (as in Enzyme.jl): "
     "use Forward or ForwardWithPrimal with Duplicated"),
    (BatchDuplicatedNoNeed, "forward", None,
     "BatchDuplicatedNoNeed as the return activity: use BatchDuplicated"),
    (Duplicated, "reverse", None, "Duplicated returns are not handled in reverse mode "
                                  "(as in Enzyme.jl): use Active or Const"),
    (BatchDuplicated, "reverse", None, "BatchDuplicated returns are not handled in reverse mode: "
                                       "use Active or Const"),
    (None, None, "void", "the function returns nothing: the return activity is Const"),
    (None, None, "ptr", "the function returns a pointer, which the Python API passes through "
                        "as a Const address"),
    (None, None, "int", "the function returns an integer, which has no derivative: use Const"),
)


def _refusal(table, annotation, direction, category) -> str:
    for cls, dire, cat, message in table:
        if (cls is None or issubclass(annotation, cls)) and dire in (None, direction) \
                and cat in (None, category):
            return message
    return f"{annotation.__name__} is not allowed here"


def check_argument(annotation: type, direction: str, category: str, what: str) -> None:
    """Raise ``AnnotationError`` naming ``what`` unless ``annotation`` fits."""
    if annotation not in ARGUMENT_RULES[(direction, category)]:
        raise AnnotationError(f"{what}: {annotation.__name__}: "
                              f"{_refusal(ARGUMENT_REFUSALS, annotation, direction, category)}")


def check_return(annotation: type, direction: str, category: str, function: str) -> None:
    allowed = RETURN_RULES.get((direction, category), frozenset({Const}))
    if annotation not in allowed:
        raise AnnotationError(f"return activity {annotation.__name__} for @{function}: "
                              f"{_refusal(RETURN_REFUSALS, annotation, direction, category)}")


def guess_return(direction: str, category: str, width: int) -> type:
    """Enzyme.jl's ``guess_activity``: a floating result is differentiated."""
    if category not in ("float", "aggregate"):
        return Const
    if direction == "reverse":
        return Active
    return BatchDuplicated if width > 1 else Duplicated


def is_annotation_type(value) -> bool:
    return isinstance(value, type) and issubclass(value, Annotation)

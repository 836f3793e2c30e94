"""``autodiff`` and ``autodiff_thunk``, with Enzyme.jl's return conventions.

==========================  ==================================================
call                        returns
==========================  ==================================================
``Forward``                 ``(tangent,)``; ``()`` with a ``Const`` return
``ForwardWithPrimal``       ``(tangent, primal)``; ``(primal,)`` with ``Const``
``Reverse``                 ``(derivs,)``: per argument, the derivative of an
                            ``Active`` one, ``None`` for the others (their
                            gradients are added into the shadows)
``ReverseWithPrimal``       ``(derivs, primal)``
split ``forward(args…)``    ``(tape, primal or None, None)``
split ``reverse(args…,``    ``(derivs,)``; ``dret`` only when the return is
``[dret,] tape)``           ``Active``
==========================  ==================================================

A batched call (``BatchDuplicated``, width W) gives a W-tuple wherever one
value stood.  Each kind of call is prepared once (``Plan``): annotations
checked, the entry point compiled; then a call costs the argument checks, a
``struct`` pack and the native code.
"""

from __future__ import annotations

from enzyme_opt.api import annotations as A
from enzyme_opt.api.arguments import check_annotations, check_count, describe
from enzyme_opt.api.errors import AnnotationError, TapeError
from enzyme_opt.api.module import Function
from enzyme_opt.api.plans import Plan
from enzyme_opt.api.signature import Aggregate, category
from enzyme_opt.api.wrappers import Request

_BATCHED = frozenset(A.BATCHED)


def autodiff(mode, f, *args):
    """``autodiff(mode, f, [ReturnActivity,] args…)`` as in Enzyme.jl: ``f``
    a function of a loaded module (or ``Const(f)``), each argument
    annotated.  Without a return activity it is guessed: a floating result
    is ``Active`` (reverse) or ``Duplicated`` (forward), anything else
    ``Const``."""
    mode = A.check_mode(mode, split=False)
    function = target_function(f)
    ret, args = split_return_activity(args)
    return differentiate(mode, function, ret, args)


def differentiate(mode: A.Mode, function: Function, ret, args, seeds=None):
    """``autodiff`` on a checked mode and function; ``seeds``: the
    differential return, one per lane (reverse mode; else 1.0)."""
    classes = tuple(map(type, args))
    key = (mode, ret, classes, seeds is not None)
    if not _BATCHED.isdisjoint(classes):  # the width is part of the kind of call
        key += tuple(len(a.dval) for a in args if isinstance(a, A.BatchDuplicated))
    plan = function.plans.get(key)
    if plan is None:
        plan = _prepare(mode, function, ret, args, seeds is not None)
        function.plans[key] = plan
    if seeds is not None and len(seeds) != plan.request.width:
        raise AnnotationError(f"{len(seeds)} differential returns for a call of width "
                              f"{plan.request.width}")
    parts = plan.run(args, {"seed": seeds} if seeds is not None else None)
    if mode.direction == "forward":
        return _forward_result(plan, parts)
    return _reverse_result(plan, parts)


def _prepare(mode: A.Mode, function: Function, ret, args, seeded: bool) -> Plan:
    sig = function.signature
    width = check_annotations(sig, mode.direction, args)
    ret = resolve_return(mode, sig, ret, width)
    if mode.direction == "reverse" and ret is A.Active and isinstance(sig.ret, Aggregate) \
            and not seeded:
        raise AnnotationError(f"return activity Active for @{sig.name}: it returns {sig.ret.llvm}, "
                              f"and autodiff seeds only scalar results; use jacobian, or "
                              f"autodiff_thunk whose reverse takes the differential return")
    entry = "fwddiff" if mode.direction == "forward" else "autodiff"
    request = Request(sig.name, entry, tuple(map(type, args)), ret, width,
                      mode.return_primal, seeded)
    [compiled] = function.module.entries(sig, [request])
    return Plan(function, request, compiled, mode)


def resolve_return(mode: A.Mode, sig, ret, width: int) -> type:
    """The return activity: given (checked against the result's type) or guessed."""
    kind = category(sig.ret)
    if ret is None:
        ret = A.guess_return(mode.direction, kind, width)
    if not A.is_annotation_type(ret):
        raise AnnotationError(f"the return activity must be an annotation type (Active, Const, "
                              f"Duplicated, …), got {ret!r}")
    A.check_return(ret, mode.direction, kind, sig.name)
    if ret is A.Duplicated and width > 1:
        ret = A.BatchDuplicated  # as Enzyme.jl does for batched arguments
    return ret


def _forward_result(plan: Plan, parts: dict) -> tuple:
    ret = plan.request.ret
    shadowed = issubclass(ret, (A.Duplicated, A.BatchDuplicated))
    primal = parts["primal"]
    if not shadowed:
        return (primal,) if plan.mode.return_primal else ()
    tangents = parts["tangent"]
    tangent = tuple(tangents) if issubclass(ret, A.BatchDuplicated) else tangents[0]
    return (tangent, primal) if plan.mode.return_primal else (tangent,)


def _reverse_result(plan: Plan, parts: dict) -> tuple:
    derivs = _derivatives(plan, parts)
    return (derivs, parts["primal"]) if plan.mode.return_primal else (derivs,)


def _derivatives(plan: Plan, parts: dict) -> tuple:
    batched = plan.request.width > 1
    found = parts["derivative"]
    return tuple((tuple(found[i]) if batched else found[i][0]) if i in found else None
                 for i in range(len(plan.request.args)))


def target_function(f) -> Function:
    if isinstance(f, A.Const):
        f = f.val
    if not isinstance(f, Function):
        raise AnnotationError(f"the function to differentiate must come from a loaded module "
                              f"(enzyme_opt.load(...)['f']), got {type(f).__name__}")
    return f


def split_return_activity(args) -> tuple:
    if args and A.is_annotation_type(args[0]):
        return args[0], args[1:]
    return None, args


# -- thunks ------------------------------------------------------------------------------


def autodiff_thunk(mode, f, ret, *arg_types, width: int = 1):
    """Enzyme.jl's ``autodiff_thunk``.  Split reverse modes give
    ``(forward, reverse)``: ``forward(args…)`` runs ``f`` and returns
    ``(tape, primal, shadow)``; ``reverse(args…, [dret,] tape)`` returns
    ``(derivs,)``.  Forward modes give one function, ``forward(args…)``,
    returning what ``autodiff`` would.  ``arg_types``: the annotation class
    of each argument; ``width``: the batch size for ``BatchDuplicated``."""
    mode = A.check_mode(mode)
    function = target_function(f)
    sig = function.signature
    if mode.direction == "reverse" and not mode.split:
        raise AnnotationError(f"autodiff_thunk in reverse mode needs ReverseSplitWithPrimal or "
                              f"ReverseSplitNoPrimal, got {mode.name}")
    check_count(sig, len(arg_types))
    for index, cls in enumerate(arg_types):
        if not A.is_annotation_type(cls):
            raise AnnotationError(f"argument type {index + 1} of autodiff_thunk must be an "
                                  f"annotation type (Const, Active, Duplicated, …), got {cls!r}")
        A.check_argument(cls, mode.direction, category(sig.params[index]), describe(sig, index))
    batched = any(issubclass(c, A.BATCHED) for c in arg_types)
    if batched and width == 1 or width > 1 and not batched:
        raise AnnotationError(f"width={width} with {'' if batched else 'no '}BatchDuplicated "
                              f"argument types: give width=W with W shadows per argument")
    ret = resolve_return(mode, sig, ret, width)
    if not mode.split:
        return ForwardThunk(mode, function, ret, tuple(arg_types), width)
    return SplitPair(mode, function, ret, tuple(arg_types), width).thunks()


class _Thunk:
    def __init__(self, mode, function: Function, ret, arg_types: tuple, width: int):
        self.mode, self.function, self.ret = mode, function, ret
        self.arg_types, self.width = arg_types, width

    def _check(self, args) -> tuple:
        """The arguments, after an optional leading ``Const(f)`` (as Julia
        passes it), checked against the thunk's argument types."""
        if args and isinstance(args[0], A.Const) and args[0].val is self.function:
            args = args[1:]
        check_count(self.function.signature, len(args))
        for index, (arg, cls) in enumerate(zip(args, self.arg_types)):
            if type(arg) is not cls:
                raise AnnotationError(f"argument {index + 1}: the thunk was made for "
                                      f"{cls.__name__}, got {type(arg).__name__}")
            if A.width_of(arg) != self.width and isinstance(arg, A.BatchDuplicated):
                raise AnnotationError(f"argument {index + 1}: {A.width_of(arg)} shadows, the "
                                      f"thunk has width {self.width}")
        return args


class ForwardThunk(_Thunk):
    """``autodiff_thunk(Forward…)``: ``forward(args…)`` is ``autodiff`` with
    the annotations fixed in advance."""

    def __call__(self, *args):
        args = self._check(args)
        return differentiate(self.mode, self.function, self.ret, args)


class Tape:
    """What a split forward pass recorded for its reverse pass.  It belongs
    to the thunk pair that made it and is consumed (freed) by one reverse
    call; a tape never reversed is never freed."""

    __slots__ = ("address", "owner", "consumed")

    def __init__(self, address: int, owner):
        self.address = address
        self.owner = owner
        self.consumed = False

    def __repr__(self) -> str:
        state = "consumed" if self.consumed else "pending"
        return f"<Tape of @{self.owner.function.name} ({state})>"


class SplitPair(_Thunk):
    """The augmented forward pass and the reverse pass of one split request,
    compiled together (the tape's layout is private to that compilation)."""

    def thunks(self) -> tuple:
        sig = self.function.signature
        seeded = self.ret is A.Active
        forward = Request(sig.name, "augmentfwd", self.arg_types, self.ret, self.width,
                          self.mode.return_primal)
        reverse = Request(sig.name, "reverse", self.arg_types, self.ret, self.width, False, seeded)
        entries = self.function.module.entries(sig, [forward, reverse])
        self.forward_plan = Plan(self.function, forward, entries[0], self.mode)
        self.reverse_plan = Plan(self.function, reverse, entries[1], self.mode)
        return SplitForward(self), SplitReverse(self)


class SplitForward:
    """``forward(args…) -> (tape, primal or None, shadow)``."""

    def __init__(self, pair: SplitPair):
        self.pair = pair

    def __call__(self, *args):
        args = self.pair._check(args)
        parts = self.pair.forward_plan.run(args)
        return Tape(parts["tape"], self.pair), parts["primal"], None


class SplitReverse:
    """``reverse(args…, [dret,] tape) -> (derivs,)``: ``dret`` is the
    differential return (W of them, a tuple, for width W) when the return is
    ``Active``."""

    def __init__(self, pair: SplitPair):
        self.pair = pair

    def __call__(self, *args):
        pair = self.pair
        if not args or not isinstance(args[-1], Tape):
            raise TapeError("the last argument of a reverse thunk is the tape its forward "
                            "thunk returned")
        tape, args = args[-1], args[:-1]
        seeds = None
        if pair.ret is A.Active:
            if not args:
                raise AnnotationError("the reverse thunk needs the differential return before "
                                      "the tape")
            dret, args = args[-1], args[:-1]
            seeds = list(dret) if pair.width > 1 else [dret]
            if len(seeds) != pair.width:
                raise AnnotationError(f"the differential return needs {pair.width} values, one "
                                      f"per lane, got {len(seeds)}")
        args = pair._check(args)
        if tape.owner is not pair:
            raise TapeError("this tape comes from another thunk pair: each reverse thunk takes "
                            "the tapes of its own forward thunk")
        if tape.consumed:
            raise TapeError("this tape was already consumed by a reverse pass (each forward "
                            "pass is reversed once)")
        plan = pair.reverse_plan
        packed = plan.packer.pack(args, {"tape": tape.address, "seed": seeds})
        tape.consumed = True  # only once the arguments passed their checks
        return (_derivatives(plan, plan.unpack(plan.entry.call(packed))),)

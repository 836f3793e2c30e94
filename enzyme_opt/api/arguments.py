"""Annotated Python arguments → the slot values of an entry point.

Checked once per kind of call (``check_annotations``: which annotation a
parameter takes) and on every call (``Packer``: numbers are numbers, arrays
are NumPy arrays of the right dtype and shape, C-contiguous, writable where
the code writes, a shadow is not its own primal).  An array is never copied
to fix it: a copy would silently lose what the derivative writes.
"""

from __future__ import annotations

import ctypes

import numpy as np

from enzyme_opt.api import annotations as A
from enzyme_opt.api.errors import AnnotationError, ArrayError
from enzyme_opt.api.signature import category, convert, flatten
from enzyme_opt.api.wrappers import Request, Signature, Slot


def describe(sig: Signature, index: int) -> str:
    return f"argument {index + 1} of @{sig.name} ({sig.params[index].llvm})"


def check_count(sig: Signature, count: int) -> None:
    if count != len(sig.params):
        params = ", ".join(str(p.llvm) for p in sig.params) or "no parameters"
        raise AnnotationError(f"@{sig.name} takes {len(sig.params)} arguments ({params}), "
                              f"got {count}")


def check_annotations(sig: Signature, direction: str, annotations) -> int:
    """Check each annotation class against its parameter; returns the batch
    width (every batched annotation must have the same)."""
    check_count(sig, len(annotations))
    width = 1
    for index, annotation in enumerate(annotations):
        if not isinstance(annotation, A.Annotation):
            raise AnnotationError(f"{describe(sig, index)} is not annotated (got "
                                  f"{type(annotation).__name__}): wrap it in Const(…), "
                                  f"Active(…) or Duplicated(…)")
        A.check_argument(type(annotation), direction, category(sig.params[index]),
                         describe(sig, index))
        lanes = A.width_of(annotation)
        if lanes > 1 or isinstance(annotation, A.BatchDuplicated):
            if width > 1 and lanes != width:
                raise AnnotationError(f"{describe(sig, index)}: {lanes} shadows, but another "
                                      f"batched argument has {width}: all batch sizes must "
                                      f"be equal")
            width = lanes
    return width


def address(array: np.ndarray) -> int:
    """The data pointer of a C-contiguous array (the fast way when possible)."""
    if array.flags.writeable and array.size:
        return ctypes.addressof(ctypes.c_char.from_buffer(array))
    return array.ctypes.data


class Packer:
    """Turns the annotated arguments of one kind of call into slot values,
    following the entry point's input slots (``wrappers.inputs``).

    One small function (a *step*) per slot is made once; a call runs them in
    order.  Error messages are only built when something is wrong."""

    def __init__(self, request: Request, sig: Signature, slots: list[Slot], direction: str):
        self.sig = sig
        self.direction = direction
        self.annotations = request.args
        self.steps = []
        primal_at: dict[int, int] = {}  # parameter -> position of its primal's value
        position = 0
        for slot in slots:
            self.steps.append(_STEPS[slot.role](self, slot, primal_at.get(slot.index)))
            if slot.role == "primal":
                primal_at[slot.index] = position
            position += slot.layout.leaves

    def pack(self, args, extra: dict | None = None) -> list:
        """``args``: one value per parameter (an annotation, or the plain
        value for a primal call); ``extra``: values of the "seed", "tape",
        "grad", "hvp" slots, by role (lists by lane for seeds)."""
        out: list = []
        for step in self.steps:
            step(args, extra, out)
        return out

    # -- one step maker per slot role -----------------------------------------------------

    def _primal(self, slot: Slot, _):
        index, layout = slot.index, slot.layout
        what = lambda: describe(self.sig, index)  # noqa: E731 - built on error only
        if layout.kind == "ptr":
            writes = not self.sig.readonly[index]
            expected = np.dtype(self.sig.dtypes[index]) if self.sig.dtypes[index] else None

            def pointer(args, extra, out):
                value = _value(args[index])
                if value is None:
                    out.append(0)
                    return
                _check_array(value, what, writes)
                if expected is not None and value.dtype != expected:
                    raise ArrayError(f"{what()}: @{self.sig.name} reads it as {expected}, but "
                                     f"the array is {value.dtype}")
                out.append(address(value))
            return pointer
        if layout.kind == "float":
            def number(args, extra, out):
                value = _value(args[index])
                out.append(value if type(value) is float else convert(layout, value, what()))
            return number

        def other(args, extra, out):
            out.extend(flatten(layout, _value(args[index]), what()))
        return other

    def _shadow(self, slot: Slot, primal_at: int):
        index, lane, layout = slot.index, slot.lane, slot.layout

        def what() -> str:
            batched = issubclass(self.annotations[index], A.BatchDuplicated)
            name = f"shadow {lane + 1}" if batched else "the shadow"
            return f"{name} of {describe(self.sig, index)}"

        def shadow_of(arg):
            return arg.dval[lane] if isinstance(arg, A.BatchDuplicated) else arg.dval

        if layout.kind != "ptr":
            def number(args, extra, out):
                out.extend(flatten(layout, shadow_of(args[index]), what()))
            return number
        writes = self.direction == "reverse" or not self.sig.readonly[index]

        def pointer(args, extra, out):
            arg = args[index]
            shadow = shadow_of(arg)
            _check_array(shadow, what, writes)
            if shadow.dtype.kind not in "fc":
                raise ArrayError(f"{what()} has dtype {shadow.dtype}: shadows hold "
                                 f"derivatives, a floating dtype is needed")
            primal = arg.val
            if isinstance(primal, np.ndarray) and (shadow.shape != primal.shape
                                                   or shadow.dtype != primal.dtype):
                raise ArrayError(f"{what()} must have the primal's shape and dtype "
                                 f"{primal.shape} {primal.dtype}, got {shadow.shape} "
                                 f"{shadow.dtype}")
            at = address(shadow)
            if at == out[primal_at] and shadow.size:
                raise ArrayError(f"{what()} is the primal array itself: pass a separate "
                                 f"array (e.g. numpy.zeros_like(x))")
            out.append(at)
        return pointer

    def _extra(self, slot: Slot, _):
        role, lane, layout = slot.role, slot.lane, slot.layout
        if role == "seed":
            def seed(args, extra, out):
                out.extend(flatten(layout, extra["seed"][lane], "the differential return"))
            return seed

        def given(args, extra, out):
            out.append(extra[role])
        return given


def _value(arg):
    return arg.val if isinstance(arg, A.Annotation) else arg


def _check_array(value, what, writes: bool) -> None:
    if not isinstance(value, np.ndarray):
        raise ArrayError(f"{what()} is a pointer: pass a NumPy array, got "
                         f"{type(value).__name__}")
    flags = value.flags
    if not flags.c_contiguous:
        raise ArrayError(f"{what()} is not C-contiguous: pass numpy.ascontiguousarray(x) "
                         f"and read the results from that array")
    if writes and not flags.writeable:
        raise ArrayError(f"{what()} is read-only, but the compiled code may write it")


_STEPS = {"primal": Packer._primal, "shadow": Packer._shadow, "seed": Packer._extra,
          "tape": Packer._extra, "grad": Packer._extra, "hvp": Packer._extra}

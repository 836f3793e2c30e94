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
from enzyme_opt.api.signature import category, flatten
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
    following the entry point's input slots (``wrappers.inputs``)."""

    def __init__(self, request: Request, sig: Signature, slots: list[Slot], direction: str):
        self.sig = sig
        self.direction = direction
        self.slots = slots
        self.request = request

    def pack(self, args, extra: dict | None = None) -> list:
        """``args``: one value per parameter (an annotation, or the plain
        value for a primal call); ``extra``: values of the "seed", "tape",
        "grad", "hvp" slots, by role (lists by lane for seeds)."""
        values: list = []
        for slot in self.slots:
            values += _ROLES[slot.role](self, slot, args, extra)
        return values

    # -- one rule per slot role ---------------------------------------------------------

    def _primal(self, slot: Slot, args, extra) -> list:
        arg = args[slot.index]
        value = arg.val if isinstance(arg, A.Annotation) else arg
        what = describe(self.sig, slot.index)
        if slot.layout.kind == "ptr":
            return [self._pointer(value, slot.index, what)]
        return flatten(slot.layout, value, what)

    def _shadow(self, slot: Slot, args, extra) -> list:
        arg = args[slot.index]
        shadow = arg.dval[slot.lane] if isinstance(arg, A.BatchDuplicated) else arg.dval
        what = f"the shadow of {describe(self.sig, slot.index)}"
        if isinstance(arg, A.BatchDuplicated):
            what = f"shadow {slot.lane + 1} of {describe(self.sig, slot.index)}"
        if slot.layout.kind != "ptr":
            return flatten(slot.layout, shadow, what)
        return [self._shadow_pointer(arg.val, shadow, slot.index, what)]

    def _extra(self, slot: Slot, args, extra) -> list:
        value = extra[slot.role]
        if slot.role == "seed":
            return flatten(slot.layout, value[slot.lane], "the differential return")
        return [value]

    # -- arrays ---------------------------------------------------------------------------

    def _pointer(self, value, index: int, what: str) -> int:
        if value is None:
            return 0
        self._check_array(value, index, what, writes=not self.sig.readonly[index])
        expected = self.sig.dtypes[index]
        if expected is not None and value.dtype != np.dtype(expected):
            raise ArrayError(f"{what}: @{self.sig.name} reads it as {expected}, but the array "
                             f"is {value.dtype}")
        return address(value)

    def _shadow_pointer(self, primal, shadow, index: int, what: str) -> int:
        writes = self.direction == "reverse" or not self.sig.readonly[index]
        self._check_array(shadow, index, what, writes)
        if not np.issubdtype(shadow.dtype, np.inexact):
            raise ArrayError(f"{what} has dtype {shadow.dtype}: shadows hold derivatives, "
                             f"a floating dtype is needed")
        if isinstance(primal, np.ndarray):
            if shadow.shape != primal.shape or shadow.dtype != primal.dtype:
                raise ArrayError(f"{what} must have the primal's shape and dtype "
                                 f"{primal.shape} {primal.dtype}, got {shadow.shape} "
                                 f"{shadow.dtype}")
            if shadow.size and address(shadow) == address(primal):
                raise ArrayError(f"{what} is the primal array itself: pass a separate array "
                                 f"(e.g. numpy.zeros_like(x))")
        return address(shadow)

    @staticmethod
    def _check_array(value, index: int, what: str, writes: bool) -> None:
        if not isinstance(value, np.ndarray):
            raise ArrayError(f"{what} is a pointer: pass a NumPy array, got "
                             f"{type(value).__name__}")
        if not value.flags.c_contiguous:
            raise ArrayError(f"{what} is not C-contiguous: pass numpy.ascontiguousarray(x) "
                             f"and read the results from that array")
        if writes and not value.flags.writeable:
            raise ArrayError(f"{what} is read-only, but the compiled code may write it")


_ROLES = {"primal": Packer._primal, "shadow": Packer._shadow, "seed": Packer._extra,
          "tape": Packer._extra, "grad": Packer._extra, "hvp": Packer._extra}

"""What is asked for: a derivative request, the cache key of generation."""

from __future__ import annotations

from dataclasses import dataclass, field

from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import Function
from enzyme_opt.ir.values import Value
# the modes live in knowledge/modes.py (the program's own rules, below the ABI, are keyed by
# them too); requests name them as R.FORWARD …
from enzyme_opt.knowledge.modes import (AUGMENT_SIZE, AUGMENTED, BATCH, FORWARD,  # noqa: F401
                                        FWDSPLIT, REVERSE, REVERSE_MODES, REVERSE_SPLIT,
                                        SPLIT_MODES)

#: Argument activities.
CONST, DUP, DUPNONEED, OUT = "const", "dup", "dupnoneed", "out"
VECTOR = "vector"              # __enzyme_batch: one value per lane


@dataclass(frozen=True)
class DiffRequest:
    """Everything that decides the generated function: equal requests share
    one derivative (the memo key), so recursion terminates."""

    function: Function
    mode: str
    width: int
    args: tuple[str, ...]          # activity of each parameter
    ret: str                       # CONST / DUP / OUT ("none" for void)
    return_primal: bool = False    # also return the primal result
    #: reverse mode: which primal memory is unchanged between the two sweeps, so that
    #: the reverse may re-read loads from it: True, every argument's and global's;
    #: a frozenset, what the call tree writes (arguments, globals: the reverse re-reads
    #: what cannot overlap them, ``analysis.memory``); False, none
    reread_memory: bool | frozenset = False
    #: the set of shadows of globals the derivative and its call tree use: "" the plain
    #: one, else the handle of an ``__enzyme_context`` (``knowledge/global_shadows.py``)
    context: str = ""
    #: -enzyme-vectorize-at-leaf-nodes (forward mode at width > 1): each shadow is one
    #: pointer to memory holding every lane (``ad/modes/forward_leaf.py``)
    leaf_layout: bool = False

    def _key(self) -> tuple:
        return (self.mode, self.width, self.args, self.ret, self.return_primal,
                self.reread_memory, self.context, self.leaf_layout)

    def __hash__(self) -> int:
        return hash((id(self.function), self._key()))

    def __eq__(self, other) -> bool:
        return (isinstance(other, DiffRequest) and self.function is other.function
                and self._key() == other._key())


@dataclass(eq=False)
class ArgBinding:
    """How one parameter is fed at a call site: the primal operand and, for
    duplicated arguments, one shadow operand per lane."""

    activity: str
    primal: Value
    shadows: list[Value] = field(default_factory=list)
    marker: str | None = None       # the marker that set the activity, if any
    stride: Value | None = None     # enzyme_dupv: bytes between lanes
    byref: bool = False             # enzyme_byref: ``primal`` points to the value
    #: the target's ``sret`` parameter (Enzyme's layout, ``callsites.Decoder.decode_sret``):
    #: (the result's type, the element of the call's own ``sret`` memory that the first
    #: shadow is, or None when the shadows are operands); ``primal`` None: a new slot
    sret: tuple | None = None


@dataclass(eq=False)
class CallSite:
    """A decoded ``__enzyme_*`` call."""

    call: object                     # the CallInst / InvokeInst
    entry: str                       # the entry point's name
    request: DiffRequest
    bindings: list[ArgBinding]
    differential_return: Value | None = None
    differential_return_byref: bool = False   # enzyme_byref: it points to the value
    location: str = ""
    flags: frozenset = frozenset()   # call-wide markers (enzyme_nofree, enzyme_noret …)
    tape: Value | None = None        # __enzyme_reverse: the tape argument
    tape_memory: Value | None = None  # enzyme_tape: where the tape is kept
    allocated: int | None = None     # enzyme_allocated: bytes at tape_memory
    result_in_sret: bool = False     # the derivative itself writes the call's sret memory


#: Enzyme's option for one shadow holding every lane (``ad/modes/forward_leaf.py``)
LEAF_OPTION = "-enzyme-vectorize-at-leaf-nodes"


def leaf_shadow_type(ty: T.Type, width: int) -> T.Type | None:
    """The one shadow of a ``ty`` argument or result: the pointer itself, or
    ``<W x T>`` for a float; None where the layout has no answer."""
    if isinstance(ty, T.PointerType):
        return ty
    if isinstance(ty, T.FloatType):
        return T.VectorType(width, ty)
    return None


def leaf_width_problem(width: int) -> str | None:
    """Why ``enzyme_width W`` cannot use the layout, or None."""
    if width & (width - 1):
        return (f"{LEAF_OPTION} at enzyme_width {width} is not supported: Enzyme's "
                f"<{width} x double> groups are padded to a power of two while its memcpy scales by {width}, so "
                f"the layout is not one (use a power-of-two width)")
    return None

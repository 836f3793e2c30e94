"""What a call is, for differentiation: the callee tables and one
classification (``call_kind``) that every mode and analysis dispatches on.

Kinds:
``COPY``/``FILL`` memcpy/memmove and memset intrinsics (shadow memory follows);
``ALLOCATE``/``FREE`` allocation functions (shadow allocations);
``INACTIVE`` calls that never carry derivatives (I/O, hints, integer intrinsics);
``MATH`` elementwise math with a rule (``math_names.MATH_NAMES``);
``SHUFFLE`` a GPU warp shuffle with rules (``ad/parallel/shuffles.py``);
``CUSTOM`` a function with a custom derivative rule (``knowledge/declared.py``);
``TAPE`` a helper of the tape of a derivative (``enzyme_opt.tape.*``): differentiating
a derivative again mirrors its tape onto a shadow tape instead of differentiating
the helper's bookkeeping;
``DEFINED`` a function whose body is in the module (differentiated recursively);
``EXTERNAL`` a declaration with no rule; ``OPAQUE`` inline asm or a call through a pointer.
"""

from __future__ import annotations

import re
import weakref

from enzyme_opt.knowledge import declared, openmp
from enzyme_opt.knowledge.declared import Allocation
from enzyme_opt.knowledge.math_names import math_name_of
from enzyme_opt.targets import INACTIVE_PREFIXES as GPU_INACTIVE_PREFIXES
from enzyme_opt.targets.nvptx import is_libdevice_inside, shuffle_mode

COPY, FILL, ALLOCATE, FREE, INACTIVE, MATH, CUSTOM, TAPE, DEFINED, EXTERNAL, OPAQUE, SHUFFLE = (
    "copy", "fill", "allocate", "free", "inactive", "math", "custom", "tape", "defined",
    "external", "opaque", "shuffle")
TAPE_HELPER_PREFIX = "enzyme_opt.tape."

#: allocator → its size argument (None: zeroed memory) and how its memory is freed
ALLOCATIONS = {
    "malloc": Allocation(0, "free"),
    "calloc": Allocation(None, "free"),
    "realloc": Allocation(1, "free"),
    "aligned_alloc": Allocation(1, "free"),
    "_Znwm": Allocation(0, "_ZdlPv"),                                  # operator new
    "_Znam": Allocation(0, "_ZdaPv"),                                  # operator new[]
    "_ZnwmSt11align_val_t": Allocation(0, "_ZdlPvSt11align_val_t", (-1, 1)),
    "mmap": Allocation(None, "munmap", (-1, 1)),
}
#: deallocator → which argument is the memory freed
DEALLOCATIONS = {"free": 0, "_ZdlPv": 0, "_ZdaPv": 0, "_ZdlPvm": 0, "_ZdaPvm": 0, "munmap": 0,
                 "_ZdlPvSt11align_val_t": 0}

#: Calls that never carry derivatives: kept in the primal, nothing else.
INACTIVE_CALLEES = frozenset({
    "printf", "fprintf", "sprintf", "snprintf", "puts", "putchar", "fputs", "fputc", "fflush",
    "fwrite", "perror", "abort", "exit", "madvise", "rand", "srand", "time", "clock", "getenv",
    "__assert_fail", "llvm.assume", "llvm.lifetime.start", "llvm.lifetime.end",
    "llvm.dbg.value", "llvm.dbg.declare", "llvm.dbg.assign", "llvm.dbg.label",
    "llvm.experimental.noalias.scope.decl", "llvm.invariant.start", "llvm.invariant.end",
    "llvm.stacksave", "llvm.stackrestore", "llvm.prefetch", "llvm.donothing",
    "llvm.var.annotation", "llvm.ptr.annotation", "llvm.annotation", "llvm.trap",
    "llvm.debugtrap", "llvm.sideeffect", "llvm.pseudoprobe", "llvm.expect",
    "llvm.is.constant", "llvm.objectsize", "llvm.umax", "llvm.umin", "llvm.smax", "llvm.smin",
    "llvm.abs", "llvm.ctpop", "llvm.ctlz", "llvm.cttz", "llvm.bswap", "llvm.bitreverse",
    "llvm.fshl", "llvm.fshr", "llvm.uadd.with.overflow", "llvm.sadd.with.overflow",
    "llvm.umul.with.overflow", "llvm.smul.with.overflow", "llvm.usub.with.overflow",
    "llvm.ssub.with.overflow", "llvm.is.fpclass", "llvm.vector.reduce.add",
    "llvm.vector.reduce.mul", "llvm.vector.reduce.and", "llvm.vector.reduce.or",
    "llvm.vector.reduce.smax", "llvm.vector.reduce.umax", "llvm.vector.reduce.smin",
    "llvm.vector.reduce.umin",
})
#: ... C++ stream output (std::ostream's operator<< members and the free
#: std::operator<<, the helpers they inline into, std::endl/std::flush), as
#: Enzyme treats them: they write characters, never floats the program reads
#: back, and return the stream ...
CXX_OUTPUT_PREFIXES = ("_ZNSolsE", "_ZStlsI", "_ZNSo9_M_insert", "_ZSt16__ostream_insert",
                       "_ZNSo3put", "_ZNSo5write", "_ZNSo5flush", "_ZSt4endlI", "_ZSt5flushI")
#: ... and GPU thread queries, barriers and fences (``targets/``)
_INACTIVE_PREFIXES = ("llvm.lifetime.", "llvm.dbg.", *CXX_OUTPUT_PREFIXES, *GPU_INACTIVE_PREFIXES)

_OVERFLOW_INTRINSIC = re.compile(r"llvm\.(u|s)(add|sub|mul)\.with\.overflow")


def is_inactive_callee(name: str) -> bool:
    return name in INACTIVE_CALLEES or name.startswith(_INACTIVE_PREFIXES) or \
        bool(_OVERFLOW_INTRINSIC.match(name)) or openmp.is_inactive(name) or \
        _INTEGER_OVERLOAD.sub("", name) in INACTIVE_CALLEES


#: the type suffixes of an intrinsic overloaded on integer types (``llvm.smin.i32``,
#: ``llvm.vector.reduce.add.v4i32``): the table names the intrinsic without them
_INTEGER_OVERLOAD = re.compile(r"(\.(?:v|nxv)?\d*i\d+)+$")


def call_kind(call) -> str:
    """The kind of ``call`` (see the module docstring): its callee's."""
    fn = call.called_function
    return OPAQUE if fn is None else callee_kind(fn)


#: function → (what its kind was computed from, the kind): asked for every call the AD
#: visits, of the same few callees
_KINDS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def callee_kind(fn) -> str:
    """The kind of a direct call of ``fn``.  What the program says about the
    callee (inactive, custom rule, function-like) comes first: it overrides
    what the callee's name would say."""
    # All it depends on: attribute groups and metadata nodes are added, never edited.
    key = (fn.name, fn.prefix, fn.suffix, fn.is_declaration)
    known = _KINDS.get(fn)
    if known is None or known[0] != key:
        known = (key, _callee_kind(fn))
        _KINDS[fn] = known
    return known[1]


def _callee_kind(fn) -> str:
    # Every annotation read below is an "enzyme..." string attribute: most callees have
    # none, and this is asked for every call the AD visits, so look once.
    annotated = any(key.startswith("enzyme") for key in fn.string_attributes())
    if annotated and declared.inactive_reason(fn) is not None:
        return INACTIVE
    if declared.has_custom_rule(fn):
        return CUSTOM
    if annotated and declared.math_rule_name(fn) is not None:
        return MATH
    name = fn.name
    if name.startswith(TAPE_HELPER_PREFIX):
        return TAPE
    if name.startswith(("llvm.memcpy.", "llvm.memmove.")):
        return COPY
    if name.startswith("llvm.memset."):
        return FILL
    if name in ALLOCATIONS or (annotated and declared.allocator(fn) is not None):
        return ALLOCATE
    if name in DEALLOCATIONS or (annotated and declared.freed_argument(fn) is not None):
        return FREE
    if is_inactive_callee(name):
        return INACTIVE
    if shuffle_mode(name) is not None:
        return SHUFFLE
    if math_name_of(name) is not None:
        return MATH
    return EXTERNAL if fn.is_declaration else DEFINED


def allocation(fn) -> Allocation:
    """How the memory an allocation function returns is sized and freed."""
    return ALLOCATIONS.get(fn.name) or declared.allocator(fn)


def freed_argument(fn) -> int:
    """Which argument of a deallocation function is the memory freed."""
    index = DEALLOCATIONS.get(fn.name)
    return index if index is not None else declared.freed_argument(fn)


def math_rule_of(fn) -> str | None:
    """The name of the math rule a call of ``fn`` uses: its annotation
    (``__enzyme_function_like``), else what its name says (``sinf`` → ``sin``)."""
    return declared.math_rule_name(fn) or math_name_of(fn.name)


def opaque_call_message(call) -> str:
    """Why a call we cannot see into stops differentiation."""
    from enzyme_opt.ir.values import InlineAsm
    if isinstance(call.callee, InlineAsm):
        return "inline asm with active operands cannot be differentiated"
    if _is_virtual_call(call):
        return ("a virtual call (through the object's vtable) with active arguments cannot be "
                "differentiated, its target is only known at run time: make the call direct "
                "(in C++, a `final` class or method, or a qualified call such as Base::f)")
    return ("an indirect call (through a function pointer) with active arguments cannot be "
            "differentiated: call the function directly")


def _is_virtual_call(call) -> bool:
    """The shape clang gives a virtual call: the callee is loaded from a slot
    of a table (the vtable) whose address is loaded from the object that is
    passed as the first argument (``this``, or a base inside it)."""
    from enzyme_opt.ir.instructions import GEPInst, LoadInst

    def strip(value):
        while isinstance(value, GEPInst):
            value = value.pointer
        return value
    callee = call.callee
    if not isinstance(callee, LoadInst) or not call.args:
        return False
    table = strip(callee.pointer)
    return isinstance(table, LoadInst) and strip(table.pointer) is strip(call.args[0])


def external_call_message(name: str) -> str:
    if is_libdevice_inside(name):  # clang inlined libdevice
        return (f"no derivative is known for @{name}; if clang linked libdevice into this "
                f"code, compile with -nocudalib (enzyme-opt links libdevice after "
                f"differentiating)")
    if name.startswith("llvm."):
        return (f"no derivative is known for the LLVM intrinsic @{name} (enzyme-opt has no "
                f"rule for it yet)")
    return f"no derivative is known for the external function @{name} (its body is not in this module)"

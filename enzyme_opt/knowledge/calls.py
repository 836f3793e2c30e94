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

from enzyme_opt.demangle import PREPROCESS_PREFIX
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
#: reallocator → (the argument holding the old memory, the argument giving the new size).
#: The new block holds the old block's first min(old size, new size) bytes; the
#: old block is freed (``ad/sweeps/reallocs.py`` gives it its derivative).
REALLOCATIONS = {"realloc": (0, 1)}
#: allocators whose memory a reallocator may resize: those ``free`` releases
RESIZABLE = frozenset({"malloc", "calloc", "realloc", "aligned_alloc"})
#: how many bytes a block from one of them can hold (at least what was asked
#: for): glibc's, the bound the reverse of a realloc copies adjoints back over
USABLE_SIZE = "malloc_usable_size"
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
    # C library functions that read text or bytes and return an integer: they move
    # nothing; __cxa_atexit registers a destructor; ilogb is an integer exponent
    "strlen", "strnlen", "strcmp", "strncmp", "memcmp", "bcmp", "__cxa_atexit", "ilogb", "ilogbf",
})
#: ... C++ stream output (std::ostream's operator<< members and the free
#: std::operator<<, the helpers they inline into, std::endl/std::flush), as
#: Enzyme treats them: they write characters, never floats the program reads
#: back, and return the stream ...
CXX_OUTPUT_PREFIXES = ("_ZNSolsE", "_ZStlsI", "_ZNSo9_M_insert", "_ZSt16__ostream_insert",
                       "_ZNSo3put", "_ZNSo5write", "_ZNSo5flush", "_ZSt4endlI", "_ZSt5flushI")
#: ... and GPU thread queries, barriers and fences (``targets/``)
#: library functions that only read the memory they are given and return an integer (a
#: hash): a read moves no derivative and an integer carries none, so they are inactive
#: whatever the memory holds (the key of a std::unordered_map<std::string, double> sits
#: in a node beside the value's derivative)
READ_ONLY_HASHES = ("_ZSt11_Hash_bytes", "_ZSt15_Fnv_hash_bytes")
#: libstdc++'s rehash policy of unordered containers (``_M_need_rehash``,
#: ``_M_next_bkt``): bucket counts from element counts and the load factor;
#: they write only the policy's integer and return integers, whatever the
#: container holds
HASH_TABLE_POLICY = ("_ZNKSt8__detail20_Prime_rehash_policy",)
_INACTIVE_PREFIXES = ("llvm.lifetime.", "llvm.dbg.", *HASH_TABLE_POLICY, *CXX_OUTPUT_PREFIXES, *GPU_INACTIVE_PREFIXES,
                      *READ_ONLY_HASHES)

#: C and C++ library functions that move no floats of the program's, as
#: Enzyme treats them (its ActivityAnalysis lists): they read or write only
#: memory that holds text, stream or locale state, or integers, and return
#: no float.  That is provable only of the memory they are given, so each call
#: is checked (``analysis/library.py``): every pointer argument must point to
#: memory that holds no derivative (no active value is ever stored there, it
#: is not the caller's active memory, nor a global with a shadow); a call that
#: could read or overwrite a derivative is refused instead.  So a double read
#: from a stream (``ss >> x``) is a constant, as it is, and writing a
#: derivative-carrying double's bytes into a stream (``os.write((char *)&x,
#: 8)``) is refused rather than losing the derivative on the way back.
#: libstdc++'s Itanium names: std::allocator<char|wchar_t> constructors and
#: destructors, std::string (``__cxx11::basic_string<char|wchar_t>``), the
#: string, file and stream buffers and streams, std::istream (``_ZNSi``) and
#: std::ostream (``_ZNSo``) members, the wide ostream, ios_base, basic_ios,
#: locale and ctype, the free ``operator<<``/``operator>>`` of strings and
#: characters, the openmode operators, the hash of bytes, and the helpers that
#: throw (``std::__throw_bad_cast``).
LIBRARY_OBJECT_PREFIXES = (
    "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE",
    "_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE",
    "_ZNSt7__cxx1112basic_stringIwSt11char_traitsIwESaIwEE",
    "_ZNKSt7__cxx1112basic_stringIwSt11char_traitsIwESaIwEE",
    "_ZNSt7__cxx1115basic_stringbufIc", "_ZNKSt7__cxx1115basic_stringbufIc",
    "_ZNSt7__cxx1118basic_stringstreamIc", "_ZNKSt7__cxx1118basic_stringstreamIc",
    "_ZNSt7__cxx1119basic_istringstreamIc", "_ZNKSt7__cxx1119basic_istringstreamIc",
    "_ZNSt7__cxx1119basic_ostringstreamIc", "_ZNKSt7__cxx1119basic_ostringstreamIc",
    "_ZNSt13basic_filebufIc", "_ZNKSt13basic_filebufIc",
    "_ZNSt15basic_streambufIc", "_ZNKSt15basic_streambufIc",
    "_ZNSt12__basic_fileIc", "_ZNKSt12__basic_fileIc",
    "_ZNSt14basic_ifstreamIc", "_ZNKSt14basic_ifstreamIc",
    "_ZNSt14basic_ofstreamIc", "_ZNKSt14basic_ofstreamIc",
    "_ZNSt13basic_fstreamIc", "_ZNKSt13basic_fstreamIc",
    "_ZNSi", "_ZNSo", "_ZNSt13basic_ostreamIwSt11char_traitsIwEE", "_ZStlsIw",
    "_ZNSt8ios_base", "_ZNKSt8ios_base", "_ZNSt9basic_iosI", "_ZNKSt9basic_iosI",
    "_ZNSt6locale", "_ZNKSt6locale", "_ZNKSt5ctypeI",
    "_ZStlsIcSt11char_traitsIcESaIcEE", "_ZStrsIcSt11char_traitsIcESaIcEE",
    "_ZStlsISt11char_traitsIcEE", "_ZStrsISt11char_traitsIcEE",
    "_ZStorSt13_Ios_Openmode", "_ZStanSt13_Ios_Openmode", "_ZStorSt12_Ios_Iostate",
    "_ZNKSt4hashINSt7__cxx1112basic_string",
    "_ZSt16__throw_bad_castv", "_ZSt19__throw_logic_error", "_ZSt20__throw_length_error",
    "_ZSt24__throw_out_of_range_fmt", "_ZSt17__throw_bad_allocv",
)
#: std::allocator<char|wchar_t>'s constructors and destructors (an empty class)
_ALLOCATOR_OF_CHARS = re.compile(r"_ZNSaI[cw]E[CD][12]E")


def is_library_object_call(name: str) -> bool:
    """Is ``name`` one of the library functions above, inactive only on memory
    that holds no derivative?  Their inline definitions (templates) count too,
    also as the ``preprocess_`` copies differentiation makes of them."""
    name = name.removeprefix(PREPROCESS_PREFIX)
    return name.startswith(LIBRARY_OBJECT_PREFIXES) or bool(_ALLOCATOR_OF_CHARS.match(name))

_OVERFLOW_INTRINSIC = re.compile(r"llvm\.(u|s)(add|sub|mul)\.with\.overflow")


def is_inactive_callee(name: str) -> bool:
    return name in INACTIVE_CALLEES or name.startswith(_INACTIVE_PREFIXES) or \
        is_library_object_call(name) or \
        bool(_OVERFLOW_INTRINSIC.match(name)) or openmp.is_inactive(name) or \
        _INTEGER_OVERLOAD.sub("", name) in INACTIVE_CALLEES


#: the type suffixes of an intrinsic overloaded on integer or pointer types
#: (``llvm.smin.i32``, ``llvm.vector.reduce.add.v4i32``, ``llvm.prefetch.p0`` — which
#: Eigen's matrix products leave — ``llvm.objectsize.i64.p0``): the table names the
#: intrinsic without them
_INTEGER_OVERLOAD = re.compile(r"(\.(?:v|nxv)?\d*[ip]\d+)+$")


def call_kind(call) -> str:
    """The kind of ``call`` (see the module docstring): its callee's."""
    fn = call.called_function
    return OPAQUE if fn is None else callee_kind(fn)


def callee_kind(fn) -> str:
    """The kind of a direct call of ``fn``.  What the program says about the
    callee (inactive, custom rule, function-like) comes first: it overrides
    what the callee's name would say."""
    # Asked for every call the AD visits, of the same few callees: the answer is kept on
    # the function with what it was computed from (``Function.kind_memo``; a weak-keyed
    # table cost a weak reference a question).  All it depends on: attribute groups and
    # metadata nodes are added, never edited.
    key = (fn.name, fn.prefix, fn.suffix, fn.is_declaration)
    known = fn.kind_memo
    if known is None or known[0] != key:
        known = fn.kind_memo = (key, _callee_kind(fn))
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
    # Asked twice for every math call the AD visits: kept as callee_kind keeps its answer.
    key = (fn.name, fn.prefix, fn.suffix, fn.is_declaration)
    known = fn.rule_memo
    if known is None or known[0] != key:
        known = fn.rule_memo = (key, declared.math_rule_name(fn) or math_name_of(fn.name))
    return known[1]


def opaque_call_message(call) -> str:
    """Why a call we cannot see into stops differentiation: inline asm.  (A call through a
    function pointer goes through the pointer's shadow, a table of derivatives:
    ``ad/sweeps/indirect.py`` says what it refuses.)"""
    return "inline asm with active operands cannot be differentiated"


def is_virtual_call(call) -> bool:
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

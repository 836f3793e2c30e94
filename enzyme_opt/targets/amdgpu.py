"""AMDGPU (HIP, ``amdgcn-amd-amdhsa``): the same facts as ``nvptx.py``, for
AMD GPUs, compile-only.

Device math is ROCm's OCML (``__ocml_sin_f64``, ``__ocml_sin_f32``), which
enzyme-opt does not link (ROCm's device libraries are linked by the HIP
toolchain afterwards).  Thread queries are ``llvm.amdgcn.workitem.id.*``,
``llvm.amdgcn.workgroup.id.*`` and loads from the implicit-argument or
dispatch pointers; ``__syncthreads()`` is a workgroup release fence,
``llvm.amdgcn.s.barrier`` and an acquire fence.
"""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.values import ConstantInt, Value

NAME = "amdgcn"
DEFAULT_CPU = ""

THREAD_QUERY_PREFIXES = ("llvm.amdgcn.workitem.id.", "llvm.amdgcn.workgroup.id.",
                         "llvm.amdgcn.implicitarg.ptr", "llvm.amdgcn.dispatch.ptr",
                         "llvm.amdgcn.kernarg.segment.ptr", "llvm.amdgcn.dispatch.id",
                         "llvm.amdgcn.lds.kernel.id")
INACTIVE_PREFIXES = (*THREAD_QUERY_PREFIXES, "llvm.amdgcn.s.barrier", "llvm.amdgcn.s.waitcnt",
                     "llvm.amdgcn.wave.barrier", "llvm.amdgcn.sched.barrier")
_BARRIER_PREFIXES = ("llvm.amdgcn.s.barrier",)

#: OCML math the derivative code may call (``__ocml_<name>_f64``/``_f32``)
OCML_MATH = frozenset("""
acos acosh asin asinh atan atan2 atanh cbrt ceil copysign cos cosh erf erfc exp exp10 exp2
expm1 fabs floor fma fmax fmin fmod hypot lgamma log log10 log1p log2 pow pown rint round sin
sinh sqrt tan tanh tgamma trunc
""".split())

#: intrinsics the AMDGPU back end cannot select (LLVM 22), per scalar type
UNSELECTABLE = {
    "double": frozenset({"sin", "cos", "tan", "exp", "exp2", "exp10", "log", "log2", "log10",
                         "asin", "acos", "atan", "sinh", "cosh", "tanh", "pow", "atan2",
                         "powi"}),
    "float": frozenset({"tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "atan2"}),
}
_INTRINSIC_TO_OCML = {"powi": "pown"}
DEVICE_LIBRARY_PREFIX = "__ocml_"


def device_function(name: str, scalar: T.Type) -> str | None:
    """OCML's function for ``name`` on ``scalar`` (``sin``, double → ``__ocml_sin_f64``)."""
    name = _INTRINSIC_TO_OCML.get(name, name)
    if name not in OCML_MATH or scalar not in (T.f64, T.f32):
        return None
    return f"{DEVICE_LIBRARY_PREFIX}{name}_{'f64' if scalar == T.f64 else 'f32'}"


def is_barrier(name: str) -> bool:
    return name.startswith(_BARRIER_PREFIXES)


def mirror_barrier(b: Builder, call) -> None:
    """A workgroup barrier with the fences HIP's ``__syncthreads()`` has:
    without them the barrier orders nothing in LDS (shared memory)."""
    block_barrier(b)


def block_barrier(b: Builder) -> None:
    b.insert(I.FenceInst("release", "workgroup"))
    fn = b.function.module.get_or_declare("llvm.amdgcn.s.barrier", T.FunctionType(T.void, ()))
    b.call(fn, [])
    b.insert(I.FenceInst("acquire", "workgroup"))


def thread_in_block(b: Builder) -> tuple[Value, Value]:
    """(0 for the first work-item of the workgroup, else past any shadow's
    end; 1): shared-memory shadows are zeroed by the first work-item alone
    (the workgroup size lives in the implicit arguments, whose layout
    depends on the code object version)."""
    ids = []
    for d in "xyz":
        fn = b.function.module.get_or_declare(f"llvm.amdgcn.workitem.id.{d}",
                                              T.FunctionType(T.i32, ()))
        ids.append(b.call(fn, []))
    any_id = b.binop("or", ids[0], b.binop("or", ids[1], ids[2]))
    first = b.icmp("eq", any_id, ConstantInt(T.i32, 0))
    index = b.select(first, ConstantInt(T.i32, 0), ConstantInt(T.i32, 0x7FFFFFFF), "thread")
    return index, ConstantInt(T.i32, 1)

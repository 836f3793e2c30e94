"""NVPTX (CUDA): what enzyme-opt needs to know about NVIDIA GPUs, as data.

Device math is libdevice (``__nv_sin``, ``__nv_sinf``, … in
``libdevice.10.bc``); the back end has no instruction for most
transcendental functions, so ``llvm.sin.f64`` must become ``__nv_sin``
before code generation.  Thread and block queries are the special
registers ``llvm.nvvm.read.ptx.sreg.*``; ``__syncthreads()`` is
``llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)`` (LLVM 22 upgrades the
older ``llvm.nvvm.barrier0`` to it when reading IR).
"""

from __future__ import annotations

import os

from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.values import ConstantInt, Value

NAME = "nvptx64"
#: the CPU when neither --mcpu nor the module's "target-cpu" names one
DEFAULT_CPU = "sm_80"
#: read-and-reset of shadow memory as one atomic exchange (``ad/parallel/gpu.take_by_exchange``)
TAKE_BY_EXCHANGE = True

#: calls that ask where the thread is (pure per thread, never active)
THREAD_QUERY_PREFIXES = ("llvm.nvvm.read.ptx.sreg.",)
#: calls that never carry derivatives: thread queries, barriers, fences, votes
INACTIVE_PREFIXES = (*THREAD_QUERY_PREFIXES, "llvm.nvvm.barrier", "llvm.nvvm.bar.",
                     "llvm.nvvm.membar", "llvm.nvvm.fence.", "llvm.nvvm.vote.",
                     "llvm.nvvm.activemask")
#: barriers that make every thread of a block (or warp) wait for the others;
#: ``arrive`` variants do not wait and are not mirrored
_BARRIER_PREFIXES = ("llvm.nvvm.barrier.cta.sync", "llvm.nvvm.barrier.cta.red",
                     "llvm.nvvm.bar.warp.sync")

#: special registers: (query, dimension) → register name
SREG = "llvm.nvvm.read.ptx.sreg."

#: C math functions libdevice provides as ``__nv_<name>`` (double) and
#: ``__nv_<name>f`` (float): the libm names a CUDA kernel may call.
LIBDEVICE_MATH = frozenset("""
acos acosh asin asinh atan atan2 atanh cbrt ceil copysign cos cosh cospi erf erfc erfcinv
erfcx erfinv exp exp10 exp2 expm1 fabs fdim floor fma fmax fmin fmod frexp hypot ilogb j0 j1
jn ldexp lgamma llrint llround log log10 log1p log2 logb modf nearbyint nextafter norm3d
norm4d normcdf normcdfinv pow powi rcbrt remainder remquo rhypot rint rnorm3d rnorm4d round
rsqrt scalbn sin sincos sincospi sinh sinpi sqrt tan tanh tgamma trunc y0 y1 yn
""".split())

#: libdevice's functions behind CUDA's intrinsics (``__expf``, ``__fdividef``,
#: ``__dadd_rn``, ``__fmaf_rz`` …): fast approximations and arithmetic in an
#: explicit rounding mode, each with the derivative of the math it computes
#: (the derivative itself is computed with the accurate functions)
INTRINSIC_MATH = {
    **{f"__nv_fast_{name}f": name for name in ("exp", "exp10", "log", "log2", "log10", "sin",
                                                "cos", "tan", "pow")},
    "__nv_fast_fdividef": "fdiv", "__nv_fdividef": "fdiv",
    **{f"__nv_{kind}{op}_{mode}": "f" + op for kind in "fd" for op in ("add", "sub", "mul", "div")
       for mode in ("rn", "rz", "ru", "rd")},
    **{f"__nv_{name}_{mode}": rule for name, rule in (("fmaf", "fma"), ("fma", "fma"),
                                                       ("fmaf_ieee", "fma"), ("fsqrt", "sqrt"),
                                                       ("dsqrt", "sqrt"), ("frcp", "rcp"),
                                                       ("drcp", "rcp"))
       for mode in ("rn", "rz", "ru", "rd")},
    "__nv_frsqrt_rn": "rsqrt",
}

#: warp shuffles of a float with derivative rules (``__shfl_down_sync`` …, ``idx`` for
#: ``__shfl_sync``) → their mode; the ``i32`` forms carry a double's halves (``ad/parallel/shuffles.py``)
SHUFFLE_MODES = ("down", "up", "bfly", "idx")
WARP_SHUFFLES = {f"llvm.nvvm.shfl.sync.{mode}.f32": mode for mode in SHUFFLE_MODES}
#: the helpers standing for a double's shuffle (``ad/parallel/shuffles.py`` makes them
#: from the two ``i32`` shuffles of its halves): mode → name
DOUBLE_SHUFFLE = "enzyme_opt.shfl.sync.{mode}.f64"


def shuffle_mode(callee_name: str) -> str | None:
    """``down``/``up``/``bfly``/``idx`` for a shuffle with rules (a float's, or the
    helper standing for a double's), None for anything else."""
    if callee_name in WARP_SHUFFLES:
        return WARP_SHUFFLES[callee_name]
    for mode in SHUFFLE_MODES:
        if callee_name == DOUBLE_SHUFFLE.format(mode=mode):
            return mode
    return None

#: ``llvm.<name>.<type>`` intrinsics the NVPTX back end cannot select (LLVM 22,
#: found by compiling each one), per scalar type: they become libdevice calls
UNSELECTABLE = {
    "double": frozenset({"sin", "cos", "tan", "exp", "exp2", "exp10", "log", "log2", "log10",
                         "asin", "acos", "atan", "sinh", "cosh", "tanh", "pow", "atan2",
                         "powi", "lround", "llround", "lrint", "llrint"}),
    "float": frozenset({"sin", "cos", "tan", "exp", "exp10", "log", "log2", "log10", "asin",
                        "acos", "atan", "sinh", "cosh", "tanh", "pow", "atan2", "powi",
                        "lround", "llround", "lrint", "llrint"}),
}
#: intrinsic base name → libdevice base name, where they differ
_INTRINSIC_TO_LIBDEVICE = {"lround": "llround", "lrint": "llrint"}

#: where CUDA installs libdevice, after $CUDA_HOME / $CUDA_PATH
LIBDEVICE_PLACES = ("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc",
                    "/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc",
                    "/usr/lib/cuda/nvvm/libdevice/libdevice.10.bc",
                    "/opt/cuda/nvvm/libdevice/libdevice.10.bc")
DEVICE_LIBRARY_PREFIX = "__nv_"


def device_function(name: str, scalar: T.Type) -> str | None:
    """libdevice's function for the math function ``name`` on ``scalar``
    (``sin``, double → ``__nv_sin``; float → ``__nv_sinf``), None if none."""
    name = _INTRINSIC_TO_LIBDEVICE.get(name, name)
    if name not in LIBDEVICE_MATH or scalar not in (T.f64, T.f32):
        return None
    return DEVICE_LIBRARY_PREFIX + name + ("f" if scalar == T.f32 else "")


#: intrinsics libdevice's math is built from: met in code to differentiate,
#: they mean clang linked (and inlined) libdevice
_LIBDEVICE_INSIDES = tuple(f"llvm.nvvm.{op}" for op in (
    "fabs", "fma.", "mul.", "add.", "div.", "rcp.", "sqrt.", "rsqrt.", "d2i", "lohi.", "ex2.",
    "lg2.", "sin.", "cos.", "saturate.", "fmin.", "fmax.", "d2f", "f2i", "i2d", "ull2d", "ll2d"))


def is_libdevice_inside(name: str) -> bool:
    return name.startswith(_LIBDEVICE_INSIDES)


def is_barrier(name: str) -> bool:
    return name.startswith(_BARRIER_PREFIXES)


def mirror_barrier(b: Builder, call) -> None:
    """The reverse sweep's copy of a barrier: the same barrier, waiting for
    the same threads.  A reducing barrier (``__syncthreads_count``) is
    mirrored by the plain one with the same id and thread count."""
    name = call.called_function.name
    if ".red." in name:
        base = name.replace("llvm.nvvm.barrier.cta.red.", "")
        suffix = base[base.index("."):] if "." in base else ".aligned.all"
        args = call.args[:-1]  # minus the predicate
        name = "llvm.nvvm.barrier.cta.sync" + suffix
    else:
        args = call.args
    fn = b.function.module.get_or_declare(
        name, T.FunctionType(T.void, tuple(a.type for a in args)))
    b.call(fn, list(args))


def block_barrier(b: Builder) -> None:
    """``__syncthreads()``."""
    fn = b.function.module.get_or_declare("llvm.nvvm.barrier.cta.sync.aligned.all",
                                          T.FunctionType(T.void, (T.i32,)))
    b.call(fn, [ConstantInt(T.i32, 0)])


def special_register(b: Builder, register: str, name: str = "") -> Value:
    """``%r = llvm.nvvm.read.ptx.sreg.<register>`` (``tid.x``, ``ntid.y`` …)."""
    fn = b.function.module.get_or_declare(SREG + register, T.FunctionType(T.i32, ()))
    return b.call(fn, [], name)


def thread_in_block(b: Builder) -> tuple[Value, Value]:
    """(this thread's linear index in its block, the block's thread count), i32."""
    tid = [special_register(b, f"tid.{d}") for d in "xyz"]
    ntid = [special_register(b, f"ntid.{d}") for d in "xyz"]
    index = b.add(tid[0], b.mul(ntid[0], b.add(tid[1], b.mul(ntid[1], tid[2]))), "thread")
    return index, b.mul(ntid[0], b.mul(ntid[1], ntid[2]), "threads")


def libdevice_search_order() -> str:
    """Where ``find_libdevice`` looks, in order, for messages and --help:
    ``$CUDA_HOME, $CUDA_PATH, /usr/local/cuda, …``."""
    roots = [place.split("/nvvm/")[0].split("/libdevice/")[0] for place in LIBDEVICE_PLACES]
    return ", ".join(["$CUDA_HOME", "$CUDA_PATH", *roots])


def find_libdevice(given: str | None) -> str | None:
    """The libdevice bitcode to link: ``--libdevice PATH`` if given, else
    the first that exists under $CUDA_HOME, $CUDA_PATH or the usual places."""
    if given:
        return given
    places = [os.path.join(os.environ[v], "nvvm", "libdevice", "libdevice.10.bc")
              for v in ("CUDA_HOME", "CUDA_PATH") if os.environ.get(v)]
    for place in (*places, *LIBDEVICE_PLACES):
        if os.path.isfile(place):
            return place
    return None

"""Calls preparation rewrites into the arithmetic they compute before anything is
differentiated (``ad/prepare/expand.py``): the vector reductions of vectorized loops,
compiler-rt's complex multiplication and division, the elementary functions of
``<complex.h>``, ``sincos``, ``modf``, ``cabsf`` of a vector and ``posix_memalign``.

Their names are here, below the analyses, because what runs before preparation must not
take them for opaque library calls: ``abi/virtual_reverse.py`` gives a function a table of
derivatives only if nothing it calls is external, and a ``-ffast-math`` loop in a callback
sums with ``llvm.vector.reduce.fadd``.
"""

from __future__ import annotations

#: compiler-rt's helpers for ``_Complex`` multiplication and division
COMPLEX_HELPERS = frozenset({"__muldc3", "__mulsc3", "__divdc3", "__divsc3"})
#: ``<complex.h>`` functions written as their real formulas (with their ``f`` versions)
COMPLEX_FUNCTIONS = frozenset({"cexp", "csin", "ccos", "clog"})
#: functions returning a sine and a cosine through two pointers → (sine, cosine) rules:
#: GNU libm's, libdevice's (CUDA's ``sincos``, ``sincospi``)
SINCOS = {"sincos": ("sin", "cos"), "__nv_sincos": ("sin", "cos"),
          "__nv_sincospi": ("sinpi", "cospi")}
#: intrinsics expanded whatever their type suffix
EXPANDED_INTRINSICS = ("llvm.vector.reduce.", "llvm.sincos.", "llvm.modf.")


def sincos_of(callee: str):
    """The (sine, cosine) rules of a ``sincos``-like function (``sincosf`` too), or None."""
    return SINCOS.get(callee[:-1] if callee.endswith("f") else callee)


def needs_expansion(callee: str) -> bool:
    """Does preparation rewrite calls of ``callee`` into arithmetic?"""
    return (callee.startswith(EXPANDED_INTRINSICS) or callee in ("cabsf", "posix_memalign")
            or callee.rstrip("f") in COMPLEX_FUNCTIONS or callee in COMPLEX_HELPERS
            or sincos_of(callee) is not None)

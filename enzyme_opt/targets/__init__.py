"""GPU targets: what differs when the module's triple is a GPU's.

Each target module (``nvptx``, ``amdgpu``) states the same facts as data —
its thread queries and barriers, its device math library and the
intrinsics its back end cannot select — plus the few IR snippets AD needs
(a block barrier, this thread's index in its block).  This package is a
leaf: it imports only ``ir``, so ``ad`` and the driver can both use it.
"""

from __future__ import annotations

from enzyme_opt.targets import amdgpu, nvptx

#: calls that never carry derivatives, on any GPU
INACTIVE_PREFIXES = (*nvptx.INACTIVE_PREFIXES, *amdgpu.INACTIVE_PREFIXES)


def gpu_target(triple: str | None):
    """The target module for ``triple`` (``nvptx``, ``amdgpu``), or None for a CPU."""
    triple = triple or ""
    if triple.startswith("nvptx"):
        return nvptx
    if triple.startswith("amdgcn"):
        return amdgpu
    return None


def is_thread_query(name: str) -> bool:
    """Is a callee of this name a pure per-thread query (thread id, block
    size, …), which the reverse sweep may call again instead of taping?"""
    return name.startswith((*nvptx.THREAD_QUERY_PREFIXES, *amdgpu.THREAD_QUERY_PREFIXES))


def is_barrier(name: str) -> bool:
    return nvptx.is_barrier(name) or amdgpu.is_barrier(name)

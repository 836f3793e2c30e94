"""What the OpenMP runtime's entry points (LLVM's libomp, as clang-22 ``-fopenmp`` calls
them) do, for differentiation: which run the parallel region, which are queries that
never carry derivatives, which the reverse sweep must run again (mirrored), which are
rewritten before AD, and which constructs are not supported (each with the name a user
knows it by, for the one-line refusal).

The facts come from ``openmp/runtime/src/kmp.h`` and ``kmp_csupport.cpp`` (libomp):
``__kmpc_fork_call(ident_t *loc, kmp_int32 argc, kmpc_micro microtask, ...)`` calls
``microtask(&gtid, &btid, args...)`` on every thread of a new team; the ``argc`` varargs
are pointer-sized (clang passes ``ptr`` for shared variables and ``i64`` for values
captured by copy, a ``double`` as its bits).  ``__kmpc_for_static_init_{4,4u,8,8u}(loc,
gtid, schedtype, &lastiter, &lower, &upper, &stride, incr, chunk)`` gives the calling
thread its chunk of a statically scheduled loop: a function of the thread number and the
team size alone, so a thread that runs the loop again gets the same chunk.
"""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.module import Function

#: our helper numbering critical sections (``ad/parallel/openmp_prepare.py``)
TICKET = "enzyme_opt.omp.ticket"

#: entry point → index of its microtask argument; the captured arguments follow it
FORK_CALLS = {"__kmpc_fork_call": 2}

#: Queries and bookkeeping that carry no derivative: the primal keeps them, the reverse
#: sweep does not run them again.  The static schedule is recorded, not recomputed: each
#: thread's chunk bounds are loads the augmented sweep tapes per thread.  ``single`` and
#: ``master``/``masked`` choose a thread in the primal; the reverse sweep follows that
#: thread's recorded branch, so the same thread runs their adjoints.
INACTIVE = frozenset({
    "omp_get_thread_num", "omp_get_num_threads", "omp_get_max_threads", "omp_get_num_procs",
    "omp_in_parallel", "omp_get_wtime", "omp_get_wtick", "omp_get_level",
    "omp_get_active_level", "omp_get_team_size", "omp_get_ancestor_thread_num",
    "omp_get_dynamic", "omp_get_nested", "omp_get_thread_limit", "omp_set_num_threads",
    "omp_set_dynamic", "omp_get_max_active_levels", "omp_in_final",
    "__kmpc_global_thread_num", "__kmpc_bound_thread_num", "__kmpc_bound_num_threads",
    "__kmpc_push_num_threads", "__kmpc_push_proc_bind", "__kmpc_flush",
    "__kmpc_for_static_init_4", "__kmpc_for_static_init_4u", "__kmpc_for_static_init_8",
    "__kmpc_for_static_init_8u", "__kmpc_for_static_fini",
    "__kmpc_master", "__kmpc_end_master", "__kmpc_masked", "__kmpc_end_masked",
    "__kmpc_single", "__kmpc_end_single",
    "enzyme_opt.omp.ticket",  # ours: the order of critical sections (ad/parallel/openmp.py)
})

#: Synchronization the reverse sweep runs again at the mirrored place, entering what the
#: primal left and leaving what it entered: a barrier stays a barrier (adjoints one phase
#: adds into shadow memory are complete before the phase before it reads them); the
#: adjoint of a critical section is a critical section (its read-and-reset of a shared
#: adjoint, ``s̄ += …; s̄ = 0``, must not interleave with another thread's).
MIRRORED = {
    "__kmpc_barrier": "__kmpc_barrier",
    "__kmpc_critical": "__kmpc_end_critical",
    "__kmpc_end_critical": "__kmpc_critical",
    "__kmpc_serialized_parallel": "__kmpc_end_serialized_parallel",
    "__kmpc_end_serialized_parallel": "__kmpc_serialized_parallel",
}

#: Reductions, rewritten before AD (``ad/parallel/openmp_prepare.py``) into the runtime's
#: own critical-section method: ``__kmpc_reduce*`` returning 1 means "combine your
#: private copy into the shared variable yourself, alone"; returning 2 (atomics) or 0
#: (another thread combined it through the reduction function, a tree) would hide the
#: combination inside the runtime, where no derivative can follow it.
#: name → (becomes, then a barrier)
REDUCTIONS = {
    "__kmpc_reduce": ("__kmpc_critical", False),
    "__kmpc_reduce_nowait": ("__kmpc_critical", False),
    "__kmpc_end_reduce": ("__kmpc_end_critical", True),
    "__kmpc_end_reduce_nowait": ("__kmpc_end_critical", False),
}

#: static_init schedule kinds (``enum sched_type``) whose chunks depend only on the thread
#: number and the team size: ``kmp_sch_static_chunked`` (33), ``kmp_sch_static`` (34)
STATIC_SCHEDULES = frozenset({33, 34})

#: Constructs not supported, by the runtime functions that give them away; the first
#: that matches names the construct (``ordered`` loops call the dynamic-schedule entry
#: points too, so ``ordered`` comes before them).
UNSUPPORTED = (
    (("__kmpc_omp_task", "__kmpc_omp_taskwait", "__kmpc_omp_taskyield", "__kmpc_taskgroup",
      "__kmpc_end_taskgroup", "__kmpc_taskloop", "__kmpc_task_reduction",
      "__kmpc_taskred", "__kmpc_omp_wait_deps", "__kmpc_omp_target_task"),
     "OpenMP tasks (task, taskloop, taskwait, taskgroup)"),
    (("__kmpc_ordered", "__kmpc_end_ordered", "__kmpc_doacross_"), "OpenMP ordered"),
    (("__kmpc_fork_teams", "__kmpc_push_num_teams", "__kmpc_dist_"),
     "OpenMP teams and distribute"),
    (("__kmpc_dispatch_",),
     "an OpenMP loop with a dynamic, guided, auto or runtime schedule"),
    (("__kmpc_copyprivate",), "OpenMP copyprivate"),
    (("__kmpc_threadprivate",), "OpenMP threadprivate variables (copyin)"),
    (("__kmpc_critical_with_hint",), "an OpenMP critical section with a hint"),
    (("__kmpc_sections_init", "__kmpc_next_section", "__kmpc_end_sections"),
     "OpenMP sections lowered to the runtime's sections calls"),
    (("__kmpc_atomic_",), "an OpenMP atomic update done by a runtime call"),
    (("omp_init_lock", "omp_set_lock", "omp_unset_lock", "omp_destroy_lock", "omp_test_lock",
      "omp_init_nest_lock", "omp_set_nest_lock", "omp_unset_nest_lock",
      "omp_destroy_nest_lock", "omp_test_nest_lock"), "OpenMP locks (omp_set_lock)"),
    (("__kmpc_fork_call_if",), "an OpenMP parallel region with an if clause (__kmpc_fork_call_if)"),
)


def unsupported_construct(name: str) -> tuple[int, str] | None:
    """The construct a call of the runtime function ``name`` stands for when it is not
    supported, with its rank in ``UNSUPPORTED`` (None: supported, or not OpenMP's)."""
    if not is_runtime_function(name) or name in INACTIVE or name in MIRRORED or \
            name in REDUCTIONS or name in FORK_CALLS:
        return None
    for rank, (prefixes, construct) in enumerate(UNSUPPORTED):
        if name.startswith(prefixes):
            return rank, construct
    return len(UNSUPPORTED), f"the OpenMP runtime function @{name}"


def is_runtime_function(name: str) -> bool:
    """Is ``name`` an entry point of the OpenMP runtime (``__kmpc_*``, ``omp_*``)?"""
    return name.startswith(("__kmpc_", "omp_"))


def is_inactive(name: str) -> bool:
    return name in INACTIVE or name in MIRRORED


def microtask_of(call) -> Function | None:
    """The function a ``__kmpc_fork_call`` runs on every thread (None: not a fork)."""
    fn = call.called_function if isinstance(call, I.CallInst) else None
    index = FORK_CALLS.get(fn.name) if fn is not None else None
    if index is None or len(call.args) <= index:
        return None
    task = call.arg(index)
    return task if isinstance(task, Function) else None

"""OpenMP before AD: a parallel region becomes a call the generators understand.

clang outlines the body of ``#pragma omp parallel`` into a function (the
*microtask*) and calls ``__kmpc_fork_call(loc, n, @microtask, captured…)``; the
runtime runs ``microtask(&gtid, &btid, captured…)`` on every thread of a new team.
On the ``preprocess_`` copies, after LLVM has simplified them, each such call
becomes a direct call ``@microtask(placeholder, placeholder, captured…)`` tagged
``!enzyme_opt.omp.fork`` (``regions_to_calls``).  Every mode then differentiates it as
it differentiates any call: activity flows through its arguments, a ``double``
captured by copy (passed as ``i64`` bits) becomes a ``double`` parameter like any
other (``prepare/retype.float_parameters``), and memoized derivatives of the
microtask are made.  After AD, ``ad/sweeps/openmp/forks.lower_regions`` turns every tagged call —
of the primal microtask, of its forward derivative, of its augmented forward sweep
or of its reverse sweep — back into a ``__kmpc_fork_call`` of a small wrapper:
the derivative region is forked like the primal one, with the shadows as extra
captured arguments.

What the runtime would hide from AD is rewritten first (``prepare_clone``, before
LLVM simplifies the copies): a reduction (``__kmpc_reduce*``) becomes the runtime's
critical-section method, which combines each thread's private copy in plain code.
Constructs not supported are refused here, in one line naming them
(``knowledge/openmp.UNSUPPORTED``): a task or a dynamic schedule must never become a
silently wrong derivative.
"""

from __future__ import annotations

import weakref

from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantInt, Value, zero
from enzyme_opt.knowledge import openmp as omp
from enzyme_opt.knowledge.openmp import microtask_of

#: metadata kinds tagging a call that stands for a forked region, by what it calls:
#: the primal microtask or its forward derivative, its augmented forward sweep
#: (whose last argument is the tape), its reverse sweep (idem)
FORK, AUGMENTED, REVERSE = "enzyme_opt.omp.fork", "enzyme_opt.omp.augmented", "enzyme_opt.omp.reverse"
TAGS = (FORK, AUGMENTED, REVERSE)
#: what a region call passes for the runtime's ``&gtid, &btid`` until it is forked
PLACEHOLDER = "enzyme_opt.omp.thread"
#: the lock a rewritten reduction takes (one per reduction lock of the program)
REDUCTION_LOCK = "enzyme_opt.omp.reduction.lock"
#: the name of the wrappers ``ad/sweeps/openmp/forks.py`` forks (``<callee>.omp_fork``)
WRAPPER_SUFFIX = ".omp_fork"
#: the counters of critical sections run (``turn_counter``), one per lock
TURN = "enzyme_opt.omp.turn"
#: kmp_critical_name: ``kmp_int32[8]``
LOCK_TYPE = T.ArrayType(8, T.i32)

#: module → names of the functions a forked region may run (its microtask and callees)
_parallel: "weakref.WeakKeyDictionary[Module, frozenset]" = weakref.WeakKeyDictionary()
#: module → names of the microtasks a fork calls (a region's own function, not its callees)
_forked: "weakref.WeakKeyDictionary[Module, frozenset]" = weakref.WeakKeyDictionary()


# -- knowledge the call graph needs ---------------------------------------------------
def needs_preparation(callees) -> bool:
    """Does a body calling ``callees`` (names) need ``prepare_clone`` in our IR?"""
    return any(name in omp.REDUCTIONS for name in callees)


# -- before LLVM simplifies the copies ----------------------------------------------------
def prepare_clone(fn: Function) -> None:
    """Reductions become critical sections (``knowledge/openmp.REDUCTIONS``): the
    call that chose a method returns 1 ("combine it yourself"), and the section is
    entered and left around the combination clang wrote for that case; LLVM then folds
    away the atomic and tree cases.  The lock is one of ours, not the program's (whose
    lock, shared with the primal's own reductions, may be of another kind)."""
    locks: dict[Value, GlobalVariable] = {}
    module = fn.module
    for inst in [i for i in fn.instructions() if isinstance(i, I.CallInst)]:
        callee = inst.called_function
        rule = omp.REDUCTIONS.get(callee.name) if callee is not None else None
        if rule is None:
            continue
        becomes, barrier = rule
        loc, gtid, lock = inst.arg(0), inst.arg(1), inst.args[-1]
        if lock not in locks:
            name = module.unique_name(REDUCTION_LOCK)
            locks[lock] = module.add(GlobalVariable(name, LOCK_TYPE, zero(LOCK_TYPE),
                                                    prefix="internal", suffix=", align 8"))
        b = Builder().before(inst)
        runtime = module.get_or_declare(becomes, T.FunctionType(T.void, (T.ptr, T.i32, T.ptr)))
        b.call(runtime, [loc, gtid, locks[lock]])
        if barrier:
            b.call(_declare(module, "__kmpc_barrier"), [loc, gtid])
        if inst.type != T.void:
            inst.replace_all_uses_with(ConstantInt(inst.type, 1))
        inst.erase()


def _declare(module: Module, name: str) -> Function:
    return module.get_or_declare(name, T.FunctionType(T.void, (T.ptr, T.i32)))


# -- after LLVM simplified them ----------------------------------------------------------
def regions_to_calls(clones: list[Function], where) -> None:
    """Each ``__kmpc_fork_call`` in the copies becomes a tagged direct call of its
    microtask (module docstring); constructs not supported are refused.  ``where(inst)``
    says where an instruction is, for a diagnostic."""
    # A body still kept as text that calls no OpenMP runtime function needs nothing here
    # (and stays unparsed: ir/text/unparsed.py).
    clones = [fn for fn in clones if fn.unparsed_body is None or
              any(omp.is_runtime_function(name) for name in fn.unparsed_body.callees)]
    if not clones:
        return
    module = clones[0].module
    if not any(omp.is_runtime_function(fn.name) for fn in module.functions):
        return  # every call looked at below calls the runtime, and the module declares none of it
    _refuse_unsupported(clones, where)
    tasks: list[Function] = []
    for fn in clones:
        for inst in [i for i in fn.instructions() if isinstance(i, I.CallInst)]:
            if inst.called_function is not None and inst.called_function.name in omp.FORK_CALLS:
                tasks.append(_fork_to_call(inst, where))
    for fn in clones:
        _number_critical_sections(fn, where)
    names: set[str] = set(_parallel.get(module, frozenset()))
    from enzyme_opt.analysis.memory import reachable_functions
    for task in tasks:
        for fn in reachable_functions(task):
            names.add(fn.name)
            for inst in fn.instructions():
                if isinstance(inst, I.CallInst) and (region_tag(inst) or microtask_of(inst)):
                    raise DifferentiationError(
                        "nested OpenMP parallel regions (a parallel region inside a parallel "
                        "region) are not supported", where(inst))
    _parallel[module] = frozenset(names)
    _forked[module] = frozenset(_forked.get(module, frozenset()) | {t.name for t in tasks})


def _refuse_unsupported(clones: list[Function], where) -> None:
    """One line naming the construct not supported, the most telling one when there are
    several (``knowledge/openmp.UNSUPPORTED``)."""
    found = []
    for fn in clones:
        for inst in fn.instructions():
            callee = inst.called_function if isinstance(inst, I.CallInst) else None
            if callee is None:
                continue
            known = omp.unsupported_construct(callee.name)
            if known is None and callee.name.startswith("__kmpc_for_static_init"):
                kind = inst.arg(2)
                if not isinstance(kind, ConstantInt) or kind.value not in omp.STATIC_SCHEDULES:
                    known = (len(omp.UNSUPPORTED), f"an OpenMP static schedule of kind "
                                                   f"{getattr(kind, 'value', '?')}")
            if known is not None:
                found.append((known, inst))
    if found:
        (_, construct), inst = min(found, key=lambda f: f[0][0])
        raise DifferentiationError(f"differentiating {construct} is not supported "
                                   f"(@{inst.called_function.name})", where(inst))


def _fork_to_call(fork: I.CallInst, where) -> Function:
    index = omp.FORK_CALLS[fork.called_function.name]
    task = microtask_of(fork)
    if task is not None and task.name.endswith(WRAPPER_SUFFIX):
        raise DifferentiationError("differentiating the derivative of an OpenMP parallel "
                                   "region again (higher-order derivatives through OpenMP) "
                                   "is not supported", where(fork))
    if task is None or task.is_declaration:
        raise DifferentiationError("an OpenMP parallel region whose outlined function is not "
                                   "in this module cannot be differentiated", where(fork))
    captured = fork.args[index + 1:]
    params = task.function_type.params
    if len(params) != 2 + len(captured) or any(p != a.type for p, a in zip(params[2:], captured)):
        raise DifferentiationError(f"the OpenMP region @{task.name} does not take the "
                                   f"arguments its __kmpc_fork_call passes", where(fork))
    module = fork.function.module
    thread = module.get(PLACEHOLDER)
    if thread is None:
        thread = module.add(GlobalVariable(PLACEHOLDER, T.i32, zero(T.i32), prefix="internal"))
    b = Builder().before(fork)
    call = b.call(task, [thread, thread, *captured])
    node = module.add_metadata_node(f"!{{ptr {fork.arg(0).ref()}}}")
    call.metadata = [*(m for m in fork.metadata if m[0] != FORK), (FORK, node)]
    fork.erase()
    return task


def _number_critical_sections(fn: Function, where) -> None:
    """Before each thread leaves a critical section it takes a ticket: the number of
    sections run before it under the same lock (``ticket_function``).  The reverse
    sweep runs the adjoints of those sections in exactly the reverse order
    (``openmp.mirror``): a combination that does not commute (``p *= p_thread``, a
    product reduction) has adjoints that depend on the order."""
    for inst in [i for i in fn.instructions() if isinstance(i, I.CallInst)]:
        callee = inst.called_function
        if callee is None or callee.name != "__kmpc_end_critical":
            continue
        lock = inst.arg(2)
        if not isinstance(lock, GlobalVariable):
            raise DifferentiationError("an OpenMP critical section whose lock is not a global "
                                       "cannot be differentiated", where(inst))
        Builder().before(inst).call(ticket_function(fn.module), [turn_counter(lock)], "ticket")


def turn_counter(lock: GlobalVariable) -> GlobalVariable:
    """How many critical sections under ``lock`` the augmented sweeps ran, and the
    reverse sweeps have not undone yet."""
    module = lock.module
    name = f"{TURN}.{lock.name}"
    counter = module.get(name)
    if counter is None:
        counter = module.add(GlobalVariable(name, T.i64, zero(T.i64), prefix="internal",
                                            suffix=", align 8"))
    return counter


def ticket_function(module: Module) -> Function:
    """``i64 ticket(ptr turn)``: ``return turn++`` (inside the critical section)."""
    fn = module.get_function(omp.TICKET)
    if fn is None:
        fn = module.add(Function(omp.TICKET, T.FunctionType(T.i64, (T.ptr,)), ["turn"],
                                 prefix="internal",
                                 suffix=f" #{module.add_attribute_group('nounwind')}"))
        b = Builder(fn.append_block("entry"))
        taken = b.load(T.i64, fn.args[0], "taken")
        b.store(b.add(taken, ConstantInt(T.i64, 1)), fn.args[0])
        b.ret(taken)
    return fn


def region_tag(inst: I.Instruction) -> str | None:
    """Which region call ``inst`` is (``FORK``, ``AUGMENTED``, ``REVERSE``), if any."""
    for kind, _ in inst.metadata:
        if kind in TAGS:
            return kind
    return None


def carry_region(primal: I.Instruction, new: I.Instruction, role: str) -> None:
    """``new`` calls a derivative of the region ``primal`` called: tag it ``role``."""
    for kind, node in primal.metadata:
        if kind in TAGS:
            new.metadata = [m for m in new.metadata if m[0] not in TAGS] + [(role, node)]
            return


def in_parallel_region(fn: Function) -> bool:
    """May ``fn`` run on several threads at once (a forked region's microtask or a
    function it calls)?  Its reverse sweep then adds into shadow memory atomically."""
    module = fn.module
    names = _parallel.get(module) if module is not None else None
    return bool(names) and fn.name in names


def is_forked_region(fn: Function) -> bool:
    """Is ``fn`` the microtask of a forked region (the function every thread of the team
    calls, not a function it calls)?"""
    module = fn.module
    names = _forked.get(module) if module is not None else None
    return bool(names) and fn.name in names

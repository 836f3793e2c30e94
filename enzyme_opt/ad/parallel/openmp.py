"""OpenMP in the reverse sweep: mirrored synchronization and atomic adjoints.

A parallel region reaches the generators as a tagged direct call of its microtask
(``openmp_prepare.py``), so each mode makes the region's derivative as it makes any
callee's, and ``ad/sweeps/openmp/forks.py`` forks it after AD.  What the sweeps add
inside a region's reverse sweep:

- **Synchronization** (``mirror``): a barrier or a serialized region of the primal is
  entered and left again at the mirrored place (``knowledge/openmp.MIRRORED``); the
  thread asks the runtime for its global id again (``__kmpc_global_thread_num``): the
  id the primal used belongs to the team of the forward fork.
- **Critical sections in the reverse order they ran in**: each thread took a ticket
  before leaving a section (``openmp_prepare``); the adjoint of the section left last
  runs first, each waiting for its turn, which also keeps them from overlapping.  A
  combination that does not commute (``p *= p_thread``, a product reduction) has
  adjoints that depend on the order; a lock alone would let them run in any order.
- **Atomic adjoints** (``atomic_add``): several threads may read the same memory
  (``x[i+1]`` of a stencil, a shared scalar), so their reverse sweeps add into the
  same shadow; the thread's own stack is the exception (``adjoints.op_load``), and so
  are the bytes a region's own intervals show no other thread touches
  (``ad/sweeps/openmp/ranges.py``: there the adds are plain).
"""

from __future__ import annotations

from enzyme_opt.ad.parallel.openmp_prepare import turn_counter
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantInt, Value
from enzyme_opt.knowledge import openmp as omp

WAIT = "enzyme_opt.omp.wait_turn"


# -- the reverse sweep -----------------------------------------------------------------------
def is_mirrored_call(inst: I.Instruction) -> bool:
    fn = inst.called_function if isinstance(inst, I.CallInst) else None
    return fn is not None and fn.name in omp.MIRRORED


def mirror(b: Builder, inst: I.CallInst, get) -> None:
    """Run the mirror of the runtime call ``inst`` here (``get`` gives the reverse
    sweep's value of a primal one).  Critical sections are undone in exactly the
    reverse order they ran in (their tickets, ``openmp_prepare``): the adjoint of
    the section left last runs first, each waiting for its turn, which also keeps
    them from overlapping."""
    module = b.function.module
    name = inst.called_function.name
    if name == "__kmpc_end_critical":
        turn = turn_counter(inst.arg(2))
        b.call(_wait_function(module), [turn, get(b, ticket_of(inst))])
        return
    if name == "__kmpc_critical":
        turn = turn_counter(inst.arg(2))
        b.insert(I.AtomicRMWInst("sub", turn, ConstantInt(T.i64, 1), "release", 8))
        return
    loc = get(b, inst.arg(0))
    rest = [get(b, a) for a in inst.args[2:]]
    gtid = b.call(runtime_function(module, "__kmpc_global_thread_num", T.i32, (T.ptr,)), [loc], "gtid")
    b.call(module.get_or_declare(omp.MIRRORED[name], T.FunctionType(T.void, (T.ptr, T.i32) + tuple(
        a.type for a in rest))), [loc, gtid, *rest])


def mirror_needs(inst: I.CallInst) -> list[Value]:
    """The primal values the mirror of ``inst`` reads."""
    if inst.called_function.name == "__kmpc_end_critical":
        return [ticket_of(inst)]
    return [a for a in inst.args[2:] if not isinstance(a, GlobalVariable)]


def ticket_of(end: I.CallInst) -> Value:
    """The ticket taken right before the critical section ``end`` leaves."""
    block = end.parent
    for inst in reversed(block.instructions[:block.instructions.index(end)]):
        fn = inst.called_function if isinstance(inst, I.CallInst) else None
        if fn is not None and fn.name == omp.TICKET:
            return inst
    raise DifferentiationError("internal error: a critical section without its ticket")


def _wait_function(module: Module) -> Function:
    """``void wait(ptr turn, i64 ticket)``: until ``turn == ticket + 1``, yield."""
    fn = module.get_function(WAIT)
    if fn is not None:
        return fn
    fn = module.add(Function(WAIT, T.FunctionType(T.void, (T.ptr, T.i64)), ["turn", "ticket"],
                             prefix="internal", suffix=f" #{module.add_attribute_group('nounwind')}"))
    entry, spin, done = (fn.append_block(n) for n in ("entry", "spin", "done"))
    b = Builder(entry)
    mine = b.add(fn.args[1], ConstantInt(T.i64, 1), "mine")
    b.br(spin)
    b.at_end(spin)
    now = b.insert(I.LoadInst(T.i64, fn.args[0], 8, "now", ordering="acquire"))
    ready = b.icmp("eq", now, mine)
    yielded = fn.append_block("yield")
    b.cbr(ready, done, yielded)
    b.at_end(yielded)
    b.call(module.get_or_declare("sched_yield", T.FunctionType(T.i32, ())), [])
    b.br(spin)
    b.at_end(done)
    b.ret()
    return fn


def runtime_function(module: Module, name: str, ret: T.Type, params: tuple) -> Function:
    """The declaration of an OpenMP runtime function (made if missing)."""
    return module.get_or_declare(name, T.FunctionType(ret, params))


def atomic_add(b: Builder, pointer: Value, delta: Value, align: int | None) -> None:
    """``*pointer += delta`` as atomic adds (one per element of a vector): the
    reverse sweeps of several threads may add to the same adjoint (two threads read
    the same ``x[i]``, or a shared scalar)."""
    if isinstance(delta.type, T.VectorType):
        for lane in range(delta.type.count):
            index = ConstantInt(T.i64, lane)
            element = b.gep(delta.type.element, pointer, [index])
            b.atomic_fadd(element, b.extractelement(delta, index))
        return
    b.atomic_fadd(pointer, delta, align)



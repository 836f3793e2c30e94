"""What differentiating GPU code adds to AD (nvptx64, amdgcn).

- **Shared memory** (``addrspace(3)`` globals, one copy per block) gets a
  shadow in shared memory before AD (``prepare``): an ``!enzyme_shadow``
  attachment, so both modes treat it as any global with a shadow.  The
  shadow is zeroed by the block's threads, between two barriers, right
  before each lowered ``__enzyme_*`` call whose derivative touches it
  (``finish``): every thread of the block reaches that point, as it must
  reach the barriers the derivative contains anyway.
- **Barriers** are mirrored: the reverse sweep runs, at the mirrored
  position, the barrier the primal ran, so adjoints written by one thread
  into shared memory are complete before another thread reads them.
- **Atomic adds in the primal** (``atomicAdd(&sum, v)``): forward,
  ``atomicAdd(&sum', v')``; reverse, ``v̄ += sum'`` (an increment passes the
  adjoint of the location through unchanged).
- **Accumulation into shadow memory** is atomic (``atomicrmw fadd``): other
  threads may add to the same place.  Each generated atomic is tagged; after
  AD the ones ``analysis/threads.py`` proves thread-private become plain
  adds, behind a uniform branch on the launch shape the proof assumes.
- **Thread queries** (``threadIdx``…) are recomputed in the reverse sweep,
  never taped: cheaper, and it keeps addresses visible to that analysis.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

from enzyme_opt.analysis import threads
from enzyme_opt.analysis.types import underlying_object
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantAggregate, ConstantExpr, ConstantInt, Value, undef, zero
from enzyme_opt.targets import gpu_target, is_barrier, is_thread_query

#: metadata kind tagging the atomic adds AD generates (only those may be demoted)
ACCUMULATE = "enzyme_opt.accumulate"
SHADOW_SUFFIX = "_shadow"
#: atomicrmw operations on active memory with a rule: the sign of v's share
ATOMIC_ADD_SIGNS = {"fadd": 1.0, "fsub": -1.0}

_tags: "weakref.WeakKeyDictionary[Module, str]" = weakref.WeakKeyDictionary()


@dataclass
class GpuState:
    """What ``prepare`` did, for ``finish``."""

    #: functions of the input (user code); a call from one of them to a
    #: function that is not is a lowered ``__enzyme_*`` call
    user_functions: set[str] = field(default_factory=set)
    #: shared global → the name of the shadow ``prepare`` gave it
    shadows: dict[str, str] = field(default_factory=dict)


# -- questions the generators ask ---------------------------------------------------------
def is_gpu_module(module: Module) -> bool:
    return gpu_target(module.triple) is not None


def is_barrier_call(inst: I.Instruction) -> bool:
    fn = inst.called_function if isinstance(inst, I.CallInst) else None
    return fn is not None and is_barrier(fn.name)


def is_thread_query_call(value: Value) -> bool:
    """A call the reverse sweep may simply repeat (``threadIdx.x`` …)."""
    fn = value.called_function if isinstance(value, I.CallInst) else None
    return fn is not None and fn.is_declaration and is_thread_query(fn.name)


# -- barriers ------------------------------------------------------------------------------
def mirror_barrier(b: Builder, call: I.CallInst) -> None:
    gpu_target(b.function.module.triple).mirror_barrier(b, call)


# -- atomic adds ---------------------------------------------------------------------------
def atomic_add(b: Builder, pointer: Value, delta: Value, align: int | None) -> None:
    """``*pointer += delta`` atomically, tagged as an accumulation AD made."""
    if isinstance(delta.type, T.VectorType):
        for lane in range(delta.type.count):
            index = ConstantInt(T.i64, lane)
            element = b.gep(delta.type.element, pointer, [index])
            _tag(b.atomic_fadd(element, b.extractelement(delta, index)))
    else:
        _tag(b.atomic_fadd(pointer, delta, align))


def _tag(inst: I.Instruction) -> None:
    module = inst.function.module
    ref = _tags.get(module)
    if ref is None:
        ref = _tags[module] = module.add_metadata_node("!{}")
    inst.metadata = (*inst.metadata, (ACCUMULATE, ref))


def check_atomic_update(inst: I.Instruction, fail) -> None:
    """Atomics on active memory: ``fadd``/``fsub`` whose old value is unused
    have rules; anything else would lose derivatives, so it is refused."""
    if isinstance(inst, I.AtomicRMWInst) and inst.operation in ATOMIC_ADD_SIGNS:
        if inst.has_uses():
            raise fail(inst, f"the old value returned by an atomic {inst.operation} on active "
                             f"memory is used: its derivative is not supported")
        return
    raise fail(inst, "atomic read-modify-write on active memory is not supported "
                     "(atomic fadd/fsub with an unused result is)")


def forward_atomic_update(b: Builder, inst: I.AtomicRMWInst, shadow: Value,
                          tangent: Value | None) -> None:
    """``atomicAdd(p, v)`` → also ``atomicAdd(p', v')``."""
    if tangent is None:
        return
    b.insert(I.AtomicRMWInst(inst.operation, shadow, tangent, "monotonic", inst.align,
                             syncscope=inst.syncscope))


def reverse_atomic_update(rules, b: Builder, inst: I.AtomicRMWInst) -> None:
    """``*p ⊕= v`` leaves ``p̄`` as it is and gives ``v̄ ±= p̄``."""
    value = inst.operand(1)
    if value not in rules.gen.slots:
        return
    shadow = rules.gen.get(b, rules.fwd.shadow[inst.operand(0)])
    share = b.load(value.type, shadow, align=inst.align)
    if ATOMIC_ADD_SIGNS[inst.operation] < 0:
        share = b.fneg(share)
    rules.accumulate(b, value, share)


# -- reading and resetting a shadow ------------------------------------------------------------
def take_by_exchange(b: Builder, shadow: Value, ty: T.Type, align: int | None,
                     primal_pointer: Value) -> Value | None:
    """``v̄ = *p̄; *p̄ = 0`` (the adjoint of a store) as one ``atomicrmw xchg``
    where that is faster, else None (a load and a store).  On NVIDIA GPUs a
    load followed by an independent store of a constant to the same address
    stalls the memory pipeline: on an H200, reading and zeroing 2²⁴ doubles
    took 0.40 ms that way and 0.12 ms as exchanges, and the elementwise test
    kernel's gradient went from 0.85 ms to 0.21 ms.  Only into global memory:
    not the thread's own stack, which SROA must still turn into registers (it
    leaves atomics alone), nor shared memory (not measured); not for vectors
    and under-aligned values."""
    target = gpu_target(b.function.module.triple)
    if not getattr(target, "TAKE_BY_EXCHANGE", False) or not isinstance(ty, T.FloatType) \
            or ty.kind not in ("float", "double") or (align or 0) < T.alloc_size(ty):
        return None
    base = _strip_casts(underlying_object(primal_pointer))
    if isinstance(base, I.AllocaInst) or base.type.is_pointer and base.type.addrspace == 3 \
            or primal_pointer.type.addrspace == 3:
        return None
    return b.insert(I.AtomicRMWInst("xchg", shadow, zero(ty), "monotonic", align))


# -- before AD: shadows for shared memory ---------------------------------------------------
def prepare(module: Module, target) -> GpuState:
    """Give every shared-memory global that holds floating-point data, and
    has no shadow yet, a shadow in shared memory."""
    state = GpuState(user_functions={f.name for f in module.functions})
    for g in list(module.globals):
        if g.type.addrspace != 3 or g.initializer is None or g.metadata_text("enzyme_shadow") \
                or g.metadata_text("enzyme_inactive") or not T.contains_float(g.value_type):
            continue
        name = module.unique_name(g.name + SHADOW_SUFFIX)
        align = _align_of(g)
        shadow = GlobalVariable(name, g.value_type, undef(g.value_type), prefix="internal addrspace(3)",
                                suffix=f", align {align}", addrspace=3)
        module.add(shadow)
        ref = module.add_metadata_node(f"!{{ptr addrspace(3) {shadow.ref()}}}")
        g.suffix += f", !enzyme_shadow {ref}"
        state.shadows[g.name] = name
    return state


def _align_of(g: GlobalVariable) -> int:
    return g.align or T.abi_align(g.value_type)


# -- after AD -------------------------------------------------------------------------------
def finish(module: Module, target, state: GpuState) -> None:
    """Zero shared-memory shadows where derivatives start, turn provably
    thread-private accumulations into plain adds, and tidy up."""
    shadows = {module.get(s) for s in state.shadows.values()} - {None}
    _zero_shadows_at_lowered_calls(module, target, state, shadows)
    _demote_private_accumulations(module)
    for inst in (i for fn in module.functions for i in fn.instructions()):
        inst.metadata = [(k, v) for k, v in inst.metadata if k != ACCUMULATE]
    for name, shadow_name in state.shadows.items():
        shadow, primal = module.get(shadow_name), module.get(name)
        if shadow is not None and not shadow.has_uses():
            module.remove(shadow)
            if primal is not None:
                primal.suffix = _without_attachment(primal.suffix, "enzyme_shadow")
    _drop_markers(module)
    if target.NAME == "amdgcn":
        _drop_amdgpu_no_hints(module)
        _allocas_in_private_space(module)


def _drop_markers(module: Module) -> None:
    """CUDA puts every ``__device__`` variable it defines into
    ``@llvm.compiler.used`` (for the host to register), markers like
    ``__device__ int enzyme_dup;`` too: take them out, then the markers
    nothing uses any more are removed."""
    from enzyme_opt.abi.entries import MARKERS
    for name in ("llvm.compiler.used", "llvm.used"):
        used = module.get(name)
        if not isinstance(used, GlobalVariable) or used.initializer is None:
            continue
        elements = used.initializer.operands
        keep = [e for e in elements if _strip_casts(e).name not in MARKERS]
        if len(keep) == len(elements):
            continue
        for element in elements:
            if element not in keep and isinstance(element, ConstantExpr):
                element.drop_operands()
        used.initializer.drop_operands()
        if keep:
            used.value_type = T.ArrayType(len(keep), used.value_type.element)
            used.set_operand(0, ConstantAggregate(used.value_type, keep))
        else:
            module.remove(used)
    for g in list(module.globals):
        if g.name in MARKERS and not _is_used(g):
            module.remove(g)


def _is_used(value: Value) -> bool:
    """Used by anything but constant expressions nothing uses (the casts
    of a marker load that lowering erased stay behind)?"""
    return any(not isinstance(use.user, ConstantExpr) or _is_used(use.user)
               for use in value.uses)


def _strip_casts(value: Value) -> Value:
    while isinstance(value, ConstantExpr) and value.opcode in ("addrspacecast", "bitcast"):
        value = value.operand(0)
    return value


def _without_attachment(suffix: str, kind: str) -> str:
    import re
    return re.sub(r",\s*!" + re.escape(kind) + r" ![\w.]+", "", suffix)


def _zero_shadows_at_lowered_calls(module: Module, target, state: GpuState,
                                   shadows: set[GlobalVariable]) -> None:
    if not shadows:
        return
    for fn in list(module.functions):
        if fn.name not in state.user_functions or fn.is_declaration:
            continue
        for inst in list(fn.instructions()):
            callee = inst.called_function if isinstance(inst, I.CallInst) else None
            if callee is None or callee.name in state.user_functions or callee.is_declaration:
                continue
            used = sorted(_globals_reached(callee) & shadows, key=lambda g: g.name)
            if used:
                _zero_before(Builder().before(inst), target, used)


def _globals_reached(root: Function) -> set[GlobalVariable]:
    """Globals the call tree of ``root`` refers to."""
    found: set[GlobalVariable] = set()
    seen: set[Function] = set()
    work = [root]
    while work:
        fn = work.pop()
        if fn in seen or fn.is_declaration:
            continue
        seen.add(fn)
        for inst in fn.instructions():
            for operand in inst.operands:
                _collect_globals(operand, found, work)
    return found


def _collect_globals(value: Value, found: set, work: list) -> None:
    if isinstance(value, GlobalVariable):
        found.add(value)
    elif isinstance(value, Function):
        work.append(value)
    elif isinstance(value, ConstantExpr):
        for operand in value.operands:
            _collect_globals(operand, found, work)


def _zero_before(b: Builder, target, shadows: list[GlobalVariable]) -> None:
    """barrier; every thread zeroes its share of each shadow; barrier."""
    target.block_barrier(b)
    index, count = target.thread_in_block(b)
    for shadow in shadows:
        _zero_strided(b, shadow, index, count)
    target.block_barrier(b)


def _zero_strided(b: Builder, shadow: GlobalVariable, index: Value, count: Value) -> None:
    """``for (k = index; k < n; k += count) shadow[k] = 0`` in the widest
    unit the size and alignment allow."""
    size = T.alloc_size(shadow.value_type)
    unit = next(t for t in (T.i64, T.i32, T.i8)
                if size % T.alloc_size(t) == 0 and _align_of(shadow) >= T.alloc_size(t))
    n = ConstantInt(T.i32, size // T.alloc_size(unit))
    with b.if_then(b.icmp("ult", index, n), name="zero.shadow"):
        head = b.block
        loop = b.function.append_block("zero.shadow.loop", after=head)
        done = b.function.append_block("zero.shadow.done", after=loop)
        b.br(loop)
        b.at_end(loop)
        k = b.phi(T.i32, "k")
        b.store(ConstantInt(unit, 0), b.gep(unit, shadow, [b.cast("zext", k, T.i64)]))
        nxt = b.add(k, count, "k.next")
        b.cbr(b.icmp("ult", nxt, n), loop, done)
        k.add_incoming(index, head)
        k.add_incoming(nxt, loop)
        b.at_end(done)


def _allocas_in_private_space(module: Module) -> None:
    """AMDGPU keeps stack memory in address space 5 (its datalayout says
    ``A5``); the generators allocate in the generic space, so each of their
    allocas becomes ``addrspace(5)`` plus a cast back, as clang emits them."""
    for fn in module.functions:
        for inst in list(fn.instructions()):
            if isinstance(inst, I.AllocaInst) and inst.addrspace == 0:
                count = inst.count
                private = I.AllocaInst(inst.allocated_type, count, inst.align, "", 5, inst.prefix)
                generic = I.CastInst("addrspacecast", private, T.ptr, inst.name)
                inst.parent.insert_before(inst, private)
                inst.parent.insert_before(inst, generic)
                inst.replace_all_uses_with(generic)
                inst.erase()


def _drop_amdgpu_no_hints(module: Module) -> None:
    """``"amdgpu-no-workitem-id-y"`` and friends promise the back end that a
    function never asks for something; derivatives inherit them from the
    primal but may ask (shadow zeroing, launch-shape checks)."""
    import re
    for gid, text in module.attribute_groups.items():
        module.attribute_groups[gid] = re.sub(r'\s*"amdgpu-no-[\w-]+"', "", text)


# -- thread-private accumulation -----------------------------------------------------------
def _demote_private_accumulations(module: Module) -> None:
    """Each tagged atomic add that ``analysis/threads.py`` proves private
    becomes ``*p = *p + v``: unconditionally into a thread's own stack,
    else behind one uniform branch on the launch shape the proof needs
    (a 1-D block, or a 1-D grid of 1-D blocks)."""
    private = threads.private_accumulations(module, ACCUMULATE)
    flags: dict[tuple[Function, str], Value] = {}
    for inst, scope in private.items():
        fn = inst.function
        if scope == threads.THREAD:
            _plain_add(Builder().before(inst), inst)
            inst.erase()
            continue
        key = (fn, scope)
        if key not in flags:
            flags[key] = _launch_shape_check(Builder().at_start(fn.entry), scope)
        _branch_on(flags[key], inst)


def _launch_shape_check(b: Builder, scope: str) -> Value:
    """The i1 the privacy proof of ``scope`` assumes (uniform: the same in
    every thread): blocks are one-dimensional, and for the grid scope the
    grid is too, with fewer than 2³¹ threads (32-bit indices cannot wrap)."""
    from enzyme_opt.targets.nvptx import special_register
    one = ConstantInt(T.i32, 1)
    flag = b.binop("and", b.icmp("eq", special_register(b, "ntid.y"), one),
                   b.icmp("eq", special_register(b, "ntid.z"), one))
    if scope == threads.GRID:
        flag = b.binop("and", flag, b.binop("and",
                       b.icmp("eq", special_register(b, "nctaid.y"), one),
                       b.icmp("eq", special_register(b, "nctaid.z"), one)))
        threads_x = b.mul(b.cast("zext", special_register(b, "ntid.x"), T.i64),
                          b.cast("zext", special_register(b, "nctaid.x"), T.i64))
        flag = b.binop("and", flag, b.icmp("ult", threads_x, ConstantInt(T.i64, 1 << 31)))
    flag.name = f"{scope}.is.1d"
    return flag


def _plain_add(b: Builder, inst: I.AtomicRMWInst) -> None:
    pointer, delta = inst.operands
    b.store(b.fadd(b.load(delta.type, pointer, align=inst.align), delta), pointer, inst.align)


def _branch_on(flag: Value, inst: I.AtomicRMWInst) -> None:
    """``if (flag) plain add; else the atomic`` in place of ``inst``."""
    b = Builder().before(inst)
    block = inst.parent
    fn = block.parent
    rest = block.instructions[block.instructions.index(inst) + 1:]
    del block.instructions[block.instructions.index(inst):]
    plain = fn.append_block("private.add", after=block)
    shared = fn.append_block("shared.add", after=plain)
    join = fn.append_block("added", after=shared)
    for moved in rest:
        join.append(moved)
    _retarget_phis(block, join)
    b.at_end(block)
    b.cbr(flag, plain, shared)
    b.at_end(plain)
    _plain_add(b, inst)
    b.br(join)
    shared.append(inst)
    b.at_end(shared)
    b.br(join)


def _retarget_phis(old, new) -> None:
    """Successors of ``new`` (which took over ``old``'s terminator) name it
    in their phis."""
    for succ in new.successors:
        for phi in succ.phis:
            phi.set_incoming([(v, new if p is old else p) for v, p in phi.incoming])

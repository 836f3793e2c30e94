"""Plain adds into shadow memory that no other thread of an OpenMP team adds to.

The reverse sweep of a parallel region adds each load's adjoint into shadow memory
(``x̄[i] += …``).  Two threads that read the same element — a stencil's ``u[i±1]``, a
shared scalar — add into the same shadow element, so those adds must be atomic; on
x86 an atomic float add is a ``lock cmpxchg`` loop, and it was 70–76 % of a region's
gradient (docs/performance.md, section 7).  But in a statically scheduled loop most
elements are read by one thread only, and for those a plain add is exact.  Which ones
is decided at run time, from what the forward sweep saw, so that no loop shape,
vectorization or aliasing of the arrays has to be understood at compile time:

1. **The augmented sweep records.**  The region's accesses of floats through pointers
   with shadows, not on the thread's own stack, are put in *groups*, one per underlying
   object of their pointer (``analysis.types.underlying_object``; past ``MAX_GROUPS``
   the last group takes the rest).  Each thread keeps, per group, the interval
   ``[lo, hi)`` of shadow bytes those accesses' shadows covered: ``lo = min p̄``,
   ``hi = max p̄ +`` the group's widest access.  Every access the reverse sweep makes
   to shared shadow memory is at such a ``p̄``, the shadow the forward sweep had (taped
   or recomputed from the same values): a load's adjoint adds there, a store's reads
   and zeroes it, an atomic update's reads it.  So the intervals hold every shadow byte
   this thread's reverse sweep of the region touches.  The region's augmented function
   pushes its intervals as its last tape record.
2. **The fork wrappers exchange them** (``ad/sweeps/openmp/forks.py``): after the
   augmented sweep each thread copies its record into a table of the team's; before the
   reverse sweep each thread cuts from each of its intervals every byte that any *other*
   thread's interval (of any group) covers (``exclusive_function``), and leaves the
   result ``[a, b)`` in place of its record.  The table is written before the forward
   fork joins and read after the reverse fork starts: the runtime's join orders them.
3. **The reverse sweep adds plainly inside ``[a, b)``.**  It pops the record first; an
   add of ``n`` bytes at ``p̄`` is a plain load-add-store when ``a ≤ p̄`` and
   ``p̄ + n ≤ b``, else atomic (``add_function``; the adds of a block together, behind
   one test, ``ReverseRanges``).

**Why it is sound.**  A plain add loses nothing unless another thread accesses the same
bytes during the region's reverse sweep.  Every access of another thread lies inside
that thread's recorded intervals, which ``[a, b)`` avoids byte for byte — whatever the
primal did, even loads LLVM made speculatively.  A thread whose element is not in its
``[a, b)`` adds atomically; an element in no thread's ``[a, b)`` is added to atomically
by everyone.  A region run on one thread (``if(0)``: the microtask called directly,
without a fork) pops its own intervals: exclusive, as nobody else runs.

**What the proof needs from the region** (``_eligible``, else every add stays atomic as
before): the reverse sweep touches shared shadow memory only at the accesses of the
microtask itself.  A call whose derivative could touch it (a differentiated callee, a
custom rule, a ``memcpy`` or ``memset``) does so where no interval says, so a region
calling one keeps atomics throughout.  The intervals cost two compares per access in
the forward sweep, the decision two per add in the reverse sweep, against a locked
instruction.
"""

from __future__ import annotations

import weakref

from enzyme_opt.ad.parallel.openmp_prepare import is_forked_region
from enzyme_opt.ad.rules.math import type_suffix
from enzyme_opt.ad.sweeps.tape import read_record, write_record
from enzyme_opt.analysis.types import underlying_object
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, Module
from enzyme_opt.ir.values import ConstantInt, Value
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge import openmp as omp

#: groups of accesses with an interval each; accesses past the last get the last one (a
#: wider interval: fewer plain adds, never a wrong one)
MAX_GROUPS = 16
#: the call kinds whose derivatives touch no shadow memory
_NO_ADDS = frozenset({calls.ALLOCATE, calls.FREE, calls.INACTIVE, calls.MATH, calls.TAPE})
EXCLUSIVE = "enzyme_opt.omp.exclusive"
ADD = "enzyme_opt.omp.add"
_EMPTY_LO = ConstantInt(T.i64, -1)
_EMPTY_HI = ConstantInt(T.i64, 0)

#: augmented region function → its accesses' groups
_groups: "weakref.WeakKeyDictionary[Function, dict]" = weakref.WeakKeyDictionary()
#: module → {name of a region's augmented or reverse function: its number of groups}
_counts: "weakref.WeakKeyDictionary[Module, dict]" = weakref.WeakKeyDictionary()


def group_count(fn: Function) -> int:
    """How many intervals the region function ``fn`` records or reads (0: none, its
    adds are all atomic); a record of ``record_bytes(count)``."""
    return _counts.get(fn.module, {}).get(fn.name, 0)


def record_bytes(count: int) -> int:
    return 16 * count


# -- the augmented sweep ------------------------------------------------------------------
def record_ranges(fwd) -> None:
    """In a region's augmented function (``fwd.out``, its generation done): keep each
    group's interval of shadow bytes accessed, and push the intervals last."""
    groups = _access_groups(fwd) if _eligible(fwd) else {}
    if not groups:
        return
    out = fwd.out
    count = max(groups.values()) + 1
    _counts.setdefault(out.module, {})[out.name] = count
    _groups[out] = groups
    b = Builder().at_start(out.entry)
    slots = []
    for g in range(count):
        lo, hi = b.alloca(T.i64, f"omp.lo.{g}"), b.alloca(T.i64, f"omp.hi.{g}")
        b.store(_EMPTY_LO, lo)
        b.store(_EMPTY_HI, hi)
        slots.append((lo, hi))
    # Each access keeps the lowest and the highest address it started at; the end of
    # the interval is the highest start plus the group's widest access (an upper bound
    # of every access's end: a wider interval, never a narrower one).
    widest = [0] * count
    for access, g in groups.items():
        b = Builder().after(access)
        pointer = access.pointer if isinstance(access, I.StoreInst) else access.operand(0)
        size = T.alloc_size(access.value.type if isinstance(access, I.StoreInst) else access.type)
        widest[g] = max(widest[g], size)
        start = b.cast("ptrtoint", fwd.shadow[pointer], T.i64)
        lo, hi = slots[g]
        old_lo, old_hi = b.load(T.i64, lo), b.load(T.i64, hi)
        b.store(b.select(b.icmp("ult", start, old_lo), start, old_lo), lo)
        b.store(b.select(b.icmp("ugt", start, old_hi), start, old_hi), hi)
    for ret in [i for i in out.instructions() if isinstance(i, I.ReturnInst)]:
        b = Builder().before(ret)
        values = [b.load(T.i64, s, f"{s.name}.last") for pair in slots for s in pair]
        for g in range(count):
            # A group no access reached stays [2⁶⁴−1, widest): empty, overlapping nothing.
            values[2 * g + 1] = b.add(values[2 * g + 1], ConstantInt(T.i64, widest[g]),
                                      f"omp.end.{g}")
        write_record(b, fwd.tape, values)


def _eligible(fwd) -> bool:
    """The region's microtask itself (its callees are not forked), at width 1, calling
    nothing whose derivative could add into shadow memory (module docstring)."""
    if fwd.width != 1 or not is_forked_region(fwd.request.function):
        return False
    for inst in fwd.request.function.instructions():
        if isinstance(inst, I.CallInst):
            fn = inst.called_function
            if fn is None or not (calls.call_kind(inst) in _NO_ADDS or
                                  omp.is_runtime_function(fn.name)):
                return False
    return True


def _access_groups(fwd) -> dict[I.Instruction, int]:
    """Every access whose adjoint touches shared shadow memory: a load, store or atomic
    update of floats through a pointer with a shadow, not on the thread's own stack."""
    groups: dict[I.Instruction, int] = {}
    roots: dict[Value, int] = {}
    for inst in list(fwd.out.instructions()):
        if not isinstance(inst, (I.LoadInst, I.StoreInst, I.AtomicRMWInst)):
            continue
        pointer = inst.operand(0) if not isinstance(inst, I.StoreInst) else inst.pointer
        value_type = inst.value.type if isinstance(inst, I.StoreInst) else inst.type
        root = underlying_object(pointer)
        if pointer in fwd.shadow and T.contains_float(value_type) and \
                not isinstance(root, I.AllocaInst):
            if root not in roots:
                roots[root] = min(len(roots), MAX_GROUPS - 1)
            groups[inst] = roots[root]
    return groups


# -- the reverse sweep --------------------------------------------------------------------
class ReverseRanges:
    """A region's reverse sweep: its exclusive intervals, popped first, and its adds.

    The adds of a block are queued and made together (``flush``), behind one test that
    they all lie in the exclusive intervals: a stencil adds to ``u[i-1]``, ``u[i]`` and
    ``u[i+1]`` in one iteration, and with a branch between each two LLVM could not keep
    the element one add stored in a register for the next (nor avoid the stall of a
    load that overlaps the previous store).  The queue is flushed before anything else
    that touches memory or synchronizes (a store's adjoint, a mirrored barrier or
    critical section, any call), and at the end of each block, so the adds keep their
    order with respect to everything else; among themselves they keep theirs too."""

    #: adds made together at most (then the queue is flushed)
    MAX_QUEUED = 16
    #: the primal instructions before whose adjoints the queue is flushed
    FLUSH_BEFORE = frozenset({"store", "call", "invoke", "atomicrmw", "cmpxchg", "fence"})

    @staticmethod
    def of(gen) -> "ReverseRanges | None":
        groups = _groups.get(gen.forward.out)
        return ReverseRanges(gen, groups) if groups else None

    def __init__(self, gen, groups: dict[I.Instruction, int]):
        self.groups = groups
        count = max(groups.values()) + 1
        _counts.setdefault(gen.rev.module, {})[gen.rev.name] = count
        # The entry block is still empty: this pop comes before every other one.
        b = Builder(gen.entry_builder.block)
        values = read_record(b, gen.tape, [_EMPTY_HI] * (2 * count))
        self.bounds = [(values[2 * g], values[2 * g + 1]) for g in range(count)]
        #: (pointer, delta, align, group) of the adds not made yet
        self.queue: list[tuple[Value, Value, int, int]] = []

    def add(self, b: Builder, pointer: Value, delta: Value, align: int | None,
            load: I.Instruction | None) -> None:
        """``*pointer += delta`` for the adjoint of ``load`` (queued): plain inside the
        thread's exclusive interval of the load's group, else atomic."""
        group = self.groups.get(load)
        if group is None:
            # An add the forward sweep did not record would void every plain add.
            raise AssertionError(f"internal error: an OpenMP adjoint add of {load} has no "
                                 f"recorded interval")
        self.queue.append((pointer, delta, align or T.abi_align(delta.type.scalar), group))
        if len(self.queue) >= self.MAX_QUEUED:
            self.flush(b)

    def before(self, b: Builder, inst: I.Instruction) -> None:
        """Called before the adjoint of ``inst`` is made."""
        if inst.opcode in self.FLUSH_BEFORE:
            self.flush(b)

    def flush(self, b: Builder) -> None:
        """Make the queued adds, here."""
        if not self.queue:
            return
        kinds = tuple((delta.type, align) for _, delta, align, _ in self.queue)
        args = []
        for pointer, delta, _, group in self.queue:
            args += [pointer, delta, *self.bounds[group]]
        b.call(add_function(b.function.module, kinds), args)
        self.queue = []


def add_function(module: Module, kinds: tuple) -> Function:
    """``void enzyme_opt.omp.add.<kinds>(ptr p₁, T₁ v₁, i64 a₁, i64 b₁, …)``: each
    ``*pᵢ += vᵢ`` (``kinds``: each ``(Tᵢ, alignment)``), plainly when every ``[pᵢ, pᵢ +
    size)`` lies in its ``[aᵢ, bᵢ)``, else all atomically (one atomic add an element of a
    vector).  Always inlined."""
    name = ADD + "." + "_".join(f"{type_suffix(ty)}.a{align}" for ty, align in kinds)
    fn = module.get_function(name)
    if fn is not None:
        return fn
    gid = module.add_attribute_group("alwaysinline nounwind")
    params = tuple(t for ty, _ in kinds for t in (T.ptr, ty, T.i64, T.i64))
    names = [n if len(kinds) == 1 else f"{n}{k}" for k in range(len(kinds))
             for n in ("p", "v", "a", "b")]
    fn = module.add(Function(name, T.FunctionType(T.void, params), names, prefix="internal",
                             suffix=f" #{gid}"))
    adds = [(fn.args[4 * k:4 * k + 4], ty, align) for k, (ty, align) in enumerate(kinds)]
    entry, plain, atomic, done = (fn.append_block(n) for n in ("entry", "plain", "atomic", "done"))
    b = Builder(entry)
    exclusive = ConstantInt(T.i1, 1)
    for (p, _, a, bound), ty, _ in adds:
        # p + size does not wrap: the add accesses those bytes, and no object wraps
        # around the end of the address space.
        start = b.cast("ptrtoint", p, T.i64, "start")
        end = b.add(start, ConstantInt(T.i64, T.alloc_size(ty)), "end", "nuw")
        inside = b.binop("and", b.icmp("uge", start, a), b.icmp("ule", end, bound))
        exclusive = b.binop("and", exclusive, inside, "exclusive")
    b.cbr(exclusive, plain, atomic)
    b.at_end(plain)
    for (p, v, _, _), ty, align in adds:
        if isinstance(ty, T.VectorType):
            # One element at a time, as the serial sweep adds (store-to-load forwarding).
            for k in range(ty.count):
                at = b.gep(ty.element, p, [ConstantInt(T.i64, k)])
                part = b.extractelement(v, ConstantInt(T.i64, k))
                b.store(b.fadd(b.load(ty.element, at), part), at)
        else:
            b.store(b.fadd(b.load(ty, p, align=align), v), p, align)
    b.br(done)
    b.at_end(atomic)
    for (p, v, _, _), ty, align in adds:
        if isinstance(ty, T.VectorType):
            for k in range(ty.count):
                at = b.gep(ty.element, p, [ConstantInt(T.i64, k)])
                b.atomic_fadd(at, b.extractelement(v, ConstantInt(T.i64, k)))
        else:
            b.atomic_fadd(p, v, align)
    b.br(done)
    b.at_end(done)
    b.ret()
    return fn


# -- between the sweeps: the team's intervals made exclusive ----------------------------------
def exclusive_function(module: Module) -> Function:
    """``void enzyme_opt.omp.exclusive(ptr table, i64 groups, i64 team, i64 me, ptr mine)``:
    cut from each interval ``[a, b)`` at ``mine`` (thread ``me``'s, ``groups`` pairs of
    i64) every interval of every other thread in ``table`` (``team`` records of the same
    size, thread ``s``'s at ``s · 16 · groups``).  Against each ``[c, d)`` that overlaps
    it: from below (``c ≤ a``) ``a = d``; from above (``d ≥ b``) ``b = c``; inside, the
    larger side stays.  Afterwards ``[a, b) ∩ [c, d) = ∅``, and later cuts only shrink
    ``[a, b)``; an empty interval (``a ≥ b``) stays empty, an empty ``[c, d)``
    (``c = 2⁶⁴−1, d = 0``) overlaps nothing."""
    fn = module.get_function(EXCLUSIVE)
    if fn is not None:
        return fn
    gid = module.add_attribute_group("nounwind")
    fn = module.add(Function(EXCLUSIVE, T.FunctionType(T.void, (T.ptr, T.i64, T.i64, T.i64, T.ptr)),
                             ["table", "groups", "team", "me", "mine"], prefix="internal",
                             suffix=f" #{gid}"))
    table, groups, team, me, mine = fn.args
    entry, outer, inner, next_group, done = (fn.append_block(n) for n in
                                             ("entry", "group", "other", "next.group", "done"))
    b = Builder(entry)
    others = b.mul(groups, team, "intervals")
    b.cbr(b.icmp("eq", groups, ConstantInt(T.i64, 0)), done, outer)
    b.at_end(outer)
    r = b.phi(T.i64, "r")
    a_at = b.gep(T.i64, mine, [b.mul(r, ConstantInt(T.i64, 2))], "a.at")
    b_at = b.gep(T.i64, a_at, [ConstantInt(T.i64, 1)], "b.at")
    a0, b0 = b.load(T.i64, a_at, "a0"), b.load(T.i64, b_at, "b0")
    b.br(inner)
    b.at_end(inner)
    k, a, hi = b.phi(T.i64, "k"), b.phi(T.i64, "a"), b.phi(T.i64, "b")
    c_at = b.gep(T.i64, table, [b.mul(k, ConstantInt(T.i64, 2))], "c.at")
    c = b.load(T.i64, c_at, "c")
    d = b.load(T.i64, b.gep(T.i64, c_at, [ConstantInt(T.i64, 1)]), "d")
    other = b.icmp("ne", b.binop("udiv", k, groups), me, "other")
    overlap = b.binop("and", other, b.binop("and", b.icmp("ult", c, hi), b.icmp("ult", a, d)),
                      "overlap")
    below = b.icmp("ule", c, a, "below")
    keep_low = b.binop("or", b.icmp("uge", d, hi),
                       b.icmp("uge", b.sub(c, a), b.sub(hi, d)), "keep.low")
    cut_high = b.binop("and", b.binop("xor", below, ConstantInt(T.i1, 1)), keep_low, "cut.high")
    new_a = b.select(b.binop("and", overlap, b.binop("xor", cut_high, ConstantInt(T.i1, 1))),
                     d, a, "a.next")
    new_b = b.select(b.binop("and", overlap, cut_high), c, hi, "b.next")
    k_next = b.add(k, ConstantInt(T.i64, 1), "k.next")
    b.cbr(b.icmp("eq", k_next, others), next_group, inner)
    k.add_incoming(ConstantInt(T.i64, 0), outer)
    k.add_incoming(k_next, inner)
    a.add_incoming(a0, outer)
    a.add_incoming(new_a, inner)
    hi.add_incoming(b0, outer)
    hi.add_incoming(new_b, inner)
    b.at_end(next_group)
    b.store(new_a, a_at)
    b.store(new_b, b_at)
    r_next = b.add(r, ConstantInt(T.i64, 1), "r.next")
    b.cbr(b.icmp("eq", r_next, groups), done, outer)
    r.add_incoming(ConstantInt(T.i64, 0), entry)
    r.add_incoming(r_next, next_group)
    b.at_end(done)
    b.ret()
    return fn

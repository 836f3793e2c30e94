"""Run-time activity: constant data reached through shadow memory.

A pointer without a shadow (an ``enzyme_const`` argument, a pointer to memory holding no
derivatives) may be stored into memory that has one: ``h.w = w`` next to ``h.x = x``, a
``std::vector<const double *>`` of constant rows, the data pointer of a constant Eigen
matrix kept in an evaluator.  The shadow slot then gets **the primal pointer itself**
(Enzyme's convention under "runtime activity"): a valid pointer to the constant data, so
whatever is later read through it is a valid read, and a pointer read back through it is
again its own shadow.

Every dereference of a shadow that may have come from memory is then checked at run time:
``shadow == primal`` means the data is constant, and its derivative is not wanted —

* a tangent (or a value taken from shadow memory) read through it is 0;
* a store, an adjoint ``+=``, a zeroing through it goes to a scratch slot of the
  function's own instead (``store`` / ``add`` never touch the constant data, which may
  even be read-only);
* a shadow ``memcpy``/``memset`` through it gets length 0.

No branches are added: each check is an ``icmp eq`` and ``select``s, which LLVM folds
where it can prove the pointers differ.

Which shadows are checked: those whose primal pointer is not based on memory this
function allocated (an ``alloca``, an allocation call) or on a global: arguments, pointers
loaded from memory, call results, and what GEPs, casts, phis and selects derive from them.

The checks exist only in modules that need them: differentiation first runs without
them, and the first store of a pointer without a shadow into shadow memory that floats are
later read through (or nothing the pointee analysis can see: a flow it missed) raises
``NeedsRuntimeActivity``; the driver then differentiates the
module again from its text with ``Context.runtime_activity`` on.  A module without such a
store is differentiated exactly as before.
"""

from __future__ import annotations

from enzyme_opt.ad.utils import split_lanes
from enzyme_opt.analysis.local_memory import is_allocation
from enzyme_opt.analysis.types import underlying_object, uses_through_offsets
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalValue, GlobalVariable
from enzyme_opt.ir.values import Constant, ConstantInt, Value, zero
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind


class NeedsRuntimeActivity(DifferentiationError):
    """A pointer without a shadow is stored into shadow memory and floats are read through
    it later: the module must be differentiated again with run-time activity checks
    (``driver.differentiate`` does).  Its message is the refusal a caller that cannot
    start again reports."""


def refuse_in_driver(ctx, what: str, where: str) -> None:
    """A mode whose driver copies or zeroes shadow memory itself (a fixed-point loop's
    states) writes no checks: with run-time activity on, refused in one line.  (A
    checkpointed loop's driver only hands the shadows on to its step's derivatives, which
    check them.)"""
    if ctx.runtime_activity:
        raise DifferentiationError(f"{what} in a module that keeps constant data by pointer in "
                                   f"shadow memory (a pointer without a shadow stored into "
                                   f"memory that has one) is not supported: pass the data with "
                                   f"enzyme_dup and a zeroed shadow", where or ctx.filename)


class RuntimeActivity:
    """The checks of one generated function (all no-ops when ``enabled`` is False)."""

    def __init__(self, enabled: bool, function=None, fail=None):
        self.enabled = enabled
        #: the function the checks are written into (its entry block gets the scratch slots)
        self.function = function
        #: ``fail(inst, message)`` → the diagnostic of a construct the checks cannot cover
        self.fail = fail
        self._scratch: dict[T.Type, Value] = {}

    def check_store(self, ctx, inst: I.StoreInst, shadowed, primal_of) -> None:
        """A store into shadow memory of a value that may be a pointer without a shadow:
        fine (nothing read through it, or a shadow of its own); refused in one line when
        it points into writable memory floats are read from; else the module needs
        run-time activity (``NeedsRuntimeActivity`` until it has it).  A pointer into
        writable memory whose reads the pointee analysis cannot see keeps its null
        shadow, as it did before run-time activity."""
        from enzyme_opt.analysis.activity import (inactive_pointer_into_shadow,
                                                  writable_origin_of_unshadowed,
                                                  writable_unshadowed_message)
        problem = inactive_pointer_into_shadow(inst, shadowed, ctx.pointee_types, primal_of)
        unknown = problem is None and inactive_pointer_into_shadow(
            inst, shadowed, ctx.pointee_types, primal_of, unknown_counts=True)
        if not (problem or unknown):
            return
        origin = writable_origin_of_unshadowed(inst.value, shadowed)
        if problem and origin is not None:
            raise self.fail(inst, writable_unshadowed_message(origin))
        if origin is None and not self.enabled:
            raise NeedsRuntimeActivity(problem or unknown, ctx.where(inst))

    def check_merge(self, ctx, merge: I.Instruction, value: Value, shadowed) -> None:
        """``value``, an operand of a select or phi of pointers ``merge``, has no shadow
        while the merge has one: on the path that chooses ``value`` the merge's shadow
        would be null, and a shadow read or written through it a crash (clang -O2 turns
        ``m->c = cd; if (…) m->c = x;`` into ``select c, x, cd``).  When anything but
        nothing is accessed through the merge, the module needs run-time activity, under
        which ``value`` is its own shadow and those accesses are checked."""
        if self.enabled or value in shadowed or not value.type.scalar.is_pointer:
            return
        base = underlying_object(value)
        if isinstance(base, Function) or (isinstance(base, Constant)
                                          and not isinstance(base, GlobalValue)):
            return  # null, undef: nothing is read through them; a function: its table's
            # shadow is ad/sweeps/indirect.py's
        if _shadow_accessed_through(merge):
            what = f"%{value.name}" if value.name else "a pointer"
            raise NeedsRuntimeActivity(
                f"{what} has no shadow (it is enzyme_const, or points to memory that holds no "
                f"derivatives) but a select or phi chooses between it and a pointer that has "
                f"one, and values are read through the choice: its derivative would "
                f"dereference a null shadow; pass it with enzyme_dup and a zeroed shadow",
                ctx.where(merge))

    def may_be_constant(self, primal: Value | None) -> bool:
        """Could the shadow of ``primal`` be ``primal`` itself (constant data)?"""
        if not self.enabled or primal is None or not primal.type.scalar.is_pointer:
            return False
        base = underlying_object(primal)
        return not (is_allocation(base) or isinstance(base, GlobalVariable))

    def is_constant(self, b: Builder, shadow: Value, primal: Value) -> Value:
        """``shadow == primal``: the i1 that says the data is constant."""
        return b.icmp("eq", shadow, primal, "shadow.is.primal")

    def refuse(self, inst: I.Instruction, what: str, primal: Value | None) -> None:
        """A one-line refusal of ``what`` through a shadow that may be constant data."""
        if self.may_be_constant(primal):
            raise self.fail(inst, f"{what} through a pointer that may point to constant data (a "
                                  f"pointer without a shadow was stored into memory that has "
                                  f"one) is not supported: pass the data with enzyme_dup and a "
                                  f"zeroed shadow")

    def stop_lost_derivative(self, b: Builder, shadows: list, primal: Value, where: str,
                             here: Value | None = None, moved: Value | None = None) -> None:
        """A value that carries a derivative is written (stored, or copied from real shadow
        memory: ``moved``, the i1 that the source is one) through ``shadows``, which may be
        constant data's own pointer: constant data holds no derivative, so the derivative
        would be lost without a word — the program stops there instead, with the reason
        (``helpers.stop_if``).  Reading constant data is fine; writing a derivative into it
        is the user's mistake (the data was passed as constant) or memory we took for it."""
        if not self.may_be_constant(primal):
            return
        from enzyme_opt.ad.helpers import stop_if
        text = (f"enzyme-opt: {where}: a value that carries a derivative is written into "
                f"constant data (memory reached through a pointer without a shadow, kept in "
                f"shadow memory), where its derivative would be lost: pass the data with "
                f"enzyme_dup and a zeroed shadow\n").encode()
        for shadow in shadows:
            constant = self.is_constant(b, shadow, primal if here is None else here)
            if moved is not None:
                constant = b.binop("and", constant, moved)
            stop_if(b, constant, text, "enzyme_opt.lost_derivative_message")

    # -- the guarded operations ------------------------------------------------------------
    # ``primal`` is the pointer of the primal code (asked ``may_be_constant``); ``here``, its
    # value in the function being written (the reverse sweep's copy of it), default ``primal``.
    def read(self, b: Builder, inst: I.Instruction, shadow: Value, primal: Value,
             loaded: Value, here: Value | None = None) -> Value:
        """What ``inst`` read through ``shadow`` (a float, or floats), 0 where it is
        constant data."""
        if not self.may_be_constant(primal):
            return loaded
        if T.contains_pointer(loaded.type):
            if T.contains_float(loaded.type):
                self.refuse(inst, "a read of both pointers and floats", primal)
            return loaded  # constant data's pointers are their own shadows
        constant = self.is_constant(b, shadow, primal if here is None else here)
        return b.select(constant, zero(loaded.type), loaded)

    def target(self, b: Builder, shadow: Value, primal: Value, ty: T.Type,
               here: Value | None = None) -> Value:
        """Where a write of a ``ty`` through ``shadow`` goes: a scratch slot when it is
        constant data (the write is then lost, as it must be)."""
        if not self.may_be_constant(primal):
            return shadow
        constant = self.is_constant(b, shadow, primal if here is None else here)
        return b.select(constant, self.scratch(b, ty, shadow), shadow)

    def redirect(self, b: Builder, shadow: Value, primal: Value, ty: T.Type,
                 here: Value | None = None) -> tuple[Value, Value | None]:
        """``target`` and the i1 it was chosen by (None: no check), for a read and a
        write through the same shadow (the adjoint of a store: take, then zero)."""
        if not self.may_be_constant(primal):
            return shadow, None
        constant = self.is_constant(b, shadow, primal if here is None else here)
        return b.select(constant, self.scratch(b, ty, shadow), shadow), constant

    def length(self, b: Builder, shadow: Value, primal: Value, length: Value,
               here: Value | None = None) -> Value:
        """The length of a shadow copy or fill through ``shadow``: 0 for constant data."""
        if not self.may_be_constant(primal):
            return length
        constant = self.is_constant(b, shadow, primal if here is None else here)
        return b.select(constant, zero(length.type), length)

    def active(self, b: Builder, shadow: Value, primal: Value,
               here: Value | None = None) -> Value | None:
        """An i1 that holds when ``shadow`` is a real shadow (None: it always is)."""
        if not self.may_be_constant(primal):
            return None
        constant = self.is_constant(b, shadow, primal if here is None else here)
        return b.binop("xor", constant, ConstantInt(T.i1, 1))

    def scratch(self, b: Builder, ty: T.Type, shadow: Value) -> Value:
        """A slot of the function's own that writes to constant data go to instead (made
        at the start of the entry block; ``b``, writing there too, moves along).  Only
        for shadows in the default address space (a GPU's global memory is refused)."""
        if shadow.type != T.ptr:
            raise DifferentiationError(
                f"constant data reached through a shadow in {shadow.type} (a pointer without a "
                f"shadow stored into memory that has one, on a GPU) is not supported: pass the "
                f"data with enzyme_dup and a zeroed shadow", f"in function @{self.function.name}")
        slot = self._scratch.get(ty)
        if slot is None:
            slot = self._scratch[ty] = b.entry_alloca(ty, "constant.scratch")
        return slot


def forward_copy(gen, b: Builder, inst: I.CallInst) -> None:
    """Forward mode's memcpy/memmove under run-time activity (``gen`` is the forward
    generator): no tangent bytes move into a destination that is constant data, and a
    source that is constant data (or has no shadow) gives zero tangents — or, for memory
    holding only pointers, its own pointers, the shadows of constant data."""
    from enzyme_opt.analysis.types import (memory_scalar_types, says_what_memory_holds,
                                           signature_float_pointees)
    dst, src, length = inst.arg(0), inst.arg(1), inst.arg(2)
    dst_shadow, src_shadow = gen.t(dst), gen.t(src)
    if dst_shadow is None:
        return
    runtime = gen.runtime
    held = memory_scalar_types(inst)
    if not says_what_memory_holds(held) and gen.primal_of(inst) is not None:
        held |= signature_float_pointees(gen.primal_of(inst))   # C++ at -O0
    pointers_only = says_what_memory_holds(held) and \
        any(T.contains_pointer(t) for t in held) and not any(t.is_float for t in held)
    if src_shadow is not None and runtime.may_be_constant(src) and not pointers_only and \
            not (says_what_memory_holds(held) and not any(T.contains_pointer(t) for t in held)):
        raise gen.fail(inst, "a copy of memory that may hold pointers, from data that may be "
                             "constant (a pointer without a shadow was stored into memory that "
                             "has one), is not supported: pass the data with enzyme_dup and a "
                             "zeroed shadow")
    srcs = [src] * gen.width if src_shadow is None else split_lanes(b, src_shadow, gen.width)
    for dst_lane, src_lane in zip(split_lanes(b, dst_shadow, gen.width), srcs):
        moved = runtime.length(b, dst_lane, dst, length)
        if pointers_only:  # the source's pointers, constant data's or not, are their shadows
            b.call(inst.called_function, [dst_lane, src_lane, moved, inst.arg(3)])
            continue
        if src_shadow is None:
            gen.mem.zero_fill(b, dst_lane, b.zext_i64(moved))
            continue
        active = runtime.active(b, src_lane, src)
        # tangents copied into constant data would be lost: stop there
        runtime.stop_lost_derivative(b, [dst_lane], dst, gen.ctx.where(inst), moved=active)
        if active is None:
            b.call(inst.called_function, [dst_lane, src_lane, moved, inst.arg(3)])
            continue
        b.call(inst.called_function, [dst_lane, src_lane,
                                      b.select(active, moved, zero(moved.type)), inst.arg(3)])
        gen.mem.zero_fill(b, dst_lane, b.zext_i64(b.select(active, zero(moved.type), moved)))


def _shadow_accessed_through(pointer: Value) -> bool:
    """Would a derivative read or write a shadow through ``pointer`` (through the GEPs,
    casts, phis and selects derived from it): a float or a pointer loaded or stored
    there, or the pointer handed to a call that is not inactive (``knowledge.calls``:
    lifetime markers, debug intrinsics, printf, whose derivatives touch no shadow)?"""
    work, seen = [pointer], set()
    while work:
        value = work.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        for use in uses_through_offsets(value):
            user = use.user
            if isinstance(user, (I.PhiInst, I.SelectInst)):
                work.append(user)
            elif isinstance(user, I.LoadInst):
                if T.contains_float(user.type) or T.contains_pointer(user.type):
                    return True
            elif isinstance(user, I.StoreInst):
                stored = user.value.type
                if use.index == 1 and (T.contains_float(stored) or T.contains_pointer(stored)):
                    return True
            elif isinstance(user, I.CallInst) and use.index < user.num_args:
                if call_kind(user) != calls.INACTIVE:
                    return True
    return False

"""Which values carry derivatives.

*Varied* (forward): a value is varied when it depends on an active input.
Floating-point data flows through arithmetic; pointers carry a *shadow*
when they may point to active memory (derived from a duplicated argument,
an alloca, an allocation, or loaded from shadowed memory); a load through
a shadowed pointer is varied (the shadow memory may hold derivatives).

*Useful* (backward, reverse mode): a value is useful when it can reach the
active output: the return value, or memory reachable through a shadowed
pointer.  A value needs an adjoint only when it is both varied and useful.

The answers are conservative: wrongly "active" costs speed; wrongly
"inactive" would be a silent wrong derivative, so every doubt says active.
"""

from __future__ import annotations

from enzyme_opt.analysis.local_memory import LocalMemory
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import Function, GlobalValue
from enzyme_opt.ir.values import Argument, Constant, ConstantInt, InlineAsm, Value
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind

#: Opcodes whose result carries a derivative when a data operand does.
PROPAGATING = frozenset({"fadd", "fsub", "fmul", "fdiv", "frem", "fneg", "fpext", "fptrunc",
                         "bitcast", "select", "phi", "freeze", "extractvalue", "insertvalue",
                         "extractelement", "insertelement", "shufflevector", "getelementptr",
                         "addrspacecast"})


def carries_data(ty: T.Type) -> bool:
    """Could a value of this type hold derivative information (floats, or
    pointers to where derivatives live)?"""
    if ty.scalar.is_pointer:
        return True
    if isinstance(ty, (T.StructType, T.NamedStructType)):
        return any(carries_data(e) for e in ty.elements)
    if isinstance(ty, T.ArrayType):
        return carries_data(ty.element)
    return T.contains_float(ty)


def global_shadows(module, context: str = "", width: int = 1) -> dict:
    """Globals that carry derivatives, and their shadows in a set
    (``knowledge/global_shadows.py``): the globals are those with
    ``!enzyme_shadow !{ptr @dg}`` (Enzyme's convention); in the plain set at width 1
    ``{@g: @dg}``, in another set ``@g``'s shadow there (``[W x ptr]`` lanes at W > 1)."""
    from enzyme_opt.knowledge import global_shadows as S
    out = {}
    for g in list(module.globals):
        shadow = S.explicit_shadow(module, g) if g.metadata_text("enzyme_shadow") else None
        if shadow is not None:
            out[g] = shadow if not context and width == 1 else \
                S.shadow_lanes(module, g, context, width)
    return out


def table_of_shadowed_global(function, shadowed: dict):
    """(instruction, table, global) when ``function`` reads a global that has no shadow of its
    own but holds the address of one that has (``real *rows[] = {w, w}`` at -O0 is copied
    from such a constant table): a pointer read from the table would have no shadow and the
    derivative through it would be lost.  None when there is none."""
    from enzyme_opt.ir.module import GlobalVariable
    for inst in function.instructions():
        for operand in inst.operands:
            if isinstance(operand, GlobalVariable) and operand not in shadowed:
                held = _shadowed_global_in(operand.initializer, shadowed)
                if held is not None:
                    return inst, operand, held
    return None


def refuse_tables_of_shadowed_globals(function, shadowed: dict, ctx) -> None:
    """The one-line refusal of ``table_of_shadowed_global``, for both modes' generators."""
    found = table_of_shadowed_global(function, shadowed) if shadowed else None
    if found:
        inst, table, held = found
        raise ctx.error(inst, f"@{table.name} holds the address of @{held.name}, which has a "
                              f"shadow, but has none itself: a pointer read from it would have "
                              f"no shadow and the derivative through it would be lost (a table "
                              f"of pointers to a global with a shadow is not supported; take "
                              f"the address of @{held.name} in code instead)")


def refuse_shadows_in_use(function, ctx) -> None:
    """A global's shadow (``!enzyme_shadow !{ptr @dg}``, the program's or the one enzyme-opt
    gives a mutable global, docs/abi.md) used by the code being
    differentiated: the code is a derivative differentiated again (forward over reverse,
    reverse over reverse…), whose inner derivative keeps ``@g``'s derivative in ``@dg``
    while the outer one would keep its own there too.  The two would share one shadow and
    the second derivative come out wrong without a word (a Hessian-vector product through
    such a global was), so it is refused in one line, at the first instruction that uses
    ``@dg`` or calls a function that does.  A derivative call's zeroing of ``@dg`` (all
    shadows, when its call tree calls through a pointer) does not count when the code never
    names ``@g`` itself: the outer derivative then keeps nothing in ``@dg``."""
    from enzyme_opt.analysis.memory import reachable_functions
    shadow_of = {shadow.name: g for g, shadow in global_shadows(function.module).items()
                 if isinstance(shadow, GlobalValue)}
    if not shadow_of:
        return
    tree = reachable_functions(function)
    named, _ = _tree_globals(tree)

    def used(inst) -> str | None:
        names: set[str] = set()
        for operand in inst.operands:
            _global_names(operand, names)
        hits = sorted(names & shadow_of.keys())
        if hits and _zeroes(inst) and shadow_of[hits[0]].name not in named:
            return None
        return hits[0] if hits else None

    direct = {fn: next((u for u in map(used, fn.instructions()) if u), None) for fn in tree}
    for inst in function.instructions():
        shadow = used(inst)
        callee = inst.called_function if isinstance(inst, I.CallInst) else None
        if shadow is None and callee is not None and callee is not function and \
                not callee.is_declaration:
            shadow = next((direct[fn] for fn in reachable_functions(callee)
                           if direct.get(fn)), None)
        if shadow is None:
            continue
        g = shadow_of[shadow]
        raise ctx.error(inst, f"a derivative differentiated again uses @{shadow}, where the "
                              f"derivative of the global @{g.name} is kept: the inner derivative "
                              f"keeps @{g.name}'s derivative there, and the outer one would keep "
                              f"its own there too; higher-order derivatives through a global "
                              f"that carries a derivative are not supported so: give each level "
                              f"a context of shadows of its own (__enzyme_context, "
                              f"enzyme_context), or pass the data as an argument with "
                              f"enzyme_dup")


def _zeroes(inst) -> bool:
    """Is ``inst`` a ``memset`` to zero or a store of zero (a derivative call's zeroing of
    shadows, as LLVM may have rewritten it)?"""
    if isinstance(inst, I.StoreInst):
        value = inst.value
        return isinstance(value, Constant) and value.is_zero
    callee = inst.called_function if isinstance(inst, I.CallInst) else None
    return callee is not None and callee.name.startswith("llvm.memset.") and \
        isinstance(inst.arg(1), ConstantInt) and inst.arg(1).value == 0


def globals_reached(function) -> set[str] | None:
    """The names of the globals ``function``'s call tree names (in operands, constant
    expressions included); None when the tree may reach code that is not in it (a call
    through a pointer, a function's address taken), which could name any."""
    from enzyme_opt.analysis.memory import reachable_functions
    names, opaque = _tree_globals(reachable_functions(function))
    if opaque:
        return None
    # and the globals whose addresses those hold (a table of pointers to them)
    work = list(names)
    while work:
        held = function.module.get(work.pop())
        found: set[str] = set()
        if held is not None and getattr(held, "initializer", None) is not None:
            _global_names(held.initializer, found)
        for name in found - names:
            if isinstance(function.module.get(name), Function):
                return None
            names.add(name)
            work.append(name)
    return names


def _tree_globals(functions) -> tuple[set[str], bool]:
    """The names of the globals ``functions`` name in operands, and whether they may also
    run code that is not among them (a call through a pointer, a function's address
    taken)."""
    names: set[str] = set()
    opaque = False
    for fn in functions:
        for inst in fn.instructions():
            callee = inst.callee if isinstance(inst, I.CallInst) else None
            if callee is not None and not isinstance(callee, (Function, InlineAsm)):
                opaque = True
            for operand in inst.operands:
                if isinstance(operand, Function) and operand is not callee:
                    opaque = True
                _global_names(operand, names)
    return names, opaque


def _global_names(value, names: set[str], depth: int = 0) -> None:
    if isinstance(value, GlobalValue):
        names.add(value.name)
    elif isinstance(value, Constant) and depth < 16:   # constant expressions, aggregates
        for operand in value.operands:
            _global_names(operand, names, depth + 1)


def _shadowed_global_in(constant, shadowed):
    stack, seen = [constant], set()
    while stack:
        value = stack.pop()
        if value is None or id(value) in seen:
            continue
        seen.add(id(value))
        if value in shadowed:
            return value
        if not hasattr(value, "initializer"):      # do not follow other globals' contents
            stack.extend(value.operands)
    return None


def active_store_without_shadow(store, varied: set[Value], shadowed) -> str | None:
    """The diagnostic for storing a derivative-carrying value into memory
    that has no shadow, where the derivative would be lost: a mutable global
    without a shadow, or memory a call returned that is not known to be
    fresh (an external function's buffer).  None when the store is fine.

    Memory behind an ``enzyme_const`` argument is the caller's promise and
    is not questioned here."""
    from enzyme_opt.analysis.types import underlying_object
    from enzyme_opt.ir.module import GlobalVariable
    if store.value not in varied or not T.contains_float(store.value.type):
        return None
    base = underlying_object(store.pointer)
    if isinstance(base, GlobalVariable) and base not in shadowed and not base.is_constant \
            and base.metadata_text("enzyme_inactive") is None:
        if base.initializer is None:
            return (f"an active value is stored into @{base.name}, which is defined in another "
                    f"file: its shadow cannot be made here (define it in this file, mark it "
                    f"inactive with __enzyme_inactive_global, or keep derivatives out of it)")
        return (f"an active value is stored into the global @{base.name}, which has no shadow "
                f"(a global holding pointers gets one only when asked for): ask for it with "
                f"__enzyme_shadow (docs/abi.md, Globals), mark the global inactive "
                f"(__enzyme_inactive_global) or keep derivatives out of it")
    if isinstance(base, I.CallInst) and base not in shadowed and base.called_function is not None:
        from enzyme_opt.demangle import user_name
        callee = user_name(base.called_function.name)
        return (f"an active value is stored into memory returned by {callee}(), which has no "
                f"shadow (it is not known to be freshly allocated): derivatives stored there "
                f"would be lost; allocate the buffer in the differentiated code or pass it in "
                f"as a duplicated argument")
    return None


def inactive_pointer_into_shadow(store, shadowed, pointee_types, primal_of,
                                 unknown_counts: bool = False) -> str | None:
    """What is wrong with a pointer without a shadow (an ``enzyme_const``
    argument, a constant table) stored into memory that has one, when floats
    are read later through a pointer loaded from that memory: a null shadow
    there would be dereferenced (a crash, found with ``h.w = w`` for a const
    ``w`` next to a duplicated ``h.x = x``).  Enzyme calls this "mismatched
    activity"; the generators answer it with run-time activity
    (``ad/runtime_activity.py``: the slot gets the primal pointer and shadow
    dereferences are checked), this text being the error only a caller that
    cannot start again reports.  ``pointee_types()`` is ``analysis.pointees``
    over the program, asked about the primal store ``primal_of`` finds; None
    when the store is fine.  With ``unknown_counts``, a pointer through which the
    analysis sees nothing read at all counts too (a flow it missed: a vector of
    pointers stored at -O3)."""
    from enzyme_opt.analysis.types import underlying_object
    value = store.value
    base = underlying_object(value)
    if value in shadowed or (isinstance(base, Constant) and not isinstance(base, GlobalValue)):
        return None  # null (or null + n: an empty vector's end), 0 moved as a pointer, undef
    primal = primal_of(store)
    if primal is None:
        return None
    pointees = pointee_types()
    read = pointees.loaded_pointee_types(primal.pointer)
    floats = any(t.scalar.is_float for t in read)
    # Written through: the derivative mirrors every store, so a null shadow would be
    # written to even when no float is (an int counter behind a const pointer in a struct).
    written = not floats and pointees.written_through_pointees(primal.pointer)
    if not floats and not written and \
            (read or not unknown_counts or not value.type.scalar.is_pointer):
        return None
    original = primal_of(value)
    if isinstance(original, Argument) and original.parent is not None:  # the user's terms
        from enzyme_opt.demangle import user_name
        what = f"parameter {original.index + 1} of @{user_name(original.parent.name)}"
    elif isinstance(value, GlobalValue):
        what = value.ref()
    else:
        what = f"%{value.name}" if value.name else "a pointer"
    later = "memory is written through it" if written else "floating-point values are read " \
                                                            "through it"
    return (f"{what} has no shadow (it is enzyme_const, or points to memory that "
            f"holds no derivatives) but is stored into memory that has one, and {later} "
            f"later: its derivative would dereference a null "
            f"shadow; pass it with enzyme_dup and a zeroed shadow of the same size")


def writable_origin_of_unshadowed(value: Value, shadowed) -> str | None:
    """Where a pointer without a shadow may point when it is not constant data the
    program promised not to differentiate: a mutable global without a shadow, or memory
    an external call returned — followed through GEPs, casts, phis, selects and the
    pointers it was loaded through.  Run-time activity makes such a pointer its own
    shadow, so derivatives the program stores through it would be dropped without a word
    (a direct store of one there is refused: ``active_store_without_shadow``); None for
    an ``enzyme_const`` argument, what is loaded from one, a constant or inactive global
    or a null pointer, whose derivatives nobody wants."""
    from enzyme_opt.analysis.types import underlying_object, uses_through_offsets
    from enzyme_opt.ir.module import GlobalVariable
    work, seen = [value], set()
    passed: dict[Argument, list[Value]] = {}
    while work:
        base = underlying_object(work.pop())
        if id(base) in seen or len(seen) > 256:
            continue
        seen.add(id(base))
        if base in shadowed:
            continue
        if isinstance(base, GlobalVariable):
            if not base.is_constant and base.metadata_text("enzyme_inactive") is None:
                return f"@{base.name}, a global without a shadow that the program may write"
        elif isinstance(base, I.LoadInst):
            work.append(base.pointer)
            local = underlying_object(base.pointer)
            if isinstance(local, I.AllocaInst):   # -O0's local variables: what they were given
                work.extend(use.user.value for use in uses_through_offsets(local)
                            if isinstance(use.user, I.StoreInst) and use.index == 1)
        elif isinstance(base, I.PhiInst):
            work.extend(base.operands[0::2])
        elif isinstance(base, I.Instruction) and base.opcode == "select":
            work.extend(base.operands[1:])
        elif isinstance(base, Argument) and base in passed:
            work.extend(passed[base])     # a parameter of a callee entered below
        elif isinstance(base, I.CallInst) and call_kind(base) != calls.ALLOCATE:
            callee = base.called_function
            if callee is None or callee.is_declaration:
                name = callee.name if callee is not None else "a function pointer"
                return f"memory returned by {name}(), which has no shadow"
            for param, arg in zip(callee.args, base.args):   # an accessor: what it returns
                passed.setdefault(param, []).append(arg)
            work.extend(inst.value for inst in callee.instructions()
                        if isinstance(inst, I.ReturnInst) and inst.value is not None)
    return None


def writable_unshadowed_message(origin: str) -> str:
    """The refusal of a pointer without a shadow stored into shadow memory when it points
    into ``origin`` (``writable_origin_of_unshadowed``), where the program may keep
    derivatives."""
    return (f"a pointer without a shadow, into {origin}, is stored into memory that has one, "
            f"and floating-point values are read through it later: derivatives stored "
            f"through it would be lost; give that memory a shadow (pass it with enzyme_dup "
            f"and a zeroed shadow), or mark the global inactive (__enzyme_inactive_global)")


def pointer_from_integer_message(inst, shadowed) -> str | None:
    """An ``inttoptr`` whose integer came from a pointer with a shadow: the
    shadow cannot follow the arithmetic, so derivatives through it would be
    lost — a diagnostic, never a silent zero."""
    work, seen = [inst.operand(0)], set()
    while work:
        value = work.pop()
        if id(value) in seen or len(seen) > 64:
            continue
        seen.add(id(value))
        if isinstance(value, I.CastInst) and value.opcode == "ptrtoint":
            if value.operand(0) in shadowed:
                return ("pointer arithmetic through integers (ptrtoint/inttoptr) on active memory "
                        "is not supported: index the pointer instead")
        elif isinstance(value, I.Instruction) and value.type.is_int:
            work.extend(value.operands)
    return None


#: integer operations a float's bits pass through when LLVM moves floats as integers
_BIT_MOVES = frozenset({"trunc", "lshr", "ashr", "shl", "and", "or", "zext", "sext",
                        "extractelement", "bitcast", "freeze"})


#: calls that move integer bits between GPU threads (a double shuffled as two 32-bit
#: halves, CUDA's __shfl_*_sync(double); HIP's __shfl through ds_bpermute, readlane, DPP)
_BIT_MOVING_CALLS = ("llvm.nvvm.shfl.sync.", "llvm.amdgcn.ds.bpermute", "llvm.amdgcn.readlane",
                     "llvm.amdgcn.readfirstlane", "llvm.amdgcn.mov.dpp",
                     "llvm.amdgcn.update.dpp")


def float_from_integer_bits_message(inst, shadowed, active=()) -> str | None:
    """A ``bitcast`` to a float from integer bits — loaded out of memory with a
    shadow, or taken from an ``active`` float — through operations
    ``ad/prepare/retype.py`` does not turn back into float moves (a bit trick: ``fabs``
    as an ``and`` mask; a shift it does not know; a warp shuffle of a double's
    halves).  An integer carries no derivative, so the float's would be
    silently lost: a diagnostic instead."""
    if inst.opcode != "bitcast" or not inst.type.scalar.is_float or \
            not inst.operand(0).type.scalar.is_int:
        return None
    work, seen = [inst.operand(0)], set()
    while work:
        value = work.pop()
        if id(value) in seen or len(seen) > 64:
            continue
        seen.add(id(value))
        if isinstance(value, I.LoadInst):
            if value.pointer in shadowed:
                return (f"a floating-point value read as integer bits ({value.type} loaded, "
                        f"turned back into {inst.type} through integer operations) cannot be "
                        "differentiated: its derivative would be lost; use floating-point "
                        "operations (fabs, copysign) instead of bit manipulation")
        elif isinstance(value, I.CallInst) and value.called_function is not None and \
                value.called_function.name.startswith(_BIT_MOVING_CALLS):
            work.extend(a for a in value.args if a.type.scalar.is_int)
        elif isinstance(value, I.Instruction) and value.opcode == "bitcast" and \
                value.operand(0).type.scalar.is_float:
            if value.operand(0) in active:
                return (f"the bits of an active {value.operand(0).type} move as integers and "
                        f"come back as {inst.type} (a bit trick, or a double shuffled between "
                        "GPU threads as two 32-bit halves): its derivative would be lost; use "
                        "floating-point operations, and shuffle floats")
        elif isinstance(value, I.Instruction) and value.opcode in ("phi", "select"):
            # the bits chosen among several (an LCSSA phi out of a loop)
            work.extend(value.operands[0::2] if value.opcode == "phi" else value.operands[1:])
        elif isinstance(value, I.Instruction) and value.opcode in _BIT_MOVES:
            work.append(value.operand(0))
            if value.opcode in ("and", "or"):
                work.append(value.operand(1))
    return None


def varied_values(function: Function, active_args: set[Argument]) -> set[Value]:
    """The forward (varied) fixed point over ``function``.  ``active_args`` holds
    the active parameters and the globals with shadows.

    Memory the function allocates (allocas, ``malloc``) is varied when a
    varied value may reach it (``analysis.local_memory``: stored there, copied
    there, written there by a callee, or through an alias of it; a heap block
    whose address escapes counts as reached).  Started with no allocation
    varied, the fixed point grows with those reached until it holds.  Where
    the reach cannot be told (an indirect or external call given a varied
    value), a global has a shadow, or a pointer is returned (a caller may
    want its shadow: memory an allocation wrapper returns), every allocation
    is varied as soon as it exists.
    A scalar computation among I/O on streams (Enzyme's ``fbuff.cpp``) then
    passes its streams to their virtual methods as the inactive objects they
    are, and the key of ``map["alpha"]`` (a local ``std::string`` beside the
    map that holds the derivatives) needs no shadow."""
    reaches = GlobalReach({v for v in active_args if isinstance(v, GlobalValue)})
    insts = list(function.instructions())
    if not any(isinstance(v, GlobalValue) for v in active_args) and \
            not T.contains_pointer(function.return_type):
        varied = _fixed_point(insts, active_args, reaches, fresh_memory_varies=False)
        narrowed = _varied_with_reached_memory(function, insts, active_args, reaches, varied)
        if narrowed is not None:
            return narrowed
    return _fixed_point(insts, active_args, reaches, fresh_memory_varies=True)


def _varied_with_reached_memory(function, insts, active_args, reaches, varied):
    """The fixed point in which only the allocations a varied value may reach
    (``analysis.local_memory``) are varied, grown until it holds; None when
    the reach cannot be told."""
    local = LocalMemory(lambda fn, args: _fixed_point(list(fn.instructions()), args,
                                                      GlobalReach(()), True),
                        lambda call: call_kind(call) == calls.DEFINED and
                        returns_fresh_memory(call.called_function))
    fresh: frozenset = frozenset()
    while True:
        reached = local.reached_allocations(function, varied)
        if reached is None:
            return None
        if reached <= fresh:
            return varied
        fresh |= reached
        varied = _fixed_point(insts, active_args, reaches, fresh_memory_varies=fresh)


def _fixed_point(insts, active_args, reaches, fresh_memory_varies) -> set[Value]:
    """``fresh_memory_varies``: True (every allocation is varied), False (none
    is), or the set of allocations that are."""
    varied: set[Value] = set(active_args)
    results = [inst for inst in insts if inst.has_result]  # (asked once, not every sweep)
    changed = True
    while changed:
        changed = False
        for inst in results:
            if inst in varied:
                continue
            if _is_varied(inst, varied, reaches, fresh_memory_varies):
                varied.add(inst)
                changed = True
    return varied


class GlobalReach:
    """Which callees read or write a global with a shadow somewhere in their
    call tree.  A call of one carries derivatives through that global even
    when no argument is active (``get()`` returning ``g * g``; ``scale()``
    doing ``g *= 0.9``): it is differentiated like a call with active
    arguments, never skipped as inactive."""

    def __init__(self, shadowed):
        self.names = {g.name for g in shadowed}
        self.memo: dict[int, bool] = {}

    def __call__(self, callee: Function | None) -> bool:
        if not self.names or callee is None or callee.is_declaration:
            return False
        found = self.memo.get(id(callee))
        if found is None:
            from enzyme_opt.analysis.memory import reachable_functions
            found = any(self._mentions(fn) for fn in reachable_functions(callee))
            self.memo[id(callee)] = found
        return found

    def _mentions(self, fn: Function) -> bool:
        if fn.unparsed_body is not None:
            return not self.names.isdisjoint(fn.unparsed_body.mentions)
        return any(self._names_one(operand) for inst in fn.instructions()
                   for operand in inst.operands)

    def _names_one(self, value, depth: int = 0) -> bool:
        if isinstance(value, GlobalValue):
            return value.name in self.names
        if isinstance(value, Constant) and depth < 8:   # a constant expression's address
            return any(self._names_one(v, depth + 1) for v in value.operands)
        return False


def _is_varied(inst: I.Instruction, varied: set[Value], reaches: GlobalReach,
               fresh_memory_varies=True) -> bool:
    if not isinstance(fresh_memory_varies, bool):
        fresh_memory_varies = inst in fresh_memory_varies
    op = inst.opcode
    ty = inst.type
    if op == "alloca":
        return fresh_memory_varies
    if op == "load":
        return inst.pointer in varied
    if op in PROPAGATING:
        if not carries_data(ty) and op != "bitcast":
            return False
        operands = inst.operands
        if op == "select":
            operands = operands[1:]
        elif op == "phi":
            operands = operands[0::2]
        elif op == "getelementptr":
            operands = operands[:1]
        elif op in ("extractelement",):
            operands = operands[:1]
        elif op in ("insertelement",):
            operands = operands[:2]
        elif op == "shufflevector":
            operands = operands[:2]
        return any(o in varied for o in operands)
    if isinstance(inst, I.CallInst):
        kind = call_kind(inst)
        if kind == calls.ALLOCATE:   # realloc's block holds what the old one held
            return fresh_memory_varies or any(a in varied for a in inst.args if a.type.is_pointer)
        if kind in (calls.INACTIVE, calls.COPY, calls.FILL, calls.FREE):
            return False
        if kind == calls.MATH:   # a pointer (frexp's exponent) carries no derivative in
            return any(a in varied for a in inst.args if not a.type.is_pointer)
        if kind == calls.DEFINED and ty.is_pointer and fresh_memory_varies and \
                returns_fresh_memory(inst.called_function):
            return True  # an allocation wrapper: its memory may come to hold derivatives
        return carries_data(ty) and (any(a in varied for a in inst.args)
                                     or (kind == calls.DEFINED and reaches(inst.called_function)))
    return False


def returns_fresh_memory(function: Function, _seen: set | None = None) -> bool:
    """Can ``function`` return memory it allocated (``malloc``/``new``
    directly or through another such function)?  Such a call's result needs
    a shadow even when no argument is active (``make_buffer(n)``), as an
    allocation does.  Follows the returned value back through casts, GEPs,
    phis, selects and -O0's round trip through a local variable."""
    seen = _seen if _seen is not None else set()
    if function in seen or function.is_declaration:
        return False
    seen.add(function)
    stores: dict[Value, list[Value]] | None = None
    work = [inst.value for inst in function.instructions()
            if isinstance(inst, I.ReturnInst) and inst.value is not None]
    visited: set[int] = set()
    while work:
        value = work.pop()
        if id(value) in visited:
            continue
        visited.add(id(value))
        if isinstance(value, I.CallInst):
            kind = call_kind(value)
            if kind == calls.ALLOCATE or (kind == calls.DEFINED and
                                          returns_fresh_memory(value.called_function, seen)):
                return True
        elif isinstance(value, I.PhiInst):
            work.extend(value.operands[0::2])
        elif isinstance(value, I.Instruction) and value.opcode in ("select",):
            work.extend(value.operands[1:])
        elif isinstance(value, I.Instruction) and value.opcode in (
                "bitcast", "addrspacecast", "getelementptr"):
            work.append(value.operand(0))
        elif isinstance(value, I.LoadInst) and isinstance(value.pointer, I.AllocaInst):
            if stores is None:
                stores = {}
                for inst in function.instructions():
                    if isinstance(inst, I.StoreInst):
                        stores.setdefault(inst.pointer, []).append(inst.value)
            work.extend(stores.get(value.pointer, []))
    return False


def useful_values(function: Function, varied: set[Value]) -> set[Value]:
    """The backward (useful) fixed point: values that can influence the
    return value or memory behind a shadowed pointer."""
    useful: set[Value] = set()
    insts = list(function.instructions())
    for inst in insts:
        if isinstance(inst, I.ReturnInst) and inst.value is not None:
            useful.add(inst.value)
        elif isinstance(inst, I.StoreInst) and inst.pointer in varied:
            useful.add(inst.value)
        elif isinstance(inst, I.AtomicRMWInst) and inst.operand(0) in varied:
            useful.add(inst.operand(1))  # atomicAdd(p, v): v reaches memory like a store
        elif isinstance(inst, I.CallInst):
            for arg in inst.args:  # anything passed on may be stored by the callee
                if arg in varied:
                    useful.add(arg)
    # A useful instruction of the function makes its varied operands useful: each is
    # looked at once, when it becomes useful (a worklist: the same least fixed point as
    # sweeping every instruction until nothing changes, which took two sweeps or more).
    own = set(insts)
    work = [value for value in useful if value in own]
    while work:
        for use in work.pop()._operands:
            operand = use.value
            if operand not in useful and operand in varied:
                useful.add(operand)
                if operand in own:
                    work.append(operand)
    return useful

"""Packed vectors in loops become one scalar per lane before differentiation.

clang's SLP vectorizer packs independent scalars of a loop body into short vectors when the
loop vectorizer could not take the loop: dot-plus-norm's two running sums ``s += x[i]·y[i]``
and ``q += x[i]·x[i]`` (a reduction that C's rounding forbids reassociating) become one
``<2 x double>`` ``fmuladd`` fed by ``insertelement``\\ s of the loads.  The derivative
inherits the packing, and then it costs: the reverse sweep's loop has no reduction left
(each iteration adds into ``x̄[i]`` and ``ȳ[i]``) and LLVM's loop vectorizer would take it,
but it gives up on a loop that already holds vector instructions; and the augmented sweep
keeps loading ``y[i]`` for the lane of ``s``, which nobody reads there, because LLVM's
demanded-lanes simplification stops at the loop's phi.  Measured on bench/kernels/dotnorm
at clang -O2: 22 % of the gradient's time.

So each *web* of such vectors (values joined as operand and result) that lives in a loop,
packs scalars (has an ``insertelement``) and is closed — built from scalars by
``insertelement``, from constants, shuffles and plain vector loads (split into one load per
lane), read back by ``extractelement`` at constant lanes, with only lanewise operations
between — is rewritten as one scalar web per lane, as
LLVM's scalarizer pass would: the same operations in the same order on the same values, so
the primal computes exactly what it did.  The final ``clang -O2`` vectorizes the
derivative's loops its own way.  A web that stores a vector, passes one to a call or
returns it is left packed (a loop the loop vectorizer took stores vectors: its derivative
is a vector loop already).  Bundle adjustment's residuals (SLP-packed straight-line code
in the loop over observations, reading two coordinates with one vector load) lose 10 % of
their gradient's time this way, though no loop vectorizes: the reverse sweep's adjoints
of packed code are shuffles and extracts that scalar code does without.

``--no-reuse`` keeps the packing: the fuzzers compare the two derivatives.
"""

from __future__ import annotations

from enzyme_opt.ad.rules.math import type_suffix
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.cfg import CFG
from enzyme_opt.ir.dead_code import erase_unreached
from enzyme_opt.ir.module import Function
from enzyme_opt.ir.values import (ConstantAggregate, ConstantInt, ConstantKeyword, ConstantSplat,
                                  Value, poison, undef, zero)

#: intrinsics whose every operand and result has the same vector type and whose lane k is
#: computed from lane k of the operands alone (``llvm.fmuladd.v2f64`` → ``llvm.fmuladd.f64``)
LANEWISE_INTRINSICS = frozenset({
    "fmuladd", "fma", "fabs", "sqrt", "sin", "cos", "tan", "exp", "exp2", "exp10", "log",
    "log2", "log10", "pow", "minnum", "maxnum", "minimum", "maximum", "copysign", "floor",
    "ceil", "trunc", "round", "rint", "nearbyint", "roundeven",
})

#: integer division by a lane the primal never reads would trap once that lane is a
#: scalar of its own: such webs stay packed
_TRAPPING = frozenset({"udiv", "sdiv", "urem", "srem"})


def scalarize_packed_vectors(fn: Function) -> int:
    """Rewrite the closed webs of packed vectors in ``fn``'s loops as scalars; the number
    of vector instructions replaced."""
    vector = T.VectorType  # most functions have no vector at all: one test each
    members = [inst for inst in fn.instructions()
               if isinstance(inst.type, vector) and _scalarizable(inst)]
    if not members:
        return 0
    webs = _closed_webs(members)
    if not webs:
        return 0
    cfg = CFG(fn)
    loop_blocks = {block for loop in cfg.loops for block in loop.blocks}
    replaced = 0
    for web in webs:
        if _packs_scalars(web) and any(inst.parent in loop_blocks for inst in web) and \
                all(cfg.reachable(inst.parent) for inst in web):
            replaced += _scalarize(cfg.rpo, web)
    return replaced


def _packs_scalars(web: list[I.Instruction]) -> bool:
    """Does ``web`` put unrelated scalars side by side (an ``insertelement``: what the SLP
    vectorizer writes to pack independent sums, or BA's coordinates)?  A web of wide loads
    and lanewise operations only is data-parallel work on contiguous memory (the SLP
    vectorizer's vertical packing, of GMM's 16-term sums at -ffast-math): its derivative is
    vector code on contiguous shadows, and split it ran 38 % slower."""
    return any(type(inst) is I.InsertElementInst for inst in web)


def _fixed_vector(ty: T.Type) -> bool:
    return isinstance(ty, T.VectorType) and not ty.scalable


def _lanewise_intrinsic(inst: I.Instruction) -> bool:
    callee = inst.called_function if type(inst) is I.CallInst else None
    if callee is None or not callee.name.startswith("llvm.") or inst.bundles:
        return False
    parts = callee.name.split(".")
    return len(parts) == 3 and parts[1] in LANEWISE_INTRINSICS and \
        parts[2] == type_suffix(inst.type) and all(arg.type == inst.type for arg in inst.args)


def _scalarizable(inst: I.Instruction) -> bool:
    """Can ``inst``, whose result is a fixed-width vector, be done lane by lane?"""
    ty = inst.type
    if not _fixed_vector(ty):
        return False
    if isinstance(inst, (I.BinaryOp,)):
        return inst.opcode not in _TRAPPING
    if isinstance(inst, (I.UnaryOp, I.CmpInst, I.PhiInst, I.FreezeInst, I.ShuffleVectorInst)):
        return True
    if isinstance(inst, I.SelectInst):
        cond = inst.operand(0).type
        return not isinstance(cond, T.VectorType) or _fixed_vector(cond)
    if isinstance(inst, I.CastInst):
        source = inst.operand(0).type
        return _fixed_vector(source) and source.count == ty.count
    if isinstance(inst, I.InsertElementInst):
        index = inst.operand(2)
        return isinstance(index, ConstantInt) and 0 <= index.value < ty.count
    if isinstance(inst, I.LoadInst):
        return not inst.volatile and not inst.ordering and _addressable(ty.element)
    return _lanewise_intrinsic(inst)


def _addressable(element: T.Type) -> bool:
    """Does lane k of a vector of ``element`` in memory start at byte k·(its size), so that
    it can be loaded alone?  A vector's lanes are packed bit to bit: true of floats and
    integers of 1, 2, 4, 8 or 16 bytes, not of ``i1`` nor ``x86_fp80`` (10 bytes)."""
    if isinstance(element, T.FloatType):
        return element.kind in ("half", "bfloat", "float", "double", "fp128")
    return isinstance(element, T.IntType) and element.bits in (8, 16, 32, 64, 128)


def _vector_operands(inst: I.Instruction) -> list[Value]:
    ops = inst.args if isinstance(inst, I.CallInst) else inst.operands
    if isinstance(inst, I.ShuffleVectorInst):
        ops = ops[:2]  # the mask is read as numbers
    return [op for op in ops if isinstance(op.type, T.VectorType)]


def _closed_webs(members: list[I.Instruction]) -> list[list[I.Instruction]]:
    """The webs (connected through operands) of ``members`` none of whose vectors comes
    from or goes anywhere but scalars, constants and ``extractelement`` at a constant lane."""
    inside = set(members)
    root = {inst: inst for inst in members}

    def find(x):
        while root[x] is not x:
            root[x] = root[root[x]]
            x = root[x]
        return x
    open_roots = []
    for inst in members:
        for op in _vector_operands(inst):
            if op in inside:
                root[find(op)] = find(inst)
            elif _constant_lanes(op) is None:
                open_roots.append(inst)
        for user in inst.users:
            if user in inside or isinstance(user, I.DebugRecord):
                continue
            if not (isinstance(user, I.ExtractElementInst) and user.operand(0) is inst
                    and isinstance(user.operand(1), ConstantInt)
                    and 0 <= user.operand(1).value < inst.type.count):
                open_roots.append(inst)
    opened = {find(inst) for inst in open_roots}
    webs: dict[I.Instruction, list[I.Instruction]] = {}
    for inst in members:
        top = find(inst)
        if top not in opened:
            webs.setdefault(top, []).append(inst)
    return list(webs.values())


def _constant_lanes(value: Value) -> list[Value] | None:
    """The lanes of a constant vector, or None if it is not one we can split."""
    ty = value.type
    if not _fixed_vector(ty):
        return None
    if isinstance(value, ConstantAggregate):
        return list(value.operands)
    if isinstance(value, ConstantSplat):
        return [value.operand(0)] * ty.count
    if isinstance(value, ConstantKeyword):
        make = {"zeroinitializer": zero, "poison": poison, "undef": undef}.get(value.keyword)
        return [make(ty.element) for _ in range(ty.count)] if make else None
    return None


def _scalarize(rpo: list, web: list[I.Instruction]) -> int:
    """Replace ``web`` (a closed web) by its lanes; ``rpo``, the function's blocks in
    reverse post-order (an operand that is not a phi's is then defined first)."""
    lanes: dict[Value, list[Value]] = {}
    members = set(web)
    order = [inst for block in rpo for inst in block.instructions if inst in members]
    phis = [inst for inst in order if isinstance(inst, I.PhiInst)]
    made: list[I.Instruction] = []
    for phi in phis:  # first: their incoming values may come later (around a loop)
        b = Builder().before(phi)
        lanes[phi] = [_copy(b.insert(I.PhiInst(phi.type.element, (), _lane_name(phi, k),
                                               phi.flags)), phi, made)
                      for k in range(phi.type.count)]
    for inst in order:
        if not isinstance(inst, I.PhiInst):
            lanes[inst] = _lanes_of(inst, lanes, made)

    def lane(value: Value, k: int) -> Value:
        return lanes[value][k] if value in lanes else _constant_lanes(value)[k]
    for phi in phis:
        for value, block in phi.incoming:
            for k, scalar in enumerate(lanes[phi]):
                scalar.add_incoming(lane(value, k), block)
    for inst in order:
        for user in inst.users:
            if isinstance(user, I.ExtractElementInst):
                user.replace_all_uses_with(lanes[inst][user.operand(1).value])
                _erase(user)
    for inst in order:  # debug records of the vectors say nothing now
        for use in inst.uses:
            use.set(poison(inst.type))
    for inst in reversed(order):
        _erase(inst)
    _erase_unused(made)
    return len(order)


def _erase_unused(made: list[I.Instruction]) -> None:
    """Erase the lanes nothing reads (a lane the primal never looked at, such as one a
    shuffle left as poison, and a loop's phi carrying it around), keeping the lanes that
    an instruction of the program reads, and what they read: every lane is an operation
    without effects.  The reverse sweep must not see the others: the adjoint of such a lane
    is 0, and 0 times its poison value is poison."""
    ours = set(made)
    erase_unreached(made, [inst for inst in made if any(user not in ours for user in inst.users)])


def _lanes_of(inst: I.Instruction, lanes: dict[Value, list[Value]],
              made: list[I.Instruction]) -> list[Value]:
    """The scalars computing each lane of ``inst``, made before it (and listed in
    ``made``)."""
    def lane(value: Value, k: int) -> Value:
        if value in lanes:
            return lanes[value][k]
        if isinstance(value.type, T.VectorType):
            return _constant_lanes(value)[k]
        return value  # a scalar operand (a select's condition) serves every lane
    b = Builder().before(inst)
    count = inst.type.count
    if isinstance(inst, I.InsertElementInst):
        out = [lane(inst.operand(0), k) for k in range(count)]
        out[inst.operand(2).value] = inst.operand(1)
        return out
    if isinstance(inst, I.LoadInst):
        return _split_load(b, inst, made)
    if isinstance(inst, I.ShuffleVectorInst):
        a, second = inst.operand(0), inst.operand(1)
        width = a.type.count
        return [poison(inst.type.element) if m < 0 else
                lane(a, m) if m < width else lane(second, m - width) for m in inst.mask]
    out = []
    for k in range(count):
        name = _lane_name(inst, k)
        if isinstance(inst, I.BinaryOp):
            new = I.BinaryOp(inst.opcode, lane(inst.operand(0), k), lane(inst.operand(1), k),
                             name, inst.flags)
        elif isinstance(inst, I.UnaryOp):
            new = I.UnaryOp(inst.opcode, lane(inst.operand(0), k), name, inst.flags)
        elif isinstance(inst, I.CmpInst):
            new = I.CmpInst(inst.opcode, inst.predicate, lane(inst.operand(0), k),
                            lane(inst.operand(1), k), name, inst.flags)
        elif isinstance(inst, I.SelectInst):
            new = I.SelectInst(*[lane(op, k) for op in inst.operands], name, inst.flags)
        elif isinstance(inst, I.CastInst):
            new = I.CastInst(inst.opcode, lane(inst.operand(0), k), inst.type.element, name,
                             inst.flags)
        elif isinstance(inst, I.FreezeInst):
            new = I.FreezeInst(lane(inst.operand(0), k), name)
        else:
            new = _scalar_call(inst, [lane(arg, k) for arg in inst.args], name)
        out.append(_copy(b.insert(new), inst, made))
    return out


def _split_load(b: Builder, load: I.LoadInst, made: list[I.Instruction]) -> list[Value]:
    """One load per lane of a vector load: lane k at byte k·size past the address (in
    bounds: the vector load read those bytes), aligned as that offset allows."""
    element = load.type.element
    size = T.alloc_size(element)
    align = load.align or T.abi_align(element)
    out = []
    for k in range(load.type.count):
        address = load.pointer
        if k:
            address = b.gep(T.i8, address, [ConstantInt(T.i64, k * size)], "", "inbounds")
            made.append(address)
        lane_align = min(align, (k * size) & -(k * size)) if k else align
        scalar = I.LoadInst(element, address, lane_align, _lane_name(load, k))
        out.append(_copy(b.insert(scalar), load, made))
    return out


def _scalar_call(call: I.CallInst, args: list[Value], name: str) -> I.CallInst:
    """``llvm.<op>.v<W><t>(…)`` as ``llvm.<op>.<t>(…)`` on one lane."""
    vector = call.called_function
    element = call.type.element
    scalar_name = vector.name.replace(type_suffix(call.type), type_suffix(element))
    fty = T.FunctionType(element, tuple(element for _ in args))
    callee = vector.module.get_or_declare(scalar_name, fty, suffix=vector.suffix)
    new = I.CallInst(fty, callee, args, name, arg_attrs=list(call.arg_attrs),
                     fn_attrs=call.fn_attrs, tail=call.tail, flags=call.flags)
    return new


def _copy(new: I.Instruction, old: I.Instruction, made: list[I.Instruction]) -> I.Instruction:
    new.metadata = old.metadata  # source locations (shared: never changed in place)
    made.append(new)
    return new


def _lane_name(inst: I.Instruction, k: int) -> str:
    return f"{inst.name}.i{k}" if inst.name else ""


def _erase(inst: I.Instruction) -> None:
    """Erase ``inst``, handing its debug records on to the next instruction."""
    records = inst.debug_records
    if records:
        block = inst.parent
        following = block.instructions[block.instructions.index(inst) + 1]
        following.debug_records = (*records, *following.debug_records)
        inst.debug_records = ()
    inst.erase()

"""Integer loads and stores that move floats or pointers, retyped as such.

LLVM copies small memory with integers: ``memcpy(&a, &b, 8)`` becomes
``load i64`` + ``store i64`` (vectorized: ``<2 x i64>`` loads, shuffles,
stores), and a double can travel as ``load i64`` + ``bitcast``; two floats
travel as one ``i64`` and are moved as ``<2 x float>``.  An integer
carries no derivative, so before differentiating a ``preprocess_`` copy we
find each *move graph* — integer loads whose values only flow, through
shuffles, element inserts/extracts and bitcasts, into stores — and rewrite
it with the float type the memory holds (type analysis: how the memory is
accessed here and in callers, or a bitcast of the moved value to a float).

Pointers move the same way: an 8-byte struct holding a pointer (a C++
iterator, a ``unique_ptr``) is copied as ``load i64`` + ``store i64``, and
read back through ``inttoptr``.  As integers they would leave the copy's
shadow pointer stale or null; as ``ptr`` moves their shadows follow.

Floats cross calls as integers too: a double ``memcpy``'d into an ``unsigned long
long`` and passed by value arrives as an ``i64`` parameter that the callee bitcasts
back (``float_parameters``).
"""

from __future__ import annotations

from enzyme_opt.analysis.types import (constant_offset, object_scalar_types, says_what_memory_holds,
                                       scalar_types_at, tbaa_float_type, underlying_object)
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.clone import clone_instruction
from enzyme_opt.ir.module import Function
from enzyme_opt.ir.values import Constant, ConstantInt, ConstantKeyword, Value, zero

FLOAT_OF_WIDTH = {64: T.f64, 32: T.f32}
#: operations a moved value may pass through (value operands only)
PASS_THROUGH = ("shufflevector", "extractelement", "insertelement")
#: operations choosing one of several moved values (a loop's last copy reaches a
#: ``bitcast`` through a phi at -O2)
JOINS = ("phi", "select")


def _joined(inst: I.Instruction) -> list[Value]:
    """The values a phi or select chooses from (not a select's condition)."""
    return list(inst.operands[0::2]) if inst.opcode == "phi" else list(inst.operands[1:])


def _moves_as_float(constant: Value) -> bool:
    """Can this constant join moved floats: undefined, or 0 (the bits of +0.0)?"""
    if isinstance(constant, ConstantKeyword):
        return constant.keyword in ("poison", "undef", "zeroinitializer")
    return isinstance(constant, ConstantInt) and constant.value == 0


def retype_float_moves(function: Function, program_types=None) -> None:
    """``program_types()``, when given, is ``analysis.pointees`` over every clone: asked
    when nothing near a move says what its memory holds."""
    _store_pointers_as_pointers(function)
    done: set[Value] = set()
    for inst in list(function.instructions()):
        if (isinstance(inst, I.LoadInst) and _int_scalar(inst.type) or _float_bits(inst)) \
                and inst not in done:
            graph = _move_graph(inst)
            if graph is None:
                continue
            done |= set(graph)
            moved_type = _moved_type(function, graph, program_types)
            if moved_type is not None:
                _rewrite(graph, moved_type)


#: parameter attributes that only integers may carry
_INTEGER_ATTRIBUTES = ("zeroext", "signext", "range(")


def float_parameters(function: Function, program_types=None) -> None:
    """An integer parameter of a ``preprocess_`` copy that only carries a float's bits
    (its every use a ``bitcast`` to a float of its width, or a store into memory typed
    as that float by ``!tbaa``) becomes a float parameter,
    and each caller bitcasts its argument to the float (a move ``retype_float_moves``
    then folds into the caller's own).  As an integer the value would carry no
    derivative into the callee: a gradient of 0, silently.  Only for a function whose
    every use is a direct call (so every caller is rewritten)."""
    callers = function.users
    if not callers or not all(isinstance(c, I.CallInst) and c.callee is function and
                              c.function_type == function.function_type for c in callers):
        return
    for param in function.args:
        width = param.type.bits if isinstance(param.type, T.IntType) else None
        as_float = FLOAT_OF_WIDTH.get(width)
        if as_float is None or not param.users or \
                not all(_takes_float_bits(u, param, as_float, program_types)
                        for u in param.users):
            continue
        for cast in [u for u in param.users if isinstance(u, I.CastInst)]:
            cast.replace_all_uses_with(param)
            cast.erase()
        param.type = as_float
        param.attrs = " ".join(a for a in param.attrs.split()
                               if not a.startswith(_INTEGER_ATTRIBUTES))
        params = list(function.function_type.params)
        params[param.index] = as_float
        function.function_type = T.FunctionType(function.function_type.ret, tuple(params),
                                                function.function_type.varargs)
        for call in callers:
            bits = call.arg(param.index)
            call.set_operand(param.index, Builder().before(call).cast("bitcast", bits, as_float))
            call.function_type = function.function_type
            attrs = call.arg_attrs[param.index].split()
            call.arg_attrs[param.index] = " ".join(a for a in attrs
                                                   if not a.startswith(_INTEGER_ATTRIBUTES))


def _takes_float_bits(user: Value, param: Value, as_float: T.Type, program_types) -> bool:
    """Does ``user`` treat ``param``'s integer bits as ``as_float``: a bitcast to it, or a
    store of it into memory that holds that float type, as its ``!tbaa`` tag says or, without
    one (-O0), as the whole program uses it (``analysis.pointees``: read back as a double by
    the caller)?"""
    if isinstance(user, I.CastInst):
        return user.opcode == "bitcast" and user.type == as_float
    if not isinstance(user, I.StoreInst) or user.value is not param or user.pointer is param:
        return False
    if tbaa_float_type(user) == as_float:
        return True
    return program_types is not None and \
        program_types().scalar_types(user.pointer) - {param.type} == {as_float}


def _store_pointers_as_pointers(function: Function) -> None:
    """``store i64 (ptrtoint p)``, a pointer kept in an integer field (an
    ``intptr_t`` handle read back by a callee through ``inttoptr``), stores
    the pointer itself: as ``store ptr p`` its shadow goes to the shadow
    memory, where the reader's shadow load finds it (left an integer, the
    shadow field stayed null)."""
    for inst in list(function.instructions()):
        if isinstance(inst, I.StoreInst) and not inst.volatile and not inst.ordering:
            value = inst.value
            if isinstance(value, I.CastInst) and value.opcode == "ptrtoint" and \
                    value.type == T.i64 and value.operand(0).type == T.ptr:
                inst.set_operand(0, value.operand(0))
                if not value.users:
                    value.erase()


def _int_scalar(ty: T.Type) -> bool:
    scalar = ty.scalar
    return isinstance(scalar, T.IntType) and scalar.bits in FLOAT_OF_WIDTH


def _float_bits(inst: Value) -> bool:
    """``bitcast double %x to i64``: a float's bits as an integer of its width."""
    return isinstance(inst, I.CastInst) and inst.opcode == "bitcast" and \
        not inst.type.is_vector and _int_scalar(inst.type) and \
        not inst.operand(0).type.is_vector and inst.operand(0).type.is_float


def _cast_type(cast: I.CastInst) -> T.Type:
    """The float or pointer type a cast in a move graph stands for."""
    return cast.operand(0).type.scalar if _float_bits(cast) else cast.type.scalar


def _move_graph(root: I.Instruction) -> list[I.Instruction] | None:
    """Every instruction connected to ``root`` by moved values, or None if
    the value is used as an integer anywhere (then it is one)."""
    graph: dict[I.Instruction, None] = {}
    #: instructions extracting one float of an i64 that moves two → that float's lane
    halves: dict[I.Instruction, int] = {}
    work = [root]
    while work:
        inst = work.pop()
        if inst in graph:
            continue
        graph[inst] = None
        if isinstance(inst, I.LoadInst):
            if inst.volatile or inst.ordering or not _int_scalar(inst.type):
                return None
        elif isinstance(inst, I.StoreInst):
            if inst.volatile or inst.ordering:
                return None
            work.append(inst.value)  # must itself be part of the graph
            continue
        elif inst.opcode in PASS_THROUGH:
            for k, operand in enumerate(inst.operands):
                if inst.opcode == "shufflevector" and k == 2:
                    continue  # the mask
                if k == len(inst.operands) - 1 and inst.opcode in ("extractelement", "insertelement"):
                    continue  # the index
                if isinstance(operand, Constant):
                    if not (isinstance(operand, ConstantKeyword) and operand.keyword in ("poison", "undef")):
                        return None
                elif isinstance(operand, I.Instruction):
                    work.append(operand)
                else:
                    return None
        elif inst.opcode in JOINS:
            # which value reaches here: each incoming one (a phi's, a select's two) is moved
            # (scalars only: a vector of pointers joined so has no shadow rule yet)
            if inst.type.is_vector:
                return None
            for operand in _joined(inst):
                if isinstance(operand, I.Instruction):
                    work.append(operand)
                elif not _moves_as_float(operand):
                    return None
        elif _float_bits(inst):
            pass  # a source: a float's bits, moved on as an integer
        elif isinstance(inst, I.CastInst) and inst.opcode in ("bitcast", "inttoptr"):
            continue  # a sink: the float or pointer value itself
        elif inst in halves:
            continue  # part of a float half's extraction (below)
        else:
            return None
        for user in inst.users:
            half = _float_half(user) if inst.type == T.i64 else None
            if half is not None:
                for part in half[1]:
                    graph[part] = None
                    halves[part] = half[0]
                continue
            if isinstance(user, I.StoreInst) and user.value is inst:
                work.append(user)
            elif isinstance(user, I.CastInst) and user.opcode == "bitcast" and \
                    user.type.scalar.is_float and user.type.is_vector == inst.type.is_vector:
                work.append(user)
            elif isinstance(user, I.CastInst) and user.opcode == "inttoptr" and \
                    inst.type.scalar.bits == 64 and user.type.is_vector == inst.type.is_vector:
                work.append(user)
            elif user.opcode in PASS_THROUGH and user.operand(len(user.operands) - 1) is not inst:
                work.append(user)  # moved along (never used as an index or mask)
            elif user.opcode in JOINS and inst in _joined(user):
                work.append(user)  # one of the values a phi or select chooses from
            else:
                return None
    return list(graph)


def _float_half(user: I.Instruction) -> tuple[int, list[I.Instruction]] | None:
    """``trunc i64 → i32`` + ``bitcast → float`` reads lane 0 of two floats moved as
    an ``i64``; ``lshr 32`` first reads lane 1 (x86 and every little-endian target).
    (lane, the instructions) when ``user`` starts such a chain."""
    chain, lane = [user], 0
    if user.opcode == "lshr" and isinstance(user.operand(1), ConstantInt) and \
            user.operand(1).value == 32 and len(user.users) == 1:
        lane, user = 1, user.users[0]
        chain.append(user)
    if not (user.opcode == "trunc" and user.type == T.i32 and len(user.users) == 1):
        return None
    cast = user.users[0]
    if not (isinstance(cast, I.CastInst) and cast.opcode == "bitcast" and cast.type == T.f32):
        return None
    return lane, chain + [cast]


def _is_half(inst: I.Instruction) -> bool:
    """Is ``inst`` part of a float half's extraction (``_float_half``)?"""
    if inst.opcode == "bitcast":
        inst = inst.operand(0)
    if not isinstance(inst, I.Instruction):
        return False
    if inst.opcode == "trunc" and inst.type == T.i32 and inst.operand(0).type == T.i64:
        source = inst.operand(0)
        return _float_half(inst) is not None or (
            isinstance(source, I.Instruction) and source.opcode == "lshr"
            and _float_half(source) is not None)
    return inst.opcode == "lshr" and _float_half(inst) is not None


def _moved_type(function: Function, graph: list[I.Instruction],
                program_types=None) -> T.Type | None:
    """What the integers move: a float of their width or a pointer, from the
    casts the moved value ends in, else from how the memory is accessed
    (the whole object here and in callers; at the same offset when the
    object holds both kinds).  None: they are integers."""
    width = graph[0].type.scalar.bits  # the root: an integer load, or a float's bits
    as_float = FLOAT_OF_WIDTH[width]
    if any(_is_half(i) for i in graph if not isinstance(i, (I.LoadInst, I.StoreInst))):
        # a phi or select may carry the i64 to its halves (an LCSSA phi out of a loop)
        others = [i for i in graph if not isinstance(i, (I.LoadInst, I.StoreInst))
                  and not _is_half(i) and i.opcode not in JOINS]
        scalar = all(not i.type.is_vector for i in graph if isinstance(i, I.LoadInst))
        return FLOAT_PAIR if width == 64 and scalar and not others else None
    sinks = {_cast_type(i) for i in graph if isinstance(i, I.CastInst)}
    if sinks:
        return as_float if sinks == {as_float} else T.ptr if sinks == {T.ptr} else None
    accesses = [i.pointer for i in graph if isinstance(i, (I.LoadInst, I.StoreInst))]
    evidence: set[T.Type] = set()
    for pointer in accesses:
        evidence |= object_scalar_types(function, underlying_object(pointer))
    if not says_what_memory_holds(evidence) and program_types is not None:
        for pointer in accesses:  # the whole program: the elements read elsewhere
            evidence |= program_types().scalar_types(pointer)
    if width == 64 and not says_what_memory_holds(evidence):
        return _NO_EVIDENCE
    if width == 64 and _pair_of_floats(graph, evidence):
        return FLOAT_PAIR
    choice = _choose(evidence, as_float, width)
    if choice is not None or not _both_kinds(evidence):
        return choice
    here: set[T.Type] = set()
    for pointer in accesses:
        base, offset = constant_offset(pointer)
        if offset is None:
            break
        here |= scalar_types_at(function, base, offset)
    else:
        choice = _choose(here, as_float, width)
        if choice is not None:
            return choice
    # Unknown offsets in mixed memory: floats, as before pointers were moved.
    floats = {t for t in evidence if t.is_float}
    return as_float if floats == {as_float} else None


#: An 8-byte move with no float or pointer access to its memory in sight (a
#: C++ -O0 move constructor several calls away from any use) is moved as a
#: pointer: if it is one, its shadow must follow (left an integer, the copy
#: kept a stale or null shadow); if it is an integer, moving its shadow bytes
#: is harmless.  A double there would lose its derivative either way, but a
#: double is almost always loaded as one close by, which is evidence.
_NO_EVIDENCE = T.ptr


#: Two floats moved as one ``i64`` (a ``std::vector<float>`` relocating its elements
#: at -O2): moved as ``<2 x float>``, each keeps its derivative.
FLOAT_PAIR = T.VectorType(2, T.f32)


def _pair_of_floats(graph: list[I.Instruction], evidence: set[T.Type]) -> bool:
    """Does a plain ``i64`` move (loads and stores only) copy float memory?"""
    plain = all(isinstance(i, (I.LoadInst, I.StoreInst)) and not i.type.is_vector
                and not (isinstance(i, I.StoreInst) and i.value.type.is_vector) for i in graph)
    floats = {t for t in evidence if t.is_float}
    return plain and floats == {T.f32} and not any(T.contains_pointer(t) for t in evidence)


def _both_kinds(evidence: set[T.Type]) -> bool:
    return any(t.is_float for t in evidence) and any(T.contains_pointer(t) for t in evidence)


def _choose(evidence: set[T.Type], as_float: T.Type, width: int) -> T.Type | None:
    floats = {t for t in evidence if t.is_float}
    pointers = any(T.contains_pointer(t) for t in evidence)
    if floats == {as_float} and not pointers:
        return as_float
    if pointers and not floats and width == 64:
        return T.ptr
    return None


def _as_float(ty: T.Type, element: T.Type) -> T.Type:
    """``ty`` (an integer or a vector of them) moving ``element``s (``FLOAT_PAIR``
    for a scalar ``i64`` only)."""
    return T.VectorType(ty.count, element, ty.scalable) if isinstance(ty, T.VectorType) else element


def _rewrite(graph: list[I.Instruction], element: T.Type) -> None:
    """Rebuild the graph with float types, in program order, then drop it."""
    order = {inst: k for k, inst in enumerate(graph[0].function.instructions())}
    moved: dict[Value, Value] = {}

    def value(v: Value) -> Value:
        if v in moved:
            return moved[v]
        if isinstance(v, ConstantKeyword):
            return ConstantKeyword(_as_float(v.type, element), v.keyword)
        if isinstance(v, ConstantInt) and v.value == 0:
            return zero(_as_float(v.type, element))
        return v

    for inst in sorted(graph, key=order.get):
        block = inst.parent
        if isinstance(inst, I.LoadInst):
            new = I.LoadInst(_as_float(inst.type, element), inst.pointer, inst.align, inst.name)
        elif isinstance(inst, I.StoreInst):
            new = I.StoreInst(value(inst.value), inst.pointer, inst.align)
        elif element == FLOAT_PAIR and _is_half(inst):
            if isinstance(inst, I.CastInst) and inst.opcode == "bitcast":
                root = inst.operand(0).operand(0)        # trunc's operand: the i64 or lshr
                lane = 1 if root.opcode == "lshr" else 0
                source = root.operand(0) if lane else root
                moved[inst] = I.ExtractElementInst(value(source), ConstantInt(T.i32, lane),
                                                   inst.name)
                block.insert_before(inst, moved[inst])
            continue
        elif isinstance(inst, I.CastInst):
            moved[inst] = value(inst.operand(0))  # the bitcast disappears
            continue
        else:
            new = clone_instruction(inst, {op: value(op) for op in inst.operands})
            new.type = _as_float(inst.type, element)
        new.metadata = [(k, v) for k, v in inst.metadata if k != "tbaa"]
        block.insert_before(inst, new)
        moved[inst] = new
    for inst in graph:  # a phi's incoming value from a later block was not moved yet
        new = moved.get(inst)
        if new is not None and inst.opcode in JOINS:
            for k, operand in enumerate(new.operands):
                if operand in moved:
                    new.set_operand(k, moved[operand])
    for inst in sorted(graph, key=order.get, reverse=True):
        if isinstance(inst, I.CastInst) and inst in moved:
            inst.replace_all_uses_with(moved[inst])
        inst.erase()

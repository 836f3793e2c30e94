"""Type analysis: which floating type does memory hold?

Clang erases element types from pointers; a ``memcpy`` moves bytes.  To
give the copy an adjoint we need to know which bytes are floats of which
width: exactly from the ``!tbaa.struct`` clang attaches to struct copies,
else from how the memory behind its operands is loaded and stored (here,
in the functions it is passed to and in the callers that pass it).
"""

from __future__ import annotations

import re

from enzyme_opt.demangle import demangle, user_name
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.values import Argument, Value


def underlying_object(value: Value) -> Value:
    """Strip GEPs and casts: the allocation a pointer points into."""
    seen = 0
    while seen < 64:
        seen += 1
        if isinstance(value, I.GEPInst) or (isinstance(value, I.CastInst)
                                            and value.opcode in ("bitcast", "addrspacecast")):
            value = value.operand(0)
        else:
            return value
    return value


def uses_through_offsets(base: Value):
    """Every use of ``base`` and of the pointers derived from it by GEPs and casts (as
    ``underlying_object`` strips them), but not those GEP and cast uses themselves."""
    work, seen = [base], set()
    while work:
        value = work.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        for use in value.uses:
            user = use.user
            if use.index == 0 and (isinstance(user, I.GEPInst) or (
                    isinstance(user, I.CastInst) and user.opcode in ("bitcast",
                                                                      "addrspacecast"))):
                work.append(user)
            else:
                yield use


def constant_offset(pointer: Value) -> tuple[Value, int | None]:
    """The object ``pointer`` points into and its byte offset there (None
    when a GEP index is not a constant)."""
    offset = 0
    for _ in range(64):
        if isinstance(pointer, I.CastInst) and pointer.opcode in ("bitcast", "addrspacecast"):
            pointer = pointer.operand(0)
        elif isinstance(pointer, I.GEPInst):
            step = gep_offset(pointer)
            if step is None:
                return underlying_object(pointer), None
            offset += step
            pointer = pointer.operand(0)
        else:
            return pointer, offset
    return pointer, None


def gep_offset(gep: I.GEPInst) -> int | None:
    """The byte offset one GEP adds to its base (None unless every index is a
    constant)."""
    from enzyme_opt.ir.values import ConstantInt
    ty, indices = gep.source_type, gep.indices
    if not all(isinstance(i, ConstantInt) for i in indices):
        return None
    return T.indexed_offset(ty, [i.value for i in indices])


def scalar_types_at(function, base: Value, offset: int) -> set[T.Type]:
    """Scalar types accessed at byte ``offset`` of object ``base`` in ``function``."""
    found: set[T.Type] = set()
    for inst in function.instructions():
        if isinstance(inst, I.LoadInst):
            pointer, ty = inst.pointer, inst.type
        elif isinstance(inst, I.StoreInst):
            pointer, ty = inst.pointer, inst.value.type
        else:
            continue
        if constant_offset(pointer) == (base, offset):
            found.add(ty.scalar)
    return found


def float_types_of_object(function, base: Value) -> set[T.Type]:
    """Float types loaded from or stored into object ``base`` in ``function``."""
    return {t for t in scalar_types_of_object(function, base) if t.is_float}


def scalar_types_of_object(function, base: Value) -> set[T.Type]:
    """Scalar types loaded from or stored into object ``base`` in ``function``
    (``ptr`` for pointers, ``double``, ``i64``...)."""
    found: set[T.Type] = set()
    for inst in function.instructions():
        if isinstance(inst, I.LoadInst):
            pointer, ty = inst.pointer, inst.type
        elif isinstance(inst, I.StoreInst):
            pointer, ty = inst.pointer, inst.value.type
        else:
            continue
        if underlying_object(pointer) is base:
            found.add(ty.scalar)
    return found


def says_what_memory_holds(types: set[T.Type]) -> bool:
    """Is there a float or a pointer among the scalar types memory is accessed with?
    Integers alone say nothing: floats and pointers are copied as integers too."""
    return any(t.is_float or T.contains_pointer(t) for t in types)


def memory_scalar_types(inst: I.CallInst) -> set[T.Type]:
    """The scalar types accessed in the memory a memcpy moves, near the copy: its own
    ``!tbaa`` tag, loads and stores of either operand's object in this function, and,
    when an operand is a parameter, in the callers' objects passed for it."""
    found: set[T.Type] = set()
    tagged = tbaa_float_type(inst)
    if tagged is not None:
        found.add(tagged)
    for operand in inst.args[:2]:
        found |= _object_scalar_types(inst.function, underlying_object(operand), depth=2)
        pointee = tbaa_pointee_float_type(operand)
        if pointee is not None:
            found.add(pointee)
    return found


def object_scalar_types(function, base: Value, depth: int = 2) -> set[T.Type]:
    """Scalar types the memory of object ``base`` is accessed with, in
    ``function`` and (for a parameter) in the callers passing it."""
    return _object_scalar_types(function, base, depth)


def object_float_types(function, base: Value, depth: int = 2) -> set[T.Type]:
    """Float types the memory of object ``base`` is accessed with, in
    ``function`` and (for a parameter) in the callers passing it."""
    return {t for t in _object_scalar_types(function, base, depth) if t.is_float}


def _object_scalar_types(function, base: Value, depth: int) -> set[T.Type]:
    """Accesses in ``function``; when none of them is a float or a pointer,
    also in the functions it passes the object to and (for a parameter) in
    its callers."""
    found = scalar_types_of_object(function, base)
    if depth == 0 or says_what_memory_holds(found):
        return found  # integers say nothing: memory is copied as integers
    for inst in function.instructions():
        callee = inst.called_function if isinstance(inst, I.CallInst) else None
        if callee is None or callee.is_declaration or callee is function:
            continue
        for index, arg in enumerate(inst.args[:len(callee.args)]):
            if arg.type.is_pointer and underlying_object(arg) is base:
                found |= _object_scalar_types(callee, callee.args[index], depth - 1)
    if not isinstance(base, Argument):
        return found
    for use in function.uses:
        call = use.user
        if isinstance(call, I.CallInst) and call.callee is function and call.function is not None:
            found |= _object_scalar_types(call.function, underlying_object(call.arg(base.index)),
                                          depth - 1)
    return found


#: TBAA scalar type names clang gives floating-point accesses
_TBAA_FLOATS = {"double": T.f64, "float": T.f32}


_NODE = re.compile(r"^(![0-9]+) = (?:distinct )?!\{(.*)\}$")


#: the TBAA type that says nothing of what a field holds: clang gives it to ``char``
#: members and to arrays (``std::array<double, 3>``'s ``double[3]``, a pointer array), so a
#: copy annotated with it is typed from how its memory is accessed instead
_ANY_TYPE = "omnipotent char"


def _copy_fields(inst: I.CallInst) -> list[tuple[int, int, str]] | None:
    """``(offset, size, TBAA type name)`` of each field of a struct copy's ``!tbaa.struct``;
    None when the copy is not annotated, or a field's type says nothing (``_ANY_TYPE``)."""
    ref = inst.get_metadata("tbaa.struct")
    module = inst.function.module if inst.function is not None else None
    if ref is None or module is None:
        return None
    items = _node_items(module, ref)
    if items is None or len(items) % 3:
        return None
    fields = []
    for k in range(0, len(items), 3):
        offset, size, tag = items[k:k + 3]
        name = _type_name(module, tag) or ""
        if name == _ANY_TYPE:
            return None
        fields.append((int(offset.split()[-1]), int(size.split()[-1]), name))
    return fields


def struct_copy_fields(inst: I.CallInst) -> list[tuple[int, int, T.Type | None]] | None:
    """``(offset, size, float type or None)`` of each field of a struct copy,
    from the ``!tbaa.struct`` clang attaches to it (None: not annotated, or a field of
    unknown type: C++ fuzz seed 4018 lost the adjoint of a ``std::array<double, 3>`` copy,
    whose one field is "omnipotent char", taken for an integer)."""
    fields = _copy_fields(inst)
    if fields is None:
        return None
    return [(offset, size, _TBAA_FLOATS.get(name)) for offset, size, name in fields]


def struct_copy_pointer_fields(inst: I.CallInst) -> list[tuple[int, int]] | None:
    """``(offset, size)`` of each pointer field of an annotated struct copy
    (``!tbaa.struct`` names them "any pointer", "p1 double"...); None when
    the copy is not annotated, or a field's type is unknown."""
    fields = _copy_fields(inst)
    if fields is None:
        return None
    return [(offset, size) for offset, size, name in fields
            if name == "any pointer" or re.match(r"p\d+ ", name)]


def _node_items(module, ref: str) -> list[str] | None:
    line = module.metadata.get(ref)
    match = _NODE.match(line or "")
    if not match:
        return None
    return [item.strip() for item in match.group(2).split(",")]


def tbaa_float_type(inst: I.Instruction) -> T.Type | None:
    """The float type of an access's own ``!tbaa`` tag: clang tags a memcpy made from a copy
    loop with its element's type ("float"), which says what the memory holds even when no
    load of it can be traced (buffers swapped through pointer phis); a store of an integer
    tagged "double" stores a double's bits."""
    ref = inst.get_metadata("tbaa")
    module = inst.function.module if inst.function is not None else None
    if ref is None or module is None:
        return None
    return _TBAA_FLOATS.get(_type_name(module, ref))


def _type_name(module, tag: str) -> str | None:
    """The scalar type name of a TBAA access tag: ``!{base, access, offset}``, its type
    node ``!{!"name", parent, offset}``; or, with clang's ``-new-struct-path-tbaa``,
    ``!{base, access, offset, size}`` and ``!{parent, size, !"name", …}``."""
    items = _node_items(module, tag)
    if not items or len(items) < 2:
        return None
    access = _node_items(module, items[1])
    if not access:
        return None
    if access[0].startswith('!"'):
        return access[0][2:-1]
    if len(access) >= 3 and access[2].startswith('!"'):
        return access[2][2:-1]
    return None


#: TBAA names of pointers to floats (clang: "p1 double"): the memory they point to
_TBAA_FLOAT_POINTERS = {f"p1 {name}": ty for name, ty in _TBAA_FLOATS.items()}


def tbaa_pointee_float_type(pointer: Value) -> T.Type | None:
    """The float type ``pointer`` points to, from the C++ type of where it is kept: clang
    tags the load of a ``float *`` member, and the store of a pointer into one, with the
    TBAA type "p1 float".  A ``memcpy`` between two buffers of an Eigen tensor has no tag
    of its own and its buffers no accesses near it; the member its source pointer was
    loaded from, or its destination stored into, says they hold floats (strict aliasing:
    a ``float *`` points to floats)."""
    base = underlying_object(pointer)
    function = getattr(base, "function", None) or getattr(pointer, "function", None)
    module = function.module if function is not None else None
    if module is None:
        return None
    found = set()
    if isinstance(base, I.LoadInst) and base.get_metadata("tbaa"):
        found.add(_TBAA_FLOAT_POINTERS.get(_type_name(module, base.get_metadata("tbaa"))))
    for value in {base, pointer}:
        for use in value.uses:
            store = use.user
            if isinstance(store, I.StoreInst) and use.index == 0 and store.get_metadata("tbaa"):
                found.add(_TBAA_FLOAT_POINTERS.get(_type_name(module, store.get_metadata("tbaa"))))
    found.discard(None)
    return found.pop() if len(found) == 1 else None


#: TBAA type nodes whose children are scalar types: a node under one of these (or under
#: the root) is a scalar ("int", "double", "p1 double"), one under anything else a struct
_TBAA_SCALAR_PARENTS = (_ANY_TYPE, "any pointer")


def tbaa_base_scalars(inst: I.Instruction) -> tuple[str, list[str]] | None:
    """(name, scalar type names) of the struct an access's ``!tbaa`` tag says it is
    inside (``p[i].price`` of ``struct item {int count; double price;}``: ``("item",
    ["int", "double"])``); None when untagged, not inside a struct, or not clang's
    usual struct-path format."""
    ref = inst.get_metadata("tbaa")
    module = inst.function.module if inst.function is not None else None
    if ref is None or module is None:
        return None
    items = _node_items(module, ref)
    if not items or len(items) < 3 or items[0] == items[1]:
        return None  # a scalar's own tag: !{!double, !double, i64 0}
    name, scalars = _tbaa_node(module, items[0]), []
    if name is None or not _tbaa_scalars(module, items[0], scalars, 0):
        return None
    return name, scalars


def _tbaa_node(module, ref: str) -> str | None:
    items = _node_items(module, ref)
    return items[0][2:-1] if items and items[0].startswith('!"') else None


def _tbaa_scalars(module, ref: str, out: list[str], depth: int) -> bool:
    """Append the scalar type names under TBAA type node ``ref``; False if unreadable."""
    items = _node_items(module, ref)
    if depth > 8 or not items or not items[0].startswith('!"'):
        return False
    name, members = items[0][2:-1], items[1::2]
    parent = _tbaa_node(module, members[0]) if len(members) == 1 else None
    if not members or len(_node_items(module, members[0]) or ()) == 1:
        out.append(name)  # the root, or right under it ("omnipotent char")
    elif parent == "any pointer" or (parent == _ANY_TYPE and _is_scalar_name(name)):
        out.append(name)
    elif parent == _ANY_TYPE:
        out.append(_ANY_TYPE)  # a struct whose one member is an array: says nothing
    else:
        return all(_tbaa_scalars(module, member, out, depth + 1) for member in members)
    return True


def _is_scalar_name(name: str) -> bool:
    """A TBAA name of a C scalar type (a struct named like one cannot be told apart)."""
    words = set(name.split())
    return bool(words) and words <= {"signed", "unsigned", "char", "short", "int", "long",
                                      "float", "double", "bool", "_Bool", "__int128",
                                      "wchar_t", "char8_t", "char16_t", "char32_t", "half",
                                      "__fp16", "_Float16", "__bf16"} \
        or re.match(r"(p\d+ |any p\d+ pointer|vtable pointer)", name) is not None


# -- what a C++ function's own signature says its pointers point to ----------------------
#: a parameter the demangled signature spells as a pointer to a float type
_FLOAT_POINTER = re.compile(r"(double|float)(?: const)?\*")
_FLOAT_TYPES = {"double": T.f64, "float": T.f32}
#: mangled name → its parameters' spellings (None: not a C++ function, or not understood)
_SIGNATURES: dict[str, list[str] | None] = {}


def signature_float_pointees(inst: I.CallInst) -> set[T.Type]:
    """The float types a C++ function's signature declares the memory of a copy's
    operands to hold, where they are its parameters: at -O0 nothing near
    ``std::__copy_move<…>::__copy_m<double>(double const*, double const*, double*)``'s
    ``memmove`` (no ``!tbaa``, no load or store) says what it moves, but its name does.
    A pointer to ``double`` holds doubles, as C++'s aliasing rules (and ``!tbaa``) assume."""
    function = inst.function
    params = _parameters(user_name(function.name))
    if params is None:
        return set()
    # Only where the IR has one argument per parameter: `this`, a returned struct's slot or
    # a struct passed in two registers would shift them, and which one cannot be told.
    if len(function.args) != len(params):
        return set()
    found = set()
    for operand in inst.args[:2]:
        base = underlying_object(operand)
        if isinstance(base, Argument) and base.parent is function:
            spelled = _FLOAT_POINTER.fullmatch(params[base.index])
            if spelled:
                found.add(_FLOAT_TYPES[spelled.group(1)])
    return found


def _parameters(name: str) -> list[str] | None:
    """The parameter types of the C++ function ``name`` (mangled), as the demangler spells
    them, or None."""
    if not name.startswith("_Z"):
        return None
    if name not in _SIGNATURES:
        _SIGNATURES[name] = _split_parameters(demangle([name])[0])
    return _SIGNATURES[name]


def _split_parameters(spelled: str) -> list[str] | None:
    """``f<a, b>(double const*, int) const`` → ``["double const*", "int"]``."""
    text = spelled.strip()
    for qualifier in (" const", " volatile", " &&", " &"):
        if text.endswith(qualifier):
            text = text[:-len(qualifier)]
    if not text.endswith(")"):
        return None
    depth = 0
    for start in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[start], 0)
        if depth == 0:
            break
    else:
        return None
    inner, params, depth, current = text[start + 1:-1], [], 0, ""
    for char in inner:
        if char in "<([":
            depth += 1
        elif char in ">)]":
            depth -= 1
        if char == "," and depth == 0:
            params.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip() and current.strip() != "void":
        params.append(current.strip())
    return params

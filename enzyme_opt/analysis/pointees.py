"""What memory holds, from the whole program: pointers unified Steensgaard-style.

A ``memcpy`` adjoint adds the destination's adjoint into the source's element
by element, so it must know whether the bytes are ``float``s or ``double``s.
``analysis.types`` looks for that locally (accesses of the same object, a
caller or callee away, TBAA tags).  When that finds nothing — a
``std::vector<float>`` grown by ``memmove`` inside libstdc++, where the copy's
pointers come through phis of loaded fields and the floats are read in the
user's loop — this module answers from every function it is given:

- every pointer value belongs to one equivalence class ("the memory it may
  point into"); GEPs, casts, phis, selects, vector lanes, call arguments and
  parameters, returned values and call results, and the two operands of a
  copy are unified;
- a class records the scalar types it is loaded and stored with (and the
  scalar leaves of allocas and globals in it);
- a class holding pointers has one pointee class: a pointer loaded from it or
  stored into it is unified with that pointee;
- a pointer a constant number of bytes into an object (a struct field, a
  fixed element) gets a field class of its own, hung under the object's class
  by offset: a ``std::vector``'s temporary ``{vector *, double}`` then keeps
  its pointer field apart from the doubles that flow on from its second field.
  A question about a class also counts the types of its fields (a copy of the
  whole object copies them), and, when those say nothing, the types of the
  object the field belongs to (a ``memmove`` of an array's tail).

Every type a class records was used by the program on memory one of its
pointers may reach, so a missed flow can only leave a type out, never put a
wrong one in; when the answer is exactly one float type, that is the one the
program uses on that memory, and two types or none make the caller refuse
rather than guess.  Linear in the number of instructions (near-constant union
find), computed once per set of functions.
"""

from __future__ import annotations

from enzyme_opt.analysis.types import gep_offset, says_what_memory_holds
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import Function, GlobalVariable
from enzyme_opt.ir.values import Argument, Value

#: intrinsics that copy memory from operand 1 to operand 0
_COPIES = ("llvm.memcpy.", "llvm.memmove.", "llvm.memcpy.inline.")


def scalar_leaves(ty: T.Type) -> set[T.Type]:
    """The scalar types a value of ``ty`` is made of (``{double, i32}`` for
    ``{ [2 x double], i32 }``; the element of a vector)."""
    if isinstance(ty, (T.StructType, T.NamedStructType)):
        return set().union(*(scalar_leaves(e) for e in ty.elements)) if ty.elements else set()
    if isinstance(ty, T.ArrayType):
        return scalar_leaves(ty.element)
    return {ty.scalar}


class PointeeTypes:
    """The scalar types of the memory each pointer of ``functions`` may reach."""

    def __init__(self, functions: list[Function]):
        self._node: dict[object, int] = {}
        self._parent: list[int] = []
        self._types: list[set[T.Type]] = []
        #: whether the class is written (stored into, copied or set into)
        self._stored: list[bool] = []
        self._pointee: list[int] = []
        self._fields: list[dict[int, int]] = []
        #: the object class a field class hangs under (-1: none)
        self._owner: list[int] = []
        in_scope = set(functions)
        #: functions that only hand back one of their pointer parameters
        #: (``std::move``, ``std::forward``, ``__niter_base``...): called on
        #: everything, they would merge everything, so each call stands alone
        self._forwards = {fn: k for fn in functions
                          if (k := _forwarded_parameter(fn)) is not None}
        for fn in functions:
            self._walk(fn, in_scope)

    # -- queries -----------------------------------------------------------------------
    def scalar_types(self, pointer: Value) -> set[T.Type]:
        """Scalar types the memory ``pointer`` may reach is accessed with
        (empty when the pointer is not in the analysed functions)."""
        node = self._node.get(pointer)
        if node is None:
            return set()
        found = self._collect(node)
        owner, seen = self._owner[self._find(node)], set()
        while owner >= 0 and owner not in seen and not says_what_memory_holds(found):
            # A field nobody accesses as such (``memmove(v + 5, v + 6, …)`` of an
            # array's tail): what the whole object holds.
            seen.add(owner)
            found |= self._collect(owner)
            owner = self._owner[self._find(owner)]
        return found

    def loaded_pointee_types(self, pointer: Value) -> set[T.Type]:
        """Scalar types accessed through the pointers kept in the memory
        ``pointer`` reaches (``*p`` for ``p`` loaded from there)."""
        node = self._node.get(pointer)
        if node is None:
            return set()
        target = self._pointee[self._find(node)]
        return self._collect(target) if target >= 0 else set()

    def written_through_pointees(self, pointer: Value) -> bool:
        """Whether memory is written through the pointers kept in the memory ``pointer``
        reaches (``*p = …`` for ``p`` loaded from there)."""
        node = self._node.get(pointer)
        if node is None:
            return False
        target = self._pointee[self._find(node)]
        todo, seen = [target] if target >= 0 else [], set()
        while todo:
            root = self._find(todo.pop())
            if root not in seen:
                seen.add(root)
                if self._stored[root]:
                    return True
                todo += self._fields[root].values()
        return False

    def _collect(self, node: int) -> set[T.Type]:
        """The types of ``node``'s class and of its fields, recursively."""
        found: set[T.Type] = set()
        todo, seen = [node], set()
        while todo:
            root = self._find(todo.pop())
            if root not in seen:
                seen.add(root)
                found |= self._types[root]
                todo += self._fields[root].values()
        return found

    # -- union-find ---------------------------------------------------------------------
    def _new(self) -> int:
        self._parent.append(len(self._parent))
        self._types.append(set())
        self._stored.append(False)
        self._pointee.append(-1)
        self._fields.append({})
        self._owner.append(-1)
        return len(self._parent) - 1

    def _of(self, key) -> int:
        node = self._node.get(key)
        if node is None:
            node = self._node[key] = self._new()
            if isinstance(key, GlobalVariable):
                self._types[node] |= scalar_leaves(key.value_type)
        return node

    def _find(self, node: int) -> int:
        parent = self._parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def _pointee_of(self, key) -> int:
        root = self._find(self._of(key))
        if self._pointee[root] < 0:
            self._pointee[root] = self._new()
        return self._pointee[root]

    def _unify(self, a: int, b: int) -> None:
        work = [(a, b)]
        while work:
            x, y = work.pop()
            x, y = self._find(x), self._find(y)
            if x == y:
                continue
            if len(self._types[x]) < len(self._types[y]):
                x, y = y, x
            self._parent[y] = x
            self._types[x] |= self._types[y]
            self._stored[x] = self._stored[x] or self._stored[y]
            px, py = self._pointee[x], self._pointee[y]
            if px < 0:
                self._pointee[x] = py
            elif py >= 0:
                work.append((px, py))
            fields = self._fields[x]
            for offset, node in self._fields[y].items():
                if offset in fields:
                    work.append((fields[offset], node))
                else:
                    fields[offset] = node
            self._fields[y] = {}
            if self._owner[x] < 0:
                self._owner[x] = self._owner[y]

    def _field(self, inst: I.GEPInst, base: Value, offset: int) -> None:
        root = self._find(self._of(base))
        node = self._fields[root].get(offset)
        if node is None:
            node = self._fields[root][offset] = self._new()
            self._owner[node] = root
        self._unify(self._of(inst), node)

    def _same(self, a, b) -> None:
        self._unify(self._of(a), self._of(b))

    def _written(self, pointer: Value) -> None:
        self._stored[self._find(self._of(pointer))] = True

    def _accessed(self, pointer: Value, ty: T.Type) -> None:
        self._types[self._find(self._of(pointer))] |= scalar_leaves(ty)

    # -- the walk -----------------------------------------------------------------------
    def _walk(self, fn: Function, in_scope: set[Function]) -> None:
        for inst in fn.instructions():
            if isinstance(inst, I.LoadInst):
                self._accessed(inst.pointer, inst.type)
                if T.contains_pointer(inst.type):
                    self._unify(self._of(inst), self._pointee_of(inst.pointer))
            elif isinstance(inst, I.StoreInst):
                self._accessed(inst.pointer, inst.value.type)
                self._written(inst.pointer)
                if T.contains_pointer(inst.value.type):
                    self._unify(self._of(inst.value), self._pointee_of(inst.pointer))
            elif isinstance(inst, (I.AtomicRMWInst, I.CmpXchgInst)):
                self._accessed(inst.operand(0), inst.operands[-1].type)
                self._written(inst.operand(0))
            elif isinstance(inst, I.AllocaInst):
                self._accessed(inst, inst.allocated_type)
            elif isinstance(inst, I.CallInst):
                self._call(inst, in_scope)
            elif isinstance(inst, I.ReturnInst):
                if inst.value is not None and T.contains_pointer(inst.value.type):
                    self._same(inst.value, ("return", fn))
            elif isinstance(inst, I.GEPInst) and _field_offset(inst):
                self._field(inst, inst.operand(0), _field_offset(inst))
            elif T.contains_pointer(inst.type) and isinstance(
                    inst, (I.GEPInst, I.CastInst, I.PhiInst, I.SelectInst, I.ExtractElementInst,
                           I.InsertElementInst, I.ShuffleVectorInst, I.FreezeInst,
                           I.ExtractValueInst, I.InsertValueInst)):
                for operand in inst.operands:
                    if T.contains_pointer(operand.type):
                        self._same(inst, operand)

    def _call(self, call: I.CallInst, in_scope: set[Function]) -> None:
        callee = call.called_function
        if callee is None:
            return
        if callee.name.startswith(_COPIES):
            self._same(call.arg(0), call.arg(1))
            self._written(call.arg(0))
        elif callee.name.startswith("llvm.memset."):
            self._written(call.arg(0))
        elif callee in self._forwards:
            self._same(call, call.arg(self._forwards[callee]))
        elif callee in in_scope:
            for param, arg in zip(callee.args, call.args):
                if T.contains_pointer(param.type):
                    self._same(param, arg)
            if T.contains_pointer(call.type):
                self._same(call, ("return", callee))


def _forwarded_parameter(fn: Function) -> int | None:
    """The index of the pointer parameter ``fn`` returns, when returning it
    (through casts) is all ``fn`` does; else None."""
    forwarded = None
    for inst in fn.instructions():
        if isinstance(inst, I.CastInst):
            continue
        if not isinstance(inst, I.ReturnInst) or inst.value is None:
            return None
        value = inst.value
        while isinstance(value, I.CastInst):
            value = value.operand(0)
        if not isinstance(value, Argument) or not value.type.is_pointer or \
                forwarded not in (None, value.index):
            return None
        forwarded = value.index
    return forwarded


def _field_offset(gep: I.GEPInst) -> int | None:
    """The constant, non-zero byte offset of a scalar GEP from its base."""
    return None if gep.type.is_vector else (gep_offset(gep) or None)

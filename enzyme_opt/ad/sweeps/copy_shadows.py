"""Shadows of aggregates and of copied memory, for the augmented forward sweep.

A struct or array holding pointers (``{ptr, ptr}`` returned by value, a span's
``{ptr, i64}``) has a shadow of the same type with each pointer's shadow in its
place; storing one writes those fields of the shadow memory.  A ``memcpy``'s
forward half moves the shadows of the pointers it copies (its float bytes are
the reverse sweep's: their adjoints move then).  Which bytes are pointers comes
from the copy's ``!tbaa.struct``, else from what the program accesses the
memory as (``analysis.types`` near the copy, ``analysis.pointees`` from the
whole program).

``CopyShadows`` is a part of ``AugmentedBuilder`` (``augment.py``) and uses
its state: ``shadow``, ``width``, ``runtime``, ``mem``, ``ctx``,
``primal_of``, ``kept_shadow``, ``each_lane`` and ``fail``.
"""

from __future__ import annotations

from enzyme_opt.ad.utils import join_lanes, split_lanes
from enzyme_opt.analysis.memory import underlying_objects
from enzyme_opt.analysis.types import (memory_scalar_types, says_what_memory_holds,
                                       struct_copy_pointer_fields)
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.types import leaves
from enzyme_opt.ir.values import ConstantInt
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind


class CopyShadows:
    """Shadows of aggregates and memcpys (see the module docstring)."""

    def aggregate_shadow(self, b: Builder, inst, name: str) -> None:
        """Shadows of structs and arrays holding pointers (``{ptr, ptr}``
        returned by value, a span's ``{ptr, i64}``): the same aggregate with
        each pointer's shadow in its place.  Only the pointer fields of a
        shadow aggregate mean anything; its other fields are the primal's."""
        source = inst.operand(0)
        if inst.opcode == "extractvalue":
            if source in self.shadow and T.contains_pointer(inst.type):
                self.shadow[inst] = self.each_lane(
                    b, self.shadow[source],
                    lambda lane: b.insert(I.ExtractValueInst(lane, inst.indices, inst.type)), name)
            return
        value = inst.operand(1)
        if source not in self.shadow and value not in self.shadow:
            return
        sources = split_lanes(b, self.shadow.get(source, source), self.width) \
            if source in self.shadow else [source] * self.width
        values = split_lanes(b, self.kept_shadow(b, value), self.width) \
            if T.contains_pointer(value.type) else [value] * self.width
        lanes = [b.insert(I.InsertValueInst(s, v, inst.indices)) for s, v in zip(sources, values)]
        self.shadow[inst] = join_lanes(b, lanes, inst.type, self.width, name)

    def store_pointer_fields(self, b: Builder, inst) -> None:
        """Storing an aggregate that holds pointers: each pointer field's
        shadow goes to the same field of the shadow memory.  The other fields
        of the shadow memory are left alone: a float field there is an
        adjoint, which the reverse sweep of this store takes."""
        ty = inst.value.type
        values = split_lanes(b, self.kept_shadow(b, inst.value), self.width)
        for lane, value in zip(split_lanes(b, self.shadow[inst.pointer], self.width), values):
            for path, leaf in leaves(ty):
                if not leaf.scalar.is_pointer:
                    continue
                self.runtime.refuse(inst, "a store of a struct holding pointers", inst.pointer)
                field = b.gep(ty, lane, [ConstantInt(T.i32, 0), *(ConstantInt(T.i32, p) for p in path)])
                b.store(b.insert(I.ExtractValueInst(value, path, leaf)), field)

    def copied_types(self, inst: I.CallInst) -> set[T.Type]:
        """The scalar types of the memory a memcpy moves: what the code near
        the copy says (``analysis.types``), else what the whole program says
        of the memory the primal copy's pointers reach (``analysis.pointees``)."""
        found = memory_scalar_types(inst)
        if says_what_memory_holds(found):
            return found
        primal = self.primal_of(inst)
        if primal is not None:
            found |= self.ctx.pointee_types().scalar_types(primal.arg(0))
        return found

    def copy_pointer_shadows(self, b: Builder, inst: I.CallInst) -> None:
        """A memcpy's forward half: the pointers it copies take their shadows
        along (the shadow pointer fields are copied; a source without a
        shadow gives null ones).  Float fields are left to the reverse
        sweep, which moves their adjoints (copying them here would overwrite
        the caller's seeds).  Which bytes are pointers: the copy's
        ``!tbaa.struct``, else the whole copy when its memory is accessed as
        pointers and never as floats."""
        fields = struct_copy_pointer_fields(inst)
        mixed = False
        if fields is None:
            held = self.copied_types(inst)
            if not any(T.contains_pointer(t) for t in held):
                return
            mixed = any(t.is_float for t in held)
            if mixed and not self.nulls_fresh_shadow(inst):
                raise self.fail(inst, "cannot differentiate a copy of memory that holds both "
                                      "pointers and floating-point values without type "
                                      "information (compile with -O1 or higher, which "
                                      "annotates struct copies)")
            fields = [(0, None)]
        dst, src = inst.arg(0), inst.arg(1)
        if mixed:   # zeroed, never the source's own bytes: floats may be among them
            sources = [None] * self.width
        else:       # with run-time activity a source without a shadow gives its own pointers
            sources = split_lanes(b, self.kept_shadow(b, src) if self.runtime.enabled
                                  else self.shadow.get(src), self.width)
        for lane_dst, lane_src in zip(split_lanes(b, self.shadow[dst], self.width), sources):
            for offset, size in fields:
                at = ConstantInt(T.i64, offset)
                length = inst.arg(2) if size is None else ConstantInt(inst.arg(2).type, size)
                length = self.runtime.length(b, lane_dst, dst, length)
                to = b.byte_gep(lane_dst, at) if offset else lane_dst
                if lane_src is None:
                    self.mem.zero_fill(b, to, length if length.type == T.i64
                                       else b.cast("zext", length, T.i64))
                else:
                    source = b.byte_gep(lane_src, at) if offset else lane_src
                    b.call(inst.called_function, [to, source, length, inst.arg(3)])

    def nulls_fresh_shadow(self, inst: I.CallInst) -> bool:
        """May the forward half of this copy zero every shadow byte it
        overwrites, floats included, without knowing which are pointers?
        Yes when the source has no shadow (what it moves carries no
        derivative: its pointers get null shadows) and the destination is
        memory this function allocated: its shadow is one we made, zeroed,
        and no adjoint reaches it before this function's reverse sweep, so
        its float bytes hold zero here anyway.  (Memory the caller passed
        may hold seeds, which zeroing would lose.)  The key of a
        ``std::unordered_map<std::string, double>`` node is copied so: the
        node holds pointers and the value's double, the key's characters
        come from a string that holds no derivative."""
        if inst.arg(1) in self.shadow:
            return False
        objects = underlying_objects(inst.arg(0))
        return objects is not None and all(
            getattr(obj, "function", None) is inst.function and
            (isinstance(obj, I.AllocaInst) or
             (isinstance(obj, I.CallInst) and call_kind(obj) == calls.ALLOCATE and
              obj.called_function.name != "realloc"))
            for obj in objects)

"""``-enzyme-vectorize-at-leaf-nodes``: vector forward mode whose shadows hold every lane.

Ordinary vector forward mode (``enzyme_width W``) gives each duplicated
argument W shadows, one per lane.  With Enzyme's option it gives one: a
pointer whose memory holds, in place of each floating-point element of the
primal's, that element's W tangents side by side (``<W x double>`` where the
primal has a ``double``); a float argument's or result's W tangents are one
``<W x T>`` value.  So the memory is the primal's with every byte stretched
W times: the tangents of the element at primal address ``p + k`` start at
``shadow + W*k``.  This module is that addressing rule, applied by a forward
generator whose pointer tangents are that one shadow pointer:

- a ``getelementptr`` over type S becomes the same indices over S stretched
  (each scalar ``E`` → ``[W x E]``: every offset, struct fields' included,
  scales by W exactly), so byte GEPs (``i8``) and typed ones agree;
- a load or store of a float leaf at offset o moves one ``<W x E>`` at
  ``shadow + W*o``; a ``<n x E>`` leaf (O2's vectorized loads) is n such groups
  one after the other, its lanes interleaved, taken apart with shuffles;
- memcpy, memset, malloc, alloca: W times the bytes.

What this layout cannot say exactly is refused in one line: pointers or
integers in shadow memory (where an access, a struct GEP as the program wrote
it, or a TBAA tag shows them: Enzyme gives only float leaves lanes), structs
that mix leaf types, widths that are not a power of two (Enzyme's
``<W x double>`` groups are then padded, while its memcpy scales by W: two
layouts at once), pointer arithmetic through integers, and every mode but
forward (decoded in ``abi/callsites.py``).
"""

from __future__ import annotations

from enzyme_opt.abi import request as R
from enzyme_opt.abi.request import LEAF_OPTION as OPTION
from enzyme_opt.abi.request import leaf_shadow_type
from enzyme_opt.ad.modes.forward import ForwardGenerator, forward_signature
from enzyme_opt.ad.sweeps.lanes import Lanes
from enzyme_opt.ad.utils import join_lanes
from enzyme_opt.analysis.activity import carries_data, global_shadows
from enzyme_opt.analysis.types import tbaa_base_scalars
from enzyme_opt.demangle import user_name
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.values import ConstantAggregate, ConstantInt, ConstantKeyword, Value
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import allocation, call_kind, freed_argument
from enzyme_opt.knowledge.declared import custom_rule


def leaf_forward_signature(request: R.DiffRequest) -> tuple[T.FunctionType, list[str]]:
    """Each primal parameter, followed by its one shadow when duplicated; the
    tangent of the result is ``<W x T>`` (or the shadow pointer)."""
    return forward_signature(request, leaf_shadow_type)


def stretched_type(ty: T.Type, width: int) -> T.Type | None:
    """``ty`` with every scalar ``E`` replaced by ``[W x E]``: a type whose
    offsets and size are W times ``ty``'s; None where no such type exists
    (pointers, structs mixing integers and floats or padded unevenly)."""
    if isinstance(ty, (T.FloatType, T.IntType)):
        return T.ArrayType(width, ty)
    if isinstance(ty, T.ArrayType):
        inner = stretched_type(ty.element, width)
        return None if inner is None else T.ArrayType(ty.count, inner)
    if isinstance(ty, T.VectorType):
        if ty.scalable or ty.element.is_pointer or \
                T.alloc_size(ty) != ty.count * T.alloc_size(ty.element):
            return None
        return T.ArrayType(ty.count, T.ArrayType(width, ty.element))
    if isinstance(ty, (T.StructType, T.NamedStructType)):
        scalars = T.scalar_leaves(ty)
        if any(s.is_pointer for s in scalars) or \
                (any(s.is_float for s in scalars) and any(s.is_int for s in scalars)):
            return None
        elements = [stretched_type(e, width) for e in ty.elements]
        if any(e is None for e in elements):
            return None
        out = T.StructType(tuple(elements), ty.packed)
        size, offsets = T.DEFAULT_LAYOUT.struct_layout(ty)
        wide_size, wide_offsets = T.DEFAULT_LAYOUT.struct_layout(out)
        if wide_size != width * size or wide_offsets != [width * o for o in offsets]:
            return None
        return out
    return None


def memory_leaves(ty: T.Type) -> list[tuple[tuple[int, ...], T.Type, int]]:
    """(path, leaf type, byte offset) of each scalar or vector leaf of ``ty``."""
    if isinstance(ty, (T.StructType, T.NamedStructType)):
        offsets = T.DEFAULT_LAYOUT.struct_layout(ty)[1]
        return [((i, *p), leaf, offsets[i] + o) for i, e in enumerate(ty.elements)
                for p, leaf, o in memory_leaves(e)]
    if isinstance(ty, T.ArrayType):
        size = T.alloc_size(ty.element)
        return [((i, *p), leaf, i * size + o) for i in range(ty.count)
                for p, leaf, o in memory_leaves(ty.element)]
    return [((), ty, 0)]


class LeafLanes(Lanes):
    """Lanes where a pointer's tangent is the one shadow pointer (every lane
    the same value) and the ABI passes floats' tangents as ``<W x T>``."""

    @staticmethod
    def single(ty: T.Type) -> bool:
        return isinstance(ty, T.PointerType)

    def type(self, ty: T.Type) -> T.Type:
        return ty if self.single(ty) else super().type(ty)

    def split(self, b: Builder, tangents: Value | None, ty: T.Type) -> list[Value | None]:
        return [tangents] * self.width if self.single(ty) else super().split(b, tangents, ty)

    def join(self, b: Builder, values: list[Value], ty: T.Type, name: str = "") -> Value:
        if self.single(ty):  # lane by lane the same operation on the same pointer
            return values[0]
        return super().join(b, values, ty, name)

    def from_abi(self, b: Builder, tangents: Value, ty: T.Type) -> Value:
        return tangents

    def to_abi(self, b: Builder, tangents: Value, ty: T.Type) -> Value:
        return tangents


class LeafForwardGenerator(ForwardGenerator):
    """Forward mode at width W whose shadow memory is stretched W times."""

    def __init__(self, ctx, request: R.DiffRequest, out):
        super().__init__(ctx, request, out)
        self.lanes = LeafLanes(request.width)

    def run(self) -> None:
        if global_shadows(self.out.module, self.request.context, self.width):
            raise DifferentiationError(
                f"{OPTION}: globals with shadows (enzyme_shadow) are not supported: their "
                f"shadows hold one lane each", self.ctx.filename)
        self.check_argument_memory()
        self.check_source_geps()
        super().run()

    def check_source_geps(self) -> None:
        """The function as the program wrote it (before simplification turned its struct
        GEPs into byte offsets, as at -O0): a GEP over a struct mixing integers or pointers
        with floats, on a duplicated argument, is refused as the simplified GEP would be."""
        fn = self.request.function
        source = fn.module.get_function(user_name(fn.name))
        if source is None or source is fn or source.is_declaration:
            return
        derived = {arg for arg, activity in zip(source.args, self.request.args)
                   if activity in (R.DUP, R.DUPNONEED) and arg.type.is_pointer}
        slots: set[Value] = set()
        changed = True
        while changed:  # through GEPs, casts, phis, selects and the allocas -O0 keeps them in
            changed = False
            for inst in source.instructions():
                new = None
                if isinstance(inst, I.StoreInst) and inst.value in derived:
                    new = (slots, inst.pointer)
                elif isinstance(inst, I.LoadInst) and inst.pointer in slots:
                    new = (derived, inst)
                elif inst.opcode in ("getelementptr", "bitcast", "addrspacecast", "phi",
                                     "select") and any(o in derived for o in inst.operands):
                    new = (derived, inst)
                if new is not None and new[1] not in new[0]:
                    new[0].add(new[1])
                    changed = True
        for inst in source.instructions():
            if isinstance(inst, I.GEPInst) and inst.pointer in derived and \
                    stretched_type(inst.source_type, self.width) is None:
                raise self.refuse(inst, f"a getelementptr over {inst.source_type} into shadow "
                                        f"memory (pointers or integers mixed with floats)")

    def check_argument_memory(self) -> None:
        """Refuse a duplicated pointer whose memory the program also accesses as integers
        or pointers: Enzyme gives only float leaves lanes, so such memory's layout is not
        the stretched one (what no access shows cannot be refused: docs/modes.md)."""
        fn, pointees = self.request.function, self.ctx.pointee_types()
        for index, (arg, activity) in enumerate(zip(fn.args, self.request.args)):
            if activity not in (R.DUP, R.DUPNONEED) or not arg.type.is_pointer:
                continue
            held = pointees.scalar_types(arg)
            others = sorted(str(t) for t in held if t.is_int or t.is_pointer)
            if others and any(t.is_float for t in held):
                first = next(iter(fn.entry.instructions))
                raise self.fail(first, f"parameter {index + 1} of @{user_name(fn.name)} "
                                       f"points to memory the program accesses as "
                                       f"{' and '.join(others)} as well as floats: its "
                                       f"shadow is not supported with {OPTION} (only floats "
                                       f"have lanes there)")

    def refuse(self, inst: I.Instruction, what: str) -> DifferentiationError:
        return self.fail(inst, f"{what} is not supported with {OPTION}")

    def visit(self, inst: I.Instruction) -> None:
        op = inst.opcode
        if op == "inttoptr" and self.t(inst.operand(0)) is not None:
            # (a ptrtoint alone, as in the vectorizer's alias checks, only compares)
            raise self.refuse(inst, "'inttoptr' of an integer made from a pointer into shadow "
                                    "memory (its offsets would not be stretched)")
        if op == "bitcast" and self.t(inst.operand(0)) is not None and \
                inst.type.scalar.is_float != inst.operand(0).type.scalar.is_float:
            raise self.refuse(inst, "a bitcast between integers and floats with tangents")
        super().visit(inst)

    # -- addressing ------------------------------------------------------------------------
    def visit_getelementptr(self, inst: I.GEPInst, b: Builder) -> None:
        base = self.t(inst.pointer)
        if base is None:
            return
        stretched = stretched_type(inst.source_type, self.width)
        if stretched is None or inst.type.is_vector:
            raise self.refuse(inst, f"a getelementptr over {inst.source_type} into shadow "
                                    f"memory (pointers or integers mixed with floats)")
        self.tangent[inst] = b.gep(stretched, base, inst.indices, self.name(inst),
                                   flags=inst.flags)

    def leaf_address(self, b: Builder, shadow: Value, offset: int) -> Value:
        return b.byte_gep(shadow, ConstantInt(T.i64, self.width * offset)) if offset else shadow

    def check_memory_type(self, inst: I.Instruction, ty: T.Type) -> None:
        inside = tbaa_base_scalars(inst)  # the struct the access is in, says clang's TBAA
        if inside is not None and any(name not in ("double", "float", "omnipotent char")
                                      for name in inside[1]):
            raise self.refuse(inst, f"a {inst.opcode} of a field of the struct {inside[0]}, "
                                    f"which holds {', '.join(sorted(set(inside[1])))}, in "
                                    f"shadow memory (only floats have lanes there)")
        for _, leaf, _ in memory_leaves(ty):
            element = leaf.scalar  # (x86_fp80's 10 bytes pad to 16: no <W x T> group)
            if not (element.is_float and stretched_type(leaf, self.width) is not None
                    and T.store_size(element) == T.alloc_size(element)):
                raise self.refuse(inst, f"a {inst.opcode} of {ty} in shadow memory (a "
                                        f"{'pointer' if leaf.scalar.is_pointer else 'non-float'} "
                                        f"in memory with a shadow)")

    def visit_alloca(self, inst: I.AllocaInst, b: Builder) -> None:
        size = self.width * T.alloc_size(inst.allocated_type)
        shadow = b.alloca(T.ArrayType(size, T.i8), self.name(inst), inst.align, inst.count)
        self.mem.zero_fill(b, shadow, b.mul(self.mem.alloca_size(b, inst),
                                            ConstantInt(T.i64, self.width)), inst.align or 1)
        self.tangent[inst] = shadow

    def visit_load(self, inst: I.LoadInst, b: Builder) -> None:
        shadow = self.t(inst.pointer)
        if shadow is None:
            return
        if inst.ordering:
            raise self.fail(inst, "atomic loads of active memory are not supported")
        self.check_memory_type(inst, inst.type)
        leaves = memory_leaves(inst.type)
        groups = [self.load_leaf(b, shadow, leaf, offset, inst.align) for _, leaf, offset in leaves]
        if len(leaves) == 1 and leaves[0][0] == ():
            if isinstance(inst.type, T.FloatType):
                self.tangent[inst] = groups[0]
                groups[0].name = self.name(inst)
            else:
                self.tangent[inst] = join_lanes(b, groups[0], inst.type, self.width,
                                                self.name(inst))
            return
        lanes = []
        for lane in range(self.width):
            value: Value = ConstantKeyword(inst.type, "poison")
            for (path, leaf, _), group in zip(leaves, groups):
                part = b.extractelement(group, ConstantInt(T.i32, lane)) \
                    if isinstance(leaf, T.FloatType) else group[lane]
                value = b.insert(I.InsertValueInst(value, part, path))
            lanes.append(value)
        self.tangent[inst] = join_lanes(b, lanes, inst.type, self.width, self.name(inst))

    def load_leaf(self, b: Builder, shadow: Value, leaf: T.Type, offset: int, align: int | None):
        """A float leaf's W tangents as ``<W x E>``; a ``<n x E>`` leaf's as its W lanes."""
        element = leaf.scalar
        count = leaf.count if isinstance(leaf, T.VectorType) else 1
        group = b.load(T.VectorType(count * self.width, element),
                       self.leaf_address(b, shadow, offset), "",
                       min(align or T.abi_align(element), T.abi_align(element)))
        if count == 1:
            return group
        poison = ConstantKeyword(group.type, "poison")
        return [b.insert(I.ShuffleVectorInst(group, poison, self.mask(
            [j * self.width + lane for j in range(count)]))) for lane in range(self.width)]

    def mask(self, indices: list[int]) -> Value:
        return ConstantAggregate(T.VectorType(len(indices), T.i32),
                                 [ConstantInt(T.i32, k) for k in indices])

    def visit_store(self, inst: I.StoreInst) -> None:
        shadow = self.t(inst.pointer)
        if shadow is None:
            return super().visit_store(inst)
        if inst.ordering:
            raise self.fail(inst, "atomic stores to active memory are not supported")
        self.check_memory_type(inst, inst.value.type)
        b = Builder().after(inst)
        ty = inst.value.type
        tangent = self.materialize(inst.value)
        lanes = None if isinstance(ty, T.FloatType) else self.lanes.split(b, tangent, ty)
        for path, leaf, offset in memory_leaves(ty):
            element = leaf.scalar
            if lanes is None:
                group = tangent
            else:
                parts = [lane if not path else b.insert(I.ExtractValueInst(lane, path, leaf))
                         for lane in lanes]
                group = self.interleave(b, parts, leaf)
            b.store(group, self.leaf_address(b, shadow, offset),
                    min(inst.align or T.abi_align(element), T.abi_align(element)))

    def interleave(self, b: Builder, parts: list[Value], leaf: T.Type) -> Value:
        """W lane values of a leaf → the ``<n*W x E>`` memory holds, element-major."""
        count = leaf.count if isinstance(leaf, T.VectorType) else 1
        group: Value = ConstantKeyword(T.VectorType(count * self.width, leaf.scalar), "poison")
        for lane, part in enumerate(parts):
            for j in range(count):
                element = b.extractelement(part, ConstantInt(T.i32, j)) if count > 1 else part
                group = b.insertelement(group, element, ConstantInt(T.i32, j * self.width + lane))
        return group

    # -- calls ----------------------------------------------------------------------------
    def visit_call(self, inst: I.CallInst) -> None:
        kind = call_kind(inst)
        fn, args = inst.called_function, inst.args
        active = any(self.t(a) is not None for a in args)
        b = Builder().after(inst)
        times_width = lambda n: b.mul(b.zext_i64(n), ConstantInt(T.i64, self.width))  # noqa: E731
        if kind == calls.COPY:
            dst, src = self.t(args[0]), self.t(args[1])
            if dst is None:
                return
            length = times_width(args[2])
            if src is None:
                self.mem.zero_fill(b, dst, length)
            else:
                b.call(fn, [dst, src, length if args[2].type == T.i64 else
                            b.cast("trunc", length, args[2].type), args[3]])
        elif kind == calls.FILL:
            if self.t(args[0]) is not None:
                self.mem.zero_fill(b, self.t(args[0]), times_width(args[2]))
        elif kind == calls.ALLOCATE:
            self.tangent[inst] = self.shadow_allocation(inst, b, times_width)
        elif kind == calls.FREE:
            index = freed_argument(fn)
            if self.t(args[index]) is not None:
                b.call(fn, [self.t(args[index]) if i == index else a for i, a in enumerate(args)])
        elif kind == calls.CUSTOM and active and custom_rule(fn, R.FORWARD) is not None:
            raise self.refuse(inst, f"a call of @{fn.name}, which has a custom derivative")
        elif kind not in (calls.DEFINED, calls.CUSTOM, calls.INACTIVE) and \
                any(self.t(a) is not None and a.type.is_pointer for a in args):
            # per-lane rules would write every lane to the one shadow pointer
            raise self.refuse(inst, f"a call of @{fn.name} with a pointer into shadow memory")
        else:
            super().visit_call(inst)

    def shadow_allocation(self, inst: I.CallInst, b: Builder, times_width) -> Value:
        fn, args = inst.called_function, list(inst.args)
        index = allocation(fn).size_index
        if fn.name == "calloc":
            args[1] = times_width(args[1]) if args[1].type == T.i64 else \
                b.cast("trunc", times_width(args[1]), args[1].type)
            return b.call(fn, args, self.name(inst))
        if index is None or fn.name == "realloc":
            raise self.refuse(inst, f"the shadow of a call of @{fn.name}")
        size = times_width(args[index])
        args[index] = size if args[index].type == T.i64 else b.cast("trunc", size,
                                                                   args[index].type)
        shadow = b.call(fn, args, self.name(inst))
        self.mem.zero_fill(b, shadow, size)
        return shadow

    def call_derivative(self, inst: I.CallInst, fn, b: Builder) -> None:
        """As ordinary forward mode, the callee's derivative in the same layout."""
        for arg in inst.args:
            if self.t(arg) is not None and leaf_shadow_type(arg.type, self.width) is None:
                raise self.refuse(inst, f"passing a {arg.type} with tangents to @{fn.name}")
        if inst in self.varied and carries_data(fn.return_type) and \
                leaf_shadow_type(inst.type, self.width) is None:
            raise self.refuse(inst, f"a {inst.type} result with tangents from @{fn.name}")
        super().call_derivative(inst, fn, b)

    def derivative_request(self, request: R.DiffRequest) -> R.DiffRequest:
        from dataclasses import replace
        return replace(request, leaf_layout=True)


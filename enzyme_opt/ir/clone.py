"""Copying instructions and functions with a value map."""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.module import BasicBlock, Function
from enzyme_opt.ir.values import Use, Value


#: Attachments that tie an instruction to its function's debug info.
DEBUG_ONLY_METADATA = frozenset({"dbg", "llvm.loop", "DIAssignID"})


#: instruction class -> the slots its instances carry (walking the MRO for each copy was
#: half the time of cloning)
_SLOTS: dict[type, tuple[str, ...]] = {}


def _slots_of(cls: type) -> tuple[str, ...]:
    slots = _SLOTS.get(cls)
    if slots is None:
        slots = tuple(slot for klass in cls.__mro__ for slot in getattr(klass, "__slots__", ())
                      if slot != "__weakref__")
        _SLOTS[cls] = slots
    return slots


def clone_instruction(inst: I.Instruction, vmap: dict[Value, Value]) -> I.Instruction:
    """A detached copy of ``inst`` whose operands go through ``vmap``
    (values missing from the map are used as they are)."""
    cls = type(inst)
    new = object.__new__(cls)
    for slot in _slots_of(cls):
        try:
            setattr(new, slot, getattr(inst, slot))
        except AttributeError:  # a slot this instruction never set
            pass
    new._uses = {}
    new.parent = None
    new.metadata = list(inst.metadata)
    new._operands = [Use(new, i, vmap.get(u.value, u.value)) for i, u in enumerate(inst._operands)]
    new.debug_records = []
    for attr in ("arg_attrs", "bundles", "clauses"):
        if hasattr(inst, attr):
            setattr(new, attr, list(getattr(inst, attr)))
    return new


def clone_function_body(source: Function, target: Function, vmap: dict[Value, Value] | None = None,
                        keep_debug: bool = False) -> dict[Value, Value]:
    """Copy the blocks of ``source`` into the empty ``target`` (whose
    arguments correspond to the source's unless ``vmap`` maps them)."""
    vmap = dict(vmap or {})
    for old, new in zip(source.args, target.args):
        vmap.setdefault(old, new)
    for block in source.blocks:
        vmap[block] = BasicBlock(block.name, target)
        target.blocks.append(vmap[block])
    pending = []
    for block in source.blocks:
        new_block = vmap[block]
        for inst in block.instructions:
            new = clone_instruction(inst, vmap)
            if not keep_debug:
                new.metadata = [(k, t) for k, t in new.metadata if k not in DEBUG_ONLY_METADATA]
            vmap[inst] = new
            new_block.append(new)
            pending.append(new)
    # Forward references (phis, values of later blocks) now resolve.
    for new in pending:
        for use in new._operands:
            mapped = vmap.get(use.value)
            if mapped is not None and mapped is not use.value:
                use.set(mapped)
    target.invalidate_slots()
    return vmap

"""Copying instructions and functions with a value map."""

from __future__ import annotations

from operator import attrgetter

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.module import BasicBlock, Function
from enzyme_opt.ir.values import NO_USES, Use, Value

_new_use = object.__new__


#: Attachments that tie an instruction to its function's debug info.
DEBUG_ONLY_METADATA = frozenset({"dbg", "llvm.loop", "DIAssignID"})


#: instruction class -> the slots its instances carry (with a getter reading them all at
#: once), and those holding lists a copy must not share (walking the MRO for each copy was
#: half the time of cloning)
_SLOTS: dict[type, tuple[tuple[str, ...], attrgetter, tuple[str, ...]]] = {}

#: per-instance lists: a copy gets its own
_LIST_SLOTS = frozenset({"arg_attrs", "bundles", "clauses"})

#: slots a copy sets afresh
_FRESH = frozenset({"_uses", "parent", "metadata", "_operands", "debug_records", "__weakref__"})

_MISSING = object()


def _slots_of(cls: type) -> tuple[tuple[str, ...], attrgetter, tuple[str, ...]]:
    slots = _SLOTS.get(cls)
    if slots is None:
        names = [slot for klass in cls.__mro__ for slot in getattr(klass, "__slots__", ())
                 if slot not in _FRESH]
        plain = tuple(n for n in names if n not in _LIST_SLOTS)
        # every instruction has at least its type and name, so the getter returns a tuple
        slots = (plain, attrgetter(*plain), tuple(n for n in names if n in _LIST_SLOTS))
        _SLOTS[cls] = slots
    return slots


def clone_instruction(inst: I.Instruction, vmap: dict[Value, Value]) -> I.Instruction:
    """A detached copy of ``inst`` whose operands go through ``vmap``
    (values missing from the map are used as they are)."""
    cls = type(inst)
    new = object.__new__(cls)
    plain, read_plain, lists = _slots_of(cls)
    try:
        values = read_plain(inst)  # every slot at once (constructors set them all)
    except AttributeError:  # a slot this instruction never set stays unset in the copy
        values = [getattr(inst, slot, _MISSING) for slot in plain]
    for slot, value in zip(plain, values):
        if value is not _MISSING:
            setattr(new, slot, value)
    for slot in lists:
        value = getattr(inst, slot, _MISSING)
        if value is not _MISSING:
            setattr(new, slot, list(value))
    new._uses = NO_USES
    new.parent = None
    new.metadata = tuple(inst.metadata)  # shared: never changed in place
    new.debug_records = ()
    operands = []
    for index, use in enumerate(inst._operands):  # Use(new, index, value), inlined: hot
        value = use.value
        value = vmap.get(value, value)
        copy = _new_use(Use)
        copy.user, copy.index, copy.value = new, index, value
        used = value._uses  # add_use(value, copy), inlined: hot
        if not used:
            value._uses = copy
        elif type(used) is list:
            used.append(copy)
        else:
            value._uses = [used, copy]
        operands.append(copy)
    new._operands = tuple(operands)
    return new


def clone_function_body(source: Function, target: Function, vmap: dict[Value, Value] | None = None,
                        keep_debug: bool = False) -> dict[Value, Value]:
    """Copy the blocks of ``source`` into the empty ``target`` (whose
    arguments correspond to the source's unless ``vmap`` maps them)."""
    vmap = dict(vmap or {})
    for old, new in zip(source.args, target.args):
        vmap.setdefault(old, new)
    return clone_blocks(source.blocks, target, vmap, keep_debug)


def clone_blocks(blocks: list[BasicBlock], target: Function, vmap: dict[Value, Value],
                 keep_debug: bool = False, skip=frozenset()) -> dict[Value, Value]:
    """Append copies of ``blocks`` (of another function) to ``target``, their operands
    through ``vmap`` (updated: old block or instruction → its copy); the instructions in
    ``skip`` are left out."""
    for block in blocks:
        vmap[block] = BasicBlock(block.name, target)
        target.blocks.append(vmap[block])
    pending = []
    for block in blocks:
        new_block = vmap[block]
        for inst in block.instructions:
            if inst in skip:
                continue
            new = clone_instruction(inst, vmap)
            if not keep_debug and new.metadata:
                new.metadata = tuple((k, t) for k, t in new.metadata if k not in DEBUG_ONLY_METADATA)
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

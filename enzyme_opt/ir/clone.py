"""Copying instructions and functions with a value map."""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.module import BasicBlock, Function
from enzyme_opt.ir.values import NO_USES, Use, Value

_new_use = object.__new__


#: Attachments that tie an instruction to its function's debug info.
DEBUG_ONLY_METADATA = frozenset({"dbg", "llvm.loop", "DIAssignID"})


#: per-instance lists: a copy gets its own
_LIST_SLOTS = frozenset({"arg_attrs", "bundles", "clauses"})

#: slots a copy sets afresh
_FRESH = frozenset({"_uses", "parent", "metadata", "_operands", "debug_records", "__weakref__"})

_MISSING = object()

#: instruction class -> the function copying its slots (but the fresh ones) onto a new
#: instance: one assignment per slot, written out once per class (walking the MRO for each
#: copy was half the time of cloning; then a loop of ``setattr`` over the slots' names was
#: still a third of it)
_COPIERS: dict[type, object] = {}


def _copier_of(cls: type):
    copier = _COPIERS.get(cls)
    if copier is None:
        names = [slot for klass in cls.__mro__ for slot in getattr(klass, "__slots__", ())
                 if slot not in _FRESH]
        lines = ["def copy(inst, new):", "    try:"]
        lines += [f"        new.{n} = list(inst.{n})" if n in _LIST_SLOTS else
                  f"        new.{n} = inst.{n}" for n in names]
        lines += ["    except AttributeError:", f"        _copy_set_slots(inst, new, {names!r})"]
        code: dict = {"_copy_set_slots": _copy_set_slots}
        exec("\n".join(lines), code)  # noqa: S102 - text made here, from slot names
        copier = _COPIERS[cls] = code["copy"]
    return copier


def _copy_set_slots(inst: I.Instruction, new: I.Instruction, names: list[str]) -> None:
    """The copier's way for an instruction that left a slot unset: the copy leaves it
    unset too."""
    for slot in names:
        value = getattr(inst, slot, _MISSING)
        if value is not _MISSING:
            setattr(new, slot, list(value) if slot in _LIST_SLOTS else value)


def clone_instruction(inst: I.Instruction, vmap: dict[Value, Value]) -> I.Instruction:
    """A detached copy of ``inst`` whose operands go through ``vmap``
    (values missing from the map are used as they are)."""
    new = object.__new__(inst.__class__)
    copier = _COPIERS.get(inst.__class__) or _copier_of(inst.__class__)
    copier(inst, new)
    new._uses = NO_USES
    new.parent = None
    new.metadata = tuple(inst.metadata)  # shared: never changed in place
    new.debug_records = ()
    operands = []
    index = 0
    for use in inst._operands:  # Use(new, index, value), inlined: hot
        value = use.value
        value = vmap.get(value, value)
        copy = _new_use(Use)
        copy.user = new
        copy.index = index
        copy.value = value
        index += 1
        used = value._uses  # add_use(value, copy), inlined: hot
        if not used:
            value._uses = copy
        elif used.__class__ is list:
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

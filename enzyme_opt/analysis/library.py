"""Does a library call touch only memory that holds no derivative?

C++'s streams, strings and locales (``knowledge/calls.LIBRARY_OBJECT_PREFIXES``)
are inactive, as in Enzyme, but only that memory makes it true: ``ss >> x``
overwrites ``x`` with a constant, which is right only if ``x`` never held a
derivative (else the derivative stored in ``x`` before would survive the
overwrite), and ``os.write((char *)&x, 8)`` moves ``x``'s bits into a stream
the program may read back, which drops a derivative ``x`` carries.  So each
pointer a call is given must point to memory that provably holds none:

- a global without a shadow, or a constant;
- memory of the differentiated function itself (a local variable, an
  allocation) that activity left not varied (``analysis/local_memory.py``: no
  varied value ever reaches it), or (that, or what another such call returned)
  into which no derivative-carrying value is ever stored, and which is given
  to no call but the library's own, memory intrinsics whose other side holds
  no derivative either, and frees;
- the caller's memory only when it has no shadow (``enzyme_const``).

A pointer read from memory counts as pointing into the memory it was read
from, and a phi or select as each object it may choose.  What fails the check
is refused, in one line.
"""

from __future__ import annotations

from enzyme_opt.analysis.local_memory import is_allocation
from enzyme_opt.analysis.types import underlying_object
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import GlobalVariable
from enzyme_opt.ir.values import Argument, Constant, Value
from enzyme_opt.knowledge import calls
from enzyme_opt.knowledge.calls import call_kind

#: calls that may be given such memory without moving a derivative in or out
_HARMLESS = (calls.INACTIVE, calls.FREE, calls.FILL)


def check_library_calls(function, varied: set[Value], fail) -> None:
    """Raise ``fail(call, message)`` for the first call of a library function in
    ``LIBRARY_OBJECT_PREFIXES`` that is given memory that may hold a derivative."""
    uses = None
    for inst in function.instructions():
        if isinstance(inst, I.CallInst) and inst.called_function is not None and \
                calls.is_library_object_call(inst.called_function.name):
            uses = uses or _Uses(function)
            message = library_call_message(inst, varied, uses)
            if message is not None:
                raise fail(inst, message)


def library_call_message(call: I.CallInst, varied: set[Value], uses=None) -> str | None:
    """Why ``call`` of a library function in ``LIBRARY_OBJECT_PREFIXES`` cannot
    be taken as inactive, or None when it can."""
    from enzyme_opt.demangle import function_phrase
    uses = uses or _Uses(call.function)
    for arg in call.args:
        if not arg.type.is_pointer or isinstance(arg, Constant):
            continue
        why = uses.may_hold_derivatives(uses.object_of(arg), varied, set())
        if why is not None:
            return (f"{function_phrase(call.called_function.name)} is taken as inactive (it moves no "
                    f"floats) only on memory that holds no derivative, but it is given memory "
                    f"that may: {why}")
    return None


class _Uses:
    """The function's stores and calls, by the object their pointers point into."""

    def __init__(self, function):
        self.function = function
        self._by_object: dict[Value, list[I.Instruction]] | None = None

    def object_of(self, pointer: Value, depth: int = 0) -> Value:
        """The object ``pointer`` points into, through GEPs and casts.  A pointer
        read from memory counts as pointing into the memory it was read from
        (a stream's buffer belongs to the stream; -O0's local variable holding a
        pointer stands for what it holds): whatever is stored there is checked
        in turn (``may_hold_derivatives``)."""
        base = underlying_object(pointer)
        if isinstance(base, I.LoadInst) and depth < 16:
            return self.object_of(base.pointer, depth + 1)
        return base   # a phi or select stands for each object it may choose

    def users_of(self, obj: Value) -> list[I.Instruction]:
        if self._by_object is None:
            self._by_object = {}
            for inst in self.function.instructions():
                pointers = [inst.pointer] if isinstance(inst, (I.StoreInst, I.LoadInst)) else \
                    [a for a in inst.args if a.type.is_pointer] \
                    if isinstance(inst, I.CallInst) else \
                    [inst.operand(0)] if inst.opcode in ("atomicrmw", "cmpxchg") else []
                for pointer in pointers:
                    found = self.object_of(pointer)
                    if found is not None:
                        self._by_object.setdefault(found, []).append(inst)
        return self._by_object.get(obj, [])

    def may_hold_derivatives(self, obj: Value, varied: set[Value],
                             seen: set[Value]) -> str | None:
        if obj in seen or isinstance(obj, Constant) and not isinstance(obj, GlobalVariable):
            return None
        seen.add(obj)
        if isinstance(obj, GlobalVariable):
            return f"the global @{obj.name}, which has a shadow" if obj in varied else None
        if isinstance(obj, Argument):
            return (f"parameter {obj.index + 1}, the caller's memory, which has a shadow"
                    if obj in varied else None)
        if is_allocation(obj) and obj not in varied:
            return None   # no varied value ever reaches it (analysis/local_memory.py)
        if isinstance(obj, I.PhiInst) or (isinstance(obj, I.Instruction) and
                                          obj.opcode == "select"):
            chosen = obj.operands[0::2] if isinstance(obj, I.PhiInst) else obj.operands[1:]
            for value in chosen:
                why = self.may_hold_derivatives(self.object_of(value), varied, seen)
                if why is not None:
                    return why
        for inst in self.users_of(obj):
            if isinstance(inst, I.LoadInst):
                continue
            if isinstance(inst, I.StoreInst):
                if inst.value in varied and T.contains_float(inst.value.type):
                    return "a value that carries a derivative is stored there"
                if inst.value.type.is_pointer and not isinstance(inst.value, Constant):
                    why = self.may_hold_derivatives(self.object_of(inst.value), varied, seen)
                    if why is not None:
                        return f"it holds a pointer to memory where {why}"
                continue
            if not isinstance(inst, I.CallInst):
                return f"it is updated atomically ({inst.opcode})"
            kind = call_kind(inst)
            if kind in _HARMLESS:
                continue
            if kind == calls.COPY:   # the other side of the copy must hold none either
                for arg in inst.args[:2]:
                    why = self.may_hold_derivatives(self.object_of(arg), varied, seen)
                    if why is not None:
                        return f"it is copied to or from memory where {why}"
                continue
            fn = inst.called_function
            if kind == calls.OPAQUE and calls.is_virtual_call(inst) and \
                    self.object_of(inst.args[0]) is obj:
                continue   # a virtual method of the object's own (library) class
            from enzyme_opt.demangle import function_phrase
            return ("it is also given to " +
                    ("a call through a pointer" if fn is None else function_phrase(fn.name)))
        return None


"""Split reverse mode: the tape handed to the user.

``__enzyme_augmentfwd(f, args…)`` runs ``augmented_<f>`` on a new tape and
returns ``{tape, primal result, shadow result}`` (the parts that apply);
``__enzyme_reverse(f, args…, [differential return], tape)`` runs
``reverse_<f>`` on it and returns the ``enzyme_out`` derivatives, then frees
the tape.  The pair is the one combined mode uses (``diffe<f>`` is the two
calls around a stack tape), so both modes compute the same numbers.

The tape the user holds is a tape object (``ad/sweeps/tape.py``: a header of
``TAPE_BYTES`` bytes pointing to the records): malloc'd and returned as a
``void*``; with ``enzyme_tape, ptr`` and ``enzyme_allocated, N`` it is kept in
the caller's N bytes (too few is an error); with ``enzyme_tape, ptr`` alone the
tape is Enzyme's anonymous one: malloc'd, and *one pointer* to it is stored at
``ptr`` (a caller's ``void *slot``), which the reverse pass loads.
``__enzyme_augmentsize`` is ``TAPE_BYTES``.  The reverse pass consumes the
tape: calling it twice on one tape is an error of the program.  With
``enzyme_nofree`` it does not free the tape's memory (left to the caller:
the records are in the block the tape object's first field points to).
"""

from __future__ import annotations

from dataclasses import replace

from enzyme_opt.abi import request as R
from enzyme_opt.abi.callsites import has_sret_result
from enzyme_opt.abi.request import CallSite
from enzyme_opt.ad.modes.checkpoint import refuse_in_split_mode
from enzyme_opt.ad.sweeps.tape import TAPE_BYTES, free_tape, new_tape
from enzyme_opt.ad.utils import build_struct, coerce
from enzyme_opt.analysis.memory import reachable_functions, writes_only_local_memory
from enzyme_opt.demangle import user_name
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.text.parser import sret_type
from enzyme_opt.ir.values import ConstantInt, Value, null


def pair_request(request: R.DiffRequest) -> R.DiffRequest:
    """The reverse-mode request whose ``augmented_``/``reverse_`` pair a split
    call uses.  Memory may change between the two calls, so the reverse
    never re-reads it."""
    return replace(request, mode=R.REVERSE, return_primal=False, reread_memory=False)


def lower_augmented(context, site: CallSite, b: Builder, args: list[Value]) -> Value | None:
    refuse_in_split_mode(site.request.function, site.location)
    augmented, _ = context.split_pair(pair_request(site.request))
    request = site.request
    if _tape_inline(site):
        check_allocated(site)
        tape = new_tape(b, site.tape_memory)
    else:
        malloc = b.function.module.get_or_declare("malloc", T.FunctionType(T.ptr, (T.i64,)))
        tape = new_tape(b, b.call(malloc, [ConstantInt(T.i64, TAPE_BYTES)], "tape"))
        if site.tape_memory is not None:
            b.store(tape, site.tape_memory)
    result = b.call(augmented, [*args, tape])
    parts: list[Value] = [] if site.tape_memory is not None else [tape]
    returns = request.function.return_type != T.void and "enzyme_noret" not in site.flags
    if request.ret == R.DUP:
        if returns:
            parts.append(b.extractvalue(result, 0, "primal"))
        parts.append(b.extractvalue(result, 1, "shadow"))
    elif returns:
        parts.append(result)
    return pack(b, site, parts, "the tape, the primal result and its shadow")


def lower_reverse(context, site: CallSite, b: Builder, args: list[Value]) -> Value | None:
    refuse_in_split_mode(site.request.function, site.location)
    _, reverse = context.split_pair(pair_request(site.request))
    tape = _held_tape(b, site)
    gradient = b.call(reverse, [*args, tape], "gradient" if reverse.return_type != T.void else "")
    if "enzyme_nofree" not in site.flags:
        free_tape(b, tape)
        if not _tape_inline(site):  # the tape object itself came from malloc
            free = b.function.module.get_or_declare("free", T.FunctionType(T.void, (T.ptr,)))
            b.call(free, [tape])
    return gradient if reverse.return_type != T.void else None


def lower_forward_split(context, site: CallSite, b: Builder, args: list[Value]) -> Value | None:
    """``__enzyme_fwdsplit(f, args…, tape)``: the tangent of ``f`` after
    ``__enzyme_augmentfwd`` ran it.  enzyme-opt recomputes the primal values
    instead of reading them from the tape, which is right exactly when
    running ``f`` again changes nothing the caller can see: so ``f``'s calls
    may write only memory they allocate, else this is refused.  The tape is
    then released (not with ``enzyme_nofree``; a null tape is allowed)."""
    function = site.request.function
    if not writes_only_local_memory(function):
        raise DifferentiationError(
            f"__enzyme_fwdsplit of @{user_name(function.name)}: it writes memory its caller "
            f"can see, so its forward derivative cannot recompute its primal values; use "
            f"__enzyme_fwddiff, or a function without such writes", site.location)
    split_rules = [fn for fn in reachable_functions(function)
                   if fn.metadata_text("enzyme_splitderivative") is not None]
    if split_rules:
        raise DifferentiationError(
            f"__enzyme_fwdsplit: the custom split derivative of @{user_name(split_rules[0].name)} "
            f"(__enzyme_register_splitderivative) is not supported", site.location)
    derivative = context.derivative(replace(site.request, mode=R.FORWARD))
    result = b.call(derivative, args)
    tape = _held_tape(b, site)
    if "enzyme_nofree" not in site.flags:
        with b.if_then(b.icmp("ne", tape, null(T.ptr)), name="tape"):
            free_tape(b, tape)
            if not _tape_inline(site):
                free = b.function.module.get_or_declare("free", T.FunctionType(T.void, (T.ptr,)))
                b.call(free, [tape])
    return result if derivative.return_type != T.void else None


def _tape_inline(site: CallSite) -> bool:
    """Is the tape object itself in the caller's memory (``enzyme_tape, ptr`` with
    ``enzyme_allocated, N``)?  With ``enzyme_tape`` alone that memory holds one
    pointer to a malloc'd tape, as in Enzyme: writing the 32-byte tape object into
    a ``void *`` would overwrite the caller's neighbouring variables."""
    return site.tape_memory is not None and site.allocated is not None


def _held_tape(b: Builder, site: CallSite) -> Value:
    """The tape object a reverse or forward-split call is given."""
    if _tape_inline(site):
        check_allocated(site)
        return site.tape_memory
    if site.tape_memory is not None:
        return b.load(T.ptr, site.tape_memory, "tape")
    return site.tape


def lower_size(site: CallSite) -> Value:
    """``__enzyme_augmentsize``: the bytes a tape object takes."""
    return ConstantInt(site.call.type if site.call.type.is_int else T.i64, TAPE_BYTES)


def check_allocated(site: CallSite) -> None:
    if site.allocated is not None and site.allocated < TAPE_BYTES:
        raise DifferentiationError(
            f"the tape of @{user_name(site.request.function.name)} needs {TAPE_BYTES} bytes, but "
            f"'enzyme_allocated' gives {site.allocated} (use __enzyme_augmentsize)",
            site.location)


def _in_declared_order(parts: list[Value], declared: T.Type) -> list[Value] | None:
    """The parts in the order of the declared struct's fields, when each has a type of its
    own: ``struct { double x; void *tape; }`` takes the primal result first and the tape
    second (Enzyme fills such a struct by type).  None when the types do not say it."""
    if not isinstance(declared, T.StructType) or len(declared.elements) != len(parts):
        return None
    by_type = {str(p.type): p for p in parts}
    if len(by_type) != len(parts) or set(by_type) != {str(t) for t in declared.elements}:
        return None
    return [by_type[str(t)] for t in declared.elements]


def pack(b: Builder, site: CallSite, parts: list[Value], what: str) -> Value | None:
    """The parts as the type the user declared the entry point to return."""
    call = site.call
    declared = call.type
    if has_sret_result(call):
        declared = sret_type(call.arg_attrs[0], call.function.module)
    elif declared == T.void or not call.has_uses():
        return None
    if not parts:
        raise DifferentiationError(f"{site.entry} is declared to return {declared}, but "
                                   f"there is nothing to return ({what})", site.location)
    if len(parts) == 1:
        value = coerce(b, parts[0], declared)
    else:
        value = coerce(b, build_struct(b, parts), declared)
        ordered = _in_declared_order(parts, declared)
        if value is None and ordered is not None:
            value = coerce(b, build_struct(b, ordered), declared)
    if value is None:
        shown = ", ".join(str(p.type) for p in parts)
        raise DifferentiationError(f"{site.entry} is declared to return {declared}, but it "
                                   f"gives {{{shown}}} ({what})", site.location)
    return value

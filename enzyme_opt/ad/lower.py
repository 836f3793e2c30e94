"""Rewrite a decoded ``__enzyme_*`` call into a call of its derivative."""

from __future__ import annotations

from enzyme_opt.abi import request as R
from enzyme_opt.abi.callsites import has_sret_result
from enzyme_opt.abi.request import CallSite
from enzyme_opt.ad.modes import split
from enzyme_opt.ad.utils import coerce, convert_argument, join_lanes
from enzyme_opt.analysis.activity import globals_reached
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.text.parser import sret_type
from enzyme_opt.ir.types import shadow_type
from enzyme_opt.ir.values import ConstantInt, Value, zero
from enzyme_opt.knowledge.global_shadows import zero_call_private


def derivative_arguments(b: Builder, site: CallSite) -> list[Value]:
    """Primal arguments (converted back from C's variadic promotions, or
    loaded when passed ``enzyme_byref``), each duplicated one followed by
    its shadow (``[W x T]`` for width W)."""
    request = site.request
    width = request.width
    args: list[Value] = []
    for binding, param in zip(site.bindings, request.function.args):
        if binding.sret is not None:
            args += _sret_arguments(b, site, binding)
            continue
        if binding.activity == R.VECTOR:  # __enzyme_batch: the lanes' values
            lanes = [convert_argument(b, v, param.type) for v in binding.shadows]
            args.append(join_lanes(b, lanes, param.type, width))
            continue
        if binding.byref:
            args.append(b.load(param.type, binding.primal))
        else:
            args.append(convert_argument(b, binding.primal, param.type))
        if binding.activity not in (R.DUP, R.DUPNONEED):
            continue
        if request.leaf_layout:  # one shadow holding every lane (ad/modes/forward_leaf.py)
            args.append(coerce(b, binding.shadows[0], R.leaf_shadow_type(param.type, width)))
            continue
        if binding.stride is not None:
            stride = binding.stride
            base = binding.shadows[0]
            lanes = []
            for lane in range(width):
                offset = b.mul(b.cast("sext", stride, T.i64) if stride.type != T.i64 else stride,
                               ConstantInt(T.i64, lane))
                lanes.append(b.byte_gep(base, offset))
        else:
            lanes = [convert_argument(b, s, param.type) for s in binding.shadows]
        args.append(join_lanes(b, lanes, param.type, width))
    return args


def _sret_arguments(b: Builder, site: CallSite, binding) -> list[Value]:
    """The target's sret parameter (``callsites.Decoder.decode_sret``): the primal in the
    call's sret memory or a new slot; the shadows operands, or the call's sret memory's
    elements after the primal (one per lane)."""
    ty, first = binding.sret
    primal = binding.primal
    if primal is None:
        primal = b.entry_alloca(ty, "sret.primal")
    if binding.activity not in (R.DUP, R.DUPNONEED):
        return [primal]
    lanes = list(binding.shadows)
    if first is not None:
        base = site_sret(site.call)
        size = T.alloc_size(ty)
        lanes = [b.byte_gep(base, ConstantInt(T.i64, (first + lane) * size)) if first + lane
                 else base for lane in range(site.request.width)]
    return [primal, join_lanes(b, lanes, T.ptr, site.request.width)]


def differential_return(b: Builder, site: CallSite) -> list[Value]:
    """The differential return of a reverse call when its result is active:
    the one passed (loaded if ``enzyme_byref``), else the seed 1.0."""
    request = site.request
    if request.ret != R.OUT:
        return []
    ty = request.function.return_type
    lanes = shadow_type(ty, request.width)
    seed = site.differential_return
    if seed is None:
        from enzyme_opt.ad.modes.reverse import default_seed
        return [default_seed(lanes)]
    if isinstance(seed, list):  # W separate values
        return [join_lanes(b, [convert_argument(b, s, ty) for s in seed], ty, request.width)]
    if site.differential_return_byref:  # all W seeds (callsites.take_seed)
        return [b.load(lanes, seed)]
    if request.width == 1:
        return [convert_argument(b, seed, ty)]  # a float seed promoted to double by `...`
    return [coerce(b, seed, lanes)]


def _lower_derivative(context, site: CallSite, b: Builder, args: list[Value]) -> Value | None:
    """Forward and combined reverse mode: one call of the derivative."""
    derivative = context.derivative(site.request)
    result = b.call(derivative, args)
    return result if derivative.return_type != T.void else None


#: mode → how its call is lowered (given the builder and the arguments)
LOWERINGS = {
    R.FORWARD: _lower_derivative,
    R.REVERSE: _lower_derivative,
    R.BATCH: _lower_derivative,
    R.AUGMENTED: split.lower_augmented,
    R.REVERSE_SPLIT: split.lower_reverse,
    R.FWDSPLIT: split.lower_forward_split,
}


def lower_call_site(context, site: CallSite) -> None:
    call = site.call
    mode = site.request.mode
    b = Builder().before(call)
    b.metadata = [(k, v) for k, v in call.metadata if k == "dbg"]
    if mode == R.AUGMENT_SIZE:
        result = split.lower_size(site)
    else:
        if not site.request.context and mode in (R.FORWARD, R.REVERSE, R.AUGMENTED,
                                                 R.FWDSPLIT):
            zero_call_private(b, call.function.module, site.request.width,
                              globals_reached(site.request.function))
        args = derivative_arguments(b, site)
        if mode in (R.REVERSE, R.REVERSE_SPLIT):
            args += differential_return(b, site)
        result = LOWERINGS[mode](context, site, b, args)
    _replace_result(b, site, result)


def _replace_result(b: Builder, site: CallSite, result: Value | None) -> None:
    call = site.call
    sret = site_sret(call)
    if site.result_in_sret:  # the derivative wrote it (_sret_arguments)
        pass
    elif sret is not None:
        if result is None:
            raise DifferentiationError(f"{site.entry} returns a value through its first "
                                       f"argument, but the derivative returns nothing",
                                       site.location)
        target = sret_type(call.arg_attrs[0], call.function.module)
        value = coerce(b, result, target) if target is not None else result
        b.store(value if value is not None else result, sret)
    elif call.type != T.void and call.has_uses():
        if result is None:
            # Nothing is active (every argument enzyme_const): no derivatives.
            call.replace_all_uses_with(zero(call.type))
            b.continue_past(call)
            call.erase()
            return
        value = coerce(b, result, call.type)
        if value is None and not call.type.is_aggregate:
            value = _first_element(b, result, call.type)
        if value is None:
            raise DifferentiationError(
                f"{site.entry} is declared to return {call.type}, but the "
                f"derivative returns {result.type}", site.location)
        call.replace_all_uses_with(value)
    b.continue_past(call)
    call.erase()


def _first_element(b: Builder, result: Value, ty: T.Type) -> Value | None:
    """Enzyme's convention when C declares a scalar result but several
    derivatives come back: the call yields the first one."""
    from enzyme_opt.ad.utils import extract_scalars
    if not result.type.is_aggregate:
        return None
    first = extract_scalars(b, result)[0]
    return first if first.type == ty else None


def site_sret(call: I.CallInst) -> Value | None:
    return call.arg(0) if has_sret_result(call) else None

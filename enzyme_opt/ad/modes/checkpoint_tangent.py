"""Forward mode over a checkpointed loop's gradient (Hessian-vector products through
``__enzyme_checkpoint_for``): the tangent of a call of the scheme's driver.

A gradient that runs a checkpointed loop calls ``enzyme_opt.checkpoint.forward`` and
``enzyme_opt.checkpoint.reverse`` (``ad/modes/checkpoint_driver.py``), which ask the
program's scheme, through C function pointers, which steps to snapshot, recompute and
differentiate.  Differentiating that code in forward mode would mean differentiating the
scheme; instead the tangent of a driver call is the same driver, on the same scheme,
run on the tangents of the steps:

- the regions the scheme snapshots are the loop's regions followed by their tangents
  (the shadow of each region's memory, one per lane), so that a snapshot holds the state
  and its tangent, and restoring one restores both;
- each per-step function the driver calls (``step(env, j)``, ``gradient(env, j)``) is
  replaced by its forward derivative with respect to ``env``, given the tangent of
  ``env`` beside it (a pair on the stack, since the driver passes one pointer).

The schedule, the scheme's state and its record on the tape carry no derivative: the
tangent runs the gradient's schedule exactly, which the scheme may count (its stats).
"""

from __future__ import annotations

from enzyme_opt.abi import request as R
from enzyme_opt.ad.modes.checkpoint_driver import (FORWARD_NAME, REVERSE_NAME, STEP,
                                                   memcpy_intrinsic, region_type)
from enzyme_opt.ad.utils import join_lanes, new_internal_function, split_lanes
from enzyme_opt.analysis.types import underlying_object, uses_through_offsets
from enzyme_opt.demangle import PREPROCESS_PREFIX
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function
from enzyme_opt.ir.values import ConstantInt, Value, null

#: the drivers' parameters, by position: (regions, nregions, bytes, env), then the
#: per-step functions (``step``; ``step`` and ``gradient`` for the reverse sweep)
REGIONS, NREGIONS, BYTES, ENV = 3, 4, 5, 6
STEP_FUNCTIONS = {FORWARD_NAME: (7,), REVERSE_NAME: (7, 8)}


def _driver_name(fn: Function) -> str:
    """The driver's name, also for its copy simplified before AD (``preprocess_``)."""
    return fn.name.removeprefix(PREPROCESS_PREFIX)


def is_driver(fn: Function | None) -> bool:
    return fn is not None and _driver_name(fn) in STEP_FUNCTIONS


def regions_array(pointer: Value) -> bool:
    """Does ``pointer`` point into an array of regions a checkpointed loop's pair builds
    for a driver call: a stack array only stored into and handed to a driver?  Its shadow
    is read here alone (``_regions_with_tangents``: a region whose pointer has no shadow
    has no tangent), so a pointer without a shadow stored there (a global the step writes,
    an ``enzyme_const`` region) is fine, and run-time activity's check of such stores is
    not asked."""
    base = underlying_object(pointer)
    if not isinstance(base, I.AllocaInst):
        return False
    handed = False
    for use in uses_through_offsets(base):
        user = use.user
        if isinstance(user, I.StoreInst) and use.index == 1:
            continue
        if isinstance(user, I.CallInst) and is_driver(user.called_function) and \
                use.index == REGIONS:
            handed = True
            continue
        return False
    return handed


def tangent_driver_call(gen, inst: I.CallInst) -> None:
    """Replace ``inst``, a call of a driver in the function ``gen`` (a
    ``ForwardGenerator``) differentiates, by the call that runs its tangent too."""
    fn = inst.called_function
    args = list(inst.args)
    count = args[NREGIONS]
    if not isinstance(count, ConstantInt):
        raise gen.fail(inst, "forward mode over a checkpointed loop needs its number of "
                             "regions known where the loop is differentiated")
    width, module = gen.width, gen.out.module
    b = Builder().before(inst)
    regions, size = _regions_with_tangents(b, region_type(module), args[REGIONS],
                                           gen.t(args[REGIONS]), count.value, args[BYTES], width)
    args[REGIONS], args[BYTES] = regions, size
    args[NREGIONS] = ConstantInt(T.i64, count.value * (1 + width))
    if gen.t(args[ENV]) is None:   # only a region has a tangent: no step argument has one
        raise gen.fail(inst, "forward mode over a checkpointed loop whose step is given no "
                             "argument with a tangent is not supported")
    args[ENV] = _env_pair(b, args[ENV], gen.t(args[ENV]), width)
    for position in STEP_FUNCTIONS[_driver_name(fn)]:
        args[position] = _tangent_step(gen, inst, args[position])
    result = b.call(fn, args, inst.name)
    if inst.type != T.void:
        inst.replace_all_uses_with(result)
    inst.erase()


def _regions_with_tangents(b: Builder, region: T.StructType, regions: Value,
                           shadow: Value | None, count: int, size: Value, width: int):
    """A new region array: the ``count`` regions, then for each lane the shadows of their
    memory (length 0 where a region has none: a global without a derivative); and the
    bytes of them all."""
    array_type = T.ArrayType(count * (1 + width), region)
    array = b.alloca(array_type, "regions.and.tangents")
    b.call(memcpy_intrinsic(b.function.module), [array, regions,
                                        ConstantInt(T.i64, count * T.alloc_size(region)),
                                        ConstantInt(T.i1, 0)])
    total = size
    lanes = split_lanes(b, shadow, width) if shadow is not None else [None] * width
    for lane, lane_regions in enumerate(lanes):
        for k in range(count):
            at = b.gep(array_type, array, [ConstantInt(T.i32, 0),
                                           ConstantInt(T.i32, count * (1 + lane) + k)])
            b.store(b.load(region, b.gep(region, regions, [ConstantInt(T.i64, k)])), at)
            base = (null(T.ptr) if lane_regions is None else
                    b.load(T.ptr, b.gep(region, lane_regions, [ConstantInt(T.i64, k),
                                                               ConstantInt(T.i32, 0)])))
            length = b.load(T.i64, b.gep(region, regions, [ConstantInt(T.i64, k),
                                                          ConstantInt(T.i32, 1)]))
            length = b.select(b.icmp("eq", base, null(T.ptr)), ConstantInt(T.i64, 0), length,
                              "tangent.bytes")
            b.store(base, b.gep(region, at, [ConstantInt(T.i64, 0), ConstantInt(T.i32, 0)]))
            b.store(length, b.gep(region, at, [ConstantInt(T.i64, 0), ConstantInt(T.i32, 1)]))
            total = b.add(total, length, "snapshot.bytes")
    return array, total


def _pair_type(width: int) -> T.StructType:
    """``{env, its tangent per lane}``: what the tangent step functions are handed."""
    return T.StructType((T.ptr,) * (1 + width))


def _env_pair(b: Builder, env: Value, shadow: Value, width: int) -> Value:
    pair_type = _pair_type(width)
    pair = b.alloca(pair_type, "env.and.tangent")
    for k, value in enumerate([env, *split_lanes(b, shadow, width)]):
        b.store(value, b.gep(pair_type, pair, [ConstantInt(T.i32, 0), ConstantInt(T.i32, k)]))
    return pair


def _tangent_step(gen, inst: I.CallInst, step: Value) -> Function:
    """``<step>.tangent(pair, j)``: the forward derivative of the per-step function
    ``step(env, j)`` (generated with the loop's gradient: always a function here), on
    ``env`` and its tangent read from ``pair``."""
    if not isinstance(step, Function):
        raise gen.fail(inst, "forward mode over a checkpointed loop needs its step functions")
    width, module = gen.width, gen.out.module
    name = f"{step.name}.tangent" + (str(width) if width > 1 else "")
    found = module.get_function(name)
    if found is not None:
        return found
    request = R.DiffRequest(gen.ctx.preprocessed(step), R.FORWARD, width, (R.DUP, R.CONST),
                            R.CONST, return_primal=True, context=gen.request.context)
    derivative = gen.ctx.derivative(request)
    fn = new_internal_function(module, name, STEP, arg_names=["pair", "j"])
    module.derived_from[fn.name] = module.derived_from.get(step.name, step.name)
    b = Builder(fn.append_block("entry"))
    pair, j = fn.args
    pair_type = _pair_type(width)
    fields = [b.load(T.ptr, b.gep(pair_type, pair, [ConstantInt(T.i32, 0), ConstantInt(T.i32, k)]))
              for k in range(1 + width)]
    shadow = join_lanes(b, fields[1:], T.ptr, width)
    b.ret(b.call(derivative, [fields[0], shadow, j], "going"))
    return fn


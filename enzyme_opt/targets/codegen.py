"""Preparing a module for a GPU back end: target options, and device math.

The NVPTX and AMDGPU back ends have no instruction for most transcendental
functions: ``llvm.sin.f64`` (what clang makes of ``sin`` in device code
without the CUDA headers) would stop code generation with "Cannot
select".  Before code generation each such intrinsic, and each call of a
declared libm function (``sin``, ``expf``), becomes a call of the device
library (libdevice's ``__nv_sin``, OCML's ``__ocml_sin_f64``) — what the
CUDA and HIP headers do for source code.
"""

from __future__ import annotations

import re

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, Module
from enzyme_opt.ir.values import ConstantInt, poison

#: ``llvm.<base>.<types>``
_INTRINSIC = re.compile(r"llvm\.([a-z0-9]+)\.")


def machine_options(module: Module, target, cpu: str | None, features: str | None
                    ) -> tuple[str, str]:
    """The CPU and features to generate code for: the options when given,
    else (on a GPU) what the module's functions say (``"target-cpu"``,
    ``"target-features"``), else the target's default."""
    if target is None:
        return cpu or "", features or ""
    said = _function_attributes(module)
    return (cpu or said.get("target-cpu") or target.DEFAULT_CPU,
            features if features is not None else said.get("target-features", ""))


def _function_attributes(module: Module) -> dict[str, str]:
    for fn in module.functions:
        if not fn.is_declaration:
            attributes = fn.string_attributes()
            if "target-cpu" in attributes:
                return attributes
    return {}


def retarget(module: Module, cpu: str | None, features: str | None) -> None:
    """Make every function say ``cpu``/``features`` (as ``llc -mcpu`` does):
    function attributes override the target machine's.  A new CPU drops
    the ``+sm_NN`` feature naming the old one."""
    for gid, text in list(module.attribute_groups.items()):
        if cpu is not None and '"target-cpu"=' in text:
            text = re.sub(r'"target-cpu"="[^"]*"', f'"target-cpu"="{cpu}"', text)
            if features is None:
                text = re.sub(r'"target-features"="([^"]*)"', _without_cpu_feature, text)
        if features is not None and '"target-features"=' in text:
            text = re.sub(r'"target-features"="[^"]*"', f'"target-features"="{features}"', text)
        module.attribute_groups[gid] = text


def _without_cpu_feature(match: re.Match) -> str:
    words = [w for w in match.group(1).split(",") if w and not re.fullmatch(r"\+sm_\w+", w)]
    return f'"target-features"="{",".join(words)}"'


def lower_device_math(module: Module, target) -> list[str]:
    """Replace intrinsics the back end cannot select and calls of declared
    libm functions by device-library calls; returns the device-library
    functions the module then declares without defining (to link)."""
    for fn in list(module.functions):
        if fn.name.startswith("llvm.") and fn.is_declaration:
            _lower_intrinsic(module, fn, target)
        elif fn.is_declaration and fn.has_uses():
            _rename_libm(module, fn, target)
    prefix = target.DEVICE_LIBRARY_PREFIX
    return [fn.name for fn in module.functions
            if fn.is_declaration and fn.name.startswith(prefix) and fn.has_uses()]


def _lower_intrinsic(module: Module, fn: Function, target) -> None:
    match = _INTRINSIC.match(fn.name)
    if match is None or not fn.function_type.params:
        return
    base, operand = match.group(1), fn.function_type.params[0]
    scalar = operand.scalar
    if not scalar.is_float:
        return
    compute = T.f32 if scalar.kind in ("half", "bfloat") else scalar  # no half math
    if base not in target.UNSELECTABLE.get(compute.kind, ()):
        return
    device = target.device_function(base, compute)
    if device is None:
        return
    for use in list(fn.uses):
        call = use.user
        if isinstance(call, I.CallInst) and call.callee is fn:
            _replace_call(module, call, device, compute)


def _replace_call(module: Module, call: I.CallInst, device: str, compute: T.Type) -> None:
    """``call`` of an intrinsic → the device function on ``compute``, lane
    by lane for vectors; an integer result (``llvm.lround.i32``) is
    converted from the device function's ``i64``."""
    b = Builder().before(call)
    args = call.args
    ty = call.type
    if isinstance(args[0].type, T.VectorType):
        result = poison(ty)
        for lane in range(args[0].type.count):
            index = ConstantInt(T.i32, lane)
            lane_args = [b.extractelement(a, index) if isinstance(a.type, T.VectorType) else a
                         for a in args]
            value = _device_call(module, b, device, lane_args, ty.scalar, compute)
            result = b.insertelement(result, value, index)
    else:
        result = _device_call(module, b, device, args, ty, compute)
    result.name = call.name
    call.replace_all_uses_with(result)
    call.erase()


def _device_call(module: Module, b: Builder, device: str, args, ty: T.Type, compute: T.Type):
    args = [b.cast("fpext", a, compute) if a.type.is_float and a.type != compute else a
            for a in args]
    returns = T.i64 if ty.is_int else compute
    fn = module.get_or_declare(device, T.FunctionType(returns, tuple(a.type for a in args)))
    value = b.call(fn, list(args))
    if returns != ty:
        value = b.cast("trunc" if ty.is_int else "fptrunc", value, ty)
    return value


def _rename_libm(module: Module, fn: Function, target) -> None:
    """A declared libm function (``sin``, ``expf``) → its device function."""
    name = fn.name
    fty = fn.function_type
    scalar = fty.ret if fty.ret.is_float else (fty.params[0] if fty.params else None)
    if scalar is None or scalar not in (T.f32, T.f64):
        return
    base = name[:-1] if scalar == T.f32 and name.endswith("f") else name
    device = target.device_function(base, scalar)
    if device is None or device == name or (scalar == T.f32) != name.endswith("f"):
        return
    existing = module.get_function(device)
    if existing is not None and existing.function_type != fty:
        return
    replacement = existing or module.add(Function(device, fty, prefix="", suffix=fn.suffix))
    fn.replace_all_uses_with(replacement)
    module.remove(fn)

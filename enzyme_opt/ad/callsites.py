"""Find the ``__enzyme_*`` calls of a module and decode their arguments.

The contract is Enzyme's C ABI (docs/abi.md): the first argument names the
function; each following argument is classified by metadata
(``metadata !"enzyme_dup"``), by a marker (a load of, pointer to, or cast of
a global named ``enzyme_dup`` …), or by default (integer → const, floating →
active in reverse / duplicated in forward, pointer → duplicated).
"""

from __future__ import annotations

import re

from enzyme_opt.ad import request as R
from enzyme_opt.ad.request import ArgBinding, CallSite, DiffRequest
from enzyme_opt.ad.rules.custom import custom_rule
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantExpr, ConstantInt, MetadataOperand, Value

#: Entry points, found by containment as Enzyme does: a callee is an entry
#: point when its name *contains* one of these strings, so C suffixes
#: (``__enzyme_autodiffFloat``), C++ mangling
#: (``_Z17__enzyme_autodiffIdJPdS0_EET_PvDpT0_``) and CUDA device names all
#: match.  No string here contains another, so at most one can match a
#: well-formed name; a name containing two is refused (``entry_mode``).
ENTRY_POINTS = (
    ("__enzyme_virtualreverse", None),
    ("__enzyme_augmentsize", R.AUGMENT_SIZE),
    ("__enzyme_augmentfwd", R.AUGMENTED),
    ("__enzyme_autodiff", R.REVERSE),
    ("__enzyme_fwddiff", R.FORWARD),
    ("__enzyme_fwdsplit", R.FWDSPLIT),
    ("__enzyme_reverse", R.REVERSE_SPLIT),
    ("__enzyme_batch", R.BATCH),
)

#: Every marker Enzyme knows: what it does to the next argument(s).
MARKERS = {
    "enzyme_const": "activity", "enzyme_dup": "activity", "enzyme_dupnoneed": "activity",
    "enzyme_out": "activity", "enzyme_dupv": "activity", "enzyme_dupnoneedv": "activity",
    "enzyme_width": "value", "enzyme_byref": "value", "enzyme_allocated": "value",
    "enzyme_tape": "value", "enzyme_scalar": "activity",
    "enzyme_interleave": "flag", "enzyme_not_overwritten": "flag", "enzyme_nofree": "flag",
    "enzyme_noret": "flag", "enzyme_primal_return": "flag", "enzyme_const_return": "flag",
    "enzyme_active_return": "flag", "enzyme_dup_return": "flag",
    "enzyme_runtime_activity": "flag", "enzyme_strong_zero": "flag",
    "enzyme_ffi_forward": "flag",
}
ACTIVITY_OF_MARKER = {"enzyme_const": R.CONST, "enzyme_dup": R.DUP, "enzyme_dupv": R.DUP,
                      "enzyme_dupnoneed": R.DUPNONEED, "enzyme_dupnoneedv": R.DUPNONEED,
                      "enzyme_out": R.OUT, "enzyme_scalar": R.CONST}
#: Markers accepted but not yet acted upon: using them is an error, never a
#: silently different derivative.
UNSUPPORTED_MARKERS = {"enzyme_byref", "enzyme_allocated", "enzyme_interleave",
                       "enzyme_runtime_activity", "enzyme_ffi_forward", "enzyme_tape"}


def entry_point(name: str) -> str | None:
    """The entry-point string ``name`` contains (``__enzyme_autodiff`` for
    ``_Z17__enzyme_autodiffIdJEET_PvDpT0_``), else None."""
    if "__enzyme_" not in name:
        return None
    found = [entry for entry, _ in ENTRY_POINTS if entry in name]
    if len(found) > 1:
        raise DifferentiationError(f"@{name} names two Enzyme entry points ({found[0]} and "
                                   f"{found[1]}): rename the declaration")
    return found[0] if found else None


def entry_mode(name: str) -> str | None:
    entry = entry_point(name)
    if entry is None:
        return None
    mode = dict(ENTRY_POINTS)[entry]
    return mode if mode is not None else "virtualreverse"


def find_call_sites(module: Module) -> list[I.CallInst]:
    """Every call or invoke of an ``__enzyme_*`` entry point, in module order."""
    calls = []
    for function in module.functions:
        if function.is_declaration or entry_mode(function.name):
            continue
        for inst in function.instructions():
            if isinstance(inst, I.CallInst):
                callee = inst.called_function
                if callee is not None and entry_mode(callee.name):
                    calls.append(inst)
    return calls


def marker_name(value: Value) -> str | None:
    """The ``enzyme_*`` name a marker operand stands for, else None."""
    seen = set()
    while value is not None and id(value) not in seen:
        seen.add(id(value))
        if isinstance(value, MetadataOperand):
            text = value.string
            return text if text is not None and text.startswith("enzyme_") else None
        if isinstance(value, (GlobalVariable,)) or (isinstance(value, I.AllocaInst)):
            return value.name if value.name.startswith("enzyme_") else None
        if isinstance(value, I.LoadInst):
            value = value.pointer
        elif isinstance(value, (I.CastInst,)):
            value = value.operand(0)
        elif isinstance(value, ConstantExpr) and value.opcode in ("bitcast", "ptrtoint", "addrspacecast"):
            value = value.operand(0)
        elif isinstance(value, I.PhiInst):
            names = {marker_name(v) for v, _ in value.incoming}
            return names.pop() if len(names) == 1 else None
        else:
            return None
    return None


def resolve_function(value: Value, where: str) -> Function:
    """The function named by the first argument: directly, through casts,
    through an -O0 local slot written once, or a constant global."""
    seen = set()
    while id(value) not in seen:
        seen.add(id(value))
        if isinstance(value, Function):
            return value
        if isinstance(value, ConstantExpr) and value.opcode in ("bitcast", "addrspacecast"):
            value = value.operand(0)
        elif isinstance(value, I.CastInst) and value.opcode in ("bitcast", "addrspacecast"):
            value = value.operand(0)
        elif isinstance(value, I.LoadInst) and isinstance(value.pointer, GlobalVariable) \
                and value.pointer.is_constant and value.pointer.initializer is not None:
            value = value.pointer.initializer
        elif isinstance(value, I.LoadInst) and isinstance(value.pointer, I.AllocaInst):
            stores = [u.user for u in value.pointer.uses
                      if isinstance(u.user, I.StoreInst) and u.index == 1]
            if len(stores) != 1:
                break
            value = stores[0].value
        else:
            break
    raise DifferentiationError("cannot tell which function the first argument of this "
                               "Enzyme call names (a direct function, a cast of one, or a "
                               "constant global holding one is needed)", where)


class Decoder:
    """Walks a call's operands as Enzyme's ``handleArguments`` does."""

    def __init__(self, call: I.CallInst, where: str):
        self.call = call
        self.where = where
        callee = call.called_function.name
        entry = entry_point(callee)
        # Users know the entry point by its C name, not by clang's mangling.
        self.name = callee if callee.startswith(entry) else entry
        self.mode = entry_mode(callee)
        self.operands = call.args
        self.pos = 1
        self.width = 1
        self.flags: set[str] = set()

    def fail(self, message: str) -> DifferentiationError:
        return DifferentiationError(f"{message} in call to {self.name}", self.where)

    def take(self, what: str) -> Value:
        if self.pos >= len(self.operands):
            raise self.fail(f"too few arguments: expected {what}")
        value = self.operands[self.pos]
        self.pos += 1
        return value

    def constant_int(self, marker: str) -> int:
        value = self.take(f"an integer after '{marker}'")
        if not isinstance(value, ConstantInt):
            raise self.fail(f"'{marker}' must be followed by a constant integer")
        return value.value

    def decode(self) -> CallSite:
        if has_sret_result(self.call):
            self.pos = 2  # the result comes back through the sret pointer
        if len(self.operands) < self.pos:
            raise self.fail("too few arguments: expected the function to differentiate")
        function = resolve_function(self.operands[self.pos - 1], self.where)
        if function.is_declaration and custom_rule(function, self.mode) is None:
            raise DifferentiationError(
                f"cannot differentiate @{function.name}: it is only a declaration "
                f"(its body is not in this module)", self.where)
        if self.mode in (None, "virtualreverse", R.BATCH, R.FWDSPLIT, R.AUGMENTED,
                         R.REVERSE_SPLIT, R.AUGMENT_SIZE):
            raise self.fail("this Enzyme entry point is not supported yet")
        params = function.function_type.params
        bindings: list[ArgBinding] = []
        for index, param in enumerate(params):
            bindings.append(self.decode_param(function, index, param))
        ret = self.return_activity(function)
        site = CallSite(self.call, self.name, None, bindings, location=self.where)
        if self.mode == R.REVERSE and ret == R.OUT and self.pos < len(self.operands):
            seed = self.take("the differential return")
            if seed.type != function.return_type:
                raise self.fail(f"the differential return has type {seed.type}, "
                                f"expected {function.return_type}")
            site.differential_return = seed
        if self.pos < len(self.operands):
            extra = self.operands[self.pos]
            raise self.fail(f"too many arguments: @{function.name} takes {len(params)} "
                            f"parameters, argument {self.pos + 1} ({extra.type}) is left over")
        site.request = DiffRequest(
            function, self.mode, self.width, tuple(b.activity for b in bindings), ret,
            return_primal="enzyme_primal_return" in self.flags)
        return site

    def decode_param(self, function: Function, index: int, param: T.Type) -> ArgBinding:
        marker = None
        while True:
            if self.pos >= len(self.operands):
                raise self.fail(f"too few arguments: @{function.name} takes "
                                f"{len(function.function_type.params)} parameters, "
                                f"parameter {index + 1} ({param}) has no argument")
            name = marker_name(self.operands[self.pos])
            if name is None:
                break
            if name not in MARKERS:
                raise self.fail(f"unknown Enzyme marker '{name}'")
            if name in UNSUPPORTED_MARKERS:
                raise self.fail(f"the marker '{name}' is not supported yet")
            self.pos += 1
            kind = MARKERS[name]
            if name == "enzyme_width":
                self.width = self.constant_int(name)
                if self.width < 1:
                    raise self.fail("'enzyme_width' must be at least 1")
            elif kind == "flag":
                self.flags.add(name)
            elif kind == "activity":
                marker = name
                break
        if marker is not None:
            activity = ACTIVITY_OF_MARKER[marker]
        else:
            activity = self.default_activity(param)
        stride = self.take_stride(marker) if marker in ("enzyme_dupv", "enzyme_dupnoneedv") else None
        primal = self.take(f"the value of parameter {index + 1} of @{function.name}")
        primal = self.check_type(primal, param, f"parameter {index + 1} of @{function.name}")
        binding = ArgBinding(activity, primal, marker=marker, stride=stride)
        if activity == R.OUT and self.mode == R.FORWARD:
            raise self.fail("'enzyme_out' is for reverse mode; forward mode uses 'enzyme_dup'")
        if activity == R.OUT and not param.scalar.is_float:
            raise self.fail(f"'enzyme_out' needs a floating-point parameter, "
                            f"parameter {index + 1} of @{function.name} is {param}")
        if activity in (R.DUP, R.DUPNONEED):
            lanes = 1 if stride is not None else self.width
            for lane in range(lanes):
                shadow = self.take(f"the shadow of parameter {index + 1} of @{function.name}"
                                   + (f" (lane {lane + 1} of {self.width})" if self.width > 1 else ""))
                expected = param if stride is None else T.ptr
                if shadow.type != expected and not _coercible(shadow.type, expected):
                    raise self.fail(f"the shadow of parameter {index + 1} of @{function.name} has "
                                    f"type {shadow.type}, but its primal has type {param}")
                binding.shadows.append(shadow)
        return binding

    def take_stride(self, marker: str) -> Value:
        return self.take(f"the stride after '{marker}'")

    def default_activity(self, param: T.Type) -> str:
        if param.scalar.is_float:
            return R.OUT if self.mode == R.REVERSE else R.DUP
        if param.is_pointer:
            return R.DUP
        return R.CONST

    def check_type(self, value: Value, param: T.Type, what: str) -> Value:
        if value.type == param or _coercible(value.type, param):
            return value
        raise self.fail(f"the argument passed for {what} has type {value.type}, "
                        f"but the parameter has type {param}")

    def return_activity(self, function: Function) -> str:
        ret = function.return_type
        if isinstance(ret, T.VoidType):
            return "none"
        if "enzyme_const_return" in self.flags:
            return R.CONST
        if "enzyme_dup_return" in self.flags:
            return R.DUP
        if T.contains_float(ret):
            return R.OUT if self.mode == R.REVERSE else R.DUP
        if ret.is_pointer and self.mode == R.FORWARD:
            return R.DUP
        return R.CONST


def _coercible(actual: T.Type, expected: T.Type) -> bool:
    """Only C's default argument promotions of variadic calls (float or half
    → double, small integers → int) are undone at the call; any other
    mismatch is an error, as in Enzyme."""
    if actual == T.f64 and isinstance(expected, T.FloatType) and expected.bits < 64:
        return True
    if actual == T.i32 and isinstance(expected, T.IntType) and expected.bits < 32:
        return True
    return False


def has_sret_result(call: I.CallInst) -> bool:
    """Does the call return its result through C's hidden ``sret`` pointer
    (its first argument)?  Then the function to differentiate is second."""
    return bool(call.arg_attrs) and re.search(r"\bsret\s*\(", call.arg_attrs[0]) is not None


def decode_call(call: I.CallInst, where: str) -> CallSite:
    return Decoder(call, where).decode()

"""Helpers shared by the generators: new functions, zeros, lanes."""

from __future__ import annotations

import re
from functools import lru_cache

from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, Module
from enzyme_opt.ir.types import leaves, scalar_leaves, shadow_type
from enzyme_opt.ir.values import ConstantKeyword, Value

#: Words of a function header a copy must not keep (the personality stays:
#: a C++ body's landingpads need it).
_DROPPED_FN_WORDS = re.compile(r"\s*(!dbg ![\w.]+|comdat(\(\$[^)]*\))?|section \"[^\"]*\"|"
                               r"prefix [^!#]+|prologue [^!#]+)")
_ENZYME_METADATA = re.compile(r"\s*!enzyme_\w+ ![\w.]+")
_VISIBILITY = {"hidden", "protected", "dllexport", "dllimport", "default"}
_LINKAGE_WORDS = {"private", "internal", "available_externally", "linkonce", "weak", "common",
                  "appending", "extern_weak", "linkonce_odr", "weak_odr", "external",
                  "dso_local", "dso_preemptable"}
#: Attributes a derivative must not inherit: it may be inlined and
#: optimized, and unlike the primal it reads and writes the tape and shadow
#: memory, frees what it allocates, and may be recursive.
_DROPPED_ATTRIBUTE_NAMES = {"optnone", "noinline", "nofree", "readnone", "readonly", "writeonly",
                            "argmemonly", "inaccessiblememonly", "speculatable", "norecurse",
                            "nosync", "memory", "nocallback"}


def new_internal_function(module: Module, name: str, function_type: T.FunctionType,
                          like: Function | None = None, arg_names=(),
                          is_clone: bool = False) -> Function:
    """An internal function named after Enzyme's scheme, with the function
    attributes of ``like`` (minus optnone/noinline, so LLVM may simplify and
    inline it, and minus what would be false of a derivative) and no debug
    info of its own.  Derivatives use the C calling convention (we call
    them so) and drop what the program said for Enzyme about ``like``
    (custom rules, inactivity: they are not ``like``); a clone keeps both,
    matching its cloned call sites."""
    suffix = ""
    prefix_words = ["internal"]
    if like is not None:
        declared_metadata = re.sub(r"![\w.]+ ![\w.]+", "", like.prefix)  # a declaration's
        prefix_words += [w for w in declared_metadata.split()
                         if w not in _VISIBILITY and w not in _LINKAGE_WORDS
                         and (is_clone or not _is_calling_convention(w))]
        suffix = _DROPPED_FN_WORDS.sub("", like.suffix)
        if not is_clone:
            suffix = _ENZYME_METADATA.sub("", suffix)
        groups = re.findall(r"#(\d+)", suffix)
        for gid in groups:
            text = _derived_attributes(module.attribute_groups.get(int(gid), ""), is_clone)
            if not text:  # every attribute was the program's own for Enzyme
                suffix = re.sub(rf"\s*#{gid}\b", "", suffix)
                continue
            new_gid = module.add_attribute_group(text)
            suffix = suffix.replace(f"#{gid}", f"#{new_gid}")
    fn = Function(module.unique_name(name), function_type, arg_names,
                  prefix=" ".join(prefix_words), suffix=suffix)
    module.add(fn)
    return fn


@lru_cache(maxsize=1024)
def _derived_attributes(group: str, is_clone: bool) -> str:
    """An attribute group's text, for a derivative (or a clone) of a function that has it."""
    return " ".join(w for w in _split_attributes(group)
                    if w.split("(")[0] not in _DROPPED_ATTRIBUTE_NAMES
                    and (is_clone or not w.startswith('"enzyme_')))


def _is_calling_convention(word: str) -> bool:
    from enzyme_opt.ir.text.body_parser import CALLING_CONVENTIONS
    return word in CALLING_CONVENTIONS or (word.startswith("cc") and word[2:].isdigit())


def _split_attributes(text: str) -> list[str]:
    """Split an attribute group's text at top-level spaces."""
    out, depth, current, in_string = [], 0, [], False
    for ch in text:
        if ch == '"':
            in_string = not in_string
        if not in_string:
            depth += (ch == "(") - (ch == ")")
        if ch == " " and depth == 0 and not in_string:
            if current:
                out.append("".join(current))
            current = []
        else:
            current.append(ch)
    if current:
        out.append("".join(current))
    return out


def split_lanes(b: Builder, shadow: Value | None, width: int) -> list[Value | None]:
    if shadow is None:
        return [None] * width
    if width == 1:
        return [shadow]
    return [b.extractvalue(shadow, lane) for lane in range(width)]


def join_lanes(b: Builder, lanes: list[Value], ty: T.Type, width: int, name: str = "") -> Value:
    if width == 1:
        return lanes[0]
    aggregate: Value = ConstantKeyword(shadow_type(ty, width), "poison")
    for lane, value in enumerate(lanes):
        aggregate = b.insertvalue(aggregate, value, lane,
                                  name=name if lane == width - 1 else "")
    return aggregate


def extract_scalars(b: Builder, value: Value) -> list[Value]:
    from enzyme_opt.ir import instructions as I
    out = []
    for path, leaf in leaves(value.type):
        v = value
        if path:
            from enzyme_opt.ir.text.body_parser import aggregate_element
            v = b.insert(I.ExtractValueInst(value, path, aggregate_element(value.type, path)))
        if isinstance(leaf, T.VectorType):
            out += [b.extractelement(v, Builder.const(T.i32, k)) for k in range(leaf.count)]
        else:
            out.append(v)
    return out


def build_from_scalars(b: Builder, ty: T.Type, scalars: list[Value]) -> Value:
    from enzyme_opt.ir import instructions as I
    it = iter(scalars)
    result: Value = ConstantKeyword(ty, "poison")
    for path, leaf in leaves(ty):
        if isinstance(leaf, T.VectorType):
            vec: Value = ConstantKeyword(leaf, "poison")
            for k in range(leaf.count):
                vec = b.insertelement(vec, next(it), Builder.const(T.i32, k))
            element = vec
        else:
            element = next(it)
        if path:
            result = b.insert(I.InsertValueInst(result, element, path))
        else:
            result = element
    return result


def coerce(b: Builder, value: Value, ty: T.Type) -> Value | None:
    """Rebuild ``value`` as type ``ty`` when both flatten to the same scalars
    (``[2 x double]`` ↔ ``{ double, double }`` ↔ ``<2 x double>``); None if not."""
    if value.type == ty:
        return value
    if scalar_leaves(value.type) != scalar_leaves(ty):
        return None
    return build_from_scalars(b, ty, extract_scalars(b, value))


def build_struct(b: Builder, values: list[Value]) -> Value:
    """``{ v0, v1, … }`` built with ``insertvalue``."""
    from enzyme_opt.ir import instructions as I
    result: Value = ConstantKeyword(T.StructType(tuple(v.type for v in values)), "poison")
    for index, value in enumerate(values):
        result = b.insert(I.InsertValueInst(result, value, (index,)))
    return result


def convert_argument(b: Builder, value: Value, ty: T.Type) -> Value:
    """Undo C's variadic promotions: double → float, int → narrower int."""
    if value.type == ty:
        return value
    if isinstance(value.type, T.FloatType) and isinstance(ty, T.FloatType):
        return b.cast("fptrunc" if value.type.bits > ty.bits else "fpext", value, ty)
    if isinstance(value.type, T.IntType) and isinstance(ty, T.IntType):
        return b.cast("trunc" if value.type.bits > ty.bits else "sext", value, ty)
    return value


class PrimalOf:
    """Which primal value a generated function's copy came from: the inverse
    of ``clone_body``'s map, built on first use (only rare questions need it:
    what a copy moves, what a stored pointer is read for)."""

    def __init__(self, vmap: dict):
        self._vmap = vmap
        self._inverse: dict | None = None

    def __call__(self, copy: Value) -> Value | None:
        if self._inverse is None:
            self._inverse = {new: old for old, new in self._vmap.items()}
        return self._inverse.get(copy)


def clone_body(primal: Function, out: Function, vmap: dict, mode: str) -> dict:
    """Give ``out`` the body to differentiate: ``primal``'s, or, when the
    program registered a rule for ``mode`` on ``primal`` itself, a single
    call of ``primal``, so that the call's rule applies as it does wherever
    ``primal`` is called.  Returns the map of primal values to their copies."""
    from enzyme_opt.ir.clone import clone_function_body
    from enzyme_opt.knowledge.declared import custom_rule
    if custom_rule(primal, mode) is None:
        return clone_function_body(primal, out, vmap)
    b = Builder(out.append_block("entry"))
    result = b.call(primal, [vmap[arg] for arg in primal.args])
    b.ret(result if primal.return_type != T.void else None)
    return vmap


def calls_of(fn: Function, where_of) -> list[I.CallInst]:
    """Every call of ``fn`` (an entry point or marker function), checked: any other use of
    it (its address stored, passed on) is refused, ``where_of(instruction)`` saying where."""
    found = []
    for use in list(fn.uses):
        call = use.user
        if not isinstance(call, I.CallInst) or call.callee is not fn:
            raise DifferentiationError(f"@{fn.name} is used other than called",
                                       where_of(call) if isinstance(call, I.Instruction)
                                       else "")
        found.append(call)
    return found

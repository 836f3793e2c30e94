"""What the program says about a callee, read from IR attributes and
metadata.  ``abi/annotations.py`` turns every spelling Enzyme accepts
(registration globals, ``llvm.global.annotations``) into these, so the
generators and analyses read one form:

=================================  ==========================================
``!enzyme_augment`` +              custom reverse rule: the augmented forward
``!enzyme_gradient``               pass and the gradient (reverse) pass
``!enzyme_derivative``             custom forward rule
``!enzyme_splitderivative``        custom split-forward rule (with augment)
``"enzyme_inactive"[=source]``     calls carry no derivative
``"enzyme_math"="name"``           differentiate like the math function name
``"enzyme_allocator"="i"``,        an allocator: its size is argument i; its
``"enzyme_deallocator"="j,k"``,    memory is freed by ``!enzyme_deallocator_fn``
``!enzyme_deallocator_fn``         called with these arguments (-1: the memory)
=================================  ==========================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from enzyme_opt.knowledge import modes as R

#: the metadata naming each mode's rule functions, in call order
RULE_METADATA = {
    R.FORWARD: ("enzyme_derivative",),
    R.REVERSE: ("enzyme_augment", "enzyme_gradient"),
    R.FWDSPLIT: ("enzyme_augment", "enzyme_splitderivative"),
}
CUSTOM_RULE_KINDS = frozenset(kind for kinds in RULE_METADATA.values() for kind in kinds)

_FUNCTION_REF = re.compile(r"ptr (@(?:\"[^\"]*\"|[-\w$.]+))")


def metadata_function(fn, kind: str):
    """The function a ``!kind !{ptr @g}`` attachment of ``fn`` names."""
    ref = fn.metadata_text(kind)
    module = fn.module
    if ref is None or module is None:
        return None
    node = module.metadata.get(ref)
    if node is None and ref.startswith("!{"):
        node = ref
    match = _FUNCTION_REF.search(node or "")
    if match is None:
        return None
    return module.get_function(match.group(1)[1:].strip('"'))


def has_custom_rule(fn) -> bool:
    return any(kind in CUSTOM_RULE_KINDS for kind in fn.metadata_kinds())


def custom_rule(fn, mode: str) -> tuple | None:
    """The rule functions ``fn`` has for ``mode`` (all of them, in call
    order), else None."""
    kinds = RULE_METADATA.get(mode)
    if kinds is None or fn is None:
        return None
    found = tuple(metadata_function(fn, kind) for kind in kinds)
    return found if all(f is not None for f in found) else None


def inactive_reason(fn) -> str | None:
    """Why calls of ``fn`` are inactive (the annotation that says so), else None."""
    value = fn.string_attributes().get("enzyme_inactive")
    if value is None:
        return None
    return value or 'the function attribute "enzyme_inactive"'


def math_rule_name(fn) -> str | None:
    """``__enzyme_function_like``: the math function ``fn`` behaves like."""
    return fn.string_attributes().get("enzyme_math") or None


@dataclass(frozen=True)
class Allocation:
    """How an allocation function's memory is sized and released, in
    ``__enzyme_allocation_like``'s terms (the standard allocators are in
    ``knowledge/calls.py``'s table)."""

    #: the argument giving the size in bytes (None: the memory comes zeroed)
    size_index: int | None
    #: the function that releases the memory (a name, or the program's function)
    free: object
    #: its arguments: -1 is the memory, i the allocation call's argument i
    free_args: tuple[int, ...] = (-1,)


def allocator(fn) -> Allocation | None:
    """A program's allocator (``__enzyme_allocation_like``)."""
    attributes = fn.string_attributes()
    size = attributes.get("enzyme_allocator")
    free = metadata_function(fn, "enzyme_deallocator_fn")
    if size is None or free is None:
        return None
    indices = tuple(int(i) for i in attributes.get("enzyme_deallocator", "-1").split(","))
    return Allocation(int(size), free, indices)


#: on a program's deallocator: which of its arguments is the memory freed
FREES_ATTRIBUTE = "enzyme_opt.frees"


def freed_argument(fn) -> int | None:
    value = fn.string_attributes().get(FREES_ATTRIBUTE)
    return int(value) if value is not None else None

"""A prepared kind of call of a loaded function (``Plan``): its request, compiled entry
point, packer and output slots, made once and then called with plain values.  Below both
``api/module.py`` (a loaded ``Function`` called as itself runs its primal plan) and
``api/autodiff.py`` (every mode's plans)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from enzyme_opt.api import annotations as A
from enzyme_opt.api.arguments import Packer, check_count
from enzyme_opt.api.signature import unflatten
from enzyme_opt.api.wrappers import Request, inputs, outputs

if TYPE_CHECKING:  # a Function holds its plans: only its type is named here
    from enzyme_opt.api.module import Function


class Plan:
    """One prepared kind of call: its request, compiled entry point, packer
    and output slots."""

    __slots__ = ("request", "entry", "packer", "outputs", "mode")

    def __init__(self, function: Function, request: Request, entry, mode: A.Mode | None):
        sig = function.signature
        self.request = request
        self.entry = entry
        self.mode = mode
        direction = mode.direction if mode is not None else "forward"
        self.packer = Packer(request, sig, inputs(request, sig), direction)
        self.outputs = outputs(request, sig)

    def run(self, args, extra: dict | None = None) -> dict:
        """Call with ``args``; the results by role: "primal", "tape", and
        lists by lane for "tangent" and (per parameter) "derivative"."""
        return self.unpack(self.entry.call(self.packer.pack(args, extra)))

    def unpack(self, flat: tuple) -> dict:
        """The result slot values by role (see ``run``)."""
        parts: dict = {"primal": None, "tape": None, "tangent": [], "derivative": {}}
        position = 0
        for slot in self.outputs:
            value, position = unflatten(slot.layout, flat, position)
            if slot.role == "tangent":
                parts["tangent"].append(value)
            elif slot.role == "derivative":
                parts["derivative"].setdefault(slot.index, []).append(value)
            else:
                parts[slot.role] = value
        return parts


def call_primal(function: Function, args):
    """``f(args…)``: the primal, compiled with ``-O2``; plain values in."""
    plan = function.plans.get("primal")
    if plan is None:
        sig = function.signature
        check_count(sig, len(args))
        request = Request(sig.name, "primal", (A.Const,) * len(sig.params))
        [entry] = function.module.entries(sig, [request])
        plan = Plan(function, request, entry, None)
        function.plans["primal"] = plan
    else:
        check_count(function.signature, len(args))
    return plan.run(args)["primal"]

"""Decode the arguments of an ``__enzyme_*`` call (the calls and their markers are found by
``abi/entries.py``).

The contract is Enzyme's C ABI (docs/abi.md): the first argument names the
function; each following argument is classified by metadata
(``metadata !"enzyme_dup"``), by a marker (a load of, pointer to, or cast of
a global named ``enzyme_dup`` …), or by default (integer → const, floating →
active in reverse / duplicated in forward, pointer → duplicated).
"""

from __future__ import annotations

import re

from enzyme_opt.abi import request as R
from enzyme_opt.abi.entries import (ACTIVITY_OF_MARKER, MARKERS, UNSUPPORTED_MARKERS,
                                    entry_mode, entry_point, marker_name, resolve_function)
from enzyme_opt.abi.request import ArgBinding, CallSite, DiffRequest
from enzyme_opt.analysis.types import object_scalar_types
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import Function
from enzyme_opt.ir.text.parser import sret_type
from enzyme_opt.ir.types import scalar_leaves, shadow_type
from enzyme_opt.ir.values import ConstantInt, Value
from enzyme_opt.knowledge.declared import custom_rule

def context_width_of(decoder: "Decoder") -> int:
    from enzyme_opt.knowledge.global_shadows import context_width
    return context_width(decoder.call.function.module, decoder.context)


class Decoder:
    """Walks a call's operands as Enzyme's ``handleArguments`` does.

    Activity markers come before the argument they classify; call-wide
    flags (``enzyme_nofree``, ``enzyme_tape, ptr``, ``enzyme_allocated, N``
    …) may come anywhere, also after the last argument, and are absorbed
    wherever a value is taken."""

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
        self.tape_memory: Value | None = None
        self.allocated: int | None = None
        self.byref: int | None = None   # enzyme_byref: the next value is passed by reference
        self.started = False             # has a parameter been read yet?
        self.context = ""                # enzyme_context: the context's handle
        self.last_activity = R.DUP       # Enzyme's default before 'enzyme_interleave'

    def fail(self, message: str) -> DifferentiationError:
        return DifferentiationError(f"{message} in call to {self.name}", self.where)

    # -- reading operands ------------------------------------------------------------------
    def marker_at(self, pos: int) -> str | None:
        if pos >= len(self.operands):
            return None
        name = marker_name(self.operands[pos])
        if name is not None and name not in MARKERS:
            raise self.fail(f"unknown Enzyme marker '{name}'")
        return name

    def absorb_flags(self) -> None:
        """Consume the call-wide flags (not activity markers) at the cursor."""
        while True:
            name = self.marker_at(self.pos)
            if name is None or MARKERS[name] == "activity":
                return
            self.pos += 1
            self.apply_flag(name)

    def apply_flag(self, name: str) -> None:
        if name in UNSUPPORTED_MARKERS:
            raise self.fail(f"the marker '{name}' is not supported ({UNSUPPORTED_MARKERS[name]})")
        if name == "enzyme_width":
            if self.started:
                raise self.fail("'enzyme_width' must come before the arguments")
            self.width = self.constant_int(name)
            if self.context and self.width != context_width_of(self):
                raise self.fail(f"'enzyme_width, {self.width}' differs from the width of the "
                                f"context ({context_width_of(self)})")
            if self.width < 1:
                raise self.fail("'enzyme_width' must be at least 1")
            if self.leaf_layout():
                self.check_leaf_layout()
        elif name == "enzyme_context":
            self.apply_context()
        elif name == "enzyme_allocated":
            self.allocated = self.constant_int(name)
        elif name == "enzyme_byref":
            self.byref = self.constant_int(name)
        elif name == "enzyme_tape":
            self.tape_memory = self.raw_take("a pointer after 'enzyme_tape'")
            if not self.tape_memory.type.is_pointer:
                raise self.fail("'enzyme_tape' must be followed by a pointer")
        elif name == "enzyme_interleave":  # the first one ends the primals (``decode``)
            raise self.fail("'enzyme_interleave' appears twice")
        else:
            self.flags.add(name)

    def apply_context(self) -> None:
        """``enzyme_context, ctx``: the context's shadows of globals, and its width."""
        from enzyme_opt.abi.shadow_api import context_of
        from enzyme_opt.knowledge.global_shadows import context_width
        if self.started:
            raise self.fail("'enzyme_context' must come before the arguments")
        ctx = self.raw_take("a context after 'enzyme_context'")
        self.context = context_of(ctx, self.where)
        width = context_width(self.call.function.module, self.context)
        if self.width != 1 and self.width != width:
            raise self.fail(f"'enzyme_width, {self.width}' differs from the width of the "
                            f"context ({width})")
        self.width = width

    def raw_take(self, what: str) -> Value:
        if self.pos >= len(self.operands):
            raise self.fail(f"too few arguments: expected {what}")
        value = self.operands[self.pos]
        self.pos += 1
        return value

    def take(self, what: str) -> Value:
        self.absorb_flags()
        return self.raw_take(what)

    def take_value(self, what: str, ty: T.Type) -> tuple[Value, int | None]:
        """A value of type ``ty``, or a pointer to it after ``enzyme_byref, N``
        (then N must be its size); returns the operand and the byref size."""
        value = self.take(what)
        size, self.byref = self.byref, None
        if size is None:
            return value, None
        if not value.type.is_pointer:
            raise self.fail(f"'enzyme_byref' needs a pointer for {what}, got {value.type}")
        if size != T.alloc_size(ty):
            raise self.fail(f"'enzyme_byref, {size}' for {what}, but {ty} has "
                            f"{T.alloc_size(ty)} bytes")
        return value, size

    def constant_int(self, marker: str) -> int:
        value = self.raw_take(f"an integer after '{marker}'")
        if not isinstance(value, ConstantInt):
            raise self.fail(f"'{marker}' must be followed by a constant integer")
        return value.value

    def flag_ahead(self, name: str) -> bool:
        """Does the marker ``name`` come later in the call?"""
        return any(marker_name(v) == name for v in self.operands[self.pos:])

    def remaining_values(self) -> int:
        """How many operands are left that are not flags (with their values)."""
        pos, count = self.pos, 0
        while pos < len(self.operands):
            name = self.marker_at(pos)
            if name is None:
                count += 1
                pos += 1
            else:
                pos += 1 + (MARKERS[name] == "value")
        return count

    # -- the call ---------------------------------------------------------------------------
    def decode(self) -> CallSite:
        if has_sret_result(self.call):
            self.pos = 2  # the result comes back through the sret pointer
        if len(self.operands) < self.pos:
            raise self.fail("too few arguments: expected the function to differentiate")
        function = resolve_function(self.operands[self.pos - 1], self.where)
        mode = R.REVERSE if self.mode in R.SPLIT_MODES else self.mode
        if function.is_declaration and custom_rule(function, mode) is None:
            raise DifferentiationError(
                f"cannot differentiate @{function.name}: it is only a declaration "
                f"(its body is not in this module)", self.where)
        if self.mode == "virtualreverse":  # lowered before requests are read
            raise self.fail("__enzyme_virtualreverse asks for a table of derivative functions, "
                            "not a derivative (abi/virtual_reverse.py makes it)")
        if self.mode == R.AUGMENT_SIZE:
            return self.decode_size_query(function)
        self.absorb_flags()
        params = function.function_type.params
        bindings = self.decode_sret(function)
        cut = self.interleave_position()
        if cut is not None:  # the primals (and what follows them) end at the marker
            self.operands = self.call.args[:cut]
        bindings += [self.decode_param(function, index, param, cut is None)
                     for index, param in enumerate(params) if index >= len(bindings)]
        self.absorb_flags()
        ret = self.return_activity(function)
        site = CallSite(self.call, self.name, None, bindings, location=self.where)
        self.decode_trailing(function, ret, site)
        self.check_all_read(function)
        if cut is not None:  # then every shadow, in the order of their primals
            self.operands, self.pos = self.call.args, cut + 1
            for index, (binding, param) in enumerate(zip(bindings, params)):
                if binding.sret is None:
                    self.take_shadows(function, index, param, binding)
            self.check_all_read(function)
        in_sret = bool(bindings) and bindings[0].sret is not None
        if self.leaf_layout() and in_sret:
            raise self.fail("a result returned through an sret parameter is not supported "
                            "with -enzyme-vectorize-at-leaf-nodes")
        if self.leaf_layout() and ret == R.DUP:
            if R.leaf_shadow_type(function.return_type, self.width) is None:
                raise self.fail(f"the {function.return_type} result of @{function.name} has no "
                                f"tangent type with -enzyme-vectorize-at-leaf-nodes (a float "
                                f"or a pointer has)")
        site.request = DiffRequest(
            function, self.mode, self.width, tuple(b.activity for b in bindings), ret,
            return_primal="enzyme_primal_return" in self.flags and not in_sret,
            context=self.context, leaf_layout=self.leaf_layout())
        site.result_in_sret = in_sret and has_sret_result(self.call)
        site.flags = frozenset(self.flags)
        site.tape_memory, site.allocated = self.tape_memory, self.allocated
        self.check_tape_flags()
        return site

    def decode_sret(self, function: Function) -> list[ArgBinding]:
        """The target's ``sret`` parameter as Enzyme's ``handleArguments`` fills it: the
        caller passes no argument for it.  Its activity is that of a result (a pointer or
        float in it: duplicated; ``enzyme_const_return``/``enzyme_dup_return`` say
        otherwise).  In forward mode the call's own ``sret`` memory holds the results, as
        the C++ header's ``enzyme::tuple`` does: the primal first when asked for
        (``enzyme_primal_return``; else it goes to a new slot), then one shadow per lane.
        In reverse mode the primal goes to a new slot and the shadow (the result's
        adjoint) is the operand after the function.  Returns [] for other targets."""
        ty = sret_type(function.args[0].attrs, function.module) if function.args else None
        if ty is None:
            return []
        activity = R.DUP if T.contains_float(ty) or T.contains_pointer(ty) else R.CONST
        if self.any_flag("enzyme_const_return"):
            activity = R.CONST
        elif self.any_flag("enzyme_dup_return"):
            activity = R.DUP
        primal = self.any_flag("enzyme_primal_return")
        binding = ArgBinding(activity, None)
        if self.mode in (R.FORWARD, R.FWDSPLIT):
            if not has_sret_result(self.call):
                raise self.fail(f"@{function.name} returns its result through an sret "
                                f"pointer: the call must return it the same way (its own "
                                f"sret memory holds the primal and the shadows)")
            result = self.call.args[0]
            count = primal + (activity != R.CONST) * self.width
            have = sret_type(self.call.arg_attrs[0], function.module)
            if have is None or T.alloc_size(have) < count * T.alloc_size(ty):
                raise self.fail(f"the call's sret memory ({have}) cannot hold {count} "
                                f"results of type {ty}")
            binding.primal = result if primal else None
            binding.sret = (ty, int(primal) if activity != R.CONST else None)
            return [binding]
        if self.mode != R.REVERSE or has_sret_result(self.call) or primal:
            raise self.fail(f"@{function.name} returns its result through an sret pointer, "
                            f"which is supported in forward and combined reverse mode only "
                            f"(without enzyme_primal_return)")
        binding.sret = (ty, None)
        self.absorb_flags()
        if activity != R.CONST:
            shadow = self.take(f"the shadow of the sret result of @{function.name}")
            if not shadow.type.is_pointer:
                raise self.fail(f"the shadow of the sret result of @{function.name} must be "
                                f"a pointer, got {shadow.type}")
            binding.shadows.append(shadow)
        return [binding]

    def any_flag(self, name: str) -> bool:
        """Is the marker ``name`` anywhere in the call (Enzyme reads the return's markers
        wherever they are)?"""
        return any(marker_name(v) == name for v in self.call.args)

    def interleave_position(self) -> int | None:
        """Where ``enzyme_interleave`` is, if anywhere after the cursor.  As in Enzyme's
        ``handleArguments``, the marker splits the call: before it the primal arguments
        (with their activity markers, then the differential return and tape), after it
        the shadows of the duplicated ones, in order — the layout of Enzyme's C++ header
        ``<enzyme/enzyme>``, which passes ``enzyme_dup, x, enzyme_out, y,
        enzyme_interleave, dx``."""
        for pos in range(self.pos, len(self.operands)):
            if self.marker_at(pos) == "enzyme_interleave":
                return pos
        return None

    def check_all_read(self, function: Function) -> None:
        self.absorb_flags()
        if self.pos < len(self.operands):
            extra = self.operands[self.pos]
            raise self.fail(f"too many arguments: @{function.name} takes "
                            f"{len(function.function_type.params)} parameters, argument "
                            f"{self.pos + 1} ({extra.type}) is left over")

    def decode_trailing(self, function: Function, ret: str, site: CallSite) -> None:
        """What follows the arguments: the differential return (reverse
        modes) and the tape (``__enzyme_reverse``, unless it is in memory)."""
        tape_follows = self.mode in (R.REVERSE_SPLIT, R.FWDSPLIT) and \
            self.tape_memory is None and not self.flag_ahead("enzyme_tape")
        seed_follows = ret == R.OUT and (
            (self.mode == R.REVERSE and self.remaining_values() > 0) or
            self.mode == R.REVERSE_SPLIT)
        if tape_follows and seed_follows and self.remaining_values() < 2:
            raise self.fail("too few arguments: __enzyme_reverse takes the differential "
                            "return, then the tape")
        if seed_follows:
            site.differential_return, site.differential_return_byref = \
                self.take_seed(function.return_type)
        if tape_follows:
            site.tape = self.take("the tape")
            if not site.tape.type.is_pointer:
                raise self.fail(f"the tape must be a pointer (void*), got {site.tape.type}")

    def take_seed(self, ret: T.Type) -> tuple[Value | list[Value], bool]:
        """The differential return: a value of the result's type, or at width
        W one ``[W x T]`` (any aggregate of W values) or W separate values
        (promoted by C's variadic call: a float's is a double).  Passed by
        reference (``enzyme_byref, N``), it is all W of them: N is the size
        of ``[W x T]``."""
        lanes = shadow_type(ret, self.width)
        seed, size = self.take_value(
            "the differential return" + (f" of width {self.width} (its {self.width} seeds)"
                                         if self.width > 1 else ""), lanes)
        if size is not None:
            return seed, True
        if seed.type == lanes or (self.width > 1 and seed.type.is_aggregate
                                  and scalar_leaves(seed.type) == scalar_leaves(lanes)):
            return seed, False

        def one_value(v: Value) -> bool:  # a float seed arrives as a double through `...`
            return v.type == ret or _coercible(v.type, ret)
        if self.width == 1 and one_value(seed):
            return seed, False
        if self.width > 1 and one_value(seed):
            seeds = [seed] + [self.take(f"the differential return of lane {k + 1}")
                              for k in range(1, self.width)]
            if all(one_value(v) for v in seeds):
                return seeds, False
        raise self.fail(f"the differential return has type {seed.type}, expected {lanes}")

    def check_tape_flags(self) -> None:
        if self.mode not in (*R.SPLIT_MODES, R.FWDSPLIT) and (self.tape_memory is not None
                                               or self.allocated is not None):
            raise self.fail("'enzyme_tape' and 'enzyme_allocated' are for split mode "
                            "(__enzyme_augmentfwd / __enzyme_reverse)")
        if self.allocated is not None and self.tape_memory is None:
            raise self.fail("'enzyme_allocated' gives the size of the memory named by "
                            "'enzyme_tape', which is missing")

    def decode_size_query(self, function: Function) -> CallSite:
        """``__enzyme_augmentsize(f, markers…)``: activity markers only."""
        activities = []
        while self.pos < len(self.operands):
            name = self.marker_at(self.pos)
            if name is None:
                raise self.fail("__enzyme_augmentsize takes only markers after the function")
            self.pos += 1
            if MARKERS[name] == "activity":
                activities.append(ACTIVITY_OF_MARKER[name])
            else:
                self.apply_flag(name)
        site = CallSite(self.call, self.name, None, [], location=self.where)
        site.request = DiffRequest(function, self.mode, self.width, tuple(activities), "none")
        return site

    def decode_param(self, function: Function, index: int, param: T.Type,
                     with_shadows: bool = True) -> ArgBinding:
        marker = None
        while True:
            if self.pos >= len(self.operands):
                raise self.fail(f"too few arguments: @{function.name} takes "
                                f"{len(function.function_type.params)} parameters, "
                                f"parameter {index + 1} ({param}) has no argument")
            name = self.marker_at(self.pos)
            if name is None:
                break
            self.pos += 1
            if MARKERS[name] == "activity":
                marker = name
                break
            self.apply_flag(name)
        self.started = True
        if marker is not None:
            activity = ACTIVITY_OF_MARKER[marker]
        elif with_shadows or self.mode == R.BATCH:
            activity = self.default_activity(param)
        else:  # before 'enzyme_interleave' an unmarked argument is as the one before it
            activity = self.last_activity
        self.last_activity = activity
        if (activity == R.VECTOR) != (self.mode == R.BATCH) and activity != R.CONST:
            raise self.fail(f"'{marker}' is for __enzyme_batch" if activity == R.VECTOR else
                            f"__enzyme_batch takes 'enzyme_vector' or 'enzyme_scalar', "
                            f"not '{marker}'")
        if activity == R.VECTOR:  # one value per lane
            values = [self.take(f"lane {lane + 1} of parameter {index + 1} of @{function.name}")
                      for lane in range(self.width)]
            what = f"parameter {index + 1} of @{function.name}"
            values = [self.check_type(v, param, what) for v in values]
            return ArgBinding(activity, values[0], shadows=values, marker=marker)
        stride = self.take_stride(marker) if marker in ("enzyme_dupv", "enzyme_dupnoneedv") else None
        what = f"parameter {index + 1} of @{function.name}"
        primal, byref = self.take_value(f"the value of {what}", param)
        if byref is None:
            primal = self.check_type(primal, param, what)
        binding = ArgBinding(activity, primal, marker=marker, stride=stride, byref=byref is not None)
        if activity == R.OUT and self.mode in (R.FORWARD, R.FWDSPLIT):
            raise self.fail("'enzyme_out' is for reverse mode; forward mode uses 'enzyme_dup'")
        if activity == R.OUT and not _active_by_value(param):
            raise self.fail(f"'enzyme_out' needs a floating-point parameter, "
                            f"parameter {index + 1} of @{function.name} is {param}")
        if with_shadows:
            self.take_shadows(function, index, param, binding)
        return binding

    def leaf_layout(self) -> bool:
        """``-enzyme-vectorize-at-leaf-nodes`` at a width above 1: one shadow per
        argument, holding every lane (``ad/modes/forward_leaf.py``)."""
        return self.width > 1 and self.call.function.module.vectorize_at_leaf_nodes

    def check_leaf_layout(self) -> None:
        if self.mode != R.FORWARD:
            raise self.fail(f"{R.LEAF_OPTION} with enzyme_width {self.width} is supported in "
                            f"forward mode (__enzyme_fwddiff) only, not in {self.name}")
        if self.context:
            raise self.fail(f"{R.LEAF_OPTION} with an enzyme_context is not supported")
        problem = R.leaf_width_problem(self.width)
        if problem:
            raise self.fail(problem)

    def take_leaf_shadow(self, function: Function, index: int, param: T.Type,
                         binding: ArgBinding) -> None:
        """The one shadow of a duplicated argument: a pointer, or ``<W x T>`` for a float."""
        what = f"the shadow of parameter {index + 1} of @{function.name}"
        expected = R.leaf_shadow_type(param, self.width)
        if expected is None or binding.stride is not None or binding.byref:
            how = "enzyme_dupv" if binding.stride is not None else \
                "enzyme_byref" if binding.byref else f"a {param} parameter"
            raise self.fail(f"{what}: {how} is not supported with {R.LEAF_OPTION} (one shadow "
                            f"holding every lane is a pointer or a <{self.width} x float>)")
        shadow = self.take(what)
        if shadow.type != expected and not _coercible(shadow.type, expected):
            raise self.fail(f"{what} has type {shadow.type}, but with {R.LEAF_OPTION} at "
                            f"enzyme_width {self.width} it is one {expected} holding every lane")
        binding.shadows.append(shadow)

    def take_shadows(self, function: Function, index: int, param: T.Type,
                     binding: ArgBinding) -> None:
        if binding.activity not in (R.DUP, R.DUPNONEED):
            return
        if binding.marker is None and self.points_to_integers_only(function, index):
            binding.activity = R.CONST  # as Enzyme's type analysis makes it
            return
        if self.leaf_layout():
            return self.take_leaf_shadow(function, index, param, binding)
        lanes = 1 if binding.stride is not None else self.width
        for lane in range(lanes):
            shadow = self.take(f"the shadow of parameter {index + 1} of @{function.name}"
                               + (f" (lane {lane + 1} of {self.width})" if self.width > 1 else ""))
            expected = param if binding.stride is None else T.ptr
            if shadow.type != expected and not _coercible(shadow.type, expected):
                leaf = (f" (with enzyme_width {self.width} each duplicated argument takes "
                        f"{self.width} shadows; one shadow holding every lane is Enzyme's "
                        f"-enzyme-vectorize-at-leaf-nodes layout, which needs that option)"
                        if lanes > 1 and lane > 0 else "")
                raise self.fail(f"the shadow of parameter {index + 1} of @{function.name} has "
                                f"type {shadow.type}, but its primal has type {param}{leaf}")
            binding.shadows.append(shadow)

    def points_to_integers_only(self, function: Function, index: int) -> bool:
        """Is the unmarked pointer ``index`` constant, as Enzyme takes it: its
        memory is never accessed as floats or pointers (an ``int *len``), and
        the next argument could not be its shadow (not a pointer), so treating
        it as duplicated would be an error anyway (Enzyme's omp3.c)."""
        if not function.args[index].type.is_pointer or self.pos >= len(self.operands) or \
                self.marker_at(self.pos) is not None or \
                self.operands[self.pos].type.is_pointer or function.is_declaration:
            return False
        held = object_scalar_types(function, function.args[index])
        return not any(t.is_float or T.contains_pointer(t) for t in held)

    def take_stride(self, marker: str) -> Value:
        return self.take(f"the stride after '{marker}'")

    def default_activity(self, param: T.Type) -> str:
        if self.mode == R.BATCH:
            return R.VECTOR
        if _active_by_value(param):  # a float, or a struct or array of them (as Enzyme)
            return R.OUT if self.mode in R.REVERSE_MODES else R.DUP
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
        if self.mode == R.BATCH:
            return R.VECTOR
        if "enzyme_const_return" in self.flags:
            return R.CONST
        if "enzyme_dup_return" in self.flags:
            if self.mode in R.REVERSE_MODES and not ret.is_pointer:
                raise self.fail("'enzyme_dup_return' in reverse mode needs a pointer result")
            return R.DUP
        if "enzyme_active_return" in self.flags and not T.contains_float(ret):
            raise self.fail(f"'enzyme_active_return' needs a floating-point result, "
                            f"@{function.name} returns {ret}")
        if T.contains_float(ret):
            return R.OUT if self.mode in R.REVERSE_MODES else R.DUP
        if ret.is_pointer and self.mode in (R.FORWARD, R.FWDSPLIT, *R.SPLIT_MODES):
            return R.DUP
        return R.CONST


def _active_by_value(param: T.Type) -> bool:
    """Can a value of this type be ``enzyme_out``: a float or a vector of them, or a
    struct or array holding floats (and integers, which stay constant) but no pointer?"""
    return param.scalar.is_float or (param.is_aggregate and T.contains_float(param)
                                     and not T.contains_pointer(param))


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

"""Everything a program tells Enzyme about its functions and globals, read
once before differentiating and turned into the IR attributes and metadata
``knowledge/declared.py`` reads (as Enzyme's preserve-nvvm pass does):

- registration globals, found by containment in their names
  (``void* __enzyme_register_gradient_f[] = {f, aug_f, grad_f};``), which
  are then erased from the module;
- string annotations in ``llvm.global.annotations``
  (``__attribute__((annotate("enzyme_inactive")))``);
- attributes and metadata already in the IR (``"enzyme_inactive"``,
  ``!enzyme_augment`` …), which are checked.

Nothing named for Enzyme is ignored: a global, function, attribute,
annotation or metadata kind whose name says it is for Enzyme and that
enzyme-opt does not implement is an error, never a silent pass-through.
The table of what is honoured is docs/abi.md's.
"""

from __future__ import annotations

from enzyme_opt.abi.entries import CHECKPOINT_MARKERS, MARKERS, entry_point
from enzyme_opt.abi.iteration_count import ITERATION_COUNT
from enzyme_opt.demangle import function_phrase
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantAggregate, ConstantExpr, ConstantInt, ConstantString, Value
from enzyme_opt.knowledge.declared import CUSTOM_RULE_KINDS, FREES_ATTRIBUTE, inactive_reason
from enzyme_opt.knowledge.math_names import MATH_NAMES

#: metadata kinds honoured on functions and on globals (our own ``enzyme_opt.``
#: namespace aside)
FUNCTION_METADATA = CUSTOM_RULE_KINDS | {"enzyme_deallocator_fn"}
GLOBAL_METADATA = frozenset({"enzyme_shadow", "enzyme_inactive"})
#: function attributes honoured (``enzyme_ta_norecur``, "type analysis: do not look
#: inside", is accepted: ours always looks)
FUNCTION_ATTRIBUTES = frozenset({"enzyme_inactive", "enzyme_math", "enzyme_allocator",
                                 "enzyme_deallocator", "enzyme_ta_norecur"})
#: ``llvm.global.annotations`` strings honoured: ours (``annotate("enzyme_inactive")``,
#: what ``enzyme-opt --clang-flags`` turns the plugin's attributes into) and the ones
#: Enzyme's clang plugin writes.  ``enzyme_function_like=`` has a value,
#: ``enzyme_shadow`` an argument (the shadow global).
INACTIVE_ANNOTATIONS = frozenset({"enzyme_inactive", "enzyme_inactivefn",
                                  "enzyme_inactivenoblockfn"})
#: hints that change no derivative: accepted on anything
HINT_ANNOTATIONS = frozenset({"enzyme_nofree", "enzyme_shouldrecompute", "enzyme_ta_norecur"})
ANNOTATIONS = INACTIVE_ANNOTATIONS | HINT_ANNOTATIONS | {"enzyme_function_like",
                                                         "enzyme_shadow"}
#: marker globals: the entry points' and __enzyme_checkpoint_for's (ad/modes/checkpoint.py)
KNOWN_MARKERS = frozenset(MARKERS) | CHECKPOINT_MARKERS


class Registrations:
    """One method per registration global, named by the string its name
    contains; ``apply`` dispatches on the longest that matches."""

    def __init__(self, module: Module, filename: str):
        self.module = module
        self.filename = filename

    def fail(self, g: GlobalVariable, message: str) -> DifferentiationError:
        return DifferentiationError(f"@{g.name}: {message}", self.filename)

    def functions(self, g: GlobalVariable, count: int, what: str) -> list[Function]:
        items = registered_values(g)
        if len(items) < count or not all(isinstance(f, Function) for f in items[:count]):
            raise self.fail(g, f"must hold {what}")
        if len(items) > count:
            extra = string_constant(items[count]) or items[count].ref()
            raise self.fail(g, f"the extra entry {extra!r} is not supported")
        return items

    def attach(self, fn: Function, kind: str, target: Function) -> None:
        fn.add_metadata(kind, self.module.add_metadata_node(f"!{{ptr {target.ref()}}}"))

    # -- the registrations --------------------------------------------------------------
    def register_gradient(self, g: GlobalVariable) -> None:
        fn, augment, gradient = self.functions(
            g, 3, "{function, augmented forward pass, gradient}")
        self.attach(fn, "enzyme_augment", augment)
        self.attach(fn, "enzyme_gradient", gradient)

    def register_derivative(self, g: GlobalVariable) -> None:
        fn, derivative = self.functions(g, 2, "{function, forward derivative}")
        self.attach(fn, "enzyme_derivative", derivative)

    def register_splitderivative(self, g: GlobalVariable) -> None:
        fn, augment, split = self.functions(
            g, 3, "{function, augmented forward pass, split forward derivative}")
        self.attach(fn, "enzyme_augment", augment)
        self.attach(fn, "enzyme_splitderivative", split)

    def inactivefn(self, g: GlobalVariable) -> None:
        items = registered_values(g)
        if not items or not all(isinstance(f, Function) for f in items):
            raise self.fail(g, "must hold functions")
        for fn in items:  # every entry (Enzyme itself reads only the first)
            if inactive_reason(fn) is None:
                fn.add_string_attribute("enzyme_inactive", f"@{g.name}")

    def inactive_global(self, g: GlobalVariable) -> None:
        items = registered_values(g)
        if not items or not all(isinstance(v, GlobalVariable) for v in items):
            raise self.fail(g, "must hold the addresses of global variables")
        for v in items:
            mark_inactive_global(self.module, v)

    def function_like(self, g: GlobalVariable) -> None:
        items = registered_values(g)
        name = string_constant(items[1]) if len(items) == 2 else None
        if len(items) != 2 or not isinstance(items[0], Function) or not name:
            raise self.fail(g, "must hold {function, \"math function name\"}")
        make_function_like(items[0], name, f"@{g.name}")

    def allocation_like(self, g: GlobalVariable) -> None:
        items = registered_values(g)
        what = '{allocator, size argument index, "deallocator argument indices", deallocator}'
        if len(items) != 4 or not isinstance(items[0], Function) or \
                not isinstance(items[3], Function):
            raise self.fail(g, f"must hold {what}")
        allocator, size, indices, free = items
        size_index = _integer(size)
        index_text = string_constant(indices)
        if size_index is None or not index_text or not _valid_indices(index_text):
            raise self.fail(g, f"must hold {what}")
        if size_index >= len(allocator.args) or not allocator.args[size_index].type.is_int:
            raise self.fail(g, f"argument {size_index} of @{allocator.name} is not an integer size")
        if allocator.return_type != T.ptr:
            raise self.fail(g, f"@{allocator.name} does not return a pointer")
        indices = [int(i) for i in index_text.split(",")]
        if -1 not in indices or len(indices) != len(free.args) or \
                any(i >= len(allocator.args) for i in indices):
            raise self.fail(g, f"the deallocator indices {index_text!r} do not fit "
                               f"@{free.name} ({len(free.args)} arguments; -1 is the memory)")
        allocator.add_string_attribute("enzyme_allocator", str(size_index))
        allocator.add_string_attribute("enzyme_deallocator", index_text)
        self.attach(allocator, "enzyme_deallocator_fn", free)
        free.add_string_attribute(FREES_ATTRIBUTE, str(indices.index(-1)))

    def nofree(self, g: GlobalVariable) -> None:
        """Accepted: "does not free memory" lets Enzyme cache less; enzyme-opt
        never relies on it, so it changes nothing."""


#: name fragment → handler, longest first so no fragment shadows another
REGISTRATIONS = (
    ("__enzyme_register_splitderivative", Registrations.register_splitderivative),
    ("__enzyme_register_derivative", Registrations.register_derivative),
    ("__enzyme_register_gradient", Registrations.register_gradient),
    ("__enzyme_allocation_like", Registrations.allocation_like),
    ("__enzyme_inactive_global", Registrations.inactive_global),
    ("__enzyme_function_like", Registrations.function_like),
    ("__enzyme_inactivefn", Registrations.inactivefn),
    ("__enzyme_nofree", Registrations.nofree),
)


def apply_annotations(module: Module, filename: str) -> None:
    """Read every registration and annotation into IR form, erase the
    registration globals, and refuse what is named for Enzyme but not
    implemented."""
    registrations = Registrations(module, filename)
    for g in list(module.globals):
        if "__enzyme_" not in g.name or _made_from_runtime_helper(g.name):
            continue
        handler = next((h for fragment, h in REGISTRATIONS if fragment in g.name), None)
        if handler is None:
            raise DifferentiationError(f"@{g.name} is named for Enzyme, but enzyme-opt does not "
                                       f"know what it registers", filename)
        if g.initializer is None:
            raise registrations.fail(g, "is declared but not defined")
        handler(registrations, g)
        _erase_global(module, g)
    _read_global_annotations(module, filename)
    _honour_loop_hints(module, filename)
    _drop_hints(module, filename)
    _check_names(module, filename)


#: Enzyme's type hints, ``__enzyme_double(&x)``: "this memory holds doubles".  Enzyme's
#: pass erases the calls (they have no definition); our type analysis reads the
#: memory's own loads and stores instead, and refuses what they leave unknown.
TYPE_HINTS = ("__enzyme_double", "__enzyme_float", "__enzyme_integer", "__enzyme_pointer")
#: Every hint whose calls are erased: the type hints, and
#: ``__enzyme_ptr_size_hint(p, bytes, 0)`` (<enzyme/checkpoint.h>: how many bytes a
#: checkpointed loop's pointer argument reaches).  enzyme-opt's checkpointing learns a
#: region's extent from ``enzyme_checkpoint_region`` markers instead, so the size is not
#: needed; a hint changes no value, so erasing it changes no derivative.
HINTS = (*TYPE_HINTS, "__enzyme_ptr_size_hint")
#: Functions that Enzyme's own headers define or declare for the program's run time, not
#: requests for a derivative: ``<enzyme/checkpoint.h>``'s scheme table
#: ``__enzyme_checkpoint_builtin`` and its schedule API ``__enzyme_ckpt_schedule_*``
#: (defined there as weak functions under ENZYME_CHECKPOINT_RUNTIME).  They stay in the
#: module as the program wrote them and are differentiated like any function if a
#: derivative calls them (they move no floats: integers and a scheme's state).
RUNTIME_HELPERS = ("__enzyme_checkpoint_builtin", "__enzyme_ckpt_schedule_")
#: What LLVM names the globals it makes of a function's code: the table a switch of
#: constant results becomes (``@switch.table.__enzyme_checkpoint_builtin.rel`` at -O1 and
#: above, of the header's scheme selector)
LLVM_MADE_PREFIXES = ("switch.table.",)


def _made_from_runtime_helper(name: str) -> bool:
    """Is this global one LLVM made of a runtime helper's code, not a registration?"""
    return any(name.startswith(prefix) and name[len(prefix):].startswith(RUNTIME_HELPERS)
               for prefix in LLVM_MADE_PREFIXES)


def _drop_hints(module: Module, filename: str) -> None:
    for fn in [f for f in module.functions if f.name.startswith(HINTS)]:
        if not fn.is_declaration:
            continue
        module.parse_bodies_mentioning(fn.name)
        for use in list(fn.uses):
            call = use.user
            if not isinstance(call, I.CallInst) or call.callee is not fn or call.has_uses():
                raise DifferentiationError(f"@{fn.name} (an Enzyme hint) is used other "
                                           f"than called", filename)
            Builder().before(call).continue_past(call)
            call.erase()
        module.remove(fn)


def mark_inactive_global(module: Module, g: GlobalVariable) -> None:
    if g.metadata_text("enzyme_inactive") is None:
        g.suffix += f", !enzyme_inactive {module.add_metadata_node('!{}')}"


def make_function_like(fn: Function, name: str, source: str) -> None:
    """``fn`` is differentiated as the math function ``name``: it must have
    a rule and take and return floats of one type."""
    single = name.endswith("f") and name[:-1] in MATH_NAMES and name not in MATH_NAMES
    base = name[:-1] if single else name
    params = fn.function_type.params
    ok = base in MATH_NAMES and params and all(p == fn.return_type for p in params) \
        and fn.return_type.scalar.is_float
    if not ok:
        raise DifferentiationError(f"{source}: cannot differentiate @{fn.name} like {name!r} "
                                   f"(no such math function with its signature)")
    fn.add_string_attribute("enzyme_math", base)


def _read_global_annotations(module: Module, filename: str) -> None:
    """``__attribute__((annotate("enzyme_…")))`` entries of ``llvm.global.annotations``."""
    table = module.get("llvm.global.annotations")
    if not isinstance(table, GlobalVariable) or table.initializer is None:
        return
    for entry in table.initializer.operands:
        if not isinstance(entry, ConstantAggregate) or len(entry.operands) < 2:
            continue
        text = string_constant(entry.operand(1))
        if not text or not text.startswith("enzyme_"):
            continue
        key, _, value = text.partition("=")
        target = strip_casts(entry.operand(0))
        where = f'annotate("{text}")'
        if key not in ANNOTATIONS:
            raise DifferentiationError(f"the annotation {where} is not supported by enzyme-opt",
                                       filename)
        if key in INACTIVE_ANNOTATIONS and isinstance(target, Function):
            if inactive_reason(target) is None:
                target.add_string_attribute("enzyme_inactive", where)
        elif key in INACTIVE_ANNOTATIONS and isinstance(target, GlobalVariable):
            mark_inactive_global(module, target)
        elif key == "enzyme_function_like" and isinstance(target, Function) and value:
            make_function_like(target, value, where)
        elif key == "enzyme_shadow" and isinstance(target, GlobalVariable):
            _attach_shadow(module, target, _annotation_arguments(entry), where, filename)
        elif key not in HINT_ANNOTATIONS:
            raise DifferentiationError(f"{where} cannot apply to @{target.name}", filename)


def _annotation_arguments(entry: ConstantAggregate) -> list[Value]:
    """The constant arguments of ``annotate("…", args…)``: the fifth field of the entry
    points to a constant struct holding them (null without arguments)."""
    args = strip_casts(entry.operand(4)) if len(entry.operands) > 4 else None
    if isinstance(args, GlobalVariable) and isinstance(args.initializer, ConstantAggregate):
        return [strip_casts(v) for v in args.initializer.operands]
    return []


def _attach_shadow(module: Module, g: GlobalVariable, args: list[Value], where: str,
                   filename: str) -> None:
    """``enzyme_shadow(g_shadow)`` on ``g``: ``!enzyme_shadow !{ptr @g_shadow}``, the IR
    form of a global's shadow (Enzyme's)."""
    if len(args) != 1 or not isinstance(args[0], GlobalVariable) or \
            args[0].value_type != g.value_type:
        raise DifferentiationError(f"{where} on @{g.name} must name one global of the same "
                                   f"type as its shadow", filename)
    if g.metadata_text("enzyme_shadow") is None:
        ref = module.add_metadata_node(f"!{{ptr {args[0].ref()}}}")
        g.suffix += f", !enzyme_shadow {ref}"


#: ``__enzyme_set_checkpointing(schedule, budget)`` schedules (Enzyme's
#: enzyme/checkpoint_schedule.h); enzyme-opt implements "store all": every
#: step of a loop keeps what restarting it needs (one state vector a step
#: for a time-stepping loop), nothing is recomputed from checkpoints.
CHECKPOINT_SCHEDULES = {1: "periodic", 2: "revolve", 3: "store_all", 4: "binomial"}
STORE_ALL = 3


def _honour_loop_hints(module: Module, filename: str) -> None:
    """``__enzyme_set_checkpointing(schedule, budget)`` at the top of a loop
    body: "store all" is what enzyme-opt does, so those calls are removed;
    a schedule that recomputes from checkpoints is refused."""
    hint = next((fn for fn in module.functions if "__enzyme_set_checkpointing" in fn.name), None)
    if hint is None:
        return
    for use in list(hint.uses):
        call = use.user
        if not isinstance(call, I.CallInst) or call.callee is not hint:
            raise DifferentiationError(f"@{hint.name} is used other than called", filename)
        schedule = call.args[0] if call.args else None
        if not isinstance(schedule, ConstantInt):
            raise DifferentiationError("the schedule of __enzyme_set_checkpointing must be a "
                                       "constant", _where(call))
        if schedule.value != STORE_ALL:
            name = CHECKPOINT_SCHEDULES.get(schedule.value, f"number {schedule.value}")
            raise DifferentiationError(
                f"the checkpointing schedule '{name}' is not supported here: enzyme-opt keeps what "
                f"every step of a loop needs (schedule 'store_all', {STORE_ALL}); to recompute "
                f"steps from checkpoints, write the loop as __enzyme_checkpoint_for with a scheme",
                _where(call))
        Builder().before(call).continue_past(call)
        call.erase()
    if not hint.has_uses() and hint.is_declaration:
        module.remove(hint)


def _where(inst) -> str:
    from enzyme_opt.ir.debuginfo import source_location
    fn = inst.function
    loc = source_location(fn.module, inst.get_metadata("dbg"))
    return f"{loc}, in {function_phrase(fn.name)}" if loc else f"in function @{fn.name}"


def _check_names(module: Module, filename: str) -> None:
    """Refuse every Enzyme-named thing left that enzyme-opt does not implement."""
    def refuse(what: str) -> DifferentiationError:
        return DifferentiationError(f"{what} is named for Enzyme but not supported by enzyme-opt",
                                    filename)

    for g in module.globals:
        # One used as a marker is reported where it is used, with its line
        # (abi/callsites.py); ``check_leftover_markers`` catches the rest.
        if _enzyme_kind(g.name) and g.name not in KNOWN_MARKERS and not g.has_uses():
            raise refuse(f"the global @{g.name} (not an Enzyme marker)")
        for kind in _global_metadata_kinds(g):
            if _enzyme_kind(kind) and kind not in GLOBAL_METADATA:
                raise refuse(f"the metadata !{kind} on @{g.name}")
        if g.metadata_text("enzyme_shadow") and g.metadata_text("enzyme_inactive"):
            raise DifferentiationError(f"@{g.name} has a shadow (!enzyme_shadow) and is marked "
                                       f"inactive: it cannot be both", filename)
    for fn in module.functions:
        if "__enzyme_" in fn.name and entry_point(fn.name) is None and \
                not fn.name.startswith(RUNTIME_HELPERS) and fn.name != ITERATION_COUNT:
            raise refuse(f"the function @{fn.name}")
        for kind in fn.metadata_kinds():
            if _enzyme_kind(kind) and kind not in FUNCTION_METADATA:
                raise refuse(f"the metadata !{kind} on @{fn.name}")
        for key in fn.string_attributes():
            if _enzyme_kind(key) and key not in FUNCTION_ATTRIBUTES:
                raise refuse(f'the attribute "{key}" of @{fn.name}')
        if fn.unparsed_body is not None and "!enzyme_" not in fn.unparsed_body.text:
            continue  # no attachment named for Enzyme
        for inst in fn.instructions():
            for kind, _ in inst.metadata:
                if _enzyme_kind(kind):
                    raise refuse(f"the metadata !{kind} on an instruction of @{fn.name}")


def check_leftover_markers(module: Module, filename: str) -> None:
    """After lowering: a global named like a marker that is not one, still
    used by the program, is not ignored."""
    for g in module.globals:
        if _enzyme_kind(g.name) and g.name not in KNOWN_MARKERS and \
                not _static_local(g):
            raise DifferentiationError(f"the global @{g.name} is named like an Enzyme marker, "
                                       f"but there is no such marker", filename)


def _static_local(g: GlobalVariable) -> bool:
    """Is ``g`` a static local variable, which clang names ``<function>.<variable>``
    with internal linkage (``@enzyme_ckpt_schedule_from_name.names`` of
    <enzyme/checkpoint.h>, left when -O1 inlined its function)?  A marker is an external
    ``int``."""
    return "." in g.name and g.linkage in ("internal", "private")


def _enzyme_kind(name: str) -> bool:
    return name.startswith("enzyme_") and not name.startswith("enzyme_opt.")


def _global_metadata_kinds(g: GlobalVariable) -> list[str]:
    import re
    return re.findall(r"!([A-Za-z_.][\w.]*) ![\w.]+", g.suffix)


# -- reading constants ----------------------------------------------------------------
def strip_casts(value: Value) -> Value:
    while isinstance(value, ConstantExpr) and value.opcode in ("bitcast", "addrspacecast",
                                                                "getelementptr"):
        value = value.operand(0)
    return value


def registered_values(g: GlobalVariable) -> list[Value]:
    """The entries of a registration global's initializer, casts stripped."""
    init = g.initializer
    if isinstance(init, ConstantAggregate):
        return [strip_casts(v) for v in init.operands]
    return [strip_casts(init)] if init is not None else []


def string_constant(value: Value) -> str | None:
    """The C string a constant global holds (``"log1p"``), else None."""
    value = strip_casts(value)
    if isinstance(value, GlobalVariable) and isinstance(value.initializer, ConstantString):
        return value.initializer.data.split(b"\0")[0].decode("utf-8", "replace")
    return None


def _integer(value: Value) -> int | None:
    """An integer stored in a pointer slot: ``(void*)1`` is ``inttoptr (i64 1 to ptr)``."""
    if isinstance(value, ConstantExpr) and value.opcode == "inttoptr":
        value = value.operand(0)
    if isinstance(value, ConstantInt):
        return value.value
    if getattr(value, "keyword", None) == "null":
        return 0
    return None


def _valid_indices(text: str) -> bool:
    try:
        return all(int(i) >= -1 for i in text.split(","))
    except ValueError:
        return False


def _erase_global(module: Module, g: GlobalVariable) -> None:
    """Remove ``g``, and its entry in ``llvm.used``/``llvm.compiler.used``
    (C++ ``__attribute__((used))``)."""
    for name in ("llvm.used", "llvm.compiler.used"):
        used = module.get(name)
        if not isinstance(used, GlobalVariable) or used.initializer is None:
            continue
        kept = [v for v in used.initializer.operands if strip_casts(v) is not g]
        if len(kept) == len(used.initializer.operands):
            continue
        used.initializer.drop_operands()  # the old list no longer uses g
        if kept:
            ty = T.ArrayType(len(kept), T.ptr)
            used.value_type = ty
            used.set_operand(0, ConstantAggregate(ty, kept))
        else:
            module.remove(used)
    for use in list(g.uses):
        raise DifferentiationError(f"@{g.name} is registration data for Enzyme, but the "
                                   f"program also uses it", module.name or "")
    module.remove(g)

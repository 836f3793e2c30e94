"""Lower every ``__enzyme_*`` call of a module, innermost requests first.

Each round: pick the call sites whose target reaches no other Enzyme call
(nested requests such as forward-over-reverse wait for a later round),
clone their targets and callees into ``preprocess_<f>`` and let LLVM
simplify the clones (SROA, instcombine, simplifycfg, loop-simplify, LCSSA),
then generate each requested derivative once (memoized by request) and
rewrite the calls.
"""

from __future__ import annotations

from enzyme_opt import llvm
from enzyme_opt.abi import request as R
from enzyme_opt.abi.annotations import apply_annotations, check_leftover_markers
from enzyme_opt.abi.callsites import decode_call, has_sret_result
from enzyme_opt.abi.chosen_functions import split_calls_of_chosen_functions
from enzyme_opt.abi.entries import (CHECKPOINT_MARKERS, MARKERS, EnzymeCalls, entry_mode,
                                    marker_name, resolve_function)
from enzyme_opt.abi.global_shadows import give_active_globals_shadows, mirror_primal_stores
from enzyme_opt.abi.iteration_count import deepen_iteration_counts, settle_iteration_counts
from enzyme_opt.abi.preserve import warn_lost_annotations
from enzyme_opt.abi.shadow_api import finish_contexts, lower_shadow_api
from enzyme_opt.abi.shadow_tables import give_tables_shadows
from enzyme_opt.abi.virtual_reverse import (lower_virtual_reverse, table_function_of,
                                            trap_table_function)
from enzyme_opt.ad.lower import lower_call_site
from enzyme_opt.ad.modes.checkpoint import (CheckpointGenerator, is_checkpoint_loop,
                                            lower_checkpoint_calls)
from enzyme_opt.ad.modes.checkpoint_tangent import is_driver
from enzyme_opt.ad.modes.fixed_point import (FixedPointForward, FixedPointGenerator,
                                             is_fixed_point_loop, lower_fixed_point_calls)
from enzyme_opt.ad.modes.fixed_point_marked import outline_marked_loops
from enzyme_opt.ad.parallel import openmp_prepare
from enzyme_opt.ad.parallel.shuffles import join_double_shuffles
from enzyme_opt.ad.prepare.allocators import call_held_allocators
from enzyme_opt.ad.prepare.constexprs import expand_global_addresses
from enzyme_opt.ad.prepare.expand import expand_runtime_helpers
from enzyme_opt.ad.prepare.invokes import lower_invokes, trap_throw_paths
from enzyme_opt.ad.prepare.retype import float_parameters, retype_float_moves
from enzyme_opt.ad.prepare.scalarize import scalarize_packed_vectors
from enzyme_opt.ad.prepare.specialize import specialize_function_pointer_arguments
from enzyme_opt.ad.sine_cosine import has_sincos, merge_sine_cosine
from enzyme_opt.ad.sweeps.openmp.forks import lower_regions
from enzyme_opt.ad.sweeps.tape import elide_unused_tape
from enzyme_opt.ad.utils import new_internal_function
from enzyme_opt.analysis.memory import direct_callees, reachable_functions, written_objects
from enzyme_opt.analysis.pointees import PointeeTypes
from enzyme_opt.demangle import PREPROCESS_PREFIX, function_phrase, user_name
from enzyme_opt.diagnostics import DifferentiationError, warn
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.clone import clone_function_body
from enzyme_opt.ir.debuginfo import LOCATION_KIND, carried_location, location_node, source_location
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.subset import merge_subset, print_subset
from enzyme_opt.ir.text.parser import unparsed_body
from enzyme_opt.knowledge.expanded import needs_expansion
from enzyme_opt.knowledge.modes import FIXED_POINT_PAIR

MAX_ROUNDS = 16


def describe(inst: I.Instruction, module: Module | None, function: bool = True) -> str:
    """Where an instruction is, for a diagnostic: ``file.c:12, in function @f``
    from its ``!dbg`` (a C++ function spelled out; without it if not ``function``),
    else ``in function @f, block %b``."""
    loc = (source_location(module, inst.get_metadata("dbg"))
           or carried_location(module, inst.get_metadata(LOCATION_KIND)))
    fn = inst.function
    if fn is None:
        return loc or "<generated code>"
    derived = module.derived_from if module is not None else {}
    name = user_name(derived.get(fn.name, fn.name))
    generated = None
    while name in derived and name != generated:
        # Code made from a derivative enzyme-opt generated (diffef, differentiated again):
        # the user never wrote its blocks; name their function and where they ask for it.
        generated, name = name, user_name(derived[name])
    if loc:
        return f"{loc}, in {function_phrase(name)}" if function else loc
    if generated is not None:
        return _generated_code_site(module, generated, name) or f"in the derivative of @{name}"
    return f"in function @{name}, block {inst.parent.ref()}"


def _generated_code_site(module: Module, generated: str, of: str) -> str | None:
    """Where the user's code calls the derivative ``generated`` of ``of`` (its ``!dbg``)."""
    fn = module.get_function(generated)
    for call in (fn.users if fn is not None else ()):
        if not isinstance(call, I.CallInst) or call.function is None:
            continue
        loc = (source_location(module, call.get_metadata("dbg"))
               or carried_location(module, call.get_metadata(LOCATION_KIND)))
        if loc:
            return (f"{loc}, in {function_phrase(user_name(call.function.name))} "
                    f"(the derivative of @{of} it calls)")
    return None


def lower_module(module: Module, filename: str, reuse: bool = True,
                 calls: EnzymeCalls | None = None,
                 runtime_activity: bool = False) -> Module | None:
    """The module with every Enzyme call lowered, or None if it had none
    (and no registrations or annotations for Enzyme either).  ``reuse=False``
    is the conservative reverse sweep (``Context.reuse``); ``calls``, the module's
    Enzyme calls when the caller already read them; ``runtime_activity``, the
    run-time checks for constant data reached through shadow memory
    (``ad/runtime_activity.py``)."""
    calls = calls if calls is not None else EnzymeCalls(module)
    if not _mentions_enzyme(module, calls):
        return None
    lower_checkpoint_calls(module, calls, lambda inst: describe(inst, module))
    outline_marked_loops(module, lambda inst: describe(inst, module))
    lower_fixed_point_calls(module, calls, lambda inst: describe(inst, module))
    lower_virtual_reverse(module, calls, lambda inst: describe(inst, module))
    lower_shadow_api(module, lambda inst: describe(inst, module))
    apply_annotations(module, filename)
    warn_lost_annotations(module, filename)
    give_active_globals_shadows(module)
    give_tables_shadows(module)
    split_calls_of_chosen_functions(calls)
    for _ in range(MAX_ROUNDS):  # innermost calls first: a round lowers the ready ones
        if not calls:
            mirror_primal_stores(module, lambda inst: describe(inst, module))
            finish_contexts(module)
            settle_iteration_counts(module)
            _clean_markers(module)
            check_leftover_markers(module, filename)
            _retire_preprocess_copies(module)
            return module
        ready = [c for c in calls if _is_ready(c, module)]
        if not ready:
            raise DifferentiationError("Enzyme calls form a cycle (a function differentiates "
                                       "itself through nested Enzyme calls)",
                                       describe(calls.calls[0], module))
        again = _differentiated_again(ready, calls, module)
        module = _preprocess(module, ready, filename, reuse)
        context = Context(module, filename, reuse, again, runtime_activity)
        for call in ready:
            owner = table_function_of(call.function)
            if owner is None:
                site = decode_call(call, describe(call, module))
                site.request = context.rebind(site.request)
                lower_call_site(context, site)
            else:
                _lower_table_call(context, call, owner)
            calls.lowered(call)
        context.finish()
        lower_regions(module)
        give_active_globals_shadows(module)   # what this round's derivatives store into
    raise DifferentiationError("too many nesting levels of Enzyme calls", filename)


def _lower_table_call(context: "Context", call: I.CallInst, owner: str) -> None:
    """A call in a function of a table of derivatives made for a function the differentiated
    code names (``abi/virtual_reverse.py``), not one the program asked for: when its
    derivative cannot be made, the table's function stops the program with the reason
    instead (a warning says so now), since a call through that table with active arguments
    may never happen.  What this call's lowering had made is removed: it was used by
    nothing else yet (every earlier request was complete, and ``pending`` empty)."""
    module = context.module
    before = set(module.functions)
    try:
        site = decode_call(call, describe(call, module))
        site.request = context.rebind(site.request)
        lower_call_site(context, site)
    except DifferentiationError as error:
        made = [fn for fn in module.functions if fn not in before]
        context.forget(set(made))
        trap_table_function(call.function, owner, str(error))
        for fn in made:
            module.remove(fn)
        if owner not in context.trapped_tables:
            context.trapped_tables.add(owner)
            warn(f"no table of derivatives for {function_phrase(user_name(owner))} (a call "
                 f"through a pointer to it with active arguments will stop the program): {error}")


def _retire_preprocess_copies(module: Module) -> None:
    """The ``preprocess_`` copies are what the derivatives were built from, not
    part of the program: a derivative's calls to one (an inactive callee, a
    function with its own rule) go to the original instead, and the copies
    leave the output (a seventh of its instructions, and noise to a reader)."""
    for fn in [f for f in module.functions if f.name.startswith(PREPROCESS_PREFIX)]:
        original = module.get_function(fn.name[len(PREPROCESS_PREFIX):])
        if original is None or original.function_type != fn.function_type:
            continue
        fn.replace_all_uses_with(original)
        module.remove(fn)


def _mentions_enzyme(module: Module, calls: EnzymeCalls | None = None) -> bool:
    """Is anything in the module named for Enzyme (a call, a marker, a
    registration, an annotation)?  A cheap test that lets modules with
    nothing to do pass through untouched."""
    return bool(calls if calls is not None else EnzymeCalls(module)) or any(
        "enzyme" in g.name or "enzyme" in g.suffix for g in module.globals) or any(
        "enzyme" in fn.name or "enzyme" in fn.prefix or "enzyme" in fn.suffix
        for fn in module.functions) or any(
        "enzyme" in text for text in module.attribute_groups.values()) or \
        module.get("llvm.global.annotations") is not None


def preprocess_for_report(module: Module, filename: str):
    """The module with the ready call sites' targets preprocessed, and those
    call sites decoded against the simplified clones (for --print-activity)."""
    lower_shadow_api(module, lambda inst: describe(inst, module))
    calls = EnzymeCalls(module)
    apply_annotations(module, filename)
    give_active_globals_shadows(module)
    give_tables_shadows(module)
    split_calls_of_chosen_functions(calls)
    ready = [c for c in calls if _is_ready(c, module)]
    module = _preprocess(module, ready, filename)
    context = Context(module, filename)
    sites = []
    for call in ready:
        site = decode_call(call, describe(call, module))
        site.request = context.rebind(site.request)
        sites.append(site)
    return module, sites


def _target(call: I.CallInst, module: Module) -> Function | None:
    index = 1 if has_sret_result(call) else 0
    if len(call.args) <= index:
        return None
    return resolve_function(call.args[index], describe(call, module))


def _differentiated_again(ready: list[I.CallInst], calls: EnzymeCalls, module: Module) -> bool:
    """Is a function calling one of the ``ready`` Enzyme calls reachable from
    the function a later call differentiates?"""
    later = [target for c in calls if c not in ready
             for target in [_target(c, module)] if target is not None]
    reached = {fn for target in later for fn in reachable_functions(target)}
    return any(c.function in reached for c in ready)


def _is_ready(call: I.CallInst, module: Module) -> bool:
    target = _target(call, module)
    if target is None or target.is_declaration:
        return True  # decoding reports the problem
    return not any(entry_mode(callee.name) for fn in reachable_functions(target)
                   for callee in direct_callees(fn))


def _preprocess(module: Module, calls: list[I.CallInst], filename: str,
                reuse: bool = True) -> Module:
    """Clone each target (and its callees) to ``preprocess_<f>``, simplify
    the clones with LLVM, and return the re-read module.  ``reuse``: packed vectors in
    loops become scalars (``ad/prepare/scalarize.py``; not on GPUs, nor under
    ``--no-reuse``, whose derivatives the fuzzers compare with these)."""
    todo: list[Function] = []
    for call in calls:
        target = _target(call, module)
        if target is not None and not target.is_declaration:
            todo += reachable_functions(target)
    clones: dict[Function, Function] = {}
    for fn in dict.fromkeys(todo):
        name = PREPROCESS_PREFIX + fn.name
        if fn.name.startswith(PREPROCESS_PREFIX) or module.get(name) is not None:
            continue
        clones[fn] = new_internal_function(module, name, fn.function_type, like=fn,
                                           arg_names=[a.name for a in fn.args],
                                           is_clone=True)
        for src, dst in zip(fn.args, clones[fn].args):
            dst.attrs = src.attrs
    locations: dict[str, str] = {}
    carried: dict[str, str | None] = {}

    def carried_node(dbg_ref: str) -> str | None:
        """The ``!enzyme_opt.loc`` node carrying the location of ``!dbg dbg_ref`` into a clone."""
        if dbg_ref not in carried:
            where = source_location(module, dbg_ref)
            carried[dbg_ref] = location_node(module, where, locations) if where else None
        return carried[dbg_ref]
    renamed = {fn.name: clone.name for fn, clone in clones.items()}
    for fn, clone in clones.items():
        if _copies_as_text(fn):
            text = fn.unparsed_body.copy_text(renamed, carried_node)
            module.add_unparsed(clone, unparsed_body(module, clone, text))
            continue
        vmap = clone_function_body(fn, clone, dict(clones))
        for old in fn.instructions():
            node = carried_node(old.get_metadata("dbg")) if old.metadata else None
            if node:
                copy = vmap[old]
                copy.metadata = (*copy.metadata, (LOCATION_KIND, node))
        lower_invokes(clone)
        trap_throw_paths(clone)
        expand_runtime_helpers(clone)
        openmp_prepare.prepare_clone(clone)
    if not clones:
        return module
    names = {c.name for c in clones.values()}
    text = llvm.simplify_functions(print_subset(module, list(clones.values())), names)
    merge_subset(module, text, names, filename)
    clones = [module.get_function(name) for name in names]
    program: list[PointeeTypes] = []

    def program_types() -> PointeeTypes:  # built once, and only when a move needs it
        if not program:
            program.append(PointeeTypes(clones))
        return program[0]
    on_gpu = module.triple.startswith(("nvptx", "amdgcn")) if module.triple else False
    for clone in clones:
        if reuse and not on_gpu:
            scalarize_packed_vectors(clone)
        expand_global_addresses(clone)
        call_held_allocators(clone)
        deepen_iteration_counts(clone)
    specialize_function_pointer_arguments(clones)
    openmp_prepare.regions_to_calls(clones, lambda inst: describe(inst, module))
    for clone in clones:
        float_parameters(clone, program_types)
    for clone in clones:
        retype_float_moves(clone, program_types)
    if module.triple and module.triple.startswith("nvptx"):
        for clone in clones:
            join_double_shuffles(clone)
    return module


def _copies_as_text(fn: Function) -> bool:
    """Can the ``preprocess_`` copy of ``fn`` be made from its text, never
    parsed (``ir/text/unparsed.py``)?  Only while its body is unparsed (so
    unchanged), and not when the copy must be rewritten in our IR before
    LLVM sees it: invokes become calls and throw paths traps (``ad/prepare/invokes.py``),
    runtime helpers their formulas (``ad/prepare/expand.py``)."""
    body = fn.unparsed_body
    return body is not None and "invoke " not in body.text and \
        "unreachable" not in body.text and \
        not any(needs_expansion(callee) for callee in body.callees) and \
        not openmp_prepare.needs_preparation(body.callees)


class Context:
    """One round's state: the module, the memo of generated derivatives,
    and the worklist of derivatives declared but not yet generated."""

    def __init__(self, module: Module, filename: str, reuse: bool = True,
                 differentiated_again: bool = False, runtime_activity: bool = False):
        self.module = module
        #: shadows that may come from memory are checked against their primal at run time
        #: (constant data stored into shadow memory: ``ad/runtime_activity.py``)
        self.runtime_activity = runtime_activity
        self.filename = filename
        #: May the reverse sweep reuse what it has instead of taping it: re-read
        #: memory that has not changed, recompute pure values from their operands,
        #: record a loop-invariant value once at the loop's exits?  False
        #: (``--no-reuse``) is the conservative mode: every primal value the reverse
        #: sweep reads comes from the record of the block that needs it.  Slow and
        #: obviously right, it is what the fuzzers compare every optimization with.
        self.reuse = reuse
        #: does a later round differentiate code that calls this round's
        #: derivatives (reverse over reverse)?  They then avoid the tape.
        self.differentiated_again = differentiated_again
        self.memo: dict[R.DiffRequest, Function] = {}
        self.pending: list = []
        self.split_memo: dict[R.DiffRequest, tuple[Function, Function]] = {}
        self.generating = False
        #: the combined gradients (``diffe<f>``) of this round, whose tape
        #: ``finish`` drops where neither half uses it
        self.combined: list[Function] = []
        self._pointees: tuple[int, PointeeTypes] | None = None
        #: functions whose tables' derivatives could not be made (``_lower_table_call``)
        self.trapped_tables: set[str] = set()

    def forget(self, functions: set) -> None:
        """Drop what a failed request made (``_lower_table_call``)."""
        self.memo = {k: v for k, v in self.memo.items() if v not in functions}
        self.split_memo = {k: v for k, v in self.split_memo.items()
                           if not any(f in functions for f in v)}
        self.pending = []
        self.combined = [f for f in self.combined if f not in functions]

    def error(self, inst: I.Instruction, message: str) -> DifferentiationError:
        return DifferentiationError(message, describe(inst, self.module))

    def where(self, inst: I.Instruction) -> str:
        return describe(inst, self.module)

    def preprocessed(self, fn: Function) -> Function:
        if fn.name.startswith(PREPROCESS_PREFIX):
            return fn
        return self.module.get_function(PREPROCESS_PREFIX + fn.name) or fn

    def rebind(self, request: R.DiffRequest) -> R.DiffRequest:
        """The same request, on the simplified clone of its function (and,
        for a gradient, whether its reverse sweep may re-read memory)."""
        from dataclasses import replace
        function = self.preprocessed(request.function)
        reread = False
        # Nothing runs between the sweeps of a gradient but its forward sweep.
        if request.mode == R.REVERSE and self.reuse:
            written = written_objects(function)   # None: it may write anything
            reread = True if written == frozenset() else written if written else False
        return replace(request, function=function, reread_memory=reread)

    def derivative(self, request: R.DiffRequest) -> Function:
        """The function computing ``request``, declared now and generated
        before the round ends (so recursion finds it in the memo)."""
        fn = self.memo.get(request)
        if fn is not None:
            return fn
        drivers = _drivers()
        if request.mode not in drivers:
            raise DifferentiationError(f"mode {request.mode} is not supported yet", self.filename)
        prefix, signature, _ = drivers[request.mode]
        if request.leaf_layout:  # -enzyme-vectorize-at-leaf-nodes: one shadow for every lane
            from enzyme_opt.ad.modes.forward_leaf import leaf_forward_signature as signature
        fty, names = signature(request)
        width = str(request.width) if request.width > 1 and request.mode != R.BATCH else ""
        name = f"{prefix}{width}{user_name(request.function.name)}"  # Enzyme's names
        fn = self._new_derivative(name, fty, request, names)
        self.memo[request] = fn
        self.pending.append((request, fn))
        self.generate_pending()
        return fn

    def split_pair(self, request: R.DiffRequest) -> tuple[Function, Function]:
        """``augmented_<f>`` and ``reverse_<f>`` of a reverse-mode request."""
        from enzyme_opt.ad.modes.reverse import augmented_signature, reverse_half_signature
        pair = self.split_memo.get(request)
        if pair is not None:
            return pair
        base = user_name(request.function.name)
        aug_ty, aug_names = augmented_signature(request)
        rev_ty, rev_names = reverse_half_signature(request)
        pair = (self._new_derivative(f"augmented_{base}", aug_ty, request, aug_names),
                self._new_derivative(f"reverse_{base}", rev_ty, request, rev_names))
        self.split_memo[request] = pair
        self.pending.append((("split", request), pair))
        self.generate_pending()
        return pair

    def _new_derivative(self, name: str, fty, request: R.DiffRequest, arg_names) -> Function:
        """A new internal function derived from the request's function; its
        diagnostics name the user's function, not the generated one."""
        fn = new_internal_function(self.module, name, fty, like=request.function,
                                   arg_names=arg_names)
        self.module.derived_from[fn.name] = user_name(request.function.name)
        return fn

    def generate_pending(self) -> None:
        if self.generating:
            return  # the outer loop picks new work up: generation never nests
        self.generating = True
        try:
            while self.pending:
                request, fn = self.pending.pop(0)
                asked = request[1].function if isinstance(request, tuple) else request.function
                if FIXED_POINT_PAIR in asked.string_attributes():
                    raise DifferentiationError(
                        "differentiating the gradient of a fixed-point loop "
                        "(__enzyme_fixed_point) again, in forward or reverse mode, is not "
                        "supported: its adjoint is an iteration to convergence, whose own "
                        "derivative would need one of its own", self.filename)
                if isinstance(request, tuple):
                    from enzyme_opt.ad.modes.reverse import SplitGenerator
                    function = request[1].function
                    if is_driver(function):
                        raise DifferentiationError(
                            "reverse mode over the gradient of a checkpointed loop "
                            "(__enzyme_checkpoint_for or _while) is not supported: differentiate "
                            "the gradient in forward mode (__enzyme_fwddiff: Hessian-vector "
                            "products)", self.filename)
                    generator = CheckpointGenerator if is_checkpoint_loop(function) \
                        else FixedPointGenerator if is_fixed_point_loop(function) \
                        else SplitGenerator
                    generator(self, request[1], *fn).run()
                elif request.mode == R.FORWARD and request.leaf_layout:
                    from enzyme_opt.ad.modes.forward_leaf import LeafForwardGenerator
                    if is_fixed_point_loop(request.function):
                        raise DifferentiationError(
                            f"{R.LEAF_OPTION}: the tangent of an __enzyme_fixed_point loop "
                            f"is not supported in its layout", self.filename)
                    LeafForwardGenerator(self, request, fn).run()
                elif request.mode == R.FORWARD and is_fixed_point_loop(request.function):
                    FixedPointForward(self, request, fn).run()  # a callee's tangent
                else:
                    _drivers()[request.mode][2](self, request, fn).run()
        finally:
            self.generating = False

    def pointee_types(self) -> PointeeTypes:
        """What the program's memory holds, unified over every simplified
        clone (``analysis.pointees``); built on first use, again when a
        later round has added clones."""
        clones = [fn for fn in self.module.functions
                  if fn.name.startswith(PREPROCESS_PREFIX) and not fn.is_declaration]
        if self._pointees is None or self._pointees[0] != len(clones):
            self._pointees = (len(clones), PointeeTypes(clones))
        return self._pointees[1]

    def memcpy_adjoint_helper(self, element: T.Type) -> Function:
        from enzyme_opt.ad.helpers import memcpy_adjoint
        return memcpy_adjoint(self.module, element)

    def finish(self) -> None:
        self.generate_pending()
        for gradient in self.combined:
            elide_unused_tape(gradient)
        if self.reuse and not self.differentiated_again and has_sincos(self.module.triple):
            merge_sine_cosine(self.module, self.generated())   # ad/sine_cosine.py

    def generated(self) -> list[Function]:
        """Every derivative this round made."""
        return [*self.memo.values(), *(fn for pair in self.split_memo.values() for fn in pair)]


def _drivers() -> dict:
    """mode → (name prefix of its functions, their signature, the driver
    that generates them): one driver per mode over the shared rules."""
    from enzyme_opt.ad.modes.batch import BatchGenerator, batch_signature
    from enzyme_opt.ad.modes.forward import ForwardGenerator, forward_signature
    from enzyme_opt.ad.modes.reverse import CombinedGenerator, reverse_signature
    return {
        R.FORWARD: ("fwddiffe", forward_signature, ForwardGenerator),
        R.REVERSE: ("diffe", reverse_signature, CombinedGenerator),
        R.BATCH: ("batch_", batch_signature, BatchGenerator),
    }


_MARKER_READS = frozenset({I.LoadInst, I.CastInst})


def _clean_markers(module: Module) -> None:
    """Drop marker loads left dead by lowering, then unused marker and entry
    point declarations, so the output links without defining them."""
    for fn in module.functions:
        if fn.unparsed_body is not None and \
                not any(name.startswith("enzyme_") for name in fn.unparsed_body.mentions):
            continue  # reads no marker
        # the loads and casts first (by exact class: neither has subclasses), in one pass
        # over the function's instructions (every derivative's), then the questions
        for inst in [i for i in fn.instructions() if i.__class__ in _MARKER_READS]:
            if not inst.has_uses() and marker_name(inst) is not None:
                inst.erase()
    for symbol in list(module.symbols.values()):
        # A marker is declared, or defined as C++'s `int enzyme_dup;` is.
        marker = isinstance(symbol, GlobalVariable) and symbol.name.startswith("enzyme_") \
            and (symbol.initializer is None or symbol.name in MARKERS
                 or symbol.name in CHECKPOINT_MARKERS)
        entry = isinstance(symbol, Function) and symbol.is_declaration and entry_mode(symbol.name)
        if (marker or entry) and not symbol.has_uses():
            module.remove(symbol)

"""The pipeline as plain functions: load → differentiate → [prepare for a
GPU] → [-O] → emit."""

from __future__ import annotations

from dataclasses import dataclass

from enzyme_opt import llvm
from enzyme_opt.diagnostics import BackendError, InputError, UsageError
from enzyme_opt.ir import parse_module, print_module
from enzyme_opt.ir.collector import collector_paused
from enzyme_opt.targets import gpu_target, nvptx


@dataclass(frozen=True)
class Options:
    opt_level: int | None = None   # -O<n> after AD; None: no pipeline
    emit: str = "llvm"             # llvm | bc | asm | obj
    cpu: str | None = None         # --mcpu: overrides the module's "target-cpu"
    features: str | None = None    # --mattr: overrides the module's "target-features"
    libdevice: str | None = None   # --libdevice: libdevice.10.bc to link (nvptx64)
    #: --no-reuse: the conservative reverse sweep (re-reads and recomputes nothing;
    #: ``ad/pipeline.Context.reuse``), the reference every fuzzer compares against
    reuse: bool = True
    #: -enzyme-load-inactive-file: functions whose calls carry no derivative
    inactive_functions: tuple[str, ...] = ()
    #: -enzyme-vectorize-at-leaf-nodes: at enzyme_width W > 1 one shadow holds every lane
    vectorize_at_leaf_nodes: bool = False
    #: the process ends once the output is written (the command line): LLVM's module of
    #: the output is then left to the operating system, as our IR is (``cli.py``,
    #: ``_leave_memory_to_the_os``), not taken apart (0.03 s for a 30,000-instruction input)
    process_ends: bool = False


#: LLVM modules left to the operating system (``Options.process_ends``): llvmlite frees none
#: while the interpreter shuts down
_LEFT_TO_THE_OS: list = []

def load(data: bytes, filename: str):
    """(canonical text, our module) of an input file's bytes."""
    text = llvm.read_input(data, filename)
    return text, parse_module(text, filename)


def differentiate(text: str, module, filename: str, reuse: bool = True,
                  vectorize_at_leaf_nodes: bool = False) -> str:
    """Lower every ``__enzyme_*`` call; returns the new module's text, or
    the canonical input unchanged when there is nothing to do.  On a GPU,
    shared memory gets shadows first, and the lowered module gets its
    device finishing (``ad/parallel/gpu.py``).

    A module that stores a pointer without a shadow into shadow memory is
    differentiated a second time, from its text, with run-time checks of the
    shadows that may be that pointer (``ad/runtime_activity.py``; not with the
    leaf-node layout of tangents, where such a store is refused): every other
    module is differentiated once, exactly as without them."""
    from enzyme_opt.ad.runtime_activity import NeedsRuntimeActivity
    module.vectorize_at_leaf_nodes = vectorize_at_leaf_nodes
    with collector_paused():  # see ir/collector.py: a third of the time otherwise
        try:
            return _differentiate(text, module, filename, reuse)
        except NeedsRuntimeActivity:
            if vectorize_at_leaf_nodes:  # shadows laid out in lane groups: refused as before
                raise
            module = parse_module(text, filename, lazy_bodies=True)
            module.vectorize_at_leaf_nodes = vectorize_at_leaf_nodes
            return _differentiate(text, module, filename, reuse, runtime_activity=True)


def _differentiate(text: str, module, filename: str, reuse: bool,
                   runtime_activity: bool = False) -> str:
    from enzyme_opt.abi.callers import read_through_stack
    from enzyme_opt.abi.entries import EnzymeCalls
    from enzyme_opt.ad.pipeline import lower_module
    target = gpu_target(module.triple)
    state = None
    calls = EnzymeCalls(module)  # the ABI read once: the later stages keep it current
    calls = read_through_stack(module, calls, filename)
    if target is not None and calls:
        from enzyme_opt.ad.parallel import gpu
        state = gpu.prepare(module, target)
    lowered = lower_module(module, filename, reuse, calls, runtime_activity)
    if lowered is None:
        return text
    if state is not None:
        gpu.finish(lowered, target, state)
    return print_module(lowered)


def run(data: bytes, filename: str, options: Options = Options()) -> bytes:
    with collector_paused():
        try:
            return _run(data, filename, options)
        except InputError as exc:  # found late (no target for the triple): still the input's
            exc.where = exc.where or filename
            raise


def _run(data: bytes, filename: str, options: Options) -> bytes:
    checked = llvm.read_module(data, filename)  # the input, verified: LLVM reads it once
    text = printed = str(checked)                # its canonical text
    verified = True                              # printed is LLVM's printing of checked
    target = gpu_target(checked.triple)
    if target is nvptx and options.emit == "obj":
        raise UsageError("nvptx64 has no object files: use --emit asm for PTX "
                         "(ptxas turns PTX into a cubin)")
    if options.cpu is not None or options.features is not None:
        check_target_options(checked.triple, options.cpu, options.features)  # before any work
    if may_mention_enzyme(text):
        if options.emit == "llvm":
            # Text output needs LLVM's printing of the input (printed), not its module:
            # dropped before differentiating, its memory is reused for the output's.
            checked = None
        if options.inactive_functions:
            text = _mark_inactive(text, filename, options.inactive_functions)
        # Enzyme's clang-plugin flow: optimize, differentiate, optimize. Not for GPU
        # code: libdevice's math functions are alwaysinline, and their rules need calls.
        if options.opt_level is not None and target is None:
            text = optimize_before_ad(text, filename, options)
        lowered = differentiate(text, parse_module(text, filename, lazy_bodies=True), filename,
                               options.reuse, options.vectorize_at_leaf_nodes)
        if lowered is not text:
            # Every output is verified, here once. Text output is our own printing, which
            # LLVM has just read back: printing LLVM's copy again would cost as much as
            # our printing for the same IR (only LLVM's "; Function Attrs:" comments).
            # An output LLVM optimizes for the host's triple is verified where it is
            # optimized (llvm.optimize_and_emit: one reading); code generation for another
            # target or CPU reads our text first (prepare_codegen), so it is verified here.
            text = printed = lowered
            if (options.opt_level is None or target is not None or options.cpu is not None
                    or options.features is not None):
                checked = llvm.verify(lowered)
    cpu, features = options.cpu, options.features
    if target is not None or cpu is not None or features is not None:
        text, cpu, features = prepare_codegen(text, filename, target, options)
        verified = False
    try:
        if options.opt_level is not None:
            return llvm.optimize_and_emit(text, options.opt_level, options.emit, cpu, features)
        if verified:
            if options.process_ends:
                _LEFT_TO_THE_OS.append(checked)
            return llvm.emit_verified(checked, options.emit, cpu, features, printed)
        return llvm.emit(text, options.emit, cpu, features)
    except BackendError as exc:
        exc.where = exc.where or filename
        raise


def _mark_inactive(text: str, filename: str, names: tuple[str, ...]) -> str:
    """The functions named by ``-enzyme-load-inactive-file`` get the attribute
    ``"enzyme_inactive"``, the IR form of every inactivity annotation (and the
    clang-plugin flow keeps them from the inliner, as it keeps annotated ones)."""
    module = parse_module(text, filename)
    for name in names:
        fn = module.get_function(name)
        if fn is not None and fn.string_attributes().get("enzyme_inactive") is None:
            fn.add_string_attribute("enzyme_inactive", "-enzyme-load-inactive-file")
    return print_module(module)


def optimize_before_ad(text: str, filename: str, options: Options) -> str:
    """LLVM's ``-O<n>`` pipeline before differentiating, as Enzyme's clang plugin runs
    it, with the functions the program told Enzyme about kept out of its reach
    (``abi/preserve.py``): IR straight from clang's front end
    (``-Xclang -disable-llvm-passes``) is differentiated optimized, its registered
    rules still in place."""
    from enzyme_opt.abi.preserve import protect, release
    from enzyme_opt.ad.modes.fixed_point_marked import outline_marked_loops
    from enzyme_opt.ad.pipeline import describe
    module = parse_module(text, filename)
    outline_marked_loops(module, lambda inst: describe(inst, module))  # before unrolling
    protect(module)
    if options.opt_level:
        optimized = llvm.optimize(print_module(module), options.opt_level, options.cpu,
                                  options.features)
    else:  # -O0: the always-inliner only, as clang's -O0 pipeline (Enzyme's plugin too)
        optimized = llvm.always_inline(print_module(module))
    module = parse_module(optimized, filename)
    release(module)
    return print_module(module)


def may_mention_enzyme(text: str) -> bool:
    """Could the module (canonical text) have anything for Enzyme to do?

    A text-level superset of ``ad.pipeline._mentions_enzyme``: every name,
    attribute and call it looks at is on a line of its own that contains
    "enzyme" (or is ``llvm.global.annotations``).  Only the source file name
    and numbered metadata (debug info naming a path) are ignored, so a
    module without Enzyme calls is written without being read into our IR."""
    if "llvm.global.annotations" in text:
        return True
    start = text.find("enzyme")
    while start >= 0:
        line_start = text.rfind("\n", 0, start) + 1
        line = text[line_start:line_start + 24]
        if not (line.startswith(("source_filename", "; ModuleID")) or
                (line[:1] == "!" and line[1:2].isdigit())):
            return True
        line_end = text.find("\n", start)
        if line_end < 0:
            return False
        start = text.find("enzyme", line_end)
    return False


def check_target_options(triple: str, cpu: str | None, features: str | None) -> None:
    """Refuse a ``--mcpu``/``--mattr`` LLVM does not know for the module's
    target, in one line naming it (``llc`` warns and ignores it; a wrong
    CPU then fails later without naming it, and a feature without its sign
    aborts LLVM)."""
    unsigned = [f for f in (features or "").split(",") if f and f[0] not in "+-"]
    if unsigned:
        raise UsageError(f"--mattr {features}: each feature starts with + (enable) or - "
                         f"(disable), as in +{unsigned[0].strip()}")
    bad_cpu, bad_features, cpus, known = llvm.unknown_target_options(triple, cpu, features)
    triple = triple or llvm.host_triple()
    listing = f"'llc-22 -mtriple={triple} -mcpu=help' lists them"
    if bad_cpu:
        raise UsageError(f"--mcpu {cpu}: not a processor LLVM knows for {triple}"
                         f"{_did_you_mean(cpu, cpus)}; {listing}")
    if bad_features:
        name = bad_features[0]
        raise UsageError(f"--mattr {features}: {name} is not a feature LLVM knows for {triple}"
                         f"{_did_you_mean(name.lstrip('+-'), known, name[:1])}; {listing}")


def _did_you_mean(name: str, known: list[str], sign: str = "") -> str:
    import difflib
    close = difflib.get_close_matches(name, known, n=2)
    return f" (did you mean {' or '.join(sign + c for c in close)}?)" if close else ""


def prepare_codegen(text: str, filename: str, target, options: Options
                    ) -> tuple[str, str, str]:
    """Target options applied to the functions; for a GPU about to get
    machine code (or given ``--libdevice``), device math lowered to the
    device library and libdevice linked when the module calls it.
    Returns (text, cpu, features)."""
    from enzyme_opt.targets.codegen import lower_device_math, machine_options, retarget
    module = parse_module(text, filename)
    retarget(module, options.cpu, options.features)
    cpu, features = machine_options(module, target, options.cpu, options.features)
    needed: list[str] = []
    if target is not None and (options.emit in ("asm", "obj") or options.libdevice):
        needed = lower_device_math(module, target)
    text = print_module(module)
    if target is nvptx and needed:
        path = nvptx.find_libdevice(options.libdevice)
        if path is None:
            raise InputError(f"the output calls libdevice (@{needed[0]}) but libdevice.10.bc "
                             f"was not found under {nvptx.libdevice_search_order()}: "
                             f"give it with --libdevice PATH", filename)
        text = llvm.link_bitcode(text, path)
    return text, cpu, features

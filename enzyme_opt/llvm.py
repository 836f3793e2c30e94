"""The only module that talks to LLVM (through llvmlite.binding).

LLVM does what LLVM does well: reading ``.ll``/``.bc`` into canonical text,
verifying, the simplification passes we run before AD, the ``-O`` pipelines
after, code generation, and (for the Python API) loading machine code into
this process.  Each call parses into a fresh LLVM context, so modules never
share (and rename) named struct types.
"""

from __future__ import annotations

import os
import pickle
import re
import sys
import tempfile
from functools import lru_cache

import llvmlite.binding as llvm

from enzyme_opt.diagnostics import (BackendError, DifferentiationError, InputError, ParseError,
                                    VerifyError)

BITCODE_MAGIC = (b"BC\xc0\xde", b"\xde\xc0\x17\x0b")  # raw and wrapper


@lru_cache(maxsize=1)
def _initialized() -> bool:
    """Every target LLVM was built with (GPU code, another machine's triple)."""
    llvm.initialize_all_targets()
    llvm.initialize_all_asmprinters()
    return True


@lru_cache(maxsize=1)
def _native_initialized() -> bool:
    """Only this machine's target: most modules are for it, and registering every
    target costs about 10 MB of memory (a third of what LLVM adds to a run)."""
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    return True


def _target(triple: str):
    """LLVM's target for ``triple``, registering the others only when it is not this
    machine's (a ``RuntimeError`` if LLVM has none)."""
    _native_initialized()
    try:
        return llvm.Target.from_triple(triple)
    except RuntimeError:
        _initialized()
        return llvm.Target.from_triple(triple)


def llvm_version() -> str:
    return ".".join(map(str, llvm.llvm_version_info))


def host_triple() -> str:
    """The target triple of this process (what ``load_native`` can run)."""
    return llvm.get_process_triple()


def _parse(text: str, filename: str, error_type=ParseError, line_offset: int = 0):
    try:
        module = llvm.parse_assembly(text, context=llvm.create_context())
    except RuntimeError as exc:
        raise _llvm_error(str(exc), filename, error_type, line_offset) from None
    return module


def _llvm_error(message: str, filename: str, error_type, line_offset: int = 0):
    match = re.search(r"<string>:(\d+):(\d+): error: (.*)", message)
    if match and error_type is ParseError:
        return ParseError(match.group(3), filename, max(1, int(match.group(1)) - line_offset))
    text = message.replace("LLVM IR parsing error", "").strip()
    return error_type(text.splitlines()[0] if text else message, filename)


def read_input(data: bytes, filename: str) -> str:
    """Canonical LLVM 22 text of a ``.ll`` or ``.bc`` input, verified."""
    return str(read_module(data, filename))


def read_module(data: bytes, filename: str):
    """A ``.ll`` or ``.bc`` input as a verified LLVM module (``str`` of it is
    the canonical text; ``emit_verified`` writes it without reading it again)."""
    if not data.strip():
        raise InputError("the input is empty", filename)
    if data[:4] in BITCODE_MAGIC:
        try:
            module = llvm.parse_bitcode(data, context=llvm.create_context())
        except RuntimeError as exc:
            detail = "; ".join(line.strip() for line in str(exc).splitlines() if line.strip()
                               and "bitcode parsing error" not in line)
            raise InputError(f"unreadable bitcode: {detail or 'corrupt file'}", filename) from None
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("not LLVM IR: the input is neither text IR nor bitcode", filename) from None
        if "\0" in text:  # LLVM would read the text up to it: a silently empty module
            at = text.index("\0")
            line = text.count("\n", 0, at) + 1
            column = at - (text.rfind("\n", 0, at) + 1) + 1
            raise InputError(f"not LLVM IR: the input is neither text IR nor bitcode (a NUL "
                             f"byte at line {line}, column {column})", filename)
        added = 0
        if not re.search(r"^source_filename = ", text, re.M):
            # As opt does: a module without one is named after its file.
            text = f'source_filename = "{_escape(filename)}"\n' + text
            added = 1
        module, said = _stderr_of(lambda: _parse(text, filename, line_offset=added))
        if said:
            _repeat_warnings(said, filename)
    module.name = "<string>"  # as LLVM names any module read from text: outputs print alike
    try:
        module.verify()
    except RuntimeError as exc:
        raise VerifyError(f"the input does not verify: {_first_line(exc)}", filename) from None
    return module


def _escape(text: str) -> str:
    return "".join(c if 0x20 <= ord(c) < 0x7F and c not in '"\\' else
                   "".join(f"\\{b:02X}" for b in c.encode()) for c in text)


def verify(text: str, what: str = "the output"):
    """Parse and verify our own output; a failure is a bug in enzyme-opt."""
    return _verified(_parse(text, what, VerifyError), "generated IR", what)


def _verified(module, which: str, what: str):
    """``module``, which LLVM's verifier accepts; else the one-line internal error."""
    try:
        module.verify()
    except RuntimeError as exc:
        raise VerifyError(f"internal error: {which} does not verify: {_first_line(exc)}",
                          what) from None
    return module


def _first_line(exc: Exception) -> str:
    lines = [line for line in str(exc).splitlines() if line.strip()]
    return "; ".join(lines[:2]) if lines else str(exc)


def _target_machine(module, level: int = 2, cpu: str | None = "", features: str | None = "",
                    **options):
    triple = module.triple or llvm.get_default_triple()
    try:
        target = _target(triple)
    except RuntimeError:
        raise InputError(f"LLVM {llvm_version()} has no target for the module's triple "
                         f"\"{triple}\" (target triple = … in the IR)") from None
    return target.create_target_machine(cpu=cpu or "", features=features or "", opt=level,
                                        **options)


def unknown_target_options(triple: str, cpu: str | None, features: str | None
                           ) -> tuple[bool, list[str], list[str], list[str]]:
    """What LLVM's subtarget for ``triple`` does not know of ``cpu`` and
    ``features`` (``+avx2,-fma``): (the CPU unknown?, the unknown features,
    every CPU it knows, every feature it knows).  LLVM only warns on stderr
    and ignores them (``'+bogus' is not a recognized feature for this
    target``), and lists its CPUs once per process (``-mcpu=help``): both
    are read in a child.  Empty lists when the triple has no target here."""
    return isolated(_unknown_target_options, triple or llvm.get_default_triple(), cpu or "",
                    features or "")


def _unknown_target_options(triple: str, cpu: str, features: str):
    _initialized()
    try:
        target = llvm.Target.from_triple(triple)
    except RuntimeError:
        return False, [], [], []
    _, said = _stderr_of(lambda: target.create_target_machine(cpu=cpu, features=features))
    bad_cpu = f"'{cpu}' is not a recognized processor" in said
    bad_features = list(dict.fromkeys(re.findall(r"'([^']*)' is not a recognized feature",
                                                 said)))
    if not (bad_cpu or bad_features):
        return False, [], [], []
    _, listing = _stderr_of(lambda: target.create_target_machine(cpu="help"))
    cpus, _, rest = listing.partition("Available features")
    names = r"^  (\S+)\s+- "
    return (bad_cpu, bad_features, re.findall(names, cpus, re.M),
            re.findall(names, rest, re.M))


def _stderr_of(job):
    """(``job()``, what it wrote on file descriptor 2: LLVM's ``errs()``)."""
    with tempfile.TemporaryFile() as capture:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(capture.fileno(), 2)
        try:
            result = job()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            capture.seek(0)
            said = capture.read().decode("utf-8", "replace")
        return result, said


def _repeat_warnings(said: str, filename: str) -> None:
    """LLVM's warnings about the input (``warning: ignoring debug info with
    an invalid version (0) in <string>``) in enzyme-opt's form, one line
    each, naming the file: ``enzyme-opt: warning: f.ll: ignoring invalid
    debug info (DICompileUnit not listed in llvm.dbg.cu)``: the verifier's
    lines that come before a warning (the problem, then the IR it is in)
    become its reason."""
    reason: list[str] = []
    for line in said.splitlines():
        match = re.fullmatch(r"warning: (.*?)(?: in <string>)?", line.strip())
        if match is None:
            reason += [line.strip()] if line.strip() else []
            continue
        why = f" ({reason[0]})" if reason else ""
        sys.stderr.write(f"enzyme-opt: warning: {filename}: {match.group(1)}{why}\n")
        reason = []
    if reason:
        sys.stderr.write(f"enzyme-opt: warning: {filename}: {reason[0]}\n")
    sys.stderr.flush()


def _pass_builder(module, level: int, cpu: str = "", features: str = ""):
    tm = _target_machine(module, level, cpu, features)
    pto = llvm.create_pipeline_tuning_options(speed_level=level)
    return llvm.create_pass_builder(tm, pto)


def simplify_functions(text: str, names: set[str]) -> str:
    """Run the pre-AD simplification (SROA, instcombine, simplifycfg,
    loop-simplify, LCSSA, one exit block) on the named functions only.

    With scalable vectors (``<vscale x 4 x float>``) this runs in a child
    process: LLVM aborts the whole process on some of them (the cost model
    of a target without them, such as x86-64, the default when the module
    names no triple; an instcombine fold of an extract from one), and in a
    child that abort becomes one diagnostic."""
    if "vscale x" not in text:
        return _simplify_functions(text, names)
    try:
        return isolated(_simplify_functions, text, names)
    except BackendError:
        functions = ", ".join(f"@{n.removeprefix('preprocess_')}" for n in sorted(names))
        triple = llvm.parse_assembly(text).triple
        hint = ""
        if not triple.startswith(SCALABLE_TARGETS):
            target = triple or f"{llvm.get_default_triple()} (the default: the module names none)"
            hint = (f"; the target, {target}, has no scalable vectors: give the module a "
                    f"target triple that has them (aarch64 with SVE, riscv64 with V)")
        raise DifferentiationError(
            f"cannot differentiate this code with scalable vectors (<vscale x ...>): LLVM "
            f"aborted on them while simplifying it before differentiation{hint}",
            f"in function {functions}") from None


def forward_stored_values(text: str, names: set[str]) -> str:
    """SROA, NewGVN and instcombine on the named functions only: values that clang -O0
    passes through stack slots (``store``, then ``load`` from the same place) become the
    values themselves.  For the callers of Enzyme's entry points (``abi/callers.py``)."""
    module = verify(text, "the callers of Enzyme's entry points")
    pb = _pass_builder(module, 1)
    fpm = llvm.create_new_function_pass_manager()
    fpm.add_sroa_pass()
    fpm.add_instruction_combine_pass()
    fpm.add_new_gvn_pass()
    fpm.add_sroa_pass()
    fpm.add_instruction_combine_pass()
    fpm.add_dead_code_elimination_pass()
    for function in module.functions:
        if function.name in names and not function.is_declaration:
            fpm.run(function, pb)
    return str(module)


def always_inline(text: str) -> str:
    """LLVM's always-inliner over the module: all that clang's ``-O0`` pipeline does to
    the IR (and what Enzyme's clang plugin runs before Enzyme at ``-O0``)."""
    module = verify(text)
    pb = _pass_builder(module, 0)
    mpm = llvm.create_new_module_pass_manager()
    mpm.add_always_inliner_pass()
    mpm.run(module, pb)
    return str(module)


#: target triples (prefixes) with scalable vectors
SCALABLE_TARGETS = ("aarch64", "arm64", "riscv")


def _simplify_functions(text: str, names: set[str]) -> str:
    module = verify(text, "the preprocessed module")
    pb = _pass_builder(module, 2)
    fpm = llvm.create_new_function_pass_manager()
    fpm.add_sroa_pass()
    fpm.add_instruction_combine_pass()
    fpm.add_simplify_cfg_pass()
    fpm.add_sroa_pass()
    fpm.add_instruction_combine_pass()
    fpm.add_dead_code_elimination_pass()
    fpm.add_unify_function_exit_nodes_pass()
    fpm.add_loop_simplify_pass()
    fpm.add_lcssa_pass()
    for function in module.functions:
        if function.name in names and not function.is_declaration:
            fpm.run(function, pb)
    return str(module)


def optimize(text: str, level: int, cpu: str | None = "", features: str | None = "",
             exported: tuple[str, ...] | None = None) -> str:
    """LLVM's ``-O<level>`` pipeline over the whole module (in a child
    process: see ``isolated``); ``text`` has been verified.  With
    ``exported`` (name prefixes), every other definition is made internal
    first, as a linker's internalize does: what those names do not reach
    is deleted, with the externals only it called."""
    if level <= 0 and exported is None:
        return str(verify(text))
    return isolated(_optimize, text, level, cpu, features, exported)


def optimize_and_emit(text: str, level: int, kind: str, cpu: str | None = "",
                      features: str | None = "",
                      exported: tuple[str, ...] | None = None) -> bytes:
    """``emit(optimize(text, …), kind, …)`` with LLVM reading the module once, in one
    child process: ``text`` (our output, not verified yet) is verified there, optimized,
    verified again and written as ``kind``.  Reading it in this process first, and the
    optimized text once more to write it, cost two more parses of the largest text of
    a run (a tenth of ``enzyme-opt -O2``'s time on a bench kernel)."""
    if level <= 0 and exported is None:
        return emit(text, kind, cpu, features)
    return isolated(_optimize_and_emit, text, level, kind, cpu or "", features or "", exported)


def _optimize_and_emit(text: str, level: int, kind: str, cpu: str, features: str,
                       exported: tuple[str, ...] | None) -> bytes:
    module = verify(text)
    _optimize_module(module, level, cpu, features, exported)
    _verified(module, "the optimized IR", "the output")
    if kind == "llvm":
        return str(module).encode()
    if kind == "bc":
        return module.as_bitcode()
    return _machine_code(module, kind, cpu, features)


def _optimize(text: str, level: int, cpu: str, features: str,
              exported: tuple[str, ...] | None = None) -> str:
    module = _parse(text, "the output", VerifyError)
    _optimize_module(module, level, cpu, features, exported)
    return str(module)


def _optimize_module(module, level: int, cpu: str, features: str,
                     exported: tuple[str, ...] | None) -> None:
    if exported is not None:
        for value in [*module.functions, *module.global_variables]:
            if not (value.is_declaration or value.name.startswith(exported)
                    or value.name.startswith("llvm.")
                    or value.linkage in (llvm.Linkage.appending,
                                         llvm.Linkage.available_externally)):
                value.linkage = llvm.Linkage.internal
    pb = _pass_builder(module, max(level, 1) if exported is not None else level, cpu, features)
    pb.getModulePassManager().run(module, pb)


def emit(text: str, kind: str, cpu: str | None = "", features: str | None = "") -> bytes:
    """``llvm`` text, ``bc`` bitcode, ``asm`` (PTX on nvptx64) or ``obj``;
    machine code for ``cpu`` with ``features`` (the target's defaults when
    empty), generated in a child process (see ``isolated``)."""
    if kind == "llvm":
        return str(verify(text)).encode()
    if kind == "bc":
        return verify(text).as_bitcode()
    return isolated(_emit_machine_code, text, kind, cpu, features)


def emit_verified(module, kind: str, cpu: str | None = "", features: str | None = "",
                  text: str | None = None) -> bytes:
    """``emit`` for a module already parsed and verified (``verify``,
    ``read_module``): text and bitcode come straight from it, so an output
    is read by LLVM once, not once to verify and again to write.  ``text``
    is ``str(module)`` when the caller has it already."""
    if kind == "llvm":
        return (text if text is not None else str(module)).encode()
    if kind == "bc":
        return module.as_bitcode()
    return isolated(_emit_machine_code, str(module), kind, cpu, features)


def _emit_machine_code(text: str, kind: str, cpu: str, features: str) -> bytes:
    return _machine_code(_parse(text, "the output", VerifyError), kind, cpu, features)


def _machine_code(module, kind: str, cpu: str, features: str) -> bytes:
    tm = _target_machine(module, 2, cpu, features, reloc="pic", codemodel="default")
    try:
        if kind == "asm":
            return tm.emit_assembly(module).encode()
        return tm.emit_object(module)
    except RuntimeError as exc:
        raise BackendError(f"code generation failed: {_first_line(exc)}") from None


def link_bitcode(text: str, path: str, keep: set[str] | None = None) -> str:
    """``text`` with the bitcode library at ``path`` linked in (as clang's
    ``-mlink-builtin-bitcode`` does): the library takes the module's triple
    and data layout, and every function it defines becomes internal, so the
    ones nothing calls disappear (global DCE) and the rest can be inlined.
    Names in ``keep`` stay external."""
    _initialized()
    context = llvm.create_context()
    try:
        module = llvm.parse_assembly(text, context=context)
    except RuntimeError as exc:
        raise _llvm_error(str(exc), "the output", VerifyError) from None
    try:
        with open(path, "rb") as handle:
            library = llvm.parse_bitcode(handle.read(), context=context)
    except OSError as exc:
        raise InputError(f"cannot read the device library: {exc.strerror}", path) from None
    except RuntimeError:
        raise InputError("the device library is not LLVM bitcode", path) from None
    defined = {f.name for f in library.functions if not f.is_declaration}
    library.triple = module.triple
    library.data_layout = module.data_layout
    module.link_in(library)
    for function in module.functions:
        if function.name in defined and not function.is_declaration \
                and function.name not in (keep or set()):
            function.linkage = llvm.Linkage.internal
    for variable in module.global_variables:
        if not variable.is_declaration and variable.name.startswith("__nv"):
            variable.linkage = llvm.Linkage.internal
    pb = _pass_builder(module, 0)
    mpm = llvm.create_new_module_pass_manager()
    mpm.add_global_dead_code_eliminate_pass()
    mpm.run(module, pb)
    return str(module)


def isolated(job, *args):
    """``job(*args)`` run in a forked child process.

    LLVM reports some errors by printing ``LLVM ERROR: …`` and aborting the
    whole process — an instruction the back end cannot select
    (``Cannot select: … fsin``), an unsupported intrinsic.  In a child, the
    abort ends only the child; its message becomes one diagnostic here.
    The result (or an exception) comes back pickled through a file.  Where
    ``fork`` does not exist, the job runs here."""
    if not hasattr(os, "fork"):
        return job(*args)
    with tempfile.TemporaryFile() as result, tempfile.TemporaryFile() as errors:
        pid = os.fork()
        if pid == 0:  # the child: never returns
            status = 0
            try:
                os.dup2(errors.fileno(), 2)
                try:
                    payload = (True, job(*args))
                except Exception as exc:  # noqa: BLE001 - handed to the parent
                    payload = (False, exc)
                pickle.dump(payload, result)
                result.flush()
            except BaseException:
                status = 70
            finally:
                os._exit(status)
        _, status = os.waitpid(pid, 0)
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
            result.seek(0)
            ok, value = pickle.load(result)
            if ok:
                return value
            raise value
        errors.seek(0)
        raise BackendError(_backend_message(errors.read().decode("utf-8", "replace"), status))


#: SelectionDAG nodes LLVM names in "Cannot select", and what produced them
_NODE_SOURCES = {"fsin": "sin", "fcos": "cos", "ftan": "tan", "fexp": "exp", "fexp2": "exp2",
                 "fexp10": "exp10", "flog": "log", "flog2": "log2", "flog10": "log10",
                 "fpow": "pow", "fasin": "asin", "facos": "acos", "fatan": "atan",
                 "fatan2": "atan2", "fsinh": "sinh", "fcosh": "cosh", "ftanh": "tanh"}


def _backend_message(stderr: str, status: int) -> str:
    """One line from what a dying LLVM printed."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    fatal = next((line for line in lines if line.startswith("LLVM ERROR:")), None)
    if fatal is None:
        why = (f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status)
               else f"exit status {os.WEXITSTATUS(status)}")
        detail = f": {lines[0]}" if lines else ""
        return f"LLVM failed ({why}){detail}"
    fatal = fatal[len("LLVM ERROR:"):].strip()
    select = re.match(r"Cannot select: .*?= (\w+)(?:<[^>]*>)? ", fatal + " ")
    if select:
        node = select.group(1)
        typed = re.search(r": (\w+) = ", fatal)
        on = f" on {typed.group(1)}" if typed else ""
        source = _NODE_SOURCES.get(node)
        hint = (f" (from llvm.{source}.* or {source}(), which this target has no "
                f"instruction for)" if source else "")
        return f"the back end cannot select '{node}'{on}{hint}"
    return f"LLVM cannot generate code: {fatal}"


def load_native(obj: bytes) -> "NativeCode":
    """An object file for this machine (``emit(text, "obj")``), linked into
    this process and ready to call.  MCJIT aborts the whole process when the
    object needs a symbol the process lacks (``Program used external
    function 'g' which could not be resolved``), so it is linked once in a
    child first (``isolated``): that abort becomes a ``BackendError``."""
    isolated(_try_native, obj)
    return NativeCode(obj)


def _try_native(obj: bytes) -> bool:
    NativeCode(obj)
    return True


class NativeCode:
    """Machine code linked into this process by MCJIT (RuntimeDyld): its
    external symbols (libm, malloc) resolve to this process's.  The code
    lives as long as this object."""

    def __init__(self, obj: bytes):
        _initialized()
        triple = llvm.get_process_triple()
        machine = llvm.Target.from_triple(triple).create_target_machine()
        empty = llvm.parse_assembly("")
        empty.triple = triple
        self._engine = llvm.create_mcjit_compiler(empty, machine)
        self._engine.add_object_file(llvm.ObjectFileRef.from_data(obj))
        self._engine.finalize_object()

    def address(self, name: str) -> int:
        """The address of the defined function ``name`` (0 if none)."""
        return self._engine.get_function_address(name)

"""The only module that talks to LLVM (through llvmlite.binding).

LLVM does what LLVM does well: reading ``.ll``/``.bc`` into canonical text,
verifying, the simplification passes we run before AD, the ``-O`` pipelines
after, and code generation.  Each call parses into a fresh LLVM context, so
modules never share (and rename) named struct types.
"""

from __future__ import annotations

import re
from functools import lru_cache

import llvmlite.binding as llvm

from enzyme_opt.diagnostics import InputError, ParseError, VerifyError

BITCODE_MAGIC = (b"BC\xc0\xde", b"\xde\xc0\x17\x0b")  # raw and wrapper


@lru_cache(maxsize=1)
def _initialized() -> bool:
    llvm.initialize_all_targets()
    llvm.initialize_all_asmprinters()
    return True


def llvm_version() -> str:
    return ".".join(map(str, llvm.llvm_version_info))


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
        added = 0
        if not re.search(r"^source_filename = ", text, re.M):
            # As opt does: a module without one is named after its file.
            text = f'source_filename = "{_escape(filename)}"\n' + text
            added = 1
        module = _parse(text, filename, line_offset=added)
    module.name = filename
    try:
        module.verify()
    except RuntimeError as exc:
        raise VerifyError(f"the input does not verify: {_first_line(exc)}", filename) from None
    return str(module)


def _escape(text: str) -> str:
    return "".join(c if 0x20 <= ord(c) < 0x7F and c not in '"\\' else
                   "".join(f"\\{b:02X}" for b in c.encode()) for c in text)


def verify(text: str, what: str = "the output"):
    """Parse and verify our own output; a failure is a bug in enzyme-opt."""
    module = _parse(text, what, VerifyError)
    try:
        module.verify()
    except RuntimeError as exc:
        raise VerifyError(f"internal error: generated IR does not verify: {_first_line(exc)}",
                          what) from None
    return module


def _first_line(exc: Exception) -> str:
    lines = [line for line in str(exc).splitlines() if line.strip()]
    return "; ".join(lines[:2]) if lines else str(exc)


def _pass_builder(module, level: int):
    _initialized()
    target = llvm.Target.from_triple(module.triple or llvm.get_default_triple())
    tm = target.create_target_machine(opt=level)
    pto = llvm.create_pipeline_tuning_options(speed_level=level)
    return llvm.create_pass_builder(tm, pto)


def simplify_functions(text: str, names: set[str]) -> str:
    """Run the pre-AD simplification (SROA, instcombine, simplifycfg,
    loop-simplify, LCSSA, one exit block) on the named functions only."""
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


def optimize(text: str, level: int) -> str:
    """LLVM's ``-O<level>`` pipeline over the whole module."""
    module = verify(text)
    if level <= 0:
        return str(module)
    pb = _pass_builder(module, level)
    mpm = pb.getModulePassManager()
    mpm.run(module, pb)
    return str(module)


def emit(text: str, kind: str) -> bytes:
    """``llvm`` text, ``bc`` bitcode, ``asm`` (PTX on nvptx64) or ``obj``."""
    module = verify(text)
    if kind == "llvm":
        return str(module).encode()
    if kind == "bc":
        return module.as_bitcode()
    _initialized()
    triple = module.triple or llvm.get_default_triple()
    target = llvm.Target.from_triple(triple)
    cpu = "sm_80" if triple.startswith("nvptx") else ""
    tm = target.create_target_machine(cpu=cpu, reloc="pic", codemodel="default")
    if kind == "asm":
        return tm.emit_assembly(module).encode()
    return tm.emit_object(module)

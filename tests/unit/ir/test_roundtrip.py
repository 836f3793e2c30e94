"""Round trip of real clang-22 output through our IR model.

For every source in ``tests/roundtrip/src`` x ``-O0 -O1 -O2 -O3`` x (with/without
``-g``) we compile to textual IR, let llvmlite (LLVM 22.1) re-print it into its
*canonical* form, then check that

    str(llvm.parse_assembly(print_module(parse_module(canonical)))) == canonical

i.e. our parser + printer lose nothing LLVM cares about.  A few sources also go
through bitcode (``llvm.parse_bitcode``) and back (``as_bitcode``).

Notes
* Every llvmlite parse uses a fresh LLVM context.  With the global context,
  named struct types left over from earlier modules make identically-named
  types print as ``%struct.foo.0``, so ``str()`` would depend on test order.
* Each (source, flags) pair is compiled once per session (per xdist worker).
* A first-line comment ``// FLAGS: -ffast-math`` adds per-source clang flags.
"""

from __future__ import annotations

import difflib
import functools
import re
import shutil
import subprocess
from pathlib import Path

import pytest

llvm = pytest.importorskip("llvmlite.binding")

from enzyme_opt.ir import parse_module, print_module  # noqa: E402

SRC_DIR = Path(__file__).resolve().parents[2] / "roundtrip" / "src"
SOURCES = sorted(p.name for p in SRC_DIR.iterdir() if p.suffix in (".c", ".cpp"))
LEVELS = ("-O0", "-O1", "-O2", "-O3")
DEBUG = (False, True)

CLANG = {".c": "clang-22", ".cpp": "clang++-22"}

# (source, level, debug) triples that also go through bitcode.
BITCODE_CASES = [
    ("loops_structs.c", "-O0", True),
    ("asm_goto.c", "-O1", True),
    ("numeric_types.c", "-O3", False),
    ("atomics.c", "-O2", False),
    ("virtual_eh.cpp", "-O2", True),
    ("relative_vtables.cpp", "-O3", False),
]

DIFF_LINES = 40
_FLAGS_RE = re.compile(r"^\s*(?://|/\*)\s*FLAGS:\s*(.*?)\s*(?:\*/)?\s*$")


def config_id(source: str, level: str, debug: bool) -> str:
    return f"{source}{level}{'-g' if debug else ''}"


def extra_flags(source: str) -> list[str]:
    with open(SRC_DIR / source, encoding="utf-8") as f:
        m = _FLAGS_RE.match(f.readline())
    return m.group(1).split() if m else []


# ---------------------------------------------------------------------------
# compilation (once per session) and llvmlite helpers


@pytest.fixture(scope="session")
def compile_ir(tmp_path_factory):
    """``compile_ir(source, level, debug, bitcode=False) -> str | bytes``."""
    outdir = tmp_path_factory.mktemp("roundtrip")

    @functools.lru_cache(maxsize=None)
    def compile_one(source: str, level: str, debug: bool, bitcode: bool = False):
        src = SRC_DIR / source
        cc = CLANG[src.suffix]
        if shutil.which(cc) is None:
            pytest.fail(f"{cc} not found on PATH (make toolchain installs it)", pytrace=False)
        out = outdir / (config_id(source, level, debug) + (".bc" if bitcode else ".ll"))
        cmd = [cc, "-c" if bitcode else "-S", "-emit-llvm", level]
        if debug:
            cmd.append("-g")
        cmd += extra_flags(source) + [str(src), "-o", str(out)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            pytest.fail(f"clang failed ({' '.join(cmd)}):\n{proc.stderr[-4000:]}",
                        pytrace=False)
        return out.read_bytes() if bitcode else out.read_text(encoding="utf-8")

    return compile_one


class LLVMRejected(Exception):
    pass


def llvm_canonical(ir: str | bytes, *, want_bitcode: bool = False):
    """Parse (text, or bitcode if ``ir`` is bytes) in a fresh LLVM context,
    verify, and return ``str(module)`` (and ``module.as_bitcode()``).

    Module and context are closed explicitly, module first: if they were left
    to the garbage collector (e.g. kept alive by a failing test's traceback,
    which is a reference cycle) the context could be disposed before its
    module, and disposing the module then segfaults.  Only plain str/bytes
    leave this function.
    """
    ctx = llvm.create_context()
    module = None
    try:
        if isinstance(ir, bytes):
            module = llvm.parse_bitcode(ir, context=ctx)
        else:
            module = llvm.parse_assembly(ir, context=ctx)
        module.verify()
        text = str(module)
        return (text, module.as_bitcode()) if want_bitcode else text
    except RuntimeError as exc:
        raise LLVMRejected(str(exc)) from None
    finally:
        if module is not None:
            module.close()
        ctx.close()


def _llvm_parse(ir: str | bytes, what: str, *, want_bitcode: bool = False):
    try:
        return llvm_canonical(ir, want_bitcode=want_bitcode)
    except LLVMRejected as exc:
        where = _context_for_error(ir, str(exc)) if isinstance(ir, str) else ""
        pytest.fail(f"llvmlite rejected {what}: {exc}\n{where}", pytrace=False)


def _context_for_error(text: str, message: str, radius: int = 3) -> str:
    """A few numbered lines around the ``<string>:LINE:COL`` LLVM complains about."""
    m = re.search(r":(\d+):(\d+):", message)
    if not m:
        return ""
    line = int(m.group(1))
    lines = text.splitlines()
    lo, hi = max(1, line - radius), min(len(lines), line + radius)
    return "\n".join(f"{'>' if n == line else ' '}{n:6d} | {lines[n - 1]}"
                     for n in range(lo, hi + 1))


def _show_diff(expected: str, got: str, expected_name: str, got_name: str) -> str:
    diff = list(difflib.unified_diff(expected.splitlines(), got.splitlines(),
                                     expected_name, got_name, lineterm="", n=2))
    changed = sum(1 for d in diff if d[:1] in "+-" and d[:3] not in ("+++", "---"))
    shown = diff[:DIFF_LINES]
    more = f"\n... ({len(diff) - DIFF_LINES} more diff lines)" if len(diff) > DIFF_LINES else ""
    return f"{changed} changed lines; first {len(shown)} diff lines:\n" + "\n".join(shown) + more


def _ours(canonical: str, name: str) -> str:
    module = parse_module(canonical, filename=name)
    out = print_module(module)
    assert isinstance(out, str), f"print_module returned {type(out).__name__}"
    return out


def _check_roundtrip(canonical: str, name: str) -> str:
    ours = _ours(canonical, name)
    reparsed = _llvm_parse(ours, f"our printing of {name}")
    if reparsed != canonical:
        pytest.fail(f"round trip of {name} changed the module "
                    f"(llvmlite-canonical vs llvmlite(print_module(parse_module(...)))):\n"
                    + _show_diff(canonical, reparsed, "canonical", "roundtrip"),
                    pytrace=False)
    return ours


# ---------------------------------------------------------------------------
# tests

CASES = [pytest.param(s, lvl, g, id=config_id(s, lvl, g))
         for s in SOURCES for lvl in LEVELS for g in DEBUG]


def test_corpus_present():
    assert len(SOURCES) >= 10, f"round-trip sources missing from {SRC_DIR}"


@pytest.mark.parametrize("source,level,debug", CASES)
def test_roundtrip_ll(compile_ir, source, level, debug):
    name = config_id(source, level, debug) + ".ll"
    canonical = _llvm_parse(compile_ir(source, level, debug), f"clang output {name}")
    _check_roundtrip(canonical, name)


@pytest.mark.parametrize("source,level,debug",
                         [pytest.param(s, lvl, g, id=config_id(s, lvl, g))
                          for s, lvl, g in BITCODE_CASES])
def test_roundtrip_bitcode(compile_ir, source, level, debug):
    name = config_id(source, level, debug) + ".bc"
    data = compile_ir(source, level, debug, bitcode=True)
    assert data[:4] == b"BC\xc0\xde", "clang -c -emit-llvm did not write raw bitcode"
    from_bitcode = _llvm_parse(data, f"clang bitcode {name}")
    # Bitcode carries the use-list order, text does not, so the ``; preds = ...``
    # comments of a module read from bitcode can list predecessors in another
    # order.  The strict comparison therefore runs on the text fixpoint; the
    # bitcode legs are compared with those comments (and the ModuleID) removed.
    canonical = _llvm_parse(from_bitcode, f"llvmlite's printing of {name}")
    assert _without_comments(canonical) == _without_comments(from_bitcode), \
        "llvmlite's text and bitcode readers disagree (not an enzyme-opt bug)"

    ours = _ours(canonical, name)
    reparsed, bitcode = _llvm_parse(ours, f"our printing of {name}", want_bitcode=True)
    if reparsed != canonical:
        pytest.fail(f"round trip of {name} changed the module:\n"
                    + _show_diff(canonical, reparsed, "canonical", "roundtrip"), pytrace=False)

    # ... and our text survives LLVM's bitcode writer/reader unchanged.
    again = _without_comments(_llvm_parse(bitcode, f"bitcode of our printing of {name}"))
    if again != _without_comments(canonical):
        pytest.fail(f"bitcode of our printing of {name} reads back differently:\n"
                    + _show_diff(_without_comments(canonical), again,
                                 "canonical", "via-bitcode"), pytrace=False)


_PREDS_RE = re.compile(r"^([^\s;][^;]*?:)\s+; preds = .*$", re.M)


def _without_comments(text: str) -> str:
    """Drop the ``; ModuleID = ...`` line (it names the buffer: ``<string>`` for
    parse_assembly, something else for parse_bitcode) and the ``; preds = ...``
    block-label comments (use-list order)."""
    first, _, rest = text.partition("\n")
    if first.startswith("; ModuleID = "):
        text = rest
    return _PREDS_RE.sub(r"\1", text)

"""Bodies kept as text (``ir/text/unparsed.py``): the command line reads function bodies lazily
and copies unparsed targets as text for preprocessing; the derivatives must be exactly
those of a fully parsed module, IR-cloned.  Checked on corpus programs (C and C++, with
and without debug info) and on the rules each text shortcut relies on."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from enzyme_opt import llvm
from enzyme_opt.ad.pipeline import lower_module
from enzyme_opt.ir import parse_module, print_module
from enzyme_opt.ir.collector import collector_paused
from enzyme_opt.ir.text.unparsed import UnparsedBody

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT / "tests" / "corpus"
PROGRAMS = ["reverse/helper_ptr.c", "reverse/gmm_lse.c", "reverse/lstm.c",
            "forward/" + sorted(p.name for p in (CORPUS / "forward").glob("*.c"))[0],
            "cpp/" + sorted(p.name for p in (CORPUS / "cpp").glob("*.cpp"))[0]]


def _compile(source: Path, flags: list[str]) -> str:
    clang = "clang++-22" if source.suffix == ".cpp" else "clang-22"
    ir = subprocess.run([clang, "-S", "-emit-llvm", "-o", "-", f"-I{CORPUS}", *flags,
                         str(source)], check=True, capture_output=True, text=True).stdout
    return str(llvm.read_module(ir.encode(), source.name))


def _lowered(text: str, lazy: bool) -> tuple[str, int]:
    """The lowered module's text, and how many bodies were never parsed."""
    with collector_paused():
        module = lower_module(parse_module(text, "t.ll", lazy_bodies=lazy), "t.ll")
        return print_module(module), len(module.unparsed)


@pytest.mark.parametrize("flags", [["-O0", "-g"], ["-O2"], ["-O2", "-g"]], ids=" ".join)
@pytest.mark.parametrize("program", PROGRAMS)
def test_lazy_bodies_give_the_same_derivatives(program, flags):
    text = _compile(CORPUS / program, flags)
    (eager, _), (lazy, unparsed) = _lowered(text, lazy=False), _lowered(text, lazy=True)
    assert unparsed > 0  # the targets were copied as text, never parsed
    # The originals print as LLVM wrote them rather than as we print them: compare what
    # LLVM reads, function by function.
    canonical = [str(llvm.verify(t)) for t in (eager, lazy)]
    assert canonical[0] == canonical[1]


def _body(text: str) -> UnparsedBody:
    return UnparsedBody(text.split("\n"), lambda: None)


def test_callees_are_the_direct_calls_in_order():
    body = _body('  %a = call double @f(double 1.0, ptr @g)\n'
                 '  call void @"h h"(ptr getelementptr (i8, ptr @k, i64 8))\n'
                 '  %b = call double @f(double %a)\n'
                 '  store [3 x i8] c"@x(", ptr @g')
    assert body.callees == ["f", "h h", "f"]
    assert body.mentions == {"f", "g", "h h", "k"}


def test_copy_text_renames_and_drops_debug_info():
    body = _body('    #dbg_value(double %x, !10, !DIExpression(), !12)\n'
                 '  %a = call double @f(ptr @g, ptr @f), !tbaa !3, !dbg !12, !llvm.loop !4\n'
                 '  call void @h(ptr @"q r"), !dbg !13\n'
                 '  call void asm "@f(, !dbg !1", ""()')
    copied = body.copy_text({"f": "preprocess_f", "q r": "preprocess_q r"},
                            lambda ref: "!90" if ref == "!12" else None)
    assert copied.split("\n") == [
        '  %a = call double @preprocess_f(ptr @g, ptr @preprocess_f), !tbaa !3, '
        '!enzyme_opt.loc !90',
        '  call void @h(ptr @"preprocess_q r")',
        '  call void asm "@f(, !dbg !1", ""()']


GLOBAL_USE = """
@g = global double 1.0
define double @reads() {
  %v = load double, ptr @g
  ret double %v
}
define double @other() {
  ret double 2.0
}
"""


def test_a_global_knows_its_uses_in_unparsed_bodies():
    module = parse_module(str(llvm.read_module(GLOBAL_USE.encode(), "t.ll")), "t.ll",
                          lazy_bodies=True)
    reads, other = module.get_function("reads"), module.get_function("other")
    assert reads.unparsed_body is not None and not reads.is_declaration
    users = module.get("g").users
    assert [u.opcode for u in users] == ["load"] and users[0].function is reads
    assert other.unparsed_body is not None  # it does not mention @g: still text
    assert str(llvm.verify(print_module(module)))


def test_parsed_users_parse_no_body():
    """``GlobalValue.parsed_users`` (what ``ad/sine_cosine.py`` asks of ``sin``) names the
    users among parsed bodies and leaves the others as text; ``users`` parses them."""
    text = """
declare double @sin(double)
define double @program(double %x) {
  %s = call double @sin(double %x)
  ret double %s
}
define double @made(double %x) {
  %s = call double @sin(double %x)
  ret double %s
}
"""
    with collector_paused():
        module = parse_module(text, "t.ll", lazy_bodies=True)
        made = module.get_function("made")
        made.blocks  # parsed, as every derivative is
        sin = module.get_function("sin")
        assert [user.parent.parent for user in sin.parsed_users] == [made]
        assert module.get_function("program").unparsed_body is not None
        assert {user.parent.parent.name for user in sin.users} == {"program", "made"}
        assert module.get_function("program").unparsed_body is None

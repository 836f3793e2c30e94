"""The driver's shortcut for modules with nothing to differentiate: which
canonical texts may skip our IR (``driver.may_mention_enzyme``) — it must
never say no to a module ``ad.pipeline`` would lower or check."""

from __future__ import annotations

import pytest

from enzyme_opt import llvm
from enzyme_opt.ad.pipeline import _mentions_enzyme
from enzyme_opt.driver import may_mention_enzyme, run
from enzyme_opt.ir import parse_module

HEAD = 'source_filename = "/src/enzyme-opt/t.c"\n'
BODY = """
define double @f(double %x) #0 {
  %y = fmul double %x, %x, !dbg !8
  ret double %y
}
attributes #0 = { nounwind }
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!6}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/home/me/enzyme")
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, unit: !0)
!6 = !{i32 2, !"Debug Info Version", i32 3}
!8 = !DILocation(line: 1, scope: !5)
"""

NOTHING = [HEAD + BODY]
SOMETHING = [
    HEAD + BODY + "declare double @__enzyme_autodiff(ptr, ...)\n"
    "define double @g(double %x) {\n  %d = call double (ptr, ...) @__enzyme_autodiff("
    "ptr @f, double %x)\n  ret double %d\n}\n",
    HEAD + "@enzyme_const = external global i32\n" + BODY,
    HEAD + BODY.replace("{ nounwind }", '{ nounwind "enzyme_inactive" }'),
    HEAD + '@.str = private constant [7 x i8] c"enzyme\\00"\n' + BODY,   # conservative
]


def _canonical(text: str) -> str:
    return llvm.read_input(text.encode(), "t.ll")


@pytest.mark.parametrize("text", NOTHING)
def test_modules_without_enzyme_skip_our_ir(text):
    canonical = _canonical(text)
    assert "enzyme" in canonical  # only in the path names
    assert not may_mention_enzyme(canonical)
    assert not _mentions_enzyme(parse_module(canonical))
    assert run(text.encode(), "t.ll").decode() == canonical


@pytest.mark.parametrize("text", SOMETHING)
def test_anything_named_for_enzyme_is_read(text):
    canonical = _canonical(text)
    assert may_mention_enzyme(canonical)


def test_superset_of_what_the_pipeline_lowers():
    for text in NOTHING + SOMETHING:
        canonical = _canonical(text)
        if _mentions_enzyme(parse_module(canonical)):
            assert may_mention_enzyme(canonical)


# -- an optimized output is read by LLVM once (llvm.optimize_and_emit) ----------------------

GRADIENT = HEAD + BODY + """declare double @__enzyme_autodiff(ptr, ...)
define double @g(double %x) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %d
}
"""


def _functions(text: str) -> dict[str, str]:
    """Each definition's body, with attribute-group numbers left out (LLVM numbers
    the groups of a module it has read back otherwise than of one it optimized)."""
    import re
    bodies = re.findall(r"^define [^@]*@([\w.]+)\(.*?\n(.*?)^}", text, re.M | re.S)
    return {name: re.sub(r"#\d+", "#N", body) for name, body in bodies}


@pytest.mark.parametrize("level", [1, 2])
def test_optimized_output_as_before(level):
    """One child that verifies, optimizes and writes gives the functions the old three
    readings gave (verify here, optimize in a child, verify and print here)."""
    text = llvm.read_input(GRADIENT.encode(), "t.ll")
    old = llvm.emit(llvm.optimize(text, level), "llvm").decode()
    new = llvm.optimize_and_emit(text, level, "llvm").decode()
    assert _functions(new) == _functions(old) and "@g" in new
    assert llvm.verify(new)
    bitcode = llvm.optimize_and_emit(text, level, "bc")
    assert bitcode[:4] == b"BC\xc0\xde"
    assert llvm.optimize_and_emit(text, level, "obj")[:4] == b"\x7fELF"


def test_invalid_output_is_an_internal_error_before_optimizing():
    """The verification moved into the child: a derivative LLVM rejects is still the one
    line that says it is our bug, not a crash of the optimizer."""
    broken = HEAD + "define i32 @f() {\n  %x = add i32 %z, 1\n  %z = add i32 1, 1\n  ret i32 %x\n}\n"
    with pytest.raises(llvm.VerifyError, match="internal error: generated IR does not verify"):
        llvm.optimize_and_emit(broken, 2, "llvm")


def test_driver_reads_the_optimized_gradient_in_the_child_only(monkeypatch):
    """``enzyme-opt -O2``: the gradient is differentiated and optimized, and this process
    never has LLVM read the output (the child that optimizes it verifies it); without
    ``-O`` it is read here once."""
    from enzyme_opt import driver
    from enzyme_opt.driver import Options
    readings = []  # what each verification in this process was of
    real_verify = llvm.verify

    def counted(text, what="the output"):
        readings.append(what)
        return real_verify(text, what)
    monkeypatch.setattr(llvm, "verify", counted)
    out = run(GRADIENT.encode(), "t.ll", Options(opt_level=2)).decode()
    assert "__enzyme_autodiff" not in out and "define double @g" in out
    assert "the output" not in readings
    assert real_verify(out)
    readings.clear()
    driver.run(GRADIENT.encode(), "t.ll", Options())
    assert readings.count("the output") == 1

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

"""Preprocessing's round trip through LLVM with only the clones
(``ir/subset.py``): what travels, and how LLVM's renumbered metadata and
attribute groups come back onto the module's numbering."""

from __future__ import annotations

from enzyme_opt import llvm
from enzyme_opt.ir import parse_module, print_module
from enzyme_opt.ir.subset import merge_subset, print_subset

MODULE = r"""
source_filename = "t.c"
@.str = private unnamed_addr constant [4 x i8] c"hi\0A\00", align 1
@k = internal constant [2 x double] [double 2.0, double 3.0], align 8
@unused = global double 1.0

define double @keep(ptr %p) #0 {
  %v = load double, ptr %p, align 8, !tbaa !1
  ret double %v
}

define internal double @clone(ptr %p) #0 {
  %a = alloca double, align 8
  store double 1.0, ptr %a, align 8, !tbaa !1
  %x = load double, ptr %a, align 8, !tbaa !1
  %g = getelementptr inbounds [2 x double], ptr @k, i64 0, i64 1
  %c = load double, ptr %g, align 8
  %y = load double, ptr %p, align 8, !tbaa !1, !alias.scope !5, !noalias !8
  %n = call i32 (ptr, ...) @printf(ptr @.str)
  %s = fmul double %x, %c
  %t = fadd double %s, %y
  ret double %t
}

declare i32 @printf(ptr, ...) #1

attributes #0 = { nounwind }
attributes #1 = { nofree nounwind }

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{!2, !2, i64 0}
!2 = !{!"double", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
!5 = !{!6}
!6 = distinct !{!6, !7, !"scope a"}
!7 = distinct !{!7, !"domain"}
!8 = !{!9}
!9 = distinct !{!9, !7, !"scope b"}
"""


def test_only_the_functions_and_what_they_use_travel():
    module = parse_module(llvm.read_input(MODULE.encode(), "t.ll"))
    text = print_subset(module, [module.get_function("clone")])
    assert "@clone(" in text and "@k = " in text and "declare i32 @printf" in text
    assert "@keep" not in text and "@unused" not in text
    llvm.verify(text, "the subset")


def test_merged_back_in_place_with_the_module_numbering():
    module = parse_module(llvm.read_input(MODULE.encode(), "t.ll"))
    position = module.functions.index(module.get_function("clone"))
    metadata_before = dict(module.metadata)
    simplified = llvm.simplify_functions(print_subset(module, [module.get_function("clone")]),
                                         {"clone"})
    merge_subset(module, simplified, {"clone"}, "t.ll")
    clone = module.get_function("clone")
    assert module.functions.index(clone) == position
    opcodes = [inst.opcode for inst in clone.instructions()]
    assert "alloca" not in opcodes                      # LLVM did simplify it
    assert module.get_function("puts") is not None      # printf("hi\n") became puts("hi")
    # The same tbaa and alias-scope nodes as before: nothing duplicated.
    assert module.metadata == metadata_before
    loads = [i for i in clone.instructions() if i.opcode == "load"]
    assert [i.get_metadata("tbaa") for i in loads] == ["!1"]
    assert loads[0].get_metadata("alias.scope") == "!5"
    # Nothing of the old body is left using the globals.
    assert all(use.user.function is clone for use in module.get("k").uses
               if hasattr(use.user, "function"))
    llvm.verify(print_module(module), "the merged module")

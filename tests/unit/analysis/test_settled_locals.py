"""analysis/settled_locals.py: which local arrays no write follows a read of."""

import pytest

from enzyme_opt.analysis.settled_locals import settled_locals
from enzyme_opt.ir import parse_module

#: One function per case; its first alloca, %a, is the local asked about. Each reads
#: %a in the loop ``loop`` (so only the writes decide) unless its name says otherwise.
TEMPLATE = """
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
declare void @use(ptr)

define double @f(ptr %x, i64 %n) {{
entry:
  %a = alloca [8 x double]{align}
  call void @llvm.lifetime.start.p0(ptr %a)
  {before}
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr double, ptr %a, i64 %i
  %v = load double, ptr %p{load_align}
  {inside}
  %s.next = fadd double %s, %v
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  {after}
  call void @llvm.lifetime.end.p0(ptr %a)
  ret double %s.next
}}
"""
FILL = "%x0 = load double, ptr %x\n  store double %x0, ptr %a"


def settled(before="", inside="", after="", align=", align 16", load_align=", align 8"):
    module = parse_module(TEMPLATE.format(before=before, inside=inside, after=after,
                                          align=align, load_align=load_align))
    fn = module.get_function("f")
    return {a.name for a in settled_locals(fn)}


def test_filled_before_the_loop_that_reads_it():
    assert settled(before=FILL) == {"a"}


def test_a_memset_before_is_a_write_before():
    assert settled(before="call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 64, i1 false)\n  "
                          + FILL) == {"a"}


@pytest.mark.parametrize("case, code", [
    ("a store in the loop that reads it",
     "%q = getelementptr double, ptr %a, i64 1\n  store double %v, ptr %q"),
    ("a memset in the loop",
     "call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 8, i1 false)"),
])
def test_written_in_the_reading_loop(case, code):
    assert settled(before=FILL, inside=code) == set(), case


def test_written_after_the_loop():
    assert settled(before=FILL, after="store double 1.0, ptr %a") == set()


def test_written_later_in_the_block_of_a_read():
    # The entry block reads %a, then writes it: no edge leads from the read to the write.
    assert settled(before=FILL + "\n  %r = load double, ptr %a\n  store double %r, ptr %a") \
        == set()
    assert settled(before=FILL + "\n  %r = load double, ptr %x\n  store double %r, ptr %a") \
        == {"a"}


@pytest.mark.parametrize("case, code", [
    ("passed to a call", "call void @use(ptr %a)"),
    ("its address stored", "store ptr %a, ptr %x"),
])
def test_escaping_locals_are_not_settled(case, code):
    assert settled(before=FILL + "\n  " + code) == set(), case


def test_more_aligned_than_malloc():
    assert settled(before=FILL, align=", align 32") == set()
    assert settled(before=FILL, load_align=", align 32") == set()


def test_small_locals_keep_their_tape():
    module = parse_module(TEMPLATE.format(before=FILL, inside="", after="", align=", align 16",
                                          load_align=", align 8").replace("[8 x double]",
                                                                          "[4 x double]"))
    assert settled_locals(module.get_function("f")) == set()


def test_read_only_outside_loops_is_not_worth_a_malloc():
    module = parse_module("""
define double @f(ptr %x) {
  %a = alloca [2 x double], align 16
  %x0 = load double, ptr %x
  store double %x0, ptr %a
  %v = load double, ptr %a
  ret double %v
}
""")
    assert settled_locals(module.get_function("f")) == set()

"""``ad/modes/checkpoint.py`` before AD: an ``__enzyme_checkpoint_for`` call becomes a call of
its loop function, and what would run between the loop and its reverse sweep is found.
The numbers (gradients through real schemes, C and C++, -O0 to -O3) are the lit tests'
(tests/lit/reverse/checkpoint-*.c*, tests/lit/errors/checkpoint-*.c)."""

import subprocess
import sys

import pytest

from enzyme_opt.abi.entries import EnzymeCalls
from enzyme_opt.ad.modes.checkpoint import (LATER_WRITE_ATTRIBUTE, LOOP_ATTRIBUTE, WHERE_ATTRIBUTE,
                                            is_checkpoint_loop, lower_checkpoint_calls)
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.text.parser import parse_module

HEADER = """
@enzyme_scheme = external global i32
@enzyme_checkpoint_region = external global i32
declare void @__enzyme_checkpoint_for(ptr, i64, i64, ...)
declare double @llvm.sin.f64(double)
@rate = global double 2.0
define internal void @step(i64 %i, ptr %u, double %dt) {
  %x = load double, ptr %u
  %s = call double @llvm.sin.f64(double %x)
  %y = fmul double %s, %dt
  %k = load double, ptr @rate                 ; read outside the region: later writes matter
  %z = fmul double %y, %k
  store double %z, ptr %u
  ret void
}
"""

CALL = """
  %m = load i32, ptr @enzyme_scheme
  %r = load i32, ptr @enzyme_checkpoint_region
  call void (ptr, i64, i64, ...) @__enzyme_checkpoint_for(ptr @step, i64 0, i64 %n, i32 %m, ptr %scheme, ptr null, i32 %r, ptr %u, i64 8, ptr %u, double 0.5)
"""


def lowered(body: str, extra: str = ""):
    module = parse_module(HEADER + extra + body)
    lower_checkpoint_calls(module, EnzymeCalls(module), lambda inst: f"in function @{inst.function.name}")
    return module


def test_the_call_becomes_a_call_of_the_tagged_loop_function():
    module = lowered(f"""
define double @f(ptr %u, i64 %n, ptr %scheme) {{
{CALL}
  %v = load double, ptr %u
  ret double %v
}}""")
    loop = module.get_function("step.checkpointed")
    assert is_checkpoint_loop(loop)
    assert loop.string_attributes()[LOOP_ATTRIBUTE] == "1,for,step"
    assert module.get_function("__enzyme_checkpoint_for") is None
    calls = [i for i in module.get_function("f").instructions() if isinstance(i, I.CallInst)]
    assert [c.called_function for c in calls] == [loop]
    # start, n, scheme, data, one region (pointer, bytes), then the step's arguments
    assert [a.ref() for a in calls[0].args] == ["0", "%n", "%scheme", "null", "%u", "8", "%u",
                                                "0.5"]
    assert loop.string_attributes()[WHERE_ATTRIBUTE] == "in function @f"
    assert LATER_WRITE_ATTRIBUTE not in loop.string_attributes()


def test_writes_after_the_loop_to_local_variables_are_fine():
    module = lowered(f"""
define double @f(ptr %u, i64 %n, ptr %scheme) {{
  %acc = alloca double
  %row = alloca [4 x double]
{CALL}
  store double 0.0, ptr %acc
  %p = getelementptr [4 x double], ptr %row, i64 0, i64 1
  store double 1.0, ptr %p
  %v = load double, ptr %u
  ret double %v
}}""")
    assert LATER_WRITE_ATTRIBUTE not in module.get_function("step.checkpointed").string_attributes()


@pytest.mark.parametrize("write", [
    "store double 0.0, ptr %u",                                     # the loop's own state
    "store double 0.0, ptr %other",                                  # another argument
    "call void @llvm.memset.p0.i64(ptr %other, i8 0, i64 8, i1 false)",
    "call void @free(ptr %other)",                                   # freed before the reverse
    "call void @sink(ptr %acc)",                                     # a local whose address escapes
])
def test_a_write_after_the_loop_is_recorded(write):
    module = lowered(f"""
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @free(ptr)
declare void @sink(ptr)
define double @f(ptr %u, i64 %n, ptr %scheme, ptr %other) {{
  %acc = alloca double
{CALL}
  {write}
  %v = load double, ptr %u
  ret double %v
}}""")
    attributes = module.get_function("step.checkpointed").string_attributes()
    assert attributes[LATER_WRITE_ATTRIBUTE] == "in function @f"


def test_a_step_reading_only_its_regions_lets_anything_be_written_after_the_loop():
    module = parse_module(HEADER.replace("ptr @rate", "ptr %u") + f"""
define double @f(ptr %u, i64 %n, ptr %scheme, ptr %other) {{
{CALL}
  store double 0.0, ptr %other
  store double 0.0, ptr %u
  %v = load double, ptr %u
  ret double %v
}}""")
    lower_checkpoint_calls(module, EnzymeCalls(module), lambda inst: "in function @f")
    assert LATER_WRITE_ATTRIBUTE not in module.get_function("step.checkpointed").string_attributes()


def test_a_loop_inside_a_loop_sees_the_writes_before_it_in_the_next_iteration():
    module = lowered(f"""
define double @f(ptr %u, i64 %n, ptr %scheme, ptr %other) {{
entry:
  br label %again
again:
  %k = phi i64 [0, %entry], [%k1, %again]
  store double 1.0, ptr %other
{CALL}
  %k1 = add i64 %k, 1
  %c = icmp slt i64 %k1, 3
  br i1 %c, label %again, label %done
done:
  %v = load double, ptr %u
  ret double %v
}}""")
    assert LATER_WRITE_ATTRIBUTE in module.get_function("step.checkpointed").string_attributes()


def test_markers_must_be_where_the_abi_puts_them():
    with pytest.raises(DifferentiationError, match="takes \\(step, start, n, enzyme_scheme"):
        lowered("""
define void @f(ptr %u, i64 %n, ptr %scheme) {
  call void (ptr, i64, i64, ...) @__enzyme_checkpoint_for(ptr @step, i64 0, i64 %n, ptr %scheme, ptr null, ptr %u, double 0.5)
  ret void
}""")
    with pytest.raises(DifferentiationError, match="passes 1 arguments to the step @step, "
                                                   "which takes 2"):
        lowered("""
define void @f(ptr %u, i64 %n, ptr %scheme) {
  %m = load i32, ptr @enzyme_scheme
  call void (ptr, i64, i64, ...) @__enzyme_checkpoint_for(ptr @step, i64 0, i64 %n, i32 %m, ptr %scheme, ptr null, ptr %u)
  ret void
}""")


PRIMAL_AND_FORWARD = r"""
#include <math.h>
#include <stdint.h>
#include <stdio.h>
extern int enzyme_scheme, enzyme_checkpoint_region;
void __enzyme_checkpoint_for(void *, int64_t, int64_t, ...);
double __enzyme_fwddiff(void *, ...);
static void step(int64_t i, double *x) { *x = sin(*x) + 0.01 * i; }
double f(double *x, double *log) {
  __enzyme_checkpoint_for((void *)step, 0, 5, enzyme_scheme, (void *)0, (void *)0,
                          enzyme_checkpoint_region, x, sizeof(double), x);
  *log = *x;                 /* a later write: refused in reverse mode only */
  return *x;
}
int main(void) {
  double x = 0.5, dx = 1, log = 0, dlog = 0, y = 0.5, dy = 1;
  double tangent = __enzyme_fwddiff((void *)f, &x, &dx, &log, &dlog);
  for (int i = 0; i < 5; i++) { dy *= cos(y); y = sin(y) + 0.01 * i; }
  printf("%.15f %.15f %.15f\n", x - y, tangent - dy, log - y);
  return 0;
}
"""


def test_primal_and_forward_mode_run_the_plain_loop(tmp_path):
    """No scheme is ever called outside reverse mode (a null table here), and a write
    after the loop is no concern of forward mode."""
    c, ll, out = tmp_path / "f.c", tmp_path / "f.ll", tmp_path / "f.out.ll"
    c.write_text(PRIMAL_AND_FORWARD)
    subprocess.run(["clang-22", "-O1", "-S", "-emit-llvm", str(c), "-o", str(ll)], check=True)
    subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-S", "-o", str(out)], check=True)
    run = subprocess.run(["lli-22", str(out)], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["0.000000000000000"] * 3


@pytest.mark.parametrize("target, later", [("g", "in function @g"), ("f", None)])
def test_a_differentiated_caller_writing_after_the_call_is_recorded_and_others_are_not(
        target, later):
    """Writes of a caller run between the loop and its reverse sweep only when the caller
    is differentiated too; ``main`` calling ``f`` plainly is not."""
    module = lowered(f"""
declare double @__enzyme_autodiff(ptr, ...)
define double @f(ptr %u, i64 %n, ptr %scheme) {{
{CALL}
  %v = load double, ptr %u
  ret double %v
}}
define double @g(ptr %u, i64 %n, ptr %scheme, ptr %out) {{
  %v = call double @f(ptr %u, i64 %n, ptr %scheme)
  store double %v, ptr %out
  ret double %v
}}
define double @main_like(ptr %u, ptr %du, ptr %scheme, ptr %log) {{
  %v = call double @f(ptr %u, i64 3, ptr %scheme)
  store double %v, ptr %log
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @{{target}}, ptr %u, ptr %du, i64 3, ptr %scheme)
  ret double %d
}}""".replace("{target}", target))
    attributes = module.get_function("step.checkpointed").string_attributes()
    assert attributes.get(LATER_WRITE_ATTRIBUTE) == later

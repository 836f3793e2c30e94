; An LLVM intrinsic on active values that enzyme-opt has no derivative rule for (found by
; hand next to the llvm-stress fuzzing, issue 9): the message names it as an intrinsic, not
; as "an external function whose body is not in this module".
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s
define double @f(ptr %x, i32 %n) {
  %a = load double, ptr %x
  %r = call double @llvm.ldexp.f64.i32(double %a, i32 %n)
  ret double %r
}
declare double @llvm.ldexp.f64.i32(double, i32)
declare void @__enzyme_autodiff(ptr, ...)
define void @g(ptr %x, ptr %dx, i32 %n) {
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, i32 %n)
  ret void
}
; CHECK: enzyme-opt: error: in function @f, block %{{.*}}: no derivative is known for the LLVM intrinsic @llvm.ldexp.f64.i32 (enzyme-opt has no rule for it yet)

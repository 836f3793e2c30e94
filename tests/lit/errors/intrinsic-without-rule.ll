; An LLVM intrinsic on active values that enzyme-opt has no derivative rule for (found by
; hand next to the llvm-stress fuzzing, issue 9): the message names it as an intrinsic, not
; as "an external function whose body is not in this module".
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s
define double @f(ptr %x) {
  %a = load double, ptr %x
  %r = call { double, i32 } @llvm.frexp.f64.i32(double %a)
  %m = extractvalue { double, i32 } %r, 0
  ret double %m
}
declare { double, i32 } @llvm.frexp.f64.i32(double)
declare void @__enzyme_autodiff(ptr, ...)
define void @g(ptr %x, ptr %dx) {
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  ret void
}
; CHECK: enzyme-opt: error: in function @f, block %{{.*}}: no derivative is known for the LLVM intrinsic @llvm.frexp.f64.i32 (enzyme-opt has no rule for it yet)

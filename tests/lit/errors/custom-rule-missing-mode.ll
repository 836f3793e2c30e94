; A declared function with only a gradient rule, reached in forward mode:
; there is no body to differentiate and no forward rule — an error.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s
define internal { ptr, double } @aug(double %x) {
  %r = insertvalue { ptr, double } undef, double %x, 1
  ret { ptr, double } %r
}
define internal double @grad(double %x, double %d, ptr %t) {
  ret double %d
}
declare !enzyme_augment !0 !enzyme_gradient !1 double @ext(double)
define double @f(double %x) {
  %y = call double @ext(double %x)
  ret double %y
}
declare double @__enzyme_fwddiff(ptr, ...)
define double @g(double %x) {
  %d = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, double %x, double 1.0)
  ret double %d
}
!0 = !{ptr @aug}
!1 = !{ptr @grad}
; CHECK: enzyme-opt: error: in function @f, block %0: @ext has a custom derivative but none for forward mode, and its body is not in this module

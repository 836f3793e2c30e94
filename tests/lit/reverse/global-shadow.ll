; A global holding active data: its shadow is named by !enzyme_shadow (Enzyme's
; convention), reverse mode accumulates into it and forward mode carries the
; tangent through it. d/dx of 3·x² at 2 is 12 in both modes.
; RUN: enzyme-opt %s -S -o - | lli | FileCheck %s
@acc = global double 0.000000e+00, !enzyme_shadow !0
@d_acc = global double 0.000000e+00
@fmt = private constant [11 x i8] c"%.6f %.6f\0A\00"

define void @f(double %x) {
  %m = fmul double %x, %x
  store double %m, ptr @acc
  ret void
}

define double @g(double %x) {
  call void @f(double %x)
  %v = load double, ptr @acc
  %r = fmul double %v, 3.000000e+00
  ret double %r
}

declare double @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)
declare i32 @printf(ptr, ...)

define i32 @main() {
  %rev = call double (ptr, ...) @__enzyme_autodiff(ptr @g, double 2.000000e+00)
  %fwd = call double (ptr, ...) @__enzyme_fwddiff(ptr @g, double 2.000000e+00, double 1.000000e+00)
  %n = call i32 (ptr, ...) @printf(ptr @fmt, double %rev, double %fwd)
  ret i32 0
}

!0 = !{ptr @d_acc}
; CHECK: 12.000000 12.000000

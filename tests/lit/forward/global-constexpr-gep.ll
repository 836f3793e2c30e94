; Forward mode through an active global read with constant-expression
; getelementptrs: the tangent of w[k] is dw[k]. f(x) = (w0 + w1 + w2) * x,
; so with dx = 0 and dw = [1, 2, 3] the tangent is 6 * x = 12 at x = 2.
; RUN: enzyme-opt %s -S -o - | lli | FileCheck %s
@w = global [3 x double] [double 1.0, double 2.0, double 3.0], align 8, !enzyme_shadow !0
@dw = global [3 x double] [double 1.0, double 2.0, double 3.0], align 8
@fmt = private constant [12 x i8] c"tangent %g\0A\00"
declare double @__enzyme_fwddiff(ptr, ...)
declare i32 @printf(ptr, ...)
define double @f(double %x) {
  %a = load double, ptr @w, align 8
  %b = load double, ptr getelementptr inbounds ([3 x double], ptr @w, i64 0, i64 1), align 8
  %c = load double, ptr getelementptr inbounds (i8, ptr @w, i64 16), align 8
  %s1 = fadd double %a, %b
  %s2 = fadd double %s1, %c
  %r = fmul double %s2, %x
  ret double %r
}
define i32 @main() {
  %t = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, double 2.0, double 0.0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %t)
  ret i32 0
}
!0 = !{ptr @dw}
; CHECK: tangent 12

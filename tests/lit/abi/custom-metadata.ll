; Custom rules as IR metadata, Enzyme's IR convention: the augmented pass
; returns {tape, primal} (here an empty {} tape), the gradient takes the
; arguments, the differential return and the tape and returns a struct of
; the float arguments' adjoints; the forward rule returns {primal, tangent}.
; @add2 is a definition whose body the rules override (its true derivative
; is 1; the rules say 10), @ext a declaration with rules only.
; f(x) = add2(x) * x + ext(x), add2(x) = x + 2, ext(x) = 3x (its rules say 3):
; df/dx at 3 = 10 * 3 + 5 + 3 = 38, both modes, each rule called once.
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: llvm-link %t.ll %S/Inputs/ext.ll -S -o - | lli | FileCheck %s
; RUN: FileCheck %s --check-prefix=IR < %t.ll
@fmt = private constant [33 x i8] c"%s %g augment %d grad %d fwd %d\0A\00"
@rev = private constant [8 x i8] c"reverse\00"
@fwd = private constant [8 x i8] c"forward\00"
@n_aug = global i32 0
@n_grad = global i32 0
@n_fwd = global i32 0

define internal void @count(ptr %counter) {
  %n = load i32, ptr %counter
  %n1 = add i32 %n, 1
  store i32 %n1, ptr %counter
  ret void
}

define internal { {}, double } @augment_add2(double %x) {
  call void @count(ptr @n_aug)
  %add = fadd double %x, 2.000000e+00
  %r = insertvalue { {}, double } undef, double %add, 1
  ret { {}, double } %r
}
define internal { double } @gradient_add2(double %x, double %differet, {} %tape) {
  call void @count(ptr @n_grad)
  %d = fmul double %differet, 10.0
  %r = insertvalue { double } undef, double %d, 0
  ret { double } %r
}
define internal { double, double } @forward_add2(double %x, double %dx) {
  call void @count(ptr @n_fwd)
  %add = fadd double %x, 2.000000e+00
  %d = fmul double %dx, 10.0
  %r0 = insertvalue { double, double } undef, double %add, 0
  %r1 = insertvalue { double, double } %r0, double %d, 1
  ret { double, double } %r1
}
define double @add2(double %x) !enzyme_augment !0 !enzyme_gradient !1 !enzyme_derivative !2 {
  %r = fadd double %x, 2.0
  ret double %r
}

define internal { ptr, double } @augment_ext(double %x) {
  %y = fmul double %x, 3.0
  %r = insertvalue { ptr, double } undef, double %y, 1
  ret { ptr, double } %r
}
define internal double @gradient_ext(double %x, double %differet, ptr %tape) {
  %d = fmul double %differet, 3.0
  ret double %d
}
define internal { double, double } @forward_ext(double %x, double %dx) {
  %y = fmul double %x, 3.0
  %d = fmul double %dx, 3.0
  %r0 = insertvalue { double, double } undef, double %y, 0
  %r1 = insertvalue { double, double } %r0, double %d, 1
  ret { double, double } %r1
}
declare !enzyme_augment !3 !enzyme_gradient !4 !enzyme_derivative !5 double @ext(double)

define double @f(double %x) {
  %c = call double @add2(double %x)
  %s = fmul double %c, %x
  %e = call double @ext(double %x)
  %t = fadd double %s, %e
  ret double %t
}

declare double @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)
declare i32 @printf(ptr, ...)

define internal void @show(ptr %mode, double %d) {
  %a = load i32, ptr @n_aug
  %g = load i32, ptr @n_grad
  %w = load i32, ptr @n_fwd
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %mode, double %d, i32 %a, i32 %g, i32 %w)
  store i32 0, ptr @n_aug
  store i32 0, ptr @n_grad
  store i32 0, ptr @n_fwd
  ret void
}

define i32 @main() {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 3.0)
  call void @show(ptr @rev, double %d)
  %t = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, double 3.0, double 1.0)
  call void @show(ptr @fwd, double %t)
  ret i32 0
}
!0 = !{ptr @augment_add2}
!1 = !{ptr @gradient_add2}
!2 = !{ptr @forward_add2}
!3 = !{ptr @augment_ext}
!4 = !{ptr @gradient_ext}
!5 = !{ptr @forward_ext}
; CHECK: reverse 38 augment 1 grad 1 fwd 0
; CHECK-NEXT: forward 38 augment 0 grad 0 fwd 1
; The derivatives call the rules, not the functions.
; IR-LABEL: define internal double @augmented_f(
; IR: call { {}, double } @augment_add2(
; IR: call { ptr, double } @augment_ext(
; IR-LABEL: define internal double @reverse_f(
; IR: call double @gradient_ext(
; IR: call { double } @gradient_add2(
; IR-LABEL: define internal double @fwddiffef(
; IR-NOT: call double @add2
; IR: call { double, double } @forward_add2(
; IR: call { double, double } @forward_ext(

; Lanes of a vector the tape holds anyway, and an fmuladd of values the reverse sweep has,
; are rebuilt from the tape rather than taped again (records._cheap_to_rebuild): BA's
; rotation axis k = w/θ is one <2 x double> fdiv whose lanes and products the partials
; read. Here q = (x/y, y/x) is taped, e0 = x/y, e1 = y/x and s = e0·e1 + x are not.
; f = e0·e1 + (e0·e1 + x)² = 1 + (1 + x)²: ∂f/∂x = 2(1 + x) = 6 at x = 2, ∂f/∂y = 0.
; @g is the same with libm's fma (a call, as -fno-builtin leaves it) for the fmuladd.
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: lli %t.ll | FileCheck %s
; RUN: enzyme-opt %s --no-reuse -S | lli | FileCheck %s
; IR-LABEL: define internal double @augmented_f(
; IR: %frame = call ptr @enzyme_opt.tape.push(ptr %tape, i64 16)
; IR: %r = fadd double %p, %t
; IR-NEXT: store <2 x double> %q, ptr %frame
; IR-NEXT: ret double
; IR-LABEL: define internal double @augmented_g(
; IR: %frame = call ptr @enzyme_opt.tape.push(ptr %tape, i64 16)
; IR: %r = fadd double %p, %t
; IR-NEXT: store <2 x double> %q, ptr %frame
; IR-NEXT: ret double
; CHECK: df/dx = 6.000000, |df/dy| = 0.000000
; CHECK-NEXT: df/dx = 6.000000, |df/dy| = 0.000000

declare double @llvm.fmuladd.f64(double, double, double)
declare double @llvm.fabs.f64(double)
declare double @fma(double, double, double)
declare { double, double } @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
@format = private constant [26 x i8] c"df/dx = %f, |df/dy| = %f\0A\00"

define double @f(double %x, double %y) {
entry:
  %v0 = insertelement <2 x double> poison, double %x, i64 0
  %v1 = insertelement <2 x double> %v0, double %y, i64 1
  %w0 = insertelement <2 x double> poison, double %y, i64 0
  %w1 = insertelement <2 x double> %w0, double %x, i64 1
  %q = fdiv <2 x double> %v1, %w1
  %e0 = extractelement <2 x double> %q, i64 0
  %e1 = extractelement <2 x double> %q, i64 1
  %p = fmul double %e0, %e1
  %s = call double @llvm.fmuladd.f64(double %e0, double %e1, double %x)
  %t = fmul double %s, %s
  %r = fadd double %p, %t
  ret double %r
}

define double @g(double %x, double %y) {
entry:
  %v0 = insertelement <2 x double> poison, double %x, i64 0
  %v1 = insertelement <2 x double> %v0, double %y, i64 1
  %w0 = insertelement <2 x double> poison, double %y, i64 0
  %w1 = insertelement <2 x double> %w0, double %x, i64 1
  %q = fdiv <2 x double> %v1, %w1
  %e0 = extractelement <2 x double> %q, i64 0
  %e1 = extractelement <2 x double> %q, i64 1
  %p = fmul double %e0, %e1
  %s = call double @fma(double %e0, double %e1, double %x)
  %t = fmul double %s, %s
  %r = fadd double %p, %t
  ret double %r
}

define void @report_f() {
  %d = call { double, double } (ptr, ...) @__enzyme_autodiff(ptr @f, double 2.0, double 3.0)
  %dx = extractvalue { double, double } %d, 0
  %dy = extractvalue { double, double } %d, 1
  %ady = call double @llvm.fabs.f64(double %dy)
  call i32 (ptr, ...) @printf(ptr @format, double %dx, double %ady)
  ret void
}

define void @report_g() {
  %d = call { double, double } (ptr, ...) @__enzyme_autodiff(ptr @g, double 2.0, double 3.0)
  %dx = extractvalue { double, double } %d, 0
  %dy = extractvalue { double, double } %d, 1
  %ady = call double @llvm.fabs.f64(double %dy)
  call i32 (ptr, ...) @printf(ptr @format, double %dx, double %ady)
  ret void
}

define i32 @main() {
  call void @report_f()
  call void @report_g()
  ret i32 0
}

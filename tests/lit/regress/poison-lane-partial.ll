; Regression (found by the C++ fuzzer, seed 35 at -O2): SLP code multiplies vectors whose
; second lane is poison and never read. In the reverse sweep that lane's adjoint is 0, but its
; partial (the poison lane, NaN at run time there) made 0 * NaN = NaN, which the other
; operand's adjoint carried into a lane that matters: the gradient was NaN. Contributions to
; lanes the primal leaves poison are now masked (analysis/poison.py).
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: lli %t.ll | FileCheck %s --check-prefix=OUT
define double @f(ptr %p) {
  %a = load double, ptr %p
  %q = getelementptr double, ptr %p, i64 1
  %b = load double, ptr %q
  %v0 = insertelement <2 x double> poison, double %a, i32 0
  %v = insertelement <2 x double> %v0, double %b, i32 1
  %w = call <2 x double> @llvm.maxnum.v2f64(<2 x double> %v, <2 x double> <double 1.0, double 2.0>)
  %w0 = extractelement <2 x double> %w, i64 0
  %s = shufflevector <2 x double> %w, <2 x double> poison, <2 x i32> <i32 1, i32 poison>
  %m = fmul <2 x double> %w, %s
  %m0 = extractelement <2 x double> %m, i64 0
  %r = fadd double %m0, %w0
  ret double %r
}
declare <2 x double> @llvm.maxnum.v2f64(<2 x double>, <2 x double>)
declare void @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [10 x i8] c"%g %g %g\0A\00"
define i32 @main() {
  %x = alloca [2 x double]
  %dx = alloca [2 x double]
  store [2 x double] [double 3.0, double 5.0], ptr %x
  store [2 x double] zeroinitializer, ptr %dx
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  %d0 = load double, ptr %dx
  %p1 = getelementptr double, ptr %dx, i64 1
  %d1 = load double, ptr %p1
  call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1, double 0.0)
  ret i32 0
}
; f = x0 x1 + x0 (both above the maxnum floors): d/dx0 = x1 + 1 = 6, d/dx1 = x0 = 3
; OUT: 6 3 0
; CHECK-LABEL: define internal void @reverse_f(
; CHECK: select <2 x i1> <i1 true, i1 false>

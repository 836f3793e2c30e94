; The poison-lane regression (poison-lane-partial.ll) in batched reverse mode: with
; enzyme_width 2 every adjoint carries two lanes of seeds, and each lane's contributions to
; the vector lanes the primal leaves poison must be masked too (0 * NaN = NaN otherwise).
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: lli %t.ll | FileCheck %s --check-prefix=OUT
@enzyme_width = external global i32
@enzyme_dupv = external global i32
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
@fmt = private constant [14 x i8] c"%g %g, %g %g\0A\00"
define i32 @main() {
  %x = alloca [2 x double]
  %dx = alloca [2 x [2 x double]]
  store [2 x double] [double 3.0, double 5.0], ptr %x
  store [2 x [2 x double]] zeroinitializer, ptr %dx
  %width = load i32, ptr @enzyme_width
  %dupv = load i32, ptr @enzyme_dupv
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, i32 %width, i32 2, i32 %dupv, i64 16, ptr %x, ptr %dx)
  %d0 = load double, ptr %dx
  %p1 = getelementptr double, ptr %dx, i64 1
  %d1 = load double, ptr %p1
  %p2 = getelementptr double, ptr %dx, i64 2
  %d2 = load double, ptr %p2
  %p3 = getelementptr double, ptr %dx, i64 3
  %d3 = load double, ptr %p3
  call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1, double %d2, double %d3)
  ret i32 0
}
; f = x0 x1 + x0 (both above the maxnum floors), seed 1 in both lanes: d/dx0 = x1 + 1 = 6,
; d/dx1 = x0 = 3, in each lane's shadow
; OUT: 6 3, 6 3
; CHECK-LABEL: define internal {{.*}}@reverse_f(
; CHECK: select <2 x i1> <i1 true, i1 false>
; CHECK: select <2 x i1> <i1 true, i1 false>

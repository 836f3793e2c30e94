; Regression (issue 9, llvm-stress fuzzing): reverse mode on scalable vectors
; (<vscale x 2 x double>) treated them as if they had exactly 2 lanes: the adjoint of a
; load was added into shadow memory for lanes 0 and 1 only, and the adjoint of a splat
; shuffle summed lanes 0 and 1 only: wrong gradients whenever vscale > 1. Whole vectors
; are now added, and a splat's adjoint is the sum of every lane (llvm.vector.reduce.fadd).
; RUN: enzyme-opt %s -S -o - | FileCheck %s
; f: t = splat(a[0]) + a, stored. (Nothing needs taping: see
; errors/scalable-vector-tape.ll for what does.)
define void @f(ptr %x, ptr %y) {
  %a = load <vscale x 2 x double>, ptr %x
  %s = shufflevector <vscale x 2 x double> %a, <vscale x 2 x double> poison, <vscale x 2 x i32> zeroinitializer
  %t = fadd <vscale x 2 x double> %s, %a
  store <vscale x 2 x double> %t, ptr %y
  ret void
}
declare void @__enzyme_autodiff(ptr, ...)
define void @g(ptr %x, ptr %dx, ptr %y, ptr %dy) {
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, ptr %y, ptr %dy)
  ret void
}
; CHECK-LABEL: define internal void @reverse_f(
; CHECK: %[[SUM:.+]] = call double @llvm.vector.reduce.fadd.nxv2f64(double -0.000000e+00, <vscale x 2 x double> %"t'")
; CHECK: insertelement <vscale x 2 x double> zeroinitializer, double %[[SUM]], i32 0
; CHECK: %[[OLD:.+]] = load <vscale x 2 x double>, ptr %"x'"
; CHECK-NEXT: %[[NEW:.+]] = fadd <vscale x 2 x double> %[[OLD]], %"a'"
; CHECK-NEXT: store <vscale x 2 x double> %[[NEW]], ptr %"x'"
; CHECK-NOT: extractelement
; CHECK: ret void

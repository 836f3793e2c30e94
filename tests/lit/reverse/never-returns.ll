; A function that never returns (it loops forever) has derivatives that never
; return either: no error. The augmented sweep runs the primal; the reverse
; sweep, never reached, is a single unreachable.
; RUN: enzyme-opt %s -S | FileCheck %s
define double @spin(double %x) {
entry:
  br label %loop
loop:
  %v = phi double [ %x, %entry ], [ %w, %loop ]
  %w = fmul double %v, 1.0
  br label %loop
}
declare double @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)
define double @g(double %x) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @spin, double %x)
  ret double %d
}
define double @h(double %x) {
  %d = call double (ptr, ...) @__enzyme_fwddiff(ptr @spin, double %x, double 1.0)
  ret double %d
}
; CHECK-LABEL: define internal double @reverse_spin(
; CHECK-NEXT: entry:
; CHECK-NEXT: unreachable
; CHECK-LABEL: define internal double @fwddiffespin(
; CHECK-NOT: ret
; CHECK: br label

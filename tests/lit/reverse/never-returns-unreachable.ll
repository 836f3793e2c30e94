; A function none of whose paths returns: one ends in `unreachable` (LLVM turns that path
; into an assumption before AD), the other in an
; infinite loop over a vector (what llvm-stress generates often; issue 9). Both modes
; give derivatives that never return either, and the output verifies; no message about
; returning blocks.
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: opt -passes=verify -disable-output %t.ll
; RUN: FileCheck %s < %t.ll
define void @stuck(ptr %x, ptr %y, i32 %n) {
entry:
  %a = load <2 x double>, ptr %x
  %c = icmp eq i32 %n, 0
  br i1 %c, label %trap, label %loop
trap:
  %s = fmul <2 x double> %a, %a
  store <2 x double> %s, ptr %y
  unreachable
loop:
  %v = phi <2 x double> [ %a, %entry ], [ %w, %loop ]
  %w = fmul <2 x double> %v, %a
  store <2 x double> %w, ptr %y
  br label %loop
}
declare void @__enzyme_autodiff(ptr, ...)
declare void @__enzyme_fwddiff(ptr, ...)
define void @g(ptr %x, ptr %dx, ptr %y, ptr %dy, i32 %n) {
  call void (ptr, ...) @__enzyme_autodiff(ptr @stuck, ptr %x, ptr %dx, ptr %y, ptr %dy, i32 %n)
  call void (ptr, ...) @__enzyme_fwddiff(ptr @stuck, ptr %x, ptr %dx, ptr %y, ptr %dy, i32 %n)
  ret void
}
; CHECK-LABEL: define internal void @reverse_stuck(
; CHECK-NEXT: entry:
; CHECK-NEXT: unreachable
; CHECK-LABEL: define internal void @fwddiffestuck(
; CHECK-NOT: ret
; CHECK: br label %loop
; CHECK-NOT: ret
; CHECK: {{^}}}

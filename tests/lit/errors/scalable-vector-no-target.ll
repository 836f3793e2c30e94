; Scalable vectors (<vscale x 2 x double>) in a module that names no target: LLVM's
; simplification before differentiation uses the default target's cost model, and x86-64's
; aborts the process on some scalable-vector instructions (here, the extractelement that
; simplifycfg considers speculating). Found by llvm-stress fuzzing (issue 9): it was a
; crash (SIGABRT); it is one line now, and the same module with an aarch64 triple works.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s
; RUN: sed -e 's/^; TRIPLE: //' %s | enzyme-opt - -S | FileCheck %s --check-prefix=A64
; TRIPLE: target triple = "aarch64-unknown-linux-gnu"
define void @f(ptr %x, ptr %y, i1 %c) {
entry:
  %a = load <vscale x 2 x double>, ptr %x
  br i1 %c, label %then, label %join
then:
  %e = extractelement <vscale x 2 x double> %a, i32 1
  br label %join
join:
  %p = phi double [ %e, %then ], [ 0.0, %entry ]
  store double %p, ptr %y
  ret void
}
declare void @__enzyme_fwddiff(ptr, ...)
define void @g(ptr %x, ptr %dx, ptr %y, ptr %dy, i1 %c) {
  call void (ptr, ...) @__enzyme_fwddiff(ptr @f, ptr %x, ptr %dx, ptr %y, ptr %dy, i1 %c)
  ret void
}
; CHECK: enzyme-opt: error: in function @f: cannot differentiate this code with scalable vectors (<vscale x ...>): LLVM aborted on them while simplifying it before differentiation; the target, x86_64-unknown-linux-gnu (the default: the module names none), has no scalable vectors: give the module a target triple that has them (aarch64 with SVE, riscv64 with V)
; A64: define internal void @fwddiffef(

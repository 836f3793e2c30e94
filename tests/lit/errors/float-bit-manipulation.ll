; A float read as integer bits and changed with integer operations (here fabs as a mask, as
; hand-written bit tricks and some -O2 code do) carries no derivative through the integers.
; Preprocessing retypes plain moves of floats through integers (and two floats in one i64:
; regress/float-pair-split-from-i64.ll), but not arithmetic on the bits: refused in one line,
; in both modes, instead of losing the derivative silently.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s
; RUN: sed -e 's/__enzyme_autodiff/__enzyme_fwddiff/' %s > %t.fwd.ll
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.fwd.ll -S -o %t.out | FileCheck %s
define float @f(ptr %x) {
  %bits = load i32, ptr %x, align 4
  %abs = and i32 %bits, 2147483647
  %v = bitcast i32 %abs to float
  %q = getelementptr inbounds i8, ptr %x, i64 4
  %a = load float, ptr %q, align 4
  %r = fmul float %a, %v
  ret float %r
}
declare float @__enzyme_autodiff(ptr, ...)
define float @g(ptr %x, ptr %dx) {
  %d = call float (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  ret float %d
}
; CHECK: enzyme-opt: error: in function @f, block %{{.*}}: a floating-point value read as integer bits (i32 loaded, turned back into float through integer operations) cannot be differentiated: its derivative would be lost; use floating-point operations (fabs, copysign) instead of bit manipulation

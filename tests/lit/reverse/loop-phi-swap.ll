; A loop header phi whose incoming value from the latch is another phi of
; the same header (a, b = b, x*b - a: what clang -O1 makes of a two-term
; recurrence). Phis read their incoming values in parallel, so the adjoint
; of %a must go to the *previous* value of %b; it used to be added to %b's
; adjoint before that was taken, giving a wrong gradient (-0.25 for -2.5).
; b_3 = x^4 - 3x^2 + 1, d/dx = 4x^3 - 6x = -2.5 at x = 0.5.
; RUN: enzyme-opt %s -S -o - | lli | FileCheck %s
; CHECK: -2.500000

@fmt = private constant [4 x i8] c"%f\0A\00"

define double @rec(double %x) {
entry:
  br label %loop

loop:
  %a = phi double [ 1.000000e+00, %entry ], [ %b, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %b = phi double [ %x, %entry ], [ %c, %loop ]
  %xb = fmul double %x, %b
  %c = fsub double %xb, %a
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 3
  br i1 %done, label %exit, label %loop

exit:
  ret double %c
}

declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)

define i32 @main() {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @rec, double 5.000000e-01)
  %r = call i32 (ptr, ...) @printf(ptr @fmt, double %d)
  ret i32 0
}

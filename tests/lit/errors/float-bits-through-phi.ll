; A float's bits read in a loop and changed after it with integer operations (fabs as a
; mask) reach the bitcast through the loop's LCSSA phi: the check that refuses bit tricks on
; active floats must follow the phi (it stopped there, and the derivative was lost silently:
; C++ fuzz seed 2097). Refused in one line, in both modes.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s
; RUN: sed -e 's/__enzyme_autodiff/__enzyme_fwddiff/' %s > %t.fwd.ll
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.fwd.ll -S -o %t.out | FileCheck %s
define void @touch(ptr %p) noinline {
  store i32 0, ptr %p
  ret void
}
define float @f(ptr noalias %x, i32 %n) {
entry:
  %tmp = alloca i32
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %bits = load i32, ptr %x, align 4
  call void @touch(ptr %tmp)
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  %abs = and i32 %bits, 2147483647
  %v = bitcast i32 %abs to float
  %r = fmul float %v, %v
  ret float %r
}
declare float @__enzyme_autodiff(ptr, ...)
define float @g(ptr %x, ptr %dx, i32 %n) {
  %d = call float (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, i32 %n)
  ret float %d
}
; CHECK: enzyme-opt: error: in function @f, block %{{.*}}: a floating-point value read as integer bits (i32 loaded, turned back into float through integer operations) cannot be differentiated

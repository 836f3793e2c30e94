; Regression (C++ fuzz seed 2097 at -O2 and -O3, silent in both modes and with --no-reuse):
; two floats loaded as one i64 in a loop (a call after the load keeps it there) and the
; second read back after the loop through the loop's LCSSA phi, lshr 32, trunc and bitcast.
; The pair was retyped as <2 x float> only when the i64 reached its halves directly; through
; the phi it stayed an integer and the derivative of s[4] was lost. Now the phi moves the pair.
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: lli %t.ll | FileCheck %s --check-prefix=OUT
; RUN: enzyme-opt --no-reuse %s -S -o %t.nr.ll
; RUN: lli %t.nr.ll | FileCheck %s --check-prefix=OUT
define void @g(ptr %p) noinline {
  store float 1.0, ptr %p
  ret void
}
define float @f(ptr noalias %s, ptr %n) {
entry:
  %tmp = alloca float
  %hi = getelementptr inbounds i8, ptr %s, i64 12
  %m = load i32, ptr %n
  %c = icmp sgt i32 %m, 0
  br i1 %c, label %loop, label %skip

skip:
  %p16 = getelementptr inbounds i8, ptr %s, i64 16
  %v16 = load float, ptr %p16
  br label %join

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %pair = load i64, ptr %hi, align 4
  call void @g(ptr %tmp)
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %m
  br i1 %more, label %loop, label %exit

exit:
  %lc = phi i64 [ %pair, %loop ]
  %high = lshr i64 %lc, 32
  %bits = trunc i64 %high to i32
  %v1 = bitcast i32 %bits to float
  br label %join

join:
  %w = phi float [ %v16, %skip ], [ %v1, %exit ]
  %r = fmul float %w, %w
  ret float %r
}
declare void @__enzyme_autodiff(ptr, ...)
@fmt = private constant [10 x i8] c"%g %g\0A\00\00\00\00"
declare i32 @printf(ptr, ...)
define i32 @main() {
  %s = alloca [5 x float]
  %ds = alloca [5 x float]
  %n = alloca i32
  store i32 3, ptr %n
  store [5 x float] [float 1.0, float 2.0, float 3.0, float 4.0, float 5.0], ptr %s
  store [5 x float] zeroinitializer, ptr %ds
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %s, ptr %ds, ptr %n, ptr %n)
  %p3 = getelementptr float, ptr %ds, i64 3
  %p4 = getelementptr float, ptr %ds, i64 4
  %d3 = load float, ptr %p3
  %d4 = load float, ptr %p4
  %e3 = fpext float %d3 to double
  %e4 = fpext float %d4 to double
  call i32 (ptr, ...) @printf(ptr @fmt, double %e3, double %e4)
  ret i32 0
}
; f = s[4]^2 when the loop runs (n = 3): d/ds[3] = 0, d/ds[4] = 2 * 5
; OUT: 0 10
; CHECK-LABEL: define internal {{.*}}@augmented_f(
; CHECK: phi <2 x float>

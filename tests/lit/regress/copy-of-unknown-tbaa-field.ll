; Regression (C++ fuzz seed 4018 at -O1, silent in every mode, with --no-reuse too): a copy
; annotated by clang's !tbaa.struct with one field of type "omnipotent char" (what clang gives
; std::array<double, 3>'s array, and char members) was taken for a copy of integers: the
; adjoint of the copied doubles was dropped (the gradient came back 0), and an array of
; pointers copied so left its copy's shadow pointers null (the derivative crashed). Such a copy is now typed from how its memory is
; accessed, like a copy with no annotation.
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: lli %t.ll | FileCheck %s
; RUN: enzyme-opt --no-reuse %s -S -o - | lli | FileCheck %s
define double @red(ptr readonly captures(none) %p) noinline {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s1, %loop ]
  %q = getelementptr inbounds double, ptr %p, i64 %i
  %v = load double, ptr %q, align 8
  %e = call double @sin(double %v)
  %s1 = call double @llvm.fmuladd.f64(double %s, double 0.8, double %e)
  %i1 = add i64 %i, 1
  %c = icmp eq i64 %i1, 2
  br i1 %c, label %exit, label %loop
exit:
  ret double %s1
}
; a std::array<double, 3> filled with tanh(a), copied, its last two read by @red
define double @doubles(double %a) {
entry:
  %first = alloca [3 x double], align 8
  %copy = alloca [3 x double], align 8
  %th = call double @tanh(double %a)
  br label %fill
fill:
  %k = phi i64 [ 0, %entry ], [ %k1, %fill ]
  %at = getelementptr inbounds double, ptr %first, i64 %k
  store double %th, ptr %at, align 8
  %k1 = add i64 %k, 1
  %done = icmp eq i64 %k1, 3
  br i1 %done, label %after, label %fill
after:
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %copy, ptr align 8 %first, i64 24, i1 false), !tbaa.struct !0
  %tail = getelementptr inbounds i8, ptr %copy, i64 8
  %r = call double @red(ptr %tail)
  %o = call double @atan(double %r)
  ret double %o
}
define double @sum_squares(ptr readonly captures(none) %rows) noinline {
  %p0 = load ptr, ptr %rows, align 8
  %at1 = getelementptr inbounds i8, ptr %rows, i64 8
  %p1 = load ptr, ptr %at1, align 8
  %v0 = load double, ptr %p0, align 8
  %v1 = load double, ptr %p1, align 8
  %s0 = fmul double %v0, %v0
  %s1 = fmul double %v1, %v1
  %s = fadd double %s0, %s1
  ret double %s
}
; an array of two pointers into x (filled in a loop, so that the copy stays a memcpy),
; copied: their shadows must follow
define double @pointers(ptr %x) {
entry:
  %rows = alloca [2 x ptr], align 8
  %copy = alloca [2 x ptr], align 8
  br label %fill
fill:
  %k = phi i64 [ 0, %entry ], [ %k1, %fill ]
  %row = getelementptr inbounds double, ptr %x, i64 %k
  %slot = getelementptr inbounds ptr, ptr %rows, i64 %k
  store ptr %row, ptr %slot, align 8
  %k1 = add i64 %k, 1
  %done = icmp eq i64 %k1, 2
  br i1 %done, label %after, label %fill
after:
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %copy, ptr align 8 %rows, i64 16, i1 false), !tbaa.struct !4
  %r = call double @sum_squares(ptr %copy)
  ret double %r
}
declare double @sin(double)
declare double @tanh(double)
declare double @atan(double)
declare double @llvm.fmuladd.f64(double, double, double)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare double @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)
@fmt = private constant [17 x i8] c"%.9g %.9g %g %g\0A\00"
declare i32 @printf(ptr, ...)
define i32 @main() {
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @doubles, double 0.37)
  %f = call double (ptr, ...) @__enzyme_fwddiff(ptr @doubles, double 0.37, double 1.0)
  %x = alloca [2 x double], align 8
  %dx = alloca [2 x double], align 8
  store [2 x double] [double 3.0, double 5.0], ptr %x, align 8
  store [2 x double] zeroinitializer, ptr %dx, align 8
  %unused = call double (ptr, ...) @__enzyme_autodiff(ptr @pointers, ptr %x, ptr %dx)
  %d0 = load double, ptr %dx, align 8
  %dx1 = getelementptr inbounds double, ptr %dx, i64 1
  %d1 = load double, ptr %dx1, align 8
  call i32 (ptr, ...) @printf(ptr @fmt, double %g, double %f, double %d0, double %d1)
  ret i32 0
}
; reverse = forward for @doubles; d(x0² + x1²) = (6, 10) for @pointers
; CHECK: 1.06297584 1.06297584 6 10
!0 = !{i64 0, i64 24, !1}
!1 = !{!2, !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = !{i64 0, i64 16, !1}

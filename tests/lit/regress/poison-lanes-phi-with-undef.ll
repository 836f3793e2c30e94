; Regression (shared/repro/reverse-O3-wrong.c, -O3 only): a vector loaded where a loop
; filled the memory is joined by a phi with `undef` (the path where that loop never ran),
; as LLVM writes it. The lanes are defined on the path that reads them, but the poison
; analysis took "undef on one path" for "undefined", masked their adjoints, and the
; gradient through them was silently 0. A phi or select lane is undefined only where
; every choice leaves it so (analysis/poison.py).
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: lli %t.ll | FileCheck %s
define double @f(ptr %x, ptr %y, i32 %n) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %load, label %join
load:
  %v = load <2 x double>, ptr %x, align 8
  br label %join
join:
  %p = phi <2 x double> [ %v, %load ], [ undef, %entry ]
  %w = load <2 x double>, ptr %y, align 8
  %m = fmul <2 x double> %p, %w
  %e0 = extractelement <2 x double> %m, i64 0
  %e1 = extractelement <2 x double> %m, i64 1
  %s = fadd double %e0, %e1
  %r = select i1 %c, double %s, double 0.0
  ret double %r
}
declare void @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
@enzyme_const = global i32 0
@fmt = private constant [7 x i8] c"%g %g\0A\00"
define i32 @main() {
  %x = alloca [2 x double], align 16
  %dx = alloca [2 x double], align 16
  %y = alloca [2 x double], align 16
  store [2 x double] [double 3.0, double 5.0], ptr %x
  store [2 x double] [double 7.0, double 11.0], ptr %y
  store [2 x double] zeroinitializer, ptr %dx
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, ptr @enzyme_const, ptr %y,
                                          ptr @enzyme_const, i32 2)
  %d0 = load double, ptr %dx
  %p1 = getelementptr double, ptr %dx, i64 1
  %d1 = load double, ptr %p1
  call i32 (ptr, ...) @printf(ptr @fmt, double %d0, double %d1)
  ret i32 0
}
; f = x0 y0 + x1 y1 for n > 0: the gradient in x is y = (7, 11)
; CHECK: 7 11

; Reverse mode is split in two: diffe<f> calls augmented_<f> (the forward
; sweep, recording on the tape) and then reverse_<f> (the reverse sweep, with
; the differential return %differeturn), then frees the tape.
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
; RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

@fmt = private constant [6 x i8] c"%.6f\0A\00"

define double @f(double %x) {
entry:
  %sq = fmul double %x, %x
  %e = call double @llvm.exp.f64(double %sq)
  ret double %e
}

declare double @llvm.exp.f64(double)
declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)

define double @df(double %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %r
}

define i32 @main() {
entry:
  ; d/dx exp(x^2) = 2x exp(x^2) = 0 at 0, 2e at 1
  %a = call double @df(double 0.0)
  %b = call double @df(double 1.0)
  %n1 = call i32 (ptr, ...) @printf(ptr @fmt, double %a)
  %n2 = call i32 (ptr, ...) @printf(ptr @fmt, double %b)
  ret i32 0
}

; CHECK-LABEL: define double @df(
; CHECK: call double @diffef(double %x, double 1.000000e+00)
; CHECK-LABEL: define internal double @diffef(
; CHECK-SAME: double %x, double %differeturn)
; CHECK: call double @augmented_f(double %x, ptr [[TAPE:%\w+]])
; CHECK: call double @reverse_f(double %x, double %differeturn, ptr [[TAPE]])
; CHECK: call void @enzyme_opt.tape.free(ptr [[TAPE]])
; CHECK: ret double
; CHECK-LABEL: define internal double @augmented_f(
; CHECK-SAME: double %x, ptr %tape)
; CHECK: call double @llvm.exp.f64(
; CHECK: ret double
; CHECK-LABEL: define internal double @reverse_f(
; CHECK-SAME: double %x, double %differeturn, ptr %tape)
; CHECK: ret double

; NOENZ-NOT: __enzyme_

; NUM: 0.000000
; NUM-NEXT: 5.436564

; llvm.sincos (one call for a sine and a cosine, LLVM 20+) becomes a sine and a cosine
; before AD, in both modes: d/dx sin(x)cos(x) = cos(2x).
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: lli %t.ll | FileCheck %s

declare { double, double } @llvm.sincos.f64(double)
declare double @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [11 x i8] c"%.9f %.9f\0A\00"

define double @f(double %x) {
  %r = call { double, double } @llvm.sincos.f64(double %x)
  %s = extractvalue { double, double } %r, 0
  %c = extractvalue { double, double } %r, 1
  %p = fmul double %s, %c
  ret double %p
}

define i32 @main() {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 0.7)
  %t = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, double 0.7, double 1.0)
  call i32 (ptr, ...) @printf(ptr @fmt, double %d, double %t)
  ret i32 0
}

; IR-LABEL: define internal double @reverse_f(
; IR-NOT: llvm.sincos
; IR: ret double
; cos(1.4) = 0.169967143
; CHECK: 0.169967143 0.169967143

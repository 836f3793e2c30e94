; Input from standard input: '-' or no input argument at all, as text or
; as bitcode.
; RUN: enzyme-opt - -S < %s | FileCheck %s
; RUN: enzyme-opt -S < %s | FileCheck %s
; RUN: llvm-as %s -o - | enzyme-opt - -S | FileCheck %s
; RUN: llvm-as %s -o %t.bc
; RUN: enzyme-opt %t.bc -S | FileCheck %s

define double @sq(double %x) {
entry:
  %m = fmul double %x, %x
  ret double %m
}

declare double @__enzyme_autodiff(ptr, ...)

define double @dsq(double %x) {
entry:
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @sq, double %x)
  ret double %d
}

; CHECK-LABEL: define double @dsq(
; CHECK: call double @diffesq(double %x, double 1.000000e+00)
; CHECK-LABEL: define internal double @diffesq(

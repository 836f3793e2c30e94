; Hand-written IR passing the activity markers as metadata operands
; (metadata !"enzyme_dup" / !"enzyme_const"), as front ends other than
; clang do: the markers are consumed and do not reach the derivative call.
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=NOENZ < %t.ll
; RUN: lli %t.ll | FileCheck %s --check-prefix=NUM

@fmt = private constant [6 x i8] c"%.6f\0A\00"

define double @f(ptr %p, double %s) {
entry:
  %x = load double, ptr %p
  %m = fmul double %x, %s
  %r = fmul double %m, %x
  ret double %r
}

declare double @__enzyme_fwddiff(ptr, ...)
declare i32 @printf(ptr, ...)

define double @caller(ptr %p, ptr %dp, double %s) {
entry:
  %r = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, metadata !"enzyme_dup", ptr %p, ptr %dp, metadata !"enzyme_const", double %s)
  ret double %r
}

define i32 @main() {
entry:
  %p = alloca double
  %dp = alloca double
  store double 2.0, ptr %p
  store double 1.0, ptr %dp
  ; d/dx (s x^2) = 2 s x = 2 * 3 * 2 = 12
  %d = call double @caller(ptr %p, ptr %dp, double 3.0)
  %n = call i32 (ptr, ...) @printf(ptr @fmt, double %d)
  ret i32 0
}

; CHECK-LABEL: define double @caller(
; CHECK-NOT: metadata
; CHECK: call double @fwddiffef(ptr %p, ptr %dp, double %s)
; CHECK-NEXT: ret double
; CHECK-LABEL: define internal double @fwddiffef(
; CHECK-SAME: ptr %p, ptr %"p'", double %s)
; CHECK: %x = load double, ptr %p
; CHECK: %"x'" = load double, ptr %"p'"
; CHECK: ret double

; NOENZ-NOT: __enzyme_
; NOENZ-NOT: !"enzyme_

; NUM: 12.000000

; A module without __enzyme_* calls passes through unchanged: no
; preprocess_ clones, no tape helpers.
; RUN: enzyme-opt %s -S | FileCheck %s
; RUN: enzyme-opt %s -S | FileCheck %s --check-prefix=NONEW

define double @f(double %x) {
entry:
  %m = fmul double %x, %x
  ret double %m
}

define double @g(ptr %p) {
entry:
  %v = load double, ptr %p
  %r = call double @f(double %v)
  ret double %r
}

; CHECK-LABEL: define double @f(double %x) {
; CHECK-NEXT: entry:
; CHECK-NEXT: %m = fmul double %x, %x
; CHECK-NEXT: ret double %m
; CHECK-NEXT: }
; CHECK-LABEL: define double @g(ptr %p) {
; CHECK-NEXT: entry:
; CHECK-NEXT: %v = load double, ptr %p, align 8
; CHECK-NEXT: %r = call double @f(double %v)
; CHECK-NEXT: ret double %r
; CHECK-NEXT: }

; NONEW-NOT: preprocess_
; NONEW-NOT: enzyme_opt
; NONEW-NOT: define internal

; A float shadow for a double primal does not match: Enzyme refuses it
; ("Cannot cast __enzyme_autodiff shadow argument": it only bitcasts
; same-size types), so must enzyme-opt.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define double @sq(double %x) {
entry:
  %m = fmul double %x, %x
  ret double %m
}

declare double @__enzyme_fwddiff(ptr, ...)

define double @caller(double %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, metadata !"enzyme_dup", double %x, float 1.0)
  ret double %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: the shadow of parameter 1 of @sq has type float, but its primal has type double

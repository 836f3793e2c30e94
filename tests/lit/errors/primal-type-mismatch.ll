; A float argument for a double parameter does not match: Enzyme refuses it
; ("Cannot cast __enzyme_autodiff primal argument"), so must enzyme-opt.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define double @sq(double %x) {
entry:
  %m = fmul double %x, %x
  ret double %m
}

declare double @__enzyme_fwddiff(ptr, ...)

define double @caller(float %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, float %x, double 1.0)
  ret double %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: {{.*}}float{{.*}}double

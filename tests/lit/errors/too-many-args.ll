; Forward mode has no differential-return argument: an argument left over
; after the last parameter's shadow is an error (Enzyme: "Had too many
; arguments").
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define double @sq(double %x) {
entry:
  %m = fmul double %x, %x
  ret double %m
}

declare double @__enzyme_fwddiff(ptr, ...)

define double @caller(double %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, double %x, double 1.0, double 3.0)
  ret double %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: too many arguments: @sq takes 1 parameters, argument 4 (double) is left over in call to __enzyme_fwddiff{{$}}

; A parameter of the differentiated function with no argument at all.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define double @f(double %x, double %y) {
entry:
  %m = fmul double %x, %y
  ret double %m
}

declare double @__enzyme_autodiff(ptr, ...)

define double @caller(double %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: too few arguments: @f takes 2 parameters, parameter 2 (double) has no argument in call to __enzyme_autodiff{{$}}

; enzyme_dup with no shadow after the primal: too few arguments.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define double @sq(double %x) {
entry:
  %m = fmul double %x, %x
  ret double %m
}

declare double @__enzyme_fwddiff(ptr, ...)

define double @caller(double %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, metadata !"enzyme_dup", double %x)
  ret double %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: too few arguments: expected the shadow of parameter 1 of @sq in call to __enzyme_fwddiff{{$}}
; CHECK-NOT: Traceback

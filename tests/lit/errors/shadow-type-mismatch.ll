; The shadow of a pointer argument must be a pointer.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define double @f(ptr %p) {
entry:
  %x = load double, ptr %p
  %m = fmul double %x, %x
  ret double %m
}

declare double @__enzyme_fwddiff(ptr, ...)

define double @caller(ptr %p) {
entry:
  %r = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, metadata !"enzyme_dup", ptr %p, double 1.0)
  ret double %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: the shadow of parameter 1 of @f has type double, but its primal has type ptr in call to __enzyme_fwddiff{{$}}

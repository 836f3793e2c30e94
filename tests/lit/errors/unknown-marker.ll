; An unknown enzyme_* marker (a typo of enzyme_dup) is an error, not an
; ordinary argument.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define double @sq(double %x) {
entry:
  %m = fmul double %x, %x
  ret double %m
}

declare double @__enzyme_fwddiff(ptr, ...)

define double @caller(double %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, metadata !"enzyme_dupx", double %x, double 1.0)
  ret double %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: unknown Enzyme marker 'enzyme_dupx' in call to __enzyme_fwddiff{{$}}

; The function to differentiate is only declared: its body is not in the
; module, so no derivative can be generated.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

declare double @ext(double)
declare double @__enzyme_autodiff(ptr, ...)

define double @caller(double %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @ext, double %x)
  ret double %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: cannot differentiate @ext: it is only a declaration (its body is not in this module){{$}}

; An Enzyme entry point enzyme-opt does not implement (here
; __enzyme_virtualreverse): a clear error naming it, not a crash or a silent
; pass-through.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define double @sq(double %x) {
entry:
  %m = fmul double %x, %x
  ret double %m
}

declare ptr @__enzyme_virtualreverse(ptr)

define ptr @caller() {
entry:
  %r = call ptr @__enzyme_virtualreverse(ptr @sq)
  ret ptr %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: {{.*}}not supported{{.*}}__enzyme_virtualreverse{{$}}

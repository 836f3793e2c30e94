; Split reverse mode (__enzyme_augmentfwd) is not supported yet: a clear
; error naming the entry point, not a crash or a silent pass-through.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define double @sq(double %x) {
entry:
  %m = fmul double %x, %x
  ret double %m
}

declare ptr @__enzyme_augmentfwd(ptr, ...)

define ptr @caller(double %x) {
entry:
  %r = call ptr (ptr, ...) @__enzyme_augmentfwd(ptr @sq, double %x)
  ret ptr %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: {{.*}}not supported{{.*}}__enzyme_augmentfwd{{$}}

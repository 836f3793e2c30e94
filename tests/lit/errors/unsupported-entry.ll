; An Enzyme entry point enzyme-opt does not implement yet (here
; __enzyme_batch): a clear error naming it, not a crash or a silent
; pass-through.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define double @sq(double %x) {
entry:
  %m = fmul double %x, %x
  ret double %m
}

declare [2 x double] @__enzyme_batch(ptr, ...)

define [2 x double] @caller(double %x, double %y) {
entry:
  %r = call [2 x double] (ptr, ...) @__enzyme_batch(ptr @sq, metadata !"enzyme_width", i64 2, metadata !"enzyme_vector", double %x, double %y)
  ret [2 x double] %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: {{.*}}not supported{{.*}}__enzyme_batch{{$}}

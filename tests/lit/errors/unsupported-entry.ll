; A use of an Enzyme entry point enzyme-opt does not implement (here
; __enzyme_virtualreverse of a function taking a pointer, whose table's calling
; convention would be a guess): a clear error naming it, not a crash or a silent
; pass-through. (Of a function of doubles it makes the table: split/virtual-reverse.c.)
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define double @sq(ptr %x) {
entry:
  %v = load double, ptr %x
  %m = fmul double %v, %v
  ret double %m
}

declare ptr @__enzyme_virtualreverse(ptr)

define ptr @caller() {
entry:
  %r = call ptr @__enzyme_virtualreverse(ptr @sq)
  ret ptr %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: __enzyme_virtualreverse of @sq: only a function taking and returning floating-point values {{.*}}would be a guess{{$}}

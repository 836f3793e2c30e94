; A use of an Enzyme entry point enzyme-opt does not implement (here
; __enzyme_virtualreverse of a function of three doubles, whose table's reverse
; would return its adjoints as C returns no struct of three doubles, in
; registers): a clear error naming it, not a crash or a silent pass-through. (Of
; a function of one or two doubles it makes the table: split/virtual-reverse.c.)
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define double @sq(double %x, double %y, double %z) {
entry:
  %m = fmul double %x, %y
  %n = fmul double %m, %z
  ret double %n
}

declare ptr @__enzyme_virtualreverse(ptr)

define ptr @caller() {
entry:
  %r = call ptr @__enzyme_virtualreverse(ptr @sq)
  ret ptr %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@caller{{.*}}: __enzyme_virtualreverse of @sq: only a function of at most one float or double argument, or two doubles, gets a table {{.*}}in registers only then{{$}}

; --print-requests on a module whose only Enzyme call is __enzyme_virtualreverse: it asks
; for a table of derivative functions, not a derivative, so there is no request to show
; (it used to stop with "this Enzyme entry point is not supported yet", though it is).
; RUN: enzyme-opt --print-requests %s | FileCheck %s
; CHECK: no __enzyme_* calls asking for a derivative
define double @sq(double %x) {
  %m = fmul double %x, %x
  ret double %m
}
declare ptr @__enzyme_virtualreverse(ptr)
define ptr @caller() {
  %r = call ptr @__enzyme_virtualreverse(ptr @sq)
  ret ptr %r
}

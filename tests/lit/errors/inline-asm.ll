; Inline asm on an active value, in forward mode, without debug info.
; Inline asm on inactive values only is fine (the second function).
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s
; RUN: sed -e "s/ptr @ia, double %x, double 1.0/ptr @ok, double %x, double 1.0/" %s | enzyme-opt - -S | FileCheck %s --check-prefix=OK

define double @ia(double %x) {
entry:
  %y = call double asm "fsqrt", "=t,0"(double %x)
  ret double %y
}

define double @ok(double %x) {
entry:
  %c = call double asm "fld1", "=t"()
  %y = fmul double %c, %x
  ret double %y
}

declare double @__enzyme_fwddiff(ptr, ...)

define double @caller(double %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_fwddiff(ptr @ia, double %x, double 1.0)
  ret double %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}: inline asm with active operands cannot be differentiated{{$}}
; OK-LABEL: define internal double @fwddiffeok(
; OK: call double asm "fld1"

; Without debug info, an unsupported construct is located in the user's
; function: @apply, not the generated @augmented_apply / @fwddiffeapply.
;   and "in function @fwddiffeapply" (forward): names the user never wrote.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out > %t.err
; RUN: FileCheck %s < %t.err
; RUN: FileCheck %s --check-prefix=NOGEN < %t.err
; RUN: sed -e s/__enzyme_autodiff/__enzyme_fwddiff/ -e "/@__enzyme_fwddiff(ptr @apply/s/double %x)$/double %x, double 1.0)/" %s > %t.fwd.ll
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.fwd.ll -S -o %t.out > %t.fwd.err
; RUN: FileCheck %s < %t.fwd.err
; RUN: FileCheck %s --check-prefix=NOGEN < %t.fwd.err

define double @apply(ptr %f, double %x) {
entry:
  %y = call double %f(double %x)
  ret double %y
}

; Its body is elsewhere, so it has no table of derivatives to look up.
declare double @sq(double)

declare double @__enzyme_autodiff(ptr, ...)

define double @caller(double %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @apply, metadata !"enzyme_const", ptr @sq, double %x)
  ret double %r
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}@apply{{[^\w.]}}{{.*}}indirect call
; NOGEN-NOT: augmented_
; NOGEN-NOT: fwddiffe
; NOGEN-NOT: reverse_

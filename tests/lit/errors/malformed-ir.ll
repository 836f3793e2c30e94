; Malformed textual IR: one line naming the file and the line of the error.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt - -S < %s | FileCheck %s --check-prefix=STDIN

define double @f(double %x) {
entry:
  %y = fmulx double %x, %x
  ret double %y
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}malformed-ir.ll:[[# @LINE - 4]]: expected instruction opcode{{$}}
; CHECK-NOT: Traceback
; STDIN: {{^}}enzyme-opt: error: <stdin>:[[# @LINE - 6]]: expected instruction opcode{{$}}

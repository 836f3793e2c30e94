; IR that parses but does not verify (an instruction that does not dominate
; its use): one line.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %s -S -o %t.out | FileCheck %s

define i32 @f() {
entry:
  %x = add i32 %z, 1
  %z = add i32 1, 1
  ret i32 %x
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}verify-failure.ll: the input does not verify: Instruction does not dominate all uses
; CHECK-NOT: Traceback

; Bitcode that starts with the magic number but is corrupt or truncated:
; one line of diagnostic, like every other error.
;   "enzyme-opt: error: x.bc: unreadable bitcode: LLVM bitcode parsing error"
;   "Invalid bitcode signature" (or "can't skip to bit ...") on a second line.
; RUN: %python -c "import sys; open(sys.argv[1], 'wb').write(bytes([0x42, 0x43, 0xC0, 0xDE]) + bytes(range(64)))" %t.bad.bc
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.bad.bc -S -o %t.out | FileCheck %s
; RUN: llvm-as %s -o %t.bc
; RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(d[:len(d) // 2])" %t.bc %t.trunc.bc
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.trunc.bc -S -o %t.out | FileCheck %s

define double @f(double %x) {
entry:
  %y = fmul double %x, %x
  ret double %y
}

; CHECK: {{^}}enzyme-opt: error: {{.*}}.bc: {{.*}}bitcode

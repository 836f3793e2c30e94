; Binary data that is neither bitcode nor text IR.
; RUN: %python -c "import sys; open(sys.argv[1], 'wb').write(bytes(range(256)) * 8)" %t.bin
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.bin -S -o %t.out | FileCheck %s
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt - -o %t.out < %t.bin | FileCheck %s --check-prefix=STDIN

; CHECK: {{^}}enzyme-opt: error: {{.*}}.bin: not LLVM IR
; STDIN: {{^}}enzyme-opt: error: <stdin>: not LLVM IR

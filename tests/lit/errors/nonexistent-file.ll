; A missing input file: one line, exit 1, no output file.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.does-not-exist.ll -S -o %t.out | FileCheck %s

; CHECK: {{^}}enzyme-opt: error: {{.*}}does-not-exist.ll: cannot read the input: No such file or directory{{$}}

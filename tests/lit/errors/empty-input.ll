; An empty input (file or standard input) is an error, not an empty module.
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt /dev/null -S -o %t.out | FileCheck %s
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt - -S < /dev/null | FileCheck %s --check-prefix=STDIN
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt -S < /dev/null | FileCheck %s --check-prefix=STDIN

; CHECK: {{^}}enzyme-opt: error: /dev/null: the input is empty{{$}}
; STDIN: {{^}}enzyme-opt: error: <stdin>: the input is empty{{$}}

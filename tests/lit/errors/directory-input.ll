; A directory given as the input file is an unreadable input: one line of
; diagnostic and exit status 1, like a missing file (as LLVM's opt does).
;   ("Usage: ...", "Try 'enzyme-opt --help' ...", "Error: Invalid value for
;   '[INPUT]': File '...' is a directory.").
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %S -S -o %t.out | FileCheck %s

; CHECK: {{^}}enzyme-opt: error: {{.*}}errors: {{.*}}directory

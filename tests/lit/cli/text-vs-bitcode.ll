; Output format: bitcode by default (LLVM's tools read it back), textual IR
; with -S.
; RUN: enzyme-opt %s -o %t.bc
; RUN: %python -c "import sys; sys.exit(open(sys.argv[1], 'rb').read(4) != bytes([0x42, 0x43, 0xC0, 0xDE]))" %t.bc
; RUN: llvm-dis %t.bc -o - | FileCheck %s
; RUN: lli %t.bc | FileCheck %s --check-prefix=NUM
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: FileCheck %s --check-prefix=TEXT < %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: llvm-as %t.ll -o /dev/null
; RUN: enzyme-opt %s -S | FileCheck %s

@fmt = private constant [6 x i8] c"%.6f\0A\00"

define double @sq(double %x) {
entry:
  %m = fmul double %x, %x
  ret double %m
}

declare double @__enzyme_fwddiff(ptr, ...)
declare i32 @printf(ptr, ...)

define i32 @main() {
entry:
  %d = call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, double 3.0, double 1.0)
  %n = call i32 (ptr, ...) @printf(ptr @fmt, double %d)
  ret i32 0
}

; CHECK-LABEL: define i32 @main(
; CHECK: call double @fwddiffesq(double 3.000000e+00, double 1.000000e+00)
; CHECK-LABEL: define internal double @fwddiffesq(

; TEXT: ; ModuleID =
; TEXT: define i32 @main(

; NUM: 6.000000

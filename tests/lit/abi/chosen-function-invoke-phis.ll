; An Enzyme call of a function chosen at run time, made as an invoke whose normal and
; unwind destinations have phis taking a value from the invoking block: split into one
; invoke per function, the normal destination's phis take it from the join block and the
; landing pad's from every copy (abi/chosen_functions._retarget_phis). LLVM verifies the
; output; d/dx x² = 3 and d/dx 3x = 3 at x = 1.5, plus the phi's 10: 13 13.
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: lli %t.ll | FileCheck %s
; CHECK: 13 13

declare double @__enzyme_autodiff(ptr, ...)
declare i32 @__gxx_personality_v0(...)
declare i32 @printf(ptr, ...)
@format = private constant [7 x i8] c"%g %g\0A\00"

define double @square(double %x) {
  %y = fmul double %x, %x
  ret double %y
}

define double @triple(double %x) {
  %y = fmul double %x, 3.0
  ret double %y
}

define double @grad(i1 %c, double %x) personality ptr @__gxx_personality_v0 {
entry:
  %ten = fadd double 4.0, 6.0
  %fn = select i1 %c, ptr @square, ptr @triple
  %d = invoke double (ptr, ...) @__enzyme_autodiff(ptr %fn, double %x)
          to label %done unwind label %pad
done:
  %extra = phi double [ %ten, %entry ]
  %sum = fadd double %d, %extra
  ret double %sum
pad:
  %lost = phi double [ %ten, %entry ]
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

define i32 @main() {
  %a = call double @grad(i1 true, double 1.5)
  %b = call double @grad(i1 false, double 1.5)
  call i32 (ptr, ...) @printf(ptr @format, double %a, double %b)
  ret i32 0
}

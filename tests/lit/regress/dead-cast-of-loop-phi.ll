; Regression (issue 9, found by the C fuzzer: seed 521 at -O0): a dead cast of a loop phi
; whose phis reach one another around the loop sent the marker clean-up into endless
; recursion ("the input nests too deeply to process"); phis now remember what they answered.
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: lli %t.ll
; f(x) = x * x; the loop in @main carries two phis that feed each other and a dead fptrunc.
declare double @__enzyme_autodiff(ptr, ...)

define double @f(double %x) {
  %y = fmul double %x, %x
  ret double %y
}

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %a = phi double [ 1.0, %entry ], [ %b, %loop ]
  %b = phi double [ 2.0, %entry ], [ %a, %loop ]
  %dead = fptrunc double %a to float
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, 3
  br i1 %more, label %loop, label %done
done:
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %b)
  ; d/dx x^2 at x = b is 2b
  %want = fmul double %b, 2.0
  %ok = fcmp oeq double %d, %want
  %rc = select i1 %ok, i32 0, i32 1
  ret i32 %rc
}

; A struct of doubles passed by value with no marker is active, as in Enzyme (a struct or
; array holding floats and no pointer: enzyme_out in reverse mode, enzyme_dup in forward
; mode). It was taken for a constant, and its gradient came back zero, silently; an explicit
; enzyme_out on it was refused. Reverse at widths 1 and 2 (the "+ 0.0" of the returned
; adjoints goes element by element), with the marker, and forward.
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: lli %t.ll | FileCheck %s
; RUN: enzyme-opt --no-reuse %s -S -o - | lli | FileCheck %s
@enzyme_out = external global i32
@enzyme_width = external global i32
define double @h({ double, double } %p, { double, i32 } %q) {
  %a = extractvalue { double, double } %p, 0
  %b = extractvalue { double, double } %p, 1
  %c = extractvalue { double, i32 } %q, 0
  %ab = fmul double %a, %b
  %r = fmul double %ab, %c
  ret double %r
}
declare { { double, double }, { double, i32 } } @__enzyme_autodiff(ptr, ...)
declare { [2 x { double, double }], [2 x { double, i32 }] } @__enzyme_autodiff2(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)
@fmt = private constant [16 x i8] c"%g %g %g %g %g\0A\00"
declare i32 @printf(ptr, ...)
define void @show(double %a, double %b, double %c, double %d, double %e) {
  call i32 (ptr, ...) @printf(ptr @fmt, double %a, double %b, double %c, double %d, double %e)
  ret void
}
define i32 @main() {
  ; h = a b c at (2, 5, 3): gradient (15, 6, 10)
  %g = call { { double, double }, { double, i32 } } (ptr, ...) @__enzyme_autodiff(ptr @h, { double, double } { double 2.0, double 5.0 }, { double, i32 } { double 3.0, i32 7 })
  %ga = extractvalue { { double, double }, { double, i32 } } %g, 0, 0
  %gb = extractvalue { { double, double }, { double, i32 } } %g, 0, 1
  %gc = extractvalue { { double, double }, { double, i32 } } %g, 1, 0
  call void @show(double %ga, double %gb, double %gc, double 0.0, double 0.0)
  %m = call { { double, double }, { double, i32 } } (ptr, ...) @__enzyme_autodiff(ptr @h, ptr @enzyme_out, { double, double } { double 2.0, double 5.0 }, ptr @enzyme_out, { double, i32 } { double 3.0, i32 7 })
  %ma = extractvalue { { double, double }, { double, i32 } } %m, 0, 0
  %mb = extractvalue { { double, double }, { double, i32 } } %m, 0, 1
  %mc = extractvalue { { double, double }, { double, i32 } } %m, 1, 0
  call void @show(double %ma, double %mb, double %mc, double 0.0, double 0.0)
  ; width 2, seeds 1 and 2: lane 1 is twice lane 0
  %w = call { [2 x { double, double }], [2 x { double, i32 }] } (ptr, ...) @__enzyme_autodiff2(ptr @h, ptr @enzyme_width, i32 2, { double, double } { double 2.0, double 5.0 }, { double, i32 } { double 3.0, i32 7 }, double 1.0, double 2.0)
  %wa = extractvalue { [2 x { double, double }], [2 x { double, i32 }] } %w, 0, 1, 0
  %wb = extractvalue { [2 x { double, double }], [2 x { double, i32 }] } %w, 0, 1, 1
  %wc = extractvalue { [2 x { double, double }], [2 x { double, i32 }] } %w, 1, 1, 0
  call void @show(double %wa, double %wb, double %wc, double 0.0, double 0.0)
  ; forward: tangent (1, 10, 0.5) gives 15 + 60 + 5
  %d = call double (ptr, ...) @__enzyme_fwddiff(ptr @h, { double, double } { double 2.0, double 5.0 }, { double, double } { double 1.0, double 10.0 }, { double, i32 } { double 3.0, i32 7 }, { double, i32 } { double 0.5, i32 0 })
  call void @show(double %d, double 0.0, double 0.0, double 0.0, double 0.0)
  ret i32 0
}
; CHECK: 15 6 10 0 0
; CHECK-NEXT: 15 6 10 0 0
; CHECK-NEXT: 30 12 20 0 0
; CHECK-NEXT: 80 0 0 0 0

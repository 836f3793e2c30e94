; Regression (issue 9, shared/repro): an active global read through constant-expression
; getelementptrs lost its derivative (dw was [2 0 0]); the preprocess_ copy now turns
; such addresses into instructions. Self-checking: exit 0 when right.
; RUN: enzyme-opt %s -S -o - | lli
; An active global array with a shadow (!enzyme_shadow). f(x) = (w0 + w1 + w2) * x reads
; w[1] and w[2] through constant-expression GEPs, which is what LLVM makes of every
; constant-index access to a global. Expected after one reverse call at x = 2:
; dx = 6 and dw = [2, 2, 2]. Self-checking: prints WRONG DERIVATIVE and exits 1 when wrong.
@w = global [3 x double] [double 1.0, double 2.0, double 3.0], align 8, !enzyme_shadow !0
@dw = global [3 x double] zeroinitializer, align 8
@fmt = private constant [43 x i8] c"WRONG DERIVATIVE dx=%g dw=[%g %g %g] (want\00"
@tail = private constant [19 x i8] c" 6 and [2 2 2])\0A\00\00\00"
declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
define double @f(double %x) {
  %a = load double, ptr @w, align 8
  %b = load double, ptr getelementptr inbounds ([3 x double], ptr @w, i64 0, i64 1), align 8
  %c = load double, ptr getelementptr inbounds ([3 x double], ptr @w, i64 0, i64 2), align 8
  %ax = fmul double %a, %x
  %bx = fmul double %b, %x
  %cx = fmul double %c, %x
  %s1 = fadd double %ax, %bx
  %s2 = fadd double %s1, %cx
  ret double %s2
}
define i32 @main() {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 2.0)
  %w0 = load double, ptr @dw
  %w1 = load double, ptr getelementptr inbounds ([3 x double], ptr @dw, i64 0, i64 1)
  %w2 = load double, ptr getelementptr inbounds ([3 x double], ptr @dw, i64 0, i64 2)
  %ok0 = fcmp oeq double %d, 6.0
  %ok1 = fcmp oeq double %w0, 2.0
  %ok2 = fcmp oeq double %w1, 2.0
  %ok3 = fcmp oeq double %w2, 2.0
  %a1 = and i1 %ok0, %ok1
  %a2 = and i1 %a1, %ok2
  %a3 = and i1 %a2, %ok3
  br i1 %a3, label %good, label %bad
good:
  ret i32 0
bad:
  call i32 (ptr, ...) @printf(ptr @fmt, double %d, double %w0, double %w1, double %w2)
  call i32 (ptr, ...) @printf(ptr @tail)
  ret i32 1
}
!0 = !{ptr @dw}

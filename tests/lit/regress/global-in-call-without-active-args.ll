; A call with no active argument whose callee reads or writes a global with a
; shadow still carries derivatives (found by the checkpointed-loop fuzzer; it
; was silently inactive in both modes): `get()` returns w², `scale()` does
; w *= 0.9. With w = 0.5:
;   d/dx x·get() = get()              and d/dw = 2·x·w = 2 (x = 2) into the shadow;
;   h(x) = scale(); x·w              : d/dw = 0.9·x = 1.8 (x = 2) into the shadow;
;   forward along dw = 1 of h        : 0.9 (x = 1).
; RUN: enzyme-opt %s -S -o - | lli | FileCheck %s
@w = global double 5.000000e-01, !enzyme_shadow !0
@d_w = global double 0.000000e+00
@fmt = private constant [16 x i8] c"%.6f %.6f %.6f\0A\00"

define internal double @get() noinline {
  %v = load double, ptr @w
  %r = fmul double %v, %v
  ret double %r
}

define internal void @scale() noinline {
  %v = load double, ptr @w
  %r = fmul double %v, 9.000000e-01
  store double %r, ptr @w
  ret void
}

define double @f(double %x) {
  %g = call double @get()
  %r = fmul double %x, %g
  ret double %r
}

define double @h(double %x) {
  call void @scale()
  %v = load double, ptr @w
  %r = fmul double %x, %v
  ret double %r
}

declare double @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)
declare i32 @printf(ptr, ...)

define i32 @main() {
  %a = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 2.000000e+00)
  %reads = load double, ptr @d_w
  store double 0.000000e+00, ptr @d_w
  %b = call double (ptr, ...) @__enzyme_autodiff(ptr @h, double 2.000000e+00)
  %writes = load double, ptr @d_w
  store double 5.000000e-01, ptr @w
  store double 1.000000e+00, ptr @d_w
  %t = call double (ptr, ...) @__enzyme_fwddiff(ptr @h, double 1.000000e+00, double 0.000000e+00)
  %n = call i32 (ptr, ...) @printf(ptr @fmt, double %reads, double %writes, double %t)
  ret i32 0
}

!0 = !{ptr @d_w}
; CHECK: 2.000000 1.800000 0.900000

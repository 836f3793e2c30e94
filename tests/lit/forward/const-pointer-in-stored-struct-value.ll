; A struct value {ptr, double} holding an enzyme_const pointer, stored whole into a local
; struct that has a shadow (run-time activity, ad/runtime_activity.py). Forward mode: with an
; active second field the tangent struct is built field by field (the pointer's own value in
; its place); with a constant one (@g) it has no tangent at all, and its shadow is
; the struct with its own pointer and a zero float. Reverse mode: the pointer field of the
; shadow gets w. f = w[0] * s * x[0] at w = 3, x = (2, 5): the tangent along (1, 1) and the
; gradient, for s = x[1] (@f) and s = 2 (@g); w is unchanged.
; RUN: enzyme-opt %s -S | lli | FileCheck %s
; CHECK: f: tangent 21 gradient 15 6 w 3
; CHECK: g: tangent 6 gradient 6 0 w 3

@enzyme_const = global i32 0
@enzyme_dup = global i32 0
@.f = private constant [35 x i8] c"f: tangent %g gradient %g %g w %g\0A\00"
@.g = private constant [35 x i8] c"g: tangent %g gradient %g %g w %g\0A\00"

declare double @__enzyme_fwddiff(ptr, ...)
declare void @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)

define double @use(ptr %p, ptr %x) noinline {
  %wp = load ptr, ptr %p
  %w0 = load double, ptr %wp
  %sp = getelementptr inbounds {ptr, double}, ptr %p, i32 0, i32 1
  %s = load double, ptr %sp
  %x0 = load double, ptr %x
  %a = fmul double %w0, %s
  %b = fmul double %a, %x0
  ret double %b
}

define double @f(ptr %w, ptr %x) {
  %h = alloca {ptr, double}
  %x1p = getelementptr double, ptr %x, i64 1
  %x1 = load double, ptr %x1p
  %agg0 = insertvalue {ptr, double} undef, ptr %w, 0
  %agg = insertvalue {ptr, double} %agg0, double %x1, 1
  store {ptr, double} %agg, ptr %h
  %r = call double @use(ptr %h, ptr %x)
  ret double %r
}

define double @g(ptr %w, ptr %x) {
  %h = alloca {ptr, double}
  %agg0 = insertvalue {ptr, double} undef, ptr %w, 0
  %agg = insertvalue {ptr, double} %agg0, double 2.0, 1
  store {ptr, double} %agg, ptr %h
  %r = call double @use(ptr %h, ptr %x)
  ret double %r
}

define void @check_f() {
  %w = alloca [1 x double]
  %x = alloca [2 x double]
  %v = alloca [2 x double]
  %dx = alloca [2 x double]
  store double 3.0, ptr %w
  store double 2.0, ptr %x
  %x1 = getelementptr double, ptr %x, i64 1
  store double 5.0, ptr %x1
  store double 1.0, ptr %v
  %v1 = getelementptr double, ptr %v, i64 1
  store double 1.0, ptr %v1
  store double 0.0, ptr %dx
  %dx1 = getelementptr double, ptr %dx, i64 1
  store double 0.0, ptr %dx1
  %c = load i32, ptr @enzyme_const
  %d = load i32, ptr @enzyme_dup
  %t = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, i32 %c, ptr %w, i32 %d, ptr %x, ptr %v)
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, i32 %c, ptr %w, i32 %d, ptr %x, ptr %dx)
  %g0 = load double, ptr %dx
  %g1 = load double, ptr %dx1
  %w0 = load double, ptr %w
  call i32 (ptr, ...) @printf(ptr @.f, double %t, double %g0, double %g1, double %w0)
  ret void
}

define void @check_g() {
  %w = alloca [1 x double]
  %x = alloca [2 x double]
  %v = alloca [2 x double]
  %dx = alloca [2 x double]
  store double 3.0, ptr %w
  store double 2.0, ptr %x
  %x1 = getelementptr double, ptr %x, i64 1
  store double 5.0, ptr %x1
  store double 1.0, ptr %v
  %v1 = getelementptr double, ptr %v, i64 1
  store double 1.0, ptr %v1
  store double 0.0, ptr %dx
  %dx1 = getelementptr double, ptr %dx, i64 1
  store double 0.0, ptr %dx1
  %c = load i32, ptr @enzyme_const
  %d = load i32, ptr @enzyme_dup
  %t = call double (ptr, ...) @__enzyme_fwddiff(ptr @g, i32 %c, ptr %w, i32 %d, ptr %x, ptr %v)
  call void (ptr, ...) @__enzyme_autodiff(ptr @g, i32 %c, ptr %w, i32 %d, ptr %x, ptr %dx)
  %g0 = load double, ptr %dx
  %g1 = load double, ptr %dx1
  %w0 = load double, ptr %w
  call i32 (ptr, ...) @printf(ptr @.g, double %t, double %g0, double %g1, double %w0)
  ret void
}

define i32 @main() {
  call void @check_f()
  call void @check_g()
  ret i32 0
}

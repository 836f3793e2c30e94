; The annotations Enzyme's own clang plugin writes (not only ours, enzyme-opt
; --clang-flags): "enzyme_inactivefn" and "enzyme_inactivenoblockfn" on functions,
; "enzyme_shouldrecompute" as a hint, the IR attribute "enzyme_ta_norecur" accepted;
; "enzyme_shadow" must name one global of the same type.
; d/dx [f(x) + g(x) + h(x)] at x = 3 with f, g inactive, h(x) = x*x: 6.
; RUN: split-file %s %t
; RUN: enzyme-opt %t/ok.ll -S -o - | lli | FileCheck %s
; RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t/bad-shadow.ll -S -o %t.out | FileCheck %s --check-prefix=SHADOW
; CHECK: 6.000000
; SHADOW: enzyme-opt: error: {{.*}}annotate("enzyme_shadow") on @w must name one global of the same type as its shadow
;--- ok.ll
@.inactive = private constant [18 x i8] c"enzyme_inactivefn\00", section "llvm.metadata"
@.noblock = private constant [25 x i8] c"enzyme_inactivenoblockfn\00", section "llvm.metadata"
@.recompute = private constant [23 x i8] c"enzyme_shouldrecompute\00", section "llvm.metadata"
@.file = private constant [4 x i8] c"f.c\00", section "llvm.metadata"
@llvm.global.annotations = appending global [3 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @f, ptr @.inactive, ptr @.file, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @g, ptr @.noblock, ptr @.file, i32 2, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @h, ptr @.recompute, ptr @.file, i32 3, ptr null }], section "llvm.metadata"
@.fmt = private constant [4 x i8] c"%f\0A\00"
define double @f(double %x) noinline {
  %y = fmul double %x, 2.0
  ret double %y
}
define double @g(double %x) noinline {
  %y = fmul double %x, %x
  ret double %y
}
define double @h(double %x) noinline "enzyme_ta_norecur" {
  %y = fmul double %x, %x
  ret double %y
}
define double @test(double %x) {
  %a = call double @f(double %x)
  %b = call double @g(double %x)
  %c = call double @h(double %x)
  %s = fadd double %a, %b
  %t = fadd double %s, %c
  ret double %t
}
declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
define i32 @main() {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @test, double 3.0)
  call i32 (ptr, ...) @printf(ptr @.fmt, double %d)
  ret i32 0
}
;--- bad-shadow.ll
@.shadow = private constant [14 x i8] c"enzyme_shadow\00", section "llvm.metadata"
@.file = private constant [4 x i8] c"f.c\00", section "llvm.metadata"
@w = global double 2.0
@dw = global float 0.0
@.args = private constant { ptr } { ptr @dw }, section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @w, ptr @.shadow, ptr @.file, i32 1, ptr @.args }], section "llvm.metadata"
define double @sq(double %x) {
  %v = load double, ptr @w
  %y = fmul double %x, %v
  ret double %y
}
declare double @__enzyme_autodiff(ptr, ...)
define double @caller(double %x) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @sq, double %x)
  ret double %d
}

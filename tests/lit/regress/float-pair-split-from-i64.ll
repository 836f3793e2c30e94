; Regression (found by the C++ fuzzer, seed 426 at -O2, std::vector<float>::erase): LLVM moved
; two floats as one i64 and read them back with trunc (lane 0) and lshr 32 + trunc (lane 1)
; followed by bitcast. Left integers, their derivatives were silently lost in both modes; then
; the split was refused. Now the move is retyped as <2 x float> and each half becomes an
; extractelement of it.
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: lli %t.ll | FileCheck %s --check-prefix=OUT
define float @f(ptr %x, ptr %y) {
  %hi = getelementptr inbounds i8, ptr %x, i64 8
  %pair = load i64, ptr %hi, align 4
  store i64 %pair, ptr %y, align 4
  %bits0 = trunc i64 %pair to i32
  %v0 = bitcast i32 %bits0 to float
  %high = lshr i64 %pair, 32
  %bits1 = trunc i64 %high to i32
  %v1 = bitcast i32 %bits1 to float
  %a = load float, ptr %x, align 4
  %p = fmul float %a, %v0
  %r = fmul float %p, %v1
  ret float %r
}
declare void @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [13 x i8] c"%g %g %g %g\0A\00"
define i32 @main() {
  %x = alloca [4 x float]
  %dx = alloca [4 x float]
  %y = alloca [2 x float]
  %dy = alloca [2 x float]
  store [2 x float] zeroinitializer, ptr %dy
  store [4 x float] [float 2.0, float 0.0, float 3.0, float 5.0], ptr %x
  store [4 x float] zeroinitializer, ptr %dx
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, ptr %y, ptr %dy)
  %d = load <4 x float>, ptr %dx
  %d0 = extractelement <4 x float> %d, i32 0
  %d1 = extractelement <4 x float> %d, i32 1
  %d2 = extractelement <4 x float> %d, i32 2
  %d3 = extractelement <4 x float> %d, i32 3
  %e0 = fpext float %d0 to double
  %e1 = fpext float %d1 to double
  %e2 = fpext float %d2 to double
  %e3 = fpext float %d3 to double
  call i32 (ptr, ...) @printf(ptr @fmt, double %e0, double %e1, double %e2, double %e3)
  ret i32 0
}
; f = x0 x2 x3: d/dx0 = 15, d/dx2 = 10, d/dx3 = 6
; OUT: 15 0 10 6
; CHECK-LABEL: define internal {{.*}}@augmented_f(
; CHECK: load <2 x float>

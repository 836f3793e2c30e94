; Regression (issue 9, llvm-stress fuzzing): the derivative of llvm.powi on a vector
; converted the scalar exponent straight to the vector type (sitofp i32 to <4 x double>),
; which LLVM rejects; the exponent is now converted once and splatted over the lanes.
; RUN: enzyme-opt %s -S -o %t.ll
; RUN: lli %t.ll
; f(v) = sum of powi(v, n) lanes with n = 3 at run time; d/dv_i = 3 v_i^2.
; At v = (1, 2, 3, 4): reverse gives (3, 12, 27, 48); forward along (1,1,1,1) gives 90.
; Self-checking: exits 1 when a derivative is wrong.
declare <4 x double> @llvm.powi.v4f64.i32(<4 x double>, i32)
declare void @__enzyme_autodiff(ptr, ...)
declare double @__enzyme_fwddiff(ptr, ...)

define double @f(ptr %v, i32 %n) {
  %a = load <4 x double>, ptr %v
  %p = call <4 x double> @llvm.powi.v4f64.i32(<4 x double> %a, i32 %n)
  %s0 = extractelement <4 x double> %p, i32 0
  %s1 = extractelement <4 x double> %p, i32 1
  %s2 = extractelement <4 x double> %p, i32 2
  %s3 = extractelement <4 x double> %p, i32 3
  %t0 = fadd double %s0, %s1
  %t1 = fadd double %s2, %s3
  %t = fadd double %t0, %t1
  ret double %t
}

define i32 @main() {
  %v = alloca <4 x double>
  %dv = alloca <4 x double>
  %one = alloca <4 x double>
  store <4 x double> <double 1.0, double 2.0, double 3.0, double 4.0>, ptr %v
  store <4 x double> zeroinitializer, ptr %dv
  store <4 x double> <double 1.0, double 1.0, double 1.0, double 1.0>, ptr %one
  %n = add i32 0, 3
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %v, ptr %dv, i32 %n)
  %g = load <4 x double>, ptr %dv
  %bad.r = fcmp une <4 x double> %g, <double 3.0, double 12.0, double 27.0, double 48.0>
  %bad.rv = bitcast <4 x i1> %bad.r to i4
  %t = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, ptr %v, ptr %one, i32 %n)
  %bad.f = fcmp une double %t, 90.0
  %br = icmp ne i4 %bad.rv, 0
  %bad = or i1 %br, %bad.f
  %rc = zext i1 %bad to i32
  ret i32 %rc
}

; --print-requests for markers given as LLVM metadata, and defaults.
; RUN: enzyme-opt --print-requests %s | FileCheck %s
define double @f(double %x, ptr %p, i32 %n) {
  %v = load double, ptr %p
  %m = fmul double %x, %v
  ret double %m
}
declare double @__enzyme_fwddiff(ptr, ...)
define double @caller(double %x, ptr %p, ptr %dp) {
  %r = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, metadata !"enzyme_const", double %x, metadata !"enzyme_dup", ptr %p, ptr %dp, i32 3)
  ret double %r
}
; CHECK: __enzyme_fwddiff in @caller ({{.*}}) → forward of @f
; CHECK: │ 1 {{.*}}│ %x {{.*}}│ double {{.*}}│ const {{.*}}│ marker enzyme_const {{.*}}│ %x
; CHECK: │ 2 {{.*}}│ %p {{.*}}│ ptr {{.*}}│ dup {{.*}}│ marker enzyme_dup {{.*}}│ %p {{.*}}│ %dp
; CHECK: │ 3 {{.*}}│ %n {{.*}}│ i32 {{.*}}│ const {{.*}}│ default {{.*}}│ 3
; CHECK: │ ret {{.*}}│ double {{.*}}│ dup

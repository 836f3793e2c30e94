// --print-requests shows every argument's class and where it came from
// (a marker or the default), for C code using Enzyme's global markers.
// RUN: clang -O2 -g -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt --print-requests %t.ll | FileCheck %s
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const, enzyme_out;

double f(double *x, double y, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * y;
  return s;
}

double grad(double *x, double *dx, double y) {
  return __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_out, y, enzyme_const, 4);
}
// CHECK: __enzyme_autodiff in @grad ({{.*}}print-requests-markers.c:15) → reverse (combined) of @f
// CHECK: │ 1 {{.*}}│ ptr {{.*}}│ dup {{.*}}│ marker enzyme_dup {{.*}}│
// CHECK: │ 2 {{.*}}│ double {{.*}}│ out {{.*}}│ marker enzyme_out {{.*}}│
// CHECK: │ 3 {{.*}}│ i32 {{.*}}│ const {{.*}}│ marker enzyme_const {{.*}}│ 4
// CHECK: │ ret {{.*}}│ double {{.*}}│ out {{.*}}1.0 (default seed)

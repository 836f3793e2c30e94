// --print-activity: integer loop counters are never active, values that
// depend on the input and reach the result are, and a value computed from
// the input that never reaches the result is varied but not useful.
// RUN: clang -O1 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt --print-activity %t.ll | FileCheck %s
extern double __enzyme_autodiff(void *, ...);
double unused_sink;
double f(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * x[i];
  return s;
}
double grad(const double *x, double *dx) { return __enzyme_autodiff((void *)f, x, dx, 8); }
// CHECK: activity of @preprocess_f (reverse (combined))
// CHECK: │ %0 {{.*}}│ pointer to double {{.*}}│ yes {{.*}}│ yes {{.*}}│ yes {{.*}}│ argument (dup)
// CHECK: │ %1 {{.*}}│ integer (i32) {{.*}}│ - {{.*}}│ - {{.*}}│ - {{.*}}│ argument (const)
// CHECK: load double
// CHECK: │ {{%[0-9]+}} {{.*}}│ integer (i64) {{.*}}│ - {{.*}}│ - {{.*}}│ - {{.*}}│ {{%[0-9]+}} = add

// __builtin_prefetch becomes @llvm.prefetch.p0, overloaded on its pointer type (Eigen's
// matrix products leave it in their kernels): a hint, no derivative, in both modes —
// its name is looked up without the overload suffix, like @llvm.smin.i32.  Checked
// against the analytic gradient and tangent at -O0..-O3.
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t0.ll
// RUN: clang -O0 %t0.ll -o %t0 -lm && %t0 | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t1.ll
// RUN: clang -O1 %t1.ll -o %t1 -lm && %t1 | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t2.ll
// RUN: clang -O2 %t2.ll -o %t2 -lm && %t2 | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t3.ll
// RUN: clang -O3 %t3.ll -o %t3 -lm && %t3 | FileCheck %s
// RUN: grep -q 'llvm.prefetch.p0' %t0.ll
#include <math.h>
#include <stdio.h>
extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double dot_sin(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    __builtin_prefetch(x + i + 4, 0, 3);
    s += sin(x[i]) * x[i];
  }
  return s;
}

int main(void) {
  double x[5] = {0.1, -0.7, 1.3, 2.0, -2.5}, dx[5] = {0};
  __enzyme_autodiff((void *)dot_sin, enzyme_dup, x, dx, enzyme_const, 5);
  double worst = 0, v[5] = {1, 1, 1, 1, 1};
  for (int i = 0; i < 5; i++) {
    double want = cos(x[i]) * x[i] + sin(x[i]);
    worst = fmax(worst, fabs(dx[i] - want));
  }
  double t = __enzyme_fwddiff((void *)dot_sin, enzyme_dup, x, v, enzyme_const, 5);
  double sum = 0;
  for (int i = 0; i < 5; i++) sum += cos(x[i]) * x[i] + sin(x[i]);
  // CHECK: gradient ok tangent ok
  printf("gradient %s tangent %s\n", worst < 1e-12 ? "ok" : "BAD",
         fabs(t - sum) < 1e-12 ? "ok" : "BAD");
  return 0;
}

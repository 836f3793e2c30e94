// Reverse over reverse: __enzyme_autodiff of a function that calls
// __enzyme_autodiff, where the inner gradient keeps nothing on its tape (no
// loop): a second derivative of a scalar function against central differences
// of its (exact) gradient, Enzyme's signed-zero case fabs(-x*x) at 0 (second
// derivative 2, which needs fabs'(-0) = -1), and a Hessian-vector product
// through memory against the analytic Hessian. Every level.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
int enzyme_dup, enzyme_const;

double f(double x) { return sin(x) * exp(x) / (1 + x * x) + pow(x, 2.5); }
double df(double x) { return __enzyme_autodiff((void *)f, x); }

double signed_zero(double x) { return fabs(-x * x); }
double dsigned_zero(double x) { return __enzyme_autodiff((void *)signed_zero, x); }

double e(const double *x, double k) { return x[0] * x[0] * x[1] + sin(k * x[0] * x[1]); }
void de(const double *x, double *g, double k) {
  __enzyme_autodiff((void *)e, enzyme_dup, x, g, enzyme_const, k);
}

static int close(double a, double b, double tol) { return fabs(a - b) <= tol * (1 + fabs(b)); }

int main(void) {
  for (double x = 0.25; x < 2; x += 0.5) {
    double h = 1e-5, fd = (df(x + h) - df(x - h)) / (2 * h);
    double rr = __enzyme_autodiff((void *)df, x);
    double fr = __enzyme_fwddiff((void *)df, x, 1.0);
    printf("f'' at %.2f: %s %s\n", x, close(rr, fd, 1e-6) ? "ok" : "WRONG",
           close(rr, fr, 1e-12) ? "ok" : "WRONG");
  }
  printf("signed zero %g %g\n", __enzyme_autodiff((void *)dsigned_zero, 0.0),
         __enzyme_autodiff((void *)dsigned_zero, 1.5));
  double x[2] = {0.3, 1.1}, k = 0.7;
  for (int j = 0; j < 2; j++) {
    double hv[2] = {0, 0}, g[2] = {0, 0}, v[2] = {j == 0, j == 1};
    __enzyme_autodiff((void *)de, enzyme_dup, x, hv, enzyme_dup, g, v, enzyme_const, k);
    double a = x[0], b = x[1], s = sin(k * a * b), c = cos(k * a * b);
    double H[2][2] = {{2 * b - s * k * k * b * b, 2 * a + k * c - s * k * k * a * b},
                      {2 * a + k * c - s * k * k * a * b, -s * k * k * a * a}};
    printf("H column %d: %s %s\n", j, close(hv[0], H[0][j], 1e-13) ? "ok" : "WRONG",
           close(hv[1], H[1][j], 1e-13) ? "ok" : "WRONG");
  }
  return 0;
}
// CHECK: f'' at 0.25: ok ok
// CHECK: f'' at 0.75: ok ok
// CHECK: f'' at 1.25: ok ok
// CHECK: f'' at 1.75: ok ok
// CHECK: signed zero 2 2
// CHECK: H column 0: ok ok
// CHECK: H column 1: ok ok

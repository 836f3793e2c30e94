// Reverse over reverse: __enzyme_autodiff of a function that calls
// __enzyme_autodiff. Where the inner gradient keeps nothing on its tape (no
// loop): a second derivative of a scalar function against central differences
// of its (exact) gradient, Enzyme's signed-zero case fabs(-x*x) at 0 (second
// derivative 2, which needs fabs'(-0) = -1), and a Hessian-vector product
// through memory against the analytic Hessian. Where it does (a loop), its
// pushes and pops run on a shadow tape: Hessian-vector products of a sum of
// cubes, and a third derivative (reverse over reverse over reverse) of a
// product computed in a loop. Every level; with --no-reuse (which tapes what the
// default recomputes, so every inner gradient goes through a shadow tape); once
// under AddressSanitizer (the shadow tape's records are used long after the
// primal popped them).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t0.ll --no-reuse -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll --no-reuse -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t0.ll -S -o %t0.grad.ll
// RUN: clang -fsanitize=address %t0.grad.ll -lm -o %t0.asan && %t0.asan | FileCheck %s
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

double cubes(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * x[i] * x[i] * (i + 1);
  return s;
}
void dcubes(const double *x, double *g, int n) {
  __enzyme_autodiff((void *)cubes, enzyme_dup, x, g, enzyme_const, n);
}

/* p(x) = x (x + 1) (x + 2) (x + 3) = x^4 + 6x^3 + 11x^2 + 6x: third derivative 24x + 36 */
double product(double x) {
  double p = 1;
  for (int k = 0; k < 4; k++) p *= x + k;
  return p;
}
double dproduct(double x) { return __enzyme_autodiff((void *)product, x); }
double ddproduct(double x) { return __enzyme_autodiff((void *)dproduct, x); }

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
  double y[3] = {0.5, -1.5, 2.0}, hy[3] = {0}, gy[3] = {0}, w[3] = {1, 2, -1};
  __enzyme_autodiff((void *)dcubes, enzyme_dup, y, hy, enzyme_dup, gy, w, enzyme_const, 3);
  int loop_ok = 1; /* H = diag(6 (i+1) y_i) */
  for (int i = 0; i < 3; i++) loop_ok &= close(hy[i], 6 * (i + 1) * y[i] * w[i], 1e-14);
  printf("loop Hv: %s\n", loop_ok ? "ok" : "WRONG");
  double third = __enzyme_autodiff((void *)ddproduct, 0.3);
  printf("third: %s\n", close(third, 24 * 0.3 + 36, 1e-13) ? "ok" : "WRONG");
  return 0;
}
// CHECK: f'' at 0.25: ok ok
// CHECK: f'' at 0.75: ok ok
// CHECK: f'' at 1.25: ok ok
// CHECK: f'' at 1.75: ok ok
// CHECK: signed zero 2 2
// CHECK: H column 0: ok ok
// CHECK: H column 1: ok ok
// CHECK: loop Hv: ok
// CHECK: third: ok

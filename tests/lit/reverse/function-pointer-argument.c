// A function pointer the differentiated code passes down a chain of helpers
// (as C++ ODE libraries pass the right-hand side: boost::odeint's
// integrate_const) is called indirectly at the bottom. Every call of each
// helper passes the same function, so enzyme-opt's copies of the helpers call
// it directly and it is differentiated as any call. The gradient of an Euler
// integration of x' = -k(t) x against its analytic product, every level. A
// helper given two different functions keeps its call indirect: it goes through
// the shadow of the pointer, the function's table of derivatives
// (tests/lit/reverse/function-pointer-callback.c): checked against central
// finite differences.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
// RUN: clang -O0 -g -DTWO_FUNCTIONS -S -emit-llvm %s -o %tt.ll
// RUN: enzyme-opt %tt.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -DTWO_FUNCTIONS -S -emit-llvm %s -o %tt2.ll
// RUN: enzyme-opt %tt2.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);

typedef double (*rhs_fn)(double x, double t);

__attribute__((noinline)) static double euler_step(rhs_fn f, double x, double t, double h) {
  return x + h * f(x, t);
}
__attribute__((noinline)) static double integrate(rhs_fn f, double x, int n, double h) {
  for (int i = 0; i < n; i++)
    x = euler_step(f, x, i * h, h);
  return x;
}
static double rate(double t) { return 1.2 * (1 + 0.5 * cos(t)); }
double decay(double x, double t) { return -rate(t) * x; }
double growth(double x, double t) { return 0.3 * x; }

double solve(double x0) {
#ifdef TWO_FUNCTIONS
  return integrate(decay, x0, 10, 0.1) + integrate(growth, x0, 10, 0.1);
#else
  return integrate(decay, x0, 10, 0.1) * x0;
#endif
}

int main(void) {
  double x0 = 1.5, h = 0.1, p = 1;
  for (int i = 0; i < 10; i++)
    p *= 1 - h * rate(i * h);
  /* solve = p x0², so d solve / d x0 = 2 p x0 */
  double d = __enzyme_autodiff((void *)solve, x0);
#ifdef TWO_FUNCTIONS
  double fd = (solve(x0 + 1e-6) - solve(x0 - 1e-6)) / 2e-6;
  printf("%s\n", fabs(d - fd) < 1e-7 ? "ok" : "WRONG");
#else
  printf("%s\n", fabs(d - 2 * p * x0) < 1e-14 ? "ok" : "WRONG");
#endif
  return 0;
}
// CHECK: ok

// A Hessian-vector product (forward over reverse) of a function that reads and writes a
// global with a shadow (enzyme_shadow, or a plain mutable global, which gets one). The inner gradient keeps the global's adjoint in
// its shadow @d_g, and the outer tangent kept the global's tangent there too: the product
// came out wrong without a word (hv[1] 1.5839 where central differences of the gradient
// give 1.4735), for a plain `double g[2]` too. Refused in one line now, in every nesting: forward or reverse over reverse,
// forward over forward.
// RUN: enzyme-opt --clang-flags > %t.flags
// RUN: clang @%t.flags -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t0.ll -S -o %t.out | FileCheck %s
// RUN: clang @%t.flags -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t2.ll -S -o %t.out | FileCheck %s
// RUN: clang @%t.flags -O2 -DREVERSE_OVER_REVERSE -S -emit-llvm %s -o %t2r.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t2r.ll -S -o %t.out | FileCheck %s
// RUN: clang @%t.flags -O1 -DFORWARD_OVER_FORWARD -S -emit-llvm %s -o %t1f.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t1f.ll -S -o %t.out | FileCheck %s
// A plain mutable global, whose shadow enzyme-opt makes (docs/abi.md, "Globals"), the same:
// RUN: clang -O0 -DIMPLICIT_SHADOW -S -emit-llvm %s -o %t0i.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t0i.ll -S -o %t.out | FileCheck %s --check-prefix=IMPLICIT
// RUN: clang -O2 -DIMPLICIT_SHADOW -S -emit-llvm %s -o %t2i.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t2i.ll -S -o %t.out | FileCheck %s --check-prefix=IMPLICIT
// The same first derivatives are fine:
// RUN: clang @%t.flags -O2 -DFIRST_ORDER -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s --check-prefix=FIRST
// CHECK: enzyme-opt: error: {{.*}}a derivative differentiated again uses @d_g, where the derivative of the global @g is kept: {{.*}}higher-order derivatives through a global that carries a derivative are not supported
// IMPLICIT: enzyme-opt: error: {{.*}}a derivative differentiated again uses @g.{{.*}}, where the derivative of the global @g is kept
// FIRST: gradient ok
#include <math.h>
#include <stdio.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
#ifdef IMPLICIT_SHADOW
double g[2] = {0.5, 0.7};
#else
double d_g[2];
__attribute__((enzyme_shadow(d_g))) double g[2] = {0.5, 0.7};
#endif

__attribute__((noinline)) static double f(double *x) {
  g[0] = g[0] * x[0] + sin(x[1]);
  g[1] = g[1] * g[0];
  return g[1] * g[1] + x[0] * x[1];
}

__attribute__((noinline)) static void grad(double *x, double *dx) {
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx);
}

__attribute__((noinline)) static double tangent(double *x, double *dx) {
  return __enzyme_fwddiff((void *)f, enzyme_dup, x, dx);
}

int main(void) {
  double x[2] = {0.3, 0.9}, dx[2] = {0}, v[2] = {1, -0.5}, hv[2] = {0};
#if defined(FIRST_ORDER)
  grad(x, dx);
  double h = 1e-6, xp[2] = {0.3 + h, 0.9}, xm[2] = {0.3 - h, 0.9};
  g[0] = 0.5, g[1] = 0.7;
  double up = f(xp);
  g[0] = 0.5, g[1] = 0.7;
  double fd = (up - f(xm)) / (2 * h);
  printf("gradient %s\n", fabs(dx[0] - fd) < 1e-5 * (1 + fabs(fd)) ? "ok" : "WRONG");
#elif defined(REVERSE_OVER_REVERSE)
  __enzyme_autodiff((void *)grad, enzyme_dup, x, v, enzyme_dup, dx, hv);
#elif defined(FORWARD_OVER_FORWARD)
  __enzyme_fwddiff((void *)tangent, enzyme_dup, x, v, enzyme_dup, dx, hv);
#else
  __enzyme_fwddiff((void *)grad, enzyme_dup, x, v, enzyme_dup, dx, hv);
#endif
  printf("%g %g\n", hv[0], hv[1]);
  return 0;
}

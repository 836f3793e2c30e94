// A derivative called inside another (forward over a function that calls
// __enzyme_autodiff) while a plain mutable global carries the outer derivative's tangent:
// the inner call used to zero the shadows of every global enzyme-opt gave a shadow unasked
// (knowledge/global_shadows.zero_call_private), the outer one's tangent of `scale` among
// them, though the inner derivative never touches `scale`: the outer tangent came out
// wrong without a word. The inner call now zeroes the shadows of the globals its own call
// tree names. Checked against central differences at -O0..-O3.
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll --no-reuse -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// CHECK: tangent ok
// CHECK-NEXT: hvp ok
#include <math.h>
#include <stdio.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double scale = 1.0;  // written and read by g, never by h

__attribute__((noinline)) static double h(double *y) { return y[0] * y[0] * y[1] + sin(y[1]); }

__attribute__((noinline)) static double g(double *x, double *dy) {
  scale = x[0] * x[1];                       // carries the outer tangent
  double y[2] = {x[0], 0.5 * x[1]};
  dy[0] = dy[1] = 0;
  __enzyme_autodiff((void *)h, enzyme_dup, y, dy);   // the inner derivative
  return scale * (dy[0] + dy[1]);             // reads scale after it
}

static double at(double t, const double *v) {
  double x[2] = {0.7 + t * v[0], -0.4 + t * v[1]}, dy[2];
  return g(x, dy);
}

int main(void) {
  const double v[2] = {1.0, -0.5};
  double x[2] = {0.7, -0.4}, dx[2] = {v[0], v[1]}, dy[2], tdy[2] = {0, 0};
  double tangent = __enzyme_fwddiff((void *)g, enzyme_dup, x, dx, enzyme_dup, dy, tdy);
  double e = 1e-6, fd = (at(e, v) - at(-e, v)) / (2 * e);
  printf("tangent %s (%.9f, differences %.9f)\n",
         fabs(tangent - fd) < 1e-6 * (1 + fabs(fd)) ? "ok" : "WRONG", tangent, fd);
  // the inner gradient's tangent: d/dt of dy along v
  double ok = 1;
  for (int k = 0; k < 2; k++) {
    double xp[2] = {0.7 + e * v[0], -0.4 + e * v[1]}, xm[2] = {0.7 - e * v[0], -0.4 - e * v[1]};
    double dp[2], dm[2];
    g(xp, dp), g(xm, dm);
    double fdk = (dp[k] - dm[k]) / (2 * e);
    if (!(fabs(tdy[k] - fdk) < 1e-6 * (1 + fabs(fdk)))) ok = 0;
  }
  printf("hvp %s\n", ok ? "ok" : "WRONG");
  return 0;
}

// At -O2 `memcpy(u, w, 8)` after `w[0]` was read as a double becomes
// `bitcast double to i64` (the value already loaded) joined by a phi with an
// i64 load, stored as i64: a float's bits moved as an integer. The move must
// be retyped back into a double move, or the derivative through it is
// silently lost (found by the checkpointed-loop fuzzer, seed 69). Checked
// against central differences on both sides of the branch.
// RUN: clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
double __enzyme_autodiff(void *, ...);
int enzyme_const;
__attribute__((noinline)) void step(int64_t t, double *u, double *w, const double *k, double p) {
  memcpy(w, u, sizeof(double));
  u[0] = 0.9 * u[0] + 0.2 * sin(0.5 + 0.01 * t);
  if (atan(w[0]) <= -0.2) {
    if (tanh(k[2]) > 0.5)
      u[0] += 0.1 * sin(p);
    memcpy(u, w, sizeof(double));
  }
}
double g(double *uw, const double *k, double p) {
  step(0, uw, uw + 1, k, p);
  step(1, uw, uw + 1, k, p);
  return -0.4 * uw[0] * uw[0] + sin(uw[0]) + 0.2 * cos(uw[1]);
}
int main(void) {
  double k[5] = {0.1, 0.2, 0.9, 0.3, 0.4};
  for (int trial = 0; trial < 2; trial++) {
    double u0 = trial ? -0.9 : 0.7, uw[2] = {u0, 0.3}, d[2] = {0};
    __enzyme_autodiff((void *)g, uw, d, enzyme_const, k, 0.5);
    double h = 1e-6, a[2] = {u0 + h, 0.3}, b[2] = {u0 - h, 0.3};
    double fd = (g(a, k, 0.5) - g(b, k, 0.5)) / (2 * h);
    printf("u0 = %g: %s\n", u0, fabs(d[0] - fd) < 1e-7 ? "ok" : "WRONG");
  }
  return 0;
}
// CHECK: u0 = 0.7: ok
// CHECK-NEXT: u0 = -0.9: ok

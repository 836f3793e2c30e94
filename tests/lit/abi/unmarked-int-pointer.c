// An unmarked pointer to integers followed by an argument that cannot be its
// shadow (not a pointer) is constant, as Enzyme's type analysis makes it
// (Enzyme's omp3.c passes `int *len` without a shadow): here an index array
// gathers from x. A float followed by another float (its tangent, in forward
// mode) is not such a pointer: it keeps its tangent. Both modes, every level,
// against the analytic derivative.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

/* k times the sum of x[idx[i]]^2 */
double gathered(const double *x, const int *idx, int n, double k) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[idx[i]] * x[idx[i]];
  return k * s;
}

int main(void) {
  double x[4] = {1, 2, 3, 4}, g[4] = {0}, dx[4] = {0, 0, 1, 0};
  int idx[3] = {2, 0, 2};
  double dk = __enzyme_autodiff((void *)gathered, x, g, idx, 3, 2.0);
  double t = __enzyme_fwddiff((void *)gathered, x, dx, idx, 3, 2.0, 0.5);
  printf("%g %g %g %g %g, %g\n", g[0], g[1], g[2], g[3], dk, t);
  return 0;
}
// CHECK: 4 0 24 0 19, 33.5

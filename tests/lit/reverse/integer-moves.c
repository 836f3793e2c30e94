// LLVM turns an 8-byte memcpy of a double into an i64 load and store (and,
// vectorized, <2 x i64> loads, shuffles and stores). Integers carry no
// derivative: without retyping these moves as double moves, the gradient
// through the copy was silently 0. Both modes, at -O0 and -O2.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
#include <string.h>
extern void __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_const;
double f(const double *x, int n) {
  double tmp[8];
  for (int i = 0; i < n; i++) memcpy(&tmp[n - 1 - i], &x[i], sizeof(double));
  double s = 0;
  for (int i = 0; i < n; i++) s += tmp[i] * tmp[i] * (i + 1);
  return s;
}
int main(void) {
  double x[4] = {1, 2, 3, 4}, dx[4] = {0};
  __enzyme_autodiff((void *)f, x, dx, enzyme_const, 4);
  double t[4] = {1, 0, 0, 0};
  double fwd = __enzyme_fwddiff((void *)f, x, t, enzyme_const, 4);
  // x[i] lands in tmp[3-i], weighted 4-i: d/dx_i = 2·x_i·(4-i)
  printf("%g %g %g %g | %g\n", dx[0], dx[1], dx[2], dx[3], fwd);
  return 0;
}
// CHECK: 8 12 12 8 | 8

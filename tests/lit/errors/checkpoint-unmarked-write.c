// The step writes w, which no enzyme_checkpoint_region holds: snapshots would
// miss it, and recomputed steps start from the wrong state. Which memory an
// argument points to is known only when the loop runs: the gradient stops
// there with one line on stderr naming the step and the argument.
// RUN: clang -O1 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o %t.out.ll
// RUN: not --crash lli %t.out.ll 2>&1 | FileCheck %s
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
double __enzyme_autodiff(void *, ...);
int enzyme_const;
static void step(int64_t t, double *u, double *w) {
  w[0] = sin(u[0]);
  u[0] = w[0] + u[0];
}
double f(double *u, double *w, int64_t n) {
  int64_t segments = 2;
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, &ckpt_periodic, &segments,
                          enzyme_checkpoint_region, u, sizeof(double), u, w);
  return u[0];
}
int main(void) {
  double u = 0.5, du = 0, w = 0, dw = 0;
  __enzyme_autodiff((void *)f, &u, &du, &w, &dw, 4L);
  printf("du = %g\n", du);
  return 0;
}
// CHECK: enzyme-opt: __enzyme_checkpoint_for: the step @step writes memory through its argument 2, which no enzyme_checkpoint_region holds: mark it with enzyme_checkpoint_region, pointer, bytes
// CHECK-NOT: du =

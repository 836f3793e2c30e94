// Snapshots that miss part of the state would make every recomputed step
// start from the wrong state. Which memory an argument points to, and how
// much of it a step touches, is known only when the loop runs, so the
// gradient checks there and stops with one line on stderr:
// - the step writes w, which no enzyme_checkpoint_region holds (checked when
//   the loop starts, naming the step and the argument);
// - the region of u is one double, the step writes two (caught when the last
//   step, run again from its snapshot, does not leave what it left before).
// RUN: clang -O1 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o %t.out.ll
// RUN: not --crash lli %t.out.ll 2>&1 | FileCheck %s --check-prefix=UNMARKED
// RUN: clang -O1 -DTOO_SMALL -S -emit-llvm %s -o %t.small.ll
// RUN: enzyme-opt %t.small.ll -S -o %t.small.out.ll
// RUN: not --crash lli %t.small.out.ll 2>&1 | FileCheck %s --check-prefix=TOO-SMALL
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
double __enzyme_autodiff(void *, ...);
int enzyme_const;
static void step(int64_t t, double *u, double *w) {
  w[0] = sin(u[0]);
  u[0] = w[0] + u[1];
  u[1] = u[0] * u[1];
}
double f(double *u, double *w, int64_t n) {
  int64_t segments = 2;
#ifdef TOO_SMALL
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, &ckpt_periodic, &segments,
                          enzyme_checkpoint_region, u, sizeof(double),
                          enzyme_checkpoint_region, w, sizeof(double), u, w);
#else
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, &ckpt_periodic, &segments,
                          enzyme_checkpoint_region, u, 2 * sizeof(double), u, w);
#endif
  return u[0];
}
int main(void) {
  double u[2] = {0.5, 0.7}, du[2] = {0, 0}, w = 0, dw = 0;
  __enzyme_autodiff((void *)f, u, du, &w, &dw, 4L);
  printf("du = %g\n", du[0]);
  return 0;
}
// UNMARKED: enzyme-opt: __enzyme_checkpoint_for: the step @step writes memory through its argument 2, which no enzyme_checkpoint_region holds: mark it with enzyme_checkpoint_region, pointer, bytes
// UNMARKED-NOT: du =
// TOO-SMALL: enzyme-opt: __enzyme_checkpoint_for: the last step, run again from its snapshot, did not leave the state it left the first time: the regions miss part of the state the steps read and write (mark all of it, with its full size)
// TOO-SMALL-NOT: du =

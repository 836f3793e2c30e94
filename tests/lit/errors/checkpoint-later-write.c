// A checkpointed loop recomputes steps in the reverse sweep from memory as it
// is then; a write after the loop (here to the loop's input, read by every
// step) would change what they read: refused, naming the write, never a
// gradient from changed memory. The same loop without the write compiles.
// RUN: clang -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
// RUN: clang -O1 -g -DNO_LATER_WRITE -S -emit-llvm %s -o %t.ok.ll
// RUN: enzyme-opt %t.ok.ll -S -o %t.ok.out
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
double __enzyme_autodiff(void *, ...);
int enzyme_const;
static void step(int64_t t, double *s, double *k) { s[0] = sin(s[0]) * k[0]; }
double f(double *s, double *k, int64_t n, void *data) {
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, &ckpt_periodic, data,
                          enzyme_checkpoint_region, s, sizeof(double), s, k);
#ifndef NO_LATER_WRITE
  k[0] = 0;
#endif
  return s[0];
}
double g(double *s, double *ds, double *k, double *dk, int64_t *segments) {
  return __enzyme_autodiff((void *)f, s, ds, k, dk, 8L, enzyme_const, segments);
}
// CHECK: enzyme-opt: error: {{.*}}checkpoint-later-write.c:18, in function @f: this write runs after the checkpointed loop of @step ({{.*}}checkpoint-later-write.c:15, in function @f) and before its reverse sweep, which recomputes steps from memory this may change: write it before the loop, or after the gradient call

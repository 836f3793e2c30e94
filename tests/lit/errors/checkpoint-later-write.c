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
// A free after the loop is a later write too (its memory is what the reverse
// sweep recomputes from):
// RUN: clang -O1 -g -DFREE -DNO_LATER_WRITE -S -emit-llvm %s -o %t.free.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.free.ll -S -o %t.out | FileCheck %s --check-prefix=FREE
// FREE: enzyme-opt: error: {{.*}}checkpoint-later-write.c:{{[0-9]+}}, in function @h: this frees memory after the checkpointed loop of @step ({{.*}}checkpoint-later-write.c:{{[0-9]+}}, in function @h) and before its reverse sweep, which recomputes steps from memory: free it after the gradient call (allocate it outside the differentiated function)
#ifdef FREE
#include <stdlib.h>
double h(double *s0, double *k, int64_t n, void *data) {
  double *s = malloc(sizeof(double));
  s[0] = s0[0];
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, &ckpt_periodic, data,
                          enzyme_checkpoint_region, s, sizeof(double), s, k);
  double result = s[0];
  free(s);
  return result;
}
double g2(double *s, double *ds, double *k, double *dk, int64_t *segments) {
  return __enzyme_autodiff((void *)h, s, ds, k, dk, 8L, enzyme_const, segments);
}
#endif

// What checkpointed loops refuse, in one line each: split mode (the program
// may change memory between the two calls, and the reverse pass recomputes
// steps from it), a while loop's step that returns nothing (it must say whether
// to go on), and a step that writes memory through a pointer it loads (no
// snapshot can name it).
// RUN: clang -O1 -g -DSPLIT -S -emit-llvm %s -o %t.split.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.split.ll -S -o %t.out | FileCheck %s --check-prefix=SPLIT
// RUN: clang -O1 -g -DWHILE -S -emit-llvm %s -o %t.while.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.while.ll -S -o %t.out | FileCheck %s --check-prefix=WHILE
// RUN: clang -O1 -g -DLOADED -S -emit-llvm %s -o %t.loaded.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.loaded.ll -S -o %t.out | FileCheck %s --check-prefix=LOADED
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
double __enzyme_autodiff(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
int enzyme_const;
static void step(int64_t t, double *s) { s[0] = sin(s[0]); }
static void keep_going(int64_t t, double *s) { s[0] = sin(s[0]); }
static void step_through(int64_t t, double **s) { s[0][0] = sin(s[0][0]); }
double f(double *s, int64_t n, void *data) {
#if defined(WHILE)
  __enzyme_checkpoint_while((void *)keep_going, enzyme_scheme, &ckpt_periodic, data, s);
#elif defined(LOADED)
  __enzyme_checkpoint_for((void *)step_through, 0, n, enzyme_scheme, &ckpt_periodic, data,
                          enzyme_checkpoint_region, s, sizeof(double), &s);
#else
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, &ckpt_periodic, data,
                          enzyme_checkpoint_region, s, sizeof(double), s);
#endif
  return s[0];
}
#ifdef SPLIT
void *g(double *s, double *ds, int64_t *segments) {
  return __enzyme_augmentfwd((void *)f, s, ds, 8L, enzyme_const, segments);
}
#else
double g(double *s, double *ds, int64_t *segments) {
  return __enzyme_autodiff((void *)f, s, ds, 8L, enzyme_const, segments);
}
#endif
// SPLIT: enzyme-opt: error: {{.*}}checkpoint-unsupported.c:34, in function @g: a checkpointed loop (__enzyme_checkpoint_for) cannot be differentiated in split mode: its reverse pass recomputes steps from memory the program may change between the two calls; use __enzyme_autodiff
// WHILE: enzyme-opt: error: {{.*}}checkpoint-unsupported.c:22, in function @f: the step @keep_going of __enzyme_checkpoint_while must return whether to go on (an integer or bool)
// LOADED: enzyme-opt: error: {{.*}}checkpoint-unsupported.c:24, in function @f: the step @step_through writes memory enzyme-opt cannot name (through a pointer it loads, or an opaque call), so no snapshot can hold it

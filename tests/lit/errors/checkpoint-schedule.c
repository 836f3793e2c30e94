// A checkpointing schedule that recomputes steps from checkpoints (revolve)
// is not implemented: an error naming it, never silently ignored.
// RUN: clang -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
#include <math.h>
void __enzyme_set_checkpointing(long schedule, long budget);
double __enzyme_autodiff(void *, ...);
double f(double x, long n) {
  double s = x;
  for (long i = 0; i < n; i++) {
    __enzyme_set_checkpointing(2, 4);
    s = sin(s) + 0.1 * s;
  }
  return s;
}
double g(double x) { return __enzyme_autodiff((void *)f, x, 10L); }
// CHECK: enzyme-opt: error: {{.*}}checkpoint-schedule.c:11, in function @f: the checkpointing schedule 'revolve' is not supported here: enzyme-opt keeps what every step of a loop needs (schedule 'store_all', 3); to recompute steps from checkpoints, write the loop as __enzyme_checkpoint_for with a scheme

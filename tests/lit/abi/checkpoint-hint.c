// __enzyme_set_checkpointing(schedule, budget) at the top of a loop body, as
// Enzyme's loop annotations emit it: schedule 3 ("store_all") is what
// enzyme-opt does, so the call is honoured (removed; the output links) and
// the gradient is that of the loop without it. Compared with the analytic
// derivative of s <- sin(s) + 0.1 s iterated n times.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: lli %t0.out.ll | FileCheck %s
// RUN: not grep __enzyme_set_checkpointing %t0.out.ll
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
void __enzyme_set_checkpointing(long schedule, long budget);
double __enzyme_autodiff(void *, ...);
double f(double x, long n) {
  double s = x;
  for (long i = 0; i < n; i++) {
    __enzyme_set_checkpointing(3, -1);
    s = sin(s) + 0.1 * s;
  }
  return s;
}
int main(void) {
  double s = 0.5, d = 1;
  for (int i = 0; i < 10; i++) { d *= cos(s) + 0.1; s = sin(s) + 0.1 * s; }
  printf("%s\n", fabs(__enzyme_autodiff((void *)f, 0.5, 10L) - d) < 1e-14 ? "ok" : "WRONG");
  return 0;
}
// CHECK: ok

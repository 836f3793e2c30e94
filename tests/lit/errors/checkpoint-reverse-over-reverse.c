// Reverse mode over a gradient that runs a checkpointed loop (second derivatives by
// reverse over reverse) is refused in one line, naming forward over reverse, which is
// supported (tests/lit/forward/checkpoint-hvp.c). It used to be refused by the driver's
// calls of the scheme through function pointers, a message about enzyme_dup and vtables
// the program never wrote.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t0.ll -S -o %t.out | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t2.ll -S -o %t.out | FileCheck %s
// CHECK: enzyme-opt: error: {{.*}}reverse mode over the gradient of a checkpointed loop (__enzyme_checkpoint_for or _while) is not supported: differentiate the gradient in forward mode (__enzyme_fwddiff: Hessian-vector products)
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
#define N 3
double __enzyme_autodiff(void *, ...);
extern int enzyme_dup;

static void step(int64_t t, double *u) {
  double next[N];
  for (int i = 0; i < N; i++) next[i] = u[i] + 0.1 * sin(u[(i + 1) % N] * u[i]);
  for (int i = 0; i < N; i++) u[i] = next[i];
}

static double f(double *u) {
  __enzyme_checkpoint_for((void *)step, 0, 5, enzyme_scheme, &ckpt_bisect, (void *)0,
                          enzyme_checkpoint_region, u, sizeof(double) * N, u);
  return u[0] * u[1] * u[2];
}

__attribute__((noinline)) static double g(double *u, double *du) {
  __enzyme_autodiff((void *)f, enzyme_dup, u, du);
  return du[0] * du[0];
}

int main(void) {
  double u[N] = {0.2, 0.4, 0.6}, du[N] = {0}, uu[N] = {0}, ddu[N] = {0};
  __enzyme_autodiff((void *)g, enzyme_dup, u, uu, enzyme_dup, du, ddu);
  printf("%g\n", uu[0]);
  return 0;
}

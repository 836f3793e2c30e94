// __enzyme_fwdsplit: the tangent of f after __enzyme_augmentfwd ran it,
// consuming the tape (or leaving it with enzyme_nofree; a null tape is
// allowed). enzyme-opt recomputes f's primal values, so f must not write
// memory its caller sees (see fwdsplit-writes.c). Tangent of
// sum sin(x_i) x_i along dx; -O0 and -O2.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
extern int enzyme_dup, enzyme_const, enzyme_nofree;
typedef struct { void *tape; double result; } augmented;
augmented __enzyme_augmentfwd(void *, ...);
double __enzyme_fwdsplit(void *, ...);
double f(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += sin(x[i]) * x[i];
  return s;
}
int main(void) {
  double x[3] = {0.1, 0.2, 0.3}, dx[3] = {1, 0, 2}, want = 0;
  for (int i = 0; i < 3; i++) want += dx[i] * (cos(x[i]) * x[i] + sin(x[i]));
  augmented a = __enzyme_augmentfwd((void *)f, enzyme_dup, x, dx, enzyme_const, 3);
  double t = __enzyme_fwdsplit((void *)f, enzyme_dup, x, dx, enzyme_const, 3, a.tape);
  double t2 = __enzyme_fwdsplit((void *)f, enzyme_nofree, enzyme_dup, x, dx, enzyme_const, 3,
                                (void *)0);
  printf("fwdsplit %s %s\n", fabs(t - want) < 1e-12 ? "ok" : "WRONG",
         fabs(t2 - want) < 1e-12 ? "ok" : "WRONG");
  return 0;
}
// CHECK: fwdsplit ok ok

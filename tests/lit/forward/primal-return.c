// enzyme_primal_return: forward mode returns {primal, tangent}.
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
typedef struct { double primal, tangent; } pt;
extern pt __enzyme_fwddiff(void *, ...);
extern int enzyme_primal_return;
double f(double x) { return sin(x) * x; }
int main(void) {
  pt r = __enzyme_fwddiff((void *)f, enzyme_primal_return, 0.5, 1.0);
  printf("%.6f %.6f\n", r.primal, r.tangent);  // sin(.5)·.5, cos(.5)·.5 + sin(.5)
  return 0;
}
// CHECK: 0.239713 0.918217

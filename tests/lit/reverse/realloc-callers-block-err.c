// realloc of a block the caller passed in stays refused in reverse mode: its shadow is the
// caller's, which the derivative can neither resize nor keep alive for its reverse sweep.
// RUN: clang -O1 -S -emit-llvm %s -o - | not enzyme-opt - -S 2>&1 | FileCheck %s
// CHECK: error: {{.*}}realloc of memory this function did not allocate (a caller's block, whose shadow the caller owns) is not supported in reverse mode
#include <stdlib.h>
double __enzyme_autodiff(void *, ...);

double grow(double *a) {
  a = (double *)realloc(a, 2 * sizeof(double));
  a[1] = a[0] * a[0];
  double r = a[1];
  free(a);
  return r;
}

double run(double *a, double *da) { return __enzyme_autodiff((void *)grow, a, da); }

// Regression: memory from a helper that allocates it (make_buffer(n), called
// with only inactive arguments) had no shadow, so the derivatives stored into
// it were dropped: forward and reverse derivatives were 0 instead of 14, at
// every level.  Such a call is now an allocation whose shadow the helper's
// derivative allocates.  Self-checking: exit 0 and silent when right.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: lli %t0.out.ll
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o %t1.out.ll
// RUN: lli %t1.out.ll
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o %t3.out.ll
// RUN: lli %t3.out.ll
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) double *make_buffer(int n) {
  double *p = malloc(n * sizeof(double));
  return p;
}
/* through two wrappers, one choosing between two allocations */
__attribute__((noinline)) double *make_either(int n, int big) {
  double *p = big ? make_buffer(2 * n) : make_buffer(n);
  return p;
}

double sum_of_squares(double x, int n) {  /* x^2 * sum i^2 */
  double *buf = make_either(n, n > 3);
  for (int i = 0; i < n; i++) buf[i] = x * i;
  double r = 0;
  for (int i = 0; i < n; i++) r += buf[i] * buf[i];
  free(buf);
  return r;
}

int check(const char *what, double got, double want) {
  if (fabs(got - want) > 1e-12 * fabs(want)) {
    printf("WRONG DERIVATIVE %s: %g, want %g\n", what, got, want);
    return 1;
  }
  return 0;
}

int main(void) {
  int bad = 0;
  for (int n = 3; n <= 4; n++) {
    double x = 0.5, want = 2 * x * (n == 3 ? 5 : 14);
    bad |= check("forward", __enzyme_fwddiff((void *)sum_of_squares, x, 1.0, n), want);
    bad |= check("reverse", __enzyme_autodiff((void *)sum_of_squares, x, n), want);
  }
  return bad;
}

// Regression: a pointer kept in an intptr_t field of a struct, which a callee
// reads back as a pointer, crashed the derivative.  Preprocessing already
// turns the reader's `load i64` + `inttoptr` into a pointer load, but the
// writer's `store i64 (ptrtoint p)` stayed an integer store, so the shadow
// struct's field stayed null and the callee's derivative wrote through a
// null shadow (segfault, both modes, O0..O3).  Self-checking: exit 0 when right.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: lli %t0.out.ll
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll
#include <stdint.h>
#include <stdio.h>
void __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

typedef struct { intptr_t data; int n; } handle;

__attribute__((noinline)) double sum_squares(handle *h) {
  double *p = (double *)h->data, s = 0;
  for (int i = 0; i < h->n; i++) s += p[i] * p[i];
  return s;
}

double f(double *x, int n) {
  handle h;
  h.data = (intptr_t)x;
  h.n = n;
  return sum_squares(&h);
}

int main(void) {
  double x[3] = {1, 2, 3}, dx[3] = {0, 0, 0}, tx[3] = {1, 0, 2};
  int bad = 0;
  __enzyme_autodiff((void *)f, x, dx, 3);
  for (int i = 0; i < 3; i++)
    if (dx[i] != 2 * x[i]) { printf("WRONG dx[%d] = %g\n", i, dx[i]); bad = 1; }
  double t = __enzyme_fwddiff((void *)f, x, tx, 3);
  if (t != 2 * 1 + 2 * 3 * 2) { printf("WRONG tangent %g\n", t); bad = 1; }
  return bad;
}

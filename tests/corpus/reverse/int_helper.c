/* reverse/int_helper.c - reverse mode of a function calling integer-only
 * helpers (an out-of-line index permutation, a bit count, an int hash used
 * for a branch): the calls are inactive and must simply be replayed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/perm_bits.h"

__attribute__((noinline)) unsigned hash(unsigned v) {
  v ^= v >> 3;
  v *= 2654435761u;
  return v ^ (v >> 13);
}

double f(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    int j = perm(i, n);
    double w = 1.0 + bits((unsigned)i);
    if (hash((unsigned)i) & 1u)
      s += w * x[j] * x[i];
    else
      s += w * sin(x[j]) - x[i];
  }
  return s;
}

#define N 9
static double eval(const double *p) { return f(p, N); }

int main(void) {
  double x[N], dx[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.25 * i - 1.0;
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)f, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("df", i, dx[i], fd(eval, x, N, i), TOL_D);
  return 0;
}

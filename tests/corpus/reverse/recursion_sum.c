/* reverse/recursion_sum.c - reverse mode of recursive reductions over an
 * array (pointer arg with shadow): a linear-recursive nonlinear fold and a
 * divide-and-conquer (binary split) recursion. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/rsum.h"

double dsum(const double *x, int n) {
  if (n == 1)
    return x[0] * x[0];
  int h = n / 2;
  double a = dsum(x, h), b = dsum(x + h, n - h);
  return a * b * 0.5 + a + b;
}

#define N 7
static double eval_r(const double *p) { return rsum(p, N); }
static double eval_d(const double *p) { return dsum(p, N); }

int main(void) {
  double x[N], dx[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.4 * i - 1.0;
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)rsum, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("drsum", i, dx[i], fd(eval_r, x, N, i), TOL_D);
  for (int i = 0; i < N; i++)
    x[i] = 0.3 + 0.1 * i;
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)dsum, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("ddsum", i, dx[i], fd(eval_d, x, N, i), TOL_D);
  return 0;
}

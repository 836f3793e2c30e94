/* reverse/accumulate.c - reverse mode ADDS the gradient into the shadow:
 * a non-zero initial shadow ends as initial + gradient; calling twice adds
 * twice; passing the same array (and the same shadow) for two pointer args
 * accumulates both contributions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_autodiff_void(void *, ...);

double f(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += sin(x[i]) * x[(i + 2) % n];
  return s;
}

double pair(const double *a, const double *b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += a[i] * a[i] * b[(i + 1) % n];
  return s;
}

#define N 5
static double eval_f(const double *p) { return f(p, N); }
static double eval_pair_same(const double *p) { return pair(p, p, N); }

int main(void) {
  double x[N], dx[N], init[N], g[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 * i - 0.7;
    init[i] = 0.25 * i - 1.0;
  }
  for (int i = 0; i < N; i++)
    g[i] = fd(eval_f, x, N, i);
  memcpy(dx, init, sizeof dx);
  __enzyme_autodiff_void((void *)f, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("init_plus_grad", i, dx[i], init[i] + g[i], TOL_D);
  __enzyme_autodiff_void((void *)f, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("init_plus_2grad", i, dx[i], init[i] + 2.0 * g[i], TOL_D);

  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)pair, x, dx, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("aliased_args", i, dx[i], fd(eval_pair_same, x, N, i), TOL_D);
  return 0;
}

/* reverse/loop_carried_overwrite.c - reverse mode where values are
 * overwritten repeatedly: a scalar state updated nonlinearly each iteration
 * (needs every intermediate in the reverse sweep), and a small work array
 * rewritten in place on every outer iteration. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_autodiff(void *, ...);
extern void __enzyme_autodiff_void(void *, ...);

double iterate(double x, int n) {
  double s = x;
  for (int i = 0; i < n; i++)
    s = sin(s) * 1.3 + 0.2 * x;
  return s;
}

double rewrite(const double *x, int n, int iters) {
  double w[8];
  for (int i = 0; i < n; i++)
    w[i] = x[i];
  for (int t = 0; t < iters; t++)
    for (int i = 0; i < n; i++)
      w[i] = w[i] * w[(i + 1) % n] * 0.5 + sin(w[i]);
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += w[i];
  return s;
}

static double eval_it(const double *p) { return iterate(p[0], 25); }
#define N 5
static double eval_rw(const double *p) { return rewrite(p, N, 6); }

int main(void) {
  double p[1] = {0.6};
  check("diterate", __enzyme_autodiff((void *)iterate, p[0], 25),
        fd(eval_it, p, 1, 0), TOL_D);
  double x[N], dx[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.2 * i - 0.3;
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)rewrite, x, dx, N, 6);
  for (int i = 0; i < N; i++)
    checki("drewrite", i, dx[i], fd(eval_rw, x, N, i), TOL_D);
  return 0;
}

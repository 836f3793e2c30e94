/* reverse/while_exit.c - reverse mode through while loops with data-
 * dependent exits (trip count unknown until run time, so the reverse sweep
 * must record it): a threshold-crossing recurrence and an early-stopping
 * scan; test points are far from the thresholds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_autodiff(void *, ...);
extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/while_exit.h"

double scan(const double *x, int n, double limit) {
  double s = 0.0;
  int i = 0;
  while (i < n && s < limit) {
    s += x[i] * x[i] * (1.0 + 0.1 * s);
    i++;
  }
  return s * x[0];
}

static double eval_grow(const double *p) { return grow(p[0]); }
#define N 10
static double eval_scan(const double *p) { return scan(p, N, 3.0); }

int main(void) {
  const double xs[2] = {1.0, 4.2};
  for (int k = 0; k < 2; k++) {
    double p[1] = {xs[k]};
    checki("dgrow", k, __enzyme_autodiff((void *)grow, p[0]),
           fd(eval_grow, p, 1, 0), TOL_D);
  }
  double x[N], dx[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.7 + 0.05 * i;
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)scan, x, dx, N, 3.0);
  for (int i = 0; i < N; i++)
    checki("dscan", i, dx[i], fd(eval_scan, x, N, i), TOL_D);
  return 0;
}

/* forward/while_exit.c - forward mode through while loops whose exit depends
 * on active data: a growth recurrence iterated until it passes a threshold,
 * and a scan that stops at the first partial sum above a limit.  The test
 * points are far from the exit thresholds, so the trip counts are stable
 * under the FD perturbation. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/while_exit.h"

double scan(const double *x, int n, double limit) {
  double s = 0.0;
  int i = 0;
  while (i < n && s < limit) {
    s += x[i] * x[i];
    i++;
  }
  return s * x[0];
}

static double eval_grow(const double *p) { return grow(p[0]); }
#define N 10
static double eval_scan(const double *p) { return scan(p, N, 3.0); }

int main(void) {
  double p[1] = {1.0}; /* iterates 1, 1.6, 2.5, 3.85, ... */
  double d = __enzyme_fwddiff((void *)grow, p[0], 1.0);
  check("dgrow", d, fd(eval_grow, p, 1, 0), TOL_D);
  p[0] = 4.2;
  d = __enzyme_fwddiff((void *)grow, p[0], 1.0);
  check("dgrow2", d, fd(eval_grow, p, 1, 0), TOL_D);

  double x[N], dx[N], v[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.7 + 0.05 * i; /* partial sums .49 1.0 1.6 2.3 3.1 -> stops at 5 */
    v[i] = 1.0 + 0.1 * i;
  }
  memcpy(dx, v, sizeof dx);
  double ds = __enzyme_fwddiff((void *)scan, x, dx, N, 3.0, 0.0);
  check("dscan_dir", ds, fd_dir(eval_scan, x, v, N), TOL_D);
  return 0;
}

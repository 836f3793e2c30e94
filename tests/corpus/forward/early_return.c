/* forward/early_return.c - forward mode of functions with early returns from
 * inside a loop and from a guard, taking each exit path in turn. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/early_return.h"

#define N 6
static double eval_fn(const double *p) { return first_neg(p, N); }
static double eval_guard(const double *p) { return guard(p[0], p[1]); }

int main(void) {
  double x[N] = {0.5, 1.2, 0.8, -0.6, 2.0, 0.3};
  double v[N] = {1.0, -0.5, 0.25, 2.0, 1.5, -1.0};
  double dx[N];
  memcpy(dx, v, sizeof dx);
  double d = __enzyme_fwddiff((void *)first_neg, x, dx, N);
  check("dfirst_neg_early", d, fd_dir(eval_fn, x, v, N), TOL_D);
  x[3] = 0.6; /* no negative entry: loop runs to the end */
  memcpy(dx, v, sizeof dx);
  d = __enzyme_fwddiff((void *)first_neg, x, dx, N);
  check("dfirst_neg_full", d, fd_dir(eval_fn, x, v, N), TOL_D);

  const double pts[3][2] = {{0.5, 3.0}, {-0.5, 1.0}, {0.5, 1.0}};
  for (int k = 0; k < 3; k++) {
    double p[2] = {pts[k][0], pts[k][1]};
    double gx = __enzyme_fwddiff((void *)guard, p[0], 1.0, p[1], 0.0);
    double gy = __enzyme_fwddiff((void *)guard, p[0], 0.0, p[1], 1.0);
    checki("dguard_dx", k, gx, fd(eval_guard, p, 2, 0), TOL_D);
    checki("dguard_dy", k, gy, fd(eval_guard, p, 2, 1), TOL_D);
  }
  return 0;
}

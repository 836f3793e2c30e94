/* forward/loop_const.c - forward mode through loops with constant trip
 * counts: a sum over a fixed-size array (pointer arg, shadow array holds the
 * tangent direction) and a scalar loop-carried recurrence. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/loop_const.h"

double recur(double x) {
  double y = x;
  for (int i = 0; i < 10; i++)
    y = 0.9 * y + 0.1 * sin(y) + 0.05 * x;
  return y * y;
}

static double eval_sum(const double *p) { return sum_loop(p); }
static double eval_recur(const double *p) { return recur(p[0]); }

int main(void) {
  double x[N], dx[N], v[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.3 * i - 2.0;
    v[i] = cos(1.7 * i);
  }
  /* one-hot tangents */
  for (int i = 0; i < N; i += 5) {
    memset(dx, 0, sizeof dx);
    dx[i] = 1.0;
    double d = __enzyme_fwddiff((void *)sum_loop, x, dx);
    checki("dsum_e", i, d, fd(eval_sum, x, N, i), TOL_D);
  }
  /* general direction */
  memcpy(dx, v, sizeof dx);
  double dv = __enzyme_fwddiff((void *)sum_loop, x, dx);
  check("dsum_dir", dv, fd_dir(eval_sum, x, v, N), TOL_D);
  /* the tangent array is an input: unchanged */
  check("shadow_unchanged", dx[3], v[3], 0.0);

  double p[1] = {0.7};
  double dr = __enzyme_fwddiff((void *)recur, p[0], 1.0);
  check("drecur", dr, fd(eval_recur, p, 1, 0), TOL_D);
  return 0;
}

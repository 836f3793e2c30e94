/* forward/recursion.c - forward mode of recursive functions: a recursive
 * power by squaring (scalar, int exponent const) and a recursive nonlinear
 * reduction over an array (pointer arg with a shadow). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/rpow.h"
#include "kernels/rsum.h"

static int E;
static double eval_pow(const double *p) { return rpow(p[0], E); }
#define N 7
static double eval_sum(const double *p) { return rsum(p, N); }

int main(void) {
  const int es[3] = {1, 6, 11};
  for (int k = 0; k < 3; k++) {
    E = es[k];
    double p[1] = {1.1};
    double d = __enzyme_fwddiff((void *)rpow, p[0], 1.0, E);
    checki("drpow_fd", E, d, fd(eval_pow, p, 1, 0), TOL_D);
    checki("drpow_exact", E, d, E * pow(p[0], E - 1), 1e-10);
  }
  double x[N], dx[N], v[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.4 * i - 1.0;
    v[i] = sin(2.0 * i + 1.0);
  }
  memcpy(dx, v, sizeof dx);
  double d = __enzyme_fwddiff((void *)rsum, x, dx, N);
  check("drsum_dir", d, fd_dir(eval_sum, x, v, N), TOL_D);
  for (int i = 0; i < N; i += 3) {
    memset(dx, 0, sizeof dx);
    dx[i] = 1.0;
    double di = __enzyme_fwddiff((void *)rsum, x, dx, N);
    checki("drsum", i, di, fd(eval_sum, x, N, i), TOL_D);
  }
  return 0;
}

/* forward/inplace.c - forward mode of functions that overwrite their input
 * array in place (x[i] = x[i]*x[i], then a sum; and a sweep reading the
 * already-updated neighbour): the returned tangent, the primal array after
 * the call and the shadow array (tangent of the new contents) are checked. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/square_inplace.h"

double sweep_inplace(double *x, int n) {
  for (int i = 1; i < n; i++)
    x[i] = sin(x[i - 1]) + x[i] * x[i - 1];
  return x[n - 1];
}

#define N 6
static double eval_sq(const double *p) {
  double t[N];
  memcpy(t, p, sizeof t);
  return square_inplace(t, N);
}
static double eval_sw(const double *p) {
  double t[N];
  memcpy(t, p, sizeof t);
  return sweep_inplace(t, N);
}
static void eval_sw_vec(const double *p, double *out) {
  memcpy(out, p, sizeof(double) * N);
  sweep_inplace(out, N);
}

int main(void) {
  double x0[N], x[N], dx[N], v[N];
  for (int i = 0; i < N; i++) {
    x0[i] = 0.5 + 0.3 * i;
    v[i] = 1.0 - 0.2 * i;
  }
  memcpy(x, x0, sizeof x);
  memcpy(dx, v, sizeof dx);
  double d = __enzyme_fwddiff((void *)square_inplace, x, dx, N);
  check("dsq_dir", d, fd_dir(eval_sq, x0, v, N), TOL_D);
  for (int i = 0; i < N; i++) {
    checki("sq_primal", i, x[i], x0[i] * x0[i], 1e-14);
    checki("sq_shadow", i, dx[i], 2.0 * x0[i] * v[i], 1e-12);
  }

  memcpy(x, x0, sizeof x);
  memcpy(dx, v, sizeof dx);
  double ds = __enzyme_fwddiff((void *)sweep_inplace, x, dx, N);
  check("dsweep_dir", ds, fd_dir(eval_sw, x0, v, N), TOL_D);
  double jv[N];
  fd_jvp(eval_sw_vec, x0, v, N, N, jv);
  for (int i = 0; i < N; i++)
    checki("sweep_shadow", i, dx[i], jv[i], TOL_D);
  return 0;
}

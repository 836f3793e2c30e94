/* reverse/inplace_overwrite.c - reverse mode of functions that overwrite
 * their input array in place (x[i] = x[i]*x[i], then a weighted sum; and a
 * sweep using already-updated neighbours): the reverse sweep must use the
 * OLD values, the shadow ends as the gradient w.r.t. the original contents,
 * and the primal array holds the updated values after the call. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/square_inplace.h"

double sweep_inplace(double *x, int n) {
  for (int i = 1; i < n; i++)
    x[i] = sin(x[i - 1]) + x[i] * x[i - 1];
  return x[n - 1] * x[n - 2];
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

int main(void) {
  double x0[N], x[N], dx[N];
  for (int i = 0; i < N; i++)
    x0[i] = 0.5 + 0.3 * i;
  memcpy(x, x0, sizeof x);
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)square_inplace, x, dx, N);
  for (int i = 0; i < N; i++) {
    checki("dsq_fd", i, dx[i], fd(eval_sq, x0, N, i), TOL_D);
    checki("dsq_exact", i, dx[i], 2.0 * x0[i] * (i + 1), 1e-12);
    checki("sq_primal_after", i, x[i], x0[i] * x0[i], 1e-14);
  }
  memcpy(x, x0, sizeof x);
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)sweep_inplace, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("dsweep", i, dx[i], fd(eval_sw, x0, N, i), TOL_D);
  return 0;
}

/* reverse/dup_ptr.c - reverse mode with pointer args and shadow arrays:
 * with no active scalar argument __enzyme_autodiff returns void (declared
 * with a suffix); the gradient is added into the zeroed shadow; pointers are
 * duplicated by default and with explicit enzyme_dup, ints const. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_dup;
extern int enzyme_const;
extern void __enzyme_autodiff_void(void *, ...);

double f(const double *x, int n) {
  double s = 0.0, p = 1.0;
  for (int i = 0; i < n; i++) {
    s += x[i] * x[i] * (i + 1);
    p *= cos(0.3 * x[i]);
  }
  return s * p;
}

double two(const double *x, const double *y, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += x[i] * exp(y[i]) - y[i] * y[i] * x[(i + 1) % n];
  return s;
}

#define N 6
static double eval_f(const double *p) { return f(p, N); }
static double eval_two(const double *p) { return two(p, p + N, N); }

int main(void) {
  double x[N], dx[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.4 * i - 0.9;
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)f, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("df_default", i, dx[i], fd(eval_f, x, N, i), TOL_D);
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)f, enzyme_dup, x, dx, enzyme_const, N);
  for (int i = 0; i < N; i++)
    checki("df_markers", i, dx[i], fd(eval_f, x, N, i), TOL_D);

  double p[2 * N], dp[2 * N];
  for (int i = 0; i < 2 * N; i++)
    p[i] = sin(0.7 * i) + 0.1;
  memset(dp, 0, sizeof dp);
  __enzyme_autodiff_void((void *)two, p, dp, p + N, dp + N, N);
  for (int i = 0; i < 2 * N; i++)
    checki("dtwo", i, dp[i], fd(eval_two, p, 2 * N, i), TOL_D);
  return 0;
}

/* reverse/mixed_dup_out.c - reverse mode mixing duplicated pointer args
 * (gradient into the shadow) with active scalar args (derivative returned):
 * one active scalar returns a double, two return a struct; also enzyme_const
 * on the pointer so that only the scalar derivative is computed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_dup;
extern int enzyme_const;
extern int enzyme_out;

typedef struct {
  double da, db;
} d2;

extern double __enzyme_autodiff(void *, ...);
extern d2 __enzyme_autodiff2(void *, ...);

double f(const double *x, double a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += exp(-a * x[i]) * x[i] + a * x[i] * x[i];
  return s;
}

double g(double a, const double *x, double b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += sin(a * x[i] + b) * x[i];
  return s * b;
}

#define N 5
static double eval_f(const double *p) { return f(p, p[N], N); }
static double eval_g(const double *p) { return g(p[N], p, p[N + 1], N); }

int main(void) {
  double p[N + 2], dx[N];
  for (int i = 0; i < N; i++)
    p[i] = 0.3 * i + 0.2;
  p[N] = 0.9;
  p[N + 1] = -0.4;

  memset(dx, 0, sizeof dx);
  double da = __enzyme_autodiff((void *)f, enzyme_dup, p, dx, enzyme_out, p[N],
                                enzyme_const, N);
  check("df_da", da, fd(eval_f, p, N + 1, N), TOL_D);
  for (int i = 0; i < N; i++)
    checki("df_dx", i, dx[i], fd(eval_f, p, N + 1, i), TOL_D);

  memset(dx, 0, sizeof dx);
  double da2 = __enzyme_autodiff((void *)f, p, dx, p[N], N);
  check("df_da_default", da2, fd(eval_f, p, N + 1, N), TOL_D);
  checki("df_dx_default", 2, dx[2], fd(eval_f, p, N + 1, 2), TOL_D);

  double da3 = __enzyme_autodiff((void *)f, enzyme_const, p, p[N], N);
  check("df_da_const_ptr", da3, fd(eval_f, p, N + 1, N), TOL_D);

  memset(dx, 0, sizeof dx);
  d2 r = __enzyme_autodiff2((void *)g, p[N], p, dx, p[N + 1], N);
  check("dg_da", r.da, fd(eval_g, p, N + 2, N), TOL_D);
  check("dg_db", r.db, fd(eval_g, p, N + 2, N + 1), TOL_D);
  for (int i = 0; i < N; i++)
    checki("dg_dx", i, dx[i], fd(eval_g, p, N + 2, i), TOL_D);
  return 0;
}

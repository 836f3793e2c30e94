/* forward/second_derivative.c - nested differentiation of scalars:
 * forward-over-reverse (fwddiff of a function that calls autodiff),
 * forward-over-forward (fwddiff of a function that calls fwddiff), and a
 * mixed partial d2g/dxdy through a two-output autodiff struct return. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

typedef struct {
  double dx, dy;
} d2;

extern double __enzyme_autodiff(void *, ...);
extern d2 __enzyme_autodiff2(void *, ...);
extern double __enzyme_fwddiff(void *, ...);

double f(double x) { return sin(x) * exp(0.5 * x) + x * x * x; }
double df_rev(double x) { return __enzyme_autodiff((void *)f, x); }
double df_fwd(double x) { return __enzyme_fwddiff((void *)f, x, 1.0); }

double g(double x, double y) { return x * x * y + sin(x * y) + exp(y) * x; }
double dg_dx(double x, double y) {
  d2 r = __enzyme_autodiff2((void *)g, x, y);
  return r.dx;
}

static double f1_ref(double x) {
  return exp(0.5 * x) * (cos(x) + 0.5 * sin(x)) + 3.0 * x * x;
}
static double f2_ref(double x) {
  return exp(0.5 * x) * (cos(x) - 0.75 * sin(x)) + 6.0 * x;
}
static double eval_f1(const double *p) { return f1_ref(p[0]); }

int main(void) {
  const double xs[2] = {0.4, -1.3};
  for (int k = 0; k < 2; k++) {
    double p[1] = {xs[k]};
    double fr = __enzyme_fwddiff((void *)df_rev, xs[k], 1.0);
    double ff = __enzyme_fwddiff((void *)df_fwd, xs[k], 1.0);
    checki("d2f_fwd_over_rev", k, fr, f2_ref(xs[k]), 1e-10);
    checki("d2f_fwd_over_fwd", k, ff, f2_ref(xs[k]), 1e-10);
    checki("d2f_ref_vs_fd", k, f2_ref(xs[k]), fd(eval_f1, p, 1, 0), TOL_D);
    checki("df_rev", k, df_rev(xs[k]), f1_ref(xs[k]), 1e-12);
  }
  double x = 0.7, y = -0.4;
  /* d/dy (dg/dx) = 2x + cos(xy) - xy sin(xy) + exp(y) */
  double mixed = __enzyme_fwddiff((void *)dg_dx, x, 0.0, y, 1.0);
  check("d2g_dxdy", mixed, 2 * x + cos(x * y) - x * y * sin(x * y) + exp(y), 1e-10);
  /* d/dx (dg/dx) = 2y - y^2 sin(xy) */
  double xx = __enzyme_fwddiff((void *)dg_dx, x, 1.0, y, 0.0);
  check("d2g_dxdx", xx, 2 * y - y * y * sin(x * y), 1e-10);
  return 0;
}

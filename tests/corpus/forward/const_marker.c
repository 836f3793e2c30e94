/* forward/const_marker.c - enzyme_const on floating scalars (no tangent
 * passed), integer arguments const by default and with an explicit
 * enzyme_const, mixed with duplicated args. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_dup;
extern int enzyme_const;
extern double __enzyme_fwddiff(void *, ...);

double g(double a, double x, int n, double b) {
  double s = 0.0, t = 1.0;
  for (int i = 0; i < n; i++) {
    t *= x;
    s += t / (a + i);
  }
  return s * b + a * x;
}

static int N = 5;
static double eval(const double *p) { return g(p[0], p[1], N, p[2]); }

int main(void) {
  double p[3] = {1.7, 0.8, -2.3}; /* a, x, b */
  double dx = __enzyme_fwddiff((void *)g, enzyme_const, p[0], enzyme_dup, p[1],
                               1.0, N, enzyme_const, p[2]);
  check("dg_dx", dx, fd(eval, p, 3, 1), TOL_D);
  double da = __enzyme_fwddiff((void *)g, p[0], 1.0, enzyme_const, p[1],
                               enzyme_const, N, enzyme_const, p[2]);
  check("dg_da", da, fd(eval, p, 3, 0), TOL_D);
  double db = __enzyme_fwddiff((void *)g, enzyme_const, p[0], enzyme_const,
                               p[1], N, p[2], 1.0);
  check("dg_db", db, fd(eval, p, 3, 2), TOL_D);
  /* a and x duplicated, b const: direction (0.5, -1, 0) */
  double v[3] = {0.5, -1.0, 0.0};
  double dv = __enzyme_fwddiff((void *)g, p[0], 0.5, p[1], -1.0, N,
                               enzyme_const, p[2]);
  check("dg_dir_ax", dv, fd_dir(eval, p, v, 3), TOL_D);
  /* everything constant but x with a zero tangent: derivative 0 */
  double d0 = __enzyme_fwddiff((void *)g, enzyme_const, p[0], p[1], 0.0, N,
                               enzyme_const, p[2]);
  check("dg_zero", d0, 0.0, 1e-12);
  return 0;
}

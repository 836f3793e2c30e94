/* forward/poly.c - forward mode (__enzyme_fwddiff) of polynomials with the
 * default activity: floating scalar arguments are duplicated (value, then
 * tangent) without any marker; one- and two-argument functions, unit and
 * scaled tangents, compared with FD and with the analytic derivative. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/poly.h"

double poly2(double x, double y) {
  return x * x * y - 3.0 * x * y * y + y * y * y + 2.0 * x - 5.0;
}

static double eval1(const double *p) { return poly1(p[0]); }
static double eval2(const double *p) { return poly2(p[0], p[1]); }

int main(void) {
  const double xs[3] = {-1.5, 0.3, 2.0};
  for (int k = 0; k < 3; k++) {
    double p[1] = {xs[k]};
    double x = xs[k];
    double exact = ((12.0 * x - 6.0) * x + 1.0) * x - 7.0;
    double d = __enzyme_fwddiff((void *)poly1, xs[k], 1.0);
    checki("dpoly1_fd", k, d, fd(eval1, p, 1, 0), TOL_D);
    checki("dpoly1_exact", k, d, exact, 1e-10);
    double ds = __enzyme_fwddiff((void *)poly1, xs[k], 2.5);
    checki("dpoly1_scaled", k, ds, 2.5 * exact, 1e-10);
  }
  double p[2] = {1.3, -0.7};
  double dx = __enzyme_fwddiff((void *)poly2, p[0], 1.0, p[1], 0.0);
  double dy = __enzyme_fwddiff((void *)poly2, p[0], 0.0, p[1], 1.0);
  double v[2] = {0.5, -2.0};
  double dv = __enzyme_fwddiff((void *)poly2, p[0], v[0], p[1], v[1]);
  double x = p[0], y = p[1];
  check("dpoly2_dx", dx, fd(eval2, p, 2, 0), TOL_D);
  check("dpoly2_dy", dy, fd(eval2, p, 2, 1), TOL_D);
  check("dpoly2_dx_exact", dx, 2 * x * y - 3 * y * y + 2.0, 1e-10);
  check("dpoly2_dy_exact", dy, x * x - 6 * x * y + 3 * y * y, 1e-10);
  check("dpoly2_dir", dv, fd_dir(eval2, p, v, 2), TOL_D);
  return 0;
}

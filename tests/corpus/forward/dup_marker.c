/* forward/dup_marker.c - explicit enzyme_dup markers on scalar arguments
 * (value then tangent), alone and mixed with unmarked (default duplicated)
 * floating arguments, for each unit direction and a general direction. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_dup;
extern int enzyme_const;
extern double __enzyme_fwddiff(void *, ...);

double f(double x, double y, double z) {
  return x * x * y + sin(y) * z - x / (1.0 + z * z);
}

static double eval(const double *p) { return f(p[0], p[1], p[2]); }

int main(void) {
  double p[3] = {0.7, -1.1, 1.9};
  double d0 = __enzyme_fwddiff((void *)f, enzyme_dup, p[0], 1.0, enzyme_dup,
                               p[1], 0.0, enzyme_dup, p[2], 0.0);
  double d1 = __enzyme_fwddiff((void *)f, enzyme_dup, p[0], 0.0, enzyme_dup,
                               p[1], 1.0, enzyme_dup, p[2], 0.0);
  double d2 = __enzyme_fwddiff((void *)f, enzyme_dup, p[0], 0.0, enzyme_dup,
                               p[1], 0.0, enzyme_dup, p[2], 1.0);
  check("df_dx", d0, fd(eval, p, 3, 0), TOL_D);
  check("df_dy", d1, fd(eval, p, 3, 1), TOL_D);
  check("df_dz", d2, fd(eval, p, 3, 2), TOL_D);

  /* markers mixed with the default for floating args */
  double m1 = __enzyme_fwddiff((void *)f, p[0], 0.0, enzyme_dup, p[1], 1.0,
                               p[2], 0.0);
  check("mixed_df_dy", m1, fd(eval, p, 3, 1), TOL_D);
  double m2 = __enzyme_fwddiff((void *)f, enzyme_dup, p[0], 1.0, p[1], 0.0,
                               enzyme_dup, p[2], 0.0);
  check("mixed_df_dx", m2, fd(eval, p, 3, 0), TOL_D);

  double v[3] = {0.3, -1.2, 2.0};
  double dv = __enzyme_fwddiff((void *)f, enzyme_dup, p[0], v[0], enzyme_dup,
                               p[1], v[1], enzyme_dup, p[2], v[2]);
  check("df_dir", dv, fd_dir(eval, p, v, 3), TOL_D);
  check("linearity", dv, v[0] * d0 + v[1] * d1 + v[2] * d2, 1e-10);
  return 0;
}

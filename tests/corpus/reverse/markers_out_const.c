/* reverse/markers_out_const.c - reverse mode with explicit enzyme_out and
 * enzyme_const markers on scalar args: the returned struct holds only the
 * derivatives of the enzyme_out (or unmarked floating) args, in order. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_out;
extern int enzyme_const;

typedef struct {
  double d1, d2;
} d2;

extern double __enzyme_autodiff(void *, ...);
extern d2 __enzyme_autodiff2(void *, ...);

double f(double a, double x, double b) { return a * sin(x) * b + x * x / (1.0 + a * a) + b * b * b; }

static double eval(const double *p) { return f(p[0], p[1], p[2]); }

int main(void) {
  double p[3] = {1.3, 0.6, -0.8};
  double dx = __enzyme_autodiff((void *)f, enzyme_const, p[0], enzyme_out, p[1],
                                enzyme_const, p[2]);
  check("df_dx_only", dx, fd(eval, p, 3, 1), TOL_D);
  d2 ab = __enzyme_autodiff2((void *)f, enzyme_out, p[0], enzyme_const, p[1],
                             enzyme_out, p[2]);
  check("df_da", ab.d1, fd(eval, p, 3, 0), TOL_D);
  check("df_db", ab.d2, fd(eval, p, 3, 2), TOL_D);
  d2 ab2 = __enzyme_autodiff2((void *)f, p[0], enzyme_const, p[1], p[2]);
  check("df_da_default", ab2.d1, fd(eval, p, 3, 0), TOL_D);
  check("df_db_default", ab2.d2, fd(eval, p, 3, 2), TOL_D);
  double db = __enzyme_autodiff((void *)f, enzyme_const, p[0], enzyme_const,
                                p[1], p[2]);
  check("df_db_only", db, fd(eval, p, 3, 2), TOL_D);
  return 0;
}

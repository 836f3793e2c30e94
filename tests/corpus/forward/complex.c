/* forward/complex.c - C99 complex multiplication and division (compiler-rt
 * helpers __muldc3/__divdc3, expanded into arithmetic) in forward mode. */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/complex.h"

static double eval_f(const double *p) { return f(p[0], p[1]); }

int main(void) {
  double p[2] = {0.7, -0.4};
  check("df_dre", __enzyme_fwddiff((void *)f, p[0], 1.0, p[1], 0.0), fd(eval_f, p, 2, 0), TOL_D);
  check("df_dim", __enzyme_fwddiff((void *)f, p[0], 0.0, p[1], 1.0), fd(eval_f, p, 2, 1), TOL_D);
  return 0;
}

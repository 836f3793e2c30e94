/* forward/helper_call.c - forward mode of a function that calls other
 * scalar helper functions (some noinline so the calls survive -O2/-O3),
 * including a helper called twice and a helper calling a helper. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) double sq(double x) { return x * x; }
__attribute__((noinline)) double cube(double x) { return x * sq(x); }
double soft(double x) { return log(1.0 + exp(x)); }

double h(double x, double y) {
  return sq(sin(x)) * cube(y) + sq(x * y) + soft(x - 2.0 * y);
}

static double eval(const double *p) { return h(p[0], p[1]); }
static double eval_cube(const double *p) { return cube(p[0]); }

int main(void) {
  double p[2] = {0.9, -0.6};
  double dx = __enzyme_fwddiff((void *)h, p[0], 1.0, p[1], 0.0);
  double dy = __enzyme_fwddiff((void *)h, p[0], 0.0, p[1], 1.0);
  check("dh_dx", dx, fd(eval, p, 2, 0), TOL_D);
  check("dh_dy", dy, fd(eval, p, 2, 1), TOL_D);
  /* the helper itself differentiated directly */
  double q[1] = {1.7};
  double dc = __enzyme_fwddiff((void *)cube, q[0], 1.0);
  check("dcube", dc, fd(eval_cube, q, 1, 0), TOL_D);
  check("dcube_exact", dc, 3.0 * 1.7 * 1.7, 1e-12);
  return 0;
}

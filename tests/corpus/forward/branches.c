/* forward/branches.c - forward mode through if/else on active values and a
 * switch on an int computed from an active value, each evaluated in every
 * branch at points where a small perturbation keeps the branch. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/branches.h"
#include "kernels/sw.h"

static double eval_br(const double *p) { return br(p[0], p[1]); }
static double eval_sw(const double *p) { return sw(p[0]); }

int main(void) {
  const double pts[4][2] = {{1.5, 0.5}, {0.2, 1.0}, {2.5, 1.0}, {-1.0, 2.5}};
  for (int k = 0; k < 4; k++) {
    double p[2] = {pts[k][0], pts[k][1]};
    double dx = __enzyme_fwddiff((void *)br, p[0], 1.0, p[1], 0.0);
    double dy = __enzyme_fwddiff((void *)br, p[0], 0.0, p[1], 1.0);
    checki("dbr_dx", k, dx, fd(eval_br, p, 2, 0), TOL_D);
    checki("dbr_dy", k, dy, fd(eval_br, p, 2, 1), TOL_D);
  }
  const double xs[5] = {0.5, 1.4, 2.7, 3.3, 5.3};
  for (int k = 0; k < 5; k++) {
    double p[1] = {xs[k]};
    double d = __enzyme_fwddiff((void *)sw, p[0], 1.0);
    checki("dsw", k, d, fd(eval_sw, p, 1, 0), TOL_D);
  }
  return 0;
}

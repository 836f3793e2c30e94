/* forward/struct_mixed.c - forward mode with a struct mixing ints and
 * doubles (count, flag, scalars, a small double array) passed by pointer
 * with a shadow struct holding tangents in the double fields only. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/struct_mixed.h"

static int FLAG;
static double eval(const double *p) {
  Params q = {5, p[0], FLAG, p[1], {p[2], p[3], p[4]}, 3};
  return model(&q, p[5]);
}

int main(void) {
  double p[6] = {1.3, -0.4, 0.7, 1.1, -0.9, 0.8};
  double v[6] = {0.5, 1.0, -1.0, 0.25, 2.0, -0.75};
  for (FLAG = 0; FLAG <= 1; FLAG++) {
    Params q = {5, p[0], FLAG, p[1], {p[2], p[3], p[4]}, 3};
    Params dq = {0, v[0], 0, v[1], {v[2], v[3], v[4]}, 0};
    double d = __enzyme_fwddiff((void *)model, &q, &dq, p[5], v[5]);
    checki("dmodel_dir", FLAG, d, fd_dir(eval, p, v, 6), TOL_D);
    Params dz;
    memset(&dz, 0, sizeof dz);
    double dxx = __enzyme_fwddiff((void *)model, &q, &dz, p[5], 1.0);
    checki("dmodel_dx", FLAG, dxx, fd(eval, p, 6, 5), TOL_D);
  }
  return 0;
}

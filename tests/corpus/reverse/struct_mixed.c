/* reverse/struct_mixed.c - reverse mode with a struct mixing ints and
 * doubles (count, flag, scalars, a small double array, a long) passed by
 * pointer: the gradient lands in the double fields of the shadow struct,
 * and the derivative of an active scalar argument is returned. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_autodiff(void *, ...);

#include "kernels/struct_mixed.h"

static int FLAG;
static double eval(const double *p) {
  Params q = {5, p[0], FLAG, p[1], {p[2], p[3], p[4]}, 3};
  return model(&q, p[5]);
}

int main(void) {
  double p[6] = {1.3, -0.4, 0.7, 1.1, -0.9, 0.8};
  for (FLAG = 0; FLAG <= 1; FLAG++) {
    Params q = {5, p[0], FLAG, p[1], {p[2], p[3], p[4]}, 3};
    Params dq;
    memset(&dq, 0, sizeof dq);
    double dx = __enzyme_autodiff((void *)model, &q, &dq, p[5]);
    checki("dmodel_dx", FLAG, dx, fd(eval, p, 6, 5), TOL_D);
    checki("dmodel_da", FLAG, dq.a, fd(eval, p, 6, 0), TOL_D);
    checki("dmodel_db", FLAG, dq.b, fd(eval, p, 6, 1), TOL_D);
    for (int k = 0; k < 3; k++)
      checkij("dmodel_dc", FLAG, k, dq.c[k], fd(eval, p, 6, 2 + k), TOL_D);
  }
  return 0;
}

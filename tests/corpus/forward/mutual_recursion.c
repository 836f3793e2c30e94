/* forward/mutual_recursion.c - forward mode through two mutually recursive
 * functions alternating different nonlinear updates of an active scalar. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/mutual_recursion.h"

static int NN;
static double eval(const double *p) { return ping(p[0], p[1], NN); }

int main(void) {
  const int ns[3] = {0, 3, 6};
  for (int k = 0; k < 3; k++) {
    NN = ns[k];
    double p[2] = {0.8, 1.2};
    double dx = __enzyme_fwddiff((void *)ping, p[0], 1.0, p[1], 0.0, NN);
    double dc = __enzyme_fwddiff((void *)ping, p[0], 0.0, p[1], 1.0, NN);
    checki("dping_dx", NN, dx, fd(eval, p, 2, 0), TOL_D);
    checki("dping_dc", NN, dc, fd(eval, p, 2, 1), TOL_D);
  }
  return 0;
}

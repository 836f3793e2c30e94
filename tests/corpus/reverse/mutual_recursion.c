/* reverse/mutual_recursion.c - reverse mode through two mutually recursive
 * functions, with two active scalars (struct return). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

typedef struct {
  double dx, dc;
} d2;
extern d2 __enzyme_autodiff2(void *, ...);

#include "kernels/mutual_recursion.h"

static int NN;
static double eval(const double *p) { return ping(p[0], p[1], NN); }

int main(void) {
  const int ns[3] = {0, 3, 6};
  for (int k = 0; k < 3; k++) {
    NN = ns[k];
    double p[2] = {0.8, 1.2};
    d2 r = __enzyme_autodiff2((void *)ping, p[0], p[1], NN);
    checki("dping_dx", NN, r.dx, fd(eval, p, 2, 0), TOL_D);
    checki("dping_dc", NN, r.dc, fd(eval, p, 2, 1), TOL_D);
  }
  return 0;
}

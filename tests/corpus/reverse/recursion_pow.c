/* reverse/recursion_pow.c - reverse mode of a recursive power by squaring
 * (x active, int exponent const) and of a recursive scalar function with a
 * recursion depth given by an int. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_autodiff(void *, ...);

#include "kernels/rpow.h"

double nest(double x, int depth) {
  if (depth == 0)
    return x;
  return sin(nest(x, depth - 1)) + 0.5 * x;
}

static int E;
static double eval_pow(const double *p) { return rpow(p[0], E); }
static double eval_nest(const double *p) { return nest(p[0], E); }

int main(void) {
  const int es[4] = {0, 1, 6, 11};
  for (int k = 0; k < 4; k++) {
    E = es[k];
    double p[1] = {1.1};
    double d = __enzyme_autodiff((void *)rpow, p[0], E);
    checki("drpow_fd", E, d, fd(eval_pow, p, 1, 0), TOL_D);
    checki("drpow_exact", E, d, E == 0 ? 0.0 : E * pow(p[0], E - 1), 1e-10);
    p[0] = 0.9;
    checki("dnest", E, __enzyme_autodiff((void *)nest, p[0], E),
           fd(eval_nest, p, 1, 0), TOL_D);
  }
  return 0;
}

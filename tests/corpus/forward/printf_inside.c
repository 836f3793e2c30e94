/* forward/printf_inside.c - forward mode of a function that calls printf
 * (an inactive call taking active values as arguments) and increments a
 * global int call counter: the derivative must still print and count once
 * per call.  Runner ignores non-CHECK lines. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/printf_inside.h"

#define N 4
static double eval(const double *p) { return traced(p[0], p + 1, N); }

int main(void) {
  double p[N + 1] = {0.6, 1.0, -0.5, 0.25, 2.0};
  double dw[N] = {0};
  int before = ncalls;
  double d = __enzyme_fwddiff((void *)traced, p[0], 1.0, p + 1, dw, N);
  int after = ncalls;
  check("calls_per_derivative", (double)(after - before), 1.0, 0.0);
  check("dtraced_dx", d, fd(eval, p, N + 1, 0), TOL_D);
  double v[N + 1] = {0.0, 1.0, 2.0, -1.0, 0.5};
  memcpy(dw, v + 1, sizeof dw);
  double dv = __enzyme_fwddiff((void *)traced, p[0], 0.0, p + 1, dw, N);
  check("dtraced_dw_dir", dv, fd_dir(eval, p, v, N + 1), TOL_D);
  return 0;
}

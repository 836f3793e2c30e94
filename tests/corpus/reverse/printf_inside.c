/* reverse/printf_inside.c - reverse mode of a function that calls printf
 * (inactive, with active values as arguments) and bumps a global int
 * counter: the gradient call must still print and run the primal side
 * effect exactly once.  Runner ignores non-CHECK lines. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_autodiff(void *, ...);

#include "kernels/printf_inside.h"

#define N 4
static double eval(const double *p) { return traced(p[0], p + 1, N); }

int main(void) {
  double p[N + 1] = {0.6, 1.0, -0.5, 0.25, 2.0};
  double dw[N] = {0};
  int before = ncalls;
  double dx = __enzyme_autodiff((void *)traced, p[0], p + 1, dw, N);
  int after = ncalls;
  check("calls_per_gradient", (double)(after - before), 1.0, 0.0);
  check("dtraced_dx", dx, fd(eval, p, N + 1, 0), TOL_D);
  for (int i = 0; i < N; i++)
    checki("dtraced_dw", i, dw[i], fd(eval, p, N + 1, i + 1), TOL_D);
  return 0;
}

/* reverse/two_outs.c - reverse mode with two active scalars: the call is
 * declared returning struct { double dx, dy; } (an LLVM { double, double })
 * and yields {d/dx, d/dy}; also with a const int between the two actives. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

typedef struct {
  double dx, dy;
} d2;

extern d2 __enzyme_autodiff2(void *, ...);

double f(double x, double y) { return x * x * y + sin(x - y) * exp(0.3 * y); }
double g(double x, int n, double y) {
  double s = 0.0;
  for (int i = 1; i <= n; i++)
    s += pow(x, 1.0 / i) * y / i;
  return s;
}

static double eval_f(const double *p) { return f(p[0], p[1]); }
static double eval_g(const double *p) { return g(p[0], 4, p[1]); }

int main(void) {
  const double pts[3][2] = {{0.5, 1.5}, {-1.2, 0.4}, {2.0, -0.7}};
  for (int k = 0; k < 3; k++) {
    double p[2] = {pts[k][0], pts[k][1]};
    d2 r = __enzyme_autodiff2((void *)f, p[0], p[1]);
    checki("df_dx", k, r.dx, fd(eval_f, p, 2, 0), TOL_D);
    checki("df_dy", k, r.dy, fd(eval_f, p, 2, 1), TOL_D);
  }
  double p[2] = {1.7, 0.9};
  d2 r = __enzyme_autodiff2((void *)g, p[0], 4, p[1]);
  check("dg_dx", r.dx, fd(eval_g, p, 2, 0), TOL_D);
  check("dg_dy", r.dy, fd(eval_g, p, 2, 1), TOL_D);
  return 0;
}

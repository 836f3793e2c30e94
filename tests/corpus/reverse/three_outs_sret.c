/* reverse/three_outs_sret.c - reverse mode with three and four active
 * scalars: the derivative struct (3 or 4 doubles) is too big for registers,
 * so clang passes it through an sret pointer on the __enzyme_autodiff call. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

typedef struct {
  double dx, dy, dz;
} d3;
typedef struct {
  double d[4];
} d4;

extern d3 __enzyme_autodiff3(void *, ...);
extern d4 __enzyme_autodiff4(void *, ...);

double f3(double x, double y, double z) { return x * y * z + log(1.0 + x * x) * cos(z) - y / z; }
double f4(double a, double b, double c, double d) {
  return a * exp(b) - c * c * d + sin(a * d) + b * c;
}

static double eval3(const double *p) { return f3(p[0], p[1], p[2]); }
static double eval4(const double *p) { return f4(p[0], p[1], p[2], p[3]); }

int main(void) {
  double p[3] = {0.9, -1.4, 2.2};
  d3 r = __enzyme_autodiff3((void *)f3, p[0], p[1], p[2]);
  check("df3_dx", r.dx, fd(eval3, p, 3, 0), TOL_D);
  check("df3_dy", r.dy, fd(eval3, p, 3, 1), TOL_D);
  check("df3_dz", r.dz, fd(eval3, p, 3, 2), TOL_D);
  double q[4] = {0.3, 0.8, -1.1, 1.6};
  d4 s = __enzyme_autodiff4((void *)f4, q[0], q[1], q[2], q[3]);
  for (int i = 0; i < 4; i++)
    checki("df4", i, s.d[i], fd(eval4, q, 4, i), TOL_D);
  return 0;
}

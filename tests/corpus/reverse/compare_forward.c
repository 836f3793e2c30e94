/* reverse/compare_forward.c - reverse mode checked against forward mode on
 * the same scalar function: the reverse gradient (struct of 3 derivatives,
 * sret) must equal the three forward-mode tangents, and the dot product
 * with a direction must equal the forward directional derivative. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

typedef struct {
  double dx, dy, dz;
} d3;

extern d3 __enzyme_autodiff3(void *, ...);
extern double __enzyme_fwddiff(void *, ...);

double f(double x, double y, double z) {
  double s = x;
  for (int i = 0; i < 5; i++)
    s = s * cos(y) + z * sin(s) + 0.1 * x * y;
  return s * exp(-0.2 * z * z);
}

static double eval(const double *p) { return f(p[0], p[1], p[2]); }

int main(void) {
  double p[3] = {0.8, 0.4, -1.1};
  d3 g = __enzyme_autodiff3((void *)f, p[0], p[1], p[2]);
  double tx = __enzyme_fwddiff((void *)f, p[0], 1.0, p[1], 0.0, p[2], 0.0);
  double ty = __enzyme_fwddiff((void *)f, p[0], 0.0, p[1], 1.0, p[2], 0.0);
  double tz = __enzyme_fwddiff((void *)f, p[0], 0.0, p[1], 0.0, p[2], 1.0);
  check("rev_vs_fwd_x", g.dx, tx, 1e-10);
  check("rev_vs_fwd_y", g.dy, ty, 1e-10);
  check("rev_vs_fwd_z", g.dz, tz, 1e-10);
  check("rev_vs_fd_x", g.dx, fd(eval, p, 3, 0), TOL_D);
  check("rev_vs_fd_y", g.dy, fd(eval, p, 3, 1), TOL_D);
  check("rev_vs_fd_z", g.dz, fd(eval, p, 3, 2), TOL_D);
  double v[3] = {0.3, -1.0, 2.0};
  double tv = __enzyme_fwddiff((void *)f, p[0], v[0], p[1], v[1], p[2], v[2]);
  check("grad_dot_v_vs_fwd", g.dx * v[0] + g.dy * v[1] + g.dz * v[2], tv, 1e-10);
  return 0;
}

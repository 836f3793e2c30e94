/* reverse/branches.c - reverse mode through if/else on active values (the
 * reverse sweep must remember which branch ran), at points in each branch
 * combination away from the branch boundaries. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

typedef struct {
  double dx, dy;
} d2;
extern d2 __enzyme_autodiff2(void *, ...);
extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/branches.h"

/* per-element branch on array data */
double clipped(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    double v = x[i];
    if (v > 1.0)
      s += log(v) + 1.0;
    else if (v < -1.0)
      s -= v * v;
    else
      s += v;
  }
  return s * s;
}

static double eval_br(const double *p) { return br(p[0], p[1]); }
#define N 6
static double eval_clip(const double *p) { return clipped(p, N); }

int main(void) {
  const double pts[4][2] = {{1.5, 0.5}, {0.2, 1.0}, {2.5, 1.0}, {-1.0, 2.5}};
  for (int k = 0; k < 4; k++) {
    double p[2] = {pts[k][0], pts[k][1]};
    d2 r = __enzyme_autodiff2((void *)br, p[0], p[1]);
    checki("dbr_dx", k, r.dx, fd(eval_br, p, 2, 0), TOL_D);
    checki("dbr_dy", k, r.dy, fd(eval_br, p, 2, 1), TOL_D);
  }
  double x[N] = {2.5, -0.3, -1.7, 0.6, 1.4, -2.2}, dx[N];
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)clipped, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("dclip", i, dx[i], fd(eval_clip, x, N, i), TOL_D);
  return 0;
}

/* reverse/early_return.c - reverse mode of functions with early returns
 * (from inside a loop and from guards), taking each exit path. */
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

#include "kernels/early_return.h"

#define N 6
static double eval_fn(const double *p) { return first_neg(p, N); }
static double eval_guard(const double *p) { return guard(p[0], p[1]); }

int main(void) {
  double x[N] = {0.5, 1.2, 0.8, -0.6, 2.0, 0.3}, dx[N];
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1)
      x[3] = 0.6; /* no negative entry: full loop */
    memset(dx, 0, sizeof dx);
    __enzyme_autodiff_void((void *)first_neg, x, dx, N);
    for (int i = 0; i < N; i++)
      checkij("dfirst_neg", pass, i, dx[i], fd(eval_fn, x, N, i), TOL_D);
  }
  const double pts[3][2] = {{0.5, 3.0}, {-0.5, 1.0}, {0.5, 1.0}};
  for (int k = 0; k < 3; k++) {
    double p[2] = {pts[k][0], pts[k][1]};
    d2 r = __enzyme_autodiff2((void *)guard, p[0], p[1]);
    checki("dguard_dx", k, r.dx, fd(eval_guard, p, 2, 0), TOL_D);
    checki("dguard_dy", k, r.dy, fd(eval_guard, p, 2, 1), TOL_D);
  }
  return 0;
}

/* reverse/dupnoneed.c - reverse mode with enzyme_dupnoneed on an output
 * pointer (primal result not needed, shadow seeded with the output adjoint)
 * for a void function, and on a scratch output of a double function. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_dup;
extern int enzyme_dupnoneed;
extern int enzyme_const;
extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/dupnoneed.h"

#define N 6
static const double W[N] = {1.0, -0.5, 0.25, 2.0, -1.5, 0.75};
static double eval_w(const double *p) {
  double y[N], s = 0.0;
  smooth(p, y, N);
  for (int i = 0; i < N; i++)
    s += W[i] * y[i];
  return s;
}
static double eval_sum(const double *p) {
  double y[N];
  return smooth_sum(p, y, N);
}

int main(void) {
  double x[N], dx[N], y[N], dy[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.4 * i - 1.0;
  memset(dx, 0, sizeof dx);
  memcpy(dy, W, sizeof dy);
  __enzyme_autodiff_void((void *)smooth, enzyme_dup, x, dx, enzyme_dupnoneed, y,
                         dy, enzyme_const, N);
  for (int i = 0; i < N; i++)
    checki("JTw", i, dx[i], fd(eval_w, x, N, i), TOL_D);

  memset(dx, 0, sizeof dx);
  memset(dy, 0, sizeof dy);
  __enzyme_autodiff_void((void *)smooth_sum, enzyme_dup, x, dx,
                         enzyme_dupnoneed, y, dy, N);
  for (int i = 0; i < N; i++)
    checki("dsum", i, dx[i], fd(eval_sum, x, N, i), TOL_D);
  return 0;
}

/* forward/dupnoneed.c - forward mode with enzyme_dupnoneed on an output
 * pointer (its primal result is not needed; only the shadow is checked),
 * for a void function and for a function that also returns a value. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_dup;
extern int enzyme_dupnoneed;
extern int enzyme_const;
extern void __enzyme_fwddiff_void(void *, ...);
extern double __enzyme_fwddiff(void *, ...);

#include "kernels/dupnoneed.h"

#define N 6
static void eval_vec(const double *p, double *out) { smooth(p, out, N); }
static double eval_sum(const double *p) {
  double y[N];
  return smooth_sum(p, y, N);
}

int main(void) {
  double x[N], dx[N], v[N], y[N], dy[N], jv[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.4 * i - 1.0;
    v[i] = cos(1.1 * i);
  }
  memcpy(dx, v, sizeof dx);
  memset(dy, 0, sizeof dy);
  __enzyme_fwddiff_void((void *)smooth, enzyme_dup, x, dx, enzyme_dupnoneed, y,
                        dy, enzyme_const, N);
  fd_jvp(eval_vec, x, v, N, N, jv);
  for (int i = 0; i < N; i++)
    checki("dy", i, dy[i], jv[i], TOL_D);

  memcpy(dx, v, sizeof dx);
  memset(dy, 0, sizeof dy);
  double d = __enzyme_fwddiff((void *)smooth_sum, enzyme_dup, x, dx,
                              enzyme_dupnoneed, y, dy, N);
  check("dsum_dir", d, fd_dir(eval_sum, x, v, N), TOL_D);
  for (int i = 0; i < N; i++)
    checki("dy_sum", i, dy[i], jv[i], TOL_D);
  return 0;
}

/* reverse/compare_forward_array.c - reverse vs forward mode on array
 * functions: for a scalar function of an array, <grad, v> from the reverse
 * shadow equals the forward tangent along v; for a vector function, the
 * adjoint identity <w, J v> (forward) = <J^T w, v> (reverse). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);
extern void __enzyme_fwddiff_void(void *, ...);
extern void __enzyme_autodiff_void(void *, ...);

double energy(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i + 1 < n; i++) {
    double d = x[i + 1] - x[i];
    s += d * d * d * d - cos(x[i]) * d;
  }
  return s;
}

void mapfn(const double *x, double *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] * exp(-x[(i + 1) % n]) + sqrt(1.0 + x[i] * x[i]);
}

#define N 7
static double eval(const double *p) { return energy(p, N); }

int main(void) {
  double x[N], v[N], w[N], g[N], dx[N], y[N], dy[N];
  for (int i = 0; i < N; i++) {
    x[i] = sin(0.9 * i) + 0.05 * i;
    v[i] = cos(1.7 * i);
    w[i] = 0.5 - 0.2 * i;
  }
  memset(g, 0, sizeof g);
  __enzyme_autodiff_void((void *)energy, x, g, N);
  memcpy(dx, v, sizeof dx);
  double tv = __enzyme_fwddiff((void *)energy, x, dx, N);
  double gv = 0.0;
  for (int i = 0; i < N; i++)
    gv += g[i] * v[i];
  check("grad_dot_v_vs_fwd", gv, tv, 1e-10);
  check("fwd_vs_fd", tv, fd_dir(eval, x, v, N), TOL_D);

  /* forward: dy = J v */
  memcpy(dx, v, sizeof dx);
  memset(dy, 0, sizeof dy);
  __enzyme_fwddiff_void((void *)mapfn, x, dx, y, dy, N);
  double wJv = 0.0;
  for (int i = 0; i < N; i++)
    wJv += w[i] * dy[i];
  /* reverse: dx = J^T w */
  memset(dx, 0, sizeof dx);
  memcpy(dy, w, sizeof dy);
  __enzyme_autodiff_void((void *)mapfn, x, dx, y, dy, N);
  double JTwv = 0.0;
  for (int i = 0; i < N; i++)
    JTwv += dx[i] * v[i];
  check("adjoint_identity", JTwv, wJv, 1e-10);
  return 0;
}

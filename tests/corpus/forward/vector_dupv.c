/* forward/vector_dupv.c - vector forward mode with enzyme_dupv: the 3
 * tangent directions of a pointer argument live in ONE buffer, lane v at
 * base + v*stride bytes (here stride = N doubles: a row-major N x 3 seed
 * matrix stored direction by direction).  Each lane is checked against a
 * directional finite difference and against a scalar forward run. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_width, enzyme_dupv, enzyme_const, enzyme_dup;

typedef struct {
  double d[3];
} vec3;

extern vec3 __enzyme_fwddiff3(void *, ...);
extern double __enzyme_fwddiff(void *, ...);

double energy(const double *x, int n) {
  double e = 0.0;
  for (int i = 0; i + 1 < n; i++) {
    double d = x[i + 1] - x[i];
    e += d * d * d * d + cos(x[i]) * x[i + 1];
  }
  return e;
}

#define N 6
static double eval(const double *p) { return energy(p, N); }

int main(void) {
  double x[N], seeds[3 * N];
  for (int i = 0; i < N; i++)
    x[i] = 0.3 * i - 0.4 + 0.05 * i * i;
  for (int v = 0; v < 3; v++)
    for (int i = 0; i < N; i++)
      seeds[v * N + i] = (v == 0) ? (i == 2) : (v == 1) ? 0.1 * i : cos(1.0 + i + v);
  vec3 t = __enzyme_fwddiff3((void *)energy, enzyme_width, 3, enzyme_dupv,
                             (long)(sizeof(double) * N), x, seeds, enzyme_const, N);
  for (int v = 0; v < 3; v++) {
    checki("dupv_vs_fd", v, t.d[v], fd_dir(eval, x, seeds + v * N, N), TOL_D);
    double scalar = __enzyme_fwddiff((void *)energy, enzyme_dup, x, seeds + v * N,
                                     enzyme_const, N);
    checki("dupv_vs_scalar", v, t.d[v], scalar, 1e-12);
  }
  return 0;
}

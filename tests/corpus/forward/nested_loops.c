/* forward/nested_loops.c - forward mode through nested loops: a quadratic
 * form x^T A x + b.x with a runtime size (A passed with enzyme_const) and a
 * triangular loop nest whose inner bound depends on the outer index. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_const;
extern int enzyme_dup;
extern double __enzyme_fwddiff(void *, ...);

#include "kernels/nested_loops.h"

#define N 5
static double A[N * N];
static double B[N];
static double eval_quad(const double *p) { return quad(A, p, B, N); }
static double eval_tri(const double *p) { return tri(p, N); }

int main(void) {
  double x[N], dx[N], v[N], db[N];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      A[i * N + j] = sin(1.0 + i * 3 + j) + (i == j ? 2.0 : 0.0);
    B[i] = 0.1 * i - 0.2;
    x[i] = cos(0.9 * i) + 0.1;
    v[i] = 0.5 - 0.25 * i;
  }
  memcpy(dx, v, sizeof dx);
  memset(db, 0, sizeof db);
  double d = __enzyme_fwddiff((void *)quad, enzyme_const, A, enzyme_dup, x, dx,
                              enzyme_dup, B, db, N);
  check("dquad_dir", d, fd_dir(eval_quad, x, v, N), TOL_D);
  /* analytic: v^T (A + A^T) x + b.v */
  double ex = 0.0;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      ex += v[i] * (A[i * N + j] + A[j * N + i]) * x[j];
    ex += B[i] * v[i];
  }
  check("dquad_exact", d, ex, 1e-10);
  for (int i = 0; i < N; i++) {
    memset(dx, 0, sizeof dx);
    dx[i] = 1.0;
    double di = __enzyme_fwddiff((void *)tri, x, dx, N);
    checki("dtri", i, di, fd(eval_tri, x, N, i), TOL_D);
  }
  return 0;
}

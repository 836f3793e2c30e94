/* reverse/nested_loops.c - reverse mode through nested loops: x^T A x + b.x
 * with a runtime size (A enzyme_const, b and x duplicated) and a triangular
 * nest whose inner bound depends on the outer index. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_const;
extern int enzyme_dup;
extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/nested_loops.h"

#define N 5
static double A[N * N], B[N];
static double eval_tri(const double *p) { return tri(p, N); }

int main(void) {
  double x[N], dx[N], db[N];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      A[i * N + j] = sin(1.0 + i * 3 + j) + (i == j ? 2.0 : 0.0);
    B[i] = 0.1 * i - 0.2;
    x[i] = cos(0.9 * i) + 0.1;
  }
  memset(dx, 0, sizeof dx);
  memset(db, 0, sizeof db);
  __enzyme_autodiff_void((void *)quad, enzyme_const, A, enzyme_dup, x, dx,
                         enzyme_dup, B, db, N);
  for (int i = 0; i < N; i++) {
    double g = B[i];
    for (int j = 0; j < N; j++)
      g += (A[i * N + j] + A[j * N + i]) * x[j];
    checki("dquad_dx", i, dx[i], g, 1e-10);
    checki("dquad_db", i, db[i], x[i], 1e-12);
  }
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)tri, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("dtri", i, dx[i], fd(eval_tri, x, N, i), TOL_D);
  return 0;
}

/* reverse/const_ptr.c - reverse mode with enzyme_const on pointer args
 * (inactive input data: no shadow passed) next to duplicated pointers and an
 * active scalar; the const array's contents must not be modified. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_const;
extern int enzyme_dup;
extern int enzyme_out;
extern double __enzyme_autodiff(void *, ...);
extern void __enzyme_autodiff_void(void *, ...);

/* least-squares residual of a linear model with a scale */
double resid(const double *A, const double *theta, const double *b, double s,
             int m, int n) {
  double r2 = 0.0;
  for (int i = 0; i < m; i++) {
    double r = -b[i];
    for (int j = 0; j < n; j++)
      r += A[i * n + j] * theta[j];
    r2 += r * r;
  }
  return s * s * r2 + log(1.0 + s * s);
}

#define M 4
#define NT 3
static double A[M * NT], B[M];
static double eval(const double *p) { return resid(A, p, B, p[NT], M, NT); }
static double TH[NT];
static double eval_b(const double *p) { return resid(A, TH, p, 0.7, M, NT); }

int main(void) {
  double p[NT + 1], dth[NT];
  for (int i = 0; i < M * NT; i++)
    A[i] = cos(0.7 * i + 0.1);
  for (int i = 0; i < M; i++)
    B[i] = 0.3 * i - 0.4;
  for (int j = 0; j < NT; j++)
    p[j] = TH[j] = 0.5 - 0.4 * j;
  p[NT] = 0.7;
  double A0 = A[5], B0 = B[2];
  memset(dth, 0, sizeof dth);
  double ds = __enzyme_autodiff((void *)resid, enzyme_const, A, enzyme_dup, p,
                                dth, enzyme_const, B, enzyme_out, p[NT], M, NT);
  check("dresid_ds", ds, fd(eval, p, NT + 1, NT), TOL_D);
  for (int j = 0; j < NT; j++)
    checki("dresid_dtheta", j, dth[j], fd(eval, p, NT + 1, j), TOL_D);
  check("const_A_unchanged", A[5], A0, 0.0);

  /* gradient w.r.t. b only: A and theta const, s const -> void return */
  double db[M];
  memset(db, 0, sizeof db);
  __enzyme_autodiff_void((void *)resid, enzyme_const, A, enzyme_const, TH,
                         enzyme_dup, B, db, enzyme_const, 0.7, M, NT);
  for (int i = 0; i < M; i++)
    checki("dresid_db", i, db[i], fd(eval_b, B, M, i), TOL_D);
  check("const_B_unchanged", B[2], B0, 0.0);
  return 0;
}

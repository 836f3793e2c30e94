/* forward/hvp.c - forward-over-reverse Hessian-vector product: grad() calls
 * __enzyme_autodiff on an objective, and hvp() applies __enzyme_fwddiff to
 * grad() with the direction as the tangent of x and a zeroed tangent array
 * for the gradient buffer; compared with FD of the hand-written gradient. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_dup;
extern int enzyme_const;
extern void __enzyme_autodiff_void(void *, ...);
extern void __enzyme_fwddiff_void(void *, ...);

/* f(x) = sum_{i<n-1} exp(0.3 x_i) x_{i+1}^2 + sum_i sin(x_i) */
double obj(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i + 1 < n; i++)
    s += exp(0.3 * x[i]) * x[i + 1] * x[i + 1];
  for (int i = 0; i < n; i++)
    s += sin(x[i]);
  return s;
}

void grad(const double *x, double *dx, int n) {
  __enzyme_autodiff_void((void *)obj, enzyme_dup, x, dx, enzyme_const, n);
}

void hvp(const double *x, const double *v, double *dx, double *hv, int n) {
  __enzyme_fwddiff_void((void *)grad, enzyme_dup, x, v, enzyme_dup, dx, hv,
                        enzyme_const, n);
}

#define N 6
static void grad_ref(const double *x, double *g) {
  for (int j = 0; j < N; j++) {
    double s = cos(x[j]);
    if (j + 1 < N)
      s += 0.3 * exp(0.3 * x[j]) * x[j + 1] * x[j + 1];
    if (j >= 1)
      s += 2.0 * exp(0.3 * x[j - 1]) * x[j];
    g[j] = s;
  }
}
static double eval(const double *p) { return obj(p, N); }

int main(void) {
  double x[N], v[N], dx[N], hv[N], g[N], ref[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 * sin(1.0 + i) + 0.2;
    v[i] = 1.0 - 0.3 * i;
  }
  /* the hand-written gradient is itself validated against FD */
  grad_ref(x, g);
  for (int i = 0; i < N; i += 2)
    checki("grad_ref_vs_fd", i, g[i], fd(eval, x, N, i), TOL_D);

  memset(dx, 0, sizeof dx);
  memset(hv, 0, sizeof hv);
  hvp(x, v, dx, hv, N);
  fd_jvp(grad_ref, x, v, N, N, ref);
  for (int i = 0; i < N; i++) {
    checki("hv", i, hv[i], ref[i], TOL_D);
    checki("grad", i, dx[i], g[i], 1e-10);
  }
  /* plain gradient through the wrapper */
  memset(dx, 0, sizeof dx);
  grad(x, dx, N);
  for (int i = 0; i < N; i += 2)
    checki("grad_direct", i, dx[i], g[i], 1e-10);
  return 0;
}

/* reverse/calloc.c - reverse mode of functions using calloc'd (zeroed)
 * accumulators inside the differentiated function: a binned accumulation
 * and a calloc'd matrix filled and reduced. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_autodiff_void(void *, ...);

double binned(const double *x, int n) {
  double *c = (double *)calloc(3, sizeof(double));
  for (int i = 0; i < n; i++)
    c[i % 3] += x[i] * sin(x[i]);
  double s = c[0] * c[1] + c[2] * c[2];
  free(c);
  return s;
}

double outer(const double *x, int n) {
  double *m = (double *)calloc((size_t)n * n, sizeof(double));
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      m[i * n + j] = x[i] * x[j];
  double s = 0.0;
  for (int k = 0; k < n * n; k++)
    s += m[k] * m[k] + (k % n == 0 ? m[k] : 0.0);
  free(m);
  return sqrt(s);
}

#define N 7
static double eval_b(const double *p) { return binned(p, N); }
static double eval_o(const double *p) { return outer(p, N); }

int main(void) {
  double x[N], dx[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.3 * i - 0.8;
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)binned, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("dbinned", i, dx[i], fd(eval_b, x, N, i), TOL_D);
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)outer, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("douter", i, dx[i], fd(eval_o, x, N, i), TOL_D);
  return 0;
}

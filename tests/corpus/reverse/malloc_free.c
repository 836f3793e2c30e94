/* reverse/malloc_free.c - reverse mode of a function that mallocs a buffer
 * of active temporaries, reads them in a later loop and frees the buffer
 * before returning (the reverse sweep needs the values after the free), and
 * of one that allocates a buffer per iteration. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/malloc_free.h"

double per_iter(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    double *b = (double *)malloc(sizeof(double) * 2);
    b[0] = sin(x[i]);
    b[1] = b[0] * x[(i + 1) % n];
    s += b[0] * b[1];
    free(b);
  }
  return s;
}

#define N 7
static double eval_m(const double *p) { return with_malloc(p, N); }
static double eval_p(const double *p) { return per_iter(p, N); }

int main(void) {
  double x[N], dx[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.3 * i - 0.8;
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)with_malloc, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("dmalloc", i, dx[i], fd(eval_m, x, N, i), TOL_D);
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)per_iter, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("dper_iter", i, dx[i], fd(eval_p, x, N, i), TOL_D);
  return 0;
}

/* forward/malloc_free.c - forward mode of functions that malloc a temporary
 * buffer of active values (and free it), and calloc a zeroed accumulator,
 * inside the differentiated function. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/malloc_free.h"

double with_calloc(const double *x, int n) {
  double *c = (double *)calloc(3, sizeof(double));
  for (int i = 0; i < n; i++)
    c[i % 3] += x[i] * sin(x[i]);
  double s = c[0] * c[1] + c[2] * c[2];
  free(c);
  return s;
}

#define N 7
static double eval_m(const double *p) { return with_malloc(p, N); }
static double eval_c(const double *p) { return with_calloc(p, N); }

int main(void) {
  double x[N], dx[N], v[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.3 * i - 0.8;
    v[i] = 1.0 / (1.0 + i);
  }
  memcpy(dx, v, sizeof dx);
  double dm = __enzyme_fwddiff((void *)with_malloc, x, dx, N);
  check("dmalloc_dir", dm, fd_dir(eval_m, x, v, N), TOL_D);
  memcpy(dx, v, sizeof dx);
  double dc = __enzyme_fwddiff((void *)with_calloc, x, dx, N);
  check("dcalloc_dir", dc, fd_dir(eval_c, x, v, N), TOL_D);
  for (int i = 0; i < N; i += 2) {
    memset(dx, 0, sizeof dx);
    dx[i] = 1.0;
    checki("dmalloc", i, __enzyme_fwddiff((void *)with_malloc, x, dx, N),
           fd(eval_m, x, N, i), TOL_D);
    checki("dcalloc", i, __enzyme_fwddiff((void *)with_calloc, x, dx, N),
           fd(eval_c, x, N, i), TOL_D);
  }
  return 0;
}

/* reverse/memcpy.c - reverse mode through memcpy of double arrays (into a
 * stack buffer, twice into a heap buffer) and memmove: the adjoint of the
 * copy must flow back into the source shadow. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/memcpy.h"

/* copy into an output array: its shadow seed flows back to x */
void copy_out(const double *x, double *y, int n) {
  memcpy(y, x, sizeof(double) * n);
  for (int i = 0; i < n; i++)
    y[i] *= y[i];
}

#define N 6
static double eval_s(const double *p) { return copy_stack(p, N); }
static double eval_h(const double *p) { return copy_heap(p, N); }

int main(void) {
  double x[N], dx[N], y[N], dy[N];
  for (int i = 0; i < N; i++)
    x[i] = 1.0 - 0.35 * i;
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)copy_stack, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("dstack", i, dx[i], fd(eval_s, x, N, i), TOL_D);
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)copy_heap, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("dheap", i, dx[i], fd(eval_h, x, N, i), TOL_D);
  memset(dx, 0, sizeof dx);
  for (int i = 0; i < N; i++)
    dy[i] = 1.0 + i;
  __enzyme_autodiff_void((void *)copy_out, x, dx, y, dy, N);
  for (int i = 0; i < N; i++)
    checki("dcopy_out", i, dx[i], 2.0 * x[i] * (1.0 + i), 1e-12);
  return 0;
}

/* forward/memcpy.c - forward mode through memcpy of double arrays: into a
 * stack buffer, into a malloc'd buffer, and memmove within a buffer; the
 * copies carry tangents. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/memcpy.h"

#define N 6
static double eval_s(const double *p) { return copy_stack(p, N); }
static double eval_h(const double *p) { return copy_heap(p, N); }

int main(void) {
  double x[N], dx[N], v[N];
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 - 0.35 * i;
    v[i] = 0.2 * i + 0.1;
  }
  memcpy(dx, v, sizeof dx);
  check("dstack_dir", __enzyme_fwddiff((void *)copy_stack, x, dx, N),
        fd_dir(eval_s, x, v, N), TOL_D);
  memcpy(dx, v, sizeof dx);
  check("dheap_dir", __enzyme_fwddiff((void *)copy_heap, x, dx, N),
        fd_dir(eval_h, x, v, N), TOL_D);
  for (int i = 0; i < N; i += 2) {
    memset(dx, 0, sizeof dx);
    dx[i] = 1.0;
    checki("dstack", i, __enzyme_fwddiff((void *)copy_stack, x, dx, N),
           fd(eval_s, x, N, i), TOL_D);
    checki("dheap", i, __enzyme_fwddiff((void *)copy_heap, x, dx, N),
           fd(eval_h, x, N, i), TOL_D);
  }
  return 0;
}

/* forward/helper_ptr.c - forward mode of a function that calls helpers with
 * pointer arguments (an accumulate-into-buffer helper kept out of line with
 * noinline, a read-only norm helper, a helper writing a result through a
 * pointer to a stack variable). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/helper_ptr.h"

#define N 4
static double eval(const double *p) { return f(p, p + N, N); }

int main(void) {
  double p[2 * N], v[2 * N], dx[N], dy[N];
  for (int i = 0; i < 2 * N; i++) {
    p[i] = 0.5 + 0.2 * i - 0.05 * i * i;
    v[i] = (i % 3) - 1.0 + 0.25 * i;
  }
  memcpy(dx, v, sizeof dx);
  memcpy(dy, v + N, sizeof dy);
  double d = __enzyme_fwddiff((void *)f, p, dx, p + N, dy, N);
  check("df_dir", d, fd_dir(eval, p, v, 2 * N), TOL_D);
  for (int i = 0; i < 2 * N; i += 3) {
    memset(dx, 0, sizeof dx);
    memset(dy, 0, sizeof dy);
    if (i < N)
      dx[i] = 1.0;
    else
      dy[i - N] = 1.0;
    double di = __enzyme_fwddiff((void *)f, p, dx, p + N, dy, N);
    checki("df", i, di, fd(eval, p, 2 * N, i), TOL_D);
  }
  return 0;
}

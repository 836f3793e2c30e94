/* reverse/helper_ptr.c - reverse mode of a function calling helpers with
 * pointer arguments: an out-of-line accumulate-into-buffer helper writing a
 * stack array, a read-only norm helper, and a helper returning its result
 * through a pointer to a local. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/helper_ptr.h"

#define N 4
static double eval(const double *p) { return f(p, p + N, N); }

int main(void) {
  double p[2 * N], dp[2 * N];
  for (int i = 0; i < 2 * N; i++)
    p[i] = 0.5 + 0.2 * i - 0.05 * i * i;
  memset(dp, 0, sizeof dp);
  __enzyme_autodiff_void((void *)f, p, dp, p + N, dp + N, N);
  for (int i = 0; i < 2 * N; i++)
    checki("df", i, dp[i], fd(eval, p, 2 * N, i), TOL_D);
  return 0;
}

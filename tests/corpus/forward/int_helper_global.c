/* forward/int_helper_global.c - forward mode of a function using inactive
 * pieces: an integer-only helper (index permutation, kept out of line), an
 * integer bit-count helper, and global constant coefficient tables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

const double coef[8] = {0.5, -1.25, 2.0, 0.75, -0.3, 1.1, 0.9, -2.2};
static const double table2[4] = {1.0, 0.5, 0.25, 0.125};

#include "kernels/perm_bits.h"

double f(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    int j = perm(i, n);
    s += coef[i % 8] * x[j] * x[i] + table2[bits((unsigned)i) % 4] * sin(x[i]);
  }
  return s;
}

#define N 9
static double eval(const double *p) { return f(p, N); }

int main(void) {
  double x[N], dx[N], v[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.25 * i - 1.0;
    v[i] = 1.0 - 0.15 * i;
  }
  memcpy(dx, v, sizeof dx);
  check("df_dir", __enzyme_fwddiff((void *)f, x, dx, N), fd_dir(eval, x, v, N),
        TOL_D);
  for (int i = 0; i < N; i += 2) {
    memset(dx, 0, sizeof dx);
    dx[i] = 1.0;
    checki("df", i, __enzyme_fwddiff((void *)f, x, dx, N), fd(eval, x, N, i),
           TOL_D);
  }
  return 0;
}
